//! The fixed words of every report, in English and Chinese, in one place: section
//! headings, field names, verdict wording, chart captions. Texts that come from rules
//! and the methodology carry their own translations (see `localize`).

use crate::diagnosis::key_metrics::Better;
use crate::rules::effort::Effort;
use crate::rules::{Resource, Severity};

/// The language a report is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// The `lang` attribute of an HTML page.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }
}

/// One fixed text of a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    ReportTitle,
    DiagnosisOf,
    Contents,
    Host,
    Verdict,
    Confidence,
    KeyMetrics,
    NextActions,
    NextActionsOptional,
    TargetStatus,
    Action,
    EffortColumn,
    NoMeasuredGain,
    Metric,
    Value,
    Source,
    StepsTaken,
    Step,
    Question,
    ReachedVia,
    Found,
    Findings,
    OffPathFindings,
    Why,
    Evidence,
    Do,
    Alternative,
    Cost,
    Verify,
    Rollback,
    GainInCase,
    /// Over the next actions' gains: measured in case chains or in the source case.
    GainExpected,
    Case,
    StepsNotTaken,
    WhyNot,
    CaptureNext,
    Capture,
    Supplies,
    NeededBy,
    RuleErrors,
    Captures,
    File,
    Tool,
    Result,
    Fact,
    Facts,
    NotRecognised,
    ErrorAtLine,
    Error,
    ReadAs,
    Charts,
    ScalingChart,
    Threads,
    Knee,
    BestSoFar,
    P95Latency,
    CpuChart,
    DiskChart,
    TimeSeconds,
    TimeMinutes,
    SampleNumber,
    Average,
    Busy,
    IoWait,
    Steal,
    HotspotChart,
    SelfShare,
    TotalShare,
    Kernel,
    FlameGraph,
    FlameGraphNote,
    OpenInteractive,
    Stacks,
    MergedStacks,
    MethodologyChart,
    Walked,
    NotWalked,
    Root,
    NoStepLeadsHere,
    NoParser,
    MethodologyGuard,
    DisksNotDrawn,
    FactConflicts,
    FactKey,
    Kept,
    Ignored,
    GeneratedBy,
    EvidenceNote,
    // Compare.
    CompareTitle,
    Chain,
    Before,
    After,
    Change,
    BenchmarkGain,
    Overall,
    FindingsGone,
    FindingsNew,
    MatchedStep,
    MatchedSteps,
    NoMatchedStep,
    MeasuredGain,
    ExpectedGain,
    OnlyIn,
    NoChange,
    Improved,
    Worse,
    // Engagement.
    EngagementTitle,
    Run,
    Throughput,
    Latency,
    ChangeApplied,
    GainMeasuredExpected,
    Outcome,
    Configurations,
    CurrentState,
    EarlierRun,
    EarlierRunsHidden,
    FollowedHost,
    // Fleet summary.
    FleetTitle,
    HostsPerVerdict,
    WhatLimits,
    HostCount,
    Which,
    MostFrequentFindings,
    Finding,
    Rule,
    WorstSeverity,
    Severity,
    FactsTitle,
    FactsOf,
    FactCount,
    Unit,
    LargestExpectedGains,
    GainInItsCase,
    BundlesNotDiagnosed,
    Bundle,
    HostsSection,
}

