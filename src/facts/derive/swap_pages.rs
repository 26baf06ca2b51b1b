//! `swap.in_kib_per_s` and `swap.out_kib_per_s` from swap traffic counted in pages
//! (`sar -W`, sadf, `/proc/vmstat` rates): vmstat's `si`/`so` are KiB, and the swapping
//! rule reads them, so a capture without vmstat still answers it. Pages are
//! `os.page_size_kib` when captured, else 4 KiB (as for the refault rate); where vmstat
//! was captured its own figures stand.

use super::{Facts, Unit, Value, fact};

const PAIRS: [(&str, &str); 2] = [
    ("swap.in_pages_per_s", "swap.in_kib_per_s"),
    ("swap.out_pages_per_s", "swap.out_kib_per_s"),
];

pub fn derive(facts: &mut Facts) {
    let page_kib = facts.number("os.page_size_kib").unwrap_or(4.0);
    for (pages, kib) in PAIRS {
        if facts.contains(kib) {
            continue;
        }
        let Some(source) = facts.get(pages) else {
            continue;
        };
        let Value::Series(series) = &source.value else {
            continue;
        };
        let mut scaled = series.clone();
        scaled.avg *= page_kib;
        scaled.min *= page_kib;
        scaled.max *= page_kib;
        scaled.p95 *= page_kib;
        scaled.points.iter_mut().for_each(|p| *p *= page_kib);
        let derived = fact(
            kib,
            Value::Series(scaled),
            Unit::KilobytesPerSecond,
            source.provenance.clone(),
        );
        facts.derive(derived);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::{Provenance, SeriesBuilder};

    fn pages(facts: &mut Facts, key: &str, values: &[f64]) {
        let provenance = Provenance {
            file: "sar.txt".into(),
            line: 176,
            line_end: 178,
            tool: "sar".into(),
        };
        let series = SeriesBuilder::from_values(values).finish(Some(1.0));
        facts.insert(fact(
            key,
            Value::Series(series),
            Unit::PerSecond,
            provenance,
        ));
    }

    #[test]
    fn pages_become_kib_at_the_captured_page_size() {
        let mut facts = Facts::default();
        pages(&mut facts, "swap.in_pages_per_s", &[100.0, 300.0]);
        pages(&mut facts, "swap.out_pages_per_s", &[10.0, 10.0]);
        derive(&mut facts);
        let swap_in = facts.series("swap.in_kib_per_s").unwrap();
        assert_eq!((swap_in.avg, swap_in.max), (800.0, 1200.0));
        assert_eq!(facts.get("swap.in_kib_per_s").unwrap().provenance.line, 176);
        let mut facts = Facts::default();
        let provenance = Provenance {
            file: "sysctl.txt".into(),
            line: 3,
            line_end: 3,
            tool: "sysctl".into(),
        };
        facts.insert(fact(
            "os.page_size_kib",
            Value::Number(64.0),
            Unit::Kibibytes,
            provenance,
        ));
        pages(&mut facts, "swap.out_pages_per_s", &[2.0]);
        derive(&mut facts);
        assert_eq!(facts.series("swap.out_kib_per_s").unwrap().avg, 128.0);
        assert!(!facts.contains("swap.in_kib_per_s"));
    }

    #[test]
    fn vmstat_figures_stand() {
        let mut facts = Facts::default();
        pages(&mut facts, "swap.in_kib_per_s", &[5.0]);
        pages(&mut facts, "swap.in_pages_per_s", &[100.0]);
        derive(&mut facts);
        assert_eq!(facts.series("swap.in_kib_per_s").unwrap().avg, 5.0);
    }
}
