//! Profile parsers against their real fixtures.

mod folded;
mod perf_annotate;
mod perf_report;
mod perf_script;
mod perf_stat;
mod perf_top;
