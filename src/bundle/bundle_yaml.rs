//! `bundle.yaml`: what the captures cannot say about themselves. Optional, per bundle
//! (defaults for every host) or per host folder (overrides).
//!
//! ```yaml
//! host: greatdb-db1
//! role: db                 # db | app | loadgen | hypervisor
//! platform: vm             # physical | vm
//! vcpus: 64
//! host_topology: {sockets: 2, cores_per_socket: 48}   # the physical host under a VM
//! data_disk: {device: sda, backing: passthrough}      # a VM's database disk: virtual | passthrough
//! workload: sysbench oltp_read_write
//! target: {metric: tps, value: 4000}
//! notes: Data disk from a FusionCompute storage pool.
//! bios:                    # as the BIOS setup (or the BMC) shows it; the OS cannot
//!   smmu: enabled          #   Advanced > MISC Config > Support Smmu
//!   cpu_prefetching: enabled   # Advanced > MISC Config > CPU Prefetching Configuration
//!   power_policy: efficiency   # Advanced > Performance Config > Power Policy
//!   die_interleaving: enabled  # Advanced > Memory Config > Die Interleaving
//! measured: {runtime_min: 79}   # results no tool printed: a batch job's run time,
//!                                # physical_tps: the same test on bare metal
//! change:                  # what changed since the previous run of the engagement
//!   applied: virtualization.raw_disk_passthrough   # a rule id, or free text
//!   detail: data directory moved to a pass-through disk /dev/sda
//!   date: 2026-12-04
//!   by: zhang.wei
//! database:                # what the configuration files do not say
//!   engine: dm             # dm | postgresql | opengauss | mysql
//!   page_size_kib: 32      # e.g. DM8's dminit page_size
//!   data_dir: /dmdata/DAMENG
//!   wal_dir: /dmlog        # WAL / redo log location
//! capture:                 # written by `perfsage capture`: how the bundle was taken
//!   perfsage_version: 0.1.0
//!   command: perfsage capture -o run1 --duration 60s --process postgres
//!   hostname: db1
//!   kernel: 6.1.0-27-amd64
//!   started: 2026-12-02T12:40:11Z
//!   ended: 2026-12-02T12:41:12Z
//!   state: complete        # in_progress | complete | interrupted
//!   …                      # interval, process, benchmark, tool versions, collectors
//! ```
//!
//! The `capture` section records the capture; it yields no facts (a consultant's
//! declarations above do).

use crate::error::InputError;
use crate::facts::{Fact, Unit, Value};
use crate::files::yaml_file::from_yaml;
use crate::parse::sink::{FactSink, Strength};
use crate::text::yaml_positions::YamlPositions;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Db,
    App,
    Loadgen,
    /// The physical host under the VMs of a virtualised deployment.
    Hypervisor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    Physical,
    Vm,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostTopology {
    pub sockets: u32,
    pub cores_per_socket: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// The benchmark metric, one of `TARGET_METRICS`.
    pub metric: String,
    pub value: f64,
}

/// Metrics a target may name (each has a `bench.<metric>` fact to compare with).
pub const TARGET_METRICS: &[(&str, Unit)] = &[
    ("tps", Unit::PerSecond),
    ("qps", Unit::PerSecond),
    ("eps", Unit::PerSecond),
    ("tpmc", Unit::PerMinute),
    ("runtime_min", Unit::Minutes),
];

impl Target {
    pub fn unit(&self) -> Option<Unit> {
        TARGET_METRICS
            .iter()
            .find(|(m, _)| *m == self.metric)
            .map(|(_, u)| *u)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Switch {
    Enabled,
    Disabled,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PowerPolicy {
    Performance,
    Efficiency,
    Custom,
}

/// BIOS settings the OS cannot see, as the setup screens of Kunpeng servers name them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BiosSettings {
    pub smmu: Option<Switch>,
    pub cpu_prefetching: Option<Switch>,
    pub power_policy: Option<PowerPolicy>,
    pub die_interleaving: Option<Switch>,
}

/// How the hypervisor provides a VM's disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DiskBacking {
    /// An image on a datastore or storage pool, behind the hypervisor's virtual disk layer.
    Virtual,
    /// A raw host disk (or LUN) handed to the VM as it is.
    Passthrough,
}

/// The disk a VM's database lives on, as the virtualisation platform set it up; the
/// guest cannot tell a pass-through disk from a virtual one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataDisk {
    /// The device name inside the VM (`sda`, `vdb`).
    pub device: Option<String>,
    pub backing: Option<DiskBacking>,
}

