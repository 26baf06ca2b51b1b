//! Loads rule files: compiles each once, runs its top level to read `META`, checks the
//! metadata, and keeps the rationale (`//!` lines). Every problem names the file and
//! line; all problems of a rule set are reported together. A built-in rule as shipped
//! is loaded faster, with the same result: its META read as data (`meta_literal`) and
//! its functions compiled when it first runs (`rule_ast`).

use super::evaluate::describe;
use super::line_comments::without_line_comments;
use super::meta_literal::read_meta;
use super::rule_ast::{RuleAst, split_at_meta};
use super::rule_meta::RuleMeta;
use rhai::{AST, Dynamic, Engine, Map, Position, Scope};
use std::borrow::Cow;
use std::fmt;

/// Where the loader finds a built-in rule's code as shipped (its line comments cut at
/// build time, see `knowledge::shipped_code`); `None` compiles the source whole.
pub type ShippedCode<'a> = &'a (dyn Fn(&RuleSource) -> Option<&'static str> + Sync);

/// A rule file's text and the path messages should name.
#[derive(Debug, Clone)]
pub struct RuleSource {
    pub path: String,
    pub text: String,
}

pub struct Rule {
    pub meta: RuleMeta,
    pub file: String,
    /// The `//!` lines at the top of the file, without the markers.
    pub rationale: String,
    /// The line of `fn evaluate()`: where an error that Rhai cannot place (a limit
    /// hit, a malformed finding) is reported.
    pub evaluate_line: Option<usize>,
    ast: RuleAst,
}

impl Rule {
    /// The compiled rule with its functions (compiled now if they were left for
    /// later); an error when they do not compile.
    pub fn ast(&self, engine: &Engine) -> Result<&AST, LoadError> {
        self.ast.get(engine, &self.file)
    }
}

#[derive(Default)]
pub struct RuleSet {
    pub rules: Vec<Rule>,
}

/// A problem with one rule file, at a line when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{l}:{c}: {}", self.file, self.message),
            (Some(l), None) => write!(f, "{}:{l}: {}", self.file, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl LoadError {
    pub fn at(file: &str, position: Position, message: impl Into<String>) -> LoadError {
        LoadError {
            file: file.to_string(),
            line: position.line(),
            column: position.position(),
            message: message.into(),
        }
    }
}

/// Rhai's message without the ` (line N, position M)` it appends.
pub fn message_without_position(message: String, position: Position) -> String {
    let suffix = format!(" ({position})");
    match message.strip_suffix(&suffix) {
        Some(stripped) => stripped.to_string(),
        None => message,
    }
}

impl RuleSet {
    /// Compiles every source onto the shared functions of `prelude`; the rules that
    /// compiled, and every problem (including two files declaring the same id).
    pub fn compile(
        engine: &Engine,
        sources: &[RuleSource],
        prelude: &AST,
        shipped: ShippedCode,
    ) -> (RuleSet, Vec<LoadError>) {
        let mut rules: Vec<Rule> = Vec::new();
        let mut errors = Vec::new();
        for (source, compiled) in sources
            .iter()
            .zip(compile_all(engine, sources, prelude, shipped))
        {
            match compiled {
                Ok(rule) => {
                    if let Some(first) = rules.iter().find(|r| r.meta.id == rule.meta.id) {
                        errors.push(LoadError {
                            file: rule.file.clone(),
                            line: meta_field_line(&source.text, "id"),
                            column: None,
                            message: format!(
                                "duplicate rule id {:?} (also in {})",
                                rule.meta.id, first.file
                            ),
                        });
                    } else {
                        rules.push(rule);
                    }
                }
                Err(mut e) => errors.append(&mut e),
            }
        }
        rules.sort_by(|a, b| a.meta.id.cmp(&b.meta.id));
        (RuleSet { rules }, errors)
    }

    pub fn get(&self, id: &str) -> Option<&Rule> {
        self.rules.iter().find(|r| r.meta.id == id)
    }
}

/// 1-based line where a rule file writes the META field `name:` (or `const META`
/// for a missing field), so metadata problems point at a line.
pub fn meta_field_line(text: &str, name: &str) -> Option<usize> {
    let meta_start = text.lines().position(|l| l.contains("const META"))?;
    if name == "META" {
        return Some(meta_start + 1);
    }
    let field = text
        .lines()
        .enumerate()
        .skip(meta_start)
        .find(|(_, l)| {
            let l = l.trim_start();
            l.strip_prefix(name)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .map(|(i, _)| i);
    Some(field.unwrap_or(meta_start) + 1)
}

/// Each source compiled, in source order. Rhai compiling whole files (a rule
/// directory's) is slow, so those are shared out over the CPUs. The built-in rules
/// take little here (their META is read as data, their functions wait) and are loaded
/// on the calling thread: a second thread saved nothing on a quiet machine and cost
/// a few milliseconds while other work kept the CPUs busy.
fn compile_all(
    engine: &Engine,
    sources: &[RuleSource],
    prelude: &AST,
    shipped: ShippedCode,
) -> Vec<Result<Rule, Vec<LoadError>>> {
    let compiled_whole = sources
        .iter()
        .filter(|source| shipped(source).is_none())
        .count();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(compiled_whole.div_ceil(MIN_FILES_PER_THREAD))
        .max(1);
    if threads == 1 {
        return sources
            .iter()
            .map(|source| compile_rule(engine, source, prelude, shipped))
            .collect();
    }
    let per_thread = sources.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let workers: Vec<_> = sources
            .chunks(per_thread)
            .map(|chunk| {
                let worker = scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|source| compile_rule(engine, source, prelude, shipped))
                        .collect::<Vec<_>>()
                });
                (chunk, worker)
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|(chunk, worker)| {
                // compile_rule does not panic on any input; if it ever did, that
                // thread's files are reported rather than the rule set lost.
                worker.join().unwrap_or_else(|_| {
                    chunk
                        .iter()
                        .map(|source| {
                            Err(vec![LoadError::at(
                                &source.path,
                                Position::NONE,
                                "the rule compiler failed on this file",
                            )])
                        })
                        .collect()
                })
            })
            .collect()
    })
}

