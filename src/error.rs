//! Bad input from the user: a path that does not exist, a malformed bundle.yaml or
//! case file. Always names the file (and line when known); the CLI prints it on one
//! line and exits with status 2.

use crate::files::yaml_file::YamlError;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl InputError {
    pub fn new(file: impl Into<String>, message: impl Into<String>) -> Self {
        InputError {
            file: file.into(),
            line: None,
            message: message.into(),
        }
    }

    pub fn at_line(
        file: impl Into<String>,
        line: Option<usize>,
        message: impl Into<String>,
    ) -> Self {
        InputError {
            file: file.into(),
            line,
            message: message.into(),
        }
    }

    /// A YAML problem, at its line.
    pub fn yaml(file: impl Into<String>, error: &YamlError) -> Self {
        InputError::at_line(file, error.line, error.message.clone())
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for InputError {}
