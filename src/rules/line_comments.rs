//! A rule's code with its `//` comments cut out, for the compiler. About a sixth of
//! the built-in rule text is comments (the `//!` rationale, `///` notes on functions),
//! and Rhai reads a comment one character at a time like any other text. Only the
//! comment's text goes: the line break after it stays, and nothing before it on its
//! line moves, so every line and column Rhai reports is the one in the file. Block
//! comments (`/* … */`) are kept, since cutting one could move the code after it.
//! The rationale and `rules doc` read the file as written, not this.

use std::borrow::Cow;

/// `text` without the text of its line comments; the text itself when it has none,
/// or when it ends inside a string or block comment (the compiler then reports that
/// on the file as written).
pub fn without_line_comments(text: &str) -> Cow<'_, str> {
    match cut(text.as_bytes()) {
        Some(kept) if kept.len() > 1 || kept.first().is_some_and(|r| r.len() < text.len()) => {
            let mut code = String::with_capacity(text.len());
            for range in kept {
                code.push_str(&text[range]);
            }
            Cow::Owned(code)
        }
        _ => Cow::Borrowed(text),
    }
}

/// Where the scanner is: in code (inside a template's `${…}` when `braces` is
/// counted), or in the text of a template string.
enum Context {
    Code { interpolation: bool, braces: usize },
    Template,
}

/// The byte ranges of `text` outside line comments; None when the text ends inside a
/// string, template or block comment. Every delimiter is ASCII, so each range starts
/// and ends on a character boundary.
fn cut(text: &[u8]) -> Option<Vec<std::ops::Range<usize>>> {
    let mut kept = Vec::new();
    let mut start = 0;
    let mut stack = vec![Context::Code {
        interpolation: false,
        braces: 0,
    }];
    let mut at = 0;
    while at < text.len() {
        let next = text.get(at + 1).copied();
        match stack.last_mut()? {
            Context::Template => match (text[at], next) {
                (b'`', Some(b'`')) | (b'\\', Some(b'$')) => at += 2,
                (b'`', _) => {
                    stack.pop();
                    at += 1;
                }
                (b'$', Some(b'{')) => {
                    stack.push(Context::Code {
                        interpolation: true,
                        braces: 0,
                    });
                    at += 2;
                }
                _ => at += 1,
            },
            Context::Code {
                interpolation,
                braces,
            } => match (text[at], next) {
                (b'/', Some(b'/')) => {
                    kept.push(start..at);
                    at += text[at..]
                        .iter()
                        .position(|&b| b == b'\n' || b == b'\r')
                        .unwrap_or(text.len() - at);
                    start = at;
                }
                (b'/', Some(b'*')) => at = block_comment_end(text, at)?,
                (quote @ (b'"' | b'\''), _) => at = quoted_end(text, at + 1, quote)?,
                (b'#', Some(b'#' | b'"')) => at = raw_string_end(text, at)?,
                (b'`', _) => {
                    stack.push(Context::Template);
                    at += 1;
                }
                (b'{', _) if *interpolation => {
                    *braces += 1;
                    at += 1;
                }
                (b'}', _) if *interpolation => {
                    if *braces == 0 {
                        stack.pop();
                    } else {
                        *braces -= 1;
                    }
                    at += 1;
                }
                _ => at += 1,
            },
        }
    }
    if stack.len() != 1 {
        return None;
    }
    kept.push(start..text.len());
    Some(kept)
}

/// Just past the `*/` closing the (nested) block comment opening at `at`.
fn block_comment_end(text: &[u8], mut at: usize) -> Option<usize> {
    let mut depth = 0usize;
    while at + 1 < text.len() {
        match (text[at], text[at + 1]) {
            (b'/', b'*') => {
                depth += 1;
                at += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                at += 2;
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => at += 1,
        }
    }
    None
}

/// Just past the quote closing a string or character literal whose text starts at
/// `at`: a backslash escapes the next character, a doubled quote is one quote.
fn quoted_end(text: &[u8], mut at: usize, quote: u8) -> Option<usize> {
    while at < text.len() {
        match (text[at], text.get(at + 1).copied()) {
            (b'\\', Some(_)) => at += 2,
            (c, Some(n)) if c == quote && n == quote => at += 2,
            (c, _) if c == quote => return Some(at + 1),
            _ => at += 1,
        }
    }
    None
}

/// Past the end of a raw string (`#"…"#`, any number of `#`) starting at `at`, or
/// just past the `#`s when no quote follows them.
fn raw_string_end(text: &[u8], at: usize) -> Option<usize> {
    let hashes = text[at..].iter().take_while(|&&b| b == b'#').count();
    let open = at + hashes;
    if text.get(open) != Some(&b'"') {
        return Some(open);
    }
    let mut search = open + 1;
    loop {
        let quote = search + text.get(search..)?.iter().position(|&b| b == b'"')?;
        let closing = text.get(quote + 1..quote + 1 + hashes)?;
        if closing.iter().all(|&b| b == b'#') {
            return Some(quote + 1 + hashes);
        }
        search = quote + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut_text(text: &str) -> String {
        without_line_comments(text).into_owned()
    }

    #[test]
    fn comments_go_and_their_line_breaks_stay() {
        assert_eq!(
            cut_text("//! why\n//! more\r\nlet x = 1; // note\nx /2 // half\n"),
            "\n\r\nlet x = 1; \nx /2 \n"
        );
        assert_eq!(cut_text("x // to the end"), "x ");
        assert!(matches!(
            without_line_comments("let a = 1;\n"),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn comment_markers_inside_strings_are_text() {
        for code in [
            "let u = \"https://example.com\";\n",
            "let q = \"say \\\"//\\\" and \"\"//\"\"\";\n",
            "let c = '/'; let d = '\\'';\n",
            "let r = #\"a \" // b\"#;\n",
            "let r = ##\"a \"# // b\"##;\n",
            "let t = `http://${host} and ``//`` \\${x}//`;\n",
            "let t = `a\n// still text\n`;\n",
            "/* block // kept */ let x = 1;\n",
            "/* outer /* inner */ // still in outer */ x\n",
        ] {
            assert_eq!(cut_text(code), code, "{code}");
        }
    }

    #[test]
    fn comments_inside_interpolations_are_code_comments() {
        assert_eq!(
            cut_text("let t = `a ${ f(#{ k: 1 }) // why\n } b // text`; // end\n"),
            "let t = `a ${ f(#{ k: 1 }) \n } b // text`; \n"
        );
    }

    #[test]
    fn text_ending_inside_a_string_or_comment_is_left_as_written() {
        for code in [
            "let s = \"open // x\n",
            "let t = `open // x\n",
            "/* open // x\n",
            "let r = #\"open // x\n",
        ] {
            assert!(matches!(without_line_comments(code), Cow::Borrowed(_)));
        }
    }
}
