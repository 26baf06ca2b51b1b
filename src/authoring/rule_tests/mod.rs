//! Rule tests: each rule's YAML tests (facts in, expected outcome out) and the runner
//! behind `perfsage rules test` and the integration test that keeps the built-in rule
//! base from regressing.

mod file;
mod run;

pub use file::{Expect, RuleTest, TestFact, TestFile, parse_test_file};
pub use run::{SuiteReport, TestResult, TestSkipped, run_suite, test_facts};
