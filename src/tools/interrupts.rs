//! /proc/interrupts: interrupt counts per CPU, to see where NIC and disk interrupts
//! land.

use super::Spec;
use super::collector::{Collector, Id, When};
use crate::tools::catalog::entry;

pub const AFTER_LOAD: &str = "cat /proc/interrupts (after the load has run a while)";

pub static SPEC: Spec = Spec {
    id: "interrupts",
    captures: &[AFTER_LOAD],
    facts: &[],
    catalog: &[
        entry!(
            "irq.<device>.queues",
            Count,
            Number,
            "Queue interrupt vectors of a NIC or NVMe controller (<device>: handler name without its queue suffix, e.g. enp3s0 from enp3s0_qp0, nvme0 from nvme0q1)",
            AFTER_LOAD
        ),
        entry!(
            "irq.<device>.interrupts",
            Count,
            Number,
            "Interrupts the device's queue vectors raised since boot",
            AFTER_LOAD
        ),
        entry!(
            "irq.<device>.cpus",
            Count,
            Number,
            "CPUs that handled the device's queue interrupts (at least 1 % as many as its busiest CPU, so stray interrupts from boot do not count)",
            AFTER_LOAD
        ),
        entry!(
            "irq.<device>.top_cpu",
            None,
            Number,
            "The CPU that handled most of the device's queue interrupts",
            AFTER_LOAD
        ),
        entry!(
            "irq.<device>.top_cpu_share_pct",
            Percent,
            Number,
            "Share of the device's queue interrupts handled by its busiest CPU",
            AFTER_LOAD
        ),
        entry!(
            "irq.<device>.bus_info",
            None,
            Text,
            "PCI address of the device, when the interrupt chip column shows it (x86 PCI-MSIX-0000:00:03.0); joins with net.<if>.bus_info",
            AFTER_LOAD
        ),
    ],
    collectors: &[Collector {
        id: Id::Interrupts,
        name: "interrupts",
        what: "interrupt counts per CPU since boot, taken after the load",
        when: When::AtEnd,
        command: "cat /proc/interrupts",
        files: &["interrupts.txt"],
        program: None,
        package: None,
        needs_root: false,
        needs_process: false,
    }],
};
