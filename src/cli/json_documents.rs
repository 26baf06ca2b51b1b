//! JSON output of a command that ran on several bundles (a case folder): one JSON
//! document, an array with one element per bundle in the case's order, so `jq` and
//! `serde_json` read it; a single bundle gives its document as it is.

/// Joins the JSON documents written for each bundle into one.
pub fn join(documents: Vec<Vec<u8>>) -> anyhow::Result<Vec<u8>> {
    if let [single] = documents.as_slice() {
        let mut bytes = single.clone();
        if !bytes.ends_with(b"\n") {
            bytes.push(b'\n');
        }
        return Ok(bytes);
    }
    let values = documents
        .iter()
        .map(|d| serde_json::from_slice::<serde_json::Value>(d))
        .collect::<Result<Vec<_>, _>>()?;
    let mut bytes = serde_json::to_vec_pretty(&values)?;
    bytes.push(b'\n');
    Ok(bytes)
}
