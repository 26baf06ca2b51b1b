//! An engagement built from bundles in capture order with `perfsage log` declaring each
//! change: the chain judges every change against the step it carried out, with the
//! gains computed from the runs' own figures.

use crate::support::{copy_dir, perfsage, stderr, stdout};
use perfsage::engagement::{Engagement, Outcome};
use std::path::Path;

fn tps(e: &Engagement, run: usize) -> f64 {
    e.runs[run].hosts[0]
        .key_metrics
        .iter()
        .find(|m| m.throughput && m.key.ends_with(".tps"))
        .expect("a TPS figure")
        .value
}

fn log(bundle: &Path, applied: &str) -> std::process::Output {
    perfsage(&[
        "log",
        bundle.to_str().unwrap(),
        "--applied",
        applied,
        "--by",
        "tester",
        "--date",
        "2026-12-04",
    ])
}

#[test]
fn logged_changes_are_judged_against_the_steps_they_carried_out() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    let case = Path::new("cases/greatdb-vm-cluster");
    copy_dir(&case.join("bundle"), &runs.join("1-virtual-disk"));
    copy_dir(
        &case.join("bundles/vm-64c-raw-disk"),
        &runs.join("2-raw-disk"),
    );
    copy_dir(&case.join("bundle"), &runs.join("3-back-to-virtual"));
    let out = log(
        &runs.join("2-raw-disk"),
        "virtualization.raw_disk_passthrough",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let out = log(
        &runs.join("3-back-to-virtual"),
        "data moved back to the virtual disk",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let again = log(&runs.join("3-back-to-virtual"), "something else");
    assert_eq!(again.status.code(), Some(2), "a declared change is kept");
    assert!(stderr(&again).contains("--replace"), "{}", stderr(&again));

    let out = perfsage(&[
        "diagnose",
        "--chain",
        "--each",
        runs.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let e: Engagement = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(e.name, "runs");
    assert_eq!(e.chain.len(), 3);

    let raw = e.chain[1].change.as_ref().unwrap();
    let declared = raw.declared.as_ref().unwrap();
    assert_eq!(declared.by.as_deref(), Some("tester"));
    assert_eq!(
        raw.step.as_deref(),
        Some("virtualization.raw_disk_passthrough")
    );
    assert!(raw.recommended, "the first run recommended the raw disk");
    assert!(!raw.inferred);
    let measured = (tps(&e, 1) / tps(&e, 0) - 1.0) * 100.0;
    assert!((raw.measured_gain_pct.unwrap() - measured).abs() < 1e-9);
    assert_eq!(raw.expected_gain_pct, Some(27.0), "the rule's case gain");
    assert_eq!(raw.outcome, Outcome::Helped);

    let back = e.chain[2].change.as_ref().unwrap();
    assert_eq!(back.step, None, "free text names no rule");
    let measured = (tps(&e, 2) / tps(&e, 1) - 1.0) * 100.0;
    assert!(measured < -2.0);
    assert!((back.measured_gain_pct.unwrap() - measured).abs() < 1e-9);
    assert_eq!(back.outcome, Outcome::Worse);

    let md = perfsage(&[
        "diagnose",
        "--chain",
        "--each",
        runs.to_str().unwrap(),
        "--format",
        "md",
    ]);
    let md = stdout(&md);
    let chain = &md[..md.find("Current state").expect("the latest run follows")];
    assert!(chain.contains("**made it worse: roll back**"), "{chain}");
    assert!(chain.contains("helped, as expected"), "{chain}");
    assert!(
        chain.contains("(recommended by the run before) — tester, 2026-12-04"),
        "{chain}"
    );
}

#[test]
fn a_gain_no_declared_change_explains_is_pointed_out() {
    let dir = tempfile::tempdir().unwrap();
    let case = Path::new("cases/greatdb-vm-cluster");
    // The 48-vCPU run after the raw-disk one, with its findings' change not declared
    // and no recommended step gone from the first: the gain is unexplained.
    let first = dir.path().join("a");
    let second = dir.path().join("b");
    copy_dir(&case.join("bundles/vm-48c-pinned-raw-disk"), &first);
    copy_dir(&case.join("bundles/vm-48c-pinned-raw-disk"), &second);
    // The same capture twice: no gain, no effect.
    let out = perfsage(&[
        "diagnose",
        "--chain",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let e: Engagement = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        e.chain[1].change.as_ref().unwrap().outcome,
        Outcome::NoEffect
    );
    // A single run is no chain.
    let one = perfsage(&["diagnose", "--chain", first.to_str().unwrap()]);
    assert_eq!(one.status.code(), Some(2));
    assert!(
        stderr(&one).contains("a chain needs at least two"),
        "{}",
        stderr(&one)
    );
}

#[test]
fn rules_list_shows_the_gains_each_step_measured_in_the_case_chains() {
    let out = perfsage(&["diagnose", "cases/greatdb-vm-cluster", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let e: Engagement = serde_json::from_slice(&out.stdout).unwrap();
    let raw = e.chain[1].change.as_ref().unwrap();
    assert_eq!(
        raw.step.as_deref(),
        Some("virtualization.raw_disk_passthrough")
    );
    let expected = format!(
        "+{:.1} % (greatdb-vm-cluster)",
        raw.measured_gain_pct.unwrap()
    );
    let list = perfsage(&["rules", "list", "--cases", "cases"]);
    assert!(list.status.success(), "{}", stderr(&list));
    let row = stdout(&list)
        .lines()
        .skip_while(|l| !l.contains("virtualization.raw_disk_passthrough "))
        .take_while(|l| !l.contains("virtualization.vcpus_exceed_host_socket"))
        .map(|l| l.split(['│', '┆']).nth(6).unwrap_or("").trim().to_string())
        .collect::<Vec<_>>()
        .join("");
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    assert_eq!(squeeze(&row), squeeze(&expected), "{}", stdout(&list));
}

#[test]
fn the_greatdb_and_dm8_cases_render_as_engagements_in_every_format() {
    for case in ["greatdb-vm-cluster", "dm8-kunpeng-sysbench"] {
        let path = format!("cases/{case}");
        let run = |args: &[&str]| {
            let mut all = vec!["diagnose", path.as_str()];
            all.extend_from_slice(args);
            let out = perfsage(&all);
            assert!(out.status.success(), "{all:?}: {}", stderr(&out));
            stdout(&out)
        };
        insta::assert_snapshot!(
            format!("engagement_{case}_table"),
            run(&["--format", "table"])
        );
        insta::assert_snapshot!(format!("engagement_{case}_md"), run(&["--format", "md"]));
        insta::assert_snapshot!(
            format!("engagement_{case}_md_zh"),
            run(&["--format", "md", "--lang", "zh"])
        );
        let e: Engagement = serde_json::from_str(&run(&["--format", "json"])).unwrap();
        insta::assert_snapshot!(
            format!("engagement_{case}_chain_json"),
            serde_json::to_string_pretty(&e.chain).unwrap()
        );
        let html = run(&["--format", "html"]);
        assert_eq!(html.matches("<!DOCTYPE html>").count(), 1);
        assert_eq!(
            html.matches(r#"<section class="group" id="run-"#).count(),
            1,
            "the latest run only; earlier ones with --all"
        );
        throughput_chart_matches_the_chain(&html, &e);
    }
}

/// The chain section charts the followed host's benchmark figure per run: one bar per
/// run that measured it, each later bar labelled with its change from the one before.
fn throughput_chart_matches_the_chain(html: &str, e: &Engagement) {
    let keys: Vec<&str> = e
        .chain
        .iter()
        .filter_map(|r| r.throughput.as_ref().map(|t| t.key.as_str()))
        .collect();
    let key = keys
        .iter()
        .max_by_key(|k| keys.iter().filter(|o| o == k).count())
        .unwrap();
    let caption = format!(
        "<figcaption>{}</figcaption>",
        perfsage::report::i18n::labels::metric_name(key, perfsage::report::i18n::labels::Lang::En)
    );
    let start = html.find(&caption).expect("a chart of the chain's figure");
    let figure = &html[start..start + html[start..].find("</figure>").unwrap()];
    let values: Vec<f64> = e
        .chain
        .iter()
        .filter_map(|r| r.throughput.as_ref().filter(|t| t.key == *key))
        .map(|t| t.value)
        .collect();
    assert_eq!(figure.matches(r#"<rect class="bar""#).count(), values.len());
    for pair in values.windows(2) {
        let change = perfsage::report::numbers::change_pct((pair[1] / pair[0] - 1.0) * 100.0);
        assert!(
            figure.contains(&format!(">{change}<")),
            "{change} missing: {figure}"
        );
    }
}

#[test]
fn every_format_shows_the_runs_in_the_same_order_under_the_same_headings() {
    let headings = [
        "Current state: run 3 (vm-48c-pinned-raw-disk)",
        "Earlier run 1: vm-64c-virtual-disk",
        "Earlier run 2: vm-64c-raw-disk",
    ];
    for format in ["table", "md", "html"] {
        let out = perfsage(&[
            "diagnose",
            "cases/greatdb-vm-cluster",
            "--all",
            "--format",
            format,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let places: Vec<Option<usize>> = headings.iter().map(|h| text.find(h)).collect();
        assert!(places.iter().all(Option::is_some), "{format}: {places:?}");
        assert!(places.is_sorted(), "{format}: latest, then in chain order");
    }
}
