//! fio's result (text or JSON): IOPS, bandwidth and latency of a storage test.

use super::Spec;
use crate::tools::catalog::entry;

pub const RESULT: &str = "fio … (text output, or --output-format=json)";

pub static SPEC: Spec = Spec {
    id: "fio",
    captures: &[RESULT],
    facts: &[],
    catalog: &[
        entry!(
            "fio.<job>.<rw>.iops",
            PerSecond,
            Number,
            "I/O operations per second of one fio job in one direction (rw is read or write)",
            RESULT
        ),
        entry!(
            "fio.<job>.<rw>.bw_kib_per_s",
            KilobytesPerSecond,
            Number,
            "Bandwidth of one fio job in one direction, KiB/s",
            RESULT
        ),
        entry!(
            "fio.<job>.<rw>.clat_avg_ms",
            Milliseconds,
            Number,
            "Average completion latency of one fio job in one direction",
            RESULT
        ),
        entry!(
            "fio.<job>.<rw>.clat_p50_ms",
            Milliseconds,
            Number,
            "Median completion latency of one fio job in one direction",
            RESULT
        ),
        entry!(
            "fio.<job>.<rw>.clat_p95_ms",
            Milliseconds,
            Number,
            "95th percentile completion latency of one fio job in one direction",
            RESULT
        ),
        entry!(
            "fio.<job>.<rw>.clat_p99_ms",
            Milliseconds,
            Number,
            "99th percentile completion latency of one fio job in one direction",
            RESULT
        ),
        entry!(
            "fio.disk.<dev>.util_pct",
            Percent,
            Number,
            "Device busy share during the fio run, from fio's \"Disk stats\" block",
            RESULT
        ),
    ],
    collectors: &[],
};
