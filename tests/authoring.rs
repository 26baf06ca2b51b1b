//! Rule authoring as a consultant meets it: scaffolding a rule, linting a rule
//! directory (each class of error with its file:line), running rule tests (and every
//! built-in one), extra rule directories with overrides, explain, the Markdown
//! reference, the authoring guide's generated helper list and worked example, and the
//! sandbox rules run in.

use crate::support::*;
use perfsage::authoring::doc::{HELPERS_BEGIN, HELPERS_END, helpers_markdown};
use perfsage::authoring::fact_keys::{
    is_catalogued, prefix_may_match, template_may_match, template_prefix_may_match,
};
use perfsage::authoring::fact_refs::{
    FactRef, KEY_READERS, KeyText, PATTERN_READERS, PREFIX_READERS, calls_of, fact_refs,
    pattern_as_template,
};
use perfsage::authoring::rule_tests::{parse_test_file, run_suite, test_facts};
use perfsage::bundle::Bundle;
use perfsage::bundle::host_facts::read_host;
use perfsage::facts::{Fact, Facts, Provenance, Value};
use perfsage::knowledge::{KnowledgeBase, RuleLayer, layers_for};
use perfsage::rules::Outcome;
use perfsage::rules::api::HELPERS;
use perfsage::rules::cpu_clock::thread_cpu_time;
use perfsage::rules::engine::{BLOCKED_FUNCTIONS, RuleEngine, TIME_BUDGET};
use perfsage::rules::loader::RuleSource;
use perfsage::tools::catalog::{self, Kind};
use std::collections::{BTreeSet, HashSet};
use std::path::Path;
use std::process::Output;
use std::sync::Arc;
use std::time::Duration;

fn write(dir: &Path, relative: &str, text: &str) {
    let path = dir.join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The built-in rules, lib and methodology (not their tests) written to a folder: a
/// complete rule base.
fn builtin_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let layer = RuleLayer::builtin();
    for source in layer
        .rules
        .iter()
        .chain(&layer.lib)
        .chain(&layer.methodology)
    {
        write(
            dir.path(),
            source.path.strip_prefix("rules/").unwrap(),
            &source.text,
        );
    }
    dir
}

