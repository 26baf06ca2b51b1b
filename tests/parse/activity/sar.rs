use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::CaptureParser;
use perfsage::parse::activity::iostat::Iostat;
use perfsage::parse::activity::mpstat::Mpstat;
use perfsage::parse::activity::sar::Sar;
use perfsage::parse::detect::claimants;

fn text(relative: &str) -> String {
    String::from_utf8(read(relative)).unwrap()
}

#[test]
fn cpu_report_uses_interval_rows_not_the_average() {
    let p = parse_fixture("sar/sar_u.txt");
    assert_eq!(p.tool(), Some("sar"));
    let usr = p.series("cpu.usr_pct");
    assert_eq!(usr.count, 5);
    close(usr.avg, (95.0 + 93.5 + 88.44 + 79.7 + 80.6) / 5.0);
    assert_eq!(usr.interval_s, Some(1.0));
    close(p.series("cpu.util_pct").avg, 100.0);
    let util = p.get("cpu.util_pct");
    assert_eq!(line_range(util), (4, 8));
    assert_eq!(p.text("host.name"), "vm");
    close(p.num("cpu.count"), 2.0);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn cpu_all_columns_include_irq_and_soft() {
    let p = parse_fixture("sar/sar_u_all.txt");
    close(p.series("cpu.steal_pct").avg, (0.50 + 0.50 + 1.01) / 3.0);
    close(p.series("cpu.sys_pct").max, 24.26);
    assert_eq!(p.series("cpu.irq_pct").count, 3);
    assert_eq!(p.series("cpu.soft_pct").count, 3);
}

#[test]
fn per_cpu_rows_in_24_and_12_hour_time() {
    for file in ["sar/sar_P_ALL.txt", "sar/sar_P_ALL_12h.txt"] {
        let p = parse_fixture(file);
        for cpu in ["cpu.0.util_pct", "cpu.1.util_pct"] {
            let s = p.series(cpu);
            assert_eq!(s.count, 3, "{file} {cpu}");
            assert_eq!(s.interval_s, Some(1.0), "{file}");
        }
        assert_eq!(p.series("cpu.util_pct").count, 3, "{file}");
        assert!(
            !p.has("cpu.0.soft_pct"),
            "sar -P ALL without -u ALL has no %soft"
        );
    }
    let p = parse_fixture("sar/sar_P_ALL_12h.txt");
    close(p.series("cpu.sys_pct").avg, (13.79 + 17.41 + 25.98) / 3.0);
}

#[test]
fn devices_with_name_first_or_last() {
    let first = parse_fixture("sar/sar_d.txt");
    let util = first.series("disk.vda.util_pct");
    close(util.avg, (84.80 + 86.00 + 82.40) / 3.0);
    close(
        first.series("disk.vda.aqu_sz").avg,
        (21.95 + 21.67 + 15.79) / 3.0,
    );
    close(first.series("disk.vda.io_per_s").max, 42014.0);
    close(first.series("disk.vda.await_ms").min, 0.50);
    assert_eq!(first.series("disk.loop0.util_pct").count, 3);

    let last = parse_fixture("sar/sar_d_p.txt");
    close(
        last.series("disk.vda.util_pct").avg,
        (88.40 + 91.20 + 86.00) / 3.0,
    );
    close(last.series("disk.vda.rkb_per_s").min, 79292.0);
    close(last.series("disk.vda.wkb_per_s").max, 87012.0);
    let loop0 = last.series("disk.loop0.util_pct");
    assert_eq!(loop0.count, 1, "loop0 shows up in one interval only");
    close(loop0.avg, 0.80);
    assert!(!last.has("disk.vda.svctm_ms"), "sysstat 12 has no svctm");
}

#[test]
fn memory_report_has_no_label_column() {
    let p = parse_fixture("sar/sar_r.txt");
    close(
        p.series("mem.free_kib").avg,
        (21944956.0 + 21941400.0 + 21937112.0) / 3.0,
    );
    close(p.series("mem.available_kib").max, 23842108.0);
    close(p.series("mem.used_pct").avg, (2.10 + 2.11 + 2.10) / 3.0);
    close(p.series("mem.commit_pct").max, 2.44);
    close(p.series("mem.cache_kib").min, 2042652.0);
    close(p.series("mem.buff_kib").max, 16768.0);
    close(
        p.series("mem.dirty_kib").avg,
        (438672.0 + 441196.0 + 446592.0) / 3.0,
    );
}

#[test]
fn network_interfaces() {
    let p = parse_fixture("sar/sar_n_DEV.txt");
    close(
        p.series("net.lo.rxkb_per_s").avg,
        (196111.73 + 196085.83 + 187944.42) / 3.0,
    );
    close(
        p.series("net.lo.txpck_per_s").avg,
        (5351.0 + 4841.0 + 4578.0) / 3.0,
    );
    close(p.series("net.eth0.ifutil_pct").max, 0.0);
    assert_eq!(p.series("net.ifb1.rxkb_per_s").count, 3);
}

#[test]
fn several_sections_in_one_report() {
    let p = parse_fixture("sar/sar_u_d_p_r_n_DEV.txt");
    // 100 − %idle − %iowait: 100 − 2.51 − 0.50, 100 − 3.02 − 1.51, 100 − 1.01 − 0.51.
    close(p.series("cpu.util_pct").avg, (96.99 + 95.47 + 98.48) / 3.0);
    close(p.series("mem.free_kib").min, 21845400.0);
    assert_eq!(p.series("disk.vda.util_pct").count, 3);
    close(p.series("disk.vda.util_pct").max, 88.0);
    close(p.series("net.lo.rxkb_per_s").min, 97054.07);
    assert_eq!(p.series("net.lo.rxkb_per_s").interval_s, Some(1.0));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn sar_a_from_a_data_file_reads_its_sections_and_skips_the_rest() {
    let p = parse_fixture("sar/sar_A.txt");
    close(
        p.series("sys.cs_per_s").avg,
        (680.20 + 702.00 + 581.00) / 3.0,
    );
    // `sum` row of `-I`, in the `all` column; per-IRQ rows are not kept.
    close(
        p.series("sys.intr_per_s").avg,
        (571.29 + 765.00 + 662.00) / 3.0,
    );
    close(p.series("proc.runq").avg, 5.0);
    close(p.series("proc.blocked").max, 0.0);
    close(p.series("mem.swpd_kib").max, 0.0);
    assert_eq!(
        p.series("cpu.0.soft_pct").count,
        3,
        "-P ALL of -A is -u ALL"
    );
    assert_eq!(p.series("disk.vda.util_pct").count, 3);
    assert_eq!(p.series("net.eth0.rxkb_per_s").count, 3);
    assert!(
        p.keys()
            .iter()
            .all(|k| !k.contains("sum") && !k.contains("TTY"))
    );
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

/// `sar -q` in sysstat 12.7+ prints pressure stall information per resource: the
/// running averages as series, the share of each interval kept as its mean over the
/// capture (what /proc/pressure's total gives between two snapshots).
#[test]
fn pressure_stall_sections_of_sar_a() {
    let p = parse_fixture("sar/sar_A.txt");
    let some10 = p.series("psi.cpu.some.avg10_pct");
    assert_eq!(some10.count, 3);
    close(some10.avg, (69.20 + 72.97 + 72.97) / 3.0);
    close(p.series("psi.cpu.some.avg300_pct").max, 18.19);
    close(
        p.num("psi.cpu.some.stall_pct"),
        (94.99 + 98.54 + 100.37) / 3.0,
    );
    assert_eq!(line_range(p.get("psi.cpu.some.stall_pct")), (418, 420));
    close(p.series("psi.io.full.avg60_pct").max, 0.43);
    close(p.num("psi.io.some.stall_pct"), (0.01 + 0.14 + 0.48) / 3.0);
    close(p.num("psi.memory.full.stall_pct"), 0.0);
    assert!(!p.has("psi.cpu.full.avg10_pct"));
}

#[test]
fn paging_swapping_and_file_systems_of_sar_a() {
    let p = parse_fixture("sar/sar_A.txt");
    // -B: page-ins in KiB, faults and freed pages per second.
    let pgpgin = p.series("mem.pgpgin_kib_per_s");
    assert_eq!(pgpgin.count, 3);
    close(pgpgin.avg, (0.0 + 240.0 + 0.0) / 3.0);
    close(p.series("mem.pgpgout_kib_per_s").max, 16840.0);
    close(
        p.series("mem.page_faults_per_s").avg,
        (16428.71 + 21729.00 + 13088.00) / 3.0,
    );
    close(p.series("mem.pgfree_per_s").min, 6573.0);
    close(p.series("mem.major_faults_per_s").max, 0.0);
    assert_eq!(line_range(p.get("mem.pgscan_direct_per_s")), (182, 184));
    assert!(p.has("mem.vmeff_pct"));
    // -W: pages, not KiB.
    assert_eq!(p.series("swap.in_pages_per_s").count, 3);
    assert_eq!(line_range(p.get("swap.out_pages_per_s")), (176, 178));
    // -F: df's keys, the worst sample, by the device's last path component.
    let used = p.get("fs.vda.used_pct");
    assert_eq!(used.value, Value::Number(70.67));
    assert_eq!(used.provenance.line, 404);
    close(p.num("fs.loop1.used_pct"), 5.78);
    close(p.num("fs.vda.inodes_used_pct"), 2.44);
    assert!(p.num("fs.vda.inodes_free") <= 16368660.0);
    assert!(!p.keys().iter().any(|k| k.contains("dev_vda")));
}

/// Series of a fixture by key (`-F` numbers as one-sample series).
fn all_values(relative: &str) -> std::collections::BTreeMap<String, Vec<f64>> {
    parse_fixture(relative)
        .facts
        .iter()
        .filter_map(|(f, _)| match &f.value {
            Value::Series(s) => Some((f.key.clone(), s.points.clone())),
            Value::Number(n) => Some((f.key.clone(), vec![*n])),
            _ => None,
        })
        .collect()
}

#[test]
fn human_readable_values_give_the_facts_plain_values_give() {
    let plain = all_values("sar/sar_A_sadf_source.txt");
    assert!(plain.len() > 100, "{}", plain.len());
    for human in [
        "sar/sar_human_A_sadf_source.txt",
        "sar/sar_h_A_sadf_source.txt",
    ] {
        let p = parse_fixture(human);
        assert!(
            p.report.warnings.is_empty(),
            "{human}: {:?}",
            p.report.warnings
        );
        let got = all_values(human);
        let keys = |m: &std::collections::BTreeMap<String, Vec<f64>>| {
            m.keys().cloned().collect::<Vec<_>>()
        };
        assert_eq!(keys(&got), keys(&plain), "{human}");
        for (key, points) in &got {
            let expected = &plain[key];
            assert_eq!(points.len(), expected.len(), "{human} {key}");
            for (a, b) in points.iter().zip(expected) {
                // One decimal of the printed unit: `4.6M` is 4710.4 KiB for 4680.
                let tolerance = (b.abs() * 0.05).max(0.06);
                assert!((a - b).abs() <= tolerance, "{human} {key}: {a} for {b}");
            }
        }
        // A size letter is a power of 1024 of the column's KiB.
        let free = &got["mem.free_kib"][0];
        close(*free, 19.0 * 1024.0 * 1024.0);
    }
}

#[test]
fn chinese_locale_in_utf8_and_gbk() {
    let utf8 = parse_fixture("sar/sar_zh_CN.txt");
    // %idle / %iowait per row: 0.00/0.00, 0.00/0.50, 0.99/0.00.
    close(
        utf8.series("cpu.util_pct").avg,
        (100.0 + 99.5 + 99.01) / 3.0,
    );
    close(
        utf8.series("disk.vda.util_pct").avg,
        (86.00 + 82.40 + 86.34) / 3.0,
    );
    assert_eq!(utf8.series("disk.vda.util_pct").interval_s, Some(1.0));

    let gbk = parse_fixture("sar/sar_zh_CN.gbk.txt");
    assert_eq!(gbk.report.encoding, Some("GB18030/GBK"));
    assert_eq!(gbk.series("cpu.util_pct").count, 3);
    assert_eq!(gbk.series("disk.vda.util_pct").count, 3);
    assert_eq!(gbk.series("disk.vda.util_pct").interval_s, Some(1.0));
}

#[test]
fn sysstat_10_sectors_and_12_hour_times() {
    let p = parse_fixture("sar/sar_sysstat10_centos7_12h.txt");
    let rkb = p.series("disk.dev8-16.rkb_per_s");
    assert_eq!(
        rkb.count, 4,
        "Average rows are not used when intervals exist"
    );
    // rd_sec/s counts 512-byte sectors: half of it is KiB.
    close(
        rkb.avg,
        (43730.58 + 36809.54 + 30457.49 + 47701.51) / 4.0 / 2.0,
    );
    assert_eq!(rkb.interval_s, Some(600.0));
    close(p.series("disk.dev8-16.util_pct").min, 98.93);
    close(p.series("disk.dev8-16.aqu_sz").max, 33.43);
    close(p.series("disk.dev8-0.svctm_ms").max, 1.51);
    close(
        p.series("cpu.iowait_pct").avg,
        (47.13 + 41.58 + 42.24 + 48.89) / 4.0,
    );
    close(p.series("mem.used_pct").max, 98.70);
    assert!(!p.has("mem.available_kib"), "sysstat 10 has no kbavail");
    assert_eq!(p.text("host.name"), "db01");
}

#[test]
fn sysstat_11_devices_and_interfaces() {
    let p = parse_fixture("sar/sar_sysstat11_kunpeng_d_n_DEV.txt");
    let ifutil = p.series("net.enp125s0f0.ifutil_pct");
    assert_eq!(ifutil.count, 3);
    assert!(ifutil.min > 85.0, "{ifutil:?}");
    assert_eq!(ifutil.interval_s, Some(10.0));
    assert!(p.has("disk.nvme0n1.svctm_ms"));
    assert_eq!(p.series("disk.nvme1n1.util_pct").count, 3);
    close(p.num("cpu.count"), 128.0);
}

#[test]
fn averages_are_used_when_a_section_has_nothing_else() {
    let text = "Linux 6.1.0 (db) \t12/02/26 \t_x86_64_\t(2 CPU)\n\n\
Average:        CPU     %user     %nice   %system   %iowait    %steal     %idle\n\
Average:        all     40.00      0.00     10.00      5.00      0.00     45.00\n";
    let (facts, _) = run_parser(&Sar, text.as_bytes()).unwrap();
    let util = facts.iter().find(|f| f.key == "cpu.util_pct").unwrap();
    match &util.value {
        Value::Series(s) => {
            assert_eq!(s.count, 1);
            close(s.avg, 50.0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn sar_and_its_look_alikes_are_told_apart() {
    for sar in [
        "sar/sar_P_ALL.txt",
        "sar/sar_u_all.txt",
        "sar/sar_d.txt",
        "sar/sar_d_p.txt",
    ] {
        assert_eq!(claimants(&text(sar)), vec!["sar"], "{sar}");
        assert!(Mpstat.sniff(&text(sar)).is_none(), "{sar}");
        assert!(Iostat.sniff(&text(sar)).is_none(), "{sar}");
    }
    for other in [
        "mpstat/mpstat_all_24h.txt",
        "mpstat/mpstat_sysstat11_centos7.txt",
        "iostat/iostat_x_fio.txt",
    ] {
        assert!(Sar.sniff(&text(other)).is_none(), "{other}");
    }
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Sar, b"").is_err());
    assert!(run_parser(&Sar, b"12:00:01 CPU is hot\nAverage: all\n").is_err());
    assert!(run_parser(&Sar, &[0xff, 0xfe, 0x00, 0x41]).is_err());
    let header_only =
        b"12:00:01        CPU     %user     %nice   %system   %iowait    %steal     %idle\n";
    assert!(run_parser(&Sar, header_only).is_err());
    let bad_rows =
        b"12:00:01        CPU     %user     %nice   %system   %iowait    %steal     %idle\n\
12:00:02        all     x.00      0.00      5.00      0.00      0.00      0.00\n\
12:00:03        all     1.00\n";
    let err = run_parser(&Sar, bad_rows);
    assert!(err.is_err(), "{err:?}");
}

#[test]
fn truncated_capture_keeps_complete_rows_and_names_the_cut_line() {
    let full = read("sar/sar_d_p.txt");
    // Cut inside the last interval's vda row (line 7), before the Average rows.
    let text = String::from_utf8(full).unwrap();
    let line7 = text.lines().take(6).map(|l| l.len() + 1).sum::<usize>();
    let cut = &text.as_bytes()[..line7 + 30];
    let (facts, warnings) = run_parser(&Sar, cut).unwrap();
    let util = facts.iter().find(|f| f.key == "disk.vda.util_pct").unwrap();
    match &util.value {
        Value::Series(s) => assert_eq!(s.count, 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("cut off"), "{warnings:?}");
    assert_eq!(warnings[0].line, 7);
}

#[test]
fn damaged_captures_never_panic() {
    for file in [
        "sar/sar_u_d_p_r_n_DEV.txt",
        "sar/sar_A.txt",
        "sar/sar_zh_CN.txt",
    ] {
        let original = read(file);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..150 {
            let mut bytes = original.clone();
            let cut = (next() as usize) % (bytes.len() + 1);
            bytes.truncate(cut.max(bytes.len() / 2));
            for _ in 0..(next() % 12) {
                if bytes.is_empty() {
                    break;
                }
                let at = (next() as usize) % bytes.len();
                let alphabet = b" ,.:-%0123456789x\n\t{}\"[]|=";
                bytes[at] = alphabet[(next() % alphabet.len() as u64) as usize];
            }
            let _ = run_parser(&Sar, &bytes);
        }
    }
}

#[test]
fn a_restart_line_starts_nothing_and_later_headers_resume() {
    let text = "Linux 3.10.0 (db01) \t03/14/2024 \t_x86_64_\t(8 CPU)\n\n\
02:00:01 PM     CPU     %user     %nice   %system   %iowait    %steal     %idle\n\
02:10:01 PM     all     10.00      0.00      5.00      1.00      0.00     84.00\n\
02:17:44 PM       LINUX RESTART\t(8 CPU)\n\n\
02:20:01 PM     CPU     %user     %nice   %system   %iowait    %steal     %idle\n\
02:30:01 PM     all     30.00      0.00      5.00      1.00      0.00     64.00\n";
    let (facts, warnings) = run_parser(&Sar, text.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let usr = facts.iter().find(|f| f.key == "cpu.usr_pct").unwrap();
    match &usr.value {
        Value::Series(s) => {
            assert_eq!(s.count, 2);
            close(s.avg, 20.0);
            assert_eq!(s.interval_s, Some(600.0));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_restart_before_the_first_rows_does_not_set_the_interval() {
    let text = "Linux 3.10.0 (db01) \t03/14/2024 \t_x86_64_\t(8 CPU)\n\n\
12:17:44 PM       LINUX RESTART\t(8 CPU)\n\n\
12:20:01 PM     CPU     %user     %nice   %system   %iowait    %steal     %idle\n\
12:30:01 PM     all     30.00      0.00      5.00      1.00      0.00     64.00\n";
    let (facts, _) = run_parser(&Sar, text.as_bytes()).unwrap();
    let usr = facts.iter().find(|f| f.key == "cpu.usr_pct").unwrap();
    match &usr.value {
        Value::Series(s) => assert_eq!(s.interval_s, Some(600.0)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn rows_after_a_comment_line_are_kept() {
    // `sar -C` prints `HH:MM:SS COM <text>` among the rows; it is no header.
    let p = parse_fixture("sar/sar_C_comment.txt");
    assert_eq!(p.tool(), Some("sar"));
    let util = p.series("cpu.util_pct");
    assert_eq!(util.count, 4, "{util:?}");
    close(util.max, 50.0);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn tcp_counters_sockets_and_interface_errors() {
    let p = parse_fixture("sar/sar_n_TCP_ETCP_EDEV_SOCK.txt");
    assert_eq!(p.tool(), Some("sar"));
    let out = p.series("net.tcp.segments_out_per_s");
    assert_eq!((out.count, out.interval_s), (3, Some(1.0)));
    // sar's own Average row: oseg/s 86632.67, retrans/s 2066.00 (1152, 688, 4358).
    assert!((out.avg - 86632.67).abs() < 0.01, "{}", out.avg);
    close(
        p.series("net.tcp.retrans_per_s").avg,
        (1152.0 + 688.0 + 4358.0) / 3.0,
    );
    close(p.series("net.tcp.active_opens_per_s").max, 0.0);
    close(p.series("net.tcp.resets_out_per_s").max, 0.0);
    assert_eq!(p.series("net.vA.rxdrop_per_s").count, 3);
    assert_eq!(p.series("net.lo.txfifo_per_s").count, 3);
    close(p.series("net.sockets.tcp").avg, 2.0);
    close(p.series("net.sockets.tcp_timewait").max, 0.0);
    // The rows cite their lines: the first oseg/s row is line 11.
    assert_eq!(p.get("net.tcp.segments_out_per_s").provenance.line, 11);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn tcp_sections_in_chinese_and_inside_sar_a() {
    let zh = parse_fixture("sar/sar_n_TCP_ETCP_zh_CN.txt");
    let out = zh.series("net.tcp.segments_out_per_s");
    assert_eq!(out.count, 3);
    close(out.avg, (81888.0 + 5027.0 + 156634.0) / 3.0);
    close(
        zh.series("net.tcp.retrans_per_s").avg,
        (1496.0 + 225.0 + 3210.0) / 3.0,
    );
    assert!(zh.has("net.vA.rxerr_per_s"));
    // sar -A prints the same headers; this machine was idle on TCP then.
    let a = parse_fixture("sar/sar_A.txt");
    assert_eq!(a.series("net.tcp.segments_out_per_s").count, 3);
    assert_eq!(a.series("net.tcp.retrans_per_s").count, 3);
    assert_eq!(a.series("net.eth0.rxdrop_per_s").count, 3);
    assert!(a.has("net.sockets.total"));
}

#[test]
fn a_tcp_header_without_rows_or_with_bad_rows_is_reported() {
    let header_only = b"07:54:42     active/s passive/s    iseg/s    oseg/s\n";
    assert!(run_parser(&Sar, header_only).is_err());
    let short = b"07:54:42     active/s passive/s    iseg/s    oseg/s\n\
07:54:43         0.00      0.00   1262.00  86725.00\n\
07:54:44         0.00      0.00   1262.00\n";
    let (facts, warnings) = run_parser(&Sar, short).unwrap();
    let out = facts
        .iter()
        .find(|f| f.key == "net.tcp.segments_out_per_s")
        .unwrap();
    match &out.value {
        Value::Series(s) => assert_eq!(s.count, 1),
        other => panic!("{other:?}"),
    }
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 3);
}

#[test]
fn reports_perfsage_does_not_read_are_named_not_left_unrecognised() {
    // sar -b -v: a sar file, but no report perfsage reads.
    let p = parse_fixture("sar/sar_b_v.txt");
    assert_eq!(p.tool(), Some("sar"));
    let (_, message) = p.failure();
    assert!(
        message.contains("-b I/O transfer rates, -v kernel tables"),
        "{message}"
    );
    assert!(message.contains("-n DEV"), "{message}");
    // Beside a report it reads, they are passed over without a word.
    let mut both = read("sar/sar_b_v.txt");
    both.extend_from_slice(&read("sar/sar_u.txt"));
    let p = parse_bytes("sar.txt", &both);
    assert_eq!(p.series("cpu.util_pct").count, 5);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}
