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

use super::cause;
use crate::facts::value::format_number;
use crate::facts::{Facts, Series};
use crate::rules::rule_meta::Explains;
use crate::rules::{Finding, Resource};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub resource: Resource,
    pub confidence: f64,
    pub summary: String,
    /// The summary in Chinese, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary_zh: Option<String>,
    /// The rule whose finding decided the verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Findings of other resources that the deciding finding explains (its rule's
    /// `META.explains`); the summary quotes them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub symptoms: Vec<Symptom>,
}

/// A finding the verdict's cause explains.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Symptom {
    pub rule: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource: Option<Resource>,
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
        let (summary, summary_zh) = with_symptoms(f, symptoms);
        let symptoms = symptoms
            .iter()
            .map(|s| Symptom {
                rule: s.rule.clone(),
                resource: s.resource,
            })
            .collect();
        // A load generator's busy CPU limits the test through the client.
        if facts.text("host.role") == Some("loadgen") && resource == Resource::Cpu {
            return Verdict {
                resource: Resource::LoadGenerator,
                confidence: f.confidence,
                summary: format!(
                    "Load generator: {summary} The client may be what limits the test: give it more cores or another host."
                ),
                summary_zh: summary_zh.map(|zh| {
                    format!("压测端：{zh}限制测试的可能是压测端本身：给它更多的核或换一台主机。")
                }),
                rule: Some(f.rule.clone()),
                symptoms,
            };
        }
        return Verdict {
            resource,
            confidence: f.confidence,
            summary,
            summary_zh,
            rule: Some(f.rule.clone()),
            symptoms,
        };
    }
    if let Some(verdict) = by_role(facts) {
        return verdict;
    }
    match (
        facts.series("cpu.util_pct"),
        facts.series("disk.busiest.util_pct"),
    ) {
        (Some(cpu), Some(disk)) => clean(facts, cpu, disk),
        (cpu, disk) => {
            let mut lacking = Vec::new();
            let mut lacking_zh = Vec::new();
            if cpu.is_none() {
                lacking.push("CPU utilisation (mpstat)");
                // A space between the Chinese text before it and the Latin "CPU".
                lacking_zh.push(" CPU 利用率（mpstat）");
            }
            if disk.is_none() {
                lacking.push("disk utilisation (iostat)");
                lacking_zh.push("磁盘利用率（iostat）");
            }
            Verdict {
                resource: Resource::Unknown,
                confidence: 0.0,
                summary: format!(
                    "Cannot tell which resource limits throughput: no {} was captured.",
                    lacking.join(" and no ")
                ),
                summary_zh: Some(format!(
                    "无法判断是哪种资源限制了吞吐量：没有采集{}。",
                    lacking_zh.join("，也没有采集")
                )),
                rule: None,
                symptoms: Vec::new(),
            }
        }
    }
}

/// The cause's summary followed by its symptoms' (English, and Chinese when the cause
/// has it; a symptom without Chinese text is quoted in English).
fn with_symptoms(cause: &Finding, symptoms: &[&Finding]) -> (String, Option<String>) {
    let zh_of = |f: &Finding| f.zh.as_ref().and_then(|zh| zh.summary.clone());
    let mut summary = cause.summary.clone();
    let mut summary_zh = zh_of(cause);
    if symptoms.is_empty() {
        return (summary, summary_zh);
    }
    let label = if symptoms.len() == 1 {
        "Its symptom"
    } else {
        "Its symptoms"
    };
    let quoted: Vec<String> = symptoms.iter().map(|s| s.summary.clone()).collect();
    summary += &format!(" {label}: {}", quoted.join(" "));
    if let Some(zh) = summary_zh.as_mut() {
        let quoted: Vec<String> = symptoms
            .iter()
            .map(|s| zh_of(s).unwrap_or_else(|| s.summary.clone()))
            .collect();
        *zh += &format!("其表象：{}", quoted.join(""));
    }
    (summary, summary_zh)
}