impl Label {
    pub fn text(self, lang: Lang) -> &'static str {
        let (en, zh) = self.pair();
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }

    fn pair(self) -> (&'static str, &'static str) {
        use Label::*;
        match self {
            FleetTitle => ("Fleet diagnosis", "批量诊断"),
            HostsPerVerdict => ("Hosts per verdict", "各结论的主机数"),
            WhatLimits => ("What limits throughput", "限制吞吐量的资源"),
            HostCount => ("Hosts", "主机数"),
            Which => ("Which", "哪些主机"),
            MostFrequentFindings => ("Most frequent findings", "最常见的发现"),
            Finding => ("Finding", "发现"),
            Rule => ("Rule", "规则"),
            WorstSeverity => ("Worst severity", "最高严重程度"),
            Severity => ("Severity", "严重程度"),
            FactsTitle => ("Facts read", "读取的事实"),
            FactsOf => ("Facts of", "事实来源"),
            FactCount => ("facts", "个事实"),
            Unit => ("Unit", "单位"),
            LargestExpectedGains => ("Largest expected gains", "预期收益最大的行动"),
            GainInItsCase => ("Gain in its case", "来源案例中的收益"),
            BundlesNotDiagnosed => ("Bundles not diagnosed", "未能诊断的数据包"),
            Bundle => ("Bundle", "数据包"),
            HostsSection => ("Hosts", "主机"),
            ReportTitle => ("Performance diagnosis", "性能诊断报告"),
            DiagnosisOf => ("Diagnosis of", "诊断对象"),
            Contents => ("Contents", "目录"),
            Host => ("Host", "主机"),
            Verdict => ("Verdict", "结论"),
            Confidence => ("Confidence", "置信度"),
            KeyMetrics => ("Key metrics", "关键指标"),
            NextActions => (
                "Next actions, best expected gain for the effort first",
                "下一步行动（按预期收益与代价之比排序）",
            ),
            NextActionsOptional => (
                "Next actions, optional now that the target is met: least effort first",
                "下一步行动（目标已达成，均为可选；代价最小的在前）",
            ),
            TargetStatus => ("Target", "目标"),
            Action => ("Action", "操作"),
            EffortColumn => ("Effort", "代价"),
            NoMeasuredGain => ("not measured, severity", "案例未给出收益，严重程度"),
            Metric => ("Metric", "指标"),
            Value => ("Value", "数值"),
            Source => ("Source", "来源"),
            StepsTaken => ("Steps taken", "已走过的分析步骤"),
            Step => ("Step", "步骤"),
            Question => ("Question", "问题"),
            ReachedVia => ("Reached because", "进入条件"),
            Found => ("Found", "发现"),
            Findings => ("Findings", "发现的问题"),
            OffPathFindings => ("Findings off the walked path", "分析路径之外的发现"),
            Why => ("Why", "原因"),
            Evidence => ("Evidence", "证据"),
            Do => ("What to do", "建议操作"),
            Alternative => ("Alternative", "替代方案"),
            Cost => ("Cost", "代价"),
            Verify => ("Verify", "验证方法"),
            Rollback => ("Roll back", "回退方法"),
            GainInCase => ("Gain in the source case", "来源案例中的收益"),
            GainExpected => ("Gain expected", "预期收益"),
            Case => ("case", "案例"),
            StepsNotTaken => ("Steps not taken", "未走的分析步骤"),
            WhyNot => ("Why not", "未走原因"),
            CaptureNext => ("Capture next", "下一步需要采集"),
            Capture => ("Capture", "采集内容"),
            Supplies => ("Supplies", "提供的事实"),
            NeededBy => ("Needed by", "需要它的规则或步骤"),
            RuleErrors => (
                "Rule errors (the diagnosis continued without these rules)",
                "规则错误（诊断已跳过这些规则继续进行）",
            ),
            Captures => ("Captures", "采集文件"),
            File => ("File", "文件"),
            Tool => ("Tool", "工具"),
            Result => ("Result", "读取结果"),
            Fact => ("fact", "条事实"),
            Facts => ("facts", "条事实"),
            NotRecognised => ("not recognised", "未识别"),
            ErrorAtLine => ("error at line", "出错行"),
            Error => ("error", "错误"),
            ReadAs => ("read as", "编码"),
            Charts => ("Charts", "图表"),
            ScalingChart => (
                "Throughput and p95 latency by concurrency",
                "各并发下的吞吐量与 p95 延迟",
            ),
            Threads => ("threads", "线程数"),
            Knee => ("knee", "拐点"),
            BestSoFar => ("best so far", "目前最佳"),
            P95Latency => ("p95 latency (ms)", "p95 延迟（ms）"),
            CpuChart => ("CPU utilisation over time", "CPU 利用率随时间变化"),
            DiskChart => (
                "Disk utilisation (%util) over time",
                "磁盘利用率（%util）随时间变化",
            ),
            TimeSeconds => ("time (s)", "时间（秒）"),
            TimeMinutes => ("time (min)", "时间（分钟）"),
            SampleNumber => ("sample", "采样序号"),
            Average => ("avg", "平均"),
            Busy => ("busy", "繁忙"),
            IoWait => ("iowait", "I/O 等待"),
            Steal => ("steal", "被宿主机占用"),
            HotspotChart => ("CPU hotspots: share of samples", "CPU 热点函数：采样占比"),
            SelfShare => ("self", "自身"),
            TotalShare => ("with callees", "含被调用函数"),
            Kernel => ("kernel", "内核"),
            FlameGraph => ("Flame graph", "火焰图"),
            FlameGraphNote => (
                "Each box is a function; its width is its share of the samples, callers below callees.",
                "每个方块是一个函数，宽度代表其采样占比；调用者在下，被调用者在上。",
            ),
            OpenInteractive => (
                "Save the interactive flame graph (SVG)",
                "保存可交互的火焰图（SVG）",
            ),
            Stacks => ("distinct stacks", "个不同调用栈"),
            MergedStacks => (
                "stacks under 0.1 % of the weight are merged into “…”",
                "权重低于 0.1 % 的调用栈合并为“…”",
            ),
            MethodologyChart => ("Methodology: the path walked", "方法论：本次走过的路径"),
            Walked => ("walked", "已走"),
            NotWalked => ("not walked", "未走"),
            Root => ("start", "起点"),
            NoStepLeadsHere => (
                "no step leading here was taken",
                "没有走到通向此步骤的上一步",
            ),
            NoParser => ("(no parser supplies this fact)", "（暂无解析器提供此事实）"),
            MethodologyGuard => ("methodology guard", "方法论条件"),
            DisksNotDrawn => ("less busy disks not drawn", "个较空闲的磁盘未画出"),
            FactConflicts => (
                "Facts read twice with different values",
                "多处读到不同数值的事实",
            ),
            FactKey => ("Fact", "事实"),
            Kept => ("kept", "采用"),
            Ignored => ("ignored", "忽略"),
            GeneratedBy => ("Generated by", "生成工具"),
            EvidenceNote => (
                "Evidence cites file:line in the captured bundle.",
                "证据以“文件:行号”标注其在采集包中的位置。",
            ),
            CompareTitle => ("Before and after", "调优前后对比"),
            Chain => ("Chain of runs", "调优过程"),
            Before => ("Before", "调优前"),
            After => ("After", "调优后"),
            Change => ("Change", "变化"),
            BenchmarkGain => ("Benchmark gain", "基准测试收益"),
            Overall => ("Overall", "总体"),
            FindingsGone => ("Findings that disappeared", "已消失的问题"),
            FindingsNew => ("Findings that appeared", "新出现的问题"),
            MatchedStep => (
                "Recommended step the change matches",
                "本次变化对应的建议步骤",
            ),
            MatchedSteps => (
                "Recommended steps the changes matched",
                "各次变化对应的建议步骤",
            ),
            NoMatchedStep => (
                "No finding with a recommendation disappeared: the change matches no recommended step.",
                "没有带建议的问题消失：本次变化不对应任何建议步骤。",
            ),
            MeasuredGain => ("measured", "实测"),
            ExpectedGain => ("in the source case", "来源案例"),
            OnlyIn => ("only in", "仅出现在"),
            NoChange => ("no change", "无变化"),
            Improved => ("better", "改善"),
            Worse => ("worse", "变差"),
            EngagementTitle => ("Engagement", "调优项目"),
            Run => ("Run", "轮次"),
            Throughput => ("Throughput", "吞吐量"),
            Latency => ("p95 latency", "p95 时延"),
            ChangeApplied => ("Change applied", "本轮改动"),
            GainMeasuredExpected => ("Gain measured / expected", "实测 / 预期收益"),
            Outcome => ("Outcome", "结果"),
            Configurations => ("Configurations", "各轮配置"),
            CurrentState => ("Current state", "当前状态"),
            EarlierRun => ("Earlier run", "之前的轮次"),
            EarlierRunsHidden => (
                "Earlier runs are summarised in the chain above; --all shows each in full.",
                "之前各轮见上方调优过程；加 --all 可显示各轮完整报告。",
            ),
            FollowedHost => ("followed on host", "跟踪主机"),
        }
    }
}

