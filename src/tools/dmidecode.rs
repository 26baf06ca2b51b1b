//! dmidecode -t memory: the DIMMs, their rated and configured speed.

use super::Spec;
use super::collector::{Collector, DMIDECODE, Id, When};
use crate::tools::catalog::entry;

pub const MEMORY: &str = "dmidecode -t memory (as root, on the physical host)";

pub static SPEC: Spec = Spec {
    id: "dmidecode",
    captures: &[MEMORY],
    facts: &[],
    catalog: &[
        entry!(
            "mem.dimm.<slot>.size_mib",
            Mebibytes,
            Number,
            "Size of the DIMM in this slot (label = locator)",
            MEMORY
        ),
        entry!(
            "mem.dimm.<slot>.type",
            None,
            Text,
            "Memory type of the DIMM in this slot (DDR4, DDR5)",
            MEMORY
        ),
        entry!(
            "mem.dimm.<slot>.rated_mts",
            MegatransfersPerSecond,
            Number,
            "Rated speed of the DIMM in this slot",
            MEMORY
        ),
        entry!(
            "mem.dimm.<slot>.configured_mts",
            MegatransfersPerSecond,
            Number,
            "Speed the DIMM in this slot runs at",
            MEMORY
        ),
        entry!(
            "mem.dimm.count",
            Count,
            Number,
            "Populated DIMM slots",
            MEMORY
        ),
        entry!(
            "mem.dimm.slots",
            Count,
            Number,
            "DIMM slots (populated or not)",
            MEMORY
        ),
        entry!(
            "mem.dimm.total_gib",
            Gibibytes,
            Number,
            "Installed DIMM capacity",
            MEMORY
        ),
        entry!(
            "mem.dimm.type",
            None,
            Text,
            "Memory type of the installed DIMMs (types joined with / if mixed)",
            MEMORY
        ),
        entry!(
            "mem.dimm.rated_mts",
            MegatransfersPerSecond,
            Number,
            "Lowest rated DIMM speed",
            MEMORY
        ),
        entry!(
            "mem.dimm.configured_mts",
            MegatransfersPerSecond,
            Number,
            "Lowest speed a DIMM is configured to run at",
            MEMORY
        ),
        entry!(
            "mem.dimm.below_rated",
            None,
            Flag,
            "Some DIMM runs below its rated speed (often: two DIMMs per channel)",
            MEMORY
        ),
        entry!(
            "mem.dimm.max_per_channel",
            Count,
            Number,
            "Most DIMMs on one memory channel (DPC; from bank locators or slot names)",
            MEMORY
        ),
    ],
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
