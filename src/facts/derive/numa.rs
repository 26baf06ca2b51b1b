//! `proc.<name>.numa.largest_node_cpus`: the CPUs of the NUMA node that holds most of
//! a process's memory (numastat's largest node looked up in lscpu's or numactl's node
//! CPU lists), so a rule can set it beside the cores the process is bound to ("QEMU's
//! memory is on node 2, CPUs 48-71, while its vCPUs run on 48-95").

use super::{Facts, Unit, Value, fact, span};

pub fn derive(facts: &mut Facts) {
    let derived: Vec<_> = facts
        .with_prefix("proc.")
        .filter_map(|largest| {
            let name = largest
                .key
                .strip_prefix("proc.")?
                .strip_suffix(".numa.largest_node")?;
            let Value::Text(node) = &largest.value else {
                return None;
            };
            let cpus = facts.get(&format!("cpu.numa.{node}.cpus"))?;
            Some(fact(
                &format!("proc.{name}.numa.largest_node_cpus"),
                cpus.value.clone(),
                Unit::None,
                span(&largest.provenance, &cpus.provenance),
            ))
        })
        .collect();
    for f in derived {
        facts.derive(f);
    }
}
