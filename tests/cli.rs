//! The command line as a user meets it: reports, JSON, exit codes, and bundles with
//! broken files next to good ones.

use crate::support::*;

#[test]
fn diagnose_says_what_the_case_document_concluded_in_its_order() {
    let running_text = |args: &[&str]| -> String {
        let out = perfsage(args);
        assert!(out.status.success(), "{}", stderr(&out));
        // Table cells wrap; read the report as running text.
        stdout(&out)
            .replace(['│', '┆'], " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let text = running_text(&["diagnose", "cases/greatdb-vm-cluster/bundle"]);
    let expected = [
        "Verdict: STORAGE limits throughput",
        "CPU busy stays between 10 % and 35 %",
        "vdb is 99.5 % busy",
        "test a raw pass-through disk",
        "cluster size to 32 K",
        "+27 % TPS (3107 → 3952 at 256 threads)",
        "The VM has 64 vCPUs but a host socket has 48 cores",
        "+9 % TPS (3952 → 4297 at 256 threads)",
        "Throughput peaks at 256 threads (3171/s) and falls 9 % at 512 threads while p95 latency doubles.",
        "The best result, 3171 TPS, is 21 % short of the 4000 TPS target.",
    ];
    let mut from = 0;
    for phrase in expected {
        let at = text[from..]
            .find(phrase)
            .unwrap_or_else(|| panic!("{phrase:?} missing or out of order in:\n{text}"));
        from += at + phrase.len();
    }
    assert!(text.contains("iostat.txt:"), "evidence cites files");

    // The whole case, every run in full: the latest first, then the earlier ones, each
    // pointing at the document's next step: with the raw disk in place the VM size is
    // left; after pinning, the hypervisor host shows where QEMU's memory landed and the
    // BIOS the document left as it was.
    let text = running_text(&["diagnose", "cases/greatdb-vm-cluster", "--all"]);
    let pinned = text
        .find("bundle vm-48c-pinned-raw-disk)")
        .expect("the pinned bundle");
    let virtual_disk = text
        .find("bundle vm-64c-virtual-disk)")
        .expect("the first bundle");
    let raw = text
        .find("bundle vm-64c-raw-disk)")
        .expect("the raw-disk bundle");
    assert!(pinned < virtual_disk && virtual_disk < raw, "latest first");
    let raw_part = &text[raw..];
    assert!(raw_part.contains("The VM has 64 vCPUs but a host socket has 48 cores"));
    assert!(
        !raw_part.contains("test a raw pass-through disk"),
        "the disk is already passed through"
    );
    let pinned_part = &text[pinned..virtual_disk];
    assert!(
        pinned_part.contains("Host fc-cna01 (hypervisor, physical)"),
        "{pinned_part}"
    );
    assert!(pinned_part.contains("Power Policy is efficiency"));
    assert!(pinned_part.contains("qemu-kvm holds 99.8 % of its memory on NUMA node 2"));
    assert!(!pinned_part.contains("The VM has 48 vCPUs"));
}

#[test]
fn a_bundle_folder_of_a_case_is_labelled_with_the_case() {
    for (path, label) in [
        (
            "cases/greatdb-vm-cluster/bundle",
            "(case greatdb-vm-cluster, bundle vm-64c-virtual-disk)",
        ),
        (
            "cases/dm8-kunpeng-sysbench/bundles/after-lse",
            "(case dm8-kunpeng-sysbench, bundle after-lse)",
        ),
    ] {
        let out = perfsage(&["diagnose", path]);
        assert!(out.status.success(), "{}", stderr(&out));
        let first = stdout(&out).lines().next().unwrap_or_default().to_string();
        assert!(first.ends_with(label), "{first}");
    }
    let out = perfsage(&["diagnose", "fixtures/bundles/idle"]);
    assert!(
        stdout(&out)
            .lines()
            .next()
            .unwrap()
            .ends_with("diagnosis of fixtures/bundles/idle")
    );
}

#[test]
fn diagnose_json_has_the_documented_shape() {
    // One bundle of the case: a JSON report holds one bundle.
    let out = perfsage(&[
        "diagnose",
        "cases/greatdb-vm-cluster/bundle",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["schema_version"], 3);
    let host = &json["hosts"][0];
    assert_eq!(host["host"], "greatdb-db1");
    assert_eq!(host["bottleneck"]["resource"], "storage");
    assert!(host["bottleneck"]["confidence"].as_f64().unwrap() > 0.5);
    let reason = &host["bottleneck"]["reason"];
    assert_eq!(reason["kind"], "finding");
    assert!(
        reason["cause"]["en"].as_str().unwrap().contains("busy"),
        "{reason}"
    );
    assert!(
        host["bottleneck"].get("summary").is_none(),
        "worded by the report"
    );
    assert_eq!(host["steps"][0]["step"], "validity");
    let findings = host["findings"].as_array().unwrap();
    let rules: Vec<&str> = findings
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    let expected =
        std::fs::read_to_string(root().join("cases/greatdb-vm-cluster/expected.yaml")).unwrap();
    let expected: serde_yaml::Value = serde_yaml::from_str(&expected).unwrap();
    let expected: Vec<&str> = expected["bundles"]["vm-64c-virtual-disk"]["greatdb-db1"]["findings"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(
        rules, expected,
        "the JSON lists the case's findings in order"
    );
    for finding in findings {
        assert!(finding["rule"].is_string() && finding["severity"].is_string());
        let evidence = finding["evidence"].as_array().unwrap();
        assert!(!evidence.is_empty());
        for e in evidence {
            assert!(
                e["file"].is_string() && e["line"].as_u64().unwrap() >= 1 && e["key"].is_string()
            );
        }
    }
}

#[test]
fn facts_json_lists_provenance_and_unrecognised_files() {
    let bundle = copy_bundle("bundles/disk-bound");
    std::fs::write(
        bundle.path().join("notes.txt"),
        "ran fio and iostat at 12:37\n",
    )
    .unwrap();
    let out = perfsage(&["facts", bundle.path().to_str().unwrap(), "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let host = &json["hosts"][0];
    let util = host["facts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["key"] == "disk.vda.util_pct")
        .unwrap();
    assert_eq!(util["unit"], "%");
    assert_eq!(util["file"], "iostat.txt");
    assert_eq!(util["tool"], "iostat");
    assert!(util["line"].as_u64().unwrap() > 1);
    assert!(util["value"]["avg"].as_f64().unwrap() > 90.0);
    assert_eq!(host["unrecognized"][0]["file"], "notes.txt");
}

#[test]
fn bad_files_are_reported_and_good_ones_still_diagnosed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::copy(
        fixture("bundles/disk-bound/mpstat.txt"),
        d.join("mpstat.txt"),
    )
    .unwrap();
    std::fs::copy(fixture("bundles/disk-bound/lscpu.txt"), d.join("lscpu.txt")).unwrap();
    let iostat = read("bundles/disk-bound/iostat.txt");
    std::fs::write(d.join("iostat-cut.txt"), &iostat[..iostat.len() - 200]).unwrap();
    std::fs::write(d.join("empty.txt"), b"").unwrap();
    std::fs::write(d.join("core.bin"), b"\x7fELF\x02\x01\x01\x00binary\x00\x00").unwrap();
    let out = perfsage(&["diagnose", d.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Verdict: STORAGE limits throughput"),
        "{text}"
    );
    assert!(text.contains("not recognised: empty file"), "{text}");
    assert!(text.contains("not recognised: binary content"), "{text}");
    assert!(text.contains("last row is cut off"), "{text}");
    let json = perfsage(&["facts", d.to_str().unwrap(), "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let unrecognized: Vec<&str> = strings(&json["hosts"][0]["unrecognized"], "file");
    assert_eq!(unrecognized, vec!["core.bin", "empty.txt"]);
}

#[test]
fn archived_bundle_reads_like_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("greatdb.tar.gz");
    let file = std::fs::File::create(&archive).unwrap();
    let mut builder = tar::Builder::new(flate2::write::GzEncoder::new(
        file,
        flate2::Compression::fast(),
    ));
    builder
        .append_dir_all("greatdb", root().join("cases/greatdb-vm-cluster/bundle"))
        .unwrap();
    builder.into_inner().unwrap().finish().unwrap();
    let out = perfsage(&["diagnose", archive.to_str().unwrap(), "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["hosts"][0]["bottleneck"]["resource"], "storage");
    assert_eq!(
        json["hosts"][0]["findings"][1]["evidence"][0]["file"],
        "greatdb-db1/iostat.txt"
    );
}

#[test]
fn multi_host_bundle_diagnoses_each_host_with_inherited_metadata() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("bundles/cpu-bound"), &dir.path().join("app1"));
    copy_dir(&fixture("bundles/disk-bound"), &dir.path().join("db1"));
    std::fs::write(dir.path().join("bundle.yaml"), "platform: physical\n").unwrap();
    std::fs::write(dir.path().join("db1/bundle.yaml"), "role: db\n").unwrap();
    let out = perfsage(&["diagnose", dir.path().to_str().unwrap(), "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let hosts = json["hosts"].as_array().unwrap();
    assert_eq!(hosts.len(), 2);
    assert_eq!(hosts[0]["host"], "app1");
    assert_eq!(hosts[0]["bottleneck"]["resource"], "cpu");
    assert_eq!(hosts[1]["host"], "db1");
    assert_eq!(hosts[1]["role"], "db");
    assert_eq!(hosts[1]["platform"], "physical");
    assert_eq!(hosts[1]["bottleneck"]["resource"], "storage");
}

fn one_line_error(out: &std::process::Output) -> String {
    assert_eq!(out.status.code(), Some(2), "{}", stdout(out));
    let err = stderr(out);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_file() {
    let err = one_line_error(&perfsage(&["diagnose", "no/such/bundle"]));
    assert!(
        err.contains("no/such/bundle: no such file or folder"),
        "{err}"
    );

    let bundle = copy_bundle("bundles/idle");
    std::fs::write(
        bundle.path().join("bundle.yaml"),
        "role: db\nplatfrom: vm\n",
    )
    .unwrap();
    let err = one_line_error(&perfsage(&["diagnose", bundle.path().to_str().unwrap()]));
    assert!(
        err.contains("bundle.yaml:2: unknown field `platfrom`"),
        "{err}"
    );

    std::fs::write(
        bundle.path().join("bundle.yaml"),
        "target: {metric: TPS!, value: 4000}\n",
    )
    .unwrap();
    let err = one_line_error(&perfsage(&["diagnose", bundle.path().to_str().unwrap()]));
    assert!(err.contains("bundle.yaml:1: target metric"), "{err}");

    let empty = tempfile::tempdir().unwrap();
    let err = one_line_error(&perfsage(&["diagnose", empty.path().to_str().unwrap()]));
    assert!(err.contains("holds no capture files"), "{err}");

    let out = perfsage(&["diagnose"]);
    assert_eq!(out.status.code(), Some(2));
    let out = perfsage(&["diagnose", "cases/greatdb-vm-cluster", "--format", "pdf"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn fail_on_sets_exit_status_1_at_or_above_the_severity() {
    let out = perfsage(&["diagnose", "cases/greatdb-vm-cluster", "--fail-on", "high"]);
    assert_eq!(out.status.code(), Some(1));
    let out = perfsage(&[
        "diagnose",
        "cases/greatdb-vm-cluster",
        "--fail-on",
        "critical",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let out = perfsage(&["diagnose", "fixtures/bundles/idle", "--fail-on", "low"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "an idle machine has nothing to fail on"
    );
}

#[test]
fn graph_rules_and_cases_commands() {
    let dot = perfsage(&["graph", "--format", "dot"]);
    assert!(stdout(&dot).contains("\"storage\" -> \"virtualization\""));
    let mermaid = perfsage(&["graph", "--format", "mermaid"]);
    assert!(stdout(&mermaid).starts_with("flowchart TD"));
    let rules = perfsage(&["rules", "list"]);
    assert!(stdout(&rules).contains("virtualization.raw_disk_passthrough"));
    let verify = perfsage(&["cases", "verify"]);
    assert!(verify.status.success(), "{}", stdout(&verify));
    assert!(stdout(&verify).contains("0 failed"));
}

#[test]
fn every_subcommand_help_shows_an_example() {
    for args in [
        &["diagnose", "--help"][..],
        &["facts", "--help"],
        &["graph", "--help"],
        &["rules", "list", "--help"],
        &["rules", "--help"],
        &["cases", "--help"],
        &["cases", "verify", "--help"],
        &["completions", "--help"],
        &["man", "--help"],
        &["--help"],
    ] {
        let out = perfsage(args);
        assert!(out.status.success());
        assert!(stdout(&out).contains("perfsage "), "{args:?}");
        assert!(stdout(&out).to_lowercase().contains("example"), "{args:?}");
    }
}

#[test]
fn closed_pipe_is_not_an_error() {
    use std::process::Stdio;
    let mut child = perfsage_command()
        .args(["facts", "cases/greatdb-vm-cluster"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn benchmark_results_of_the_load_generator_reach_the_database_hosts() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("bundles/disk-bound"), &dir.path().join("db1"));
    std::fs::create_dir(dir.path().join("loadgen")).unwrap();
    std::fs::copy(
        fixture("sysbench/sysbench_oltp_scaling.txt"),
        dir.path().join("loadgen/sysbench.txt"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("bundle.yaml"),
        "target: {metric: tps, value: 1200}\n",
    )
    .unwrap();
    let out = perfsage(&["diagnose", dir.path().to_str().unwrap(), "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let db = &json["hosts"][0];
    assert_eq!(db["host"], "db1");
    let gap = db["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "benchmark.target_gap")
        .unwrap();
    let cited: Vec<&str> = strings(&gap["evidence"], "file");
    assert!(cited.contains(&"loadgen/sysbench.txt"), "{cited:?}");
}

/// A case with several bundles gives one JSON document (an array, one element per
/// bundle in the case's order) from `facts` and `explain`, so `jq` can read it.
#[test]
fn json_of_a_case_with_several_bundles_is_one_document() {
    for args in [
        &["facts", "cases/greatdb-vm-cluster", "--format", "json"][..],
        &[
            "explain",
            "storage.disk_saturated",
            "cases/greatdb-vm-cluster",
            "--format",
            "json",
        ],
    ] {
        let out = perfsage(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?} is not one JSON document: {e}"));
        let bundles = strings(&doc, "bundle");
        assert_eq!(bundles.len(), 3, "{bundles:?}");
        assert!(
            bundles[0].contains("bundle vm-64c-virtual-disk"),
            "{bundles:?}"
        );
        assert!(
            bundles[2].contains("bundle vm-48c-pinned-raw-disk"),
            "{bundles:?}"
        );
    }
}

#[test]
fn completions_and_manual_pages_come_from_the_command_definitions() {
    for (shell, marker) in [
        ("bash", "_perfsage()"),
        ("zsh", "#compdef perfsage"),
        ("fish", "complete -c perfsage"),
    ] {
        let out = perfsage(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(script.contains(marker), "{shell}: {script}");
        // Every subcommand and a deep option are completed.
        for word in ["diagnose", "verify", "follow-links"] {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
    }
    let page = perfsage(&["man"]);
    assert!(page.status.success(), "{}", stderr(&page));
    assert!(
        stdout(&page).contains(".TH perfsage 1"),
        "{}",
        stdout(&page)
    );
    assert!(stdout(&page).contains("diagnose"));
    let sub = perfsage(&["man", "rules", "lint"]);
    assert!(
        stdout(&sub).contains(".TH perfsage-rules-lint 1"),
        "{}",
        stdout(&sub)
    );
    let unknown = perfsage(&["man", "nothing"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(one_line_error(&unknown).contains("no subcommand \"nothing\""));
}

#[test]
fn cases_verify_without_cases_is_an_error_that_says_where_it_looked() {
    let empty = tempfile::tempdir().unwrap();
    let out = perfsage(&["cases", "verify", "--dir", empty.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        one_line_error(&out).contains("no case in this folder"),
        "{}",
        stderr(&out)
    );
    // Started outside the repository, the default `cases` folder is not there.
    let out = perfsage_command()
        .args(["cases", "verify"])
        .current_dir(empty.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let error = one_line_error(&out);
    let looked = empty.path().canonicalize().unwrap().join("cases");
    assert!(
        error.contains(&format!("no cases folder at {}", looked.display()))
            || error.contains(&format!(
                "no cases folder at {}",
                empty.path().join("cases").display()
            )),
        "{error}"
    );
}

#[test]
fn an_output_file_perfsage_cannot_write_is_an_error_not_a_misnamed_table() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("report.pdf");
    let out = perfsage(&[
        "diagnose",
        "fixtures/bundles/idle",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("cannot write a .pdf report"),
        "{}",
        stderr(&out)
    );
    assert!(!pdf.exists(), "nothing is written under the .pdf name");
}
