//! `host.virtualized`: the declared platform wins; otherwise a hypervisor vendor in
//! lscpu means a VM, and an lscpu without one means bare metal.

use super::{Facts, Unit, Value, fact};

pub fn derive(facts: &mut Facts) {
    let derived = if let Some(platform) = facts.get("host.platform") {
        Some((
            platform.value == Value::Text("vm".into()),
            platform.provenance.clone(),
        ))
    } else if let Some(hypervisor) = facts.get("cpu.hypervisor") {
        Some((true, hypervisor.provenance.clone()))
    } else {
        // Only lscpu reports a hypervisor, so only its silence means bare metal;
        // uname or a settings snapshot also give cpu.arch but say nothing either way.
        facts
            .get("cpu.arch")
            .filter(|arch| arch.provenance.tool == "lscpu")
            .map(|arch| (false, arch.provenance.clone()))
    };
    if let Some((virtualized, provenance)) = derived {
        facts.derive(fact(
            "host.virtualized",
            Value::Flag(virtualized),
            Unit::None,
            provenance,
        ));
    }
}