/// What the database's configuration files do not say.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatabaseDeclaration {
    pub engine: Option<String>,
    pub page_size_kib: Option<u32>,
    pub data_dir: Option<String>,
    pub wal_dir: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BundleMeta {
    pub host: Option<String>,
    pub role: Option<Role>,
    pub platform: Option<Platform>,
    pub vcpus: Option<u32>,
    pub host_topology: Option<HostTopology>,
    pub data_disk: Option<DataDisk>,
    pub workload: Option<String>,
    pub target: Option<Target>,
    pub notes: Option<String>,
    pub bios: Option<BiosSettings>,
    pub database: Option<DatabaseDeclaration>,
    /// Results no tool printed, e.g. a batch job's elapsed time.
    pub measured: Option<Measured>,
    /// How `perfsage capture` took the bundle.
    pub capture: Option<CaptureRecord>,
    /// What changed since the previous run of the engagement (bundle-wide).
    pub change: Option<ChangeRecord>,
}

/// One entry of the experiment log: the change made between the previous run and this
/// one. `applied` names the rule whose recommendation was carried out, or says in free
/// text what was done when no rule recommended it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChangeRecord {
    pub applied: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// As written (`2026-12-04`); not interpreted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// What `perfsage capture` records about a capture: when and where it ran, with which
/// tools, and which collectors were missing or failed and why.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureRecord {
    pub perfsage_version: String,
    /// The perfsage command line that took the capture.
    pub command: String,
    pub hostname: String,
    pub kernel: String,
    /// UTC, RFC 3339 (`2026-12-02T12:40:11Z`).
    pub started: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
    pub state: CaptureState,
    /// Why the capture ended (duration reached, benchmark exited, interrupted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_reason: Option<String>,
    pub interval_s: u64,
    /// The planned length; absent when the capture lasted as long as the benchmark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_s: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub process: Option<ProcessRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub benchmark: Option<BenchmarkRecord>,
    /// Program name → the first line its version option printed.
    #[serde(default)]
    pub tool_versions: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    pub collectors: Vec<CollectorRecord>,
    /// Files that were in the folder before the capture and were kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kept_files: Vec<String>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureState {
    /// Still running, or perfsage was killed before it could finish.
    #[default]
    InProgress,
    Complete,
    /// Stopped early by Ctrl-C or a termination signal; what was captured is kept.
    Interrupted,
}

/// The process the capture looked at (`--pid` / `--process`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProcessRecord {
    pub pid: u32,
    pub name: String,
    /// How many running processes had that name (`--process`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matching: Option<usize>,
}

/// The benchmark command the capture ran.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BenchmarkRecord {
    pub command: String,
    pub file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// Set when it did not end by itself (`duration limit`, `interrupted`) or could
    /// not start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// The end of its error output (its standard output is the benchmark file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
}

/// One collector's outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectorRecord {
    pub name: String,
    pub status: CollectorStatus,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
    /// Why it is missing, was skipped or failed; for a collector that ran, what it
    /// could not get.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CollectorStatus {
    /// Planned, not run yet (a capture still in progress, or killed).
    Pending,
    Ok,
    /// Its program is not installed.
    Missing,
    NeedsRoot,
    NotPermitted,
    /// Nothing to do here (no target process; sysstat present).
    NotApplicable,
    /// Left out with `--skip`.
    Skipped,
    /// It ran and failed, or printed nothing perfsage can read.
    Failed,
}

/// Results no capture holds, noted by the consultant.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Measured {
    /// Elapsed minutes of a batch job (lower is better).
    pub runtime_min: Option<f64>,
    /// TPS the same test reached on bare metal, to measure what virtualisation costs.
    pub physical_tps: Option<f64>,
}