/// What follows a label: `: ` in English, `：` in Chinese.
pub fn colon(lang: Lang) -> &'static str {
    match lang {
        Lang::En => ": ",
        Lang::Zh => "：",
    }
}

/// A label leading a paragraph: `Why.` in English, `原因：` in Chinese.
pub fn lead(label: Label, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{}.", label.text(lang)),
        Lang::Zh => format!("{}：", label.text(lang)),
    }
}

/// The end of a sentence followed by another: `. ` in English, `。` in Chinese.
pub fn sentence_end(lang: Lang) -> &'static str {
    match lang {
        Lang::En => ". ",
        Lang::Zh => "。",
    }
}

pub fn severity(severity: Severity, lang: Lang) -> &'static str {
    match (lang, severity) {
        (Lang::En, Severity::Info) => "info",
        (Lang::En, Severity::Low) => "low",
        (Lang::En, Severity::Medium) => "medium",
        (Lang::En, Severity::High) => "high",
        (Lang::En, Severity::Critical) => "critical",
        (Lang::Zh, Severity::Info) => "提示",
        (Lang::Zh, Severity::Low) => "低",
        (Lang::Zh, Severity::Medium) => "中",
        (Lang::Zh, Severity::High) => "高",
        (Lang::Zh, Severity::Critical) => "严重",
    }
}

/// How much a step takes to try, in words.
pub fn effort(effort: Effort, lang: Lang) -> &'static str {
    match lang {
        Lang::En => match effort {
            Effort::Nothing => "nothing changes",
            Effort::Online => "online",
            Effort::Restart => "restart",
            Effort::Reboot => "reboot",
            Effort::Firmware => "BIOS/firmware",
            Effort::Rebuild => "rebuild",
            Effort::Downtime => "downtime",
            Effort::Hardware => "hardware",
        },
        Lang::Zh => match effort {
            Effort::Nothing => "系统无改动",
            Effort::Online => "在线修改",
            Effort::Restart => "重启进程或数据库",
            Effort::Reboot => "重启主机",
            Effort::Firmware => "BIOS/固件",
            Effort::Rebuild => "重新编译",
            Effort::Downtime => "停机",
            Effort::Hardware => "更换硬件",
        },
    }
}

