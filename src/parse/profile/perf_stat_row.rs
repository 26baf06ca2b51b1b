//! One counter row of `perf stat`, in either of its layouts, taken apart into the
//! figure, its unit, the event and perf's own comment metric:
//!
//! ```text
//!            5944.18 msec task-clock                #    1.975 CPUs utilized
//!     40,683,961,219      instructions              #    0.61  insn per cycle     (83.32%)
//!    <not supported>      cycles
//!      1.001762963              53449      context-switches   #   26.665 K/sec
//! 5987.09,msec,task-clock,5987088179,100.00,1.991,CPUs utilized
//! 1.001112874,101,,context-switches,2002663882,100.00,50.433,/sec
//! ```
//!
//! The first column is the interval's end in seconds under `-I`. Counts carry
//! thousands separators with `-B` in an English locale (`1,234,567`). `-A` puts a
//! `CPU3` column first (after the time under `-I`): such a row is read with its CPU.
//! `--per-core`, `--per-socket` and friends put `S0-D0-C1  2` there; those rows are
//! recognised so the caller can skip them with one clear warning.

/// What perf printed in place of a count.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reading {
    Counted(f64),
    /// `<not supported>`: the CPU or hypervisor has no such counter.
    NotSupported,
    /// `<not counted>`: the counter never got time on the PMU, or the run was too short.
    NotCounted,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CounterRow {
    /// End of the interval in seconds since the start, in interval mode (`-I`).
    pub timestamp: Option<f64>,
    pub reading: Reading,
    pub unit: String,
    pub event: String,
    /// perf's metric comment: `1.975` with `CPUs utilized`, `0.61` with `insn per cycle`.
    pub metric: Option<(f64, String)>,
    /// Share of the run the counter was on the PMU (multiplexing), when perf says.
    pub counted_pct: Option<f64>,
    /// The CPU of a `-A` row (`CPU3`); `None` for a total.
    pub cpu: Option<u32>,
}

/// What a line that is not blank turned out to be.
#[derive(Debug, PartialEq)]
pub enum RowShape {
    Counter(CounterRow),
    /// A row of one core, socket, die or node (`--per-core` …).
    PerUnit,
    /// A second metric of the row above (`#    0.28  stalled cycles per insn`).
    MetricContinuation,
    Other,
}

/// A count as perf prints it: `1234`, `1,234,567`, `5944.18`, `4,019.94`.
pub fn perf_number(token: &str) -> Option<f64> {
    let (whole, fraction) = match token.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (token, None),
    };
    if whole.is_empty() || fraction.is_some_and(|f| f.is_empty() || !is_digits(f)) {
        return None;
    }
    let mut groups = whole.split(',');
    let first = groups.next()?;
    if first.is_empty() || !is_digits(first) {
        return None;
    }
    let mut plain = first.to_string();
    let mut grouped = false;
    for group in groups {
        if group.len() != 3 || !is_digits(group) || first.len() > 3 {
            return None;
        }
        grouped = true;
        plain.push_str(group);
    }
    if grouped && plain.starts_with('0') {
        return None;
    }
    if let Some(f) = fraction {
        plain.push('.');
        plain.push_str(f);
    }
    plain.parse().ok()
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `CPU3`: the CPU column of `-A`.
fn cpu_column(token: &str) -> Option<u32> {
    let cpu = token.strip_prefix("CPU")?;
    if !is_digits(cpu) || cpu.len() > 6 {
        return None;
    }
    cpu.parse().ok()
}

/// `S0`, `S0-D0`, `S0-D0-C1`, `N1`: the aggregation column of
/// `--per-socket/die/core/node`.
fn is_unit_column(token: &str) -> bool {
    token.split('-').all(|part| {
        let mut chars = part.chars();
        matches!(chars.next(), Some('S' | 'D' | 'C' | 'N' | 'L')) && is_digits(chars.as_str())
    })
}

fn is_event_name(token: &str) -> bool {
    token.bytes().any(|b| b.is_ascii_alphabetic())
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:/=,@".contains(&b))
}

