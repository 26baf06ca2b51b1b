//! `perfsage capture`'s engine: runs the collectors on a live host and writes a bundle
//! that `perfsage diagnose` reads. `collectors` is the table of what can be captured,
//! `availability` decides what can run here (and `check` reports it), `session` runs
//! one capture (samplers, snapshots, benchmark, perf), `bundle_dir` and `meta_writer`
//! own everything written. Like every stage it never prints: the command line draws
//! progress through `session::Progress`.

pub mod availability;
pub mod bundle_dir;
mod cgroup_paths;
pub mod check;
mod children;
pub mod collectors;
mod meta_writer;
mod perf;
mod proc_sampler;
pub mod session;
mod settings;
mod snapshots;
mod start_and_end;
pub mod target_process;

pub use children::unblock_stop_signals;
pub use session::{CaptureError, Options, Outcome, Progress, run};
