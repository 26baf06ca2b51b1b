//! `db.conn_refusals_seen`: the logins refused at the connection limit that the
//! captures show (sysbench's and BenchmarkSQL's client output, the server log), so the connection-limit rule can judge a run from its refusals
//! alone, whatever else is known about the database. The client's and the server's
//! counts are two views of the same refusals (sysbench may stop before every refused
//! thread is printed, the server may log more attempts), so the larger one counts,
//! citing where it was read. Zero, citing the engine or the tool, when a database or a
//! benchmark was captured and nothing shows a refusal; absent when neither was.

use super::{Facts, Provenance, Unit, Value, fact};

pub fn derive(facts: &mut Facts) {
    let client = facts
        .with_prefix("bench.")
        .filter(|f| {
            f.key == "bench.connect_limit_errors"
                || (f.key.starts_with("bench.run.") && f.key.ends_with(".connect_limit_errors"))
        })
        .filter_map(|f| Some((f.value.as_number()?, f.provenance.clone())))
        .fold(
            None::<(f64, Provenance)>,
            |sum, (n, provenance)| match sum {
                Some((total, first)) => Some((total + n, first)),
                None => Some((n, provenance)),
            },
        );
    let server = facts
        .get("db.log.conn_limit_rejections")
        .and_then(|f| Some((f.value.as_number()?, f.provenance.clone())));
    let seen = match (client, server) {
        (Some(c), Some(s)) => Some(if s.0 > c.0 { s } else { c }),
        (one, other) => one.or(other),
    };
    let seen = seen.or_else(|| {
        ["db.engine", "bench.tool"]
            .iter()
            .find_map(|key| facts.get(key))
            .map(|f| (0.0, f.provenance.clone()))
    });
    if let Some((count, provenance)) = seen {
        facts.derive(fact(
            "db.conn_refusals_seen",
            Value::Number(count),
            Unit::Count,
            provenance,
        ));
    }
}
