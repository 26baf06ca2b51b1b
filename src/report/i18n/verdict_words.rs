//! The verdict and the target status in words, in English or Chinese, from the values
//! the diagnosis records: the figures that were checked, the findings it quotes, how
//! far the best result is from the goal. Both languages are worded side by side here so
//! that a change to one sentence is seen next to the other.

use super::labels::Lang;
use super::localize::quoted;
use crate::diagnosis::{Busy, Quoted, Reason, TargetStatus, Verdict};
use crate::facts::value::format_number;
use crate::report::numbers::grouped;

/// The verdict's one-sentence summary.
pub fn verdict_summary(v: &Verdict, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match &v.reason {
        Reason::Finding { cause } => with_symptoms(cause, v, lang),
        Reason::BusyClient { cause } => {
            let said = with_symptoms(cause, v, lang);
            match (zh, &cause.zh) {
                (true, Some(_)) => {
                    format!("压测端：{said}限制测试的可能是压测端本身：给它更多的核或换一台主机。")
                }
                _ => format!(
                    "Load generator: {said} The client may be what limits the test: give it more cores or another host."
                ),
            }
        }
        Reason::NothingSaturated {
            cpu,
            busiest_core_pct,
            busiest_disk,
            swap_in_kib_per_s,
        } => {
            let core = busiest_core(*busiest_core_pct, lang);
            let (disk_avg, disk_p95) = (
                format_number(busiest_disk.avg_pct),
                format_number(busiest_disk.p95_pct),
            );
            let swap = swap_in_kib_per_s.map(format_number);
            if zh {
                let checked = format!(
                    "{}{core}，最繁忙的磁盘 {disk_avg} %（p95 {disk_p95} %）",
                    cpu_busy(cpu, lang)
                );
                match swap {
                    Some(swap) => format!("没有资源饱和：{checked}，换入 {swap} kB/s。"),
                    None => format!("没有资源饱和：{checked}。内存未检查：没有采集 vmstat。"),
                }
            } else {
                let checked = format!(
                    "{}{core}, the busiest disk {disk_avg} % (p95 {disk_p95} %)",
                    cpu_busy(cpu, lang)
                );
                match swap {
                    Some(swap) => {
                        format!("No resource is saturated: {checked}, swap-in {swap} kB/s.")
                    }
                    None => format!(
                        "No resource is saturated: {checked}. Memory was not checked: no vmstat was captured."
                    ),
                }
            }
        }
        Reason::ClientKeepsUp {
            cpu,
            busiest_core_pct,
        } => {
            let (busy, core) = (cpu_busy(cpu, lang), busiest_core(*busiest_core_pct, lang));
            if zh {
                format!("压测端：{busy}{core}：压测端跟得上，不是瓶颈。")
            } else {
                format!("Load generator: {busy}{core}: the client keeps up and is not the limit.")
            }
        }
        Reason::ClientNotMeasured if zh => {
            "压测端：没有采集 CPU（mpstat），无法判断压测端是否跟得上。".into()
        }
        Reason::ClientNotMeasured => {
            "Load generator: no CPU capture (mpstat) shows whether the client keeps up.".into()
        }
        Reason::Hypervisor { cpu_busy_pct } => {
            let busy = cpu_busy_pct.map(format_number);
            if zh {
                format!(
                    "宿主机：吞吐量在其运行的虚拟机中判断；这里采集的信息（拓扑、NUMA、vCPU 绑定）用于虚拟机的虚拟化步骤{}。",
                    busy.map(|b| format!("。其 CPU 平均繁忙 {b} %"))
                        .unwrap_or_default()
                )
            } else {
                format!(
                    "Hypervisor: the throughput is judged in the VMs it runs; what was captured here (topology, NUMA, vCPU pinning) feeds their virtualization step{}.",
                    busy.map(|b| format!(". Its CPUs are {b} % busy on average"))
                        .unwrap_or_default()
                )
            }
        }
        Reason::NotCaptured { cpu, disk } => {
            let missing = |english: &'static str, chinese: &'static str| {
                if zh { chinese } else { english }
            };
            let mut lacking = Vec::new();
            if *cpu {
                // A space between the Chinese text before it and the Latin "CPU".
                lacking.push(missing("CPU utilisation (mpstat)", " CPU 利用率（mpstat）"));
            }
            if *disk {
                lacking.push(missing("disk utilisation (iostat)", "磁盘利用率（iostat）"));
            }
            if zh {
                format!(
                    "无法判断是哪种资源限制了吞吐量：没有采集{}。",
                    lacking.join("，也没有采集")
                )
            } else {
                format!(
                    "Cannot tell which resource limits throughput: no {} was captured.",
                    lacking.join(" and no ")
                )
            }
        }
        Reason::HostNotInRun if zh => "本轮没有这台主机。".into(),
        Reason::HostNotInRun => "The host is not in this run.".into(),
        Reason::Worded { summary } => quoted(summary, lang).to_string(),
    }
}

