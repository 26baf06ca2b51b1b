//! The one-line verdict per host: which resource limits throughput, and how sure we
//! are. It comes from the most severe finding on the walked path that names a
//! resource (its rule's `META.resource`, or the finding's own `resource`: a file
//! system full now is critical and names storage, so it outranks every busy resource
//! as a failing write outranks a slow one); between equally severe ones the later step
//! wins, because each step narrows the one before (lock functions found in the CPU
//! profile say more than "the CPU is busy"), then the more confident. Without such a
//! finding, measured utilisation says "none", listing what was checked and naming a
//! resource no capture let it check; without measurements the answer is "unknown". A
//! load generator is judged on whether it keeps up, and a hypervisor not at all ("not
//! judged"). When a finding on the path explains the decisive one (`cause`), the
//! verdict names that cause with its resource and lists what it explains as symptoms.
//! The verdict holds what it rests on as values (the figures checked, the findings
//! quoted); `report::i18n::verdict_words` words it in the report's language.

use super::cause;
use crate::facts::{Facts, Series};
use crate::rules::rule_meta::Explains;
use crate::rules::{Finding, Resource};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub resource: Resource,
    pub confidence: f64,
    /// What the verdict rests on, as values: the report words it in either language.
    pub reason: Reason,
    /// The rule whose finding decided the verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Findings of other resources that the deciding finding explains (its rule's
    /// `META.explains`); the report quotes them after the cause.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub symptoms: Vec<Symptom>,
}

/// Why the verdict is what it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Reason {
    /// The deciding finding (the cause, when a finding explains it), quoted.
    Finding { cause: Quoted },
    /// On a load generator, a finding that its CPU is busy: the client may be what
    /// limits the test.
    BusyClient { cause: Quoted },
    /// No rule named a resource, and CPU and disk were measured.
    NothingSaturated {
        cpu: Busy,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        busiest_core_pct: Option<f64>,
        busiest_disk: Busy,
        /// Without a vmstat capture memory was not checked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        swap_in_kib_per_s: Option<f64>,
    },
    /// A load generator whose CPU has room: it keeps up.
    ClientKeepsUp {
        cpu: Busy,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        busiest_core_pct: Option<f64>,
    },
    /// A load generator without CPU figures.
    ClientNotMeasured,
    /// A hypervisor: judged in its VMs.
    Hypervisor {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cpu_busy_pct: Option<f64>,
    },
    /// Too little was captured to judge: which of CPU and disk utilisation is missing.
    NotCaptured { cpu: bool, disk: bool },
    /// An engagement run without this host.
    HostNotInRun,
    /// A verdict an earlier perfsage (report schema 1 or 2) wrote as sentences.
    Worded { summary: Quoted },
}

/// A busy figure over the capture.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Busy {
    pub avg_pct: f64,
    pub p95_pct: f64,
}

impl From<&Series> for Busy {
    fn from(series: &Series) -> Busy {
        Busy {
            avg_pct: series.avg,
            p95_pct: series.p95,
        }
    }
}

/// A finding's summary as its rule wrote it, in English and, when the rule has it, in
/// Chinese.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quoted {
    pub en: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zh: Option<String>,
}

impl Quoted {
    fn of(finding: &Finding) -> Quoted {
        Quoted {
            en: finding.summary.clone(),
            zh: finding.zh.as_ref().and_then(|zh| zh.summary.clone()),
        }
    }
}

/// A finding the verdict's cause explains.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Symptom {
    pub rule: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource: Option<Resource>,
    pub summary: Quoted,
}

/// `findings` come in walked-step order; `explains(rule)` is that rule's
/// `META.explains`.
pub fn decide<'k>(
    findings: &[Finding],
    facts: &Facts,
    explains: &dyn Fn(&str) -> Option<&'k Explains>,
) -> Verdict {
    let step_of = |f: &Finding| findings.iter().position(|g| g.step == f.step);
    let decisive = findings
        .iter()
        .filter(|f| f.resource.is_some())
        .max_by(|a, b| {
            a.severity
                .cmp(&b.severity)
                .then(step_of(a).cmp(&step_of(b)))
                .then(a.confidence.total_cmp(&b.confidence))
        });
    if let Some(decisive) = decisive {
        let paired = cause::pair(decisive, findings, explains);
        let f = paired.as_ref().map_or(decisive, |p| p.cause);
        let resource = paired
            .as_ref()
            .map_or(f.resource, |p| Some(p.resource))
            .unwrap_or(Resource::Unknown);
        let symptoms = paired.as_ref().map_or(&[][..], |p| p.symptoms.as_slice());
        let symptoms = symptoms
            .iter()
            .map(|s| Symptom {
                rule: s.rule.clone(),
                resource: s.resource,
                summary: Quoted::of(s),
            })
            .collect();
        let cause = Quoted::of(f);
        // A load generator's busy CPU limits the test through the client.
        let (resource, reason) =
            if facts.text("host.role") == Some("loadgen") && resource == Resource::Cpu {
                (Resource::LoadGenerator, Reason::BusyClient { cause })
            } else {
                (resource, Reason::Finding { cause })
            };
        return Verdict {
            resource,
            confidence: f.confidence,
            reason,
            rule: Some(f.rule.clone()),
            symptoms,
        };
    }
    if let Some(verdict) = by_role(facts) {
        return verdict;
    }
    let cpu = facts.series("cpu.util_pct");
    let disk = facts.series("disk.busiest.util_pct");
    let (Some(cpu), Some(disk)) = (cpu, disk) else {
        return Verdict {
            resource: Resource::Unknown,
            confidence: 0.0,
            reason: Reason::NotCaptured {
                cpu: cpu.is_none(),
                disk: disk.is_none(),
            },
            rule: None,
            symptoms: Vec::new(),
        };
    };
    Verdict {
        resource: Resource::None,
        confidence: 0.6,
        reason: Reason::NothingSaturated {
            cpu: cpu.into(),
            busiest_core_pct: busiest_core(facts),
            busiest_disk: disk.into(),
            swap_in_kib_per_s: facts.series("swap.in_kib_per_s").map(|s| s.avg),
        },
        rule: None,
        symptoms: Vec::new(),
    }
}

/// A load generator or a hypervisor is not where the throughput is delivered: it is
/// judged for its role (is the client keeping up?) or not at all.
fn by_role(facts: &Facts) -> Option<Verdict> {
    let cpu = facts.series("cpu.util_pct");
    let (reason, resource, confidence) = match (facts.text("host.role")?, cpu) {
        ("loadgen", Some(cpu)) => (
            Reason::ClientKeepsUp {
                cpu: cpu.into(),
                busiest_core_pct: busiest_core(facts),
            },
            Resource::None,
            0.7,
        ),
        ("loadgen", None) => (Reason::ClientNotMeasured, Resource::NotJudged, 0.5),
        ("hypervisor", cpu) => (
            Reason::Hypervisor {
                cpu_busy_pct: cpu.map(|c| c.avg),
            },
            Resource::NotJudged,
            0.9,
        ),
        _ => return None,
    };
    Some(Verdict {
        resource,
        confidence,
        reason,
        rule: None,
        symptoms: Vec::new(),
    })
}

/// The busiest core's average busy, when per-CPU figures were captured.
fn busiest_core(facts: &Facts) -> Option<f64> {
    facts.series("cpu.busiest.util_pct").map(|core| core.avg)
}
