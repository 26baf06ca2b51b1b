//! /proc/net/dev: packets, errors and drops per network interface.

use super::{Spec, families};
use crate::parse::net::proc_net_dev::ProcNetDev;

pub const SINCE_BOOT: &str = "cat /proc/net/dev (since boot)";

pub static SPEC: Spec = Spec {
    id: "proc-net-dev",
    parsers: &[&ProcNetDev],
    captures: &[SINCE_BOOT],
    facts: &[
        families::NETWORK_THROUGHPUT,
        families::NETWORK_ERRORS,
        &[
            "net.<if>.rx_kib",
            "net.<if>.rx_packets",
            "net.<if>.rx_errors",
            "net.<if>.rx_drops",
            "net.<if>.rx_fifo",
            "net.<if>.rx_frame",
            "net.<if>.tx_kib",
            "net.<if>.tx_packets",
            "net.<if>.tx_errors",
            "net.<if>.tx_drops",
            "net.<if>.tx_fifo",
            "net.<if>.tx_colls",
            "net.<if>.tx_carrier",
        ],
    ],
    collectors: &[],
};
