//! Reading the files a user hands perfsage without trusting them: only regular files
//! are opened (a FIFO would hang, a device never ends), small files are read with a
//! size limit, and YAML documents are checked before serde_yaml sees them. Every stage
//! that opens a file (bundle reading, rules, methodology, cases, capture) uses these.

pub mod regular_file;
pub mod yaml_file;
