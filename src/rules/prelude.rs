//! The shared Rhai functions of a rule set (`lib/*.rhai`): helpers that stay in Rhai
//! because they only reshape values (`joined`), kept in one place
//! instead of copied into every rule that needs them. The lib files are compiled once
//! per process into one function library, and each rule's AST is merged onto it when
//! the rule is compiled, so a rule calls them like its own functions; a function the
//! rule defines itself with the same name and arity wins. Only the functions of a lib
//! file are used.

use super::loader::{LoadError, RuleSource};
use rhai::{AST, Engine};

/// The folder of a rule set that holds its shared functions.
pub const LIB_DIR: &str = "lib";

/// Whether a rule-set file at `relative` (its path inside the rule set, `/`-separated)
/// is a lib file rather than a rule.
pub fn is_lib_path(relative: &str) -> bool {
    relative
        .strip_prefix(LIB_DIR)
        .is_some_and(|rest| rest.starts_with('/'))
        && relative.ends_with(".rhai")
}

/// The functions of `sources` added onto `base` (later files win on a name clash), and
/// the files that did not compile.
pub fn compile(engine: &Engine, base: &AST, sources: &[RuleSource]) -> (AST, Vec<LoadError>) {
    let mut prelude = base.clone();
    let mut errors = Vec::new();
    for source in sources {
        match engine.compile(&source.text) {
            Ok(ast) => prelude = prelude.merge(&ast.clone_functions_only()),
            Err(e) => errors.push(LoadError::at(
                &source.path,
                e.position(),
                format!("syntax error: {}", e.err_type()),
            )),
        }
    }
    (prelude, errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::Scope;

    fn source(path: &str, text: &str) -> RuleSource {
        RuleSource {
            path: path.into(),
            text: text.into(),
        }
    }

    #[test]
    fn lib_paths_are_told_from_rules() {
        assert!(is_lib_path("lib/numbers.rhai"));
        assert!(!is_lib_path("library/x.rhai"));
        assert!(!is_lib_path("storage/lib.rhai"));
        assert!(!is_lib_path("lib/notes.yaml"));
    }

    #[test]
    fn later_files_and_rules_override_earlier_functions_and_statements_are_dropped() {
        let engine = Engine::new();
        let (base, errors) = compile(
            &engine,
            &AST::empty(),
            &[source(
                "lib/a.rhai",
                "fn twice(x) { x * 2 } fn name() { \"a\" } 40",
            )],
        );
        assert!(errors.is_empty());
        let (prelude, errors) = compile(
            &engine,
            &base,
            &[
                source("lib/b.rhai", "fn name() { \"b\" }"),
                source("lib/broken.rhai", "fn ("),
            ],
        );
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].file, "lib/broken.rhai");
        let rule = engine.compile("`${twice(21)} ${name()}`").unwrap();
        let merged = prelude.merge(&rule);
        let out: String = engine
            .eval_ast_with_scope(&mut Scope::new(), &merged)
            .unwrap();
        assert_eq!(out, "42 b");
        let own = engine.compile("fn twice(x) { x * 3 } twice(2)").unwrap();
        let out: i64 = engine.eval_ast(&prelude.merge(&own)).unwrap();
        assert_eq!(out, 6);
    }
}
