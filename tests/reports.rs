//! Reports as a consultant hands them over: every format of a shipped case pinned by a
//! snapshot, the same bytes on every run, JSON that reads back into the model, captured
//! text that cannot inject markup, Chinese text with English fallback, redaction, and
//! the HTML rendered by headless Chromium without errors and with every chart drawn.

use crate::support::*;
use perfsage::bundle::Bundle;
use perfsage::bundle::host_facts::read_bundle;
use perfsage::bundle::host_facts::read_host;
use perfsage::compare::Comparison;
use perfsage::diagnosis::flame;
use perfsage::diagnosis::{Diagnosis, MethodologyMap, diagnose, diagnose_host};
use perfsage::engagement::Engagement;
use perfsage::facts::value::format_number;
use perfsage::facts::{Fact, Provenance, Unit, Value};
use perfsage::knowledge::KnowledgeBase;
use perfsage::knowledge::measured::median;
use perfsage::report::Layout;
use perfsage::report::compare::document::document as compare_document;
use perfsage::report::document::{self, Block, Part, Section};
use perfsage::report::engagement::document::document as engagement_document;
use perfsage::report::fleet::FleetSummary;
use perfsage::report::fleet::document::document as fleet_document;
use perfsage::report::i18n::labels::Lang;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Case B's first bundle: one report (the case folder is an engagement of three runs).
const CASE: &str = "cases/greatdb-vm-cluster/bundle";
const PROFILE: &str = "bundles/pg-oltp-profile";

fn run_ok(args: &[&str]) -> Vec<u8> {
    let out = perfsage(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    out.stdout
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).expect("reports are UTF-8")
}

#[test]
fn snapshots_of_every_format_of_the_shipped_case() {
    for (name, args) in [
        ("greatdb_table", &["--format", "table"][..]),
        ("greatdb_md", &["--format", "md"]),
        ("greatdb_md_zh", &["--format", "md", "--lang", "zh"]),
        ("greatdb_html", &["--format", "html"]),
        ("greatdb_html_zh", &["--format", "html", "--lang", "zh"]),
        ("greatdb_json", &["--format", "json"]),
    ] {
        let mut all = vec!["diagnose", CASE];
        all.extend_from_slice(args);
        insta::assert_snapshot!(name, text(run_ok(&all)));
    }
}

#[test]
fn the_same_bundle_renders_byte_identical_reports() {
    for bundle in [CASE.to_string(), fixture(PROFILE).display().to_string()] {
        for format in ["table", "md", "html", "json"] {
            let args = ["diagnose", &bundle, "--format", format, "--lang", "zh"];
            assert_eq!(run_ok(&args), run_ok(&args), "{bundle} as {format}");
        }
    }
}

#[test]
fn json_reads_back_into_the_model_and_renders_the_same_report() {
    let json = run_ok(&[
        "diagnose",
        &fixture(PROFILE).display().to_string(),
        "--format",
        "json",
    ]);
    let model: Diagnosis = serde_json::from_slice(&json).expect("the JSON is the model");
    assert_eq!(
        perfsage::report::json::serialize(&model).unwrap(),
        json,
        "nothing lost or reordered"
    );
    let html = run_ok(&[
        "diagnose",
        &fixture(PROFILE).display().to_string(),
        "--format",
        "html",
    ]);
    assert_eq!(
        Layout::Html.render(&document::document(&model, Lang::En)),
        html,
        "the HTML needs nothing the JSON does not hold"
    );
    let top_level: Vec<String> = String::from_utf8(json.clone())
        .unwrap()
        .lines()
        .filter_map(|l| {
            l.strip_prefix("  \"")?
                .split('"')
                .next()
                .map(str::to_string)
        })
        .collect();
    assert_eq!(
        top_level,
        [
            "schema_version",
            "perfsage_version",
            "bundle",
            "hosts",
            "methodology"
        ],
        "stable key order, schema_version first"
    );
    let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    let charts = &value["hosts"][0]["charts"];
    assert_eq!(charts["scaling"]["points"].as_array().unwrap().len(), 5);
    assert!(charts["flames"][0]["stacks"].as_array().unwrap().len() > 20);
}

