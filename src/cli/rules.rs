//! `perfsage rules …`: the rule base and the tools to grow it: list, new, lint, test
//! and doc.

use super::{emit, table_width};
use crate::authoring::doc::{helpers_markdown, reference};
use crate::authoring::fact_keys::{is_catalogued, levenshtein, suggest};
use crate::authoring::lint::lint;
use crate::authoring::rule_tests::run_suite;
use crate::authoring::scaffold::{NewRule, resolve_id, rule_text, test_text};
use crate::cases::Case;
use crate::cases::measured_gains::{self, MeasuredGain};
use crate::knowledge::{KnowledgeBase, RuleLayer, layers_for, read_rule_dir};
use crate::rules::loader::RuleSource;
use anyhow::{Context, bail};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{ColumnConstraint, ContentArrangement, Table};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List every rule with its layer, methodology step, needed facts and source case,
    /// and the gains its step measured in the chains of the cases.
    #[command(
        after_help = "Examples:\n  perfsage rules list\n  perfsage rules list --rules ../acme-rules --cases ../acme-cases"
    )]
    List {
        /// The folder of cases whose chains are replayed for measured gains [default:
        /// ./cases when it exists].
        #[arg(long, value_name = "DIR")]
        cases: Option<PathBuf>,
    },
    /// Scaffold a new rule and its test file (never overwrites a file).
    #[command(
        after_help = "Examples:\n  perfsage rules new storage.wal_on_data_disk --step storage --needs disk.busiest.util_pct\n  perfsage rules new db_host_swappiness --layer memory --dir ../acme-rules --needs db.engine --needs os.swappiness\n\nThe files hold `FILL IN` placeholders; `perfsage rules lint` lists those left."
    )]
    New {
        /// The rule id: `<layer>.<name>`, or `<name>` with --layer.
        id: String,
        /// The rule's layer (bios, os, virtualization, storage, …).
        #[arg(long)]
        layer: Option<String>,
        /// The methodology step the rule answers (default: the step named like the
        /// layer, else the root; `perfsage graph` shows the steps).
        #[arg(long)]
        step: Option<String>,
        /// A fact the rule needs (repeatable); `perfsage facts --catalog` lists them.
        #[arg(long = "needs", value_name = "KEY")]
        needs: Vec<String>,
        /// The rule directory to write into.
        #[arg(long, default_value = "rules")]
        dir: PathBuf,
        /// The new rule replaces a rule of the same id loaded before its directory.
        #[arg(long)]
        overrides: bool,
    },
    /// Check rule files, the methodology and rule tests; exit 2 on any error.
    #[command(
        after_help = "Examples:\n  perfsage rules lint                  (the built-in rules, with any --rules directories)\n  perfsage rules lint ../acme-rules    (a rule directory, on top of the built-in rules)\n  perfsage rules lint rules/           (a working copy of a complete rule base)\n\nExit status: 0 no errors (warnings allowed); 2 errors found or bad input."
    )]
    Lint {
        /// The rule directory to check; without it, every rule set loaded.
        dir: Option<PathBuf>,
    },
    /// Run the rules' YAML tests and print `N passed, N failed`; exit 1 on a failure.
    #[command(
        after_help = "Examples:\n  perfsage rules test                  (the built-in tests, with those of any --rules directories)\n  perfsage rules test ../acme-rules    (only that directory's tests)\n\nExit status: 0 all passed; 1 a test failed; 2 the rules do not load."
    )]
    Test {
        /// The rule directory whose tests to run; without it, the tests of every rule
        /// set loaded.
        dir: Option<PathBuf>,
    },
    /// Print the rule base as a Markdown reference, grouped by layer and step.
    #[command(
        after_help = "Examples:\n  perfsage rules doc > docs/rules.md\n  perfsage rules doc --rules ../acme-rules --cases ../acme-cases > acme-reference.md\n  perfsage rules doc --helpers     (the helper section of rules/README.md)"
    )]
    Doc {
        /// Print only the reference of the helpers rules may call.
        #[arg(long)]
        helpers: bool,
        /// The folder of cases whose chains are replayed for measured gains [default:
        /// ./cases when it exists].
        #[arg(long, value_name = "DIR")]
        cases: Option<PathBuf>,
    },
}