fn code(output: &Output) -> i32 {
    output.status.code().expect("perfsage exits")
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

fn dir_arg(dir: &tempfile::TempDir) -> String {
    dir.path().display().to_string()
}

/// A rule file with the given META fields and body.
fn rule_file(id: &str, extra_meta: &str, body: &str) -> String {
    let layer = id.split('.').next().unwrap();
    format!(
        "//! A rule written for a test.\nconst META = #{{\n    id: \"{id}\",\n    title: \"t\",\n    layer: \"{layer}\",\n    step: \"storage\",\n    needs: [\"cpu.util_pct\"],\n{extra_meta}}};\n\n{body}\n"
    )
}

// ── rules new ──────────────────────────────────────────────────────────────────

#[test]
fn rules_new_scaffolds_a_rule_that_loads_and_lint_lists_what_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let out = perfsage(&[
        "rules",
        "new",
        "db_host_swappiness",
        "--layer",
        "memory",
        "--dir",
        &dir_arg(&dir),
        "--step",
        "memory",
        "--needs",
        "db.engine",
        "--needs",
        "os.swappiness",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let rule = dir.path().join("memory/db_host_swappiness.rhai");
    let test = dir.path().join("memory/db_host_swappiness.test.yaml");
    assert!(stdout(&out).contains(&format!("created {}", rule.display())));
    let rule_text = std::fs::read_to_string(&rule).unwrap();
    assert!(rule_text.contains("id: \"memory.db_host_swappiness\""));
    assert!(rule_text.contains("needs: [\"db.engine\", \"os.swappiness\"]"));

    // It loads on top of the built-in rules as it is, at the chosen step.
    let kb = KnowledgeBase::load(&[dir.path().to_path_buf()]).expect("the scaffold loads");
    assert_eq!(
        kb.rules.get("memory.db_host_swappiness").unwrap().meta.step,
        "memory"
    );

    // Lint names every placeholder left, with its line, and fails.
    let lint = perfsage(&["rules", "lint", &dir_arg(&dir)]);
    assert_eq!(code(&lint), 2);
    let report = stdout(&lint);
    let placeholders = report
        .lines()
        .filter(|l| l.contains(": error: left to fill in"))
        .count();
    let in_files = [&rule_text, &std::fs::read_to_string(&test).unwrap()]
        .iter()
        .map(|t| t.lines().filter(|l| l.contains("FILL IN")).count())
        .sum::<usize>();
    assert_eq!(placeholders, in_files, "{report}");
    assert!(
        report.contains(&format!("{}:1:5: error: left to fill in", rule.display())),
        "{report}"
    );
    assert!(
        last_line(&report).starts_with(&format!("{placeholders} errors, 0 warnings")),
        "{report}"
    );

    // Its tests run: the firing test fails until the rule is written.
    let tests = perfsage(&["rules", "test", &dir_arg(&dir)]);
    assert_eq!(code(&tests), 1);
    assert_eq!(last_line(&stdout(&tests)), "2 passed, 1 failed");
    assert!(stdout(&tests).contains("expected fires, got quiet"));

    // A second run refuses to overwrite.
    let again = perfsage(&[
        "rules",
        "new",
        "memory.db_host_swappiness",
        "--dir",
        &dir_arg(&dir),
    ]);
    assert_eq!(code(&again), 2);
    assert!(stderr(&again).contains("already exists; not overwriting"));
    assert_eq!(std::fs::read_to_string(&rule).unwrap(), rule_text);
}

#[test]
fn rules_new_refuses_unknown_facts_steps_layers_and_id_clashes() {
    let dir = tempfile::tempdir().unwrap();
    let new = |args: &[&str]| {
        let mut all = vec!["rules", "new"];
        all.extend_from_slice(args);
        let d = dir_arg(&dir);
        all.extend_from_slice(&["--dir", &d]);
        perfsage(&all)
    };
    let out = new(&["storage.x", "--needs", "cpu.utl_pct"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("did you mean `cpu.util_pct`"),
        "{}",
        stderr(&out)
    );
    let out = new(&["storage.x", "--step", "stroage"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("closest: storage"),
        "{}",
        stderr(&out)
    );
    let out = new(&["x"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("--layer"), "{}", stderr(&out));
    let out = new(&["storage.disk_saturated"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out)
            .contains("already exists in rules/storage/disk_saturated.rhai; pass --overrides"),
        "{}",
        stderr(&out)
    );
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());

    // With --overrides the scaffold replaces the built-in rule.
    let out = new(&["storage.disk_saturated", "--overrides"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let kb = KnowledgeBase::load(&[dir.path().to_path_buf()]).unwrap();
    let rule = kb.rules.get("storage.disk_saturated").unwrap();
    assert!(rule.file.starts_with(&dir_arg(&dir)), "{}", rule.file);
}

// ── rules lint ─────────────────────────────────────────────────────────────────

#[test]
fn lint_passes_the_built_in_rules_and_a_working_copy_of_them() {
    for args in [vec!["rules", "lint"], vec!["rules", "lint", "rules/"]] {
        let out = perfsage(&args);
        assert_eq!(code(&out), 0, "{args:?}: {}", stdout(&out));
        let summary = last_line(&stdout(&out)).to_string();
        let kb = KnowledgeBase::builtin().unwrap();
        assert!(
            summary.starts_with("no problems (") || summary.starts_with("0 errors, "),
            "{summary}"
        );
        assert!(
            summary.contains(&format!("checked {} rule files", kb.rules.rules.len())),
            "{summary}"
        );
        assert!(!stdout(&out).contains(": error:"));
    }
}

/// Whether the key, prefix or pattern a reference names could name a catalogued fact,
/// as `rules lint` judges it.
fn may_name_a_catalogued_fact(reference: &FactRef) -> bool {
    match &reference.key {
        KeyText::Literal(prefix) if reference.is_prefix() => prefix_may_match(prefix),
        KeyText::Literal(pattern) if reference.is_pattern() => {
            template_may_match(&pattern_as_template(pattern))
        }
        KeyText::Literal(key) => is_catalogued(key),
        KeyText::Template(template) if reference.is_prefix() => template_prefix_may_match(template),
        KeyText::Template(template) if reference.is_pattern() => {
            template_may_match(&pattern_as_template(template))
        }
        KeyText::Template(template) => template_may_match(template),
    }
}

#[test]
fn every_built_in_rule_reads_facts_the_catalog_can_give() {
    let layer = RuleLayer::builtin();
    for source in &layer.rules {
        let refs = fact_refs(&source.text);
        // The walk reads compiled source: a rule it could not compile would name
        // nothing. (A rule may also read facts only through helpers such as
        // `hotspots_matching`, so the text decides whether some must be found.)
        let calls_a_reader = [KEY_READERS, PREFIX_READERS, PATTERN_READERS]
            .concat()
            .iter()
            .any(|helper| source.text.contains(&format!("{helper}(")));
        assert_eq!(
            refs.is_empty(),
            !calls_a_reader,
            "{}: {refs:?}",
            source.path
        );
        for reference in refs {
            assert!(
                may_name_a_catalogued_fact(&reference),
                "{}:{}:{}: {reference:?}",
                source.path,
                reference.line,
                reference.column
            );
        }
    }
    for source in &layer.lib {
        assert_eq!(fact_refs(&source.text), vec![], "{}", source.path);
    }
}

/// Line and column (1-based, in characters) of the key's opening quote in every place
/// `call` (`helper(` and a quoted key) is written in `text`.
fn places_written(text: &str, call: &str) -> Vec<(usize, usize)> {
    let to_key = call.find('(').unwrap() + 1;
    text.lines()
        .enumerate()
        .flat_map(|(index, line)| {
            line.match_indices(call)
                .map(move |(at, _)| (index + 1, line[..at].chars().count() + 1 + to_key))
        })
        .collect()
}

#[test]
fn fact_references_in_built_in_rules_sit_at_their_keys() {
    let layer = RuleLayer::builtin();
    let text_of = |path: &str| {
        &layer
            .rules
            .iter()
            .find(|s| s.path.ends_with(path))
            .unwrap_or_else(|| panic!("no built-in rule {path}"))
            .text
    };
    let cases = [
        // A template inside a template inside an `if` inside a template, after
        // Chinese text: columns count characters.
        (
            "virtualization/qemu_memory_away_from_vcpus.rhai",
            "num(`proc.${name}.numa.largest_node_share_pct`)",
            KeyText::Template("proc.${}.numa.largest_node_share_pct".into()),
        ),
        (
            "database/wal_on_data_disk.rhai",
            "fact_keys(\"disk.\")",
            KeyText::Literal("disk.".into()),
        ),
        (
            "database/connection_limit.rhai",
            "has(`${run}.${metric}`)",
            KeyText::Template("${}.${}".into()),
        ),
        (
            "memory/swapping.rhai",
            "avg(\"swap.in_kib_per_s\")",
            KeyText::Literal("swap.in_kib_per_s".into()),
        ),
    ];
    for (path, call, key) in cases {
        let text = text_of(path);
        let expected = places_written(text, call);
        assert!(!expected.is_empty(), "{path}: no {call}");
        let helper = &call[..call.find('(').unwrap()];
        let found: Vec<(usize, usize)> = fact_refs(text)
            .into_iter()
            .filter(|r| r.helper == helper && r.key == key)
            .map(|r| (r.line, r.column))
            .collect();
        assert_eq!(found, expected, "{path}: {call}");
    }
    let text = text_of("memory/swapping.rhai");
    let reads: Vec<(usize, usize)> = calls_of(text, "threshold")
        .into_iter()
        .filter(|r| r.key == KeyText::Literal("swap_kib_per_s".into()))
        .map(|r| (r.line, r.column))
        .collect();
    assert_eq!(reads, places_written(text, "threshold(\"swap_kib_per_s\")"));
}

/// Lints a rule directory made of `files`; exit code and report.
fn lint(files: &[(&str, &str)]) -> (tempfile::TempDir, i32, String) {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        write(dir.path(), path, text);
    }
    let out = perfsage(&["rules", "lint", &dir_arg(&dir)]);
    let report = stdout(&out);
    (dir, code(&out), report)
}

/// Asserts the report has `<dir>/<location>: error: <message…>`.
fn has_error(dir: &tempfile::TempDir, report: &str, location: &str, message: &str) {
    let wanted = format!("{}/{location}: error: ", dir.path().display());
    assert!(
        report
            .lines()
            .any(|l| l.starts_with(&wanted) && l.contains(message)),
        "no `{wanted}…{message}` in:\n{report}"
    );
}

#[test]
fn lint_shows_compile_errors_with_line_column_and_the_line() {
    let (dir, code, report) = lint(&[(
        "storage/broken.rhai",
        &rule_file("storage.broken", "", "fn evaluate() {\n    let x = ;\n}"),
    )]);
    assert_eq!(code, 2);
    has_error(&dir, &report, "storage/broken.rhai:11:13", "syntax error");
    assert!(
        report.contains("  11 |     let x = ;\n     |             ^\n"),
        "{report}"
    );
    assert!(
        last_line(&report).starts_with("1 error, 0 warnings"),
        "{report}"
    );
}

#[test]
fn lint_reports_missing_and_invalid_metadata_at_its_line() {
    let (dir, code, report) = lint(&[
        (
            "storage/layer.rhai",
            &rule_file("storage.layer", "", "fn evaluate() {}")
                .replace("layer: \"storage\"", "layer: \"disk\""),
        ),
        (
            "storage/typo.rhai",
            &rule_file("storage.typo", "    sorce: #{},\n", "fn evaluate() {}"),
        ),
        (
            "storage/nostep.rhai",
            &rule_file("storage.nostep", "", "fn evaluate() {}")
                .replace("    step: \"storage\",\n", ""),
        ),
        (
            "storage/nometa.rhai",
            "//! No metadata at all.\nfn evaluate() {}\n",
        ),
        (
            "storage/empty.rhai",
            &rule_file("storage.empty", "", "fn evaluate() {}").replace("[\"cpu.util_pct\"]", "[]"),
        ),
        (
            "storage/step.rhai",
            &rule_file("storage.step", "", "fn evaluate() {}")
                .replace("step: \"storage\"", "step: \"stroage\""),
        ),
    ]);
    assert_eq!(code, 2);
    has_error(
        &dir,
        &report,
        "storage/layer.rhai:5",
        "META: layer \"disk\" is not one of",
    );
    has_error(
        &dir,
        &report,
        "storage/typo.rhai:8",
        "META: unknown field `sorce`",
    );
    has_error(
        &dir,
        &report,
        "storage/nostep.rhai:2",
        "META: missing field `step`",
    );
    has_error(&dir, &report, "storage/nometa.rhai", "no `const META");
    has_error(&dir, &report, "storage/empty.rhai:7", "META.needs is empty");
    has_error(
        &dir,
        &report,
        "storage/step.rhai:6",
        "META.step \"stroage\" is not a step of the methodology",
    );
}

#[test]
fn lint_checks_fact_keys_against_the_catalog_with_a_suggestion() {
    let body = "fn evaluate() {\n    let busy = avg(\"cpu.utl_pct\");\n    let name = text(\"disk.busiest.name\");\n    if has(`disk.${name}.aqu_size`) { return; }\n    if has(`disk.${name}.aqu_sz`) { return; }\n    for k in fact_keys(\"dsk.\") { }\n    for k in fact_keys(`disk.${name}.`) { }\n    for k in fact_keys(`dsk.${name}.`) { }\n}";
    let rule = rule_file("storage.keys", "", body).replace(
        "needs: [\"cpu.util_pct\"]",
        "needs: [\"cpu.util_pct\", \"disk.busiest.utl_pct\"]",
    );
    let (dir, code, report) = lint(&[("storage/keys.rhai", &rule)]);
    assert_eq!(code, 2);
    has_error(
        &dir,
        &report,
        "storage/keys.rhai:7:29",
        "META.needs: fact key `disk.busiest.utl_pct` is not in the fact catalog; did you mean `disk.busiest.util_pct`?",
    );
    has_error(
        &dir,
        &report,
        "storage/keys.rhai:11:20",
        "fact key `cpu.utl_pct` is not in the fact catalog; did you mean `cpu.util_pct`?",
    );
    has_error(
        &dir,
        &report,
        "storage/keys.rhai:13:12",
        "`disk.${}.aqu_size` cannot name any fact",
    );
    has_error(
        &dir,
        &report,
        "storage/keys.rhai:15:24",
        "no fact in the catalog starts with `dsk.`",
    );
    has_error(
        &dir,
        &report,
        "storage/keys.rhai:17:24",
        "`dsk.${}.` cannot name any fact",
    );
    // The well-formed templates (one a prefix) and the catalogued keys pass.
    assert_eq!(report.matches(": error: ").count(), 5, "{report}");
}

#[test]
fn lint_checks_instance_patterns_and_keeps_facts_out_of_lib_files() {
    let body = "fn evaluate() {\n    for d in instances(\"disk.*.util_pct\") { }\n    for d in instances(\"dsk.*.util_pct\") { }\n    for d in instances(\"disk.v*.util_pct\") { }\n}";
    let (dir, code, report) = lint(&[
        (
            "storage/patterns.rhai",
            &rule_file("storage.patterns", "", body),
        ),
        (
            "lib/acme.rhai",
            "/// The busiest CPU share.\nfn busy() {\n    avg(\"cpu.util_pct\")\n}\n",
        ),
    ]);
    assert_eq!(code, 2, "{report}");
    has_error(
        &dir,
        &report,
        "storage/patterns.rhai:12:24",
        "no fact in the catalog matches `dsk.*.util_pct`",
    );
    has_error(
        &dir,
        &report,
        "storage/patterns.rhai:13:24",
        "the pattern needs exactly one `*`, as a whole segment",
    );
    has_error(
        &dir,
        &report,
        "lib/acme.rhai:3:9",
        "a lib function may not read facts (avg)",
    );
    assert_eq!(report.matches(": error: ").count(), 3, "{report}");
}

#[test]
fn a_rule_set_lib_serves_its_rules_beside_the_built_in_lib() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "lib/acme.rhai",
        "/// Acme's label.\nfn acme_label(x) {\n    `acme: ${x}`\n}\n",
    );
    let rule = rule_file(
        "storage.acme_label",
        "",
        "fn evaluate() {\n    if avg(\"cpu.util_pct\") >= 0.0 { #{ severity: \"low\", summary: acme_label(joined([\"12\", \"MB\"], \" \")) } }\n}",
    );
    write(dir.path(), "storage/acme_label.rhai", &rule);
    let out = perfsage(&[
        "diagnose",
        "--rules",
        &dir_arg(&dir),
        "fixtures/bundles/disk-bound",
        "--format",
        "json",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("\"acme: 12 MB\""), "{}", stdout(&out));
    // Without the lib the rule's call fails, and the rule alone reports it.
    std::fs::remove_file(dir.path().join("lib/acme.rhai")).unwrap();
    let out = perfsage(&[
        "diagnose",
        "--rules",
        &dir_arg(&dir),
        "fixtures/bundles/disk-bound",
        "--format",
        "json",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("acme_label"), "{}", stdout(&out));
    assert!(!stdout(&out).contains("\"acme: 12 MB\""));
}

#[test]
fn lint_checks_the_methodology_graph_and_its_guards() {
    let graph = "steps:
  - id: island
    title: An island
    capture: [x]
  - id: loop-a
    title: A
    next:
      - to: loop-b
  - id: loop-b
    title: B
    next:
      - to: loop-a
  - id: storage
    title: Again
    capture: [y]
edges:
  - from: target
    to: nowhere
  - from: concurrency
    to: loop-a
    when: fired(\"storage.no_such_rule\") && num(\"cpu.utl_pct\") > 1
";
    let (dir, code, report) = lint(&[("methodology.yaml", graph)]);
    assert_eq!(code, 2);
    has_error(
        &dir,
        &report,
        "methodology.yaml:2",
        "step \"island\" cannot be reached from the root \"validity\"",
    );
    assert!(
        report.contains("methodology.yaml:5: error: step \"loop-a\" is part of a cycle")
            || report.contains("methodology.yaml:9: error: step \"loop-b\" is part of a cycle"),
        "{report}"
    );
    has_error(
        &dir,
        &report,
        "methodology.yaml:13",
        "step \"storage\" is already defined in rules/methodology.yaml; add `overrides: true`",
    );
    has_error(
        &dir,
        &report,
        "methodology.yaml:18",
        "step \"target\" leads to unknown step \"nowhere\"",
    );
    has_error(
        &dir,
        &report,
        "methodology.yaml:21",
        "guard names unknown rule \"storage.no_such_rule\"",
    );
    has_error(
        &dir,
        &report,
        "methodology.yaml:21:48",
        "guard: fact key `cpu.utl_pct` is not in the fact catalog; did you mean `cpu.util_pct`?",
    );
}

#[test]
fn lint_reports_duplicate_ids_and_rule_test_problems() {
    let test_file = "rule: storage.nonexistent
tests:
  - name: bad expect
    facts:
      cpu.util_pct: [1]
    expect: fire
  - name: bad key
    facts:
      cpu.utl_pct: [1]
    expect: quiet
  - name: severity on a quiet test
    facts:
      cpu.util_pct: [1]
    expect: quiet
    severity: high
";
    let (dir, code, report) = lint(&[
        (
            "storage/one.rhai",
            &rule_file("storage.one", "", "fn evaluate() {}"),
        ),
        (
            "storage/two.rhai",
            &rule_file("storage.one", "", "fn evaluate() {}"),
        ),
        ("storage/one.test.yaml", test_file),
    ]);
    assert_eq!(code, 2);
    has_error(
        &dir,
        &report,
        "storage/two.rhai:3",
        &format!(
            "duplicate rule id \"storage.one\" (also in {}/storage/one.rhai)",
            dir.path().display()
        ),
    );
    has_error(
        &dir,
        &report,
        "storage/one.test.yaml:1",
        "tests unknown rule \"storage.nonexistent\"",
    );
    has_error(
        &dir,
        &report,
        "storage/one.test.yaml:6",
        "unknown expect \"fire\"",
    );
    has_error(
        &dir,
        &report,
        "storage/one.test.yaml:9",
        "fact key `cpu.utl_pct` is not in the fact catalog; did you mean `cpu.util_pct`?",
    );
    has_error(
        &dir,
        &report,
        "storage/one.test.yaml:15",
        "`severity` only goes with `expect: fires`",
    );
}

#[test]
fn lint_of_a_missing_directory_is_bad_input() {
    let out = perfsage(&["rules", "lint", "no/such/rules"]);
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out).trim(),
        "perfsage: error: no/such/rules: not a rule directory (no such folder)"
    );
}

// ── rules test ─────────────────────────────────────────────────────────────────

#[test]
fn every_built_in_rule_test_passes() {
    let kb = KnowledgeBase::builtin().unwrap();
    let tests: Vec<&RuleSource> = kb.layers[0].tests.iter().collect();
    let report = run_suite(&kb, &tests);
    let failures: Vec<String> = report
        .failures()
        .map(|f| {
            format!(
                "{} {} ({}): {}",
                f.rule,
                f.name,
                f.location(),
                f.failure.as_deref().unwrap_or("")
            )
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} built-in rule tests fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(report.results.len(), report.passed());
}

const STORAGE_RULE: &str = "fn evaluate() {
    let busy = avg(\"disk.busiest.util_pct\");
    if busy < 90.0 {
        return;
    }
    #{ severity: \"high\", summary: `${text(\"disk.busiest.name\")} is ${fmt(busy, 0)} % busy` }
}";

const STORAGE_TESTS: &str = "rule: storage.busy
tests:
  - name: a busy disk fires
    facts:
      disk.busiest.name: vdb
      disk.busiest.util_pct: [99, 99.4]
      cpu.util_pct: [20, 30]
    expect: fires
    severity: high
    summary_contains: vdb is 99 % busy
    evidence: [disk.busiest.util_pct]
  - name: claims the wrong severity
    facts:
      disk.busiest.name: vdb
      disk.busiest.util_pct: [99, 98]
      cpu.util_pct: [20, 30]
    expect: fires
    severity: low
  - name: an idle disk stays quiet
    facts:
      disk.busiest.util_pct: [10]
      cpu.util_pct: [20, 30]
    expect: quiet
  - name: without cpu it is not evaluated
    facts:
      disk.busiest.util_pct: [10]
    expect: not-evaluated
    missing: [cpu.util_pct]
";

fn storage_rule_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rule = rule_file("storage.busy", "", STORAGE_RULE).replace(
        "[\"cpu.util_pct\"]",
        "[\"cpu.util_pct\", \"disk.busiest.util_pct\"]",
    );
    write(dir.path(), "storage/busy.rhai", &rule);
    write(dir.path(), "storage/busy.test.yaml", STORAGE_TESTS);
    dir
}

const SAYING_RULE: &str = "fn evaluate() {
    let busy = avg(\"cpu.util_pct\");
    let said = [say(\"busy\", #{ pct: fmt(busy, 0) })];
    if busy > 95.0 { said.push(say(\"very\")); }
    if busy > 99.0 { said.push(say(\"nope\")); }
    #{ severity: \"high\", summary: said }
}";

const SAYING_TEXTS: &str = "    texts: #{
        busy: #{ en: \"CPUs are {pct} % busy\", zh: \"CPU 繁忙 {pct} %\" },
        very: #{ en: \", nearly all the time\", zh: \"，几乎一直如此\" },
    },
";

#[test]
fn said_messages_give_both_languages_and_rule_tests_check_the_chinese() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "os/busy.rhai",
        &rule_file("os.busy", SAYING_TEXTS, SAYING_RULE),
    );
    write(
        dir.path(),
        "os/busy.test.yaml",
        "rule: os.busy
tests:
  - name: both languages from one list
    facts: {cpu.util_pct: [96, 98]}
    expect: fires
    summary_contains: CPUs are 97 % busy, nearly all the time
    summary_zh_contains: CPU 繁忙 97 %，几乎一直如此
  - name: a wrong Chinese text fails
    facts: {cpu.util_pct: [96, 98]}
    expect: fires
    summary_zh_contains: CPU 空闲
  - name: a message META.texts lacks is the rule's error
    facts: {cpu.util_pct: [100]}
    expect: error
    error_contains: META.texts declares no such message
",
    );
    let out = perfsage(&["rules", "test", &dir_arg(&dir)]);
    let text = stdout(&out);
    assert_eq!(code(&out), 1, "{text}");
    assert!(
        text.contains("ok    os.busy: both languages from one list"),
        "{text}"
    );
    assert!(
        text.contains("FAIL  os.busy: a wrong Chinese text fails")
            && text.contains("Chinese summary does not contain \"CPU 空闲\""),
        "{text}"
    );
    assert!(
        text.contains("ok    os.busy: a message META.texts lacks"),
        "{text}"
    );
}

#[test]
fn lint_refuses_templates_that_name_different_values() {
    let dir = tempfile::tempdir().unwrap();
    let texts = SAYING_TEXTS.replace("CPU 繁忙 {pct} %", "CPU 繁忙");
    write(
        dir.path(),
        "os/busy.rhai",
        &rule_file("os.busy", &texts, SAYING_RULE),
    );
    let out = perfsage(&["rules", "lint", &dir_arg(&dir)]);
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(
        text.contains("texts.busy: en uses {pct} but zh uses {}"),
        "{text}"
    );
}

#[test]
fn rules_test_prints_each_result_and_the_summary() {
    let dir = storage_rule_dir();
    let out = perfsage(&["rules", "test", &dir_arg(&dir)]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let file = format!("{}/storage/busy.test.yaml", dir.path().display());
    assert!(
        text.contains(&format!("ok    storage.busy: a busy disk fires ({file}:3)")),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "FAIL  storage.busy: claims the wrong severity ({file}:12)\n        expected severity low, got high"
        )),
        "{text}"
    );
    assert_eq!(last_line(&text), "3 passed, 1 failed");

    // Through --rules, the built-in tests run too; with DIR only that directory's.
    let fixed = STORAGE_TESTS.replace("severity: low", "severity: high");
    write(dir.path(), "storage/busy.test.yaml", &fixed);
    let out = perfsage(&["rules", "test", &dir_arg(&dir)]);
    assert_eq!(
        (code(&out), last_line(&stdout(&out))),
        (0, "4 passed, 0 failed")
    );
    let all = perfsage(&["--rules", &dir_arg(&dir), "rules", "test"]);
    let kb = KnowledgeBase::builtin().unwrap();
    let builtin = run_suite(&kb, &kb.layers[0].tests.iter().collect::<Vec<_>>());
    assert_eq!(
        last_line(&stdout(&all)),
        format!("{} passed, 0 failed", builtin.results.len() + 4)
    );
}

#[test]
fn test_facts_cite_the_test_file_and_take_units_from_the_catalog() {
    let dir = storage_rule_dir();
    let kb = KnowledgeBase::load(&[dir.path().to_path_buf()]).unwrap();
    let source = &kb.layers[1].tests[0];
    let (file, problems) = parse_test_file(source);
    assert!(problems.is_empty(), "{problems:?}");
    let file = file.unwrap();
    let facts = test_facts(&file, &file.tests[0]);
    let Outcome::Fired { findings } = kb
        .engine
        .evaluate(kb.rules.get("storage.busy").unwrap(), &facts)
    else {
        panic!("the rule fires");
    };
    let evidence = &findings[0].evidence;
    let busy = evidence
        .iter()
        .find(|e| e.key == "disk.busiest.util_pct")
        .unwrap();
    assert_eq!(busy.location(), format!("{}:6", source.path));
    assert_eq!(
        busy.unit,
        catalog::lookup("disk.busiest.util_pct").unwrap().unit
    );
}

#[test]
fn a_rule_that_errors_or_loops_is_tested_with_expect_error() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "runtime/spin.rhai",
        &rule_file(
            "runtime.spin",
            "",
            "fn evaluate() {\n    let i = 0;\n    loop { i += avg(\"cpu.util_pct\"); }\n}",
        ),
    );
    write(
        dir.path(),
        "runtime/spin.test.yaml",
        "rule: runtime.spin\ntests:\n  - name: it is stopped\n    facts:\n      cpu.util_pct: [1]\n    expect: error\n    error_contains: stopped\n  - name: claims it stays quiet\n    facts:\n      cpu.util_pct: [1]\n    expect: quiet\n",
    );
    let out = perfsage(&["rules", "test", &dir_arg(&dir)]);
    let text = stdout(&out);
    assert_eq!(last_line(&text), "1 passed, 1 failed", "{text}");
    // The failure names the rule file and line the loop was stopped at.
    let rule = format!("{}/runtime/spin.rhai:", dir.path().display());
    assert!(
        text.contains(&format!("expected quiet, got error: {rule}")),
        "{text}"
    );
}

// ── --rules: extra rule directories and overrides ──────────────────────────────

#[test]
fn an_id_clash_is_an_error_unless_the_rule_overrides() {
    let dir = tempfile::tempdir().unwrap();
    let clash = rule_file(
        "storage.disk_saturated",
        "",
        "fn evaluate() {\n    if avg(\"cpu.util_pct\") > 0.0 { #{ severity: \"low\", summary: \"acme's own disk rule\" } }\n}",
    );
    write(dir.path(), "storage/disk_saturated.rhai", &clash);
    let args = [
        "diagnose",
        "--rules",
        &dir_arg(&dir),
        "fixtures/bundles/disk-bound",
    ];
    let out = perfsage(&args);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains(&format!(
            "{}/storage/disk_saturated.rhai:3: rule id \"storage.disk_saturated\" is already defined in rules/storage/disk_saturated.rhai; add `overrides: true` to META to replace that rule",
            dir.path().display()
        )),
        "{}",
        stderr(&out)
    );

    let overriding = clash.replace("    needs:", "    overrides: true,\n    needs:");
    write(dir.path(), "storage/disk_saturated.rhai", &overriding);
    let out = perfsage(&args);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let report = stdout(&out);
    assert!(report.contains("acme's own disk rule"), "{report}");
    assert!(!report.contains("storage limits throughput"), "{report}");

    // Overriding nothing is an error too.
    let orphan = overriding.replace("storage.disk_saturated", "storage.disk_quiet");
    std::fs::remove_file(dir.path().join("storage/disk_saturated.rhai")).unwrap();
    write(dir.path(), "storage/disk_quiet.rhai", &orphan);
    let out = perfsage(&args);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains(
            "META.overrides is set but no rule loaded before this one has id \"storage.disk_quiet\""
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn tests_of_an_overridden_rule_are_skipped_with_the_reason() {
    // A complete rule base (a copy of rules/ with a test) and an addition overriding
    // the tested rule.
    let base = builtin_copy();
    write(
        base.path(),
        "storage/disk_saturated.test.yaml",
        "rule: storage.disk_saturated\ntests:\n  - name: an idle disk stays quiet\n    facts:\n      disk.busiest.util_pct: [5]\n      cpu.util_pct: [5]\n    expect: quiet\n",
    );
    let addition = tempfile::tempdir().unwrap();
    let overriding = rule_file(
        "storage.disk_saturated",
        "    overrides: true,\n",
        "fn evaluate() { #{ severity: \"low\", summary: \"always\", evidence: [\"cpu.util_pct\"] } }",
    );
    write(addition.path(), "storage/disk_saturated.rhai", &overriding);
    let out = perfsage(&[
        "--rules",
        &dir_arg(&base),
        "--rules",
        &dir_arg(&addition),
        "rules",
        "test",
    ]);
    let text = stdout(&out);
    assert_eq!(code(&out), 0, "{text}");
    assert!(
        text.contains(&format!(
            "skip  {}/storage/disk_saturated.test.yaml: rule storage.disk_saturated is overridden by {}/storage/disk_saturated.rhai",
            base.path().display(),
            addition.path().display()
        )),
        "{text}"
    );
    assert_eq!(last_line(&text), "0 passed, 0 failed");
    // Without the override the same test runs and passes.
    let out = perfsage(&["--rules", &dir_arg(&base), "rules", "test"]);
    assert_eq!(last_line(&stdout(&out)), "1 passed, 0 failed");
}

#[test]
fn methodology_additions_add_steps_and_edges_to_the_walk() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "methodology.yaml",
        "steps:\n  - id: queue-depth\n    title: How deep is the disk queue?\n    capture: [iostat -x 1 60]\nedges:\n  - from: virtualization\n    to: queue-depth\n    when: fired(\"storage.deep_queue\")\n",
    );
    let rule = rule_file(
        "storage.deep_queue",
        "",
        "fn evaluate() {\n    let depth = avg(`disk.${text(\"disk.busiest.name\")}.aqu_sz`);\n    if depth > 8.0 { #{ severity: \"medium\", summary: `queue ${fmt(depth, 0)} deep` } }\n}",
    )
    .replace("step: \"storage\"", "step: \"queue-depth\"");
    write(dir.path(), "storage/deep_queue.rhai", &rule);
    let out = perfsage(&[
        "diagnose",
        "fixtures/bundles/disk-bound",
        "--format",
        "json",
        "--rules",
        &dir_arg(&dir),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps: Vec<&str> = strings(&json["hosts"][0]["steps"], "step");
    let at = steps
        .iter()
        .position(|s| *s == "queue-depth")
        .expect("new step walked");
    let step = &json["hosts"][0]["steps"][at];
    assert_eq!(step["from"], "virtualization", "{steps:?}");
    assert_eq!(step["findings"][0], "storage.deep_queue");

    let graph = perfsage(&["graph", "--format", "mermaid", "--rules", &dir_arg(&dir)]);
    assert!(stdout(&graph).contains("queue-depth: How deep is the disk queue?"));
    let list = perfsage(&["rules", "list", "--rules", &dir_arg(&dir)]);
    assert!(stdout(&list).contains("storage.deep_queue"));
}

#[test]
fn a_missing_rules_directory_is_one_line_of_bad_input() {
    let out = perfsage(&[
        "diagnose",
        "--rules",
        "no/such/dir",
        "fixtures/bundles/disk-bound",
    ]);
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out).trim(),
        "perfsage: error: no/such/dir: not a rule directory (no such folder)"
    );
}

// ── explain ────────────────────────────────────────────────────────────────────

#[test]
fn explain_a_rule_shows_each_fact_with_its_source_and_the_line_that_read_it() {
    let out = perfsage(&[
        "explain",
        "storage.disk_saturated",
        "cases/greatdb-vm-cluster/bundle",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("host greatdb-db1"), "{text}");
    assert!(text.contains("Outcome: FIRED"), "{text}");
    let rule_text =
        std::fs::read_to_string(root().join("rules/storage/disk_saturated.rhai")).unwrap();
    let line = rule_text
        .lines()
        .position(|l| l.contains("avg(\"disk.busiest.util_pct\")"))
        .unwrap()
        + 1;
    let bundle = Bundle::open(&root().join("cases/greatdb-vm-cluster/bundle")).unwrap();
    let host = read_host(&bundle.hosts[0]);
    let util = host.facts.get("disk.busiest.util_pct").unwrap();
    let seen = format!(
        "disk.busiest.util_pct = {} {} ({})",
        util.value, util.unit, util.provenance
    );
    assert!(text.contains(&seen), "{seen} in:\n{text}");
    assert!(
        text.contains(&format!(
            "read at rules/storage/disk_saturated.rhai:{line}  let disk = avg(\"disk.busiest.util_pct\");"
        )),
        "{text}"
    );
    assert!(text.contains("has(\"disk.vdb.aqu_sz\") = yes"), "{text}");

    let json = perfsage(&[
        "explain",
        "storage.disk_saturated",
        "cases/greatdb-vm-cluster/bundle",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let host = &json["hosts"][0];
    assert_eq!(host["kind"], "rule");
    assert_eq!(host["outcome"], "fired");
    assert_eq!(host["findings"][0]["severity"], "high");
    assert!(
        host["read"]
            .as_array()
            .unwrap()
            .iter()
            .all(|f| f["location"].is_string() && f["value"].is_string())
    );
}

#[test]
fn explain_sees_the_benchmark_results_the_diagnosis_shares_between_hosts() {
    // The sysbench output lives on the load generator; the database VMs' diagnosis
    // relates to it, and so must their explanation.
    let out = perfsage(&[
        "explain",
        "benchmark.scaling_knee",
        "cases/greatdb-vm-cluster/bundle",
        "--host",
        "greatdb-db1",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Outcome: FIRED"), "{text}");
    assert!(text.contains("loadgen/sysbench.txt:"), "{text}");
}

#[test]
fn explain_a_rule_that_was_not_evaluated_says_what_to_capture() {
    let out = perfsage(&[
        "explain",
        "virtualization.vcpus_exceed_host_socket",
        "fixtures/bundles/disk-bound",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Outcome: NOT EVALUATED"), "{text}");
    let capture = catalog::lookup("vm.host_cores_per_socket").unwrap().capture;
    assert!(
        text.contains(&format!(
            "vm.host_cores_per_socket: missing — capture: {capture}"
        )),
        "{text}"
    );
    assert!(
        text.contains("host.virtualized = yes (lscpu.txt:"),
        "{text}"
    );
}

#[test]
fn explain_a_step_shows_how_it_was_reached_and_each_guard_leaving_it() {
    let kb = KnowledgeBase::builtin().unwrap();
    let out = perfsage(&["explain", "memory", "fixtures/bundles/disk-bound"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let cpu = kb.methodology.step("cpu").unwrap();
    let edge = cpu
        .edges
        .iter()
        .find(|e| kb.methodology.graph[e.to].id == "memory")
        .unwrap();
    assert!(
        stdout(&out).contains(&format!(
            "Reached: yes, from cpu because `{}` held ({})",
            edge.when,
            edge.location()
        )),
        "{}",
        stdout(&out)
    );

    let out = perfsage(&["explain", "storage", "fixtures/bundles/disk-bound"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    let memory = kb.methodology.step("memory").unwrap();
    assert!(
        text.contains(&format!(
            "Reached: yes, from memory, which always leads here ({})",
            memory.edges[0].location()
        )),
        "{text}"
    );
    assert!(
        text.contains("storage.disk_saturated: fired — high"),
        "{text}"
    );
    let storage = kb.methodology.step("storage").unwrap();
    for guard in &storage.edges {
        assert!(
            text.contains(&format!(
                "→ {}: {}   when `{}` ({})",
                kb.methodology.graph[guard.to].id,
                if kb.methodology.graph[guard.to].id == "virtualization" {
                    "true"
                } else {
                    "false"
                },
                guard.when,
                guard.location()
            )),
            "{text}"
        );
    }
    assert!(
        text.contains("fired(\"storage.disk_saturated\") = yes"),
        "{text}"
    );
    assert!(
        text.contains("host.virtualized = yes (lscpu.txt:"),
        "{text}"
    );

    let out = perfsage(&["explain", "cpu-hotspots", "fixtures/bundles/disk-bound"]);
    let text = stdout(&out);
    assert!(
        text.contains("Reached: no\n  from cpu: `fired(\"resource.cpu_saturated\") || fired(\"resource.cgroup_cpu_throttled\") || fired(\"resource.cpu_queueing\") || has(\"hotspot.1.symbol\") || has(\"perf.stat.ipc\")` is false"),
        "{text}"
    );
}

#[test]
fn explain_refuses_an_unknown_id_or_host_with_a_suggestion() {
    let out = perfsage(&["explain", "storag", "fixtures/bundles/disk-bound"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("did you mean `storage`"),
        "{}",
        stderr(&out)
    );
    let out = perfsage(&[
        "explain",
        "storage",
        "fixtures/bundles/disk-bound",
        "--host",
        "db9",
    ]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("no host \"db9\" (hosts: vm)"),
        "{}",
        stderr(&out)
    );
}

// ── rules doc and facts --catalog ──────────────────────────────────────────────

#[test]
fn rules_doc_groups_every_rule_by_layer_and_step_with_its_case_and_gain() {
    let out = perfsage(&["rules", "doc"]);
    assert_eq!(code(&out), 0);
    let doc = stdout(&out);
    let kb = KnowledgeBase::builtin().unwrap();
    for rule in &kb.rules.rules {
        let m = &rule.meta;
        let layer = doc
            .find(&format!("\n## Layer `{}`\n", m.layer))
            .unwrap_or_else(|| panic!("no layer {}", m.layer));
        let step_title = &kb.methodology.step(&m.step).unwrap().title;
        let step = layer
            + doc[layer..]
                .find(&format!("\n### Step `{}`: {step_title}\n", m.step))
                .unwrap_or_else(|| panic!("no step {} under layer {}", m.step, m.layer));
        let heading = format!("\n#### `{}`: {}\n", m.id, m.title);
        let at = step
            + doc[step..]
                .find(&heading)
                .unwrap_or_else(|| panic!("{heading}"));
        let next_layer = doc[layer + 1..]
            .find("\n## Layer")
            .map_or(doc.len(), |i| layer + 1 + i);
        assert!(at < next_layer, "{} is not under its layer", m.id);
        if let Some(source) = &m.source {
            let section = &doc[at..];
            assert!(section.contains(&format!("| Source case | `{}`", source.case_id)));
            assert!(
                section.contains(&source.gain.replace('|', "\\|")),
                "{}",
                source.gain
            );
        }
    }
}

/// Each rule's section of the `rules doc` reference: from its heading to the next.
fn doc_section<'a>(doc: &'a str, id: &str) -> &'a str {
    let start = doc
        .find(&format!("\n#### `{id}`: "))
        .unwrap_or_else(|| panic!("no section for {id}"));
    let end = doc[start + 1..]
        .find("\n#")
        .map_or(doc.len(), |i| start + 1 + i);
    &doc[start..end]
}

#[test]
fn rules_doc_shows_the_gains_each_step_measured_in_the_case_chains() {
    // What every case chain measured, read from its engagement report.
    let mut measured: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let mut ids: Vec<String> = std::fs::read_dir(root().join("cases"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    for id in &ids {
        let out = perfsage(&["diagnose", &format!("cases/{id}"), "--format", "json"]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        if json["kind"] != "engagement" {
            continue;
        }
        for run in json["chain"].as_array().unwrap() {
            let change = &run["change"];
            if let (Some(step), Some(pct)) = (
                change["step"].as_str(),
                change["measured_gain_pct"].as_f64(),
            ) {
                measured
                    .entry(step.to_string())
                    .or_default()
                    .push(format!("{:+.1} % ({id})", (pct * 10.0).round() / 10.0));
            }
        }
    }
    assert!(
        measured.len() >= 2,
        "the shipped case chains measure several steps: {measured:?}"
    );
    let out = perfsage(&["rules", "doc", "--cases", "cases"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let doc = stdout(&out);
    let kb = KnowledgeBase::builtin().unwrap();
    for rule in &kb.rules.rules {
        let section = doc_section(&doc, &rule.meta.id);
        let row = section
            .lines()
            .find(|l| l.starts_with("| Measured gains | "))
            .unwrap_or_else(|| panic!("no Measured gains row for {}:\n{section}", rule.meta.id));
        let expected = measured
            .get(&rule.meta.id)
            .map_or_else(|| "—".to_string(), |gains| gains.join(", "));
        assert_eq!(
            row,
            format!("| Measured gains | {expected} |"),
            "{}",
            rule.meta.id
        );
    }
}

#[test]
fn facts_catalog_lists_every_key_with_unit_meaning_and_tools() {
    let out = perfsage(&["facts", "--catalog", "--format", "json"]);
    assert_eq!(code(&out), 0);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let entries = json.as_array().unwrap();
    assert_eq!(entries.len(), catalog::entries().count());
    for entry in entries {
        assert!(entry["pattern"].is_string() && entry["unit"].is_string());
        assert!(!entry["meaning"].as_str().unwrap().is_empty());
        assert!(!entry["tools"].as_array().unwrap().is_empty(), "{entry}");
    }
}

// ── the authoring guide ────────────────────────────────────────────────────────

fn readme() -> String {
    std::fs::read_to_string(root().join("rules/README.md")).unwrap()
}

#[test]
fn the_guides_helper_section_is_what_the_engine_generates() {
    let readme = readme();
    let start = readme.find(HELPERS_BEGIN).expect("generated section start");
    let end = readme.find(HELPERS_END).expect("generated section end") + HELPERS_END.len() + 1;
    assert_eq!(
        &readme[start..end],
        helpers_markdown(),
        "rules/README.md is out of date: paste the output of `perfsage rules doc --helpers` between the markers"
    );
    let out = perfsage(&["rules", "doc", "--helpers"]);
    assert_eq!(stdout(&out), helpers_markdown());
}

fn helper_name(signature: &str) -> &str {
    signature.split('(').next().unwrap()
}

#[test]
fn every_listed_helper_is_registered_and_every_registered_function_is_listed() {
    let engine = RuleEngine::new();
    let registered: BTreeSet<String> = engine
        .engine
        .gen_fn_signatures(false)
        .iter()
        .map(|s| helper_name(s).to_string())
        .filter(|name| !BLOCKED_FUNCTIONS.contains(&name.as_str()))
        .collect();
    let listed: BTreeSet<String> = HELPERS
        .iter()
        .map(|h| helper_name(h.signature).to_string())
        .collect();
    assert_eq!(registered, listed);
}

/// Facts for every key an example names, of the kind the catalog gives it.
fn facts_for(script: &str) -> Arc<Facts> {
    let mut facts = Facts::default();
    for reference in fact_refs(script) {
        let KeyText::Literal(key) = &reference.key else {
            continue;
        };
        let Some(entry) = catalog::lookup(key) else {
            continue;
        };
        let value = match entry.kind {
            Kind::Number => Value::Number(64.0),
            Kind::Text => Value::Text("aarch64".into()),
            Kind::Flag => Value::Flag(true),
            Kind::Series => series(&[40.0, 60.0, 95.0]),
        };
        facts.insert(Fact {
            key: key.clone(),
            value,
            unit: entry.unit,
            provenance: Provenance {
                file: "example".into(),
                line: 1,
                line_end: 1,
                tool: "test".into(),
            },
        });
    }
    Arc::new(facts)
}

#[test]
fn every_helper_example_compiles_and_calls_a_registered_helper() {
    let engine = RuleEngine::new();
    for helper in HELPERS {
        let name = helper_name(helper.signature);
        let script = helper.example.replace('…', "()");
        assert!(
            script.contains(&format!("{name}(")),
            "the example of {name} does not call it: {script}"
        );
        let ast = engine
            .engine
            .compile(&script)
            .unwrap_or_else(|e| panic!("the example of {name} does not compile: {script}: {e}"));
        let fired: HashSet<String> = ["storage.disk_saturated".to_string()].into();
        engine.state.lock().begin(facts_for(&script), Some(fired));
        let result = engine.engine.eval_ast::<rhai::Dynamic>(&ast);
        engine.state.lock().end();
        // Facts an example builds at run time may be missing; the helper may not.
        if let Err(error) = result {
            assert!(
                !matches!(*error, rhai::EvalAltResult::ErrorFunctionNotFound(..)),
                "the example of {name} calls a function the engine lacks: {error}"
            );
        }
    }
}

#[test]
fn the_guides_worked_example_lints_clean_and_passes_its_tests() {
    let readme = readme();
    let dir = tempfile::tempdir().unwrap();
    let marker = "<!-- worked-example: ";
    let mut written = Vec::new();
    for (at, _) in readme.match_indices(marker) {
        let rest = &readme[at + marker.len()..];
        let path = &rest[..rest.find(" -->").unwrap()];
        let block = &rest[rest.find("```").unwrap()..];
        let body_start = block.find('\n').unwrap() + 1;
        let body_end = block[body_start..].find("```").unwrap() + body_start;
        write(dir.path(), path, &block[body_start..body_end]);
        written.push(path.to_string());
    }
    assert_eq!(
        written,
        vec![
            "memory/db_host_swappiness.test.yaml",
            "memory/db_host_swappiness.rhai"
        ]
    );
    let lint = perfsage(&["rules", "lint", &dir_arg(&dir)]);
    assert_eq!(code(&lint), 0, "{}", stdout(&lint));
    assert_eq!(
        last_line(&stdout(&lint)),
        "no problems (checked 1 rule file, 0 methodology files, 1 test file)"
    );
    let test = perfsage(&["rules", "test", &dir_arg(&dir)]);
    assert_eq!(code(&test), 0, "{}", stdout(&test));
    assert_eq!(last_line(&stdout(&test)), "4 passed, 0 failed");
}

// ── the sandbox ────────────────────────────────────────────────────────────────

fn sandboxed(body: &str) -> (Result<Outcome, String>, Duration) {
    let sources = vec![
        RuleSource {
            path: "sandbox/runtime/probe.rhai".into(),
            text: rule_file("runtime.probe", "", body)
                .replace("step: \"storage\"", "step: \"only\""),
        },
        RuleSource {
            path: "sandbox/methodology.yaml".into(),
            text: "root: only\nsteps:\n  - id: only\n    title: The only step\n".into(),
        },
    ];
    let kb = match KnowledgeBase::from_layers(vec![RuleLayer::from_sources(sources)]) {
        Ok(kb) => kb,
        Err(e) => return (Err(e.to_string()), Duration::ZERO),
    };
    let f = facts(&[("cpu.util_pct", series(&[50.0]))]);
    // The budget counts the evaluating thread's CPU time, so the test does too: wall
    // time would also count what the rest of a loaded machine did meanwhile.
    let started = thread_cpu_time();
    let outcome = kb.engine.evaluate(&kb.rules.rules[0], &f);
    (Ok(outcome), thread_cpu_time() - started)
}

#[test]
fn an_endless_rule_is_stopped_by_the_time_budget() {
    let slack = Duration::from_millis(300);
    for body in [
        "fn evaluate() { let i = 0; loop { i += 1; } }",
        "fn evaluate() { let m = #{}; for i in 0..100000000 { m[`k${i % 900}`] = i; } }",
        "fn evaluate() { sleep(10); }",
    ] {
        let (outcome, took) = sandboxed(body);
        match outcome {
            Ok(Outcome::Failed { error }) => {
                assert_eq!(error.file, "sandbox/runtime/probe.rhai");
                // The body is on the line of `fn evaluate()`, line 10.
                assert_eq!(error.line, Some(10), "{body}: {error}");
                assert!(
                    error.message.starts_with("stopped") || error.message.contains("not available"),
                    "{body}: {}",
                    error.message
                );
            }
            other => panic!("{body}: {other:?}"),
        }
        assert!(took < TIME_BUDGET + slack, "{body} ran {took:?}");
    }
}

#[test]
fn rules_cannot_read_files_run_commands_or_reach_the_network() {
    // No function of the engine, Rhai's own library included, touches the outside.
    let engine = RuleEngine::new();
    let outside = [
        "file", "open", "read", "dir", "path", "exec", "system", "command", "process", "spawn",
        "shell", "socket", "connect", "http", "url", "fetch", "net", "env",
    ];
    for signature in engine.engine.gen_fn_signatures(true) {
        let name = helper_name(&signature).to_lowercase();
        assert!(
            !outside.iter().any(|word| name.contains(word)),
            "the engine offers {signature}"
        );
    }
    for attempt in [
        "fn evaluate() { open(\"/etc/passwd\") }",
        "fn evaluate() { read_file(\"/etc/passwd\") }",
        "fn evaluate() { File::open(\"/etc/passwd\") }",
        "fn evaluate() { system(\"touch /tmp/perfsage-sandbox-escape\") }",
        "fn evaluate() { exec(\"id\") }",
        "fn evaluate() { http_get(\"http://example.com\") }",
        "import \"fs\" as fs;\nfn evaluate() { fs::read(\"/etc/passwd\") }",
        "fn evaluate() { eval(\"1\") }",
        "fn evaluate() { call(Fn(\"sleep\"), 5) }",
    ] {
        let (outcome, took) = sandboxed(attempt);
        match outcome {
            // Refused when loading, naming the rule file …
            Err(message) => assert!(message.contains("sandbox/runtime/probe.rhai"), "{message}"),
            // … or failing when run, without taking the time it asked for.
            Ok(Outcome::Failed { error }) => {
                assert_eq!(error.file, "sandbox/runtime/probe.rhai", "{attempt}");
                assert!(took < TIME_BUDGET, "{attempt}: {took:?}");
            }
            Ok(other) => panic!("{attempt} was allowed: {other:?}"),
        }
    }
    assert!(!Path::new("/tmp/perfsage-sandbox-escape").exists());
}

#[test]
fn layers_for_uses_a_complete_rule_base_instead_of_the_built_in_one() {
    let base = builtin_copy();
    let layers = layers_for(&[base.path().to_path_buf()]).unwrap();
    assert_eq!(layers.len(), 1);
    assert_eq!(layers[0].dir.as_deref(), Some(base.path()));
    let other = builtin_copy();
    let err = layers_for(&[base.path().to_path_buf(), other.path().to_path_buf()])
        .err()
        .unwrap();
    assert!(err.to_string().contains("are complete rule bases"), "{err}");
}

#[test]
fn lint_requires_a_recommendation_to_declare_its_effort() {
    let meta = "    recommendation: #{\n        action: \"a\",\n        verify: \"v\",\n        rollback: \"r\",\n        cost: \"ask the vendor\",\n    },\n";
    let body = "fn evaluate() { if avg(\"cpu.util_pct\") > 90.0 { #{ severity: \"high\", summary: \"busy\" } } }";
    let (dir, code, report) = lint(&[(
        "storage/vendor.rhai",
        &rule_file("storage.vendor", meta, body),
    )]);
    assert_eq!(code, 2, "{report}");
    has_error(
        &dir,
        &report,
        "storage/vendor.rhai:8",
        "META.recommendation has no `effort`",
    );

    let declared = meta.replace("cost:", "effort: \"rebuild\",\n        cost:");
    let (_dir, code, report) = lint(&[(
        "storage/vendor.rhai",
        &rule_file("storage.vendor", &declared, body),
    )]);
    assert!(!report.contains("no `effort`"), "{report}");
    assert_eq!(code, 0, "{report}");

    let unknown = meta.replace("cost:", "effort: \"soon\",\n        cost:");
    let (_dir, code, report) = lint(&[(
        "storage/vendor.rhai",
        &rule_file("storage.vendor", &unknown, body),
    )]);
    assert_eq!(code, 2, "{report}");
    assert!(report.contains("soon"), "{report}");
}

#[test]
fn rules_doc_lists_the_rules_that_name_each_limiting_resource() {
    let out = perfsage(&["rules", "doc"]);
    let doc = stdout(&out);
    let start = doc
        .find("\n## Resources checked (the USE method)\n")
        .expect("the resource section");
    let section = &doc[start
        ..doc[start + 1..]
            .find("\n## ")
            .map_or(doc.len(), |i| start + 1 + i)];
    let kb = KnowledgeBase::builtin().unwrap();
    for rule in &kb.rules.rules {
        let listed = section.contains(&format!("`{}` ({})", rule.meta.id, rule.meta.step));
        match rule.meta.resource {
            Some(resource) => {
                let row = section
                    .lines()
                    .find(|l| l.starts_with(&format!("| {resource} |")))
                    .unwrap_or_else(|| panic!("no row for {resource}"));
                assert!(row.contains(&format!("`{}`", rule.meta.id)), "{row}");
            }
            None => assert!(!listed, "{} names no resource", rule.meta.id),
        }
    }
    for resource in ["cpu", "memory", "storage", "lock"] {
        assert!(section.contains(&format!("| {resource} |")), "{section}");
    }
}

// ── named thresholds ───────────────────────────────────────────────────────────

#[test]
fn a_thresholds_file_changes_a_rule_figure_without_forking_the_rule() {
    let explain = |rules: Option<&tempfile::TempDir>| {
        let mut args = vec![
            "explain".to_string(),
            "storage.disk_saturated".into(),
            "cases/greatdb-vm-cluster/bundle".into(),
        ];
        if let Some(dir) = rules {
            args.extend(["--rules".into(), dir_arg(dir)]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = perfsage(&args);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        stdout(&out)
    };
    // The case's data disk is 99.5 % busy: above the built-in 90 %, below 99.9 %.
    assert!(explain(None).contains("Outcome: FIRED"));
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "thresholds.yaml",
        "# a stricter line for this customer\nstorage.disk_saturated:\n  disk_busy_pct: 99.9\n",
    );
    let kb = KnowledgeBase::load(&[dir.path().to_path_buf()]).unwrap();
    let rule = kb.rules.get("storage.disk_saturated").unwrap();
    assert_eq!(rule.meta.thresholds["disk_busy_pct"].value, 99.9);
    assert!(explain(Some(&dir)).contains("Outcome: QUIET"));

    // rules doc shows the value in force and where it was set.
    let out = perfsage(&["rules", "doc", "--rules", &dir_arg(&dir)]);
    let wanted = format!(
        "| `disk_busy_pct` | 99.9 % (set in `{}/thresholds.yaml:3`) |",
        dir.path().display()
    );
    assert!(stdout(&out).contains(&wanted), "no `{wanted}`");
}

#[test]
fn a_thresholds_file_naming_an_unknown_rule_or_threshold_is_refused_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "thresholds.yaml",
        "storage.disk_saturated:\n  disk_busy_pct: 85\n  disk_busy: 85\nstorage.no_such_rule: { x: 1 }\n",
    );
    let err = KnowledgeBase::load(&[dir.path().to_path_buf()])
        .err()
        .unwrap()
        .to_string();
    let file = format!("{}/thresholds.yaml", dir.path().display());
    assert!(
        err.contains(&format!(
            "{file}:3: rule storage.disk_saturated has no threshold \"disk_busy\""
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{file}:4: no rule loaded has id \"storage.no_such_rule\""
        )),
        "{err}"
    );
    assert!(!err.contains(":2:"), "the known name is fine: {err}");

    write(
        dir.path(),
        "thresholds.yaml",
        "storage.disk_saturated:\n  disk_busy_pct: high\n",
    );
    let err = KnowledgeBase::load(&[dir.path().to_path_buf()])
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains(&format!("{file}:2")), "{err}");
}

#[test]
fn lint_checks_thresholds_read_declared_and_sourced() {
    let meta = "    thresholds: #{\n        busy_pct: #{ value: 90, unit: \"%\" },\n        spare: #{ value: 1.0, source: \"a reason\" },\n    },\n";
    let body = "fn evaluate() { if avg(\"cpu.util_pct\") > threshold(\"busy_pct\") && avg(\"cpu.util_pct\") > threshold(\"missing\") { #{ severity: \"high\", summary: \"busy\" } } }";
    let (dir, code, report) = lint(&[("storage/thr.rhai", &rule_file("storage.thr", meta, body))]);
    assert_eq!(code, 2, "{report}");
    has_error(
        &dir,
        &report,
        "storage/thr.rhai:9",
        "threshold \"busy_pct\" has no `source`",
    );
    has_error(
        &dir,
        &report,
        "storage/thr.rhai:14:99",
        "threshold(\"missing\") is not declared in META.thresholds",
    );
    let unread = format!(
        "{}/storage/thr.rhai:10: warning: threshold \"spare\" is declared but never read",
        dir.path().display()
    );
    assert!(
        report.lines().any(|l| l.starts_with(&unread)),
        "no `{unread}` in:\n{report}"
    );
}

#[test]
fn reading_an_undeclared_threshold_is_an_error_naming_the_rule_and_the_name() {
    let dir = tempfile::tempdir().unwrap();
    let meta =
        "    thresholds: #{ busy_pct: #{ value: 90.0, unit: \"%\", source: \"a reason\" } },\n";
    let body = "fn evaluate() { if avg(\"cpu.util_pct\") > threshold(\"busy_pct\") { threshold(\"typo\"); } }";
    write(
        dir.path(),
        "storage/thr.rhai",
        &rule_file("storage.thr", meta, body),
    );
    write(
        dir.path(),
        "storage/thr.test.yaml",
        "rule: storage.thr\ntests:\n  - name: idle stays quiet\n    facts:\n      cpu.util_pct: [10, 20]\n    expect: quiet\n  - name: busy reads the undeclared name\n    facts:\n      cpu.util_pct: [95, 99]\n    expect: error\n    error_contains: 'rule storage.thr reads threshold \"typo\", which its META.thresholds does not declare'\n",
    );
    let out = perfsage(&["rules", "test", &dir_arg(&dir)]);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert_eq!(last_line(&stdout(&out)), "2 passed, 0 failed");
}

#[test]
fn lint_refuses_chinese_given_beside_the_english_at_its_key() {
    let body = "fn evaluate() {\n    #{ severity: \"low\", summary: \"busy\",\n        summary_zh: \"繁忙\" }\n}";
    let (dir, code, report) = lint(&[("os/old.rhai", &rule_file("os.old", "", body))]);
    assert_eq!(code, 2, "{report}");
    has_error(
        &dir,
        &report,
        "os/old.rhai:12:9",
        "`summary_zh` is no longer read",
    );
}
