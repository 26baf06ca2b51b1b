//! The times of a run of counter snapshots (a shell loop's `date +%s; cat /proc/…`):
//! which consecutive pair gives a rate and over how many seconds, and the mean
//! interval of the rates' series. Shared by the /proc counter parsers and `vmstat -d
//! -t` (whose tables are snapshots of /proc/diskstats), which differ only in what a
//! snapshot holds.

use crate::parse::FactSink;

#[derive(Default)]
pub struct SnapshotClock {
    snapshots: usize,
    first: Option<f64>,
    last: Option<f64>,
    /// Some snapshot after the first came without a stamp.
    untimed: bool,
}

impl SnapshotClock {
    /// Takes the next snapshot's stamp (seconds, and the line it was read from); the
    /// seconds since the previous snapshot when the two give a rate. A stamp no later
    /// than the one before is warned about at its own line and gives none.
    pub fn next(&mut self, stamp: Option<(f64, u64)>, sink: &mut FactSink) -> Option<f64> {
        self.snapshots += 1;
        let time = stamp.map(|(seconds, _)| seconds);
        let before = std::mem::replace(&mut self.last, time);
        if self.snapshots == 1 {
            self.first = time;
            return None;
        }
        match (before, stamp) {
            (Some(before), Some((now, _))) if now > before => Some(now - before),
            (Some(_), Some((_, line))) => {
                sink.warn(
                    line,
                    "snapshot stamped no later than the one before; no rate for that interval",
                );
                None
            }
            _ => {
                self.untimed = true;
                None
            }
        }
    }

    /// The mean time between snapshots, for the rates' series; says why there are no
    /// rates when some snapshot had no stamp.
    pub fn interval(&self, sink: &mut FactSink) -> Option<f64> {
        if self.snapshots > 1 && self.untimed {
            sink.warn(
                1,
                "several snapshots but not every one has a time stamp before it (date +%s): no rates",
            );
        }
        match (self.first, self.last) {
            (Some(first), Some(end)) if self.snapshots > 1 => {
                Some((end - first) / (self.snapshots - 1) as f64)
            }
            _ => None,
        }
    }
}
