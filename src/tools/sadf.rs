//! sadf (sysstat) exports of sar data, `-j` JSON and `-d` CSV; binary sa files are read
//! through it.

use super::Spec;

pub static SPEC: Spec = Spec {
    id: "sadf",
    captures: &[],
    facts: super::sar::FACTS,
    catalog: &[],
    collectors: &[],
};
