//! Per-interval samples (CPU busy per second, disk util per interval …) summarised with
//! bounded memory. Up to `EXACT_LIMIT` samples are kept for exact percentiles; beyond
//! that a log-bucket histogram (1 % relative error) takes over, and the plotted points
//! are averaged down so a day-long capture costs the same memory as a minute.

use serde::{Deserialize, Serialize};

const EXACT_LIMIT: usize = 2048;
const MAX_POINTS: usize = 512;

/// Summary of a series, as stored in a fact.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Series {
    pub count: u64,
    pub avg: f64,
    pub min: f64,
    pub max: f64,
    pub p95: f64,
    /// Seconds between samples, when the capture shows it.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub interval_s: Option<f64>,
    /// Samples averaged into each plotted point.
    pub stride: u64,
    /// At most 512 points for charts, in time order.
    pub points: Vec<f64>,
}

/// Accumulates samples as a parser streams a capture.
#[derive(Debug, Clone)]
pub struct SeriesBuilder {
    count: u64,
    sum: f64,
    min: f64,
    max: f64,
    exact: Vec<f64>,
    histogram: Option<LogHistogram>,
    points: Downsampler,
    first_line: u64,
    last_line: u64,
}

impl Default for SeriesBuilder {
    fn default() -> Self {
        SeriesBuilder {
            count: 0,
            sum: 0.0,
            min: f64::INFINITY,
            max: f64::NEG_INFINITY,
            exact: Vec::new(),
            histogram: None,
            points: Downsampler::default(),
            first_line: 0,
            last_line: 0,
        }
    }
}

impl SeriesBuilder {
    /// Always inlined: the parsers call it for every figure they keep, and a call
    /// costs about as much as the bookkeeping.
    #[inline(always)]
    pub fn push(&mut self, value: f64, line: u64) {
        if self.count == 0 {
            self.first_line = line;
        }
        self.last_line = line;
        self.count += 1;
        self.sum += value;
        // Comparisons rather than f64::min/max: the same result (a NaN changes
        // neither), fewer instructions in the hottest loop of a day-long capture.
        if value < self.min {
            self.min = value;
        }
        if value > self.max {
            self.max = value;
        }
        match &mut self.histogram {
            Some(h) => h.add(value),
            None if self.exact.len() < EXACT_LIMIT => self.exact.push(value),
            None => self.switch_to_histogram(value),
        }
        self.points.push(value);
    }

    /// Moves the exact samples into a histogram once there are too many, and adds
    /// `value`. Once per series at most, so kept out of `push`, which then inlines.
    #[cold]
    fn switch_to_histogram(&mut self, value: f64) {
        let mut h = LogHistogram::default();
        for v in self.exact.drain(..) {
            h.add(v);
        }
        h.add(value);
        self.exact = Vec::new();
        self.histogram = Some(h);
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// First and last line a sample came from.
    pub fn lines(&self) -> (u64, u64) {
        (self.first_line, self.last_line)
    }

    pub fn finish(&self, interval_s: Option<f64>) -> Series {
        let p95 = match &self.histogram {
            Some(h) => h.quantile(0.95, self.count).clamp(self.min, self.max),
            None => exact_quantile(&self.exact, 0.95),
        };
        let (stride, points) = self.points.points();
        Series {
            count: self.count,
            avg: if self.count > 0 {
                self.sum / self.count as f64
            } else {
                0.0
            },
            min: if self.count > 0 { self.min } else { 0.0 },
            max: if self.count > 0 { self.max } else { 0.0 },
            p95,
            interval_s,
            stride,
            points,
        }
    }

    /// Adds the samples `later` collected from the rest of the same capture (read by
    /// another thread from further on), as if they had been pushed here one by one;
    /// `line_offset` turns its line numbers into this file's. Count, sum, extremes and
    /// the histogram come out as a single pass would give them; a plotted point may
    /// straddle the join, averaging the same samples in a different grouping.
    pub fn append(&mut self, later: &SeriesBuilder, line_offset: u64) {
        if later.count == 0 {
            return;
        }
        if self.count == 0 {
            self.first_line = later.first_line + line_offset;
        }
        self.last_line = later.last_line + line_offset;
        self.count += later.count;
        self.sum += later.sum;
        if later.min < self.min {
            self.min = later.min;
        }
        if later.max > self.max {
            self.max = later.max;
        }
        match (&mut self.histogram, &later.histogram) {
            (None, None) if self.exact.len() + later.exact.len() <= EXACT_LIMIT => {
                self.exact.extend_from_slice(&later.exact)
            }
            (mine, theirs) => {
                let mine = mine.get_or_insert_with(|| {
                    let mut h = LogHistogram::default();
                    for v in self.exact.drain(..) {
                        h.add(v);
                    }
                    h
                });
                self.exact = Vec::new();
                match theirs {
                    Some(theirs) => mine.merge(theirs),
                    None => later.exact.iter().for_each(|v| mine.add(*v)),
                }
            }
        }
        self.points.append(&later.points);
    }

    /// Moves the series' line numbers `offset` lines further down.
    pub fn shift_lines(&mut self, offset: u64) {
        if self.count > 0 {
            self.first_line += offset;
            self.last_line += offset;
        }
    }

    /// Builds a series from values already in memory (tests, derived facts).
    pub fn from_values(values: &[f64]) -> SeriesBuilder {
        let mut b = SeriesBuilder::default();
        for (i, v) in values.iter().enumerate() {
            b.push(*v, i as u64 + 1);
        }
        b
    }
}

/// Nearest-rank quantile.
fn exact_quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Values below this count as zero in the histogram.
const HIST_FLOOR: f64 = 1e-3;
/// Bits of a double kept as the bucket index: sign, exponent and the top 6 mantissa
/// bits, i.e. 64 buckets per power of two (under 1.1 % relative error). Taking the
/// bucket from the bit pattern keeps `ln()` out of the per-sample path.
const HIST_SHIFT: u32 = 52 - 6;

/// Log-spaced buckets over the positive values seen, stored from the lowest bucket
/// used; values below `HIST_FLOOR` (and negatives) are counted apart as zeros.
#[derive(Debug, Clone, Default)]
struct LogHistogram {
    zeros: u64,
    base: u64,
    buckets: Vec<u32>,
}

impl LogHistogram {
    #[inline(always)]
    fn add(&mut self, value: f64) {
        if value.is_nan() || value < HIST_FLOOR {
            self.zeros += 1;
            return;
        }
        let index = value.to_bits() >> HIST_SHIFT;
        // Below `base` the subtraction wraps to a slot past the end.
        let slot = usize::try_from(index.wrapping_sub(self.base)).unwrap_or(usize::MAX);
        match self.buckets.get_mut(slot) {
            Some(n) => *n = n.saturating_add(1),
            None => self.add_outside(index),
        }
    }

