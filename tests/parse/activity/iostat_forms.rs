//! iostat's other text forms (basic report, `-m`, `-s`, `--pretty`, `-h`) give the facts of
//! `iostat -x` under the same keys. Expected values are read off the fixtures.

use crate::support::*;
use perfsage::parse::activity::iostat::Iostat;

#[test]
fn basic_report_gives_transfers_and_throughput_without_util() {
    let p = parse_fixture("iostat/iostat_1_3.txt");
    assert_eq!(p.tool(), Some("iostat"));
    let tps = p.series("disk.vda.io_per_s");
    assert_eq!(tps.count, 2, "the since-boot report is dropped");
    close(tps.avg, (2556.0 + 3826.0) / 2.0);
    close(p.series("disk.vda.rkb_per_s").max, 979208.0);
    close(p.series("disk.vda.wkb_per_s").avg, 1175552.0 / 2.0);
    assert_eq!(line_range(p.get("disk.vda.io_per_s")), (14, 21));
    assert!(!p.has("disk.vda.util_pct"), "the basic report has no %util");
    assert!(p.has("cpu.iowait_pct"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn megabytes_become_kilobytes() {
    let p = parse_fixture("iostat/iostat_m_1_3.txt");
    close(
        p.series("disk.vda.rkb_per_s").avg,
        (348.16 + 956.01) * 1024.0 / 2.0,
    );
    close(p.series("disk.vda.wkb_per_s").max, 1147.0 * 1024.0);
}

#[test]
fn device_report_alone_counts_its_reports() {
    let p = parse_fixture("iostat/iostat_d_k_1_3.txt");
    close(p.series("disk.vda.io_per_s").avg, (2558.0 + 3826.0) / 2.0);
    assert!(!p.has("cpu.util_pct"));
    let all = parse_fixture("iostat/iostat_d_p_ALL_1_3.txt");
    close(all.series("disk.vda.io_per_s").avg, (2532.0 + 1574.0) / 2.0);
    assert_eq!(all.series("disk.loop7.io_per_s").count, 2);
}

#[test]
fn short_reports() {
    let x = parse_fixture("iostat/iostat_x_s_1_3.txt");
    close(x.series("disk.vda.util_pct").avg, (64.40 + 44.80) / 2.0);
    close(x.series("disk.vda.await_ms").max, 0.65);
    close(x.series("disk.vda.io_per_s").min, 1580.0);
    close(x.series("disk.vda.aqu_sz").min, 1.03);
    // `-s` without `-x`: kB_w+d/s mixes writes and discards, so no write figure.
    let s = parse_fixture("iostat/iostat_s_1_3.txt");
    close(s.series("disk.vda.io_per_s").max, 2524.0);
    close(s.series("disk.vda.rkb_per_s").max, 40.0);
    assert!(!s.has("disk.vda.wkb_per_s"));
}

#[test]
fn pretty_sub_reports_are_one_report_each() {
    let p = parse_fixture("iostat/iostat_x_pretty_1_3.txt");
    let util = p.series("disk.vda.util_pct");
    assert_eq!(util.count, 2);
    close(util.avg, (84.00 + 90.69) / 2.0);
    close(p.series("disk.vda.r_per_s").avg, (1409.00 + 3792.08) / 2.0);
    close(p.series("disk.vda.w_per_s").max, 1148.0);
    close(p.series("disk.vda.aqu_sz").max, 0.90);
    assert_eq!(line_range(p.get("disk.vda.util_pct")), (32, 48));
    assert_eq!(line_range(p.get("disk.vda.r_per_s")), (23, 39));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn pretty_compact_puts_the_device_last_on_one_line() {
    let p = parse_fixture("iostat/iostat_x_pretty_compact_1_3.txt");
    let util = p.series("disk.vda.util_pct");
    assert_eq!(util.count, 2);
    close(util.avg, (66.00 + 43.60) / 2.0);
    close(p.series("disk.vda.wkb_per_s").min, 818140.0);
    close(p.series("disk.vda.r_await_ms").max, 1.43);
    assert!(!p.has("disk.Device.util_pct"));
}

#[test]
fn other_forms_survive_empty_garbage_truncation_and_no_final_newline() {
    assert!(run_parser(&Iostat, b"").is_err());
    assert!(run_parser(&Iostat, b"tps Device\nnot numbers here\n").is_err());
    let full = read("iostat/iostat_x_pretty_1_3.txt");
    let text = String::from_utf8(full.clone()).unwrap();
    // Cut inside the last report's last row: three reports are complete before it.
    let cut = text.rfind("vda").unwrap() - 4;
    let (facts, warnings) = run_parser(&Iostat, &full[..cut]).unwrap();
    let util = facts.iter().find(|f| f.key == "disk.vda.util_pct").unwrap();
    match &util.value {
        perfsage::facts::Value::Series(s) => assert_eq!(s.count, 1),
        other => panic!("{other:?}"),
    }
    assert!(
        warnings.iter().any(|w| w.message.contains("cut off")),
        "{warnings:?}"
    );
    let basic = read("iostat/iostat_1_3.txt");
    let trimmed = String::from_utf8(basic).unwrap().trim_end().to_string();
    let (facts, warnings) = run_parser(&Iostat, trimmed.as_bytes()).unwrap();
    let tps = facts.iter().find(|f| f.key == "disk.vda.io_per_s").unwrap();
    match &tps.value {
        perfsage::facts::Value::Series(s) => assert_eq!(s.count, 2),
        other => panic!("{other:?}"),
    }
    assert!(warnings.is_empty(), "{warnings:?}");
}

#[test]
fn human_values_give_the_plain_reports_facts() {
    let x = parse_fixture("iostat/iostat_x_human_1_3.txt");
    assert_eq!(x.tool(), Some("iostat"));
    let plain = parse_fixture("iostat/iostat_x_idle.txt");
    let mut keys = x.keys();
    keys.sort();
    let mut plain_keys: Vec<&str> = plain
        .keys()
        .into_iter()
        .filter(|k| k.starts_with("cpu.") || k.starts_with("disk.vda."))
        .collect();
    plain_keys.sort();
    keys.retain(|k| k.starts_with("cpu.") || k.starts_with("disk.vda."));
    assert_eq!(keys, plain_keys, "the same facts as plain iostat -x");
    // Reports 2 and 3 (the first covers the time since boot): `852.0k` and `487.1k`
    // read, `405.0M` and `2.9M` written, `20.4%` and `2.0%` busy.
    let wkb = x.series("disk.vda.wkb_per_s");
    assert_eq!(wkb.count, 2);
    close(wkb.max, 405.0 * 1024.0);
    close(wkb.min, 2.9 * 1024.0);
    close(x.series("disk.vda.rkb_per_s").avg, (852.0 + 487.1) / 2.0);
    close(x.series("disk.vda.util_pct").max, 20.4);
    close(x.series("disk.vda.r_per_s").min, 81.19);
    close(x.series("cpu.usr_pct").avg, (78.5 + 89.1) / 2.0);
    close(x.series("cpu.util_pct").max, 100.0);
    assert!(x.report.warnings.is_empty(), "{:?}", x.report.warnings);

    // `-h` alone: the basic report, device last.
    let h = parse_fixture("iostat/iostat_h_1_3.txt");
    close(h.series("disk.vda.io_per_s").avg, (40.0 + 22.77) / 2.0);
    close(h.series("disk.vda.rkb_per_s").max, 114.9);
    close(h.series("cpu.sys_pct").min, 5.9);
    assert!(h.report.warnings.is_empty(), "{:?}", h.report.warnings);
}

#[test]
fn persistent_names_key_the_device_facts() {
    // `iostat -j ID -x`: the --pretty layout with the /dev/disk/by-id name for vda.
    let p = parse_fixture("iostat/iostat_j_id_x_1_2.txt");
    assert_eq!(p.tool(), Some("iostat"));
    let util = p.series("disk.virtio-perfsage-test.util_pct");
    assert_eq!(util.count, 1, "the since-boot report is dropped");
    assert_eq!(
        line_range(p.get("disk.virtio-perfsage-test.util_pct")),
        (32, 32)
    );
    assert_eq!(
        line_range(p.get("disk.virtio-perfsage-test.r_per_s")),
        (23, 23)
    );
    assert!(p.has("disk.virtio-perfsage-test.wkb_per_s"));
    assert!(!p.keys().iter().any(|k| k.starts_with("disk.vda.")));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}
