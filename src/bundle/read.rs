//! Reads every capture of a host and assembles its facts: declarations from
//! bundle.yaml, then what the captures measured, then fallbacks (secondary sources
//! such as iostat's CPU summary), then derived facts.

use super::HostCaptures;
use super::meta::{BundleMeta, declared_facts};
use crate::capture::sink::Strength;
use crate::capture::{CaptureReport, read_capture};
use crate::facts::{Fact, Facts, derive};
use std::rc::Rc;

pub struct HostFacts {
    pub name: String,
    pub meta: BundleMeta,
    pub facts: Rc<Facts>,
    pub captures: Vec<CaptureReport>,
}

pub fn read_host(host: &HostCaptures) -> HostFacts {
    let meta_files: Vec<_> = host.meta_files.iter().collect();
    let (declared_primary, declared_fallback) = split(declared_facts(&meta_files, &host.meta));
    let mut captured_primary = Vec::new();
    let mut captured_fallback = Vec::new();
    let mut captures = Vec::with_capacity(host.files.len());
    for (path, name) in &host.files {
        for (report, facts) in read_capture(path, name) {
            let (primary, fallback) = split(facts);
            captured_primary.extend(primary);
            captured_fallback.extend(fallback);
            captures.push(report);
        }
    }
    let mut facts = Facts::default();
    for fact in declared_primary
        .into_iter()
        .chain(captured_primary)
        .chain(captured_fallback)
        .chain(declared_fallback)
    {
        facts.insert(fact);
    }
    derive::run(&mut facts);
    let name = if host.name.is_empty() {
        facts.text("host.name").unwrap_or("host").to_string()
    } else {
        host.name.clone()
    };
    HostFacts {
        name,
        meta: host.meta.clone(),
        facts: Rc::new(facts),
        captures,
    }
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