/// A parsed bundle.yaml and where it came from.
#[derive(Debug, Clone)]
pub struct MetaFile {
    /// Path relative to the bundle root.
    pub path: String,
    /// Where each field is written, for facts and errors to cite.
    pub positions: YamlPositions,
    pub meta: BundleMeta,
}

impl MetaFile {
    pub fn parse(path: &str, text: String) -> Result<MetaFile, InputError> {
        let meta: BundleMeta = if text.trim().is_empty() {
            BundleMeta::default()
        } else {
            from_yaml(&text).map_err(|e| InputError::yaml(path, &e))?
        };
        let positions = YamlPositions::of(&text);
        if let Some(target) = &meta.target {
            let line = positions.first_key("target");
            if !(target.value.is_finite() && target.value > 0.0) {
                return Err(InputError::at_line(
                    path,
                    line,
                    "target value must be a positive number",
                ));
            }
            if target.unit().is_none() {
                let known: Vec<&str> = TARGET_METRICS.iter().map(|(m, _)| *m).collect();
                return Err(InputError::at_line(
                    path,
                    line,
                    format!(
                        "target metric {:?} is not one of {}",
                        target.metric,
                        known.join(", ")
                    ),
                ));
            }
        }
        Ok(MetaFile {
            path: path.to_string(),
            positions,
            meta,
        })
    }
}

impl BundleMeta {
    /// Fields of `host` override those of `self` (the bundle's defaults).
    pub fn overlay(&self, host: &BundleMeta) -> BundleMeta {
        BundleMeta {
            host: host.host.clone().or_else(|| self.host.clone()),
            role: host.role.or(self.role),
            platform: host.platform.or(self.platform),
            vcpus: host.vcpus.or(self.vcpus),
            host_topology: host.host_topology.or(self.host_topology),
            data_disk: host.data_disk.clone().or_else(|| self.data_disk.clone()),
            workload: host.workload.clone().or_else(|| self.workload.clone()),
            target: host.target.clone().or_else(|| self.target.clone()),
            notes: host.notes.clone().or_else(|| self.notes.clone()),
            bios: host.bios.or(self.bios),
            database: host.database.clone().or_else(|| self.database.clone()),
            measured: host.measured.or(self.measured),
            capture: host.capture.clone().or_else(|| self.capture.clone()),
            change: host.change.clone().or_else(|| self.change.clone()),
        }
    }
}