/// Below this many files compiled whole a thread costs more than it saves.
const MIN_FILES_PER_THREAD: usize = 8;

fn compile_rule(
    engine: &Engine,
    source: &RuleSource,
    prelude: &AST,
    shipped: ShippedCode,
) -> Result<Rule, Vec<LoadError>> {
    let built_in = shipped(source);
    // A built-in rule is compiled up to its META now and the rest when it first runs
    // (see `rule_ast`), its META read as plain data when it is written so (see
    // `meta_literal`); if that fails in any way, it is compiled whole as any other.
    if let Some((head, rest, lines_before)) = built_in.and_then(split_at_meta) {
        let split = |ast| RuleAst::in_two_parts(ast, rest, lines_before);
        let two_parts = match read_meta(head) {
            Some(meta) => rule_from(source, meta, None, split(prelude.clone())).ok(),
            None => engine.compile(head).ok().and_then(|head| {
                let head = prelude.merge(&head);
                let meta = run_for_meta(engine, &source.path, &head).ok()?;
                rule_from(source, meta, None, split(head)).ok()
            }),
        };
        if let Some(rule) = two_parts {
            return Ok(rule);
        }
    }
    // A file that does not compile without its comments is compiled as written, so
    // any error is the one the file itself gives.
    let file = source.path.as_str();
    let code = built_in.map_or_else(|| without_line_comments(&source.text), Cow::Borrowed);
    let own = engine
        .compile(code)
        .or_else(|_| engine.compile(&source.text))
        .map_err(|e| {
            let position = e.position();
            vec![LoadError::at(
                file,
                position,
                format!("syntax error: {}", e.err_type()),
            )]
        })?;
    let ast = prelude.merge(&own);
    let meta = run_for_meta(engine, file, &ast)?;
    rule_from(source, meta, Some(&own), RuleAst::whole(ast))
}

/// The META map of a rule file's compiled top level, after running it.
fn run_for_meta(engine: &Engine, file: &str, ast: &AST) -> Result<Map, Vec<LoadError>> {
    let mut scope = Scope::new();
    // The top level runs under the engine's limits and time budget, as `evaluate` does.
    engine.run_ast_with_scope(&mut scope, ast).map_err(|e| {
        let (message, position) = describe(&e);
        vec![LoadError::at(file, position, message)]
    })?;
    scope.get_value::<Map>("META").ok_or_else(|| {
        vec![LoadError {
            file: file.to_string(),
            line: None,
            column: None,
            message: "no `const META = #{ … };` map at the top level".into(),
        }]
    })
}

/// The rule of `source` with `meta`, after checking the file; `own`, the file's own
/// AST when compiled whole, must define `evaluate()` (a rule compiled in two parts
/// must write it after META).
fn rule_from(
    source: &RuleSource,
    meta: Map,
    own: Option<&AST>,
    ast: RuleAst,
) -> Result<Rule, Vec<LoadError>> {
    let file = source.path.as_str();
    let whole_file = |message: String| {
        vec![LoadError {
            file: file.to_string(),
            line: None,
            column: None,
            message,
        }]
    };
    let at_field = |field: &str, message: String| LoadError {
        file: file.to_string(),
        line: meta_field_line(&source.text, field),
        column: None,
        message,
    };
    let meta: RuleMeta = rhai::serde::from_dynamic(&Dynamic::from_map(meta)).map_err(|e| {
        let message = message_without_position(e.to_string(), e.position());
        let message = message
            .strip_prefix("Syntax error: ")
            .map_or(message.clone(), str::to_string);
        // serde names the field between backticks: "unknown field `stp`, expected …".
        let field = message.split('`').nth(1).unwrap_or("META").to_string();
        vec![at_field(&field, format!("META: {message}"))]
    })?;
    let problems = meta.problems();
    if !problems.is_empty() {
        return Err(problems
            .into_iter()
            .map(|p| at_field(p.field, format!("META: {}", p.message)))
            .collect());
    }
    let evaluate_line = source
        .text
        .lines()
        .position(|l| l.trim_start().starts_with("fn evaluate("))
        .map(|i| i + 1);
    let defines_evaluate = |own: &AST| {
        own.iter_functions()
            .any(|f| f.name == "evaluate" && f.params.is_empty())
    };
    if !own.map_or(evaluate_line.is_some(), defines_evaluate) {
        return Err(whole_file("no `fn evaluate()` defined".into()));
    }
    let rationale = source
        .text
        .lines()
        .map_while(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    if rationale.trim().is_empty() {
        return Err(vec![LoadError {
            file: file.to_string(),
            line: Some(1),
            column: None,
            message: "the file must start with `//!` lines explaining why the rule exists".into(),
        }]);
    }
    Ok(Rule {
        meta,
        file: file.to_string(),
        rationale,
        evaluate_line,
        ast,
    })
}
