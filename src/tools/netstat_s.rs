//! netstat -s (net-tools): the same TCP and IP counters as nstat, in sentences.

use super::Spec;
use crate::parse::net::netstat_stats::NetstatStats;

pub static SPEC: Spec = Spec {
    id: "netstat-s",
    parsers: &[&NetstatStats],
    captures: &[],
    facts: super::nstat::FACTS,
    catalog: &[],
    collectors: &[],
};