    /// Counts a value whose bucket lies outside those stored so far (or none is).
    #[cold]
    fn add_outside(&mut self, index: u64) {
        if self.buckets.is_empty() {
            self.base = index;
        }
        if index < self.base {
            let grow = (self.base - index) as usize;
            self.buckets.splice(0..0, std::iter::repeat_n(0, grow));
            self.base = index;
        }
        let slot = (index - self.base) as usize;
        if slot >= self.buckets.len() {
            self.buckets.resize(slot + 1, 0);
        }
        self.buckets[slot] += 1;
    }

    /// Adds another histogram's counts, bucket by bucket.
    fn merge(&mut self, other: &LogHistogram) {
        self.zeros += other.zeros;
        if other.buckets.is_empty() {
            return;
        }
        // Make room for the other's lowest and highest bucket, then add slot by slot.
        self.add_outside(other.base);
        self.add_outside(other.base + other.buckets.len() as u64 - 1);
        let at = (other.base - self.base) as usize;
        self.buckets[at] -= 1;
        self.buckets[at + other.buckets.len() - 1] -= 1;
        for (mine, theirs) in self.buckets[at..].iter_mut().zip(&other.buckets) {
            *mine = mine.saturating_add(*theirs);
        }
    }

    fn quantile(&self, q: f64, count: u64) -> f64 {
        let rank = ((q * count as f64).ceil() as u64).max(1);
        let mut seen = self.zeros;
        if seen >= rank {
            return 0.0;
        }
        for (slot, n) in self.buckets.iter().enumerate() {
            seen += u64::from(*n);
            if seen >= rank {
                // The middle of the bucket: its lowest value with the next mantissa bit set.
                let index = self.base + slot as u64;
                return f64::from_bits((index << HIST_SHIFT) | (1 << (HIST_SHIFT - 1)));
            }
        }
        0.0
    }
}

/// Keeps at most `2 * MAX_POINTS` averaged points, halving resolution when full.
#[derive(Debug, Clone)]
struct Downsampler {
    points: Vec<f64>,
    stride: u64,
    pending_sum: f64,
    pending: u64,
}

impl Default for Downsampler {
    fn default() -> Self {
        Downsampler {
            points: Vec::new(),
            stride: 1,
            pending_sum: 0.0,
            pending: 0,
        }
    }
}

impl Downsampler {
    #[inline(always)]
    fn push(&mut self, value: f64) {
        self.pending_sum += value;
        self.pending += 1;
        if self.pending >= self.stride {
            self.close_point();
        }
    }

