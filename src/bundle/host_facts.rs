//! Reads every capture of a host and assembles its facts: declarations from
//! bundle.yaml, then what the captures measured, then fallbacks (secondary sources
//! such as iostat's CPU summary), then derived facts. In a multi-host bundle the
//! benchmark results (sysbench runs, BenchmarkSQL totals and settings) usually live on
//! the load generator only; they are shared with the hosts that have none, so that every
//! host's diagnosis can relate its findings to the throughput the test reached. What
//! the bundle could not read is listed first among the host's captures; facts no
//! capture can hold (a disk 500 % busy) are left out with a warning on their capture.

use super::bundle_yaml::{BundleMeta, ChangeRecord, declared_facts};
use super::plausibility::implausible;
use super::reading_progress::ReadingProgress;
use super::{Bundle, HostCaptures};
use crate::facts::{Fact, Facts, derive};
use crate::parse::capture_window::CaptureWindow;
use crate::parse::sink::{Strength, Warning};
use crate::parse::{CaptureReport, read_capture_within};
use std::cell::Cell;
use std::path::Path;
use std::sync::Arc;

pub struct HostFacts {
    pub name: String,
    pub meta: BundleMeta,
    pub facts: Arc<Facts>,
    pub captures: Vec<CaptureReport>,
}

/// Reads one host on its own (a single-host bundle, or a test).
pub fn read_host(host: &HostCaptures) -> HostFacts {
    let (name, mut facts, captures) = collect(host, &|_, _| {});
    derive::run(&mut facts);
    finish(host, name, facts, captures)
}

/// A bundle read: every host's facts and captures, and what the bundle itself says
/// (where it came from, the change it declares). What a diagnosis starts from; it reads
/// no file itself.
pub struct BundleFacts {
    /// The bundle as the user named it.
    pub source: String,
    pub hosts: Vec<HostFacts>,
    /// What bundle.yaml declares was changed since the previous run.
    pub change: Option<ChangeRecord>,
}

/// Reads every host of a bundle, sharing benchmark results with hosts that have none.
pub fn read_bundle(bundle: &Bundle) -> BundleFacts {
    read_bundle_with_progress(bundle, &super::reading_progress::Silent)
}

/// Reads a bundle as `read_bundle` does, telling `progress` how many bytes there are
/// to read and how far reading has got.
pub fn read_bundle_with_progress(bundle: &Bundle, progress: &dyn ReadingProgress) -> BundleFacts {
    let size = |path: &Path| std::fs::metadata(path).map_or(0, |m| m.len());
    progress.expect(
        bundle
            .hosts
            .iter()
            .flat_map(|h| &h.files)
            .map(|(path, _)| size(path))
            .sum(),
    );
    // A capture counts as read once the next one starts.
    let unfinished = Cell::new(0);
    let hosts = read_bundle_observed(bundle, &|path, name| {
        progress.advance(unfinished.replace(size(path)));
        progress.file(name);
    });
    progress.advance(unfinished.take());
    BundleFacts {
        source: bundle.source.clone(),
        hosts,
        change: bundle.change.clone(),
    }
}

pub fn read_bundle_observed(bundle: &Bundle, before_each: &dyn Fn(&Path, &str)) -> Vec<HostFacts> {
    let mut collected: Vec<(String, Facts, Vec<CaptureReport>)> = bundle
        .hosts
        .iter()
        .map(|host| collect(host, before_each))
        .collect();
    let results: Vec<Fact> = collected
        .iter()
        .flat_map(|(_, facts, _)| benchmark_results(facts).cloned().collect::<Vec<_>>())
        .collect();
    for (_, facts, _) in &mut collected {
        if benchmark_results(facts).next().is_none() {
            for result in &results {
                facts.insert(result.clone());
            }
        }
    }
    bundle
        .hosts
        .iter()
        .zip(collected)
        .map(|(host, (name, mut facts, captures))| {
            derive::run(&mut facts);
            finish(host, name, facts, captures)
        })
        .collect()
}

/// What the benchmark measured, as parsers record it (everything else about the
/// benchmark is derived from these). `bench.tool` stays with the host that ran the
/// client, and what bundle.yaml declares belongs to the host declaring it.
fn benchmark_results(facts: &Facts) -> impl Iterator<Item = &Fact> {
    const HOST_OWN: &[&str] = &[
        "bench.tool",
        "bench.workload",
        "bench.physical_tps",
        "bench.runtime_min",
    ];
    facts
        .with_prefix("bench.")
        .filter(|f| !HOST_OWN.contains(&f.key.as_str()))
}

fn collect(
    host: &HostCaptures,
    before_each: &dyn Fn(&Path, &str),
) -> (String, Facts, Vec<CaptureReport>) {
    let meta_files: Vec<_> = host.meta_files.iter().collect();
    let (declared_primary, declared_fallback) = split(declared_facts(&meta_files, &host.meta));
    let mut captured_primary = Vec::new();
    let mut captured_fallback = Vec::new();
    let mut captures: Vec<CaptureReport> = host.notices.iter().map(|n| n.report.clone()).collect();
    let window = host
        .meta
        .capture
        .as_ref()
        .and_then(|c| CaptureWindow::from_record(&c.started, c.ended.as_deref()));
    for (path, name) in &host.files {
        before_each(path, name);
        for (mut report, facts) in read_capture_within(path, name, window) {
            let facts = leave_out_implausible(facts, &mut report);
            let (primary, fallback) = split(facts);
            captured_primary.extend(primary);
            captured_fallback.extend(fallback);
            captures.push(report);
        }
    }
    let mut facts = Facts::default();
    for fact in declared_primary.into_iter().chain(captured_primary) {
        facts.insert(fact);
    }
    for fact in captured_fallback.into_iter().chain(declared_fallback) {
        facts.insert_fallback(fact);
    }
    (host.name.clone(), facts, captures)
}

fn finish(
    host: &HostCaptures,
    name: String,
    facts: Facts,
    captures: Vec<CaptureReport>,
) -> HostFacts {
    let name = if name.is_empty() {
        facts.text("host.name").unwrap_or("host").to_string()
    } else {
        name
    };
    HostFacts {
        name,
        meta: host.meta.clone(),
        facts: Arc::new(facts),
        captures,
    }
}

/// Facts without the implausible ones, each of which becomes a warning of its capture.
fn leave_out_implausible(
    facts: Vec<(Fact, Strength)>,
    report: &mut CaptureReport,
) -> Vec<(Fact, Strength)> {
    facts
        .into_iter()
        .filter(|(fact, _)| match implausible(fact) {
            None => true,
            Some(message) => {
                report.warnings.push(Warning {
                    line: fact.provenance.line,
                    message,
                });
                report.facts -= 1;
                false
            }
        })
        .collect()
}

fn split(facts: Vec<(Fact, Strength)>) -> (Vec<Fact>, Vec<Fact>) {
    let (primary, fallback): (Vec<_>, Vec<_>) = facts
        .into_iter()
        .partition(|(_, s)| *s == Strength::Primary);
    (
        primary.into_iter().map(|(f, _)| f).collect(),
        fallback.into_iter().map(|(f, _)| f).collect(),
    )
}
