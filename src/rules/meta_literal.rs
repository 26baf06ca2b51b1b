//! Reads a built-in rule's `const META = #{ … };` straight into the map Rhai would
//! build, when it is written as plain data: maps, arrays, strings, whole and decimal
//! numbers, `true` and `false`. META is most of what a rule base's load compiles (the
//! rules' functions wait until a rule runs, see `rule_ast`), and Rhai reads it one
//! character at a time through its full expression parser; this reader is a few times
//! faster. Anything else in META (an expression, a call, an escape other than `\"`,
//! `\\`, `\n`, `\t` and `\r`, a number Rhai could read another way) makes it give up,
//! and Rhai compiles and runs META as for any rule. A test checks that it gives the
//! same map as Rhai for every built-in rule.

use rhai::{Array, Dynamic, FLOAT, INT, Map};

/// The META map of `head` (what `split_at_meta` cut: blank or comment-free lines,
/// then `const META = #{ … };`); None when it is not plain data.
pub fn read_meta(head: &str) -> Option<Map> {
    let mut reader = Reader {
        text: head.as_bytes(),
        at: 0,
    };
    reader.blank();
    reader.word(b"const")?;
    reader.blank();
    reader.word(b"META")?;
    reader.blank();
    reader.byte(b'=')?;
    reader.blank();
    let meta = reader.map()?;
    reader.blank();
    reader.byte(b';')?;
    reader.blank();
    (reader.at == reader.text.len()).then_some(meta)
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn blank(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn byte(&mut self, expected: u8) -> Option<()> {
        (self.peek()? == expected).then(|| self.at += 1)
    }

    /// `word` not followed by more of an identifier.
    fn word(&mut self, word: &[u8]) -> Option<()> {
        let end = self.at + word.len();
        let follows = self.text.get(end).copied();
        (self.text.get(self.at..end)? == word && !follows.is_some_and(is_identifier_byte))
            .then(|| self.at = end)
    }

    fn value(&mut self) -> Option<Dynamic> {
        match self.peek()? {
            b'#' => self.map().map(Dynamic::from_map),
            b'[' => self.array().map(Dynamic::from_array),
            b'"' => self.string().map(Dynamic::from),
            b'-' | b'0'..=b'9' => self.number(),
            b't' => self.word(b"true").map(|()| Dynamic::TRUE),
            b'f' => self.word(b"false").map(|()| Dynamic::FALSE),
            _ => None,
        }
    }

    /// `#{ key: value, … }`, a trailing comma allowed; None on a repeated key.
    fn map(&mut self) -> Option<Map> {
        self.byte(b'#')?;
        self.byte(b'{')?;
        let mut map = Map::new();
        loop {
            self.blank();
            if self.byte(b'}').is_some() {
                return Some(map);
            }
            let key = match self.peek()? {
                b'"' => self.string()?,
                _ => self.identifier()?,
            };
            self.blank();
            self.byte(b':')?;
            self.blank();
            let value = self.value()?;
            if map.insert(key.into(), value).is_some() {
                return None;
            }
            self.blank();
            if self.byte(b',').is_none() {
                self.blank();
                self.byte(b'}')?;
                return Some(map);
            }
        }
    }

    /// `[ value, … ]`, a trailing comma allowed.
    fn array(&mut self) -> Option<Array> {
        self.byte(b'[')?;
        let mut array = Array::new();
        loop {
            self.blank();
            if self.byte(b']').is_some() {
                return Some(array);
            }
            array.push(self.value()?);
            self.blank();
            if self.byte(b',').is_none() {
                self.blank();
                self.byte(b']')?;
                return Some(array);
            }
        }
    }

    fn identifier(&mut self) -> Option<String> {
        let start = self.at;
        if !self
            .peek()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        {
            return None;
        }
        while self.peek().is_some_and(is_identifier_byte) {
            self.at += 1;
        }
        Some(String::from_utf8_lossy(&self.text[start..self.at]).into_owned())
    }

    /// A double-quoted string on one line with the simple escapes only.
    fn string(&mut self) -> Option<String> {
        self.byte(b'"')?;
        let mut text = Vec::new();
        loop {
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    // `""` inside a string is a quote to Rhai: left to Rhai.
                    if self.peek() == Some(b'"') {
                        return None;
                    }
                    return String::from_utf8(text).ok();
                }
                b'\\' => {
                    let escaped = match self.text.get(self.at + 1)? {
                        b'"' => b'"',
                        b'\\' => b'\\',
                        b'n' => b'\n',
                        b't' => b'\t',
                        b'r' => b'\r',
                        _ => return None,
                    };
                    text.push(escaped);
                    self.at += 2;
                }
                b'\n' | b'\r' => return None,
                _ => {
                    let run = self.text[self.at..]
                        .iter()
                        .position(|b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))?;
                    text.extend_from_slice(&self.text[self.at..self.at + run]);
                    self.at += run;
                }
            }
        }
    }

    /// `-`? digits, or digits `.` digits: a Rhai integer or float written plainly.
    fn number(&mut self) -> Option<Dynamic> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        let digits = |reader: &mut Self| {
            let from = reader.at;
            while reader.peek().is_some_and(|b| b.is_ascii_digit()) {
                reader.at += 1;
            }
            reader.at > from
        };
        if !digits(self) {
            return None;
        }
        let decimal = self.peek() == Some(b'.');
        if decimal {
            self.at += 1;
            if !digits(self) {
                return None;
            }
        }
        if self
            .peek()
            .is_some_and(|b| is_identifier_byte(b) || b == b'.')
        {
            return None;
        }
        let written = std::str::from_utf8(&self.text[start..self.at]).ok()?;
        if decimal {
            written.parse::<FLOAT>().ok().map(Dynamic::from_float)
        } else {
            written.parse::<INT>().ok().map(Dynamic::from_int)
        }
    }
}

fn is_identifier_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::{Engine, Scope};

    /// META as Rhai builds it, by running `head`.
    fn by_rhai(head: &str) -> Map {
        let engine = Engine::new();
        let mut scope = Scope::new();
        engine.run_with_scope(&mut scope, head).unwrap();
        scope.get_value::<Map>("META").unwrap()
    }

    #[test]
    fn plain_data_reads_as_rhai_reads_it() {
        let head = "\n\nconst META = #{\n    id: \"a.b\", \"quoted key\": [1, -2, 3.25, -0.5,],\n    t: true, f: false,\n    s: \"say \\\"hi\\\"\\n\\t\\\\ 中文\",\n    empty: #{}, none: [],\n};\n";
        let read = read_meta(head).expect("plain data");
        assert_eq!(format!("{read:?}"), format!("{:?}", by_rhai(head)));
    }

    #[test]
    fn anything_else_is_left_to_rhai() {
        for head in [
            "const META = #{ a: 1 + 2 };",
            "const META = #{ a: f() };",
            "const META = #{ a: `x` };",
            "const META = #{ a: \"\\u0041\" };",
            "const META = #{ a: \"x\"\"y\" };",
            "const META = #{ a: 1e5 };",
            "const META = #{ a: 1_000 };",
            "const META = #{ a: 1, a: 2 };",
            "const META = #{ a: 1 }; let x = 2;",
            "const META = #{ a: 1 }",
            "let META = #{ a: 1 };",
        ] {
            assert!(read_meta(head).is_none(), "{head}");
        }
    }
}
