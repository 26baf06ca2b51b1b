//! `/proc/meminfo`: the kernel's memory inventory at one moment — how much there is,
//! how much is available, swap, and huge pages (case B lists huge pages for VM memory
//! among the untried wins; case E turns transparent huge pages off).
//!
//! ```text
//! MemTotal:       24683584 kB
//! MemFree:        19547672 kB
//! MemAvailable:   22719104 kB
//! …
//! SwapTotal:             0 kB
//! SwapFree:              0 kB
//! …
//! AnonHugePages:         0 kB
//! HugePages_Total:       0
//! HugePages_Free:        0
//! Hugepagesize:       2048 kB
//! ```
//!
//! Facts: `mem.total_kib`, `mem.free_kib`, `mem.available_kib`, `mem.swap_total_kib`,
//! `mem.swap_used_kib` (SwapTotal − SwapFree), `mem.anon_huge_kib` (THP in use),
//! `mem.hugepages_total`, `mem.hugepages_free`, `mem.hugepage_size_kib`. The per-node
//! files under /sys (`Node 0 MemTotal: …`) are a different format and not read here.

use crate::facts::{SeriesBuilder, Unit, Value};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};
use crate::text::number::parse_u64;

pub struct Meminfo;

/// meminfo field → (fact key, unit).
const FIELDS: [(&str, &str, Unit); 8] = [
    ("MemTotal", "mem.total_kib", Unit::Kibibytes),
    ("MemFree", "mem.free_kib", Unit::Kibibytes),
    ("MemAvailable", "mem.available_kib", Unit::Kibibytes),
    ("SwapTotal", "mem.swap_total_kib", Unit::Kibibytes),
    ("AnonHugePages", "mem.anon_huge_kib", Unit::Kibibytes),
    ("HugePages_Total", "mem.hugepages_total", Unit::Count),
    ("HugePages_Free", "mem.hugepages_free", Unit::Count),
    ("Hugepagesize", "mem.hugepage_size_kib", Unit::Kibibytes),
];

/// Free and available memory are also measured per interval (vmstat, sar -r, nmon), so
/// they are series everywhere; a snapshot is a series of one sample, and a fallback.
pub fn snapshot_value(key: &str, value: f64) -> Value {
    if key == "mem.free_kib" || key == "mem.available_kib" {
        Value::Series(SeriesBuilder::from_values(&[value]).finish(None))
    } else {
        Value::Number(value)
    }
}

/// `Key:   12345 kB` → ("Key", 12345); the unit, when present, must be kB.
fn field(text: &str) -> Option<(&str, u64)> {
    let (key, rest) = text.split_once(':')?;
    let mut parts = rest.split_whitespace();
    let value = parse_u64(parts.next()?.as_bytes())?;
    match parts.next() {
        None | Some("kB") => Some((key.trim(), value)),
        Some(_) => None,
    }
}

impl CaptureParser for Meminfo {
    fn tool(&self) -> &'static str {
        "meminfo"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut lines = head.lines().filter(|l| !l.trim().is_empty());
        let first = lines.next()?;
        let second = lines.next()?;
        (first.starts_with("MemTotal:")
            && first.trim_end().ends_with(" kB")
            && second.starts_with("MemFree:"))
        .then_some(95)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut swap_total: Option<(u64, u64)> = None;
        let mut swap_free: Option<(u64, u64)> = None;
        let mut found = 0;
        while let Some(line) = lines.next_line()? {
            let text = String::from_utf8_lossy(line.bytes);
            let n = line.number;
            if line.cut_off {
                sink.warn_cut_off(n);
                break;
            }
            let Some((key, value)) = field(&text) else {
                continue;
            };
            match key {
                "SwapTotal" => swap_total = Some((value, n)),
                "SwapFree" => swap_free = Some((value, n)),
                _ => {}
            }
            if let Some((_, fact, unit)) = FIELDS.iter().find(|(name, _, _)| *name == key) {
                let value = snapshot_value(fact, value as f64);
                // One snapshot stands aside for a tool that samples free memory over
                // the load (vmstat, sar -r, nmon).
                if matches!(value, Value::Series(_)) {
                    sink.put_fallback(*fact, value, *unit, (n, n));
                } else {
                    sink.put(*fact, value, *unit, (n, n));
                }
                found += 1;
            }
        }
        if found == 0 {
            return Err(ParseError::whole_file("no /proc/meminfo fields found"));
        }
        if let (Some((total, total_line)), Some((free, free_line))) = (swap_total, swap_free) {
            sink.put(
                "mem.swap_used_kib",
                Value::Number(total.saturating_sub(free) as f64),
                Unit::Kibibytes,
                (total_line.min(free_line), total_line.max(free_line)),
            );
        }
        Ok(())
    }
}
