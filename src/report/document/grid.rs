//! Tables and list items of the report document: labelled columns over rows of typed
//! cells. A cell says what it holds (a number, words, an identifier, a program name, a
//! change for better or worse, a link to a part, a next action), and each format
//! decides how that looks: Markdown puts identifiers in code spans, the terminal prints
//! them plain, HTML wraps them in `<code>`.

/// A table: its columns and its rows, each row one cell per column.
pub struct Grid {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
}

pub struct Column {
    pub label: &'static str,
    /// A column of numbers (ranks), aligned as numbers where the format can.
    pub numeric: bool,
}

impl Column {
    pub fn text(label: &'static str) -> Column {
        Column {
            label,
            numeric: false,
        }
    }

    pub fn number(label: &'static str) -> Column {
        Column {
            label,
            numeric: true,
        }
    }
}

pub enum Cell {
    Number(usize),
    /// Words in the report's language.
    Text(String),
    /// Several lines of words (a capture's result, the reasons a step was not taken).
    Lines(Vec<String>),
    /// An identifier or a path: a step id, a fact key, a file:line.
    Code(String),
    /// Several identifiers, one per line.
    Codes(Vec<String>),
    /// The name of the program a capture came from: code in Markdown, plain text in
    /// the terminal and in HTML.
    Program(String),
    /// Nothing to show.
    Dash,
    Action(ActionCell),
    /// Words to stand out (a run's label, the best matched step).
    Strong(String),
    /// Words that ask for attention (an outcome that made things worse).
    Alert(String),
    /// A change with whether it is good (`Some(true)`), bad or neither.
    Delta {
        text: String,
        good: Option<bool>,
    },
    /// Another part of the document.
    Link(Link),
    /// The first parts of a list, each linked, then how many more there are.
    Links(Vec<Link>, Option<String>),
    /// Words and the identifier they refer to (a change and the rule it carried out).
    Annotated {
        text: String,
        code: String,
    },
}

/// Words that lead to the part with `anchor`.
pub struct Link {
    pub text: String,
    pub anchor: String,
}

/// A ranked next action: the finding's title, what to do, its first command and the
/// rule it comes from (HTML links the rule to its finding).
pub struct ActionCell {
    pub title: String,
    pub action: String,
    pub command: Option<String>,
    pub rule: String,
}

/// What stands in for an empty cell in every format.
pub const DASH: &str = "—";
