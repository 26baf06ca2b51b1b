//! /proc/interrupts: interrupt counts per CPU, to see where NIC and disk interrupts
//! land.

use super::Spec;
use super::collector::{Collector, Id, When};
use crate::parse::os::interrupts::Interrupts;

pub const AFTER_LOAD: &str = "cat /proc/interrupts (after the load has run a while)";

pub static SPEC: Spec = Spec {
    id: "interrupts",
    parsers: &[&Interrupts],
    captures: &[AFTER_LOAD],
    facts: &[&[
        "irq.<device>.queues",
        "irq.<device>.interrupts",
        "irq.<device>.cpus",
        "irq.<device>.top_cpu",
        "irq.<device>.top_cpu_share_pct",
        "irq.<device>.bus_info",
    ]],
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
