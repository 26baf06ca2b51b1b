//! Rule helpers over CPU profiles. Parsers of perf report/top/script and folded stacks
//! all rank functions as `hotspot.<rank>.{symbol,dso,self_pct,total_pct}`; rules ask
//! "how much do the lock functions take?" with glob patterns instead of walking ranks.
//! Every hotspot a helper matches is recorded as read, so findings cite exactly the
//! functions they rest on.

use super::api::read_fact;
use super::engine::SharedState;
use crate::facts::Value;
use rhai::{Array, Dynamic, Engine, EvalAltResult, FLOAT, Map};

type Result<T> = std::result::Result<T, Box<EvalAltResult>>;

/// Functions that take or wait for a lock or perform an atomic update: where CPU time
/// goes when threads contend rather than compute. Shared by every rule that asks how
/// much of a profile is lock overhead.
const LOCK_PATTERNS: &[&str] = &[
    // POSIX threads and glibc's futex-based waits.
    "pthread_mutex_*",
    "pthread_rwlock_*",
    "pthread_spin_*",
    "*_mutex_*",
    "__lll_lock_wait*",
    "__lll_lock_wake*",
    "__lll_unlock_wake*",
    // The kernel half of those waits: futex system calls, hashing and wake-ups.
    "*futex*",
    // Spin and reader-writer locks anywhere, kernel ones included.
    "*spin_lock*",
    "*spinlock*",
    "*SpinLock*",
    "*rw_lock*",
    "*rwlock*",
    "osq_lock",
    "mutex_spin_on_owner",
    "rwsem_*",
    // Atomics, and ARM's outline atomics helpers.
    "*atomic*",
    "__aarch64_ldadd*",
    "__aarch64_cas*",
    "__aarch64_swp*",
    "__aarch64_ldclr*",
    "__aarch64_ldset*",
    "__aarch64_ldeor*",
    // Databases: DM8, InnoDB, PostgreSQL and its forks.
    "os_interlock_*",
    "os_mutex_*",
    "ut_delay",
    "s_lock",
    "LWLockAcquire*",
    "LWLockRelease",
    "LWLockAttemptLock",
    "LWLockWaitListLock",
];

/// `*` matches any run of characters, `?` one character; case-sensitive, as symbols are.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut pi, mut ti) = (0, 0);
    let mut backtrack: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            backtrack = Some((pi, ti));
            pi += 1;
        } else if let Some((star, matched)) = backtrack {
            pi = star + 1;
            ti = matched + 1;
            backtrack = Some((star, matched + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

/// Ranked hotspots whose symbol matches one of `patterns`, as maps
/// `#{rank, symbol, dso, self_pct, total_pct}` in rank order.
fn matching(state: &SharedState, patterns: &Array) -> Result<Array> {
    let patterns: Vec<String> = patterns.iter().map(|p| p.to_string()).collect();
    let ranks: Vec<String> = {
        let st = state.lock();
        let Some(facts) = st.facts.as_ref() else {
            return Ok(Array::new());
        };
        facts
            .with_prefix("hotspot.")
            .filter_map(|f| {
                let rank = f.key.strip_prefix("hotspot.")?.strip_suffix(".symbol")?;
                let Value::Text(symbol) = &f.value else {
                    return None;
                };
                patterns
                    .iter()
                    .any(|p| glob_match(p, symbol))
                    .then(|| rank.to_string())
            })
            .collect()
    };
    let mut out = Array::new();
    for rank in ranks {
        let mut map = Map::new();
        map.insert(
            "rank".into(),
            Dynamic::from(rank.parse::<i64>().unwrap_or(0)),
        );
        let symbol = read_fact(state, &format!("hotspot.{rank}.symbol"))?;
        map.insert("symbol".into(), Dynamic::from(symbol.value.to_string()));
        let self_pct = read_fact(state, &format!("hotspot.{rank}.self_pct"))?;
        map.insert(
            "self_pct".into(),
            Dynamic::from(self_pct.value.as_number().unwrap_or(0.0)),
        );
        for optional in ["dso", "total_pct"] {
            let key = format!("hotspot.{rank}.{optional}");
            let present = state
                .lock()
                .facts
                .as_ref()
                .is_some_and(|f| f.contains(&key));
            if present {
                let fact = read_fact(state, &key)?;
                let value = match fact.value {
                    Value::Number(n) => Dynamic::from(n),
                    other => Dynamic::from(other.to_string()),
                };
                map.insert(optional.into(), value);
            }
        }
        out.push(Dynamic::from_map(map));
    }
    out.sort_by_key(|m| {
        m.clone()
            .try_cast::<Map>()
            .and_then(|m| m.get("rank")?.as_int().ok())
            .unwrap_or(0)
    });
    Ok(out)
}

pub fn register(engine: &mut Engine, state: &SharedState) {
    let s = state.clone();
    engine.register_fn("hotspots_matching", move |patterns: Array| {
        matching(&s, &patterns)
    });
    let s = state.clone();
    engine.register_fn("hotspot_share", move |patterns: Array| -> Result<FLOAT> {
        let total = matching(&s, &patterns)?
            .iter()
            .filter_map(|m| {
                m.clone()
                    .try_cast::<Map>()?
                    .get("self_pct")?
                    .as_float()
                    .ok()
            })
            .sum();
        Ok(total)
    });
    engine.register_fn("lock_patterns", || -> Array {
        LOCK_PATTERNS
            .iter()
            .map(|p| Dynamic::from(p.to_string()))
            .collect()
    });
    engine.register_fn("glob_match", |pattern: &str, text: &str| {
        glob_match(pattern, text)
    });
}

#[cfg(test)]
mod tests {
    use super::glob_match;

    #[test]
    fn globs() {
        assert!(glob_match("os_interlock_*", "os_interlock_inc"));
        assert!(glob_match("*spin*lock*", "_raw_spin_unlock_irqrestore"));
        assert!(glob_match("__aarch64_????_*", "__aarch64_cas4_acq"));
        assert!(!glob_match("__aarch64_??_*", "__aarch64_cas4_acq"));
        assert!(glob_match("memcpy*", "memcpy"));
        assert!(!glob_match("memcpy", "__memcpy_avx_unaligned"));
        assert!(glob_match("*memcpy*", "__memcpy_avx_unaligned"));
        assert!(!glob_match("os_*", "ut_os_x"));
    }
}