#[test]
fn markdown_has_every_part_of_the_diagnosis() {
    let md = text(run_ok(&["diagnose", CASE, "--format", "md"]));
    for part in [
        "## Host greatdb-db1 (db, vm)",
        "**Verdict: STORAGE limits throughput** (confidence 90 %)",
        "### Key metrics",
        "| 3,171.06 | `",
        "### Steps taken",
        "#### 3. [high] `virtualization.raw_disk_passthrough`",
        "- `disk.busiest.util_pct = avg 99.46 p95 99.77 max 99.77 (n=6) %` (`",
        "```sh\nvirsh attach-disk",
        "**Verify.** Rerun the benchmark at the knee concurrency",
        "**Roll back.** Move the data directory back",
        "**Gain in the source case.** +27 % TPS (3107 → 3952 at 256 threads)",
        "### Steps not taken",
        "### Captures",
    ] {
        assert!(md.contains(part), "{part:?} missing from:\n{md}");
    }
}

/// Every report is one document, its content decided once: for a diagnosis, a
/// comparison, an engagement and a fleet summary, the table, Markdown and HTML reports
/// show the same section headings in the same order (charts only in HTML, the metric
/// cards there without a heading), in English and in Chinese.
#[test]
fn every_format_shows_the_documents_sections_in_its_order() {
    let diagnosis: Diagnosis =
        serde_json::from_slice(&run_ok(&["diagnose", CASE, "--format", "json"])).unwrap();
    let comparison: Comparison = serde_json::from_slice(&run_ok(&[
        "compare",
        "cases/greatdb-vm-cluster",
        "--format",
        "json",
    ]))
    .unwrap();
    let engagement: Engagement = serde_json::from_slice(&run_ok(&[
        "diagnose",
        "cases/greatdb-vm-cluster",
        "--all",
        "--format",
        "json",
    ]))
    .unwrap();
    let fleet_args = ["diagnose", CASE, "cases/mogdb-tpcc/bundles/before-tuning"];
    let mut fleet = FleetSummary::default();
    for line in text(run_ok(&[&fleet_args[..], &["--format", "jsonl"]].concat())).lines() {
        fleet.add_jsonl(line).unwrap();
    }
    for (lang, code) in [(Lang::En, "en"), (Lang::Zh, "zh")] {
        let documents = [
            (document::document(&diagnosis, lang), vec!["diagnose", CASE]),
            (
                compare_document(&comparison, lang),
                vec!["compare", "cases/greatdb-vm-cluster"],
            ),
            (
                engagement_document(&engagement, lang, true),
                vec!["diagnose", "cases/greatdb-vm-cluster", "--all"],
            ),
            (fleet_document(&fleet, lang), fleet_args.to_vec()),
        ];
        for (doc, args) in &documents {
            let headings = headings(&doc.intro, &doc.parts);
            assert!(headings.len() > 5, "{args:?}: {headings:?}");
            for format in ["table", "md", "html"] {
                let report = text(run_ok(
                    &[&args[..], &["--format", format, "--lang", code]].concat(),
                ));
                let mut at = 0;
                for (heading, block) in &headings {
                    let marker = match (format, block) {
                        ("html", _) => format!("<h3>{heading}</h3>"),
                        ("md", _) => format!("# {heading}\n"),
                        _ => format!("\n{heading}\n"),
                    };
                    if format == "html" && *block == "metrics" {
                        continue;
                    }
                    let found = report[at..].find(&marker).unwrap_or_else(|| {
                        panic!("{args:?} {format} {code}: {marker:?} missing after byte {at}")
                    });
                    at += found + marker.len();
                }
            }
        }
    }
}

/// The headings of the sections a format prints, in document order, with whether the
/// block is key metrics (HTML shows those as cards without a heading).
fn headings(intro: &[Section], parts: &[Part]) -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = intro.iter().filter_map(heading).collect();
    for p in parts {
        out.extend(p.sections.iter().filter_map(heading));
        out.extend(headings(&[], &p.parts));
    }
    out
}

fn heading(s: &Section) -> Option<(String, &'static str)> {
    match s.block {
        Block::Charts(_) => None,
        Block::Metrics(_) => Some((s.heading.clone()?, "metrics")),
        _ => Some((s.heading.clone()?, "other")),
    }
}

