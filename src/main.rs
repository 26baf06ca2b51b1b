//! Thin entry point: run the CLI, print any error on one line, map it to exit code 2.

#![deny(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    match perfsage::cli::run() {
        Ok(code) => code,
        Err(error) => {
            eprintln!("perfsage: error: {}", perfsage::cli::one_line(&error));
            ExitCode::from(2)
        }
    }
}
