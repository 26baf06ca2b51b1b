//! Derived facts, computed in Rust from parsed ones so rules stay short: the busiest
//! CPU and disk, the fullest file system, the most throttled cgroup, whether the host
//! is virtualised, the scaling knee of a benchmark series, the gap to the customer's
//! target, the TCP retransmitted share, the rate of pages re-read after eviction and swap
//! traffic in KiB from counts of pages. A derivation
//! only fills keys that no capture supplied, and cites the facts it came from.

mod busiest;
mod cgroup;
mod conn_refusals;
mod database;
mod fullest_filesystem;
mod memory_refaults;
mod numa;
mod platform;
mod scaling;
mod swap_pages;
mod target_gap;
mod tcp_retransmits;

use super::{Fact, Facts, Provenance, Unit, Value};

pub fn run(facts: &mut Facts) {
    platform::derive(facts);
    // The scaling series feeds the busiest-disk fallback from a scaling table.
    scaling::derive(facts);
    busiest::derive(facts);
    cgroup::derive(facts);
    target_gap::derive(facts);
    database::derive(facts);
    conn_refusals::derive(facts);
    numa::derive(facts);
    fullest_filesystem::derive(facts);
    tcp_retransmits::derive(facts);
    swap_pages::derive(facts);
    // After busiest: the refault share is of the busiest disk's reads.
    memory_refaults::derive(facts);
}

fn fact(key: &str, value: Value, unit: Unit, provenance: Provenance) -> Fact {
    Fact {
        key: key.to_string(),
        value,
        unit,
        provenance,
    }
}

/// One provenance covering two facts when they come from the same file, else the first.
fn span(a: &Provenance, b: &Provenance) -> Provenance {
    if a.file != b.file {
        return a.clone();
    }
    Provenance {
        file: a.file.clone(),
        line: a.line.min(b.line),
        line_end: a.line_end.max(b.line_end),
        tool: a.tool.clone(),
    }
}
