//! Facts about the host itself: what bundle.yaml declares and what capture headers say.

use super::CatalogEntry;
use super::commands::BUNDLE_YAML;
use crate::tools::uname;

pub static ENTRIES: &[CatalogEntry] = &[
    entry!("host.name", None, Text, "Host name", BUNDLE_YAML),
    entry!(
        "host.role",
        None,
        Text,
        "Role of the host in the test: db, app, loadgen or hypervisor",
        BUNDLE_YAML
    ),
    entry!(
        "host.platform",
        None,
        Text,
        "Declared platform: physical or vm",
        BUNDLE_YAML
    ),
    entry!(
        "host.virtualized",
        None,
        Flag,
        "The host is a virtual machine (declared platform, else the hypervisor lscpu reports)",
        "lscpu, or platform: in bundle.yaml"
    ),
    entry!(
        "os.kernel",
        None,
        Text,
        "Kernel release (uname -r; also the sysstat header line and dmesg's `Linux version` line)",
        uname::UNAME_A
    ),
    entry!(
        "vm.host_sockets",
        Count,
        Number,
        "Sockets of the physical host under a VM",
        "host_topology: {sockets, cores_per_socket} in bundle.yaml (from lscpu on the hypervisor host)"
    ),
    entry!(
        "vm.host_cores_per_socket",
        Count,
        Number,
        "Physical cores per socket of the host under a VM",
        "host_topology: {sockets, cores_per_socket} in bundle.yaml (from lscpu on the hypervisor host)"
    ),
    entry!(
        "vm.data_disk_device",
        None,
        Text,
        "Device name, inside a VM, of the disk the database lives on (declared, e.g. sda)",
        "data_disk: {device: …} in bundle.yaml (lsblk in the VM)"
    ),
    entry!(
        "vm.data_disk_backing",
        None,
        Text,
        "How the hypervisor provides a VM's database disk: virtual (a storage-pool image) or passthrough (a raw host disk)",
        "data_disk: {backing: virtual|passthrough} in bundle.yaml (the VM's disk settings on the virtualisation platform)"
    ),
    entry!(
        "bench.workload",
        None,
        Text,
        "Benchmark and workload name, e.g. sysbench oltp_read_write (declared, else the workload of the most benchmark runs)",
        BUNDLE_YAML
    ),
    entry!(
        "target.tps",
        PerSecond,
        Number,
        "Transactions per second the customer expects",
        "target: {metric: tps, value: …} in bundle.yaml"
    ),
    entry!(
        "target.qps",
        PerSecond,
        Number,
        "Queries per second the customer expects",
        "target: {metric: qps, value: …} in bundle.yaml"
    ),
    entry!(
        "target.eps",
        PerSecond,
        Number,
        "Events per second the customer expects (sysbench cpu/memory tests)",
        "target: {metric: eps, value: …} in bundle.yaml"
    ),
    entry!(
        "target.runtime_min",
        Minutes,
        Number,
        "Run time in minutes the customer expects a batch job to stay under",
        "target: {metric: runtime_min, value: …} in bundle.yaml"
    ),
    entry!(
        "target.tpmc",
        PerMinute,
        Number,
        "TPC-C new-order transactions per minute the customer expects",
        "target: {metric: tpmc, value: …} in bundle.yaml"
    ),
    entry!(
        "target.gap_pct",
        Percent,
        Number,
        "How far the best measured throughput is below the target (negative: above)",
        "target: in bundle.yaml and a benchmark result"
    ),
];
