//! The functions rules and methodology guards may call. They read the facts of the
//! host being diagnosed from the engine's shared state, and record which facts were
//! read (the default evidence of a finding) and which were missing (the rule is then
//! "not evaluated" and the diagnosis says what to capture).

use super::engine::{EvalState, SharedState};
use crate::facts::{Fact, Series, Value};
use rhai::{Array, Dynamic, Engine, EvalAltResult, FLOAT, INT, Position};

type Result<T> = std::result::Result<T, Box<EvalAltResult>>;

/// One helper as the authoring guide lists it.
pub struct Helper {
    pub signature: &'static str,
    pub doc: &'static str,
    pub example: &'static str,
}

/// Every helper registered by `register`, for the authoring guide and `rules lint`.
pub const HELPERS: &[Helper] = &[
    Helper {
        signature: "has(key) -> bool",
        doc: "Whether the fact exists. Does not count as evidence.",
        example: r#"if has("host.platform") { … }"#,
    },
    Helper {
        signature: "num(key) -> float",
        doc: "A number fact; for a series, its average. Missing → the rule is not evaluated.",
        example: r#"num("cpu.count") > 48"#,
    },
    Helper {
        signature: "text(key) -> string",
        doc: "A text fact.",
        example: r#"text("cpu.arch") == "aarch64""#,
    },
    Helper {
        signature: "flag(key) -> bool",
        doc: "A yes/no fact.",
        example: r#"flag("host.virtualized")"#,
    },
    Helper {
        signature: "avg(key) -> float",
        doc: "Average of a series (a plain number is its own average).",
        example: r#"avg("cpu.util_pct") < 50"#,
    },
    Helper {
        signature: "p95(key) -> float",
        doc: "95th percentile of a series.",
        example: r#"p95("disk.busiest.util_pct") >= 90"#,
    },
    Helper {
        signature: "max(key) -> float",
        doc: "Largest sample of a series.",
        example: r#"max("cpu.util_pct")"#,
    },
    Helper {
        signature: "min(key) -> float",
        doc: "Smallest sample of a series.",
        example: r#"min("disk.busiest.util_pct")"#,
    },
    Helper {
        signature: "fact_keys(prefix) -> array",
        doc: "Keys of all facts starting with prefix, sorted.",
        example: r#"for k in fact_keys("disk.") { … }"#,
    },
    Helper {
        signature: "key_part(key, index) -> string",
        doc: "One dot-separated segment of a key (0-based).",
        example: r#"key_part("disk.vdb.util_pct", 1) == "vdb""#,
    },
    Helper {
        signature: "fmt(number, decimals) -> string",
        doc: "A number rounded for a summary.",
        example: r#"`CPU at ${fmt(avg("cpu.util_pct"), 0)} %`"#,
    },
    Helper {
        signature: "hotspot_share(patterns) -> float",
        doc: "Sum of the self shares (%) of the ranked hotspots whose symbol matches one of the glob patterns (`*`, `?`). Each matched hotspot counts as evidence.",
        example: r#"hotspot_share(["os_interlock_*", "*spin_lock*"]) >= 10.0"#,
    },
    Helper {
        signature: "hotspots_matching(patterns) -> array",
        doc: "The matched hotspots as maps #{rank, symbol, dso, self_pct, total_pct}, in rank order.",
        example: r#"for h in hotspots_matching(["memcpy*"]) { if h.dso == "libc.so.6" { … } }"#,
    },
    Helper {
        signature: "lock_patterns() -> array",
        doc: "Glob patterns of the lock, atomic and lock-wait functions perfsage knows (pthread, glibc and kernel futex waits, kernel spin locks, DM8 os_interlock/os_mutex, InnoDB ut_delay, PostgreSQL LWLock/s_lock, ARM __aarch64_* atomics), for `hotspot_share` and `hotspots_matching`.",
        example: r#"hotspot_share(lock_patterns()) >= 15.0"#,
    },
    Helper {
        signature: "glob_match(pattern, text) -> bool",
        doc: "Whether text matches a glob pattern (`*` any run, `?` one character).",
        example: r#"glob_match("nvme*", "nvme0n1")"#,
    },
    Helper {
        signature: "cpu_ids(list) -> array",
        doc: "The CPU numbers of a CPU list, in order.",
        example: r#"for cpu in cpu_ids(text("proc.mogdb.cpus_allowed")) { avg(`cpu.${cpu}.util_pct`) }"#,
    },
    Helper {
        signature: "cpu_count(list) -> int",
        doc: "How many CPUs a CPU list such as `0-23,48-71` names (0 when it is not a list).",
        example: r#"cpu_count(text("proc.dmserver.cpus_allowed")) == num("cpu.count")"#,
    },
    Helper {
        signature: "cpus_shared(list_a, list_b) -> int",
        doc: "How many CPUs two CPU lists have in common.",
        example: r#"cpus_shared(text("proc.java.cpus_allowed"), text("proc.dmserver.cpus_allowed")) > 0"#,
    },
    Helper {
        signature: "version_below(version, minimum) -> bool",
        doc: "Whether a dotted version is lower than another, compared part by part as numbers.",
        example: r#"version_below(text("net.eth0.firmware_version"), "2.4.1.0")"#,
    },
    Helper {
        signature: "fired(rule_id) -> bool",
        doc: "In methodology guards only: whether that rule fired.",
        example: r#"fired("storage.disk_saturated")"#,
    },
];

