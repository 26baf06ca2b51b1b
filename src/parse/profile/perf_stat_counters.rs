//! The counters perfsage reads from `perf stat`, gathered over one run or one interval,
//! and the figures worked out from them: instructions per cycle, cache and branch miss
//! ratios, CPUs utilized, and context switches and migrations per second of elapsed
//! time (perf's own `/sec` comment divides by task-clock, CPU time, instead).

use super::perf_stat_row::CounterRow;

/// An event perfsage reads, whatever name or modifier perf printed it with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    /// `task-clock`, or `cpu-clock` that `-a` prints instead: CPU time in msec.
    CpuClock,
    ContextSwitches,
    CpuMigrations,
    PageFaults,
    Cycles,
    Instructions,
    CacheReferences,
    CacheMisses,
    Branches,
    BranchMisses,
}

impl Counter {
    pub const ALL: [Counter; 10] = [
        Counter::CpuClock,
        Counter::ContextSwitches,
        Counter::CpuMigrations,
        Counter::PageFaults,
        Counter::Cycles,
        Counter::Instructions,
        Counter::CacheReferences,
        Counter::CacheMisses,
        Counter::Branches,
        Counter::BranchMisses,
    ];

    /// `cycles`, `cycles:u`, `cpu-cycles`, `armv8_pmuv3_0/cpu_cycles/`, `cpu_core/cycles/`.
    pub fn from_event(event: &str) -> Option<Counter> {
        let inner = match event.split_once('/') {
            Some((_, rest)) => rest.split('/').next().unwrap_or(rest),
            None => event,
        };
        let base = inner.split(':').next().unwrap_or(inner).replace('_', "-");
        Some(match base.as_str() {
            "task-clock" | "cpu-clock" => Counter::CpuClock,
            "context-switches" | "cs" => Counter::ContextSwitches,
            "cpu-migrations" | "migrations" => Counter::CpuMigrations,
            "page-faults" | "faults" => Counter::PageFaults,
            "cycles" | "cpu-cycles" => Counter::Cycles,
            "instructions" | "inst-retired" => Counter::Instructions,
            "cache-references" => Counter::CacheReferences,
            "cache-misses" => Counter::CacheMisses,
            "branches" | "branch-instructions" => Counter::Branches,
            "branch-misses" => Counter::BranchMisses,
            _ => return None,
        })
    }

    fn index(self) -> usize {
        Counter::ALL.iter().position(|c| *c == self).unwrap_or(0)
    }

    /// The fact name of the plain count (`perf.stat.<name>`), for the hardware events.
    pub fn count_name(self) -> Option<&'static str> {
        Some(match self {
            Counter::Cycles => "cycles",
            Counter::Instructions => "instructions",
            Counter::CacheReferences => "cache_references",
            Counter::CacheMisses => "cache_misses",
            Counter::Branches => "branches",
            Counter::BranchMisses => "branch_misses",
            _ => return None,
        })
    }

    /// The name of the per-second rate (`context_switches_per_s`), for the software events.
    pub fn rate_name(self) -> Option<&'static str> {
        Some(match self {
            Counter::ContextSwitches => "context_switches_per_s",
            Counter::CpuMigrations => "cpu_migrations_per_s",
            Counter::PageFaults => "page_faults_per_s",
            _ => return None,
        })
    }
}

/// One counted value and the line it came from.
#[derive(Debug, Clone, Copy)]
pub struct Counted {
    pub value: f64,
    pub line: u64,
}

/// A figure derived from counters, with the lines it rests on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Derived {
    pub value: f64,
    pub lines: (u64, u64),
}

fn span(a: u64, b: u64) -> (u64, u64) {
    (a.min(b), a.max(b))
}

/// The counters of one run (or one interval), summed when an event appears twice
/// (hybrid CPUs print `cpu_core/cycles/` and `cpu_atom/cycles/`).
#[derive(Debug, Default, Clone)]
pub struct Counters {
    counted: [Option<Counted>; 10],
    /// perf's comment on the clock row (`1.975 CPUs utilized`) and on instructions
    /// (`0.61  insn per cycle`), cache-misses and branch-misses (`12.58 % of all …`).
    cpus_utilized_comment: Option<Counted>,
    ipc_comment: Option<Counted>,
    cache_miss_comment: Option<Counted>,
    branch_miss_comment: Option<Counted>,
}

