//! The one integration-test binary (one link instead of one per file). Modules are
//! grouped by pipeline stage; `support` holds the small test DSL they share.

mod support;

mod authoring;
mod capture;
mod cases;
mod catalog;
mod cli;
mod compare;
mod diagnosis;
mod e2e;
mod engagement;
mod engine;
mod fleet;
mod hostile;
mod methodology;
mod parse;
mod reports;
mod rule_tests;
mod tools;
