//! Finds the fact keys a rule or a guard names: the string literals and template
//! strings passed to the helpers that read facts (`avg("cpu.util_pct")`,
//! ``has(`disk.${name}.aqu_sz`)``), with line and column, taken from Rhai's own syntax
//! tree (function bodies and closures included). `rules lint` checks them against the
//! fact catalog; `explain` points from a fact to the line that read it. The same walk
//! finds the names given to `threshold()`, and the keys of map literals that lint
//! looks for.
//!
//! A key's line and column are those Rhai gives its opening quote or backtick. A
//! backtick string without `${…}` is a plain string to Rhai, so it counts as a
//! literal key. Only function calls count: a method call (`list.max(2)`) or a call
//! written inside a comment or a string reads nothing. Source that does not compile
//! names no keys: lint reports the compile error itself. The values of `switch` cases
//! are not expressions of the tree, so `string_literals` (used to place META's
//! entries) does not list them.

use crate::rules::api::instance_names;
use crate::rules::engine::{MAX_EXPR_DEPTH, MAX_FUNCTION_EXPR_DEPTH};
use rhai::{ASTNode, Engine, Expr, OptimizationLevel, Position};

/// Helpers whose first argument is a fact key.
pub const KEY_READERS: &[&str] = &["has", "num", "text", "flag", "avg", "p95", "max", "min"];
/// Helpers whose first argument is the prefix of fact keys.
pub const PREFIX_READERS: &[&str] = &["fact_keys"];
/// Helpers whose first argument is a pattern of fact keys with one `*` segment.
pub const PATTERN_READERS: &[&str] = &["instances"];

/// The key argument as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyText {
    /// A plain string: the key itself.
    Literal(String),
    /// A template string with each `${…}` kept as `${}`.
    Template(String),
}

impl KeyText {
    pub fn as_str(&self) -> &str {
        match self {
            KeyText::Literal(s) | KeyText::Template(s) => s,
        }
    }
}

/// One helper call naming a fact key; line and column (1-based) of the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactRef {
    pub helper: String,
    pub key: KeyText,
    pub line: usize,
    pub column: usize,
}

impl FactRef {
    /// Whether the helper takes a key prefix rather than a whole key.
    pub fn is_prefix(&self) -> bool {
        PREFIX_READERS.contains(&self.helper.as_str())
    }

    /// Whether the helper takes a pattern whose `*` segment stands for entity names.
    pub fn is_pattern(&self) -> bool {
        PATTERN_READERS.contains(&self.helper.as_str())
    }

    /// Whether this reference may name `key` (a template's `${…}` stands for one or
    /// more segments).
    pub fn names(&self, key: &str) -> bool {
        match &self.key {
            KeyText::Literal(k) if self.is_prefix() => key.starts_with(k.as_str()),
            KeyText::Literal(p) if self.is_pattern() => {
                instance_names(std::iter::once(key), p).is_some_and(|names| !names.is_empty())
            }
            KeyText::Literal(k) => k == key,
            KeyText::Template(t) if self.is_pattern() => {
                template_matches(&pattern_as_template(t), key)
            }
            KeyText::Template(t) => template_matches(t, key),
        }
    }
}

/// A key pattern written as a template: its `*` stands for one or more segments, as a
/// template's `${…}` does.
pub fn pattern_as_template(pattern: &str) -> String {
    pattern.replace('*', TEMPLATE_HOLE)
}

/// Every call of a fact-reading helper with a string or template as first argument.
pub fn fact_refs(source: &str) -> Vec<FactRef> {
    calls(source, |helper| {
        [KEY_READERS, PREFIX_READERS, PATTERN_READERS]
            .iter()
            .any(|readers| readers.contains(&helper))
    })
}

/// Every call of `helper` with a string or template as first argument (the argument
/// is then not a fact key: `threshold("disk_busy_pct")`).
pub fn calls_of(source: &str, helper: &str) -> Vec<FactRef> {
    calls(source, |name| name == helper)
}

/// Every plain string literal with its line and column, in source order (the literal
/// pieces of template strings are not plain strings).
pub fn string_literals(source: &str) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    walk(source, |expr, ancestors| {
        let in_template = matches!(
            ancestors.last(),
            Some(ASTNode::Expr(Expr::InterpolatedString(..)))
        );
        if let Expr::StringConstant(text, at) = expr
            && !in_template
            && let Some((line, column)) = place(*at)
        {
            found.push((text.to_string(), line, column));
        }
    });
    found.sort_by_key(|(_, line, column)| (*line, *column));
    found
}

/// The keys of map literals (`#{ name: … }`) that are among `names`, with line and
/// column, in source order.
pub fn map_keys(source: &str, names: &[&str]) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    walk(source, |expr, _| {
        let Expr::Map(map, _) = expr else {
            return;
        };
        for (key, _) in &map.0 {
            if names.contains(&key.name.as_str())
                && let Some((line, column)) = place(key.pos)
            {
                found.push((key.name.to_string(), line, column));
            }
        }
    });
    found.sort_by_key(|(_, line, column)| (*line, *column));
    found
}

