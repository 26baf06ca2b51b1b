//! The experiment log's writer: puts a `change:` entry into a bundle's bundle.yaml
//! without an editor (`perfsage log`). The rest of the file, comments included, stays
//! as it was; the entry is appended, or replaces the file's top-level `change:` block
//! when asked. The result must still read as a bundle.yaml, or nothing is written.

use super::bundle_yaml::{BundleMeta, ChangeRecord};
use crate::files::yaml_file::{YamlError, from_yaml, without_top_level_key};

/// The text of bundle.yaml with `change` declared. `existing` is the file's text (empty
/// when there is none). A declared change is only replaced with `replace`.
pub fn with_change(existing: &str, change: &ChangeRecord, replace: bool) -> Result<String, String> {
    let current: BundleMeta = from_yaml(existing).map_err(described)?;
    let mut text = existing.to_string();
    if current.change.is_some() {
        if !replace {
            return Err(format!(
                "already declares a change (`{}`); add --replace to overwrite it",
                current.change.map(|c| c.applied).unwrap_or_default()
            ));
        }
        text = without_top_level_key(existing, "change");
    }
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    #[derive(serde::Serialize)]
    struct Entry<'a> {
        change: &'a ChangeRecord,
    }
    text.push_str(&serde_yaml::to_string(&Entry { change }).map_err(|e| e.to_string())?);
    let written: BundleMeta = from_yaml(&text).map_err(described)?;
    if written.change.as_ref() != Some(change) {
        return Err("the change could not be added: a `change` key this writer does not see (inline or quoted) is in the way; edit the file by hand".into());
    }
    Ok(text)
}

fn described(e: YamlError) -> String {
    match e.line {
        Some(line) => format!("line {line}: {}", e.message),
        None => e.message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(applied: &str) -> ChangeRecord {
        ChangeRecord {
            applied: applied.into(),
            detail: Some("shared_buffers: 128MB -> 1GB".into()),
            date: Some("2026-12-04".into()),
            by: None,
        }
    }

    #[test]
    fn appends_keeping_comments_and_reads_back() {
        let existing = "# run 2\nrole: db\nnotes: bigger buffers";
        let text = with_change(existing, &change("database.shared_buffers"), false).unwrap();
        assert!(text.starts_with("# run 2\nrole: db\nnotes: bigger buffers\nchange:\n"));
        let meta: BundleMeta = from_yaml(&text).unwrap();
        assert_eq!(meta.change, Some(change("database.shared_buffers")));
        assert_eq!(meta.notes.as_deref(), Some("bigger buffers"));
    }

    #[test]
    fn a_declared_change_is_replaced_only_when_asked() {
        let existing = "role: db\nchange:\n  applied: old\n  # why\n  by: a\nnotes: n\n";
        let refused = with_change(existing, &change("new"), false).unwrap_err();
        assert!(
            refused.contains("already declares a change (`old`)"),
            "{refused}"
        );
        let text = with_change(existing, &change("new"), true).unwrap();
        let meta: BundleMeta = from_yaml(&text).unwrap();
        assert_eq!(meta.change.unwrap().applied, "new");
        assert_eq!(meta.notes.as_deref(), Some("n"));
        assert!(!text.contains("old"));
    }

    #[test]
    fn free_text_with_yaml_characters_is_quoted() {
        let text = with_change("", &change("set: x # not a comment"), false).unwrap();
        let meta: BundleMeta = from_yaml(&text).unwrap();
        assert_eq!(meta.change.unwrap().applied, "set: x # not a comment");
    }

    #[test]
    fn a_broken_file_is_left_alone() {
        assert!(with_change("role: [db", &change("x"), false).is_err());
    }
}