/// The verdict when no rule named a resource although CPU and disk were measured: the
/// figures that were checked, and the resources no capture let perfsage check.
fn clean(facts: &Facts, cpu: &Series, disk: &Series) -> Verdict {
    let mut checked = format!(
        "CPU busy averages {} % (p95 {} %)",
        format_number(cpu.avg),
        format_number(cpu.p95)
    );
    let mut checked_zh = format!(
        "CPU 平均繁忙 {} %（p95 {} %）",
        format_number(cpu.avg),
        format_number(cpu.p95)
    );
    let (core, core_zh) = busiest_core(facts);
    checked += &core;
    checked_zh += &core_zh;
    checked += &format!(
        ", the busiest disk {} % (p95 {} %)",
        format_number(disk.avg),
        format_number(disk.p95)
    );
    checked_zh += &format!(
        "，最繁忙的磁盘 {} %（p95 {} %）",
        format_number(disk.avg),
        format_number(disk.p95)
    );
    let mut summary = String::from("No resource is saturated: ");
    let mut summary_zh = String::from("没有资源饱和：");
    match facts.series("swap.in_kib_per_s") {
        Some(swap_in) => {
            checked += &format!(", swap-in {} kB/s", format_number(swap_in.avg));
            checked_zh += &format!("，换入 {} kB/s", format_number(swap_in.avg));
            summary += &checked;
            summary_zh += &checked_zh;
            summary.push('.');
            summary_zh.push('。');
        }
        None => {
            summary += &format!("{checked}. Memory was not checked: no vmstat was captured.");
            summary_zh += &format!("{checked_zh}。内存未检查：没有采集 vmstat。");
        }
    }
    Verdict {
        resource: Resource::None,
        confidence: 0.6,
        summary,
        summary_zh: Some(summary_zh),
        rule: None,
        symptoms: Vec::new(),
    }
}

/// A load generator or a hypervisor is not where the throughput is delivered: it is
/// judged for its role (is the client keeping up?) or not at all.
fn by_role(facts: &Facts) -> Option<Verdict> {
    let role = facts.text("host.role")?;
    let cpu = facts.series("cpu.util_pct");
    let busiest_core = busiest_core(facts);
    let (summary, summary_zh, resource, confidence) = match (role, cpu) {
        ("loadgen", Some(cpu)) => (
            format!(
                "Load generator: CPU busy averages {} % (p95 {} %){}: the client keeps up and is not the limit.",
                format_number(cpu.avg),
                format_number(cpu.p95),
                busiest_core.0
            ),
            format!(
                "压测端：CPU 平均繁忙 {} %（p95 {} %）{}：压测端跟得上，不是瓶颈。",
                format_number(cpu.avg),
                format_number(cpu.p95),
                busiest_core.1
            ),
            Resource::None,
            0.7,
        ),
        ("loadgen", None) => (
            "Load generator: no CPU capture (mpstat) shows whether the client keeps up."
                .to_string(),
            "压测端：没有采集 CPU（mpstat），无法判断压测端是否跟得上。".to_string(),
            Resource::NotJudged,
            0.5,
        ),
        ("hypervisor", cpu) => (
            format!(
                "Hypervisor: the throughput is judged in the VMs it runs; what was captured here (topology, NUMA, vCPU pinning) feeds their virtualization step{}.",
                cpu.map(|c| format!(". Its CPUs are {} % busy on average", format_number(c.avg)))
                    .unwrap_or_default()
            ),
            format!(
                "宿主机：吞吐量在其运行的虚拟机中判断；这里采集的信息（拓扑、NUMA、vCPU 绑定）用于虚拟机的虚拟化步骤{}。",
                cpu.map(|c| format!("。其 CPU 平均繁忙 {} %", format_number(c.avg)))
                    .unwrap_or_default()
            ),
            Resource::NotJudged,
            0.9,
        ),
        _ => return None,
    };
    Some(Verdict {
        resource,
        confidence,
        summary,
        summary_zh: Some(summary_zh),
        rule: None,
        symptoms: Vec::new(),
    })
}

/// ", the busiest core N %" in English and Chinese, or empty without per-CPU figures.
fn busiest_core(facts: &Facts) -> (String, String) {
    facts
        .series("cpu.busiest.util_pct")
        .map(|core| {
            (
                format!(", the busiest core {} %", format_number(core.avg)),
                format!("，最繁忙的核 {} %", format_number(core.avg)),
            )
        })
        .unwrap_or_default()
}
