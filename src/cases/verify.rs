//! Replays a case: diagnoses each bundle and lists every difference from the expected
//! diagnosis. Numbers compare within 1 % (rounding in documents), text exactly.

use super::Case;
use super::expected::{Expected, ExpectedHost};
use crate::bundle::Bundle;
use crate::bundle::host_facts::read_bundle;
use crate::diagnosis::{HostDiagnosis, diagnose};
use crate::error::InputError;
use crate::facts::Value;
use crate::knowledge::KnowledgeBase;

/// The result of replaying one bundle of a case.
pub struct BundleCheck {
    pub case: String,
    pub bundle: String,
    pub differences: Vec<String>,
}

pub fn verify_case(case: &Case, kb: &KnowledgeBase) -> Result<Vec<BundleCheck>, InputError> {
    let expected = Expected::load(&case.dir)?;
    let mut checks = Vec::new();
    for bundle in &case.bundles {
        let mut differences = Vec::new();
        let diagnosis = diagnose(read_bundle(&Bundle::open(&case.bundle_path(bundle))?), kb);
        match expected.bundles.get(&bundle.id) {
            None => differences.push(format!(
                "expected.yaml has no entry for bundle {:?}",
                bundle.id
            )),
            Some(hosts) => {
                for (name, want) in hosts {
                    match diagnosis.hosts.iter().find(|h| &h.host == name) {
                        Some(got) => compare_host(name, want, got, &mut differences),
                        None => differences.push(format!(
                            "host {name:?} not in the diagnosis (hosts: {})",
                            diagnosis
                                .hosts
                                .iter()
                                .map(|h| h.host.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    }
                }
                for got in &diagnosis.hosts {
                    if !hosts.contains_key(&got.host) {
                        differences.push(format!(
                            "host {:?} is diagnosed but expected.yaml does not mention it",
                            got.host
                        ));
                    }
                }
            }
        }
        checks.push(BundleCheck {
            case: case.id.clone(),
            bundle: bundle.id.clone(),
            differences,
        });
    }
    Ok(checks)
}

fn compare_host(name: &str, want: &ExpectedHost, got: &HostDiagnosis, out: &mut Vec<String>) {
    let resource = got.bottleneck.resource.to_string();
    if resource != want.bottleneck {
        out.push(format!(
            "{name}: bottleneck is {resource}, expected {}",
            want.bottleneck
        ));
    }
    let steps: Vec<&str> = got.steps.iter().map(|s| s.visit.step.as_str()).collect();
    if steps != want.steps {
        out.push(format!(
            "{name}: steps are [{}], expected [{}]",
            steps.join(", "),
            want.steps.join(", ")
        ));
    }
    let findings: Vec<&str> = got.findings.iter().map(|f| f.rule.as_str()).collect();
    if findings != want.findings {
        out.push(format!(
            "{name}: findings are [{}], expected [{}]",
            findings.join(", "),
            want.findings.join(", ")
        ));
    }
    for rule in &want.quiet {
        if got
            .findings
            .iter()
            .chain(&got.off_path_findings)
            .any(|f| &f.rule == rule)
        {
            out.push(format!("{name}: {rule} fired but must stay quiet"));
        }
    }
    for error in &got.rule_errors {
        out.push(format!("{name}: rule error {error}"));
    }
    for (key, want_value) in &want.facts {
        match got.facts.get(key) {
            None => out.push(format!("{name}: fact {key} is missing")),
            Some(fact) => {
                if let Some(problem) = compare_value(&fact.value, want_value) {
                    out.push(format!("{name}: fact {key} {problem}"));
                }
            }
        }
    }
}

fn compare_value(got: &Value, want: &serde_yaml::Value) -> Option<String> {
    match (got, want) {
        (_, serde_yaml::Value::Number(n)) => {
            let want = n.as_f64()?;
            let Some(got) = got.as_number() else {
                return Some(format!("is {got}, expected the number {want}"));
            };
            let tolerance = 0.01 * want.abs().max(1.0);
            ((got - want).abs() > tolerance).then(|| format!("is {got}, expected {want}"))
        }
        (Value::Flag(b), serde_yaml::Value::Bool(w)) => {
            (b != w).then(|| format!("is {b}, expected {w}"))
        }
        (Value::Text(t), serde_yaml::Value::String(w)) => {
            (t != w).then(|| format!("is {t:?}, expected {w:?}"))
        }
        (got, want) => Some(format!("is {got}, expected {want:?}")),
    }
}
