//! /proc/net/dev: packets, errors and drops per network interface.

use super::{Spec, families};
use crate::tools::catalog::entry;

pub const SINCE_BOOT: &str = "cat /proc/net/dev (since boot)";

pub static SPEC: Spec = Spec {
    id: "proc-net-dev",
    captures: &[SINCE_BOOT],
    facts: &[families::NETWORK_THROUGHPUT, families::NETWORK_ERRORS],
    catalog: &[
        entry!(
            "net.<if>.rx_kib",
            Kibibytes,
            Number,
            "KiB received on one interface, since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.rx_packets",
            Count,
            Number,
            "Packets received on one interface, since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.rx_errors",
            Count,
            Number,
            "Bad packets received on one interface (errs: CRC, length, overruns), since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.rx_drops",
            Count,
            Number,
            "Received packets one interface dropped (drop: no room in the kernel's or the NIC's buffers, or no protocol handler), since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.rx_fifo",
            Count,
            Number,
            "FIFO overruns on receive (fifo: the NIC's receive ring was full), since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.rx_frame",
            Count,
            Number,
            "Frame alignment errors on receive (frame), since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.tx_kib",
            Kibibytes,
            Number,
            "KiB sent on one interface, since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.tx_packets",
            Count,
            Number,
            "Packets sent on one interface, since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.tx_errors",
            Count,
            Number,
            "Errors while sending on one interface (errs), since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.tx_drops",
            Count,
            Number,
            "Packets one interface dropped while sending (drop), since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.tx_fifo",
            Count,
            Number,
            "FIFO overruns while sending (fifo), since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.tx_colls",
            Count,
            Number,
            "Collisions while sending (colls; half duplex only), since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
        entry!(
            "net.<if>.tx_carrier",
            Count,
            Number,
            "Carrier errors while sending (carrier: cable, port or duplex trouble), since boot as the last /proc/net/dev snapshot printed it",
            SINCE_BOOT
        ),
    ],
    collectors: &[],
};