/// The cause's summary followed by its symptoms': in Chinese when the cause has a
/// Chinese summary (a symptom without one is quoted in English), else in English.
fn with_symptoms(cause: &Quoted, v: &Verdict, lang: Lang) -> String {
    let zh = lang == Lang::Zh && cause.zh.is_some();
    let mut said = quoted(cause, if zh { Lang::Zh } else { Lang::En }).to_string();
    if v.symptoms.is_empty() {
        return said;
    }
    if zh {
        let quoted: Vec<&str> = v
            .symptoms
            .iter()
            .map(|s| quoted(&s.summary, Lang::Zh))
            .collect();
        said += &format!("其表象：{}", quoted.join(""));
    } else {
        let label = if v.symptoms.len() == 1 {
            "Its symptom"
        } else {
            "Its symptoms"
        };
        let quoted: Vec<&str> = v.symptoms.iter().map(|s| s.summary.en.as_str()).collect();
        said += &format!(" {label}: {}", quoted.join(" "));
    }
    said
}

fn cpu_busy(cpu: &Busy, lang: Lang) -> String {
    let (avg, p95) = (format_number(cpu.avg_pct), format_number(cpu.p95_pct));
    match lang {
        Lang::Zh => format!("CPU 平均繁忙 {avg} %（p95 {p95} %）"),
        Lang::En => format!("CPU busy averages {avg} % (p95 {p95} %)"),
    }
}

/// ", the busiest core N %", or nothing without per-CPU figures.
fn busiest_core(pct: Option<f64>, lang: Lang) -> String {
    let Some(pct) = pct else {
        return String::new();
    };
    match lang {
        Lang::Zh => format!("，最繁忙的核 {} %", format_number(pct)),
        Lang::En => format!(", the busiest core {} %", format_number(pct)),
    }
}

