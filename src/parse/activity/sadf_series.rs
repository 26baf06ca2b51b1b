//! What the two `sadf` export parsers (JSON and CSV) share: a sample row named by sar's
//! own column names, and the series it adds to. Rows go through the sar parser's
//! section tables, so the exports give exactly the fact keys, units and derived CPU
//! utilisation that `sar` text of the same data gives.

use super::sar::{CPU_UTIL, SECTIONS, Section};
use crate::facts::SeriesBuilder;
use crate::parse::FactSink;

/// The most metrics a section has (`-n EDEV`'s nine).
const MAX_METRICS: usize = 9;
/// More distinct devices or interfaces than this in one file is not sysstat output.
const MAX_INSTANCES: usize = 4096;

/// One row being read: its section's metric values, `%idle` and `%iowait` for the CPU.
#[derive(Clone, Copy)]
pub(super) struct RowValues {
    pub section: Section,
    metrics: [Option<f64>; MAX_METRICS],
    idle: Option<f64>,
    iowait: Option<f64>,
}

impl RowValues {
    pub fn new(section: Section) -> Self {
        RowValues {
            section,
            metrics: [None; MAX_METRICS],
            idle: None,
            iowait: None,
        }
    }

    /// Stores the value of sar column `name`; returns whether the section reads it.
    /// A column converted on the way (`rd_sec/s` in sectors) gives way to the direct
    /// one (`rkB/s`) when a row has both, as sysstat 12's JSON does.
    pub fn set(&mut self, name: &[u8], value: f64) -> bool {
        if name == b"%idle" {
            self.idle = Some(value);
            return true;
        }
        let Some((metric, factor)) = self.section.column(name) else {
            return false;
        };
        if name == b"%iowait" {
            self.iowait = Some(value);
        }
        let Some(slot) = self.metrics.get_mut(metric) else {
            return false;
        };
        if factor == 1.0 || slot.is_none() {
            *slot = Some(value * factor);
        }
        true
    }

    /// Whether any column the section reads was set.
    pub fn is_empty(&self) -> bool {
        self.idle.is_none() && self.metrics.iter().all(Option::is_none)
    }
}

struct Instance {
    name: Vec<u8>,
    series: Vec<SeriesBuilder>,
}

#[derive(Default)]
struct SectionData {
    instances: Vec<Instance>,
}

/// Series of every section, instance and metric read so far.
pub(super) struct SadfSeries {
    sections: Vec<SectionData>,
    interval_s: Option<f64>,
    overflow_warned: bool,
}

impl Default for SadfSeries {
    fn default() -> Self {
        SadfSeries {
            sections: SECTIONS.iter().map(|_| SectionData::default()).collect(),
            interval_s: None,
            overflow_warned: false,
        }
    }
}

impl SadfSeries {
    /// The sampling interval sadf states with each sample; the first positive one counts.
    pub fn interval(&mut self, seconds: f64) {
        if self.interval_s.is_none() && seconds.is_finite() && seconds > 0.0 {
            self.interval_s = Some(seconds);
        }
    }

    /// Adds a row of instance `label` (empty for sections without one) read at `line`.
    /// Rows sar would not keep (single IRQs, say) are passed over.
    pub fn row(&mut self, label: &[u8], row: &RowValues, line: u64, sink: &mut FactSink) {
        let section = row.section;
        if !section.wants_label(label) || row.is_empty() {
            return;
        }
        let data = &mut self.sections[section.index()];
        let at = match data.instances.iter().position(|i| i.name == label) {
            Some(at) => at,
            None if data.instances.len() >= MAX_INSTANCES => {
                if !std::mem::replace(&mut self.overflow_warned, true) {
                    let message = format!(
                        "more than {MAX_INSTANCES} devices or interfaces; the rest are ignored"
                    );
                    sink.warn(line, message);
                }
                return;
            }
            None => {
                data.instances.push(Instance {
                    name: label.to_vec(),
                    series: vec![SeriesBuilder::default(); section.metrics().len()],
                });
                data.instances.len() - 1
            }
        };
        let series = &mut data.instances[at].series;
        for (metric, value) in row.metrics.iter().enumerate() {
            if let (Some(value), Some(series)) = (value, series.get_mut(metric)) {
                series.push(*value, line);
            }
        }
        if let (Some(idle), Section::Cpu) = (row.idle, section) {
            let util = (100.0 - idle - row.iowait.unwrap_or(0.0)).clamp(0.0, 100.0);
            series[CPU_UTIL].push(util, line);
        }
    }

    /// Puts every series on the sink; returns how many facts that made.
    pub fn finish(self, sink: &mut FactSink) -> usize {
        let before = sink.fact_count();
        for (section, data) in SECTIONS.iter().zip(&self.sections) {
            for instance in &data.instances {
                section.put_instance(&instance.name, &instance.series, self.interval_s, sink);
            }
        }
        sink.fact_count() - before
    }
}
