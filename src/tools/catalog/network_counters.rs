//! TCP, interface and socket counters over the capture: sar -n TCP,ETCP,EDEV,SOCK,
//! /proc/net/dev, nstat, netstat -s, ss -s and ss -ti, and the retransmitted share
//! derived from them.

use super::CatalogEntry;
use crate::tools::{nstat, sar};

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "net.tcp.active_opens_per_s",
        PerSecond,
        Series,
        "Connections this host opened per second (TCP ActiveOpens: SYNs sent); sar -n TCP,ETCP per interval, or the growth between two timed nstat -a / netstat -s snapshots",
        sar::TCP
    ),
    entry!(
        "net.tcp.passive_opens_per_s",
        PerSecond,
        Series,
        "Connections this host accepted per second (TCP PassiveOpens); sar -n TCP,ETCP per interval, or the growth between two timed nstat -a / netstat -s snapshots",
        sar::TCP
    ),
    entry!(
        "net.tcp.segments_in_per_s",
        PerSecond,
        Series,
        "TCP segments received per second, errors included (TCP InSegs); sar -n TCP,ETCP per interval, or the growth between two timed nstat -a / netstat -s snapshots",
        sar::TCP
    ),
    entry!(
        "net.tcp.segments_out_per_s",
        PerSecond,
        Series,
        "TCP segments sent per second, retransmissions left out (TCP OutSegs); sar -n TCP,ETCP per interval, or the growth between two timed nstat -a / netstat -s snapshots",
        sar::TCP
    ),
    entry!(
        "net.tcp.attempt_fails_per_s",
        PerSecond,
        Series,
        "Connection attempts that failed per second (TCP AttemptFails); sar -n TCP,ETCP per interval, or the growth between two timed nstat -a / netstat -s snapshots",
        sar::TCP
    ),
    entry!(
        "net.tcp.established_resets_per_s",
        PerSecond,
        Series,
        "Established connections reset per second (TCP EstabResets); sar -n TCP,ETCP per interval, or the growth between two timed nstat -a / netstat -s snapshots",
        sar::TCP
    ),
    entry!(
        "net.tcp.retrans_per_s",
        PerSecond,
        Series,
        "TCP segments retransmitted per second (TCP RetransSegs); sar -n TCP,ETCP per interval, or the growth between two timed nstat -a / netstat -s snapshots",
        sar::TCP
    ),
    entry!(
        "net.tcp.segments_in_errors_per_s",
        PerSecond,
        Series,
        "TCP segments received in error per second (TCP InErrs: bad checksum, no socket memory); sar -n TCP,ETCP per interval, or the growth between two timed nstat -a / netstat -s snapshots",
        sar::TCP
    ),
    entry!(
        "net.tcp.resets_out_per_s",
        PerSecond,
        Series,
        "TCP segments sent with RST per second (TCP OutRsts); sar -n TCP,ETCP per interval, or the growth between two timed nstat -a / netstat -s snapshots",
        sar::TCP
    ),
    entry!(
        "net.tcp.listen_overflows_per_s",
        PerSecond,
        Series,
        "Times a listening socket's accept queue was full when a connection completed (TcpExt ListenOverflows: the application accepts too slowly, or the backlog is too small), per second between two timed nstat -a / netstat -s snapshots",
        nstat::TWO_SNAPSHOTS
    ),
    entry!(
        "net.tcp.listen_drops_per_s",
        PerSecond,
        Series,
        "SYNs and connections dropped at a listening socket, overflows included (TcpExt ListenDrops), per second between two timed nstat -a / netstat -s snapshots",
        nstat::TWO_SNAPSHOTS
    ),
    entry!(
        "net.tcp.syncookies_sent_per_s",
        PerSecond,
        Series,
        "SYN cookies sent because the SYN queue was full (TcpExt SyncookiesSent), per second between two timed nstat -a / netstat -s snapshots",
        nstat::TWO_SNAPSHOTS
    ),
    entry!(
        "net.tcp.syncookies_received_per_s",
        PerSecond,
        Series,
        "Valid SYN cookies received back (TcpExt SyncookiesRecv), per second between two timed nstat -a / netstat -s snapshots",
        nstat::TWO_SNAPSHOTS
    ),
    entry!(
        "net.tcp.syncookies_failed_per_s",
        PerSecond,
        Series,
        "Invalid SYN cookies received (TcpExt SyncookiesFailed), per second between two timed nstat -a / netstat -s snapshots",
        nstat::TWO_SNAPSHOTS
    ),
    entry!(
        "net.tcp.timeouts_per_s",
        PerSecond,
        Series,
        "Retransmission timer expiries (TcpExt TCPTimeouts: a segment retransmitted after its RTO, not by fast retransmit), per second between two timed nstat -a / netstat -s snapshots",
        nstat::TWO_SNAPSHOTS
    ),
    entry!(
        "net.tcp.fast_retrans_per_s",
        PerSecond,
        Series,
        "Segments resent by fast retransmit (TcpExt TCPFastRetrans), per second between two timed nstat -a / netstat -s snapshots",
        nstat::TWO_SNAPSHOTS
    ),
    entry!(
        "net.tcp.active_opens",
        Count,
        Number,
        "Connections this host opened (TCP ActiveOpens: SYNs sent): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.passive_opens",
        Count,
        Number,
        "Connections this host accepted (TCP PassiveOpens): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.segments_in",
        Count,
        Number,
        "TCP segments received, errors included (TCP InSegs): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.segments_out",
        Count,
        Number,
        "TCP segments sent, retransmissions left out (TCP OutSegs): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.attempt_fails",
        Count,
        Number,
        "Connection attempts that failed (TCP AttemptFails): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.established_resets",
        Count,
        Number,
        "Established connections reset (TCP EstabResets): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.retrans",
        Count,
        Number,
        "TCP segments retransmitted (TCP RetransSegs): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.segments_in_errors",
        Count,
        Number,
        "TCP segments received in error (TCP InErrs: bad checksum, no socket memory): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.resets_out",
        Count,
        Number,
        "TCP segments sent with RST (TCP OutRsts): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.listen_overflows",
        Count,
        Number,
        "Times a listening socket's accept queue was full when a connection completed (TcpExt ListenOverflows: the application accepts too slowly, or the backlog is too small): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.listen_drops",
        Count,
        Number,
        "SYNs and connections dropped at a listening socket, overflows included (TcpExt ListenDrops): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.syncookies_sent",
        Count,
        Number,
        "SYN cookies sent because the SYN queue was full (TcpExt SyncookiesSent): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.syncookies_received",
        Count,
        Number,
        "Valid SYN cookies received back (TcpExt SyncookiesRecv): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.syncookies_failed",
        Count,
        Number,
        "Invalid SYN cookies received (TcpExt SyncookiesFailed): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.timeouts",
        Count,
        Number,
        "Retransmission timer expiries (TcpExt TCPTimeouts: a segment retransmitted after its RTO, not by fast retransmit): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.fast_retrans",
        Count,
        Number,
        "Segments resent by fast retransmit (TcpExt TCPFastRetrans): the counter as the last snapshot printed it (since boot for nstat -a and netstat -s, since nstat's previous run for a plain nstat)",
        nstat::SINCE_BOOT
    ),
    entry!(
        "net.tcp.retrans_pct",
        Percent,
        Number,
        "Retransmitted TCP segments as a share of segments sent over the capture (retrans_per_s ÷ segments_out_per_s averages); about 1 % or more costs a TCP flow much of its throughput",
        sar::TCP
    ),
    entry!(
        "net.<if>.rxerr_per_s",
        PerSecond,
        Series,
        "Bad packets received per second on one interface (sar -n EDEV rxerr/s)",
        sar::INTERFACE_ERRORS
    ),
    entry!(
        "net.<if>.txerr_per_s",
        PerSecond,
        Series,
        "Errors while sending per second on one interface (txerr/s)",
        sar::INTERFACE_ERRORS
    ),
    entry!(
        "net.<if>.coll_per_s",
        PerSecond,
        Series,
        "Collisions per second while sending on one interface (coll/s; half duplex only)",
        sar::INTERFACE_ERRORS
    ),
    entry!(
        "net.<if>.rxdrop_per_s",
        PerSecond,
        Series,
        "Received packets dropped per second on one interface for lack of buffer space in the kernel (rxdrop/s)",
        sar::INTERFACE_ERRORS
    ),
    entry!(
        "net.<if>.txdrop_per_s",
        PerSecond,
        Series,
        "Packets dropped while sending per second on one interface for lack of buffer space (txdrop/s)",
        sar::INTERFACE_ERRORS
    ),
    entry!(
        "net.<if>.txcarr_per_s",
        PerSecond,
        Series,
        "Carrier errors per second while sending on one interface (txcarr/s: cable, port or duplex trouble)",
        sar::INTERFACE_ERRORS
    ),
    entry!(
        "net.<if>.rxfram_per_s",
        PerSecond,
        Series,
        "Frame alignment errors per second on received packets (rxfram/s)",
        sar::INTERFACE_ERRORS
    ),
    entry!(
        "net.<if>.rxfifo_per_s",
        PerSecond,
        Series,
        "FIFO overruns per second on received packets (rxfifo/s: the NIC's receive ring was full)",
        sar::INTERFACE_ERRORS
    ),
    entry!(
        "net.<if>.txfifo_per_s",
        PerSecond,
        Series,
        "FIFO overruns per second on sent packets (txfifo/s)",
        sar::INTERFACE_ERRORS
    ),
    entry!(
        "net.sockets.total",
        Count,
        Series,
        "Sockets in use, every family (sar -n SOCK totsck; ss -s Total)",
        sar::SOCKETS
    ),
    entry!(
        "net.sockets.tcp",
        Count,
        Series,
        "TCP sockets in use (sar -n SOCK tcpsck)",
        sar::SOCKETS
    ),
    entry!(
        "net.sockets.udp",
        Count,
        Series,
        "UDP sockets in use (udpsck)",
        sar::SOCKETS
    ),
    entry!(
        "net.sockets.raw",
        Count,
        Series,
        "Raw sockets in use (rawsck)",
        sar::SOCKETS
    ),
    entry!(
        "net.sockets.ip_fragments",
        Count,
        Series,
        "IP fragments queued for reassembly (ip-frag)",
        sar::SOCKETS
    ),
    entry!(
        "net.sockets.tcp_timewait",
        Count,
        Series,
        "TCP sockets in TIME-WAIT (sar -n SOCK tcp-tw; ss -s timewait): many point at short-lived connections",
        sar::SOCKETS
    ),
];
