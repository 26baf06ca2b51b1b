//! `mem.refault_kib_per_s`, `mem.refault_group` and `mem.refault_share_of_reads_pct`:
//! how fast pages come back from disk right after the kernel evicted them, in the
//! cgroup that re-reads the most (a capture of several groups names the worst; the
//! root group's figures are the host's), and what share of the busiest disk's reads
//! that is. A working set larger than the memory that may hold it shows up as disk
//! reads; this share lets the memory rule name memory as the cause and the storage
//! rules stay quiet about a symptom. Without cgroup files the host's own refaults
//! (/proc/vmstat) stand for the root group. Pages are `os.page_size_kib` when captured,
//! else 4 KiB.

use super::{Facts, Unit, Value, fact, span};

/// The host's refaults per second, from /proc/vmstat snapshots.
const HOST_REFAULTS: &str = "mem.workingset_refaults_per_s";

pub fn derive(facts: &mut Facts) {
    let page_kib = facts.number("os.page_size_kib").unwrap_or(4.0);
    let worst = facts
        .with_prefix("cgroup.")
        .filter(|f| f.key.ends_with(".memory.workingset_refaults_per_s"))
        .filter_map(|f| Some((f, f.value.as_number()?)))
        .filter(|(f, _)| group_of(&f.key).is_some_and(|g| !g.contains('.')))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    // Without cgroup files, the host's own counters (/proc/vmstat over the capture)
    // are the root group's.
    let (group, pages_per_s, provenance) = match worst {
        Some((source, pages_per_s)) => (
            group_of(&source.key).unwrap_or_default().to_string(),
            pages_per_s,
            source.provenance.clone(),
        ),
        None => match (
            facts.series(HOST_REFAULTS),
            facts.get(HOST_REFAULTS).map(|f| f.provenance.clone()),
        ) {
            (Some(series), Some(provenance)) => ("root".to_string(), series.avg, provenance),
            _ => return,
        },
    };
    let rate = pages_per_s * page_kib;
    let disk_reads = facts
        .text("disk.busiest.name")
        .and_then(|disk| facts.get(&format!("disk.{disk}.rkb_per_s")))
        .and_then(|f| Some((f.provenance.clone(), f.value.as_number()?)));
    facts.derive(fact(
        "mem.refault_group",
        Value::Text(group),
        Unit::None,
        provenance.clone(),
    ));
    facts.derive(fact(
        "mem.refault_kib_per_s",
        Value::Number(rate.round()),
        Unit::KilobytesPerSecond,
        provenance.clone(),
    ));
    if let Some((reads_provenance, reads)) = disk_reads.filter(|(_, reads)| *reads > 0.0) {
        let share = (rate / reads * 100.0).min(100.0);
        facts.derive(fact(
            "mem.refault_share_of_reads_pct",
            Value::Number((share * 10.0).round() / 10.0),
            Unit::Percent,
            span(&provenance, &reads_provenance),
        ));
    }
}

/// `db` of `cgroup.db.memory.workingset_refaults_per_s`.
fn group_of(key: &str) -> Option<&str> {
    key.strip_prefix("cgroup.")?
        .strip_suffix(".memory.workingset_refaults_per_s")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::Provenance;

    fn number(key: &str, value: f64, unit: Unit, file: &str, line: u64) -> crate::facts::Fact {
        let provenance = Provenance {
            file: file.into(),
            line,
            line_end: line,
            tool: "test".into(),
        };
        fact(key, Value::Number(value), unit, provenance)
    }

    #[test]
    fn without_cgroup_files_the_hosts_refaults_stand_for_the_root_group() {
        let mut facts = Facts::default();
        let provenance = Provenance {
            file: "proc_vmstat.txt".into(),
            line: 310,
            line_end: 310,
            tool: "proc-vmstat".into(),
        };
        let series = crate::facts::SeriesBuilder::from_values(&[2_000.0]).finish(None);
        facts.insert(fact(
            HOST_REFAULTS,
            Value::Series(series),
            Unit::PerSecond,
            provenance,
        ));
        derive(&mut facts);
        assert_eq!(facts.text("mem.refault_group"), Some("root"));
        assert_eq!(facts.number("mem.refault_kib_per_s"), Some(8_000.0));
        let cited = &facts.get("mem.refault_kib_per_s").unwrap().provenance;
        assert_eq!((cited.file.as_str(), cited.line), ("proc_vmstat.txt", 310));
    }

    #[test]
    fn the_group_that_re_reads_most_against_the_busiest_disks_reads() {
        let mut facts = Facts::default();
        let per_s = Unit::PerSecond;
        facts.insert(number(
            "cgroup.cache.memory.workingset_refaults_per_s",
            10_102.1,
            per_s,
            "cgroup.txt",
            45,
        ));
        facts.insert(number(
            "cgroup.web.memory.workingset_refaults_per_s",
            12.0,
            per_s,
            "cgroup.txt",
            140,
        ));
        let mut busiest = number("disk.busiest.name", 0.0, Unit::None, "iostat.txt", 14);
        busiest.value = Value::Text("vda".into());
        facts.insert(busiest);
        facts.insert(number(
            "disk.vda.rkb_per_s",
            84_538.5,
            Unit::KilobytesPerSecond,
            "iostat.txt",
            14,
        ));
        derive(&mut facts);
        assert_eq!(facts.text("mem.refault_group"), Some("cache"));
        assert_eq!(facts.number("mem.refault_kib_per_s"), Some(40_408.0));
        assert_eq!(facts.number("mem.refault_share_of_reads_pct"), Some(47.8));
        assert_eq!(
            facts.get("mem.refault_kib_per_s").unwrap().provenance.line,
            45
        );
    }

    #[test]
    fn pages_of_64_kib_and_no_disk_figures() {
        let mut facts = Facts::default();
        facts.insert(number(
            "os.page_size_kib",
            64.0,
            Unit::Kibibytes,
            "sysctl.txt",
            3,
        ));
        facts.insert(number(
            "cgroup.root.memory.workingset_refaults_per_s",
            100.0,
            Unit::PerSecond,
            "cgroup.txt",
            9,
        ));
        derive(&mut facts);
        assert_eq!(facts.number("mem.refault_kib_per_s"), Some(6400.0));
        assert!(!facts.contains("mem.refault_share_of_reads_pct"));
    }

    #[test]
    fn nothing_without_a_timed_refault_rate() {
        let mut facts = Facts::default();
        facts.insert(number(
            "cgroup.db.memory.workingset_refaults",
            5000.0,
            Unit::Count,
            "cgroup.txt",
            9,
        ));
        derive(&mut facts);
        assert!(!facts.contains("mem.refault_kib_per_s"));
    }
}
