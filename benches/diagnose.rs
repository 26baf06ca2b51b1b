//! How long a consultant waits for a diagnosis of a shipped case: compiling the
//! built-in rule base and methodology, reading every capture of the bundle, walking
//! the graph and running the rules. The target is 30 ms per bundle, rule compilation
//! included. Rendering a report is left out; it is measured as its own pass below
//! because the terminal table is what `diagnose` prints by default.
//!
//! Run with `cargo bench --bench diagnose`.

use divan::Bencher;
use perfsage::bundle::Bundle;
use perfsage::bundle::host_facts::read_bundle;
use perfsage::diagnosis::diagnose;
use perfsage::knowledge::KnowledgeBase;
use perfsage::report::Layout;
use perfsage::report::document::document;
use perfsage::report::i18n::labels::Lang;
use std::path::Path;

const BUNDLES: &[&str] = &[
    "cases/greatdb-vm-cluster/bundle",
    "cases/dm8-kunpeng-sysbench/bundles/after-bios",
    "cases/mogdb-tpcc/bundles/before-tuning",
    "cases/valuation-java-dm/bundles/same-host-floating",
    "fixtures/bundles/pg-oltp-profile",
];

fn open(relative: &str) -> Bundle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    Bundle::open(&path).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// Rule compilation plus the whole diagnosis, as `perfsage diagnose` does it.
#[divan::bench(args = BUNDLES)]
fn compile_rules_and_diagnose(bencher: Bencher, bundle: &str) {
    let bundle = open(bundle);
    bencher.bench_local(|| {
        let kb = KnowledgeBase::builtin().expect("built-in rules compile");
        diagnose(read_bundle(&bundle), &kb)
    });
}

/// Loading the built-in rule base and methodology alone (each rule's functions are
/// compiled when a diagnosis first runs the rule, so they are not in this figure).
#[divan::bench]
fn compile_rules() -> KnowledgeBase {
    KnowledgeBase::builtin().expect("built-in rules compile")
}

/// Rendering the terminal table of a finished diagnosis.
#[divan::bench(args = BUNDLES)]
fn render_table(bencher: Bencher, bundle: &str) {
    let kb = KnowledgeBase::builtin().expect("built-in rules compile");
    let diagnosis = diagnose(read_bundle(&open(bundle)), &kb);
    let table = Layout::Table { width: 120 };
    bencher.bench_local(|| table.render(&document(&diagnosis, Lang::En)));
}

fn main() {
    divan::main();
}
