//! `perfsage compare`: runs before and after a tuning step, side by side, from bundles,
//! case folders (a chain) or saved JSON reports, in every format.

use crate::reports::two_bundle_case;
use crate::support::*;
use perfsage::diagnosis::{Reason, Verdict};
use perfsage::report::i18n::labels::Lang;
use perfsage::report::i18n::verdict_words::verdict_summary;
use std::path::Path;

/// Case B's first bundle (the case folder holds the whole chain of bundles).
const BASELINE: &str = "cases/greatdb-vm-cluster/bundle";

fn run_ok(args: &[&str]) -> String {
    let out = perfsage(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend_from_slice(&["--format", "json"]);
    serde_json::from_str(&run_ok(&all)).unwrap()
}

/// Case B's bundle as if a raw pass-through disk had been attached: the data disk
/// about 60 % busy instead of 99 %, and every sysbench run 25 % faster. Works on every
/// iostat and sysbench file of the bundle, wherever its hosts keep them.
pub fn raw_disk_copy(dir: &Path) -> String {
    let bundle = dir.join("raw-disk");
    copy_dir(&root().join(BASELINE), &bundle);
    rewrite_captures(&bundle);
    bundle.display().to_string()
}

fn rewrite_captures(dir: &Path) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            rewrite_captures(&path);
        } else if name.starts_with("iostat") {
            rewrite(&path, slower_data_disk);
        } else if name.starts_with("sysbench") {
            rewrite(&path, faster_runs);
        }
    }
}

