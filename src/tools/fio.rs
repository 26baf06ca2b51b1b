//! fio's result (text or JSON): IOPS, bandwidth and latency of a storage test.

use super::Spec;
use crate::parse::activity::fio::Fio;

pub const RESULT: &str = "fio … (text output, or --output-format=json)";

pub static SPEC: Spec = Spec {
    id: "fio",
    parsers: &[&Fio],
    captures: &[RESULT],
    collectors: &[],
};
