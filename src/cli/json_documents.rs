//! JSON output of a command that ran on one bundle or on several (a case folder): the
//! document itself for one bundle, else one array with an element per bundle in the
//! case's order, so `jq` and `serde_json` read the output as a single document.

use serde::Serialize;

/// The bytes to print for the documents written for each bundle.
pub fn join<T: Serialize>(documents: &[T]) -> serde_json::Result<Vec<u8>> {
    let mut bytes = match documents {
        [single] => serde_json::to_vec_pretty(single)?,
        _ => serde_json::to_vec_pretty(documents)?,
    };
    bytes.push(b'\n');
    Ok(bytes)
}
