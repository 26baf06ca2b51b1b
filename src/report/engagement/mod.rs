//! The report of an engagement: the chain of runs first (each run's verdict, figures,
//! the change applied and whether it brought what was expected), then the latest run
//! in full, and earlier runs in full only when asked (`--all`). `document` builds it as
//! a report document, rendered like any report; JSON writes the model itself.

mod chain_table;
pub mod document;
