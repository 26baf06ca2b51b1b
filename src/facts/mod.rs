//! Facts: what the captures say, as `key → value` with unit and provenance. Parsers
//! produce them, `derive` combines them, rules and the methodology graph read them.

pub mod derive;
pub mod fact;
pub mod series;
pub mod set;
pub mod unit;
pub mod value;

pub use fact::{Fact, Provenance};
pub use series::{Series, SeriesBuilder};
pub use set::Facts;
pub use unit::Unit;
pub use value::Value;
