//! The props file a BenchmarkSQL run was given: database, warehouses, terminals.

use super::{Spec, families};

pub const PROPS_FILE: &str = "the props file given to runBenchmark.sh (props.pg, props.mogdb …)";

pub static SPEC: Spec = Spec {
    id: "benchmarksql-props",
    captures: &[PROPS_FILE],
    facts: &[families::BENCHMARKSQL_RUN],
    catalog: &[],
    collectors: &[],
};