fn rewrite(path: &Path, change: fn(&str) -> String) {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<String> = text.lines().map(change).collect();
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// The data disk's %util (the last column of its iostat -x line) × 0.6.
fn slower_data_disk(line: &str) -> String {
    if !line.starts_with("vdb ") {
        return line.to_string();
    }
    let (head, util) = line.rsplit_once(' ').unwrap();
    let util: f64 = util.parse().unwrap();
    format!("{head} {:.2}", util * 0.6)
}

/// sysbench's final transaction and query rates × 1.25.
fn faster_runs(line: &str) -> String {
    let trimmed = line.trim_start();
    if !(trimmed.starts_with("transactions:") || trimmed.starts_with("queries:")) {
        return line.to_string();
    }
    let open = line.find('(').unwrap();
    let close = line.find(" per sec.)").unwrap();
    let rate: f64 = line[open + 1..close].parse().unwrap();
    format!("{}({:.2}{}", &line[..open], rate * 1.25, &line[close..])
}

#[test]
fn a_raw_disk_after_case_b_matches_the_raw_disk_step() {
    let dir = tempfile::tempdir().unwrap();
    let after = raw_disk_copy(dir.path());
    let c = json(&["compare", BASELINE, &after]);
    assert_eq!(c["kind"], "comparison");
    assert_eq!(
        c["schema_version"], 2,
        "its verdicts hold reasons, not sentences"
    );
    assert_eq!(
        c["changes"][0]["hosts"][0]["verdict_before"]["reason"]["kind"],
        "finding"
    );
    assert_eq!(c["snapshots"][0]["label"], "vm-64c-virtual-disk");
    assert_eq!(c["snapshots"][1]["label"], "raw-disk");
    let host = &c["changes"][0]["hosts"][0];
    assert_eq!(host["host"], "greatdb-db1");
    let key = host["gains"][0]["key"].as_str().unwrap();
    assert!(key.starts_with("bench.") && key.ends_with(".tps"), "{key}");
    let gain = host["gains"][0]["change_pct"].as_f64().unwrap();
    assert!((gain - 25.0).abs() < 0.1, "{gain}");
    let gone: Vec<&str> = strings(&host["findings_gone"], "rule");
    assert_eq!(
        gone,
        [
            "storage.disk_saturated",
            "virtualization.raw_disk_passthrough"
        ]
    );
    assert_eq!(
        host["matches"][0]["finding"]["rule"], "virtualization.raw_disk_passthrough",
        "the step whose case gain (+27 %) is closest to the measured +25 %"
    );
    assert_eq!(host["verdict_before"]["resource"], "storage");
    assert_eq!(host["verdict_after"]["resource"], "none");

    let table = run_ok(&["compare", BASELINE, &after]);
    for part in [
        "══ vm-64c-virtual-disk → raw-disk",
        "\nBenchmark gain\n  oltp_read_write: 3,171 → 3,963 TPS, +25.0 %",
        "  - virtualization.raw_disk_passthrough — Test a raw pass-through disk",
        "measured +25.0 %, in the source case +27.0 %",
        "\nFindings that disappeared\n",
        "STORAGE limits throughput → No resource is saturated",
    ] {
        assert!(table.contains(part), "{part:?} missing from:\n{table}");
    }
    let md = run_ok(&[
        "compare", BASELINE, &after, "--format", "md", "--lang", "zh",
    ]);
    assert!(
        md.contains("#### 基准测试收益\n\n- oltp\\_read\\_write：3,171 → 3,963 TPS, +25.0 %"),
        "{md}"
    );
    assert!(md.contains("为虚拟机已饱和的虚拟磁盘测试裸盘直通"), "{md}");
    let html = run_ok(&["compare", BASELINE, &after, "--format", "html"]);
    assert!(html.contains("data-chart=\"chain\"") && html.contains("+25.0 %"));
}

#[test]
fn case_b_folder_is_a_chain_whose_changes_match_the_documents_steps() {
    let c = json(&["compare", "cases/greatdb-vm-cluster"]);
    let labels: Vec<&str> = strings(&c["snapshots"], "label");
    assert_eq!(
        labels,
        [
            "vm-64c-virtual-disk",
            "vm-64c-raw-disk",
            "vm-48c-pinned-raw-disk"
        ]
    );
    for (change, rule, gain) in [
        (0, "virtualization.raw_disk_passthrough", 24.6),
        (1, "virtualization.vcpus_exceed_host_socket", 8.7),
    ] {
        let host = c["changes"][change]["hosts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["host"] == "greatdb-db1")
            .unwrap();
        assert_eq!(
            host["matches"][0]["finding"]["rule"], rule,
            "change {change}"
        );
        let measured = host["gains"][0]["change_pct"].as_f64().unwrap();
        assert!((measured - gain).abs() < 0.1, "change {change}: {measured}");
    }
}

#[test]
fn more_than_two_runs_make_a_chain_with_an_overall_change() {
    let dir = tempfile::tempdir().unwrap();
    let after = raw_disk_copy(dir.path());
    // The same hosts before any benchmark ran: no sysbench results, no disk captures.
    let first = dir.path().join("no-benchmark");
    copy_dir(&root().join(BASELINE), &first);
    remove_captures(&first, &["iostat", "sysbench"]);
    let first = first.display().to_string();
    let c = json(&["compare", &first, BASELINE, &after]);
    assert_eq!(c["snapshots"].as_array().unwrap().len(), 3);
    assert_eq!(c["changes"].as_array().unwrap().len(), 2);
    assert_eq!(c["changes"][1]["before"], 1);
    assert_eq!(c["overall"]["before"], 0);
    assert_eq!(c["overall"]["after"], 2);
    let overall = &c["overall"]["hosts"][0];
    assert_eq!(
        overall["matches"][0]["finding"]["rule"], "virtualization.raw_disk_passthrough",
        "the step matched along the chain, though the first run never had its finding"
    );
    let tps = overall["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["key"].as_str().unwrap().ends_with(".tps"))
        .unwrap();
    assert_eq!(tps["before_run"], 1, "the first run measured no TPS: {tps}");
}

/// Deletes, in every host folder, the captures whose name starts with one of `prefixes`.
fn remove_captures(dir: &Path, prefixes: &[&str]) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            remove_captures(&path, prefixes);
        } else if prefixes.iter().any(|p| name.starts_with(p)) {
            std::fs::remove_file(&path).unwrap();
        }
    }
}

#[test]
fn saved_json_reports_compare_like_their_bundles() {
    let dir = tempfile::tempdir().unwrap();
    let after = raw_disk_copy(dir.path());
    let before_json = dir.path().join("vm-64c-virtual-disk.json");
    let after_json = dir.path().join("raw-disk.json");
    run_ok(&["diagnose", BASELINE, "-o", before_json.to_str().unwrap()]);
    run_ok(&["diagnose", &after, "-o", after_json.to_str().unwrap()]);
    let from_bundles = json(&["compare", BASELINE, &after]);
    let from_reports = json(&[
        "compare",
        before_json.to_str().unwrap(),
        after_json.to_str().unwrap(),
    ]);
    assert_eq!(from_bundles, from_reports);
}

