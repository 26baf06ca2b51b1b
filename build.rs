//! Embeds the built-in rule base (`rules/**/*.rhai` and `rules/methodology.yaml`) into
//! the binary, so perfsage diagnoses a bundle on a customer's server with nothing but
//! the executable.

use std::fs;
use std::path::{Path, PathBuf};

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

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let rules = root.join("rules");
    println!("cargo:rerun-if-changed=rules");
    let mut files = Vec::new();
    collect(&rules, &mut files);
    files.sort();
    let mut code = String::from(
        "/// Built-in rule files: (path relative to the repository, contents).\npub static BUILTIN_RULE_FILES: &[(&str, &str)] = &[\n",
    );
    for file in &files {
        let relative = file
            .strip_prefix(&root)
            .expect("file lies under the crate root");
        code.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            relative.to_string_lossy().replace('\\', "/"),
            file.to_string_lossy()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("builtin_rules.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
