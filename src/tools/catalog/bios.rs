//! BIOS settings, as the setup screens (or the BMC) of Kunpeng servers show them. The
//! OS cannot read them, so they are declared in bundle.yaml.

use super::CatalogEntry;

const BIOS: &str = "bios: {smmu, cpu_prefetching, power_policy, die_interleaving} in bundle.yaml, read from the BIOS setup or the BMC";

pub static ENTRIES: &[CatalogEntry] = &[
    entry!(
        "bios.smmu",
        None,
        Text,
        "Advanced > MISC Config > Support Smmu: enabled or disabled",
        BIOS
    ),
    entry!(
        "bios.cpu_prefetching",
        None,
        Text,
        "Advanced > MISC Config > CPU Prefetching Configuration: enabled or disabled",
        BIOS
    ),
    entry!(
        "bios.power_policy",
        None,
        Text,
        "Advanced > Performance Config > Power Policy: performance, efficiency or custom",
        BIOS
    ),
    entry!(
        "bios.die_interleaving",
        None,
        Text,
        "Advanced > Memory Config > Die Interleaving: enabled or disabled",
        BIOS
    ),
];
