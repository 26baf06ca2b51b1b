//! dmidecode -t memory: the DIMMs, their rated and configured speed.

use super::Spec;
use super::collector::{Collector, DMIDECODE, Id, When};
use crate::parse::topology::dmidecode::Dmidecode;

pub const MEMORY: &str = "dmidecode -t memory (as root, on the physical host)";

pub static SPEC: Spec = Spec {
    id: "dmidecode",
    parsers: &[&Dmidecode],
    captures: &[MEMORY],
    facts: &[&[
        "mem.dimm.<slot>.size_mib",
        "mem.dimm.<slot>.type",
        "mem.dimm.<slot>.rated_mts",
        "mem.dimm.<slot>.configured_mts",
        "mem.dimm.count",
        "mem.dimm.slots",
        "mem.dimm.total_gib",
        "mem.dimm.type",
        "mem.dimm.rated_mts",
        "mem.dimm.configured_mts",
        "mem.dimm.below_rated",
        "mem.dimm.max_per_channel",
    ]],
    collectors: &[Collector {
        id: Id::Dmidecode,
        name: "dmidecode",
        what: "memory DIMMs, rated and configured speed",
        when: When::AtStart,
        command: "dmidecode -t memory",
        files: &["dmidecode.txt"],
        program: Some("dmidecode"),
        package: Some(DMIDECODE),
        needs_root: true,
        needs_process: false,
    }],
};
