//! Rule authoring, the consultant's side of the rule base: `rules lint`, `rules test`,
//! `rules doc` and `rules new`, and the fact-key checks they share. It reads the
//! knowledge base; the rule runtime in `rules` never reads it back.

pub mod doc;
pub mod fact_keys;
pub mod fact_refs;
pub mod lint;
pub mod rule_tests;
pub mod scaffold;