/// The ranked next actions lead every format, best value for effort first: in case
/// A after the BIOS step, the LSE rebuild (+68 % QPS in the case, +68.2 % in its
/// chain, a rebuild) ranks above lock tuning, whose gain no case measured.
#[test]
fn every_format_ranks_the_next_actions() {
    let bundle = "cases/dm8-kunpeng-sysbench/bundles/after-bios";
    let first = "compile.lse_atomics_unused";
    let later = "resource.lock_contention";
    for format in ["table", "md", "html"] {
        let report = text(run_ok(&["diagnose", bundle, "--format", format]));
        let section = report
            .find("Next actions")
            .unwrap_or_else(|| panic!("{format}: no next actions in:\n{report}"));
        let steps = report.find("Steps taken").expect("steps section");
        assert!(
            section < steps,
            "{format}: next actions come after the steps"
        );
        let actions = &report[section..steps];
        let (a, b) = (actions.find(first), actions.find(later));
        assert!(
            matches!((a, b), (Some(a), Some(b)) if a < b),
            "{format}: {first} should rank above {later} in:\n{actions}"
        );
        let measured = median(&KnowledgeBase::builtin().unwrap().measured[first]).unwrap();
        let gain = format!(
            "+{} % (measured: dm8-kunpeng-sysbench)",
            format_number(measured)
        );
        assert!(actions.contains(&gain), "{format}: no {gain} in {actions}");
        assert!(actions.contains("rebuild"), "{format}: {actions}");
    }
    let zh = text(run_ok(&[
        "diagnose", bundle, "--format", "md", "--lang", "zh",
    ]));
    assert!(zh.contains("### 下一步行动"), "{zh}");
    assert!(zh.contains("| 重新编译 |"), "{zh}");
}

#[test]
fn chinese_reports_use_rule_and_step_translations() {
    let md = text(run_ok(&[
        "diagnose", CASE, "--format", "md", "--lang", "zh",
    ]));
    for part in [
        "# 性能诊断报告",
        "**结论：瓶颈：存储**",
        "为虚拟机已饱和的虚拟磁盘测试裸盘直通",
        "该主机是虚拟机，最繁忙的磁盘（vdb）繁忙度达",
        "**验证方法：** 在拐点并发下重跑压测",
        "CPU 在等待时，存储是否已饱和？",
        "从 cpu 出发：条件",
    ] {
        assert!(md.contains(part), "{part:?} missing from:\n{md}");
    }
    // Commands are not translated.
    assert!(md.contains("virsh attach-disk <vm>"));
}

#[test]
fn a_missing_chinese_text_falls_back_to_english_on_its_own() {
    let rule = r#"//! Test rule.
const META = #{
    id: "resource.half_translated",
    title: "Half translated",
    layer: "resource",
    step: "cpu",
    needs: ["cpu.util_pct"],
    recommendation: #{ action: "Do it.", verify: "Check it.", rollback: "Undo it." },
    zh: #{ title: "一半翻译", recommendation: #{ action: "去做。" } },
};
fn evaluate() {
    let busy = avg("cpu.util_pct");
    #{ severity: "low", summary: `busy ${fmt(busy, 0)} %` }
}
"#;
    let mut sources: Vec<perfsage::rules::loader::RuleSource> =
        vec![perfsage::rules::loader::RuleSource {
            path: "rules/resource/half.rhai".into(),
            text: rule.into(),
        }];
    sources.push(perfsage::rules::loader::RuleSource {
        path: "rules/methodology.yaml".into(),
        text: "root: cpu\nsteps:\n  - id: cpu\n    title: Is the CPU the limit?\n    title_zh: CPU 是瓶颈吗？\n".into(),
    });
    let kb = KnowledgeBase::from_sources(sources).unwrap();
    let d = diagnose(
        read_bundle(&Bundle::open(&fixture("bundles/idle")).unwrap()),
        &kb,
    );
    let md = text(Layout::Markdown.render(&document::document(&d, Lang::Zh)));
    assert!(md.contains("一半翻译"), "{md}");
    assert!(md.contains("**建议操作：** 去做。"), "{md}");
    assert!(md.contains("**验证方法：** Check it."), "{md}");
    assert!(md.contains("busy 1 %") || md.contains("busy 0 %"), "{md}");
    assert!(md.contains("CPU 是瓶颈吗？"), "{md}");
}

