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
        signature: "instances(pattern) -> array",
        doc: "The entity names of the facts matching a pattern with one `*` segment, which stands for the name (one or more segments), in key order and without repeats. Does not count as evidence.",
        example: r#"for dev in instances("disk.*.util_pct") { avg(`disk.${dev}.util_pct`) }"#,
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
        signature: "say(id, args) -> map",
        doc: "A message of `META.texts` with the values for its `{placeholders}` (`say(id)` when it has none); a finding's `summary` and its own recommendation's texts may be one or a list of them, worded in English and Chinese from the templates.",
        example: r#"[say("busy", #{ pct: fmt(avg("cpu.util_pct"), 0) })]"#,
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
        signature: "db_names() -> array",
        doc: "The process names of the database servers perfsage knows (dmserver, mysqld, mariadbd, postgres, gaussdb, mogdb, greatdb), in the order rules look for them.",
        example: r#"for name in db_names() { if has(`proc.${name}.cpus_allowed`) { … } }"#,
    },
    Helper {
        signature: "is_database_server(name) -> bool",
        doc: "Whether a process name is one of `db_names()`.",
        example: r#"is_database_server("gaussdb")"#,
    },
    Helper {
        signature: "is_load_generator(name) -> bool",
        doc: "Whether a process name is a benchmark client (sysbench).",
        example: r#"is_load_generator("sysbench")"#,
    },
    Helper {
        signature: "is_application(name) -> bool",
        doc: "Whether a process may be the application: not a database server, a benchmark client, a shell, an admin or monitoring tool (perf, numactl, dmwatcher, gs_ctl, …) or a virtual machine (`qemu*`).",
        example: r#"instances("proc.*.cpus_allowed").filter(|name| is_application(name))"#,
    },
    Helper {
        signature: "load_generator_of(tool) -> string",
        doc: "The process a benchmark tool's client runs as (`bench.tool`): `sysbench` for sysbench, `java` for BenchmarkSQL, empty when unknown.",
        example: r#"let client = load_generator_of(text("bench.tool"));"#,
    },
    Helper {
        signature: "threshold(name) -> float",
        doc: "The value of one of the rule's named thresholds (`META.thresholds`), after any `thresholds.yaml` override. A name the rule does not declare is an error.",
        example: r#"if avg("disk.busiest.util_pct") < threshold("disk_busy_pct") { return; }"#,
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
    let mut st = state.lock();
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
    f(&state.lock())
}

pub fn register(engine: &mut Engine, state: &SharedState) {
    let s = state.clone();
    engine.register_fn("has", move |key: &str| {
        let mut st = s.lock();
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

    let s = state.clone();
    engine.register_fn("instances", move |pattern: &str| -> Result<Array> {
        let names = with_state(&s, |st| {
            let facts = st.facts.as_ref()?;
            let (prefix, _) = pattern.split_once('*')?;
            instance_names(facts.with_prefix(prefix).map(|f| f.key.as_str()), pattern)
        });
        match names {
            Some(names) => Ok(names.into_iter().map(Dynamic::from).collect()),
            None if split_pattern(pattern).is_none() => error(format!(
                "instances(\"{pattern}\"): the pattern needs exactly one `*`, as a whole segment"
            )),
            None => Ok(Array::new()),
        }
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
    super::process_api::register(engine);
    super::value_api::register(engine);
    super::message::register(engine);
    super::threshold::register(engine, state);

    let s = state.clone();
    engine.register_fn("fired", move |id: &str| -> Result<bool> {
        match &s.lock().fired {
            Some(fired) => Ok(fired.contains(id)),
            None => error("fired() is only available in methodology guards; rules must not depend on each other".into()),
        }
    });
}

/// A pattern's text before and after its one `*` segment (`proc.*.cpus_allowed` →
/// `proc.`, `.cpus_allowed`), or None when it has no such segment or more than one.
pub fn split_pattern(pattern: &str) -> Option<(&str, &str)> {
    let (before, after) = pattern.split_once('*')?;
    let whole_segment = (before.is_empty() || before.ends_with('.'))
        && (after.is_empty() || after.starts_with('.'));
    (whole_segment && !after.contains('*')).then_some((before, after))
}

/// What the `*` of `pattern` stands for in each key that matches it, in the keys'
/// order, each name once. None when the pattern is not valid.
pub fn instance_names<'a>(
    keys: impl Iterator<Item = &'a str>,
    pattern: &str,
) -> Option<Vec<String>> {
    let (before, after) = split_pattern(pattern)?;
    let mut names: Vec<String> = Vec::new();
    for key in keys {
        let Some(name) = key
            .strip_prefix(before)
            .and_then(|rest| rest.strip_suffix(after))
        else {
            continue;
        };
        if name.is_empty() || name.starts_with('.') || name.ends_with('.') {
            continue;
        }
        if !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    Some(names)
}

fn format_rounded(n: FLOAT, decimals: INT) -> String {
    let decimals = decimals.clamp(0, 6) as usize;
    format!("{n:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instances_are_what_the_star_stands_for() {
        let keys = [
            "proc.dmserver.cpus_allowed",
            "proc.dmserver.vm_rss_kib",
            "proc.java.cpus_allowed",
            "proc.my.app.cpus_allowed",
            "proc.cpus_allowed",
        ];
        let names = instance_names(keys.into_iter(), "proc.*.cpus_allowed").unwrap();
        assert_eq!(names, ["dmserver", "java", "my.app"]);
        let all = instance_names(keys.into_iter(), "proc.*").unwrap();
        assert_eq!(all.len(), 5);
        assert_eq!(
            instance_names(["disk.vdb.util_pct"].into_iter(), "*.vdb.util_pct").unwrap(),
            ["disk"]
        );
    }

    #[test]
    fn a_pattern_needs_one_whole_star_segment() {
        assert_eq!(
            split_pattern("disk.*.util_pct"),
            Some(("disk.", ".util_pct"))
        );
        for bad in ["disk.vdb.util_pct", "disk.v*.util_pct", "disk.*.*", "*x"] {
            assert_eq!(split_pattern(bad), None, "{bad}");
        }
    }
}
