//! CPU profiles: perf report, perf top, perf script and folded stacks.

pub mod folded;
pub mod perf_report;
pub mod perf_script;
mod perf_symbols;
pub mod perf_top;
pub mod profile_stacks;
