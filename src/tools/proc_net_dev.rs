//! /proc/net/dev: packets, errors and drops per network interface.

use super::Spec;
use crate::parse::net::proc_net_dev::ProcNetDev;

pub const SINCE_BOOT: &str = "cat /proc/net/dev (since boot)";

pub static SPEC: Spec = Spec {
    id: "proc-net-dev",
    parsers: &[&ProcNetDev],
    captures: &[SINCE_BOOT],
    collectors: &[],
};
