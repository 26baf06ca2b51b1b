//! sadf exports (`sadf -j`, `sadf -d`) against `sar -A` text of the same sa file: the
//! same fact keys must hold the same series.

use crate::support::*;
use perfsage::facts::{Fact, Value};
use perfsage::parse::CaptureParser;
use perfsage::parse::activity::sadf_csv::SadfCsv;
use perfsage::parse::activity::sadf_json::SadfJson;
use perfsage::parse::activity::sar::Sar;
use perfsage::parse::detect::claimants;
use std::collections::BTreeMap;

/// Series facts of one parser over a fixture, by key.
fn series_of(parser: &dyn CaptureParser, relative: &str) -> BTreeMap<String, Vec<f64>> {
    let (facts, warnings) = run_parser(parser, &read(relative)).unwrap();
    assert!(warnings.is_empty(), "{relative}: {warnings:?}");
    facts
        .into_iter()
        .filter_map(|Fact { key, value, .. }| match value {
            Value::Series(s) => {
                assert_eq!(s.stride, 1, "{key}");
                Some((key, s.points))
            }
            _ => None,
        })
        .collect()
}

/// File-system number facts of one parser over a fixture, by key.
fn file_systems_of(parser: &dyn CaptureParser, relative: &str) -> BTreeMap<String, f64> {
    let (facts, _) = run_parser(parser, &read(relative)).unwrap();
    facts
        .into_iter()
        .filter_map(|Fact { key, value, .. }| match value {
            Value::Number(n) if key.starts_with("fs.") => Some((key, n)),
            _ => None,
        })
        .collect()
}

/// sar -A prints `-u ALL`, whose `%sys` leaves out `%irq` and `%soft`; plain `-u`'s
/// `%system` holds them. The series `-u`'s `cpu.sys_pct` should equal.
fn system_with_irq(sar: &BTreeMap<String, Vec<f64>>) -> Vec<f64> {
    let parts = ["cpu.sys_pct", "cpu.irq_pct", "cpu.soft_pct"].map(|k| &sar[k]);
    (0..parts[0].len())
        .map(|i| parts.iter().map(|p| p[i]).sum())
        .collect()
}

/// Asserts every key of `export` is in `sar` with the same samples (within sar's
/// two-decimal rounding); returns how many keys were compared. `plain_u`: the export
/// was made with `-u`, not `-u ALL`.
fn same_as_sar(
    export: &BTreeMap<String, Vec<f64>>,
    sar: &BTreeMap<String, Vec<f64>>,
    plain_u: bool,
) -> usize {
    let system = system_with_irq(sar);
    for (key, points) in export {
        let expected = match sar.get(key) {
            Some(_) if plain_u && key == "cpu.sys_pct" => &system,
            Some(expected) => expected,
            None => panic!("sar has no {key}"),
        };
        assert_eq!(points.len(), expected.len(), "{key}");
        for (i, (a, b)) in points.iter().zip(expected).enumerate() {
            assert!((a - b).abs() < 0.015, "{key}[{i}]: export {a}, sar {b}");
        }
    }
    export.len()
}

