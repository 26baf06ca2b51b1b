//! sadf (sysstat) exports of sar data, `-j` JSON and `-d` CSV; binary sa files are read
//! through it.

use super::Spec;
use crate::parse::activity::sadf_csv::SadfCsv;
use crate::parse::activity::sadf_json::SadfJson;

pub static SPEC: Spec = Spec {
    id: "sadf",
    parsers: &[&SadfJson, &SadfCsv],
    captures: &[],
    facts: super::sar::FACTS,
    catalog: &[],
    collectors: &[],
};
