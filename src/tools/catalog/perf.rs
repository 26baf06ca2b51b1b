//! CPU hotspots from perf report, perf top, perf script and folded stacks. All four
//! give the same `hotspot.<rank>.*` keys (rank 1 = largest self share, at most 50),
//! so a rule reads "which functions burn the CPU" without caring what was captured.

use super::CatalogEntry;
use crate::tools::perf_report;

/// `entry!` with the capture of a profile.
macro_rules! profile_entry {
    ($pattern:expr, $unit:ident, $kind:ident, $meaning:expr) => {
        $crate::tools::catalog::CatalogEntry {
            pattern: $pattern,
            unit: $crate::facts::Unit::$unit,
            kind: $crate::tools::catalog::Kind::$kind,
            meaning: $meaning,
            capture: perf_report::RECORD_AND_REPORT,
        }
    };
}

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "perf.event",
        None,
        Text,
        "Event the profile sampled (cpu-clock, cycles, cycles:pp …); shares are of this event",
        perf_report::RECORD_AND_REPORT
    ),
    entry!(
        "perf.samples",
        Count,
        Number,
        "Samples in the profile (perf report rounds above 1000: 12K; for folded stacks the sum of the counts, which inferno weighs by event period)",
        perf_report::RECORD_AND_REPORT
    ),
    entry!(
        "perf.kernel_pct",
        Percent,
        Number,
        "Share of the samples whose executing (leaf) function was kernel code",
        perf_report::RECORD_AND_REPORT
    ),
    profile_entry!(
        "hotspot.count",
        Count,
        Number,
        "How many hotspots are listed (the top 50 by self share, fewer when the profile names fewer functions)"
    ),
    profile_entry!(
        "hotspot.<rank>.symbol",
        None,
        Text,
        "Function at this rank by self share (perf's name; `[libfoo.so]` when unresolved in perf script and inferno output, `0x…` addresses in perf report)"
    ),
    entry!(
        "hotspot.<rank>.dso",
        None,
        Text,
        "Shared object the function resolved into, by file name (libc.so.6, libstringlib.so, [kernel.kallsyms]); absent from folded stacks and perf report --sort symbol",
        perf_report::RECORD_AND_REPORT
    ),
    profile_entry!(
        "hotspot.<rank>.kernel",
        None,
        Flag,
        "Whether the function is kernel code ([k] mark, kernel object or address, `_[k]` suffix); absent when the capture does not say"
    ),
    profile_entry!(
        "hotspot.<rank>.self_pct",
        Percent,
        Number,
        "Share of samples executing in this function itself (leaf frame; perf's Self or Overhead column)"
    ),
    profile_entry!(
        "hotspot.<rank>.total_pct",
        Percent,
        Number,
        "Share of samples with this function anywhere on the stack, once per sample (perf's Children column); absent without call chains (perf report --no-children, perf top without -g, perf script of a recording without -g)"
    ),
];
