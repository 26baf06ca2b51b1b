//! perf annotate --stdio: sample shares per instruction of a hot function, which
//! function and binary, the architecture, and how its atomics are built
//! (exclusive-monitor retry loops or LSE on aarch64, locked instructions and pause
//! loops on x86).

use super::Spec;
use crate::tools::catalog::entry;

pub const HOT_SYMBOL: &str = "perf record -g -p $(pidof -s <process>) -- sleep 30; perf annotate --stdio -s <hot symbol> > perf_annotate.txt";

pub static SPEC: Spec = Spec {
    id: "perf-annotate",
    captures: &[HOT_SYMBOL],
    facts: &[],
    catalog: &[
        entry!(
            "annotate.symbol",
            None,
            Text,
            "Function(s) annotated, hottest first (at most five named)",
            HOT_SYMBOL
        ),
        entry!(
            "annotate.functions",
            Count,
            Number,
            "How many functions the annotation holds",
            HOT_SYMBOL
        ),
        entry!(
            "annotate.dso",
            None,
            Text,
            "Binary or shared object the annotated functions are in (dmserver, libc.so.6)",
            HOT_SYMBOL
        ),
        entry!(
            "annotate.event",
            None,
            Text,
            "Event the annotated samples are of (cycles, cpu-clock)",
            HOT_SYMBOL
        ),
        entry!(
            "annotate.samples",
            Count,
            Number,
            "Samples in the annotated functions",
            HOT_SYMBOL
        ),
        entry!(
            "annotate.arch",
            None,
            Text,
            "Architecture of the annotated code, told from its registers (aarch64, x86_64)",
            HOT_SYMBOL
        ),
        entry!(
            "annotate.exclusive_loop_pct",
            Percent,
            Number,
            "aarch64: share of the annotated samples inside exclusive-monitor retry loops (ldaxr/ldxr … stlxr/stxr … a branch back): atomics built without LSE",
            HOT_SYMBOL
        ),
        entry!(
            "annotate.lse_atomic_pct",
            Percent,
            Number,
            "aarch64: share of the annotated samples on LSE atomic instructions (cas*, ldadd*, swp*, stadd*, ldset* …) and the instruction after each (skid): atomics built with LSE",
            HOT_SYMBOL
        ),
        entry!(
            "annotate.locked_pct",
            Percent,
            Number,
            "x86: share of the annotated samples on lock-prefixed instructions and xchg with memory, and the instruction after each (skid)",
            HOT_SYMBOL
        ),
        entry!(
            "annotate.pause_loop_pct",
            Percent,
            Number,
            "x86: share of the annotated samples in loops around pause (spin-waiting for a lock)",
            HOT_SYMBOL
        ),
    ],
    collectors: &[],
};
