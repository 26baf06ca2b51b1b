//! A built-in rule's compiled code, finished when first needed. Loading a rule set needs
//! every rule's META (its id, step and needed facts say where it belongs and whether it
//! can run), but a diagnosis runs only the rules whose needed facts the bundle has: on
//! a small bundle most are "not evaluated" and their functions never run. So a built-in
//! rule is compiled up to the end of its `const META` at load (or not at all when
//! `meta_literal` reads META), and its functions the first time it is evaluated. The functions are compiled from the file's own text with
//! the lines before them left empty, so every line Rhai reports is the file's. Rules
//! from a `--rules` directory are compiled whole at load, so a mistake anywhere in them
//! is reported before any bundle is read; the built-in rules are checked by the test
//! suite (`rules test` evaluates each of them).

use super::loader::LoadError;
use rhai::{AST, Engine};
use std::sync::OnceLock;

pub struct RuleAst {
    /// The whole rule, or for a rule compiled in two parts, the shared functions with
    /// the part up to its META (or without it, when META was read as plain data).
    head: AST,
    /// The code after META, when it is compiled on first use.
    rest: Option<Rest>,
    whole: OnceLock<Result<AST, LoadError>>,
}

struct Rest {
    code: &'static str,
    /// Lines of the file before `code`.
    lines_before: usize,
}

impl RuleAst {
    /// A rule compiled whole.
    pub fn whole(ast: AST) -> RuleAst {
        RuleAst {
            head: ast,
            rest: None,
            whole: OnceLock::new(),
        }
    }

    /// A rule compiled up to its META (`head`, merged onto the shared functions, or
    /// those alone when META was read without Rhai), with
    /// `rest`, what `split_at_meta` left after it, to compile when it is first needed.
    pub fn in_two_parts(head: AST, rest: &'static str, lines_before: usize) -> RuleAst {
        RuleAst {
            head,
            rest: Some(Rest {
                code: rest,
                lines_before,
            }),
            whole: OnceLock::new(),
        }
    }

    /// The whole rule, compiling what is left of it the first time; `file` names the
    /// rule file in an error.
    pub fn get(&self, engine: &Engine, file: &str) -> Result<&AST, LoadError> {
        let Some(rest) = &self.rest else {
            return Ok(&self.head);
        };
        self.whole
            .get_or_init(|| {
                let mut code = "\n".repeat(rest.lines_before);
                code.push_str(rest.code);
                engine
                    .compile(code)
                    .map(|functions| self.head.merge(&functions))
                    .map_err(|e| {
                        LoadError::at(
                            file,
                            e.position(),
                            format!("syntax error: {}", e.err_type()),
                        )
                    })
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// `code` cut after the line `};` closing its top-level `const META = #{`, and the
/// number of lines in the first part; None when the file is not laid out that way or
/// has code before META.
pub fn split_at_meta(code: &str) -> Option<(&str, &str, usize)> {
    let mut offset = 0;
    let mut meta_open = false;
    for (index, line) in code.split_inclusive('\n').enumerate() {
        offset += line.len();
        let line = line.trim_end();
        if !meta_open {
            if line.starts_with("const META = #{") {
                meta_open = true;
            } else if !line.is_empty() {
                return None;
            }
        } else if line == "};" {
            return Some((&code[..offset], &code[offset..], index + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_splits_after_its_meta_and_keeps_its_line_count() {
        let code = "\n\nconst META = #{\n    id: \"x.y\",\n};\n\nfn evaluate() {\n}\n";
        let (head, rest, lines) = split_at_meta(code).expect("laid out with META first");
        assert_eq!(head, "\n\nconst META = #{\n    id: \"x.y\",\n};\n");
        assert_eq!(rest, "\nfn evaluate() {\n}\n");
        assert_eq!(lines, 5);
        assert_eq!(head.lines().count(), lines);
    }

    #[test]
    fn code_before_meta_or_an_unclosed_meta_is_not_split() {
        assert!(split_at_meta("let x = 1;\nconst META = #{\n};\n").is_none());
        assert!(split_at_meta("const META = #{\n    id: \"x.y\",\n").is_none());
        assert!(split_at_meta("fn evaluate() {}\n").is_none());
    }
    #[test]
    fn the_rest_is_compiled_once_at_its_own_lines() {
        let engine = Engine::new();
        let code = "const META = #{\n};\nfn evaluate() {\n    1 +\n}\n";
        let (head, rest, lines) = split_at_meta(code).unwrap();
        let rest: &'static str = Box::leak(rest.to_string().into_boxed_str());
        let ast = RuleAst::in_two_parts(engine.compile(head).unwrap(), rest, lines);
        let error = ast.get(&engine, "r.rhai").unwrap_err();
        assert_eq!(error.file, "r.rhai");
        assert_eq!(error.line, Some(5));
        assert!(ast.get(&engine, "r.rhai").is_err());
        let good = "const META = #{\n};\nfn evaluate() {\n    1 + 2\n}\n";
        let (head, rest, lines) = split_at_meta(good).unwrap();
        let rest: &'static str = Box::leak(rest.to_string().into_boxed_str());
        let ast = RuleAst::in_two_parts(engine.compile(head).unwrap(), rest, lines);
        let whole = ast.get(&engine, "r.rhai").unwrap();
        let value: i64 = engine
            .call_fn(&mut rhai::Scope::new(), whole, "evaluate", ())
            .unwrap();
        assert_eq!(value, 3);
    }
}
