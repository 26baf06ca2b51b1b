//! Captures: raw tool output files. Each supported tool has one parser module that can
//! recognise its output from content (`sniff`) and turn it into facts (`parse`). The
//! registry lists them; `detect` picks the parser for a file; `read` runs it.

pub mod detect;
pub mod read;
pub mod sink;

mod clock;
pub mod fio;
mod instance_label;
pub mod iostat;
pub mod lscpu;
pub mod mpstat;
pub mod nmon;
pub mod sar;
pub mod scaling_table;
pub mod sysbench;
mod sysstat_header;
pub mod vmstat;

use crate::text::lines::LineReader;
pub use read::{CaptureReport, CaptureStatus, read_capture};
pub use sink::FactSink;
use std::io::Read;

/// The reader every parser consumes: UTF-8 lines streamed from the file.
pub type Lines = LineReader<Box<dyn Read>>;

/// A parse failure that makes the whole capture unusable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", line.map(|l| format!("line {l}: ")).unwrap_or_default())]
pub struct ParseError {
    pub line: Option<u64>,
    pub message: String,
}

impl ParseError {
    pub fn at(line: u64, message: impl Into<String>) -> Self {
        ParseError {
            line: Some(line),
            message: message.into(),
        }
    }

    pub fn whole_file(message: impl Into<String>) -> Self {
        ParseError {
            line: None,
            message: message.into(),
        }
    }
}

impl From<std::io::Error> for ParseError {
    fn from(e: std::io::Error) -> Self {
        ParseError::whole_file(format!("read error: {e}"))
    }
}

/// One supported tool's output format.
pub trait CaptureParser: Sync {
    /// Stable tool name used in provenance, e.g. `mpstat`.
    fn tool(&self) -> &'static str;

    /// How sure the parser is (1–100) that `head`, the first 64 KiB of a file as
    /// UTF-8, is its format; `None` when it is not.
    fn sniff(&self, head: &str) -> Option<u8>;

    /// Streams the capture into facts. Recoverable problems (a truncated last row)
    /// become warnings on the sink; an error discards the capture's facts.
    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError>;

    /// Whether `line` begins a new output of this tool, so that a file holding
    /// several outputs one after another (a pasted transcript) can be cut into
    /// sections. Only lines that nothing else prints qualify (`Settings for eth0:`).
    fn starts_section(&self, _line: &str) -> bool {
        false
    }
}

/// Every parser perfsage has, in the order ties are broken.
pub fn registry() -> &'static [&'static dyn CaptureParser] {
    &[
        // Benchmarks.
        &sysbench::Sysbench,
        &scaling_table::ScalingTable,
        // (BenchmarkSQL.)

        // sysstat and friends.
        &mpstat::Mpstat,
        &iostat::Iostat,
        // (vmstat, sar, nmon, fio.)
        &vmstat::Vmstat,
        &sar::Sar,
        &nmon::Nmon,
        &fio::Fio,
        // CPU topology, NUMA, memory.
        &lscpu::Lscpu,
        // (cpuinfo, numactl, numastat, dmidecode, meminfo, free.)

        // Operating system and network settings.
        // (sysctl, settings snapshot, xfs_info, mount, uname, ethtool, interrupts, ping.)

        // Profiles.
        // (perf report / top / script, folded stacks.)

        // Database configuration.
        // (dm.ini, postgresql.conf, my.cnf.)
    ]
}