#[test]
fn a_finding_with_its_own_recommendation_carries_its_own_chinese() {
    let rule = |name: &str, finding: &str| {
        format!(
            r#"//! Test rule.
const META = #{{
    id: "resource.{name}",
    title: "Own recommendation",
    layer: "resource",
    step: "cpu",
    needs: ["cpu.util_pct"],
    recommendation: #{{ action: "META action.", verify: "META check.", rollback: "META undo." }},
    zh: #{{ recommendation: #{{ action: "META 操作。" }} }},
    texts: #{{
        act: #{{ en: "Own action.", zh: "自带的操作。" }},
        check: #{{ en: "Own check.", zh: "自带的验证。" }},
    }},
}};
fn evaluate() {{
    let busy = avg("cpu.util_pct");
    {finding}
}}
"#
        )
    };
    let own = r#"#{ severity: "low", summary: `busy ${fmt(busy, 0)} %`,
        recommendation: #{ action: say("act"), commands: ["echo 1"], verify: say("check"), rollback: "Own undo." } }"#;
    let retired =
        r#"#{ severity: "low", summary: "retired", recommendation_zh: #{ action: "旧写法。" } }"#;
    let sources = vec![
        perfsage::rules::loader::RuleSource {
            path: "rules/resource/own.rhai".into(),
            text: rule("own", own),
        },
        perfsage::rules::loader::RuleSource {
            path: "rules/resource/retired.rhai".into(),
            text: rule("retired", retired),
        },
        perfsage::rules::loader::RuleSource {
            path: "rules/methodology.yaml".into(),
            text: "root: cpu\nsteps:\n  - id: cpu\n    title: Is the CPU the limit?\n".into(),
        },
    ];
    let kb = KnowledgeBase::from_sources(sources).unwrap();
    let d = diagnose(
        read_bundle(&Bundle::open(&fixture("bundles/idle")).unwrap()),
        &kb,
    );
    let md = text(Layout::Markdown.render(&document::document(&d, Lang::Zh)));
    assert!(md.contains("**建议操作：** 自带的操作。"), "{md}");
    assert!(md.contains("**验证方法：** 自带的验证。"), "{md}");
    assert!(
        md.contains("Own undo."),
        "untranslated fields fall back: {md}"
    );
    assert!(
        !md.contains("META 操作"),
        "META's Chinese translated META's text: {md}"
    );
    assert!(md.contains("echo 1"), "{md}");
    let errors = &d.hosts[0].rule_errors;
    assert!(
        errors.iter().any(|e| e.rule == "resource.retired"
            && e.message.contains("`recommendation_zh` is no longer read")
            && e.message.contains("META.texts")),
        "a Chinese text given beside the English one is refused with what replaced it: {errors:?}"
    );
}

/// A bundle whose host name, capture file name and profile symbol hold markup.
fn hostile_bundle() -> tempfile::TempDir {
    let dir = copy_bundle("bundles/idle");
    std::fs::write(
        dir.path().join("bundle.yaml"),
        "host: <script>alert('host')</script>\nrole: db\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("\"><img src=x onerror=alert(1)>.txt"),
        "not a capture\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("stacks.folded"),
        "postgres;main;<script>alert('symbol')</script> 70\npostgres;main;ExecScan 30\n",
    )
    .unwrap();
    dir
}

