//! When the capture ran, for parsers of logs that reach back before it: a kernel log
//! saved at the end of a capture holds everything since boot, and an OOM kill of three
//! weeks ago must not count as one during the run. The window comes from bundle.yaml's
//! `capture` record (`perfsage capture` writes `started` and `ended` in UTC); a parser
//! asks its sink for it and places each stamped event inside or outside.

use super::os::snapshot_time::iso_instant;
use crate::text::utc_stamp::utc_stamp;
use std::time::{Duration, UNIX_EPOCH};

/// Stamps are printed to the second (or finer) by different clocks read at different
/// moments: a second either side still counts as inside.
const SLACK_S: f64 = 1.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CaptureWindow {
    /// UTC seconds since the epoch.
    pub start: f64,
    /// UTC seconds since the epoch; infinite for a capture that never recorded its end.
    pub end: f64,
}

impl CaptureWindow {
    /// The window of a capture record's `started` and `ended` stamps (RFC 3339); `None`
    /// when the start cannot be read or the end comes before it.
    pub fn from_record(started: &str, ended: Option<&str>) -> Option<CaptureWindow> {
        let start = iso_instant(started.trim())?;
        let end = match ended {
            Some(ended) => iso_instant(ended.trim())?,
            None => f64::INFINITY,
        };
        (end >= start).then_some(CaptureWindow { start, end })
    }

    /// `2026-12-02T12:40:11Z to 2026-12-02T12:41:12Z`, for a reader.
    pub fn shown(&self) -> String {
        let stamp = |at: f64| utc_stamp(UNIX_EPOCH + Duration::from_secs_f64(at.max(0.0)));
        if self.end.is_finite() {
            format!("{} to {}", stamp(self.start), stamp(self.end))
        } else {
            format!("from {}", stamp(self.start))
        }
    }

    pub fn contains(&self, instant: f64) -> bool {
        instant >= self.start - SLACK_S && instant <= self.end + SLACK_S
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_gives_its_window_and_places_instants() {
        let window =
            CaptureWindow::from_record("2026-12-02T12:40:11Z", Some("2026-12-02T12:41:12Z"))
                .unwrap();
        assert_eq!(window.end - window.start, 61.0);
        assert_eq!(
            window.shown(),
            "2026-12-02T12:40:11Z to 2026-12-02T12:41:12Z"
        );
        assert!(window.contains(window.start - 0.5));
        assert!(window.contains(window.end + 1.0));
        assert!(!window.contains(window.start - 2.0));
        assert!(!window.contains(window.end + 2.0));
        let open = CaptureWindow::from_record("2026-12-02T12:40:11Z", None).unwrap();
        assert!(open.contains(open.start + 1e9));
        assert_eq!(open.shown(), "from 2026-12-02T12:40:11Z");
        assert_eq!(
            CaptureWindow::from_record("2026-12-02T12:40:11Z", Some("2026-12-02T12:40:10Z")),
            None
        );
        assert_eq!(CaptureWindow::from_record("yesterday", None), None);
    }
}