#[test]
fn reports_saved_by_earlier_schemas_still_compare() {
    // Schema 1 wrote skip reasons and capture hints as English sentences (saved for the
    // whole case); schema 2 the verdict and the target status as sentences in both
    // languages (saved for its first bundle). Diagnosed now, the same captures compare
    // with them as with themselves: nothing changed, and the verdict reads the same.
    for (version, old, same) in [
        (
            1,
            "fixtures/reports/greatdb-vm-cluster-schema1.json",
            "cases/greatdb-vm-cluster",
        ),
        (
            2,
            "fixtures/reports/greatdb-vm-cluster-schema2.json",
            BASELINE,
        ),
    ] {
        let saved: serde_json::Value =
            serde_json::from_slice(&std::fs::read(root().join(old)).unwrap()).unwrap();
        assert_eq!(saved["schema_version"], version);
        let c = json(&["compare", old, same]);
        let host = &c["changes"][0]["hosts"][0];
        same_verdict_as_worded(&host["verdict_before"], &host["verdict_after"]);
        assert_eq!(host["findings_gone"], serde_json::json!([]), "{old}");
        assert_eq!(host["findings_new"], serde_json::json!([]), "{old}");
    }
}

/// A verdict read from an old report (its sentences kept as worded) says what the
/// same verdict reached now says, in both languages.
fn same_verdict_as_worded(saved: &serde_json::Value, now: &serde_json::Value) {
    let saved: Verdict = serde_json::from_value(saved.clone()).unwrap();
    let now: Verdict = serde_json::from_value(now.clone()).unwrap();
    assert!(matches!(saved.reason, Reason::Worded { .. }), "{saved:?}");
    assert_eq!(
        (saved.resource, saved.confidence, &saved.rule),
        (now.resource, now.confidence, &now.rule)
    );
    for lang in [Lang::En, Lang::Zh] {
        assert_eq!(verdict_summary(&saved, lang), verdict_summary(&now, lang));
    }
}

#[test]
fn fixture_bundle_pairs_show_what_changed() {
    // CPU-bound → disk-bound: the CPU finding goes, the disk one comes.
    let c = json(&[
        "compare",
        "fixtures/bundles/cpu-bound",
        "fixtures/bundles/disk-bound",
    ]);
    let host = &c["changes"][0]["hosts"][0];
    let rules = |list: &serde_json::Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|f| f["rule"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(rules(&host["findings_gone"]).contains(&"resource.cpu_saturated".to_string()));
    assert!(rules(&host["findings_new"]).contains(&"storage.disk_saturated".to_string()));
    assert_eq!(host["verdict_before"]["resource"], "cpu");
    assert_eq!(host["verdict_after"]["resource"], "storage");
    let cpu = host["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["key"] == "cpu.util_pct")
        .unwrap();
    assert!(cpu["change_pct"].as_f64().unwrap() < -50.0, "{cpu}");

    // A case folder with two bundles is a chain of its own.
    let case = two_bundle_case();
    let c = json(&["compare", case.path().to_str().unwrap()]);
    let labels: Vec<&str> = strings(&c["snapshots"], "label");
    assert_eq!(labels, ["busy", "idle"]);
}

#[test]
fn redacted_comparisons_name_no_host() {
    let dir = tempfile::tempdir().unwrap();
    let after = raw_disk_copy(dir.path());
    for format in ["table", "md", "html", "json"] {
        let out = run_ok(&["compare", BASELINE, &after, "--format", format, "--redact"]);
        assert!(!out.contains("greatdb-db1"), "{format}: {out}");
        assert!(out.contains("host-"));
    }
}

#[test]
fn one_run_or_a_comparison_as_input_is_refused() {
    let out = perfsage(&["compare", "fixtures/bundles/idle"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("compare needs at least two"),
        "{}",
        stderr(&out)
    );

    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("c.json");
    run_ok(&[
        "compare",
        "fixtures/bundles/idle",
        "fixtures/bundles/cpu-bound",
        "-o",
        saved.to_str().unwrap(),
    ]);
    let out = perfsage(&["compare", saved.to_str().unwrap(), "fixtures/bundles/idle"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is a comparison"), "{}", stderr(&out));

    std::fs::write(&saved, "{\"schema_version\": 99, \"hosts\": []}").unwrap();
    let out = perfsage(&["compare", saved.to_str().unwrap(), "fixtures/bundles/idle"]);
    assert!(
        stderr(&out).contains("newer than this perfsage"),
        "{}",
        stderr(&out)
    );
}

/// Case A as a chain of its four bundles (written as `cases/dm8-kunpeng-sysbench`):
/// the LSE rebuild takes read-only QPS from 1,133,074 to 1,905,800.
#[test]
fn dm8_case_chain() {
    let case = root().join("cases/dm8-kunpeng-sysbench");
    let out = run_ok(&["compare", case.to_str().unwrap()]);
    assert!(out.contains("1,133,074 → 1,905,800 QPS, +68.2 %"), "{out}");
    let c = json(&["compare", case.to_str().unwrap()]);
    assert_eq!(c["snapshots"].as_array().unwrap().len(), 4);
}
