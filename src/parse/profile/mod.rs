//! CPU profiles and counters: perf report, perf top, perf script, folded stacks,
//! perf stat and perf annotate.

mod annotate_instruction;
mod atomic_patterns;
pub mod folded;
pub mod perf_annotate;
pub mod perf_report;
pub mod perf_script;
pub mod perf_stat;
mod perf_stat_counters;
mod perf_stat_row;
mod perf_symbols;
pub mod perf_top;
pub mod profile_stacks;
