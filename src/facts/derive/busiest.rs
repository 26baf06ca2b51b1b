//! The busiest logical CPU and the busiest disk, by average utilisation, and the
//! network interface that moves the most kilobytes in either direction. When no
//! iostat/mpstat was captured but a scaling table noted disk busy and CPU use per run,
//! those columns stand in, so rules need not care where utilisation came from.

use super::{Facts, Provenance, Unit, Value, fact, span};
use crate::facts::SeriesBuilder;

pub fn derive(facts: &mut Facts) {
    busiest(
        facts,
        "cpu.",
        "util_pct",
        "cpu.busiest.id",
        "cpu.busiest.util_pct",
    );
    busiest(
        facts,
        "disk.",
        "util_pct",
        "disk.busiest.name",
        "disk.busiest.util_pct",
    );
    busiest_interface(facts);
    if !facts.contains("disk.busiest.util_pct")
        && let Some((series, provenance)) = table_column(facts, "disk_busy_pct")
    {
        facts.derive(fact(
            "disk.busiest.name",
            Value::Text("disk noted in the scaling table".into()),
            Unit::None,
            provenance.clone(),
        ));
        facts.derive(fact(
            "disk.busiest.util_pct",
            series,
            Unit::Percent,
            provenance,
        ));
    }
    if !facts.contains("cpu.util_pct")
        && let Some((series, provenance)) = table_column(facts, "cpu_pct")
    {
        facts.derive(fact("cpu.util_pct", series, Unit::Percent, provenance));
    }
}

/// Among `<prefix><label>.<metric>` series, the one with the highest average.
fn busiest(facts: &mut Facts, prefix: &str, metric: &str, name_key: &str, value_key: &str) {
    let best = facts
        .with_prefix(prefix)
        .filter_map(|f| {
            let label = f
                .key
                .strip_prefix(prefix)?
                .strip_suffix(metric)?
                .strip_suffix('.')?;
            let avg = match &f.value {
                Value::Series(s) => s.avg,
                _ => return None,
            };
            (!label.contains('.') && label != "busiest")
                .then(|| (label.to_string(), avg, f.clone()))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((label, _, source)) = best {
        facts.derive(fact(
            name_key,
            Value::Text(label),
            Unit::None,
            source.provenance.clone(),
        ));
        facts.derive(fact(
            value_key,
            source.value,
            source.unit,
            source.provenance,
        ));
    }
}

/// `net.busiest.name`: the interface (loopback aside) whose received or sent kB/s
/// average highest, from sar -n DEV or nmon.
fn busiest_interface(facts: &mut Facts) {
    let best = facts
        .with_prefix("net.")
        .filter_map(|f| {
            let rest = f.key.strip_prefix("net.")?;
            let label = rest
                .strip_suffix(".rxkb_per_s")
                .or_else(|| rest.strip_suffix(".txkb_per_s"))?;
            let avg = match &f.value {
                Value::Series(s) => s.avg,
                _ => return None,
            };
            (!label.contains('.') && label != "lo" && label != "busiest")
                .then(|| (label.to_string(), avg, f.provenance.clone()))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((label, _, provenance)) = best {
        facts.derive(fact(
            "net.busiest.name",
            Value::Text(label),
            Unit::None,
            provenance,
        ));
    }
}

/// The `bench.scale.<threads>.<column>` values of a scaling table as a series in
/// thread order.
fn table_column(facts: &Facts, column: &str) -> Option<(Value, Provenance)> {
    let mut points: Vec<(f64, f64, Provenance)> = facts
        .with_prefix("bench.scale.")
        .filter_map(|f| {
            let threads: f64 = f
                .key
                .strip_prefix("bench.scale.")?
                .strip_suffix(column)?
                .strip_suffix('.')?
                .parse()
                .ok()?;
            Some((threads, f.value.as_number()?, f.provenance.clone()))
        })
        .collect();
    if points.is_empty() {
        return None;
    }
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    let provenance = span(&points[0].2, &points[points.len() - 1].2);
    let mut builder = SeriesBuilder::default();
    for (_, value, p) in &points {
        builder.push(*value, p.line);
    }
    Some((Value::Series(builder.finish(None)), provenance))
}
