//! Every word a report prints in English or Chinese, in one place: `labels` for the
//! fixed words (headings, column names, severities), `localize` for the texts of the
//! diagnosis (a rule's own Chinese where it has one) and for the typed facts the
//! engine records (why a step was not taken, what to capture next), which are worded
//! only here; `verdict_words` for the verdict and the target status, and
//! `engagement_words` for the changes and outcomes of an engagement's chain,
//! `fleet_words` for a fleet summary's sentences.

pub mod engagement_words;
pub mod fleet_words;
pub mod labels;
pub mod localize;
pub mod verdict_words;
