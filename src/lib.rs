//! perfsage: a performance-methodology expert system. Captured tool output goes in,
//! a diagnosis comes out: which resource limits throughput, what to try next, and the
//! evidence for it. This file is only the index of the pipeline's stages.

// `unsafe` only where allowed, item by item, with the reason next to it: two byte
// scanners whose speed was measured, and signal handling that has no safe API.
#![deny(unsafe_code)]

pub mod authoring;
pub mod bundle;
pub mod capture;
pub mod cases;
pub mod cli;
pub mod compare;
pub mod diagnosis;
pub mod engagement;
pub mod error;
pub mod explain;
pub mod facts;
pub mod files;
pub mod graph;
pub mod knowledge;
pub mod parse;
pub mod program_path;
pub mod quiet_panic;
pub mod report;
pub mod rules;
pub mod text;
pub mod tools;