#[test]
fn json_and_csv_exports_give_the_facts_sar_text_gives() {
    let sar = series_of(&Sar, "sar/sar_A_sadf_source.txt");
    assert_eq!(sar["cpu.util_pct"].len(), 24);

    let json = series_of(&SadfJson, "sadf/sadf_j_A.json");
    let compared = same_as_sar(&json, &sar, false);
    // Everything sar -A gives, the sadf -j -A export gives too, the pressure stall
    // sections (`psi.*`, nested in a `psi` object) included.
    let missing: Vec<_> = sar.keys().filter(|k| !json.contains_key(*k)).collect();
    assert!(missing.is_empty(), "JSON lacks {missing:?}");
    assert!(compared >= 60, "{compared}");

    // Paging and swapping (-B, -W) are series in both.
    for key in [
        "mem.page_faults_per_s",
        "mem.pgsteal_per_s",
        "swap.out_pages_per_s",
    ] {
        assert!(json.contains_key(key), "{key}");
    }
    // File systems (-F) are numbers keyed like df's, the same from sar text, JSON and CSV.
    let fs_sar = file_systems_of(&Sar, "sar/sar_A_sadf_source.txt");
    assert!(fs_sar.contains_key("fs.vda.used_pct"), "{fs_sar:?}");
    assert_eq!(file_systems_of(&SadfJson, "sadf/sadf_j_A.json"), fs_sar);
    assert_eq!(file_systems_of(&SadfCsv, "sadf/sadf_d_F.csv"), fs_sar);

    let selected = series_of(&SadfJson, "sadf/sadf_j_selected.json");
    for key in [
        "cpu.usr_pct",
        "cpu.1.util_pct",
        "disk.vda.await_ms",
        "disk.vda.wkb_per_s",
        "net.eth0.rxkb_per_s",
        "mem.free_kib",
        "mem.major_faults_per_s",
        "swap.in_pages_per_s",
        "proc.runq",
    ] {
        assert!(selected.contains_key(key), "{key}");
    }
    same_as_sar(&selected, &sar, true);

    for (csv, keys) in [
        (
            "sadf/sadf_d_u_P_ALL.csv",
            &["cpu.util_pct", "cpu.sys_pct", "cpu.0.util_pct"][..],
        ),
        (
            "sadf/sadf_d_d.csv",
            &["disk.vda.util_pct", "disk.vda.aqu_sz", "disk.vda.rkb_per_s"],
        ),
        (
            "sadf/sadf_d_n_DEV.csv",
            &["net.eth0.txkb_per_s", "net.lo.rxpck_per_s"],
        ),
        (
            "sadf/sadf_d_B.csv",
            &[
                "mem.pgpgin_kib_per_s",
                "mem.major_faults_per_s",
                "mem.pgscan_direct_per_s",
                "mem.vmeff_pct",
            ],
        ),
        (
            "sadf/sadf_d_W.csv",
            &["swap.in_pages_per_s", "swap.out_pages_per_s"],
        ),
    ] {
        let facts = series_of(&SadfCsv, csv);
        for key in keys {
            assert!(facts.contains_key(*key), "{csv} {key}");
        }
        same_as_sar(&facts, &sar, true);
    }
}

/// A binary sa file's series by key, read as a bundle file is (through sadf).
fn binary_series(path: &std::path::Path) -> BTreeMap<String, Vec<f64>> {
    let parsed = parse_file(path);
    assert_eq!(
        parsed.report.tool.as_deref(),
        Some("sadf"),
        "{:?}",
        parsed.report
    );
    let note = &parsed.report.warnings[0].message;
    assert!(note.contains("written by sysstat 12.6.1"), "{note}");
    assert!(note.contains("sadf -j sa04 -- -A"), "{note}");
    parsed
        .facts
        .into_iter()
        .filter_map(|(Fact { key, value, .. }, _)| match value {
            Value::Series(s) => Some((key, s.points)),
            _ => None,
        })
        .collect()
}

#[test]
#[ignore = "needs sysstat's sadf (apt-get install sysstat); .ci/run installs it"]
fn a_binary_sa_file_is_read_through_sadf_as_sar_reads_it() {
    let sar = series_of(&Sar, "sar/sar_A_sadc_sa04.txt");
    let binary = binary_series(&fixture("sadc/sa04"));
    assert!(same_as_sar(&binary, &sar, false) >= 40);
    let missing: Vec<_> = sar.keys().filter(|k| !binary.contains_key(*k)).collect();
    assert!(missing.is_empty(), "the binary read lacks {missing:?}");
    assert_eq!(binary["cpu.util_pct"].len(), 5);
}

#[test]
#[ignore = "needs sysstat's sadf (apt-get install sysstat); .ci/run installs it"]
fn a_binary_sa_file_sadf_cannot_read_says_which_sysstat_wrote_it() {
    let good = read("sadc/sa04");
    // The format number of a sysstat newer than the one installed.
    let mut newer = good.clone();
    newer[2] = 0x76;
    let parsed = parse_bytes("sa05", &newer);
    assert!(parsed.facts.is_empty());
    let problem = parsed.report.problem().unwrap();
    assert!(problem.contains("written by sysstat 12.6.1"), "{problem}");
    assert!(problem.contains("cannot read the format"), "{problem}");
    // Cut short: sadf says where it ended, and nothing is made up.
    let parsed = parse_bytes("sa06", &good[..100]);
    assert!(parsed.facts.is_empty());
    let problem = parsed.report.problem().unwrap();
    assert!(
        problem.contains("End of system activity file unexpected"),
        "{problem}"
    );
    // Compressed: sadf needs the plain file.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &good).unwrap();
    let parsed = parse_bytes("sa07.gz", &gz.finish().unwrap());
    assert!(parsed.report.problem().unwrap().contains("gunzip it first"));
}