/// How the best result stands against the target: "4,297 TPS beats the 4,000 TPS
/// target by 7.4 %; the remaining steps are optional."
pub fn target_summary(t: &TargetStatus, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let whole = |n: f64| grouped(n.round());
    let gap = format_number((t.gap_pct.abs() * 10.0).round() / 10.0);
    let (best, goal) = (whole(t.best), whole(t.goal));
    if t.metric == "runtime_min" {
        return match (t.met, zh) {
            (true, false) => format!(
                "The run takes {best} min, {gap} % under the {goal} min target; the remaining steps are optional."
            ),
            (true, true) => {
                format!("运行耗时 {best} 分钟，比 {goal} 分钟的目标少 {gap} %；其余步骤可选。")
            }
            (false, false) => {
                format!("The run takes {best} min, {gap} % over the {goal} min target.")
            }
            (false, true) => format!("运行耗时 {best} 分钟，超出 {goal} 分钟的目标 {gap} %。"),
        };
    }
    let unit = match t.metric.as_str() {
        "tps" => "TPS",
        "qps" => "QPS",
        "tpmc" => "tpmC",
        _ => "events/s",
    };
    match (t.met, zh) {
        (true, false) => format!(
            "{best} {unit} beats the {goal} {unit} target by {gap} %; the remaining steps are optional."
        ),
        (true, true) => format!("{best} {unit} 超过 {goal} {unit} 的目标 {gap} %；其余步骤可选。"),
        (false, false) => format!("{best} {unit} is {gap} % short of the {goal} {unit} target."),
        (false, true) => format!("{best} {unit} 距 {goal} {unit} 的目标还差 {gap} %。"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnosis::Symptom;
    use crate::rules::Resource;

    fn verdict(reason: Reason, symptoms: Vec<Symptom>) -> Verdict {
        Verdict {
            resource: Resource::Storage,
            confidence: 0.8,
            reason,
            rule: None,
            symptoms,
        }
    }

    fn quoted_texts(en: &str, zh: Option<&str>) -> Quoted {
        Quoted {
            en: en.into(),
            zh: zh.map(Into::into),
        }
    }

    #[test]
    fn a_cause_is_quoted_with_its_symptoms_in_either_language() {
        let symptom = |en: &str, zh: Option<&str>| Symptom {
            rule: "storage.disk_saturated".into(),
            resource: Some(Resource::Storage),
            summary: quoted_texts(en, zh),
        };
        let v = verdict(
            Reason::Finding {
                cause: quoted_texts("Memory is short.", Some("内存不足。")),
            },
            vec![
                symptom("vdb is busy.", Some("vdb 繁忙。")),
                symptom("Reads wait.", None),
            ],
        );
        assert_eq!(
            verdict_summary(&v, Lang::En),
            "Memory is short. Its symptoms: vdb is busy. Reads wait."
        );
        assert_eq!(
            verdict_summary(&v, Lang::Zh),
            "内存不足。其表象：vdb 繁忙。Reads wait.",
            "a symptom without Chinese is quoted in English"
        );
        let english_only = verdict(
            Reason::Finding {
                cause: quoted_texts("Memory is short.", None),
            },
            vec![symptom("vdb is busy.", Some("vdb 繁忙。"))],
        );
        assert_eq!(
            verdict_summary(&english_only, Lang::Zh),
            "Memory is short. Its symptom: vdb is busy.",
            "a cause without Chinese keeps the whole sentence English"
        );
    }

    #[test]
    fn the_checked_figures_are_worded_with_what_was_not_checked() {
        let busy = |avg, p95| Busy {
            avg_pct: avg,
            p95_pct: p95,
        };
        let mut reason = Reason::NothingSaturated {
            cpu: busy(12.5, 30.0),
            busiest_core_pct: Some(41.0),
            busiest_disk: busy(3.0, 7.25),
            swap_in_kib_per_s: None,
        };
        assert_eq!(
            verdict_summary(&verdict(reason.clone(), vec![]), Lang::En),
            "No resource is saturated: CPU busy averages 12.5 % (p95 30 %), the busiest core 41 %, the busiest disk 3 % (p95 7.25 %). Memory was not checked: no vmstat was captured."
        );
        if let Reason::NothingSaturated {
            swap_in_kib_per_s, ..
        } = &mut reason
        {
            *swap_in_kib_per_s = Some(0.0);
        }
        assert_eq!(
            verdict_summary(&verdict(reason, vec![]), Lang::Zh),
            "没有资源饱和：CPU 平均繁忙 12.5 %（p95 30 %），最繁忙的核 41 %，最繁忙的磁盘 3 %（p95 7.25 %），换入 0 kB/s。"
        );
        let missing = Reason::NotCaptured {
            cpu: true,
            disk: true,
        };
        assert_eq!(
            verdict_summary(&verdict(missing, vec![]), Lang::En),
            "Cannot tell which resource limits throughput: no CPU utilisation (mpstat) and no disk utilisation (iostat) was captured."
        );
    }

    #[test]
    fn a_target_is_worded_by_its_metric_and_whether_it_is_met() {
        let target = |metric: &str, goal, best, gap_pct| TargetStatus {
            metric: metric.into(),
            goal,
            best,
            gap_pct,
            met: gap_pct <= 0.0,
        };
        assert_eq!(
            target_summary(&target("tps", 4000.0, 4297.43, -7.44), Lang::En),
            "4,297 TPS beats the 4,000 TPS target by 7.4 %; the remaining steps are optional."
        );
        assert_eq!(
            target_summary(&target("runtime_min", 63.0, 79.0, 25.4), Lang::En),
            "The run takes 79 min, 25.4 % over the 63 min target."
        );
        assert_eq!(
            target_summary(&target("tpmc", 100000.0, 80000.0, 20.0), Lang::Zh),
            "80,000 tpmC 距 100,000 tpmC 的目标还差 20 %。"
        );
    }
}
