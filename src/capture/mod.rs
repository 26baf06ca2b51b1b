//! Captures: raw tool output files. Each supported tool has one parser module that can
//! recognise its output from content (`sniff`) and turn it into facts (`parse`). The
//! registry lists them; `detect` picks the parser for a file; `read` runs it.

pub mod detect;
pub mod read;
pub mod sink;

// Shared by several parsers.
mod clock;
mod config_lines;
mod instance_label;
mod sysstat_header;
pub mod transcript;

// Benchmarks.
pub mod benchmarksql;
pub mod benchmarksql_props;
pub mod scaling_table;
pub mod sysbench;

// sysstat and friends.
pub mod fio;
pub mod iostat;
pub mod mpstat;
pub mod nmon;
pub mod proc_samples;
pub mod sar;
pub mod vmstat;

// CPU topology, NUMA, memory.
pub mod cpuinfo;
pub mod dmidecode;
pub mod free;
pub mod lscpu;
pub mod meminfo;
pub mod numactl;
pub mod numastat;

// Operating system and network settings.
pub mod dmesg;
pub mod ethtool;
pub mod ethtool_channels;
pub mod ethtool_driver;
pub mod ethtool_features;
pub mod interrupts;
mod iommu_messages;
pub mod mounts;
pub mod ping;
pub mod settings_snapshot;
pub mod sysctl;
pub mod uname;
pub mod xfs_info;

// Processes and builds.
pub mod build_info;
pub mod gcc_version;
pub mod proc_status;

// Profiles.
pub mod folded;
pub mod perf_report;
pub mod perf_script;
mod perf_symbols;
pub mod perf_top;

// Database configuration.
pub mod dm_ini;
pub mod my_cnf;
pub mod postgresql_conf;

use crate::text::lines::LineReader;
pub use read::{CaptureReport, CaptureResult, CaptureStatus, SectionInfo, read_capture};
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
        &benchmarksql::Benchmarksql,
        &benchmarksql_props::BenchmarksqlProps,
        // sysstat and friends.
        &mpstat::Mpstat,
        &iostat::Iostat,
        // (sysstat's stand-in: perfsage capture's own /proc samples.)
        &proc_samples::ProcSamples,
        // (vmstat, sar, nmon, fio.)
        &vmstat::Vmstat,
        &sar::Sar,
        &nmon::Nmon,
        &fio::Fio,
        // CPU topology, NUMA, memory.
        &lscpu::Lscpu,
        &cpuinfo::Cpuinfo,
        &numactl::Numactl,
        &numastat::Numastat,
        &dmidecode::Dmidecode,
        &meminfo::Meminfo,
        &free::Free,
        // Operating system and network settings.
        &sysctl::Sysctl,
        &settings_snapshot::SettingsSnapshot,
        &xfs_info::XfsInfo,
        &mounts::Mounts,
        &uname::Uname,
        &dmesg::Dmesg,
        &ethtool::Ethtool,
        &ethtool_driver::EthtoolDriver,
        &ethtool_features::EthtoolFeatures,
        &ethtool_channels::EthtoolChannels,
        &interrupts::Interrupts,
        &ping::Ping,
        // Processes and builds.
        &proc_status::ProcStatus,
        &build_info::BuildInfo,
        &gcc_version::GccVersion,
        // Profiles.
        &perf_report::PerfReport,
        &perf_top::PerfTop,
        &perf_script::PerfScript,
        &folded::Folded,
        // Database configuration.
        &dm_ini::DmIni,
        &postgresql_conf::PostgresqlConf,
        &my_cnf::MyCnf,
    ]
}
