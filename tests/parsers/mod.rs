//! Parser tests: each real fixture against the facts it must yield (values worked out
//! from the fixture by hand), plus empty, garbage and truncated input.

mod iostat;
mod lscpu;
mod mpstat;
mod reading;
mod scaling_table;
mod sysbench;
