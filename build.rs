//! Embeds the built-in rule base into the binary, so perfsage diagnoses a bundle on a
//! customer's server with nothing but the executable: the rules (`rules/**/*.rhai`),
//! the methodology (`rules/methodology.yaml`) and the rules' tests
//! (`rules/**/*.test.yaml`, run by `perfsage rules test`). Each rule's code is also
//! embedded with its line comments cut out, which is what the rule compiler reads.

use std::fs;
use std::path::{Path, PathBuf};

#[path = "src/rules/line_comments.rs"]
mod line_comments;

const TEST_SUFFIX: &str = ".test.yaml";

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("rhai" | "yaml")
        ) {
            out.push(path);
        }
    }
}

/// `pub static NAME: &[(&str, &str)] = &[(path, include_str!(…)), …];`
fn table(name: &str, doc: &str, root: &Path, files: &[&PathBuf]) -> String {
    let mut code = format!("/// {doc}\npub static {name}: &[(&str, &str)] = &[\n");
    for file in files {
        let relative = file
            .strip_prefix(root)
            .expect("file lies under the crate root");
        code.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            relative.to_string_lossy().replace('\\', "/"),
            file.to_string_lossy()
        ));
    }
    code.push_str("];\n");
    code
}

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let rules = root.join("rules");
    println!("cargo:rerun-if-changed=rules");
    println!("cargo:rerun-if-changed=src/rules/line_comments.rs");
    let mut files = Vec::new();
    collect(&rules, &mut files);
    files.sort();
    let (tests, knowledge): (Vec<&PathBuf>, Vec<&PathBuf>) = files
        .iter()
        .partition(|f| f.to_string_lossy().ends_with(TEST_SUFFIX));
    let code = table(
        "BUILTIN_RULE_FILES",
        "Built-in rule files and the methodology: (path relative to the repository, contents).",
        &root,
        &knowledge,
    ) + &table(
        "BUILTIN_RULE_TESTS",
        "Built-in rule tests (`*.test.yaml`): (path relative to the repository, contents).",
        &root,
        &tests,
    );
    let mut code =
        code + "/// The built-in `.rhai` files without their line comments: (path, code).\n";
    code.push_str("pub static BUILTIN_RULE_CODE: &[(&str, &str)] = &[\n");
    for file in knowledge
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rhai"))
    {
        let relative = file
            .strip_prefix(&root)
            .expect("file lies under the crate root");
        let text = fs::read_to_string(file).expect("rule files are UTF-8");
        code.push_str(&format!(
            "    ({:?}, {:?}),\n",
            relative.to_string_lossy().replace('\\', "/"),
            line_comments::without_line_comments(&text)
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("builtin_rules.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