fn error<T>(message: String) -> Result<T> {
    Err(Box::new(EvalAltResult::ErrorRuntime(
        message.into(),
        Position::NONE,
    )))
}

/// Looks a fact up, recording it as read or as missing.
pub(super) fn read_fact(state: &SharedState, key: &str) -> Result<Fact> {
    read(state, key)
}

fn read(state: &SharedState, key: &str) -> Result<Fact> {
    let mut st = state.borrow_mut();
    let Some(fact) = st.facts.as_ref().and_then(|f| f.get(key)).cloned() else {
        if !st.missing.iter().any(|k| k == key) {
            st.missing.push(key.to_string());
        }
        return error(format!("missing fact `{key}`"));
    };
    if !st.read.iter().any(|k| k == key) {
        st.read.push(key.to_string());
    }
    Ok(fact)
}

/// One summary number of a series.
type SeriesStat = fn(&Series) -> f64;

fn series_stat(state: &SharedState, key: &str, stat: SeriesStat) -> Result<FLOAT> {
    match read(state, key)?.value {
        Value::Series(s) => Ok(stat(&s)),
        Value::Number(n) => Ok(n),
        other => error(format!(
            "fact `{key}` is {}, not a number or series",
            kind(&other)
        )),
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Number(_) => "a number",
        Value::Flag(_) => "a flag",
        Value::Text(_) => "text",
        Value::Series(_) => "a series",
    }
}

fn with_state<T>(state: &SharedState, f: impl FnOnce(&EvalState) -> T) -> T {
    f(&state.borrow())
}

pub fn register(engine: &mut Engine, state: &SharedState) {
    let s = state.clone();
    engine.register_fn("has", move |key: &str| {
        let mut st = s.borrow_mut();
        let present = st.facts.as_ref().is_some_and(|f| f.contains(key));
        st.note_check(key, present);
        present
    });

    let s = state.clone();
    engine.register_fn("num", move |key: &str| -> Result<FLOAT> {
        let fact = read(&s, key)?;
        fact.value.as_number().map_or_else(
            || {
                error(format!(
                    "fact `{key}` is {}, not a number",
                    kind(&fact.value)
                ))
            },
            Ok,
        )
    });

    let s = state.clone();
    engine.register_fn("text", move |key: &str| -> Result<String> {
        match read(&s, key)?.value {
            Value::Text(t) => Ok(t),
            other => error(format!("fact `{key}` is {}, not text", kind(&other))),
        }
    });

    let s = state.clone();
    engine.register_fn("flag", move |key: &str| -> Result<bool> {
        match read(&s, key)?.value {
            Value::Flag(b) => Ok(b),
            other => error(format!("fact `{key}` is {}, not a flag", kind(&other))),
        }
    });

    let stats: [(&str, SeriesStat); 4] = [
        ("avg", |s| s.avg),
        ("p95", |s| s.p95),
        ("max", |s| s.max),
        ("min", |s| s.min),
    ];
    for (name, stat) in stats {
        let s = state.clone();
        engine.register_fn(name, move |key: &str| series_stat(&s, key, stat));
    }

    let s = state.clone();
    engine.register_fn("fact_keys", move |prefix: &str| -> Array {
        with_state(&s, |st| {
            st.facts
                .as_ref()
                .map(|f| {
                    f.with_prefix(prefix)
                        .map(|fact| Dynamic::from(fact.key.clone()))
                        .collect()
                })
                .unwrap_or_default()
        })
    });

    engine.register_fn("key_part", |key: &str, index: INT| -> String {
        usize::try_from(index)
            .ok()
            .and_then(|i| key.split('.').nth(i))
            .unwrap_or("")
            .to_string()
    });

    engine.register_fn("fmt", |n: FLOAT, decimals: INT| format_rounded(n, decimals));
    engine.register_fn("fmt", |n: INT, decimals: INT| {
        format_rounded(n as FLOAT, decimals)
    });

    super::hotspot_api::register(engine, state);
    super::value_api::register(engine);

    let s = state.clone();
    engine.register_fn("fired", move |id: &str| -> Result<bool> {
        match &s.borrow().fired {
            Some(fired) => Ok(fired.contains(id)),
            None => error("fired() is only available in methodology guards; rules must not depend on each other".into()),
        }
    });
}

fn format_rounded(n: FLOAT, decimals: INT) -> String {
    let decimals = decimals.clamp(0, 6) as usize;
    format!("{n:.decimals$}")
}