/// `(50.00%)` at the end of a row: the share of the run the counter was counting.
fn strip_counted_pct(text: &str) -> (&str, Option<f64>) {
    let trimmed = text.trim_end();
    if let Some(inner) = trimmed
        .strip_suffix("%)")
        .and_then(|t| t.rsplit_once('('))
        .map(|(before, pct)| (before, pct.trim()))
        && let Some(pct) = perf_number(inner.1)
    {
        return (inner.0, Some(pct));
    }
    (trimmed, None)
}

/// `  1.975 CPUs utilized`, `  12.58% of all cache refs`, `  0.61  insn per cycle`;
/// `( +-  0.12% )` noise from `-r` is dropped.
fn comment_metric(comment: &str) -> Option<(f64, String)> {
    let comment = comment.split("( +-").next().unwrap_or(comment).trim();
    let mut parts = comment.splitn(2, char::is_whitespace);
    let figure = parts.next()?;
    let rest = parts.next().unwrap_or("").trim();
    let (figure, rest) = match figure.strip_suffix('%') {
        Some(f) => (f, format!("% {rest}")),
        None => (figure, rest.to_string()),
    };
    Some((perf_number(figure)?, rest))
}

/// Reads the count tokens at the front of `tokens`: a number, or `<not supported>` /
/// `<not counted>` (two tokens). Returns the reading and how many tokens it took.
fn reading(tokens: &[&str]) -> Option<(Reading, usize)> {
    match tokens {
        ["<not", "supported>", ..] => Some((Reading::NotSupported, 2)),
        ["<not", "counted>", ..] => Some((Reading::NotCounted, 2)),
        [first, ..] => Some((Reading::Counted(perf_number(first)?), 1)),
        [] => None,
    }
}

fn csv_reading(field: &str) -> Option<Reading> {
    match field.trim() {
        "<not supported>" => Some(Reading::NotSupported),
        "<not counted>" => Some(Reading::NotCounted),
        figure => perf_number(figure).map(Reading::Counted),
    }
}

/// A row of the human layout.
pub fn text_row(line: &str) -> RowShape {
    let (counter, comment) = match line.split_once('#') {
        Some((c, m)) => (c, Some(m)),
        None => (line, None),
    };
    let (counter, mut counted_pct) = strip_counted_pct(counter);
    let metric_text = comment.map(|m| {
        let (m, pct) = strip_counted_pct(m);
        counted_pct = counted_pct.or(pct);
        m
    });
    let tokens: Vec<&str> = counter.split_whitespace().collect();
    if tokens.is_empty() {
        return if comment.is_some() {
            RowShape::MetricContinuation
        } else {
            RowShape::Other
        };
    }
    let mut rest = &tokens[..];
    let mut timestamp = None;
    if rest.len() >= 3
        && rest[0].contains('.')
        && let Some(t) = perf_number(rest[0])
        && (reading(&rest[1..]).is_some() || cpu_column(rest[1]).is_some())
    {
        timestamp = Some(t);
        rest = &rest[1..];
    }
    if is_unit_column(rest[0]) {
        return RowShape::PerUnit;
    }
    let cpu = cpu_column(rest[0]);
    if cpu.is_some() {
        rest = &rest[1..];
    }
    let Some((reading, used)) = reading(rest) else {
        // A metric group's label (`TopdownL1 (cpu_core)  #  35.2 %  tma_retiring`).
        return if comment.is_some() {
            RowShape::MetricContinuation
        } else {
            RowShape::Other
        };
    };
    rest = &rest[used..];
    let (unit, event) = match rest {
        [event] => ("", *event),
        // Old perf: `1708.761321 task-clock (msec)`.
        [event, "(msec)", ..] => ("msec", *event),
        [unit, event, ..] if unit.bytes().all(|b| b.is_ascii_alphabetic()) => (*unit, *event),
        [event, ..] => ("", *event),
        [] => return RowShape::Other,
    };
    if !is_event_name(event) {
        return RowShape::Other;
    }
    RowShape::Counter(CounterRow {
        timestamp,
        reading,
        unit: unit.to_string(),
        event: event.to_string(),
        metric: metric_text.and_then(comment_metric),
        counted_pct,
        cpu,
    })
}

