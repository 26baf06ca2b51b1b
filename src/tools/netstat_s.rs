//! netstat -s (net-tools): the same TCP and IP counters as nstat, in sentences.

use super::Spec;

pub static SPEC: Spec = Spec {
    id: "netstat-s",
    captures: &[],
    facts: super::nstat::FACTS,
    catalog: &[],
    collectors: &[],
};
