//! Finds the fact keys a rule or a guard names in its source text: the string
//! literals and template strings passed to the helpers that read facts
//! (`avg("cpu.util_pct")`, ``has(`disk.${name}.aqu_sz`)``), with line and column.
//! `rules lint` checks them against the fact catalog; `explain` points from a fact to
//! the line that read it. The same scan finds the names given to `threshold()`. A scanner that knows Rhai's comments, strings, raw strings
//! and template interpolation is all this needs.

use crate::rules::api::instance_names;

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

fn calls(source: &str, wanted: impl Fn(&str) -> bool) -> Vec<FactRef> {
    let tokens = tokens(source);
    let mut refs = Vec::new();
    for (i, name) in tokens.iter().enumerate() {
        let Tok::Ident(helper) = &name.tok else {
            continue;
        };
        if !wanted(helper) {
            continue;
        }
        let method_or_definition = i > 0
            && match &tokens[i - 1].tok {
                Tok::Punct('.') => true,
                Tok::Ident(word) => word == "fn",
                _ => false,
            };
        let (Some(open), Some(arg)) = (tokens.get(i + 1), tokens.get(i + 2)) else {
            continue;
        };
        // A template's interpolated code follows it; the call goes on after that.
        let after = tokens.get(i + 3 + arg.inner);
        if method_or_definition
            || open.tok != Tok::Punct('(')
            || !after.is_some_and(|a| matches!(a.tok, Tok::Punct(')') | Tok::Punct(',')))
        {
            continue;
        }
        let key = match &arg.tok {
            Tok::Str(s) => KeyText::Literal(s.clone()),
            Tok::Template(t) => KeyText::Template(t.clone()),
            _ => continue,
        };
        refs.push(FactRef {
            helper: helper.clone(),
            key,
            line: arg.line,
            column: arg.column,
        });
    }
    refs
}

/// Every plain string literal with its line and column, in source order.
pub fn string_literals(source: &str) -> Vec<(String, usize, usize)> {
    tokens(source)
        .into_iter()
        .filter_map(|t| match t.tok {
            Tok::Str(s) => Some((s, t.line, t.column)),
            _ => None,
        })
        .collect()
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

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Template(String),
    Punct(char),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: usize,
    column: usize,
    /// For a template: how many tokens of its interpolations follow it.
    inner: usize,
}

fn tokens(source: &str) -> Vec<Token> {
    let mut scanner = Scanner {
        chars: source.chars().collect(),
        at: 0,
        line: 1,
        column: 1,
        out: Vec::new(),
    };
    scanner.code(false);
    scanner.out
}

struct Scanner {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
    out: Vec<Token>,
}

impl Scanner {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn push(&mut self, tok: Tok, line: usize, column: usize) {
        self.out.push(Token {
            tok,
            line,
            column,
            inner: 0,
        });
    }

    /// Code up to the end, or (inside `${…}`) up to the unmatched `}`.
    fn code(&mut self, in_interpolation: bool) {
        let mut depth = 0usize;
        while let Some(c) = self.peek(0) {
            let (line, column) = (self.line, self.column);
            match c {
                c if c.is_whitespace() => {
                    self.bump();
                }
                '/' if self.peek(1) == Some('/') => {
                    while self.peek(0).is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                '/' if self.peek(1) == Some('*') => self.block_comment(),
                '"' => {
                    self.bump();
                    let text = self.quoted('"');
                    self.push(Tok::Str(text), line, column);
                }
                '\'' => {
                    self.bump();
                    self.quoted('\'');
                    self.push(Tok::Punct('\''), line, column);
                }
                '`' => self.template(line, column),
                '#' if matches!(self.peek(1), Some('"' | '#')) => {
                    if let Some(text) = self.raw_string() {
                        self.push(Tok::Str(text), line, column);
                    } else {
                        self.bump();
                        self.push(Tok::Punct('#'), line, column);
                    }
                }
                c if c.is_alphabetic() || c == '_' => {
                    let mut ident = String::new();
                    while let Some(c) = self.peek(0).filter(|c| c.is_alphanumeric() || *c == '_') {
                        ident.push(c);
                        self.bump();
                    }
                    self.push(Tok::Ident(ident), line, column);
                }
                c if c.is_ascii_digit() => {
                    while self
                        .peek(0)
                        .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                    {
                        self.bump();
                    }
                    self.push(Tok::Punct('0'), line, column);
                }
                '}' if in_interpolation && depth == 0 => {
                    self.bump();
                    return;
                }
                c => {
                    if in_interpolation {
                        match c {
                            '{' => depth += 1,
                            '}' => depth -= 1,
                            _ => {}
                        }
                    }
                    self.bump();
                    self.push(Tok::Punct(c), line, column);
                }
            }
        }
    }

    fn block_comment(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.bump() {
            match (c, self.peek(0)) {
                ('/', Some('*')) => {
                    self.bump();
                    depth += 1;
                }
                ('*', Some('/')) => {
                    self.bump();
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// The text of a string up to `end`, with escapes resolved; the opening quote
    /// is already consumed.
    fn quoted(&mut self, end: char) -> String {
        let mut text = String::new();
        while let Some(c) = self.bump() {
            match c {
                '\\' => match self.bump() {
                    Some('n') => text.push('\n'),
                    Some('t') => text.push('\t'),
                    Some(other) => text.push(other),
                    None => break,
                },
                c if c == end => break,
                c => text.push(c),
            }
        }
        text
    }

    /// `#"…"#` (any number of `#`); None when the `#`s are not followed by a quote.
    fn raw_string(&mut self) -> Option<String> {
        let hashes = (0..).take_while(|&i| self.peek(i) == Some('#')).count();
        if self.peek(hashes) != Some('"') {
            return None;
        }
        for _ in 0..=hashes {
            self.bump();
        }
        let closing: String = std::iter::once('"')
            .chain(std::iter::repeat_n('#', hashes))
            .collect();
        let mut text = String::new();
        while self.peek(0).is_some() {
            let rest: String = self.chars[self.at..].iter().take(closing.len()).collect();
            if rest == closing {
                for _ in 0..closing.len() {
                    self.bump();
                }
                break;
            }
            text.extend(self.bump());
        }
        Some(text)
    }

    /// A template string: its text with holes, then the code of its interpolations.
    fn template(&mut self, line: usize, column: usize) {
        self.bump();
        let slot = self.out.len();
        self.push(Tok::Template(String::new()), line, column);
        let mut text = String::new();
        while let Some(c) = self.bump() {
            match c {
                '`' => break,
                '\\' => text.extend(self.bump()),
                '$' if self.peek(0) == Some('{') => {
                    self.bump();
                    text.push_str(TEMPLATE_HOLE);
                    self.code(true);
                }
                c => text.push(c),
            }
        }
        self.out[slot].tok = Tok::Template(text);
        self.out[slot].inner = self.out.len() - slot - 1;
    }
}

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
            string_literals("needs: [\"a.b\",\n  \"c.d\"]"),
            vec![("a.b".to_string(), 1, 9), ("c.d".to_string(), 2, 3)]
        );
    }
}
