//! Putting captured text into Markdown safely. Host names, symbols and file names come
//! from the customer's machines; in Markdown they must not become emphasis, links,
//! table cells or raw HTML (renderers pass HTML through), so every such text goes
//! through one of these functions.

/// Plain text: Markdown punctuation is backslash-escaped, HTML characters become
/// entities, line breaks become `<br>` (valid in table cells too).
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    // `#` only makes a heading at the start of a line.
    if s.starts_with('#') {
        out.push('\\');
    }
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\n' => out.push_str("<br>"),
            '\r' => {}
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '~' | '!' | '$' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Inline code: a fence longer than any run of backticks inside, and `|` escaped so a
/// table cell is not split (GitHub-flavoured tables split on `|` even in code).
pub fn code(s: &str) -> String {
    let one_line = s.replace(['\n', '\r'], " ");
    let fence = "`".repeat(longest_backtick_run(&one_line) + 1);
    let body = one_line.replace('|', "\\|");
    let pad = if body.starts_with('`') || body.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{body}{pad}{fence}")
}

/// A fenced code block (shell commands), fenced so no line inside can close it.
pub fn code_block(lines: &[String], language: &str) -> String {
    let longest = lines
        .iter()
        .map(|l| longest_backtick_run(l))
        .max()
        .unwrap_or(0);
    let fence = "`".repeat((longest + 1).max(3));
    let mut out = format!("{fence}{language}\n");
    for line in lines {
        out.push_str(&line.replace('\r', ""));
        out.push('\n');
    }
    out.push_str(&fence);
    out.push('\n');
    out
}

/// A table row; cells are already escaped.
pub fn row(cells: &[String]) -> String {
    format!("| {} |\n", cells.join(" | "))
}

/// A header row and its separator.
pub fn header(cells: &[&str]) -> String {
    let escaped: Vec<String> = cells.iter().map(|c| text(c)).collect();
    let rule: Vec<String> = cells.iter().map(|_| "---".to_string()).collect();
    format!("{}{}", row(&escaped), row(&rule))
}

fn longest_backtick_run(s: &str) -> usize {
    let mut longest = 0;
    let mut run = 0;
    for c in s.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captured_text_cannot_escape_its_place() {
        assert_eq!(
            text("<script>alert(1)</script>"),
            "&lt;script&gt;alert(1)&lt;/script&gt;"
        );
        assert_eq!(text("a|b *c* [d](e)"), "a\\|b \\*c\\* \\[d\\](e)");
        assert_eq!(code("a`b|c"), "``a`b\\|c``");
        assert_eq!(code("`x`"), "`` `x` ``");
        let block = code_block(&["echo ```".to_string()], "sh");
        assert!(block.starts_with("````sh\n") && block.ends_with("\n````\n"));
    }
}
