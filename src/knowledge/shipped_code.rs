//! The built-in rules' code as the binary ships it: each `.rhai` file with its line
//! comments cut when the binary was built (build.rs), which the rule compiler reads
//! for a built-in rule instead of compiling the whole file at once (see
//! `rules::rule_ast` and `rules::meta_literal`). The loader is handed `shipped_code`
//! rather than reaching for the built-in tables itself, so the rules runtime does not
//! depend on the knowledge base. The tests check the cut code against the rules as
//! written.

use super::{BUILTIN_RULE_CODE, BUILTIN_RULE_FILES};
use crate::rules::loader::RuleSource;

/// The shipped code of `source` when it is a built-in rule file as shipped (a rule
/// directory's copy of it, or a changed text, is compiled whole).
pub fn shipped_code(source: &RuleSource) -> Option<&'static str> {
    BUILTIN_RULE_CODE
        .iter()
        .zip(
            BUILTIN_RULE_FILES
                .iter()
                .filter(|(path, _)| path.ends_with(".rhai")),
        )
        .find(|((path, _), (_, text))| *path == source.path && *text == source.text)
        .map(|((_, code), _)| *code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::line_comments::without_line_comments;
    use crate::rules::meta_literal::read_meta;
    use crate::rules::rule_ast::{RuleAst, split_at_meta};
    use rhai::{AST, Engine, Map, Scope};

    /// META as Rhai builds it, by running `head`.
    fn by_rhai(head: &str) -> Map {
        let engine = Engine::new();
        let mut scope = Scope::new();
        engine.run_with_scope(&mut scope, head).unwrap();
        scope.get_value::<Map>("META").unwrap()
    }

    #[test]
    fn every_built_in_rule_keeps_its_lines_and_only_loses_comments() {
        for (path, text) in BUILTIN_RULE_FILES {
            if !path.ends_with(".rhai") {
                continue;
            }
            let code = without_line_comments(text);
            let original: Vec<&str> = text.split('\n').collect();
            let cut: Vec<&str> = code.split('\n').collect();
            assert_eq!(original.len(), cut.len(), "{path}");
            for (was, now) in original.iter().zip(&cut) {
                let was = was.trim_end_matches('\r');
                let now = now.trim_end_matches('\r');
                let removed = was
                    .strip_prefix(now)
                    .unwrap_or_else(|| panic!("{path}: {was}"));
                assert!(
                    removed.is_empty() || removed.starts_with("//"),
                    "{path}: {was}"
                );
            }
        }
    }

    #[test]
    fn every_built_in_rules_meta_reads_as_rhai_reads_it() {
        let (mut rules, mut read) = (0, 0);
        for (path, code) in BUILTIN_RULE_CODE {
            let Some((head, _, _)) = split_at_meta(code) else {
                continue;
            };
            rules += 1;
            if let Some(meta) = read_meta(head) {
                assert_eq!(
                    format!("{meta:?}"),
                    format!("{:?}", by_rhai(head)),
                    "{path}"
                );
                read += 1;
            }
        }
        // Most rules write META as plain data; the reader must not quietly give up.
        assert!(read * 10 >= rules * 9, "{read} of {rules}");
    }

    #[test]
    fn every_built_in_rule_splits_into_parts_with_the_whole_files_functions() {
        let engine = Engine::new();
        // The functions with their bodies, positions included.
        let functions = |ast: &AST| format!("{:?}", ast.clone_functions_only());
        for (path, code) in BUILTIN_RULE_CODE {
            if path.contains("/lib/") {
                continue;
            }
            let (head, rest, lines) =
                split_at_meta(code).unwrap_or_else(|| panic!("{path}: META does not come first"));
            let rest: &'static str = &code[code.len() - rest.len()..];
            let parts = RuleAst::in_two_parts(engine.compile(head).unwrap(), rest, lines);
            let whole = engine.compile(code).unwrap();
            let joined = parts.get(&engine, path).unwrap();
            assert_eq!(functions(joined), functions(&whole), "{path}");
            assert!(
                joined
                    .iter_functions()
                    .any(|f| f.name == "evaluate" && f.params.is_empty()),
                "{path}"
            );
        }
    }
}
