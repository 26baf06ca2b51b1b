//! Profile parsers against their real fixtures.

mod folded;
mod perf_report;
mod perf_script;
mod perf_top;
