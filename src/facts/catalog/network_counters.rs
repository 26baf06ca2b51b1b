//! TCP, interface and socket counters over the capture: sar -n TCP,ETCP,EDEV,SOCK,
//! /proc/net/dev, nstat, netstat -s, ss -s and ss -ti, and the retransmitted share
//! derived from them.

use super::CatalogEntry;
use crate::tools::{nstat, proc_net_dev, sar, ss_info, ss_summary};

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
        "net.<if>.rx_kib",
        Kibibytes,
        Number,
        "KiB received on one interface, since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.rx_packets",
        Count,
        Number,
        "Packets received on one interface, since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.rx_errors",
        Count,
        Number,
        "Bad packets received on one interface (errs: CRC, length, overruns), since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.rx_drops",
        Count,
        Number,
        "Received packets one interface dropped (drop: no room in the kernel's or the NIC's buffers, or no protocol handler), since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.rx_fifo",
        Count,
        Number,
        "FIFO overruns on receive (fifo: the NIC's receive ring was full), since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.rx_frame",
        Count,
        Number,
        "Frame alignment errors on receive (frame), since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.tx_kib",
        Kibibytes,
        Number,
        "KiB sent on one interface, since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.tx_packets",
        Count,
        Number,
        "Packets sent on one interface, since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.tx_errors",
        Count,
        Number,
        "Errors while sending on one interface (errs), since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.tx_drops",
        Count,
        Number,
        "Packets one interface dropped while sending (drop), since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.tx_fifo",
        Count,
        Number,
        "FIFO overruns while sending (fifo), since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.tx_colls",
        Count,
        Number,
        "Collisions while sending (colls; half duplex only), since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
    ),
    entry!(
        "net.<if>.tx_carrier",
        Count,
        Number,
        "Carrier errors while sending (carrier: cable, port or duplex trouble), since boot as the last /proc/net/dev snapshot printed it",
        proc_net_dev::SINCE_BOOT
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
    entry!(
        "net.sockets.tcp_allocated",
        Count,
        Series,
        "TCP sockets allocated, closed ones not yet freed included (ss -s TCP: N, /proc/net/sockstat alloc)",
        ss_summary::SUMMARY
    ),
    entry!(
        "net.sockets.tcp_estab",
        Count,
        Series,
        "TCP connections established (ss -s estab)",
        ss_summary::SUMMARY
    ),
    entry!(
        "net.sockets.tcp_closed",
        Count,
        Series,
        "TCP sockets allocated but closed (ss -s closed)",
        ss_summary::SUMMARY
    ),
    entry!(
        "net.sockets.tcp_orphaned",
        Count,
        Series,
        "TCP sockets no process holds any more, still sending or closing (ss -s orphaned)",
        ss_summary::SUMMARY
    ),
    entry!(
        "net.tcp.conn.count",
        Count,
        Number,
        "TCP connections ss -ti listed with their kernel state",
        ss_info::TCP_INFO
    ),
    entry!(
        "net.tcp.conn.rtt_avg_ms",
        Milliseconds,
        Number,
        "Mean smoothed round trip of the listed TCP connections (ss -ti rtt:)",
        ss_info::TCP_INFO
    ),
    entry!(
        "net.tcp.conn.rtt_max_ms",
        Milliseconds,
        Number,
        "Largest smoothed round trip among the listed TCP connections",
        ss_info::TCP_INFO
    ),
    entry!(
        "net.tcp.conn.retrans",
        Count,
        Number,
        "Segments the listed TCP connections retransmitted over their lifetimes (ss -ti retrans:A/B, B summed)",
        ss_info::TCP_INFO
    ),
    entry!(
        "net.tcp.conn.segments_out",
        Count,
        Number,
        "Segments the listed TCP connections sent over their lifetimes, retransmissions included (ss -ti segs_out:)",
        ss_info::TCP_INFO
    ),
    entry!(
        "net.tcp.conn.retrans_pct",
        Percent,
        Number,
        "Retransmitted share of the segments the listed TCP connections sent over their lifetimes (not over the capture)",
        ss_info::TCP_INFO
    ),
    entry!(
        "net.tcp.conn.most_retrans_peer",
        None,
        Text,
        "Peer address:port of the listed TCP connection that retransmitted most",
        ss_info::TCP_INFO
    ),
];
