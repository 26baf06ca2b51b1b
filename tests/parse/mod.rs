//! Parser tests: each real fixture against the facts it must yield (values worked out
//! from the fixture by hand), plus empty, garbage and truncated input.

mod detection;
mod reading;

mod activity;
mod bench;
mod dbconf;
mod dblog;
mod net;
mod os;
mod process;
mod profile;
mod topology;
