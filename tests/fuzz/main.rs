//! Fuzzing that stays in the repository (issue 16): seeded mutations of every fixture,
//! of bundle.yaml files, of .tar.gz bundles and of rule files, checked for what
//! hostile input must never do: panic, hang, grow facts or memory without bound,
//! report an error without its line, or take the rest of a bundle down with it.
//!
//! Stable Rust only (cargo-fuzz needs a nightly toolchain): a small deterministic
//! mutator, not coverage-guided. `cargo test --release --test fuzz` runs a short
//! pass; the environment sets how long and from which seed:
//!
//! - `PERFSAGE_FUZZ_SECONDS=N`: run each target for about N seconds (default: a fixed
//!   small number of cases per target);
//! - `PERFSAGE_FUZZ_SEED=S`: the first seed (default 1); every case's seed is printed
//!   with any failure, and the failing input is written to `target/fuzz-failures/`;
//! - `PERFSAGE_FUZZ_REPLAY=FILE`: read that one capture and check it, nothing else.
//!
//! `fuzz/README.md` gives the bounded CI run and the long run.

mod archive;
mod bundle_yaml;
mod captures;
mod harness;
mod memory;
mod mutate;
mod rules;