fn calls(source: &str, wanted: impl Fn(&str) -> bool) -> Vec<FactRef> {
    let mut refs = Vec::new();
    walk(source, |expr, _| {
        let Expr::FnCall(call, _) = expr else {
            return;
        };
        if call.op_token.is_some() || !wanted(&call.name) {
            return;
        }
        let Some(argument) = call.args.first() else {
            return;
        };
        let (key, at) = match argument {
            Expr::StringConstant(text, at) => (KeyText::Literal(text.to_string()), *at),
            Expr::InterpolatedString(parts, at) => (KeyText::Template(with_holes(parts)), *at),
            _ => return,
        };
        if let Some((line, column)) = place(at) {
            refs.push(FactRef {
                helper: call.name.to_string(),
                key,
                line,
                column,
            });
        }
    });
    refs.sort_by_key(|r| (r.line, r.column));
    refs
}

/// A template's text with each interpolation written as `${}`.
fn with_holes(parts: &[Expr]) -> String {
    parts
        .iter()
        .map(|part| match part {
            Expr::StringConstant(text, _) => text.as_str(),
            _ => TEMPLATE_HOLE,
        })
        .collect()
}

fn place(at: Position) -> Option<(usize, usize)> {
    Some((at.line()?, at.position()?))
}

/// Why `source`, read as one whole Rhai file, does not compile, with its line and
/// column. The engine compiles a rule's functions one by one when they first run and
/// reads META without Rhai, so a mistake only the whole file shows (a keyword such as
/// `while` used as a key of META) is found here.
pub fn syntax_error(source: &str) -> Option<(Option<usize>, Option<usize>, String)> {
    let error = compile_as_written(source).err()?;
    let at = error.position();
    let message = error.err_type().to_string();
    Some((at.line(), at.position(), message))
}

fn compile_as_written(source: &str) -> Result<rhai::AST, rhai::ParseError> {
    let mut engine = Engine::new_raw();
    engine.set_optimization_level(OptimizationLevel::None);
    engine.set_max_expr_depths(MAX_EXPR_DEPTH, MAX_FUNCTION_EXPR_DEPTH);
    engine.compile(source)
}

/// Calls `visit` on every expression of `source` (statements, function bodies and
/// closures) with the nodes that hold it, outermost first, compiled as written: no
/// constant folding, so every literal keeps its place. Nothing is visited when the
/// source does not compile.
fn walk(source: &str, mut visit: impl FnMut(&Expr, &[ASTNode])) {
    let Ok(ast) = compile_as_written(source) else {
        return;
    };
    ast.walk(&mut |path: &[ASTNode]| {
        if let Some((ASTNode::Expr(expr), ancestors)) = path.split_last() {
            visit(expr, ancestors);
        }
        true
    });
}

/// Whether a template (`disk.${}.aqu_sz`) can produce `key`: literal segments must
/// match, a segment holding `${}` stands for one or more segments.
pub fn template_matches(template: &str, key: &str) -> bool {
    let t: Vec<&str> = template.split('.').collect();
    let k: Vec<&str> = key.split('.').collect();
    segments_match(&t, &k)
}

fn segments_match(t: &[&str], k: &[&str]) -> bool {
    match (t.split_first(), k.split_first()) {
        (None, None) => true,
        (Some((first, rest)), _) if first.contains(TEMPLATE_HOLE) => (1..=k.len())
            .any(|n| segment_fits(first, &k[..n].join(".")) && segments_match(rest, &k[n..])),
        (Some((first, rest)), Some((key_first, key_rest))) => {
            first == key_first && segments_match(rest, key_rest)
        }
        _ => false,
    }
}

/// Whether text with holes (`${}_pct`) can be `value`.
fn segment_fits(with_holes: &str, value: &str) -> bool {
    let parts: Vec<&str> = with_holes.split(TEMPLATE_HOLE).collect();
    let (Some(first), Some(last)) = (parts.first(), parts.last()) else {
        return false;
    };
    if !value.starts_with(first) || !value.ends_with(last) || value.len() < first.len() + last.len()
    {
        return false;
    }
    let mut rest = &value[first.len()..value.len() - last.len()];
    for middle in &parts[1..parts.len() - 1] {
        match rest.find(middle) {
            Some(at) => rest = &rest[at + middle.len()..],
            None => return false,
        }
    }
    true
}

