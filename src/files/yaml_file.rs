//! The small YAML files a user hands perfsage: bundle.yaml, case.yaml, expected.yaml,
//! methodology.yaml and rule tests. They are read only when regular and at most
//! `MAX_BYTES` (a FIFO would hang the read, /dev/zero or a 2 GB file would fill memory),
//! in the encodings captures may have (GBK, UTF-16), and their nesting is checked
//! before serde_yaml parses them: deeply nested collections (`zz: [[[…`) take it time
//! that grows worse than quadratically, 32 s for 100 KB.

use super::regular_file;
use crate::text::encoding::{ContentKind, TextEncoding, Utf8Reader, classify};
use serde::de::DeserializeOwned;
use std::io::Read;
use std::path::Path;

/// Larger than any real metadata file by far.
pub const MAX_BYTES: usize = 4 << 20;
/// Collections inside collections: real files nest a handful of levels.
pub const MAX_DEPTH: usize = 64;

/// A problem with a YAML document, at a line (and column) when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

/// The text of a metadata file; `None` when it does not exist. The error is one line
/// to put after the file's name.
pub fn read(path: &Path) -> Result<Option<String>, String> {
    let Some(bytes) = regular_file::read_small(path, MAX_BYTES)? else {
        return Ok(None);
    };
    let encoding = match classify(&bytes, true) {
        ContentKind::Empty => return Ok(Some(String::new())),
        ContentKind::Binary { reason } => return Err(format!("binary content ({reason})")),
        ContentKind::Text(TextEncoding::Utf8WithInvalidBytes { first_bad_line }) => {
            return Err(format!(
                "line {first_bad_line}: not UTF-8, GBK or UTF-16 text"
            ));
        }
        ContentKind::Text(encoding) => encoding,
    };
    let mut text = String::with_capacity(bytes.len());
    Utf8Reader::new(bytes.as_slice(), encoding)
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot be decoded: {e}"))?;
    Ok(Some(text))
}

/// Parses `text` with serde_yaml once it is known to be small and shallow enough.
pub fn from_yaml<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    if text.len() > MAX_BYTES {
        return Err(YamlError {
            line: None,
            column: None,
            message: format!("larger than {} MiB", MAX_BYTES >> 20),
        });
    }
    if let Some(line) = too_deep(text) {
        return Err(YamlError {
            line: Some(line),
            column: None,
            message: format!("nested more than {MAX_DEPTH} levels deep"),
        });
    }
    serde_yaml::from_str(text).map_err(|e| {
        let location = e.location();
        let message = e.to_string();
        // serde_yaml appends " at line L column C"; the location is kept apart instead.
        let message = match message.find(" at line ") {
            Some(i) => message[..i].to_string(),
            None => message,
        };
        YamlError {
            line: location.as_ref().map(|l| l.line()),
            column: location.as_ref().map(|l| l.column()),
            message,
        }
    })
}

/// The first line on which `text` nests deeper than `MAX_DEPTH`.
fn too_deep(text: &str) -> Option<usize> {
    let mut nesting = Nesting::default();
    text.split('\n')
        .position(|line| nesting.line(line.trim_end_matches('\r')) > MAX_DEPTH)
        .map(|index| index + 1)
}

/// A scan of YAML's structure, line by line, that only counts: block mappings and
/// sequences by indentation and `- ` markers, flow collections by their brackets.
/// Quoted scalars, comments and block scalars (`|`, `>`) are passed over so that text
/// inside them is not counted. It may count a level more than the parser would; the
/// limit is far above what real files use.
#[derive(Default)]
struct Nesting {
    /// Indentations of the open block levels.
    indents: Vec<usize>,
    /// Open `[` and `{`.
    flow: usize,
    /// The block depth the open flow collection started at.
    flow_base: usize,
    /// A quoted scalar that continues on the next line.
    quote: Option<char>,
    /// Inside a block scalar whose introducing line had this indentation.
    block_scalar_above: Option<usize>,
}

impl Nesting {
    /// Reads one line; the deepest nesting on it.
    fn line(&mut self, line: &str) -> usize {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let rest = &line[indent..];
        if let Some(parent) = self.block_scalar_above {
            if rest.trim().is_empty() || indent > parent {
                return 0;
            }
            self.block_scalar_above = None;
        }
        if self.flow > 0 || self.quote.is_some() {
            return self.scan_flow(line);
        }
        if rest.is_empty() || rest.starts_with('#') {
            return 0;
        }
        if rest.starts_with("---") || rest.starts_with("...") {
            self.indents.clear();
            return 0;
        }
        while self.indents.last().is_some_and(|&top| top > indent) {
            self.indents.pop();
        }
        if self.indents.last() != Some(&indent) {
            self.indents.push(indent);
        }
        let mut depth = self.indents.len();
        let mut rest = rest;
        // Compact nested sequences and explicit keys: `- - x`, `? x`.
        while let Some(after) = rest.strip_prefix("- ").or_else(|| rest.strip_prefix("? ")) {
            depth += 1;
            rest = after.trim_start_matches(' ');
        }
        if rest == "-" {
            depth += 1;
        }
        let value = value_of(rest);
        match value.chars().next() {
            Some('[' | '{') => {
                self.flow_base = depth;
                self.scan_flow(value)
            }
            Some('|' | '>') => {
                self.block_scalar_above = Some(indent);
                depth
            }
            Some(quote @ ('"' | '\'')) => {
                self.quote = Some(quote);
                self.scan_flow(&value[1..]).max(depth)
            }
            _ => depth,
        }
    }

