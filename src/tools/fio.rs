//! fio's result (text or JSON): IOPS, bandwidth and latency of a storage test.

use super::Spec;
use crate::parse::activity::fio::Fio;

pub const RESULT: &str = "fio … (text output, or --output-format=json)";

pub static SPEC: Spec = Spec {
    id: "fio",
    parsers: &[&Fio],
    captures: &[RESULT],
    facts: &[&[
        "fio.<job>.<rw>.iops",
        "fio.<job>.<rw>.bw_kib_per_s",
        "fio.<job>.<rw>.clat_avg_ms",
        "fio.<job>.<rw>.clat_p50_ms",
        "fio.<job>.<rw>.clat_p95_ms",
        "fio.<job>.<rw>.clat_p99_ms",
        "fio.disk.<dev>.util_pct",
    ]],
    collectors: &[],
};