/// Turns declared metadata into facts, citing the line of the file that declared each.
/// Declarations about the hardware (vCPUs) only fill in what captures did not measure.
pub fn declared_facts(files: &[&MetaFile], meta: &BundleMeta) -> Vec<(Fact, Strength)> {
    // The most specific file that mentions a field is the one to cite.
    let cite = |field: &str| -> (String, u64) {
        files
            .iter()
            .rev()
            .find_map(|f| {
                f.positions
                    .first_key(field)
                    .map(|l| (f.path.clone(), l as u64))
            })
            .unwrap_or_else(|| (files.last().map(|f| f.path.clone()).unwrap_or_default(), 1))
    };
    let mut out: Vec<(Fact, Strength)> = Vec::new();
    let mut add = |key: &str, value: Value, unit: Unit, field: &str, strength: Strength| {
        let (file, line) = cite(field);
        let mut sink = FactSink::new(file, "bundle.yaml");
        match strength {
            Strength::Primary => sink.put(key, value, unit, (line, line)),
            Strength::Fallback => sink.put_fallback(key, value, unit, (line, line)),
        }
        out.extend(sink.into_parts().0);
    };
    if let Some(host) = &meta.host {
        add(
            "host.name",
            Value::Text(host.clone()),
            Unit::None,
            "host",
            Strength::Primary,
        );
    }
    if let Some(role) = meta.role {
        let role = match role {
            Role::Db => "db",
            Role::App => "app",
            Role::Loadgen => "loadgen",
            Role::Hypervisor => "hypervisor",
        };
        add(
            "host.role",
            Value::Text(role.into()),
            Unit::None,
            "role",
            Strength::Primary,
        );
    }
    if let Some(platform) = meta.platform {
        let platform = match platform {
            Platform::Physical => "physical",
            Platform::Vm => "vm",
        };
        add(
            "host.platform",
            Value::Text(platform.into()),
            Unit::None,
            "platform",
            Strength::Primary,
        );
    }
    if let Some(vcpus) = meta.vcpus {
        add(
            "cpu.count",
            Value::Number(f64::from(vcpus)),
            Unit::Count,
            "vcpus",
            Strength::Fallback,
        );
    }
    if let Some(topology) = meta.host_topology {
        add(
            "vm.host_sockets",
            Value::Number(f64::from(topology.sockets)),
            Unit::Count,
            "host_topology",
            Strength::Primary,
        );
        add(
            "vm.host_cores_per_socket",
            Value::Number(f64::from(topology.cores_per_socket)),
            Unit::Count,
            "host_topology",
            Strength::Primary,
        );
    }
    if let Some(disk) = &meta.data_disk {
        if let Some(device) = &disk.device {
            add(
                "vm.data_disk_device",
                Value::Text(device.trim_start_matches("/dev/").to_string()),
                Unit::None,
                "data_disk",
                Strength::Primary,
            );
        }
        if let Some(backing) = disk.backing {
            let backing = match backing {
                DiskBacking::Virtual => "virtual",
                DiskBacking::Passthrough => "passthrough",
            };
            add(
                "vm.data_disk_backing",
                Value::Text(backing.into()),
                Unit::None,
                "data_disk",
                Strength::Primary,
            );
        }
    }
    if let Some(workload) = &meta.workload {
        add(
            "bench.workload",
            Value::Text(workload.clone()),
            Unit::None,
            "workload",
            Strength::Primary,
        );
    }
    if let Some(target) = &meta.target {
        add(
            &format!("target.{}", target.metric),
            Value::Number(target.value),
            target.unit().unwrap_or(Unit::None),
            "target",
            Strength::Primary,
        );
    }
    if let Some(bios) = meta.bios {
        let switch = |s: Switch| match s {
            Switch::Enabled => "enabled",
            Switch::Disabled => "disabled",
        };
        let settings = [
            ("bios.smmu", "smmu", bios.smmu.map(switch)),
            (
                "bios.cpu_prefetching",
                "cpu_prefetching",
                bios.cpu_prefetching.map(switch),
            ),
            (
                "bios.die_interleaving",
                "die_interleaving",
                bios.die_interleaving.map(switch),
            ),
            (
                "bios.power_policy",
                "power_policy",
                bios.power_policy.map(|p| match p {
                    PowerPolicy::Performance => "performance",
                    PowerPolicy::Efficiency => "efficiency",
                    PowerPolicy::Custom => "custom",
                }),
            ),
        ];
        for (key, field, value) in settings {
            if let Some(value) = value {
                add(
                    key,
                    Value::Text(value.into()),
                    Unit::None,
                    field,
                    Strength::Primary,
                );
            }
        }
    }
    if let Some(tps) = meta.measured.and_then(|m| m.physical_tps) {
        add(
            "bench.physical_tps",
            Value::Number(tps),
            Unit::PerSecond,
            "physical_tps",
            Strength::Primary,
        );
    }
    if let Some(runtime) = meta.measured.and_then(|m| m.runtime_min) {
        add(
            "bench.runtime_min",
            Value::Number(runtime),
            Unit::Minutes,
            "runtime_min",
            Strength::Primary,
        );
    }
    if let Some(database) = &meta.database {
        if let Some(engine) = &database.engine {
            add(
                "db.engine",
                Value::Text(engine.clone()),
                Unit::None,
                "engine",
                Strength::Primary,
            );
        }
        if let Some(page) = database.page_size_kib {
            add(
                "db.page_size_kib",
                Value::Number(f64::from(page)),
                Unit::Kibibytes,
                "page_size_kib",
                Strength::Primary,
            );
        }
        if let Some(dir) = &database.data_dir {
            add(
                "db.data_dir",
                Value::Text(dir.clone()),
                Unit::None,
                "data_dir",
                Strength::Primary,
            );
        }
        if let Some(dir) = &database.wal_dir {
            add(
                "db.wal_dir",
                Value::Text(dir.clone()),
                Unit::None,
                "wal_dir",
                Strength::Primary,
            );
        }
    }
    out
}
