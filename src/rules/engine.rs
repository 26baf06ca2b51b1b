//! The one place a Rhai engine is built. Limits are always on: operations, call depth,
//! expression depth, string/array/map sizes, a budget of CPU time per evaluation and
//! per load of a rule file (its top level runs then), no module imports, no `eval`, no
//! `sleep`, strict variables. Rhai's standard library has no file, process or network
//! functions and the helpers in `api` only read the facts handed in, so rules cannot
//! read files, run commands, reach the network or hang a diagnosis.

use super::api;
use super::cpu_clock::thread_cpu_time;
use super::threshold::ThresholdScope;
use crate::facts::Facts;
use rhai::module_resolvers::DummyModuleResolver;
use rhai::{Engine, EvalAltResult, FLOAT, INT};
use std::cell::Cell;
use std::collections::HashSet;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

pub const MAX_OPERATIONS: u64 = 1_000_000;
pub const TIME_BUDGET: Duration = Duration::from_millis(100);

/// Functions of Rhai's standard library rules may not call. `sleep` would hold a
/// diagnosis past the time budget, which is only checked between operations.
pub const BLOCKED_FUNCTIONS: &[&str] = &["sleep"];

/// What the helpers registered in the engine can see during one evaluation.
#[derive(Default)]
pub struct EvalState {
    pub facts: Option<Arc<Facts>>,
    /// Ids of rules that fired; guards ask `fired(id)`, rules may not.
    pub fired: Option<HashSet<String>>,
    /// Facts whose values the script read, in first-read order.
    pub read: Vec<String>,
    /// Facts the script asked for that do not exist.
    pub missing: Vec<String>,
    /// Facts asked about with `has()` and the answer, in first-asked order.
    pub checked: Vec<(String, bool)>,
    /// The evaluating thread's CPU time (`cpu_clock`) past which the rule is stopped.
    pub deadline: Option<Duration>,
    /// The thresholds of the rule being evaluated; none in guards.
    pub thresholds: Option<ThresholdScope>,
}

/// What one evaluation looked at: the facts it read, those it missed, and those it
/// only checked for. `explain` shows it; a finding cites `read` by default.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Trace {
    pub read: Vec<String>,
    pub missing: Vec<String>,
    pub checked: Vec<(String, bool)>,
}

impl EvalState {
    pub fn begin(&mut self, facts: Arc<Facts>, fired: Option<HashSet<String>>) {
        *self = EvalState {
            facts: Some(facts),
            fired,
            read: Vec::new(),
            missing: Vec::new(),
            checked: Vec::new(),
            deadline: Some(thread_cpu_time() + TIME_BUDGET),
            thresholds: None,
        };
    }

    pub fn end(&mut self) -> Trace {
        let state = std::mem::take(self);
        Trace {
            read: state.read,
            missing: state.missing,
            checked: state.checked,
        }
    }

    /// Records a `has()` question and its answer (the first time it is asked).
    pub fn note_check(&mut self, key: &str, present: bool) {
        if !self.checked.iter().any(|(k, _)| k == key) {
            self.checked.push((key.to_string(), present));
        }
    }
}

/// The evaluation state the engine's helpers share. A mutex rather than a `RefCell`
/// because Rhai's `sync` feature (which lets rules compile on several threads) wants
/// every registered helper `Send + Sync`; one engine still evaluates one rule at a time.
#[derive(Clone, Default)]
pub struct SharedState(Arc<Mutex<EvalState>>);

impl SharedState {
    /// The state, for the duration of one helper call. A helper that panicked while
    /// holding it left nothing half-written worth refusing, so poisoning is ignored.
    pub fn lock(&self) -> MutexGuard<'_, EvalState> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The state when no helper holds it (the engine's progress callback).
    fn try_lock(&self) -> Option<MutexGuard<'_, EvalState>> {
        self.0.try_lock().ok()
    }
}

thread_local! {
    /// The thread's CPU time when its run outside an evaluation (a rule file's top
    /// level) began; per thread because rule files are compiled on several at once.
    static TOP_LEVEL_STARTED: Cell<Duration> = const { Cell::new(Duration::ZERO) };
}

/// A sandboxed engine plus the state its helpers read.
pub struct RuleEngine {
    pub engine: Engine,
    pub state: SharedState,
}

/// How deeply expressions may nest at a rule's top level and inside its functions:
/// deeper source is refused when it compiles instead of overflowing the stack.
pub const MAX_EXPR_DEPTH: usize = 64;
pub const MAX_FUNCTION_EXPR_DEPTH: usize = 32;

impl RuleEngine {
    pub fn new() -> RuleEngine {
        let state = SharedState::default();
        let mut engine = Engine::new();
        engine
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(32)
            .set_max_expr_depths(MAX_EXPR_DEPTH, MAX_FUNCTION_EXPR_DEPTH)
            .set_max_string_size(64 * 1024)
            .set_max_array_size(10_000)
            .set_max_map_size(1_000)
            .set_max_variables(512)
            .set_max_functions(64)
            .set_max_modules(0)
            .set_strict_variables(true)
            .set_module_resolver(DummyModuleResolver::new())
            .set_optimization_level(rhai::OptimizationLevel::None)
            // No interning of names while compiling: rules compile on several threads
            // at once, and the interner is one lock they would queue for; past its
            // size it also rescans its whole table on every new name.
            .set_max_strings_interned(0);
        engine.disable_symbol("eval");
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        let clock = state.clone();
        // A run outside an evaluation (a rule file's top level, run when it is loaded)
        // gets the same budget, counted from its first operation.
        engine.on_progress(move |operations| {
            if operations == 1 {
                TOP_LEVEL_STARTED.set(thread_cpu_time());
            }
            if operations % 512 != 0 {
                return None;
            }
            let deadline = clock
                .try_lock()?
                .deadline
                .unwrap_or_else(|| TOP_LEVEL_STARTED.get() + TIME_BUDGET);
            (thread_cpu_time() > deadline).then(|| {
                format!(
                    "ran longer than the time budget of {} ms of CPU time",
                    TIME_BUDGET.as_millis()
                )
                .into()
            })
        });
        api::register(&mut engine, &state);
        block_functions(&mut engine);
        RuleEngine { engine, state }
    }
}

/// Shadows each blocked library function (registered functions win over the library's)
/// with one that fails, naming it.
fn block_functions(engine: &mut Engine) {
    for &name in BLOCKED_FUNCTIONS {
        let refuse = move || -> Result<(), Box<EvalAltResult>> {
            Err(format!("{name}() is not available to rules").into())
        };
        engine.register_fn(name, move |_: INT| refuse());
        engine.register_fn(name, move |_: FLOAT| refuse());
    }
}

impl Default for RuleEngine {
    fn default() -> Self {
        RuleEngine::new()
    }
}
