//! Fleet mode: many bundles in one run, as JSON lines in input order or one summary;
//! a bad bundle is reported and the run goes on; the JSONL of separate runs merges
//! into the same summary.

use crate::support::*;
use std::io::Write;
use std::process::Stdio;

/// A folder of bundles: copies of real ones, and one that cannot be read.
fn fleet() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, source) in [
        ("a-disk", "disk-bound"),
        ("b-cpu", "cpu-bound"),
        ("c-idle", "idle"),
    ] {
        copy_dir(
            &fixture(&format!("bundles/{source}")),
            &dir.path().join(name),
        );
    }
    std::fs::create_dir(dir.path().join("d-empty")).unwrap();
    dir
}

fn lines(out: &std::process::Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn each_sub_folder_gives_one_json_line_in_order_and_a_bad_one_its_error() {
    let dir = fleet();
    for jobs in ["1", "2"] {
        let out = perfsage(&[
            "diagnose",
            "--each",
            dir.path().to_str().unwrap(),
            "--format",
            "jsonl",
            "-j",
            jobs,
        ]);
        assert_eq!(
            out.status.code(),
            Some(2),
            "a bundle failed: {}",
            stderr(&out)
        );
        let lines = lines(&out);
        assert_eq!(lines.len(), 4);
        let verdicts: Vec<&str> = lines[..3]
            .iter()
            .map(|l| l["hosts"][0]["bottleneck"]["resource"].as_str().unwrap())
            .collect();
        assert_eq!(verdicts, ["storage", "cpu", "none"], "input order");
        assert!(lines[0]["bundle"].as_str().unwrap().ends_with("a-disk"));
        assert!(lines[3]["bundle"].as_str().unwrap().ends_with("d-empty"));
        assert!(
            lines[3]["error"]
                .as_str()
                .unwrap()
                .contains("no capture files")
        );
        assert!(stderr(&out).contains("d-empty"), "{}", stderr(&out));
    }
}

#[test]
fn a_list_on_standard_input_and_several_paths_make_a_fleet() {
    let dir = fleet();
    let a = dir.path().join("a-disk");
    let c = dir.path().join("c-idle");
    let mut child = perfsage_command()
        .args(["diagnose", "--from", "-", "--format", "jsonl"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(
        child.stdin.take().unwrap(),
        "# the disk-bound host\n{}\n\n{}",
        a.display(),
        c.display()
    )
    .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(lines(&out).len(), 2);
    let out = perfsage(&[
        "diagnose",
        a.to_str().unwrap(),
        c.to_str().unwrap(),
        "--format",
        "jsonl",
    ]);
    assert!(out.status.success());
    assert_eq!(lines(&out).len(), 2);
    // Two paths and a single-document format: told what a fleet can give.
    let out = perfsage(&[
        "diagnose",
        a.to_str().unwrap(),
        c.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--format jsonl"), "{}", stderr(&out));
}

#[test]
fn the_summary_counts_verdicts_and_findings_and_merges_jsonl_alike() {
    let dir = fleet();
    let each = dir.path().to_str().unwrap();
    let md = perfsage(&["diagnose", "--each", each, "--format", "md"]);
    assert_eq!(md.status.code(), Some(2));
    let text = stdout(&md);
    assert!(
        text.contains("3 hosts in 3 bundles diagnosed; bundles that could not be read: 1."),
        "{text}"
    );
    assert!(text.contains("| storage | 1 |"), "{text}");
    assert!(text.contains("`storage.disk_saturated`"), "{text}");
    assert!(text.contains("## Bundles not diagnosed"), "{text}");
    assert!(text.contains("(#host-1)") && text.contains("<a id=\"host-1\">"));
    // The JSONL of the same run, summarised afterwards, gives the same document.
    let jsonl = perfsage(&["diagnose", "--each", each, "--format", "jsonl"]);
    let file = dir.path().join("fleet.jsonl");
    std::fs::write(&file, &jsonl.stdout).unwrap();
    let merged = perfsage(&["fleet", "summary", file.to_str().unwrap(), "--format", "md"]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(stdout(&merged), text);
    let html = perfsage(&[
        "fleet",
        "summary",
        file.to_str().unwrap(),
        "--format",
        "html",
    ]);
    assert!(stdout(&html).contains("id=\"host-3\"><h2>"));
    // A line that is no report names its place.
    std::fs::write(&file, "{\"nothing\": 1}\n").unwrap();
    let bad = perfsage(&["fleet", "summary", file.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("fleet.jsonl:1"), "{}", stderr(&bad));
}

#[test]
fn a_summary_reads_lines_an_earlier_perfsage_wrote() {
    // A schema 2 report as one JSONL line: its verdict sentences are shown as written.
    let saved: serde_json::Value = serde_json::from_slice(
        &std::fs::read(root().join("fixtures/reports/greatdb-vm-cluster-schema2.json")).unwrap(),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("old.jsonl");
    std::fs::write(&file, format!("{saved}\n")).unwrap();
    for (lang, worded) in [
        ("en", &saved["hosts"][0]["bottleneck"]["summary"]),
        ("zh", &saved["hosts"][0]["bottleneck"]["summary_zh"]),
    ] {
        let out = perfsage(&[
            "fleet",
            "summary",
            file.to_str().unwrap(),
            "--format",
            "md",
            "--lang",
            lang,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stdout(&out).contains(worded.as_str().unwrap()),
            "{}",
            stdout(&out)
        );
    }
}

#[test]
fn a_chinese_summary_is_worded_in_chinese() {
    let dir = fleet();
    let each = dir.path().to_str().unwrap();
    for format in ["md", "html"] {
        let out = perfsage(&[
            "diagnose", "--each", each, "--format", format, "--lang", "zh",
        ]);
        let text = stdout(&out);
        for words in [
            "批量诊断",
            "各结论的主机数",
            "最常见的发现",
            "未能诊断的数据包",
            "置信度",
        ] {
            assert!(text.contains(words), "{format}: no {words} in {text}");
        }
        for english in ["Fleet diagnosis", "Hosts per verdict", "% confidence"] {
            assert!(!text.contains(english), "{format}: {english} in {text}");
        }
    }
}

#[test]
#[ignore = "needs GNU parallel: apt-get install parallel (.ci/run installs it)"]
fn a_fleet_split_over_gnu_parallel_merges_into_one_summary() {
    let dir = fleet();
    let list = dir.path().join("list.txt");
    let paths: Vec<String> = ["a-disk", "b-cpu", "c-idle", "d-empty"]
        .iter()
        .map(|b| dir.path().join(b).display().to_string())
        .collect();
    std::fs::write(&list, paths.join("\n") + "\n").unwrap();
    let html = dir.path().join("fleet.html");
    let out = command("bash")
        .arg(root().join("scripts/fleet-parallel.sh"))
        .args([&list, &html])
        .env("PERFSAGE", env!("CARGO_BIN_EXE_perfsage"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("4 reports merged"),
        "{}",
        stdout(&out)
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("\" id=\"host-").count(), 3, "{page}");
    assert!(page.contains("Bundles not diagnosed"));
}

#[test]
fn fleet_output_is_the_same_whatever_the_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..12 {
        let source = ["disk-bound", "cpu-bound", "idle", "lock-heavy"][i % 4];
        copy_dir(
            &fixture(&format!("bundles/{source}")),
            &dir.path().join(format!("b{i:02}")),
        );
    }
    let each = dir.path().to_str().unwrap();
    let run = |format: &str, jobs: &str| {
        let out = perfsage(&["diagnose", "--each", each, "--format", format, "-j", jobs]);
        assert!(out.status.success(), "{}", stderr(&out));
        out.stdout
    };
    for format in ["jsonl", "md", "html"] {
        let one = run(format, "1");
        assert!(!one.is_empty());
        assert_eq!(one, run(format, "2"), "{format}: -j 1 and -j 2 differ");
        assert_eq!(one, run(format, "5"), "{format}: -j 1 and -j 5 differ");
    }
}

#[test]
fn facts_of_many_bundles_are_one_json_line_each() {
    let dir = fleet();
    let out = perfsage(&[
        "facts",
        "--each",
        dir.path().to_str().unwrap(),
        "--format",
        "jsonl",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let lines = lines(&out);
    assert_eq!(lines.len(), 4);
    assert!(lines[0]["hosts"][0]["facts"].as_array().unwrap().len() > 10);
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .contains("no capture files")
    );
    let out = perfsage(&["facts", "--each", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--format jsonl"));
}