#[test]
fn samples_are_cited_by_the_line_their_object_or_row_starts_on() {
    let p = parse_fixture("sadf/sadf_j_selected.json");
    assert_eq!(p.tool(), Some("sadf"));
    let util = p.get("disk.vda.util_pct");
    let text = String::from_utf8(read("sadf/sadf_j_selected.json")).unwrap();
    let statistics = text
        .lines()
        .position(|l| l.contains("\"statistics\""))
        .unwrap();
    let first = text
        .lines()
        .skip(statistics)
        .position(|l| l.trim() == "{")
        .map(|i| (statistics + i) as u64 + 1)
        .unwrap();
    assert_eq!(util.provenance.line, first);
    assert_eq!(p.text("host.name"), "vm");
    close(p.num("cpu.count"), 2.0);
    let csv = parse_fixture("sadf/sadf_d_d.csv");
    assert_eq!(csv.tool(), Some("sadf"));
    let await_ms = csv.get("disk.vda.await_ms");
    assert_eq!(line_range(await_ms), (2, 25));
    assert_eq!(csv.series("disk.vda.await_ms").interval_s, Some(1.0));
}

#[test]
fn exports_are_detected_by_content_and_only_by_their_parser() {
    let text = |f: &str| String::from_utf8(read(f)).unwrap();
    for json in ["sadf/sadf_j_A.json", "sadf/sadf_j_selected.json"] {
        assert_eq!(claimants(&text(json)), vec!["sadf"], "{json}");
    }
    for csv in [
        "sadf/sadf_d_u_P_ALL.csv",
        "sadf/sadf_d_d.csv",
        "sadf/sadf_d_n_DEV.csv",
    ] {
        assert_eq!(claimants(&text(csv)), vec!["sadf"], "{csv}");
    }
    assert_eq!(claimants(&text("sar/sar_A_sadf_source.txt")), vec!["sar"]);
    for other in ["sar/sar_A.txt", "fio/fio_randread.json"] {
        let head = text(other);
        assert!(SadfJson.sniff(&head).is_none(), "{other}");
        assert!(SadfCsv.sniff(&head).is_none(), "{other}");
    }
}

#[test]
fn a_cut_json_keeps_the_samples_before_the_break() {
    let whole = read("sadf/sadf_j_selected.json");
    let cut = &whole[..whole.len() / 2];
    let (facts, warnings) = run_parser(&SadfJson, cut).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("truncated"), "{warnings:?}");
    let util = facts.iter().find(|f| f.key == "cpu.util_pct").unwrap();
    let Value::Series(s) = &util.value else {
        panic!()
    };
    assert!(s.count > 5 && s.count < 24, "{}", s.count);
}

#[test]
fn a_cut_csv_drops_only_its_cut_last_row() {
    let whole = read("sadf/sadf_d_d.csv");
    let cut = &whole[..whole.len() - 4];
    let (facts, warnings) = run_parser(&SadfCsv, cut).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let util = facts.iter().find(|f| f.key == "disk.vda.util_pct").unwrap();
    let Value::Series(s) = &util.value else {
        panic!()
    };
    assert_eq!(s.count, 23);
}

#[test]
fn bad_json_is_an_error_naming_the_line() {
    let whole = String::from_utf8(read("sadf/sadf_j_selected.json")).unwrap();
    let wrong_type = whole.replacen("\"tps\": 233.00", "\"tps\": \"many\"", 1);
    let line = wrong_type
        .lines()
        .position(|l| l.contains("\"many\""))
        .unwrap() as u64
        + 1;
    let e = run_parser(&SadfJson, wrong_type.as_bytes()).unwrap_err();
    assert_eq!(e.line, Some(line), "{e}");
    assert!(e.message.contains("invalid type"), "{e}");

    let huge = whole.replacen("\"tps\": 233.00", "\"tps\": 1e999", 1);
    let e = run_parser(&SadfJson, huge.as_bytes()).unwrap_err();
    assert_eq!(e.line, Some(line), "{e}");

    let mut bytes = whole.clone().into_bytes();
    let at = whole.find("\"vda\"").unwrap() + 2;
    bytes[at] = 0xff;
    assert!(run_parser(&SadfJson, &bytes).is_err());

    for garbage in [
        "{\"sysstat\": [1, 2",
        "{\"sysstat\": {\"hosts\": 3}}",
        "{}",
        "[]",
    ] {
        assert!(
            run_parser(&SadfJson, garbage.as_bytes()).is_err(),
            "{garbage}"
        );
    }
    let e = run_parser(&SadfCsv, b"# hostname;interval;timestamp;CPU;%user;%idle\n").unwrap_err();
    assert!(e.message.contains("no rows"), "{e}");
}
