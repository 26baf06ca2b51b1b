//! `cat /proc/net/dev` against its real fixtures: totals since boot from one snapshot,
//! sar's per-second keys from stamped ones.

use crate::support::*;
use perfsage::parse::detect::claimants;
use perfsage::parse::net::proc_net_dev::ProcNetDev;

/// Column `column` (0 = received bytes) of interface `name` in snapshot `nth` of a
/// fixture, found by plain text search rather than the parser: its value and line.
fn counter(relative: &str, name: &str, column: usize, nth: usize) -> (f64, u64) {
    let text = String::from_utf8(read(relative)).unwrap();
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let rest = line.trim_start().strip_prefix(name)?.strip_prefix(':')?;
            let value = rest.split_whitespace().nth(column)?;
            Some((value.parse().unwrap(), i as u64 + 1))
        })
        .nth(nth)
        .unwrap_or_else(|| panic!("{relative}: no {name} #{nth}"))
}

#[test]
fn one_snapshot_gives_totals_since_boot_and_no_rates() {
    let f = "proc-net-dev/proc_net_dev.txt";
    let p = parse_fixture(f);
    assert_eq!(p.tool(), Some("proc-net-dev"));
    for (key, column, divisor) in [
        ("net.eth0.rx_kib", 0, 1024.0),
        ("net.eth0.rx_packets", 1, 1.0),
        ("net.eth0.rx_errors", 2, 1.0),
        ("net.eth0.rx_drops", 3, 1.0),
        ("net.eth0.rx_fifo", 4, 1.0),
        ("net.eth0.tx_kib", 8, 1024.0),
        ("net.eth0.tx_packets", 9, 1.0),
        ("net.eth0.tx_drops", 11, 1.0),
        ("net.eth0.tx_carrier", 14, 1.0),
        ("net.lo.rx_packets", 1, 1.0),
    ] {
        let name = key.split('.').nth(1).unwrap();
        let (value, line) = counter(f, name, column, 0);
        close(p.num(key), value / divisor);
        assert_eq!(p.get(key).provenance.line, line, "{key}");
    }
    assert!(p.num("net.eth0.rx_packets") > 0.0);
    assert!(!p.has("net.eth0.rxpck_per_s"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn stamped_snapshots_give_rates_under_sars_keys() {
    let f = "proc-net-dev/proc_net_dev_loop3_epoch.txt";
    let p = parse_fixture(f);
    assert_eq!(p.tool(), Some("proc-net-dev"));
    let rate = |column: usize, nth: usize| {
        (counter(f, "vB", column, nth + 1).0 - counter(f, "vB", column, nth).0)
            / (epoch_stamp(f, nth + 1) - epoch_stamp(f, nth))
    };
    for (key, column, divisor) in [
        ("net.vB.rxpck_per_s", 1, 1.0),
        ("net.vB.rxkb_per_s", 0, 1024.0),
        ("net.vB.txpck_per_s", 9, 1.0),
        ("net.vB.rxdrop_per_s", 3, 1.0),
        ("net.vB.rxerr_per_s", 2, 1.0),
        ("net.vB.txfifo_per_s", 12, 1.0),
    ] {
        let s = p.series(key);
        assert_eq!(s.points.len(), 2, "{key}");
        close(s.points[0], rate(column, 0) / divisor);
        close(s.points[1], rate(column, 1) / divisor);
        assert_eq!(
            s.interval_s,
            Some((epoch_stamp(f, 2) - epoch_stamp(f, 0)) / 2.0)
        );
        assert_eq!(
            line_range(p.get(key)),
            (counter(f, "vB", 0, 1).1, counter(f, "vB", 0, 2).1),
            "{key}"
        );
    }
    // The drops the unknown EtherType caused, growing between the snapshots.
    assert!(p.series("net.vB.rxdrop_per_s").avg > 0.0);
    // Totals are the last snapshot's.
    close(p.num("net.vB.rx_drops"), counter(f, "vB", 3, 2).0);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn unstamped_snapshots_give_totals_and_a_warning() {
    let text = String::from_utf8(read("proc-net-dev/proc_net_dev_loop3_epoch.txt")).unwrap();
    let unstamped: String = text
        .lines()
        .filter(|l| !l.bytes().all(|b| b.is_ascii_digit()))
        .map(|l| format!("{l}\n"))
        .collect();
    let (facts, warnings) = run_parser(&ProcNetDev, unstamped.as_bytes()).unwrap();
    assert!(facts.iter().any(|f| f.key == "net.vB.rx_drops"));
    assert!(!facts.iter().any(|f| f.key.ends_with("_per_s")));
    assert!(warnings.iter().any(|w| w.message.contains("no rates")));
}

#[test]
fn only_this_parser_claims_it() {
    for f in ["proc_net_dev.txt", "proc_net_dev_loop3_epoch.txt"] {
        let text = String::from_utf8(read(&format!("proc-net-dev/{f}"))).unwrap();
        assert_eq!(claimants(&text), ["proc-net-dev"], "{f}");
    }
}

#[test]
fn garbage_and_headers_alone_are_errors() {
    assert!(run_parser(&ProcNetDev, b"").is_err());
    let headers = "Inter-|   Receive |  Transmit\n face |bytes    packets\n";
    assert!(run_parser(&ProcNetDev, headers.as_bytes()).is_err());
    let (_, warnings) = run_parser(
        &ProcNetDev,
        b"Inter-|\n face |bytes\n  eth0: 1 2 3\n  lo: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n",
    )
    .unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
}
