//! `iostat -o JSON` and `mpstat -o JSON`: the text forms' facts under the same keys,
//! told apart from `sadf -j` by content. Expected values are read off the fixtures.

use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::activity::sysstat_json::{IostatJson, MpstatJson};

fn count_of(facts: &[perfsage::facts::Fact], key: &str) -> u64 {
    match &facts.iter().find(|f| f.key == key).unwrap().value {
        Value::Series(s) => s.count,
        other => panic!("{other:?}"),
    }
}

#[test]
fn iostat_json_basic_report_drops_the_since_boot_sample() {
    let p = parse_fixture("iostat/iostat_json_1_3.json");
    assert_eq!(p.tool(), Some("iostat"));
    let tps = p.series("disk.vda.io_per_s");
    assert_eq!(tps.count, 2);
    close(tps.avg, (2570.0 + 3826.0) / 2.0);
    close(p.series("disk.vda.rkb_per_s").min, 354980.0);
    close(p.series("disk.vda.wkb_per_s").max, 1175552.0);
    close(p.series("cpu.iowait_pct").avg, (39.20 + 41.33) / 2.0);
    // busy = 100 − idle − iowait
    close(p.series("cpu.util_pct").max, 100.0 - 0.0 - 39.20);
    assert_eq!(line_range(p.get("disk.vda.io_per_s")), (17, 23));
    assert_eq!(p.text("host.name"), "vm");
    assert!(!p.has("disk.vda.util_pct"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn iostat_json_extended_gives_the_keys_of_the_text_report() {
    let p = parse_fixture("iostat/iostat_x_json_1_3.json");
    let util = p.series("disk.vda.util_pct");
    assert_eq!(util.count, 2);
    close(util.avg, (84.40 + 91.20) / 2.0);
    close(p.series("disk.vda.r_per_s").avg, (1452.0 + 3822.0) / 2.0);
    close(p.series("disk.vda.w_await_ms").max, 0.46);
    close(p.series("disk.vda.aqu_sz").min, 0.89);
    let text = parse_fixture("iostat/iostat_x_pretty_compact_1_3.txt");
    let disk = |keys: Vec<&str>| -> Vec<String> {
        keys.into_iter()
            .filter(|k| k.starts_with("disk.vda."))
            .map(str::to_string)
            .collect()
    };
    let (mut json_keys, mut text_keys) = (disk(p.keys()), disk(text.keys()));
    json_keys.sort();
    text_keys.sort();
    assert_eq!(json_keys, text_keys);
}

#[test]
fn mpstat_json_gives_all_and_per_cpu_series_with_the_interval() {
    let p = parse_fixture("mpstat/mpstat_json_P_ALL_1_3.json");
    assert_eq!(p.tool(), Some("mpstat"));
    let util = p.series("cpu.util_pct");
    assert_eq!(util.count, 3, "mpstat's JSON samples are all intervals");
    close(
        util.avg,
        ((100.0 - 39.90) + (100.0 - 41.12) + (100.0 - 39.69)) / 3.0,
    );
    assert_eq!(util.interval_s, Some(1.0));
    close(p.series("cpu.0.util_pct").min, 100.0 - 18.81);
    close(p.series("cpu.1.soft_pct").avg, (2.06 + 1.01 + 2.13) / 3.0);
    close(p.series("cpu.usr_pct").max, 50.0);
    assert_eq!(line_range(p.get("cpu.util_pct")), (11, 27));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn mpstat_json_node_rows_are_not_cpus() {
    let p = parse_fixture("mpstat/mpstat_json_A_1_2.json");
    assert_eq!(p.series("cpu.util_pct").count, 2);
    assert_eq!(p.series("cpu.0.util_pct").count, 2);
    close(p.series("cpu.sys_pct").avg, (11.00 + 13.57) / 2.0);
    assert!(
        !p.keys().iter().any(|k| k.contains("node")),
        "{:?}",
        p.keys()
    );
    let plain = parse_fixture("mpstat/mpstat_json_1_3.json");
    assert_eq!(plain.series("cpu.util_pct").count, 3);
    assert!(!plain.has("cpu.0.util_pct"));
}

#[test]
fn json_forms_survive_empty_garbage_truncation_and_no_final_newline() {
    for parser in [
        &IostatJson as &dyn perfsage::parse::CaptureParser,
        &MpstatJson,
    ] {
        assert!(run_parser(parser, b"").is_err());
        assert!(run_parser(parser, b"{\"sysstat\": [1, 2").is_err());
        assert!(run_parser(parser, b"not json at all\n").is_err());
        assert!(run_parser(parser, b"{\"sysstat\": {\"hosts\": []}}\n").is_err());
    }
    let full = String::from_utf8(read("mpstat/mpstat_json_P_ALL_1_3.json")).unwrap();
    // Cut inside the third sample: two complete samples before it.
    let cut = full.rfind("\"cpu\": \"1\"").unwrap();
    let (facts, warnings) = run_parser(&MpstatJson, &full.as_bytes()[..cut]).unwrap();
    assert_eq!(count_of(&facts, "cpu.util_pct"), 2);
    assert!(
        warnings.iter().any(|w| w.message.contains("truncated")),
        "{warnings:?}"
    );
    let trimmed = full.trim_end();
    let (facts, warnings) = run_parser(&MpstatJson, trimmed.as_bytes()).unwrap();
    assert_eq!(count_of(&facts, "cpu.util_pct"), 3);
    assert!(warnings.is_empty(), "{warnings:?}");
    let iostat = String::from_utf8(read("iostat/iostat_json_1_3.json")).unwrap();
    let (facts, _) = run_parser(&IostatJson, iostat.trim_end().as_bytes()).unwrap();
    assert_eq!(count_of(&facts, "disk.vda.io_per_s"), 2);
}
