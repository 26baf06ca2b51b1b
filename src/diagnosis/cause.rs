//! Two resources can look saturated at once because one drives the other: memory too
//! small for the working set keeps the disk reading, NIC interrupts bound to one core
//! make that core hot, a benchmark client on the database's cores keeps every CPU
//! busy. Which finding explains which is data, declared by the cause's rule
//! (`META.explains`); here the finding that would decide the verdict is traded for
//! the cause that explains it, and the findings explained become its symptoms.

use crate::rules::rule_meta::Explains;
use crate::rules::{Finding, Resource, Severity};

/// A cause found among the findings, and what it explains.
#[derive(Debug)]
pub struct Paired<'a> {
    pub cause: &'a Finding,
    pub resource: Resource,
    /// In the order of the findings, one per rule.
    pub symptoms: Vec<&'a Finding>,
}

/// The cause behind `decisive`: a finding whose rule's `explains` (`explains(rule)`)
/// lists `decisive`'s rule, fired at the severity `explains.from` asks or above, with
/// a resource (`explains.resource`, else the finding's own); or `decisive` itself when
/// it explains findings present. Between several causes the most severe, then the most
/// confident, wins. `None` when nothing on the path pairs up.
pub fn pair<'a, 'k>(
    decisive: &'a Finding,
    findings: &'a [Finding],
    explains: &dyn Fn(&str) -> Option<&'k Explains>,
) -> Option<Paired<'a>> {
    // What a finding explains when it qualifies as a cause: its symptoms' rules and
    // the verdict's resource.
    let as_cause = |f: &Finding| {
        let e = explains(&f.rule)?;
        let from = e.from.unwrap_or(Severity::Info);
        let resource = e.resource.or(f.resource)?;
        (f.severity >= from).then_some((e, resource))
    };
    let explains_rule = |e: &Explains, cause: &Finding, rule: &str| {
        cause.rule != rule && e.symptoms.iter().any(|s| s == rule)
    };
    let (cause, (e, resource)) = findings
        .iter()
        .filter_map(|f| Some((f, as_cause(f)?)))
        .filter(|(f, (e, _))| explains_rule(e, f, &decisive.rule))
        .max_by(|(a, _), (b, _)| {
            a.severity
                .cmp(&b.severity)
                .then(a.confidence.total_cmp(&b.confidence))
        })
        .or_else(|| Some((decisive, as_cause(decisive)?)))?;
    let mut symptoms: Vec<&Finding> = Vec::new();
    for f in findings.iter().filter(|f| explains_rule(e, cause, &f.rule)) {
        if !symptoms.iter().any(|s| s.rule == f.rule) {
            symptoms.push(f);
        }
    }
    (!symptoms.is_empty()).then_some(Paired {
        cause,
        resource,
        symptoms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(rule: &str, severity: &str, resource: Option<&str>) -> Finding {
        serde_json::from_value(serde_json::json!({
            "rule": rule, "title": rule, "step": "cpu", "layer": "resource",
            "severity": severity, "summary": rule, "confidence": 0.8, "evidence": [],
            "resource": resource,
        }))
        .unwrap()
    }

    fn explains(symptom: &str, resource: Option<Resource>, from: Option<Severity>) -> Explains {
        Explains {
            symptoms: vec![symptom.into()],
            resource,
            from,
        }
    }

    /// The three pairs the built-in rules declare, in miniature.
    fn table() -> Vec<(&'static str, Explains)> {
        vec![
            (
                "memory.pressure",
                explains("storage.disk_saturated", None, None),
            ),
            (
                "network.nic_irqs_concentrated",
                explains(
                    "resource.single_core_saturated",
                    Some(Resource::Network),
                    Some(Severity::High),
                ),
            ),
            (
                "benchmark.load_generator_shares_cpus",
                explains("resource.cpu_saturated", None, None),
            ),
        ]
    }

    fn decide(decisive: usize, findings: &[Finding]) -> Option<(&str, Resource, Vec<&str>)> {
        let table = table();
        let lookup = |rule: &str| table.iter().find(|(r, _)| *r == rule).map(|(_, e)| e);
        pair(&findings[decisive], findings, &lookup).map(|p| {
            (
                p.cause.rule.as_str(),
                p.resource,
                p.symptoms.iter().map(|s| s.rule.as_str()).collect(),
            )
        })
    }

    #[test]
    fn a_less_severe_cause_takes_the_verdict_from_its_symptom() {
        let findings = [
            finding("memory.pressure", "medium", Some("memory")),
            finding("storage.disk_saturated", "high", Some("storage")),
        ];
        let expected = Some((
            "memory.pressure",
            Resource::Memory,
            vec!["storage.disk_saturated"],
        ));
        assert_eq!(decide(1, &findings), expected);
        // The cause deciding on its own lists its symptom too.
        assert_eq!(decide(0, &findings), expected);
    }

    #[test]
    fn a_cause_takes_its_resource_from_the_table_and_only_from_its_severity() {
        let hot_core = finding("resource.single_core_saturated", "high", Some("cpu"));
        let softirq = finding("network.nic_irqs_concentrated", "high", None);
        let findings = [hot_core.clone(), softirq];
        assert_eq!(decide(0, &findings).map(|d| d.1), Some(Resource::Network));
        // Interrupts spread badly but no softirq load measured: not the core's cause.
        let findings = [
            hot_core,
            finding("network.nic_irqs_concentrated", "medium", None),
        ];
        assert_eq!(decide(0, &findings), None);
    }

    #[test]
    fn a_cause_without_a_resource_of_its_own_or_in_the_table_pairs_nothing() {
        let findings = [
            finding("benchmark.load_generator_shares_cpus", "medium", None),
            finding("resource.cpu_saturated", "high", Some("cpu")),
        ];
        assert_eq!(decide(1, &findings), None);
        let findings = [
            finding(
                "benchmark.load_generator_shares_cpus",
                "medium",
                Some("cpu"),
            ),
            finding("resource.cpu_saturated", "high", Some("cpu")),
        ];
        assert_eq!(
            decide(1, &findings),
            Some((
                "benchmark.load_generator_shares_cpus",
                Resource::Cpu,
                vec!["resource.cpu_saturated"]
            ))
        );
    }

    #[test]
    fn findings_no_rule_explains_stay_alone() {
        let findings = [
            finding("resource.cpu_saturated", "high", Some("cpu")),
            finding("storage.disk_saturated", "high", Some("storage")),
        ];
        assert_eq!(decide(1, &findings), None);
        assert_eq!(decide(0, &findings), None);
    }
}