    /// Turns the pending samples into a point, halving the resolution when full.
    #[inline(never)]
    fn close_point(&mut self) {
        self.points.push(self.pending_sum / self.pending as f64);
        self.pending_sum = 0.0;
        self.pending = 0;
        if self.points.len() == 2 * MAX_POINTS {
            self.points = self
                .points
                .chunks(2)
                .map(|pair| pair.iter().sum::<f64>() / pair.len() as f64)
                .collect();
            self.stride *= 2;
        }
    }

    /// Takes in the points of a later stretch of the same series, each as the number
    /// of samples it averages, so the resolution halves as pushing them would.
    fn append(&mut self, later: &Downsampler) {
        let weighted = later.points.iter().map(|p| (*p, later.stride));
        let pending =
            (later.pending > 0).then(|| (later.pending_sum / later.pending as f64, later.pending));
        for (average, mut samples) in weighted.chain(pending) {
            while samples > 0 {
                let take = samples.min(self.stride - self.pending);
                self.pending_sum += average * take as f64;
                self.pending += take;
                samples -= take;
                if self.pending >= self.stride {
                    self.close_point();
                }
            }
        }
    }

    fn points(&self) -> (u64, Vec<f64>) {
        let mut points = self.points.clone();
        if self.pending > 0 {
            points.push(self.pending_sum / self.pending as f64);
        }
        (self.stride, points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summarises_small_series_exactly() {
        let s = SeriesBuilder::from_values(&[10.0, 20.0, 30.0, 40.0]).finish(Some(1.0));
        assert_eq!(s.count, 4);
        assert_eq!(s.avg, 25.0);
        assert_eq!(s.p95, 40.0);
        assert_eq!((s.min, s.max), (10.0, 40.0));
        assert_eq!(s.points, vec![10.0, 20.0, 30.0, 40.0]);
    }

    #[test]
    fn p95_is_nearest_rank() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(SeriesBuilder::from_values(&values).finish(None).p95, 95.0);
    }

    /// The series of `values` built in one pass and built in two halves joined with
    /// `append`, the second half numbering its lines from 1 as a second reader would.
    fn whole_and_joined(values: &[f64], cut: usize) -> (SeriesBuilder, SeriesBuilder) {
        let whole = SeriesBuilder::from_values(values);
        let mut first = SeriesBuilder::from_values(&values[..cut]);
        first.append(&SeriesBuilder::from_values(&values[cut..]), cut as u64);
        (whole, first)
    }

    #[test]
    fn joined_halves_of_a_short_series_equal_one_pass() {
        let values: Vec<f64> = (0..300).map(|i| f64::from(i * 7 % 101)).collect();
        let (whole, joined) = whole_and_joined(&values, 123);
        assert_eq!(joined.finish(Some(1.0)), whole.finish(Some(1.0)));
        assert_eq!(joined.lines(), (1, 300));
    }

    #[test]
    fn joined_halves_of_a_long_series_keep_counts_extremes_and_p95() {
        let values: Vec<f64> = (0..200_000).map(|i| f64::from(i % 1000) / 10.0).collect();
        for cut in [1, 1500, 70_001, 199_999] {
            let (whole, joined) = whole_and_joined(&values, cut);
            let (whole, joined) = (whole.finish(None), joined.finish(None));
            assert_eq!(joined.count, whole.count);
            assert_eq!((joined.min, joined.max), (whole.min, whole.max));
            assert_eq!(joined.p95, whole.p95, "cut at {cut}");
            assert!((joined.avg - whole.avg).abs() < 1e-9);
            assert_eq!(joined.stride, whole.stride);
            assert_eq!(joined.points.len(), whole.points.len());
        }
    }

    #[test]
    fn joined_points_equal_one_pass_when_the_cut_falls_on_a_point_boundary() {
        let values: Vec<f64> = (0..5000).map(|i| f64::from(i % 37)).collect();
        // 4096 samples: a whole number of points at any stride up to 4096.
        let (whole, joined) = whole_and_joined(&values, 4096);
        assert_eq!(joined.finish(None).points, whole.finish(None).points);
    }

    #[test]
    fn long_series_keep_bounded_memory_and_close_p95() {
        let mut b = SeriesBuilder::default();
        let n = 1_000_000u64;
        for i in 0..n {
            b.push((i % 1000) as f64 / 10.0, i + 1);
        }
        assert!(b.exact.is_empty());
        let s = b.finish(Some(1.0));
        assert_eq!(s.count, n);
        assert!((s.p95 - 94.9).abs() < 1.0, "p95 {}", s.p95);
        assert!(s.points.len() <= 2 * MAX_POINTS);
        assert!((s.avg - 49.95).abs() < 1e-6);
        assert_eq!(b.lines(), (1, n));
    }
}