/// A row of `-x,` output: `[time,][aggregation,]value,unit,event,run,pct[,metric,unit]`.
pub fn csv_row(line: &str) -> RowShape {
    let fields: Vec<&str> = line.trim().split(',').collect();
    let mut rest = &fields[..];
    let mut timestamp = None;
    if rest.len() >= 6
        && rest[0].contains('.')
        && let Some(t) = perf_number(rest[0])
        && (csv_reading(rest[1]).is_some() || cpu_column(rest[1]).is_some())
    {
        timestamp = Some(t);
        rest = &rest[1..];
    }
    if rest.first().is_some_and(|f| is_unit_column(f)) {
        return RowShape::PerUnit;
    }
    let cpu = rest.first().and_then(|f| cpu_column(f));
    if cpu.is_some() {
        rest = &rest[1..];
    }
    let [value, unit, event, run, pct, more @ ..] = rest else {
        return RowShape::Other;
    };
    let Some(reading) = csv_reading(value) else {
        return RowShape::Other;
    };
    let run_ok = run.is_empty() || is_digits(run);
    if !is_event_name(event) || !run_ok || !(pct.is_empty() || perf_number(pct).is_some()) {
        return RowShape::Other;
    }
    let metric = match more {
        [figure, metric_unit, ..] => {
            perf_number(figure).map(|f| (f, metric_unit.trim().to_string()))
        }
        _ => None,
    };
    RowShape::Counter(CounterRow {
        timestamp,
        reading,
        unit: unit.trim().to_string(),
        event: event.to_string(),
        metric,
        counted_pct: perf_number(pct),
        cpu,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_with_and_without_thousands_separators() {
        assert_eq!(perf_number("1,234,567"), Some(1_234_567.0));
        assert_eq!(perf_number("4,019.94"), Some(4019.94));
        assert_eq!(perf_number("5944.18"), Some(5944.18));
        assert_eq!(perf_number("12,34"), None);
        assert_eq!(perf_number("1234,567"), None);
        assert_eq!(perf_number("-1"), None);
        assert_eq!(perf_number("1."), None);
    }

    #[test]
    fn a_multiplexed_row_keeps_its_count_and_share() {
        let RowShape::Counter(row) = text_row(
            "    40,683,961,219      instructions                     #    0.61  insn per cycle              (83.32%)",
        ) else {
            panic!("not a counter row");
        };
        assert_eq!(row.reading, Reading::Counted(40_683_961_219.0));
        assert_eq!(row.event, "instructions");
        assert_eq!(row.metric, Some((0.61, "insn per cycle".to_string())));
        assert_eq!(row.counted_pct, Some(83.32));
    }

    #[test]
    fn per_cpu_rows_keep_their_cpu() {
        let RowShape::Counter(row) =
            text_row("CPU1                  1002.07 msec task-clock     #    1.000 CPUs utilized")
        else {
            panic!("not a counter row");
        };
        assert_eq!((row.cpu, row.reading), (Some(1), Reading::Counted(1002.07)));
        let RowShape::Counter(row) = text_row("CPU0          <not supported>      cycles") else {
            panic!("not a counter row");
        };
        assert_eq!((row.cpu, row.reading), (Some(0), Reading::NotSupported));
        let RowShape::Counter(row) =
            csv_row("CPU3,693,,context-switches,2002032738,100.00,346.148,/sec")
        else {
            panic!("not a counter row");
        };
        assert_eq!((row.cpu, row.event.as_str()), (Some(3), "context-switches"));
        let RowShape::Counter(row) =
            csv_row("1.001112874,CPU2,101,,context-switches,2002663882,100.00,50.433,/sec")
        else {
            panic!("not a counter row");
        };
        assert_eq!((row.cpu, row.timestamp), (Some(2), Some(1.001112874)));
    }

    #[test]
    fn per_unit_rows_and_continuations_are_told_apart() {
        assert_eq!(
            text_row(
                "                                                  #    0.28  stalled cycles per insn"
            ),
            RowShape::MetricContinuation
        );
        assert_eq!(
            csv_row("S0-D0-C1,2,1002.07,msec,task-clock,1,100.00"),
            RowShape::PerUnit
        );
    }
}
