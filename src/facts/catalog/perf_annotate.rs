//! A hot function's instructions from `perf annotate --stdio`: which function and
//! binary, the architecture, and how its atomics are built (exclusive-monitor retry
//! loops or LSE on aarch64, locked instructions and pause loops on x86).

use super::CatalogEntry;
use crate::tools::perf_annotate;

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "annotate.symbol",
        None,
        Text,
        "Function(s) annotated, hottest first (at most five named)",
        perf_annotate::HOT_SYMBOL
    ),
    entry!(
        "annotate.functions",
        Count,
        Number,
        "How many functions the annotation holds",
        perf_annotate::HOT_SYMBOL
    ),
    entry!(
        "annotate.dso",
        None,
        Text,
        "Binary or shared object the annotated functions are in (dmserver, libc.so.6)",
        perf_annotate::HOT_SYMBOL
    ),
    entry!(
        "annotate.event",
        None,
        Text,
        "Event the annotated samples are of (cycles, cpu-clock)",
        perf_annotate::HOT_SYMBOL
    ),
    entry!(
        "annotate.samples",
        Count,
        Number,
        "Samples in the annotated functions",
        perf_annotate::HOT_SYMBOL
    ),
    entry!(
        "annotate.arch",
        None,
        Text,
        "Architecture of the annotated code, told from its registers (aarch64, x86_64)",
        perf_annotate::HOT_SYMBOL
    ),
    entry!(
        "annotate.exclusive_loop_pct",
        Percent,
        Number,
        "aarch64: share of the annotated samples inside exclusive-monitor retry loops (ldaxr/ldxr … stlxr/stxr … a branch back): atomics built without LSE",
        perf_annotate::HOT_SYMBOL
    ),
    entry!(
        "annotate.lse_atomic_pct",
        Percent,
        Number,
        "aarch64: share of the annotated samples on LSE atomic instructions (cas*, ldadd*, swp*, stadd*, ldset* …) and the instruction after each (skid): atomics built with LSE",
        perf_annotate::HOT_SYMBOL
    ),
    entry!(
        "annotate.locked_pct",
        Percent,
        Number,
        "x86: share of the annotated samples on lock-prefixed instructions and xchg with memory, and the instruction after each (skid)",
        perf_annotate::HOT_SYMBOL
    ),
    entry!(
        "annotate.pause_loop_pct",
        Percent,
        Number,
        "x86: share of the annotated samples in loops around pause (spin-waiting for a lock)",
        perf_annotate::HOT_SYMBOL
    ),
];