pub fn run(command: Command, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    match command {
        Command::List { cases } => list(rule_dirs, cases.as_deref()),
        Command::New {
            id,
            layer,
            step,
            needs,
            dir,
            overrides,
        } => new(
            &id,
            layer.as_deref(),
            step.as_deref(),
            needs,
            &dir,
            overrides,
            rule_dirs,
        ),
        Command::Lint { dir } => lint_dir(dir.as_deref(), rule_dirs),
        Command::Test { dir } => test_dir(dir.as_deref(), rule_dirs),
        Command::Doc { helpers, cases } => {
            let text = if helpers {
                helpers_markdown()
            } else {
                let kb = KnowledgeBase::load(rule_dirs)?;
                let measured = measured_in(cases.as_deref(), &kb)?;
                reference(&kb, &measured)
            };
            emit(text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The gains each rule's step measured in the chains of the cases under `cases`, or
/// under ./cases when it exists; none without either.
fn measured_in(
    cases: Option<&Path>,
    kb: &KnowledgeBase,
) -> anyhow::Result<BTreeMap<String, Vec<MeasuredGain>>> {
    let cases_dir = cases.or_else(|| Some(Path::new("cases")).filter(|d| d.is_dir()));
    Ok(match cases_dir {
        Some(dir) => measured_gains::collect(&Case::discover(dir)?, kb)?,
        None => BTreeMap::new(),
    })
}

fn list(rule_dirs: &[PathBuf], cases: Option<&Path>) -> anyhow::Result<ExitCode> {
    let kb = KnowledgeBase::load(rule_dirs)?;
    let measured = measured_in(cases, &kb)?;
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(table_width())
        .set_header(vec![
            "Rule",
            "Step",
            "Title",
            "Needs",
            "Source case (gain)",
            "Measured in case chains",
        ]);
    for rule in &kb.rules.rules {
        let m = &rule.meta;
        let source = m.source.as_ref().map_or_else(
            || "—".to_string(),
            |s| format!("{} ({})", s.case_id, s.gain),
        );
        let gains = measured_gains::describe(measured.get(&m.id).map(Vec::as_slice));
        table.add_row(vec![
            m.id.clone(),
            m.step.clone(),
            m.title.clone(),
            m.needs.join("\n"),
            source,
            gains,
        ]);
    }
    // Ids stay on one line so `rules list | grep` finds them.
    if let Some(column) = table.column_mut(0) {
        column.set_constraint(ColumnConstraint::ContentWidth);
    }
    emit(format!("{table}\n{} rules\n", kb.rules.rules.len()).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The `--rules` directories plus `dir`, and which of the resulting layers is `dir`'s.
fn layers_with(
    dir: Option<&Path>,
    rule_dirs: &[PathBuf],
) -> anyhow::Result<(Vec<RuleLayer>, Vec<usize>)> {
    let mut dirs = rule_dirs.to_vec();
    if let Some(dir) = dir
        && !dirs.iter().any(|d| d == dir)
    {
        dirs.push(dir.to_path_buf());
    }
    let layers = layers_for(&dirs)?;
    let chosen = layers
        .iter()
        .enumerate()
        .filter(|(_, l)| dir.is_none() || l.dir.as_deref() == dir)
        .map(|(i, _)| i)
        .collect();
    Ok((layers, chosen))
}

fn lint_dir(dir: Option<&Path>, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let (layers, checked) = layers_with(dir, rule_dirs)?;
    let report = lint(layers, &checked);
    emit(report.render().as_bytes())?;
    Ok(if report.errors() > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

fn test_dir(dir: Option<&Path>, rule_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let (layers, chosen) = layers_with(dir, rule_dirs)?;
    let kb = KnowledgeBase::from_layers(layers)?;
    let files: Vec<&RuleSource> = chosen
        .iter()
        .flat_map(|&i| kb.layers[i].tests.iter())
        .collect();
    let report = run_suite(&kb, &files);
    let mut out = String::new();
    if files.is_empty() {
        let scope: Vec<String> = chosen.iter().map(|&i| kb.layers[i].name()).collect();
        writeln!(out, "no rule tests (*.test.yaml) in {}", scope.join(", "))?;
    }
    for result in &report.results {
        let label = if result.name == "(test file)" {
            String::new()
        } else {
            format!("{}: {} ", result.rule, result.name)
        };
        match &result.failure {
            None => writeln!(out, "ok    {label}({})", result.location())?,
            Some(why) => {
                writeln!(out, "FAIL  {label}({})", result.location())?;
                writeln!(out, "        {why}")?;
            }
        }
    }
    for skipped in &report.skipped {
        writeln!(out, "skip  {}: {}", skipped.file, skipped.reason)?;
    }
    writeln!(
        out,
        "{} passed, {} failed",
        report.passed(),
        report.failed()
    )?;
    emit(out.as_bytes())?;
    Ok(if report.failed() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn new(
    id: &str,
    layer: Option<&str>,
    step: Option<&str>,
    needs: Vec<String>,
    dir: &Path,
    overrides: bool,
    rule_dirs: &[PathBuf],
) -> anyhow::Result<ExitCode> {
    let (id, layer) = resolve_id(id, layer).map_err(anyhow::Error::msg)?;
    let (rule_path, test_path) = NewRule::paths_of(&id, &layer);
    let (rule_path, test_path) = (dir.join(rule_path), dir.join(test_path));
    for path in [&rule_path, &test_path] {
        if path.exists() {
            bail!("{}: already exists; not overwriting it", path.display());
        }
    }
    for key in &needs {
        if !is_catalogued(key) {
            let hint = suggest(key).map_or_else(String::new, |s| format!("; did you mean `{s}`?"));
            bail!(
                "--needs {key}: not in the fact catalog{hint} (perfsage facts --catalog lists them)"
            );
        }
    }
    // The rule base the new rule joins: the --rules directories and `dir` itself.
    let mut dirs = rule_dirs.to_vec();
    if dir.is_dir() && read_rule_dir(dir).is_ok() && !dirs.iter().any(|d| d == dir) {
        dirs.push(dir.to_path_buf());
    }
    let kb = KnowledgeBase::load(&dirs).with_context(|| {
        format!(
            "the rule base the new rule would join does not load; fix it first (perfsage rules lint {})",
            dir.display()
        )
    })?;
    let step = match step {
        Some(step) => {
            if kb.methodology.step(step).is_none() {
                let mut steps: Vec<&str> = kb
                    .methodology
                    .graph
                    .node_weights()
                    .map(|s| s.id.as_str())
                    .collect();
                steps.sort_by_key(|s| levenshtein(step, s));
                bail!(
                    "--step {step}: no such methodology step (closest: {})",
                    steps.iter().take(3).copied().collect::<Vec<_>>().join(", ")
                );
            }
            step.to_string()
        }
        None => kb.methodology.step(&layer).map_or_else(
            || kb.methodology.graph[kb.methodology.root].id.clone(),
            |s| s.id.clone(),
        ),
    };
    match (kb.rules.get(&id), overrides) {
        (Some(existing), false) => bail!(
            "rule {id} already exists in {}; pass --overrides to write a rule that replaces it",
            existing.file
        ),
        (None, true) => {
            bail!("--overrides: no rule {id} is loaded, so there is nothing to replace")
        }
        _ => {}
    }
    let rule = NewRule {
        id,
        layer,
        step,
        needs,
        overrides,
    };
    if let Some(parent) = rule_path.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("{}: cannot create the folder", parent.display()))?;
    }
    std::fs::write(&rule_path, rule_text(&rule))
        .with_context(|| format!("{}: cannot write", rule_path.display()))?;
    std::fs::write(&test_path, test_text(&rule))
        .with_context(|| format!("{}: cannot write", test_path.display()))?;
    let shown = dir.display();
    let out = format!(
        "created {}\ncreated {}\nrule {} answers step {:?}{}\nnext: replace each FILL IN (perfsage rules lint {shown} lists them), then run perfsage rules test {shown}\n",
        rule_path.display(),
        test_path.display(),
        rule.id,
        rule.step,
        if rule.needs.is_empty() {
            "; add the facts it needs to META.needs".to_string()
        } else {
            String::new()
        },
    );
    emit(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