pub fn resource(resource: Resource, lang: Lang) -> &'static str {
    match (lang, resource) {
        (Lang::En, Resource::Cpu) => "CPU",
        (Lang::En, Resource::Storage) => "storage",
        (Lang::En, Resource::Memory) => "memory",
        (Lang::En, Resource::Network) => "network",
        (Lang::En, Resource::Lock) => "locks",
        (Lang::En, Resource::LoadGenerator) => "the load generator",
        (Lang::En, Resource::None) => "none",
        (Lang::En, Resource::Unknown) => "unknown",
        (Lang::En, Resource::NotJudged) => "not judged",
        (Lang::Zh, Resource::Cpu) => "CPU",
        (Lang::Zh, Resource::Storage) => "存储",
        (Lang::Zh, Resource::Memory) => "内存",
        (Lang::Zh, Resource::Network) => "网络",
        (Lang::Zh, Resource::Lock) => "锁",
        (Lang::Zh, Resource::LoadGenerator) => "压测端",
        (Lang::Zh, Resource::None) => "无",
        (Lang::Zh, Resource::Unknown) => "未知",
        (Lang::Zh, Resource::NotJudged) => "不判断",
    }
}

/// The verdict as a headline: "STORAGE limits throughput" / "瓶颈：存储".
pub fn verdict_headline(r: Resource, lang: Lang) -> String {
    match (lang, r) {
        (Lang::En, Resource::None) => "No resource is saturated".into(),
        (Lang::En, Resource::Unknown) => "Bottleneck unknown".into(),
        (Lang::En, Resource::NotJudged) => "No bottleneck verdict for this role".into(),
        (Lang::En, r) => format!("{} limits throughput", resource(r, lang).to_uppercase()),
        (Lang::Zh, Resource::None) => "没有资源饱和".into(),
        (Lang::Zh, Resource::Unknown) => "瓶颈未知".into(),
        (Lang::Zh, Resource::NotJudged) => "此角色不做瓶颈判断".into(),
        (Lang::Zh, r) => format!("瓶颈：{}", resource(r, lang)),
    }
}

/// The name of a key metric (`bench.qps` → QPS, `bench.wl.oltp_read_only.qps` → QPS
/// (oltp_read_only)); unknown keys are shown as they are.
pub fn metric_name(key: &str, lang: Lang) -> String {
    if let Some((workload, metric)) = crate::diagnosis::key_metrics::workload_metric(key) {
        let name = metric_name(&format!("bench.{metric}"), lang);
        return match lang {
            Lang::En => format!("{name} ({workload})"),
            Lang::Zh => format!("{name}（{workload}）"),
        };
    }
    let (en, zh) = match key {
        "bench.tpmc" => ("tpmC", "tpmC"),
        "bench.tpm_total" => ("tpmTOTAL", "tpmTOTAL"),
        "bench.tps" => ("TPS", "TPS"),
        "bench.qps" => ("QPS", "QPS"),
        "bench.eps" => ("Events/s", "事件/秒"),
        "bench.runtime_min" => ("Run time", "运行时间"),
        "bench.p95_ms" => ("p95 latency", "p95 延迟"),
        "bench.threads" => ("Threads at the best result", "最佳结果的线程数"),
        "target.gap_pct" => ("Gap to the target", "距目标差距"),
        "cpu.util_pct" => ("CPU busy (avg)", "CPU 繁忙（平均）"),
        "cpu.iowait_pct" => ("CPU I/O wait (avg)", "CPU I/O 等待（平均）"),
        "cpu.steal_pct" => ("CPU steal (avg)", "CPU 被宿主机占用（平均）"),
        "disk.busiest.util_pct" => ("Busiest disk %util (avg)", "最繁忙磁盘 %util（平均）"),
        other => return other.to_string(),
    };
    match lang {
        Lang::En => en.to_string(),
        Lang::Zh => zh.to_string(),
    }
}

/// How a change reads: better, worse, or neither.
pub fn direction(better: Better, delta: f64, lang: Lang) -> Option<&'static str> {
    if delta == 0.0 {
        return Some(Label::NoChange.text(lang));
    }
    let improved = match better {
        Better::Higher => delta > 0.0,
        Better::Lower => delta < 0.0,
        Better::Neither => return None,
    };
    Some(if improved {
        Label::Improved.text(lang)
    } else {
        Label::Worse.text(lang)
    })
}