/// How a template's interpolations are kept.
pub const TEMPLATE_HOLE: &str = "${}";

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(source: &str) -> Vec<(String, String, usize, usize)> {
        fact_refs(source)
            .into_iter()
            .map(|r| (r.helper, r.key.as_str().to_string(), r.line, r.column))
            .collect()
    }

    fn case(source: &str, expected: &[(&str, &str, usize, usize)]) {
        let expected: Vec<(String, String, usize, usize)> = expected
            .iter()
            .map(|(h, k, l, c)| (h.to_string(), k.to_string(), *l, *c))
            .collect();
        assert_eq!(keys(source), expected, "{source}");
    }

    #[test]
    fn finds_helper_calls_with_their_positions() {
        case(
            r#"let x = avg("cpu.util_pct");"#,
            &[("avg", "cpu.util_pct", 1, 13)],
        );
        case(
            "if has(\"a.b\") &&\n  num( \"c.d\" ) > 1 {}",
            &[("has", "a.b", 1, 8), ("num", "c.d", 2, 8)],
        );
        case(
            "let s = `${fmt(avg(\"cpu.util_pct\"), 0)} %`;",
            &[("avg", "cpu.util_pct", 1, 20)],
        );
        case(
            "has(`disk.${name}.aqu_sz`)",
            &[("has", "disk.${}.aqu_sz", 1, 5)],
        );
        case(
            r#"for k in fact_keys("disk.") {}"#,
            &[("fact_keys", "disk.", 1, 20)],
        );
    }

    #[test]
    fn an_instance_pattern_names_the_keys_its_star_matches() {
        let refs = fact_refs("for d in instances(\"disk.*.util_pct\") {}\ninstances(`net.${n}.*`)");
        assert_eq!(refs.len(), 2);
        assert!(refs[0].is_pattern());
        assert!(refs[0].names("disk.vdb.util_pct"));
        assert!(!refs[0].names("disk.vdb.aqu_sz"));
        assert!(!refs[0].names("disk.util_pct"));
        assert!(refs[1].names("net.eth0.speed_mbps"));
        assert!(!refs[1].names("disk.vdb.util_pct"));
    }

    #[test]
    fn ignores_comments_other_strings_methods_and_definitions() {
        case("// avg(\"x.y\")\n/* num(\"a.b\") /* nested */ */", &[]);
        case(r#"let s = "avg(\"x.y\")";"#, &[]);
        case(r#"list.max("a.b"); fn avg(k) { k }"#, &[]);
        case(r#"max(x, 2)"#, &[]);
        case(
            r##"let r = #"num("a.b")"#; num("c.d")"##,
            &[("num", "c.d", 1, 29)],
        );
    }

    #[test]
    fn templates_stand_for_one_or_more_segments() {
        assert!(template_matches("disk.${}.aqu_sz", "disk.vdb.aqu_sz"));
        assert!(!template_matches("disk.${}.aqu_sz", "disk.vdb.util_pct"));
        assert!(template_matches("bench.${}", "bench.tps"));
        assert!(template_matches(
            "sysctl.${}",
            "sysctl.kernel.numa_balancing"
        ));
        assert!(template_matches("cpu.${}_pct", "cpu.util_pct"));
        assert!(!template_matches("cpu.${}_pct", "cpu.count"));
    }

    #[test]
    fn string_literals_have_positions() {
        assert_eq!(
            string_literals("const META = #{ needs: [\"a.b\",\n  \"c.d\"] };"),
            vec![("a.b".to_string(), 1, 25), ("c.d".to_string(), 2, 3)]
        );
    }

    #[test]
    fn the_pieces_of_a_template_are_not_string_literals() {
        assert_eq!(
            string_literals("let s = `disk.${n}.aqu_sz`; let t = \"a.b\";"),
            vec![("a.b".to_string(), 1, 37)]
        );
    }

    #[test]
    fn function_bodies_and_closures_are_read_too() {
        case(
            "fn busy(d) { num(`disk.${d}.util_pct`) }\nlet f = |x| has(\"a.b\");",
            &[("num", "disk.${}.util_pct", 1, 18), ("has", "a.b", 2, 17)],
        );
    }

    #[test]
    fn a_backtick_string_without_holes_is_a_literal_key() {
        let refs = fact_refs("num(`cpu.util_pct`)");
        assert_eq!(refs[0].key, KeyText::Literal("cpu.util_pct".into()));
    }

    #[test]
    fn a_keyword_used_as_a_key_is_a_syntax_error_with_its_place() {
        let (line, column, message) =
            syntax_error("const META = #{\n    texts: #{ while: 1 } };").unwrap();
        assert_eq!(line, Some(2));
        assert!(column.is_some());
        assert!(!message.is_empty());
        assert!(syntax_error("const META = #{ texts: #{ whereas: 1 } };").is_none());
    }

    #[test]
    fn source_that_does_not_compile_names_no_keys() {
        assert!(fact_refs("num(\"cpu.util_pct\"").is_empty());
        let deep = format!("{}num(\"a.b\"){}", "(".repeat(500), ")".repeat(500));
        assert!(fact_refs(&deep).is_empty());
    }
}