#[test]
fn captured_text_cannot_inject_markup() {
    let dir = hostile_bundle();
    let path = dir.path().to_str().unwrap();
    let html = text(run_ok(&["diagnose", path, "--format", "html"]));
    let lower = html.to_lowercase();
    assert!(
        !lower.contains("<script"),
        "no script element at all in the page"
    );
    assert!(!html.contains("<img src=x"), "file name escaped");
    assert!(html.contains("&lt;script&gt;alert(&#39;host&#39;)&lt;/script&gt;"));
    assert!(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.txt"));
    // The flame graph is inferno's SVG inside a data: URI; the symbol is escaped there.
    let svg = flame_svg(&html);
    assert!(
        svg.contains("&lt;script&gt;alert("),
        "symbol escaped in the SVG"
    );
    assert!(!svg.contains("<script>alert"));

    let md = text(run_ok(&["diagnose", path, "--format", "md"]));
    // Code spans show their text literally; everywhere else markup must be escaped.
    let prose = outside_code_spans(&md);
    assert!(
        !prose.contains("<script") && !prose.contains("<img"),
        "{prose}"
    );
    assert!(md.contains("&lt;script&gt;"));
    assert!(
        md.contains("`\"><img src=x onerror=alert(1)>.txt`"),
        "file name as code"
    );
}

#[test]
fn hotspots_with_markup_are_escaped_in_the_chart() {
    let mut d = full_report_model();
    d.hosts[0].charts.hotspots[0].symbol = "<script>alert(1)</script>".into();
    let html = text(Layout::Html.render(&document::document(&d, Lang::En)));
    assert!(!html.to_lowercase().contains("<script"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
}

/// Markdown with its inline code spans and fenced blocks removed.
fn outside_code_spans(md: &str) -> String {
    let mut out = String::new();
    let mut rest = md;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let fence = rest[start..].chars().take_while(|c| *c == '`').count();
        let after = &rest[start + fence..];
        match after.find(&"`".repeat(fence)) {
            Some(end) => rest = &after[end + fence..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// The flame graph SVG a page carries, decoded.
fn flame_svg(html: &str) -> String {
    let start = html
        .find("data:image/svg+xml;base64,")
        .expect("a flame graph")
        + "data:image/svg+xml;base64,".len();
    let end = start + html[start..].find('"').unwrap();
    String::from_utf8(base64_decode(&html[start..end])).unwrap()
}

fn base64_decode(s: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        other => panic!("not base64: {other}"),
    };
    let bytes: Vec<u8> = s.bytes().filter(|b| *b != b'=').map(value).collect();
    let mut out = Vec::new();
    for chunk in bytes.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, v)| n | (u32::from(*v) << (18 - 6 * i)));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn redacted_reports_name_no_host_or_address() {
    let dir = copy_bundle("bundles/disk-bound");
    std::fs::write(
        dir.path().join("bundle.yaml"),
        "host: db-prod-07.bank.example\nrole: db\nnotes: replica of 10.20.30.40 (52:54:00:ab:cd:ef)\n",
    )
    .unwrap();
    std::fs::rename(
        dir.path().join("iostat.txt"),
        dir.path().join("iostat_10.20.30.40.txt"),
    )
    .unwrap();
    let path = dir.path().to_str().unwrap();
    for format in ["table", "md", "html", "json"] {
        let plain = text(run_ok(&["diagnose", path, "--format", format]));
        assert!(plain.contains("db-prod-07.bank.example") && plain.contains("10.20.30.40"));
        let redacted = text(run_ok(&["diagnose", path, "--format", format, "--redact"]));
        for secret in ["db-prod-07", "10.20.30.40"] {
            assert!(
                !redacted.contains(secret),
                "{secret} left in the {format} report"
            );
        }
        assert!(
            redacted.contains("host-") && redacted.contains("ip-"),
            "{redacted}"
        );
        let again = text(run_ok(&["diagnose", path, "--format", format, "--redact"]));
        assert_eq!(redacted, again, "stable hashes");
        let keyed = text(run_ok(&[
            "diagnose",
            path,
            "--format",
            format,
            "--redact",
            "--redact-key",
            "s3cret",
        ]));
        assert_ne!(redacted, keyed, "the key changes the hashes");
    }
}

#[test]
fn output_file_format_and_quiet_progress() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("report.html");
    let out = perfsage(&["diagnose", CASE, "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "the report went to the file");
    assert!(
        out.stderr.is_empty(),
        "no progress bar when stderr is not a terminal"
    );
    let html = std::fs::read_to_string(&file).unwrap();
    assert!(
        html.starts_with("<!DOCTYPE html>"),
        "format taken from the extension"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644);
    }
    let stdout = perfsage(&["diagnose", CASE, "--format", "md", "-o", "-"]);
    assert!(text(stdout.stdout).starts_with("# Performance diagnosis"));
}

#[test]
fn a_case_with_several_bundles_is_one_engagement_written_to_exactly_the_file_named() {
    let case = two_bundle_case();
    let path = case.path().to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.json");
    let out = perfsage(&["diagnose", path, "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        ["r.json"],
        "exactly the file named, nothing beside it"
    );
    let engagement: perfsage::engagement::Engagement =
        serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(engagement.kind, "engagement");
    assert_eq!(engagement.name, "two-runs");
    let labels: Vec<&str> = engagement.chain.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["busy", "idle"]);
    assert_eq!(engagement.runs.len(), 2);
    assert!(engagement.runs[1].bundle.contains("bundle idle"));
    assert!(
        engagement.chain[0].change.is_none(),
        "the first run is the baseline"
    );
    assert!(engagement.chain[1].change.is_some());

    for (format, latest, earlier) in [
        ("html", r#"id="run-2""#, r#"id="run-1""#),
        (
            "md",
            "## Current state: run 2 (idle)",
            "## Earlier run 1: busy",
        ),
        (
            "table",
            "══ Current state: run 2 (idle)",
            "══ Earlier run 1: busy",
        ),
    ] {
        let report = text(run_ok(&["diagnose", path, "--format", format]));
        assert_eq!(report.matches(latest).count(), 1, "{format}: {report}");
        assert!(!report.contains(earlier), "{format}: the latest run only");
        assert!(report.contains("--all shows each in full"), "{format}");
        let all = text(run_ok(&["diagnose", path, "--format", format, "--all"]));
        assert!(
            all.contains(latest) && all.contains(earlier),
            "{format}: every run"
        );
        assert_eq!(all.matches("Diagnosis of: ").count(), 2, "{format}: {all}");
    }
    let html = text(run_ok(&["diagnose", path, "--format", "html"]));
    assert_eq!(html.matches("<!DOCTYPE html>").count(), 1, "one page");
}

/// A case folder with two bundles: a CPU-bound run, then an idle one.
pub fn two_bundle_case() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("bundles/cpu-bound"), &dir.path().join("busy"));
    copy_dir(&fixture("bundles/idle"), &dir.path().join("idle"));
    std::fs::write(
        dir.path().join("case.yaml"),
        "id: two-runs\ntitle: Two runs\nsource: {seed: none.txt, document: test}\nenvironment: test\nreconstructed: nothing\nbundles:\n  - {id: busy, path: busy, description: CPU bound}\n  - {id: idle, path: idle, description: idle}\n",
    )
    .unwrap();
    dir
}

/// The profile fixture with every chart: scaling, CPU, disk, flame graph, methodology,
/// and hotspots (added by hand when no profile parser gave them).
fn full_report_model() -> Diagnosis {
    let kb = KnowledgeBase::builtin().unwrap();
    let bundle = Bundle::open(&fixture(PROFILE)).unwrap();
    let mut host = read_host(&bundle.hosts[0]);
    if !host.facts.contains("hotspot.1.symbol") {
        let mut facts = (*host.facts).clone();
        for (rank, symbol, dso, self_pct, kernel) in [
            (1, "hash_search_with_hash_value", "postgres", 6.45, false),
            (
                2,
                "_raw_spin_unlock_irqrestore",
                "[kernel.kallsyms]",
                5.38,
                true,
            ),
            (3, "AllocSetAlloc", "postgres", 3.76, false),
        ] {
            let add = |facts: &mut perfsage::facts::Facts, field: &str, value: Value, unit| {
                facts.insert(Fact {
                    key: format!("hotspot.{rank}.{field}"),
                    value,
                    unit,
                    provenance: Provenance {
                        file: "perf-script.txt".into(),
                        line: 1,
                        line_end: 1,
                        tool: "test".into(),
                    },
                });
            };
            add(&mut facts, "symbol", Value::Text(symbol.into()), Unit::None);
            add(&mut facts, "dso", Value::Text(dso.into()), Unit::None);
            add(
                &mut facts,
                "self_pct",
                Value::Number(self_pct),
                Unit::Percent,
            );
            add(
                &mut facts,
                "total_pct",
                Value::Number(self_pct * 2.0),
                Unit::Percent,
            );
            add(&mut facts, "kernel", Value::Flag(kernel), Unit::None);
        }
        host.facts = Arc::new(facts);
    }
    let profiles = flame::collect(&mut host.captures);
    let mut diagnosis = diagnose_host(host, &kb);
    diagnosis.charts.flames = profiles.flames;
    Diagnosis {
        schema_version: perfsage::diagnosis::SCHEMA_VERSION,
        perfsage_version: "test".into(),
        bundle: PROFILE.into(),
        hosts: vec![diagnosis],
        methodology: MethodologyMap::of(&kb.methodology),
        change: None,
    }
}

#[test]
fn the_profile_fixture_gets_every_chart() {
    let d = full_report_model();
    let html = text(Layout::Html.render(&document::document(&d, Lang::En)));
    for chart in ["scaling", "cpu", "disk", "hotspots", "flame", "methodology"] {
        assert!(
            html.contains(&format!("data-chart=\"{chart}\"")),
            "{chart} chart missing"
        );
    }
    let flame = &d.hosts[0].charts.flames[0];
    assert_eq!(flame.file, "perf-script.txt");
    assert!(
        flame
            .stacks
            .iter()
            .any(|s| s.frames.starts_with("postgres;"))
    );
    assert!(
        flame
            .stacks
            .iter()
            .any(|s| s.frames.starts_with("sysbench;"))
    );
}

#[test]
fn gzipped_profiles_give_the_same_flame_graph() {
    use std::io::Write;
    let dir = copy_bundle(PROFILE);
    let plain = std::fs::read(dir.path().join("perf-script.txt")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&plain).unwrap();
    std::fs::write(dir.path().join("perf-script.txt.gz"), gz.finish().unwrap()).unwrap();
    std::fs::remove_file(dir.path().join("perf-script.txt")).unwrap();
    let kb = KnowledgeBase::builtin().unwrap();
    let flames = |path: &Path| {
        diagnose(read_bundle(&Bundle::open(path).unwrap()), &kb).hosts[0]
            .charts
            .flames
            .clone()
    };
    let from_gz = flames(dir.path());
    let from_text = flames(&fixture(PROFILE));
    assert_eq!(from_gz[0].file, "perf-script.txt.gz");
    assert_eq!(from_gz[0].stacks, from_text[0].stacks);
    assert_eq!(from_gz[0].total, from_text[0].total);
}

// ---- Headless Chromium -------------------------------------------------------------

fn chromium() -> Option<PathBuf> {
    let names = [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ];
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// Checks, once the page has loaded, that every chart has a drawn size (SVG with
/// shapes, or a decoded image) and writes the result into the DOM for `--dump-dom`.
const CHART_CHECK: &str = r#"<script>
window.addEventListener('load', function () {
  var out = [];
  document.querySelectorAll('figure[data-chart]').forEach(function (f) {
    var svg = f.querySelector('svg'), img = f.querySelector('img'), ok = false;
    if (img) { ok = img.complete && img.naturalWidth > 200; }
    else if (svg) {
      var r = svg.getBoundingClientRect();
      ok = r.width > 200 && r.height > 80 && svg.querySelectorAll('path,rect,circle,line').length > 3;
    }
    out.push(f.dataset.chart + '=' + (ok ? 'ok' : 'BROKEN'));
  });
  document.body.setAttribute('data-chart-check', out.join(' '));
});
</script>"#;

struct Page {
    name: &'static str,
    html: String,
    charts: &'static [&'static str],
}

fn browser(chrome: &Path, profile: &Path, args: &[&str]) -> std::process::Output {
    command(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-quic",
            "--no-first-run",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .expect("chromium runs")
}

#[test]
#[ignore = "needs chromium: apt-get install chromium (.ci/run installs it and runs this)"]
fn html_reports_render_in_headless_chromium_without_errors() {
    let chrome = chromium().expect(
        "chromium not found on PATH; install it (apt-get install chromium) to check the HTML reports in a browser",
    );
    let compare_dir = tempfile::tempdir().unwrap();
    let after = crate::compare::raw_disk_copy(compare_dir.path());
    let pages = [
        Page {
            name: "greatdb",
            html: text(run_ok(&["diagnose", CASE, "--format", "html"])),
            charts: &["scaling", "cpu", "disk", "methodology"],
        },
        Page {
            name: "greatdb-zh",
            html: text(run_ok(&[
                "diagnose", CASE, "--format", "html", "--lang", "zh",
            ])),
            charts: &["scaling", "cpu", "disk", "methodology"],
        },
        Page {
            name: "profile",
            html: text(Layout::Html.render(&document::document(&full_report_model(), Lang::En))),
            charts: &["scaling", "cpu", "disk", "hotspots", "flame", "methodology"],
        },
        Page {
            name: "injection",
            html: text(run_ok(&[
                "diagnose",
                hostile_bundle().path().to_str().unwrap(),
                "--format",
                "html",
            ])),
            charts: &["cpu", "disk", "flame", "methodology"],
        },
        Page {
            name: "compare",
            html: text(run_ok(&["compare", CASE, &after, "--format", "html"])),
            charts: &["chain"],
        },
    ];
    let out_dir = root().join("target").join("report-check");
    std::fs::create_dir_all(&out_dir).unwrap();
    for page in pages {
        let profile = tempfile::tempdir().unwrap();
        // The check needs a script; the page's policy allows none, so the test copy's
        // policy adds inline scripts and keeps everything else (no loads from anywhere).
        let checked = page
            .html
            .replacen(
                "img-src data:\">",
                "img-src data:; script-src 'unsafe-inline'\">",
                1,
            )
            .replacen("</body>", &format!("{CHART_CHECK}</body>"), 1);
        assert_ne!(
            checked, page.html,
            "{}: the page has the expected policy",
            page.name
        );
        let file = out_dir.join(format!("{}.html", page.name));
        std::fs::write(&file, &checked).unwrap();
        let url = format!("file://{}", file.display());
        let out = browser(
            &chrome,
            profile.path(),
            &[
                "--enable-logging=stderr",
                "--v=0",
                "--virtual-time-budget=3000",
                "--dump-dom",
                &url,
            ],
        );
        let log = String::from_utf8_lossy(&out.stderr);
        let console: Vec<&str> = log.lines().filter(|l| l.contains("CONSOLE")).collect();
        assert!(
            console.is_empty(),
            "{}: console messages:\n{}",
            page.name,
            console.join("\n")
        );
        let dom = String::from_utf8_lossy(&out.stdout);
        let check = dom
            .split("data-chart-check=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("{}: the check did not run:\n{log}", page.name));
        assert!(!check.contains("BROKEN"), "{}: {check}", page.name);
        for chart in page.charts {
            assert!(
                check.contains(&format!("{chart}=ok")),
                "{}: chart {chart} missing ({check})",
                page.name
            );
        }
        let png = out_dir.join(format!("{}.png", page.name));
        let shot = browser(
            &chrome,
            profile.path(),
            &[
                "--window-size=1280,3200",
                &format!("--screenshot={}", png.display()),
                &url,
            ],
        );
        assert!(
            shot.status.success() && png.is_file(),
            "{}: no screenshot",
            page.name
        );
    }
}

#[test]
fn chinese_reports_give_the_source_cases_gain_in_chinese() {
    let json = run_ok(&["diagnose", CASE, "--format", "json"]);
    let model: Diagnosis = serde_json::from_slice(&json).unwrap();
    let sources: Vec<_> = model
        .hosts
        .iter()
        .flat_map(|h| h.findings.iter().chain(&h.off_path_findings))
        .filter_map(|f| f.source.as_ref())
        .collect();
    assert!(
        !sources.is_empty(),
        "the case's findings cite a source case"
    );
    for format in ["md", "html"] {
        let zh = text(run_ok(&[
            "diagnose", CASE, "--format", format, "--lang", "zh",
        ]));
        let en = text(run_ok(&["diagnose", CASE, "--format", format]));
        for source in &sources {
            let chinese = source
                .gain_zh
                .as_deref()
                .unwrap_or_else(|| panic!("no gain_zh for {}", source.gain));
            assert!(zh.contains(chinese), "{format}: no {chinese:?}");
            assert!(!zh.contains(&source.gain), "{format}: {:?}", source.gain);
            assert!(en.contains(&source.gain), "{format}: {:?}", source.gain);
        }
    }
}

/// Two primary sources that disagree are listed in every format; a secondary source
/// standing aside for a primary one (iostat's CPU figures beside mpstat's) is not a
/// conflict.
#[test]
fn every_format_lists_facts_two_sources_disagree_on_and_only_those() {
    let dir = copy_bundle("bundles/idle");
    let bundle = dir.path().display().to_string();
    for format in ["table", "md", "html"] {
        let report = text(run_ok(&["diagnose", &bundle, "--format", format]));
        assert!(
            !report.contains("Facts read twice"),
            "{format}: iostat's CPU beside mpstat's is no conflict"
        );
    }
    let lscpu = std::fs::read_to_string(dir.path().join("lscpu.txt")).unwrap();
    let other = lscpu.replacen(
        "Model name:",
        "Model name:                         Other CPU\nX:",
        1,
    );
    std::fs::write(dir.path().join("lscpu_again.txt"), other).unwrap();
    for format in ["table", "md", "html"] {
        let report = text(run_ok(&["diagnose", &bundle, "--format", format]));
        assert!(report.contains("Facts read twice"), "{format}");
        let at = report.find("Facts read twice").unwrap();
        let section = &report[at..];
        assert!(section.contains("cpu.model_name"), "{format}: {section}");
        assert!(section.contains("lscpu_again.txt"), "{format}");
        assert!(section.contains("Other CPU"), "{format}");
    }
}

/// `perfsage facts` is a report document like the others: the terminal table, Markdown
/// and HTML list every fact JSON lists, each with its file:line, and name the captures
/// that gave none.
#[test]
fn facts_list_every_fact_with_its_source_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("bundles/idle"), dir.path());
    std::fs::write(dir.path().join("notes.txt"), "hello world\n").unwrap();
    let path = dir.path().to_str().unwrap();
    let json: serde_json::Value =
        serde_json::from_slice(&run_ok(&["facts", path, "--format", "json"])).unwrap();
    let facts = json["hosts"][0]["facts"].as_array().unwrap();
    assert!(facts.len() > 20, "{}", facts.len());
    for format in ["table", "md", "html"] {
        let report = text(run_ok(&["facts", path, "--format", format]));
        for f in facts {
            let key = f["key"].as_str().unwrap();
            let source = format!("{}:{}", f["file"].as_str().unwrap(), f["line"]);
            assert!(report.contains(key), "{format}: no {key}");
            assert!(report.contains(&source), "{format}: no {source} for {key}");
        }
        assert!(
            report.contains("notes.txt: no known tool format"),
            "{format}: the unread capture is named"
        );
    }
    let zh = text(run_ok(&["facts", path, "--format", "md", "--lang", "zh"]));
    assert!(zh.starts_with("# 读取的事实"), "{zh}");
    // A case's three bundles are one page, a part per bundle.
    let case = text(run_ok(&[
        "facts",
        "cases/greatdb-vm-cluster",
        "--format",
        "html",
    ]));
    assert_eq!(case.matches("<!DOCTYPE html>").count(), 1);
    assert_eq!(case.matches("<h2>cases/greatdb-vm-cluster/").count(), 3);
}
