//! The one place a Rhai engine is built. Limits are always on: operations, call depth,
//! expression depth, string/array/map sizes, a wall-clock budget per evaluation, no
//! module imports, no `eval`, strict variables. Rules therefore cannot read files, run
//! commands, reach the network or hang a diagnosis.

use super::api;
use crate::facts::Facts;
use rhai::Engine;
use rhai::module_resolvers::DummyModuleResolver;
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;
use std::time::{Duration, Instant};

pub const MAX_OPERATIONS: u64 = 1_000_000;
pub const TIME_BUDGET: Duration = Duration::from_millis(100);

/// What the helpers registered in the engine can see during one evaluation.
#[derive(Default)]
pub struct EvalState {
    pub facts: Option<Rc<Facts>>,
    /// Ids of rules that fired; guards ask `fired(id)`, rules may not.
    pub fired: Option<HashSet<String>>,
    /// Facts whose values the script read, in first-read order.
    pub read: Vec<String>,
    /// Facts the script asked for that do not exist.
    pub missing: Vec<String>,
    pub deadline: Option<Instant>,
}

impl EvalState {
    pub fn begin(&mut self, facts: Rc<Facts>, fired: Option<HashSet<String>>) {
        *self = EvalState {
            facts: Some(facts),
            fired,
            read: Vec::new(),
            missing: Vec::new(),
            deadline: Some(Instant::now() + TIME_BUDGET),
        };
    }

    pub fn end(&mut self) -> (Vec<String>, Vec<String>) {
        let read = std::mem::take(&mut self.read);
        let missing = std::mem::take(&mut self.missing);
        *self = EvalState::default();
        (read, missing)
    }
}

pub type SharedState = Rc<RefCell<EvalState>>;

/// A sandboxed engine plus the state its helpers read.
pub struct RuleEngine {
    pub engine: Engine,
    pub state: SharedState,
}

impl RuleEngine {
    pub fn new() -> RuleEngine {
        let state: SharedState = Rc::new(RefCell::new(EvalState::default()));
        let mut engine = Engine::new();
        engine
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(32)
            .set_max_expr_depths(64, 32)
            .set_max_string_size(64 * 1024)
            .set_max_array_size(10_000)
            .set_max_map_size(1_000)
            .set_max_variables(512)
            .set_max_functions(64)
            .set_max_modules(0)
            .set_strict_variables(true)
            .set_module_resolver(DummyModuleResolver::new());
        engine.disable_symbol("eval");
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        let clock = state.clone();
        engine.on_progress(move |operations| {
            if operations % 512 != 0 {
                return None;
            }
            let deadline = clock.try_borrow().ok()?.deadline?;
            (Instant::now() > deadline).then(|| {
                format!("stopped after {} ms (time budget)", TIME_BUDGET.as_millis()).into()
            })
        });
        api::register(&mut engine, &state);
        RuleEngine { engine, state }
    }
}

impl Default for RuleEngine {
    fn default() -> Self {
        RuleEngine::new()
    }
}