    /// Counts brackets in flow context (or finishes a quoted scalar), up to a comment.
    fn scan_flow(&mut self, text: &str) -> usize {
        let mut deepest = self.flow_base + self.flow;
        let mut chars = text.chars().peekable();
        let mut token_start = true;
        let mut after_space = true;
        while let Some(c) = chars.next() {
            if let Some(quote) = self.quote {
                match c {
                    '\\' if quote == '"' => {
                        chars.next();
                    }
                    '\'' if quote == '\'' && chars.peek() == Some(&'\'') => {
                        chars.next();
                    }
                    _ if c == quote => {
                        self.quote = None;
                        token_start = false;
                    }
                    _ => {}
                }
                continue;
            }
            match c {
                '[' | '{' => {
                    self.flow += 1;
                    deepest = deepest.max(self.flow_base + self.flow);
                    token_start = true;
                }
                ']' | '}' => {
                    self.flow -= 1;
                    token_start = false;
                    if self.flow == 0 {
                        break;
                    }
                }
                // The rest of a block line after a quoted scalar: nothing nests there.
                _ if self.flow == 0 => break,
                ',' | ':' => token_start = true,
                '"' | '\'' if token_start => self.quote = Some(c),
                '#' if after_space => break,
                ' ' | '\t' => {}
                _ => token_start = false,
            }
            after_space = c == ' ' || c == '\t';
        }
        deepest
    }
}

/// What follows a mapping key's `: ` on a block line (the whole text when the line
/// holds no key), with the key's quotes respected.
fn value_of(text: &str) -> &str {
    let mut quote = None;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if (b == b'"' || b == b'\'') && i == 0 => quote = Some(b),
            None if b == b'[' || b == b'{' => return text,
            None if b == b'#' && (i == 0 || bytes[i - 1] == b' ') => return "",
            None if b == b':' && matches!(bytes.get(i + 1), None | Some(b' ' | b'\t')) => {
                return text[i + 1..].trim_start();
            }
            None => {}
        }
    }
    if quote.is_some() { text } else { "" }
}

/// `text` without its top-level `key:` line and the lines indented under it (comments
/// and blank lines inside the block go with it), keeping everything else as written:
/// how perfsage rewrites one section of a bundle.yaml a person may also have edited.
pub fn without_top_level_key(text: &str, key: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    for line in text.split_inclusive('\n') {
        let top_level = !line.starts_with([' ', '\t', '\n', '\r', '#']);
        if top_level {
            inside = line
                .strip_prefix(key)
                .is_some_and(|rest| rest.starts_with(':'));
        }
        if !inside {
            out.push_str(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    type Value = serde_yaml::Value;

    #[test]
    fn real_files_pass_and_parse() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for file in [
            "rules/methodology.yaml",
            "cases/greatdb-vm-cluster/case.yaml",
            "cases/greatdb-vm-cluster/expected.yaml",
            "cases/greatdb-vm-cluster/bundle/bundle.yaml",
        ] {
            let text = read(&root.join(file)).unwrap().unwrap();
            assert_eq!(too_deep(&text), None, "{file}");
            from_yaml::<Value>(&text).unwrap();
        }
    }

    #[test]
    fn deep_nesting_is_refused_at_once() {
        let deep_flow = format!("zz: {}", "[".repeat(100_000));
        let deep_maps = format!("a: {}", "{b: ".repeat(30_000));
        let deep_blocks: String = (0..400)
            .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
            .collect();
        let deep_dashes = format!("{}x\n", "- ".repeat(50_000));
        for (name, text) in [
            ("flow", &deep_flow),
            ("maps", &deep_maps),
            ("blocks", &deep_blocks),
            ("dashes", &deep_dashes),
        ] {
            let started = Instant::now();
            let error = from_yaml::<Value>(text).unwrap_err();
            assert!(started.elapsed() < Duration::from_secs(1), "{name}");
            assert_eq!(
                error.message,
                format!("nested more than {MAX_DEPTH} levels deep"),
                "{name}"
            );
            assert!(error.line.is_some(), "{name}");
        }
    }

    #[test]
    fn brackets_in_text_are_not_nesting() {
        let text = format!(
            "notes: |\n  {}\nsummary: \"{}\"\nother: 'it''s {}'\nplain: a [b {}\nlist: [\"{}\", x] # {}\n",
            "[".repeat(100),
            "[".repeat(100),
            "{".repeat(100),
            "[".repeat(100),
            "[".repeat(100),
            "[".repeat(100),
        );
        assert_eq!(too_deep(&text), None);
        from_yaml::<Value>(&text).unwrap();
    }

    #[test]
    fn shallow_nesting_within_the_limit_parses() {
        let text = format!(
            "a: {}1{}",
            "[".repeat(MAX_DEPTH - 1),
            "]".repeat(MAX_DEPTH - 1)
        );
        assert_eq!(too_deep(&text), None);
        let text = format!("a: {}1{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert_eq!(too_deep(&text), Some(1));
    }

    #[test]
    fn metadata_is_read_in_capture_encodings() {
        let dir = tempfile::tempdir().unwrap();
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("host: db1\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let gbk = b"host: db1\nnotes: \xca\xfd\xbe\xdd\xbf\xe2\n";
        for (name, bytes) in [("utf16.yaml", utf16.as_slice()), ("gbk.yaml", gbk)] {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            let text = read(&path).unwrap().unwrap();
            assert!(text.starts_with("host: db1\n"), "{name}: {text:?}");
        }
        assert!(
            read(&dir.path().join("gbk.yaml"))
                .unwrap()
                .unwrap()
                .contains("数据库")
        );
    }
}