impl Counters {
    pub fn add(&mut self, counter: Counter, value: f64, row: &CounterRow, line: u64) {
        self.add_count(counter, value, line);
        let Some((figure, unit)) = &row.metric else {
            return;
        };
        let comment = Some(Counted {
            value: *figure,
            line,
        });
        match counter {
            Counter::CpuClock if unit.starts_with("CPUs utilized") => {
                self.cpus_utilized_comment = comment
            }
            Counter::Instructions if unit.starts_with("insn per cycle") => {
                self.ipc_comment = comment
            }
            Counter::CacheMisses if unit.contains("of all cache refs") => {
                self.cache_miss_comment = comment
            }
            Counter::BranchMisses if unit.contains("of all branches") => {
                self.branch_miss_comment = comment
            }
            _ => {}
        }
    }

    /// Adds a count without perf's comment on it: a `-A` row's comment speaks of its
    /// CPU, not of the sum.
    pub fn add_count(&mut self, counter: Counter, value: f64, line: u64) {
        let slot = &mut self.counted[counter.index()];
        *slot = Some(match slot {
            Some(c) => Counted {
                value: c.value + value,
                line: c.line,
            },
            None => Counted { value, line },
        });
    }

    pub fn get(&self, counter: Counter) -> Option<Counted> {
        self.counted[counter.index()]
    }

    /// Adds another interval's counters to these (interval mode's totals).
    pub fn absorb(&mut self, other: &Counters) {
        for (mine, theirs) in self.counted.iter_mut().zip(other.counted.iter()) {
            if let Some(t) = theirs {
                *mine = Some(match mine {
                    Some(m) => Counted {
                        value: m.value + t.value,
                        line: m.line.max(t.line),
                    },
                    None => *t,
                });
            }
        }
    }

    fn ratio(&self, top: Counter, bottom: Counter, scale: f64) -> Option<Derived> {
        let (t, b) = (self.get(top)?, self.get(bottom)?);
        (b.value > 0.0).then(|| Derived {
            value: t.value / b.value * scale,
            lines: span(t.line, b.line),
        })
    }

    fn or_comment(derived: Option<Derived>, comment: Option<Counted>) -> Option<Derived> {
        derived.or(comment.map(|c| Derived {
            value: c.value,
            lines: (c.line, c.line),
        }))
    }

    /// Instructions per cycle: worked out when both were counted, else perf's comment.
    pub fn ipc(&self) -> Option<Derived> {
        Self::or_comment(
            self.ratio(Counter::Instructions, Counter::Cycles, 1.0),
            self.ipc_comment,
        )
    }

    pub fn cache_miss_pct(&self) -> Option<Derived> {
        Self::or_comment(
            self.ratio(Counter::CacheMisses, Counter::CacheReferences, 100.0),
            self.cache_miss_comment,
        )
    }

    pub fn branch_miss_pct(&self) -> Option<Derived> {
        Self::or_comment(
            self.ratio(Counter::BranchMisses, Counter::Branches, 100.0),
            self.branch_miss_comment,
        )
    }

    /// CPU time over elapsed time; perf's comment when there is no elapsed time.
    pub fn cpus_utilized(&self, elapsed: Option<Counted>) -> Option<Derived> {
        let derived = match (self.get(Counter::CpuClock), elapsed) {
            (Some(clock), Some(e)) if e.value > 0.0 => Some(Derived {
                value: clock.value / 1000.0 / e.value,
                lines: span(clock.line, e.line),
            }),
            _ => None,
        };
        Self::or_comment(derived, self.cpus_utilized_comment)
    }

    /// The elapsed time perf divided by for its `CPUs utilized` comment, for output
    /// that does not print it (`-x,`).
    pub fn elapsed_from_cpus_utilized(&self) -> Option<Counted> {
        let (clock, cpus) = (self.get(Counter::CpuClock)?, self.cpus_utilized_comment?);
        (cpus.value > 0.0).then(|| Counted {
            value: clock.value / 1000.0 / cpus.value,
            line: clock.line,
        })
    }

    /// `counter` per second of elapsed time.
    pub fn per_second(&self, counter: Counter, elapsed: Option<Counted>) -> Option<Derived> {
        let (c, e) = (self.get(counter)?, elapsed?);
        (e.value > 0.0).then(|| Derived {
            value: c.value / e.value,
            lines: span(c.line, e.line),
        })
    }
}
