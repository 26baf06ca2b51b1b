//! Running code that might panic (a parser on hostile input, inferno on odd frames)
//! so that a panic becomes an error the caller words for the user, naming the file,
//! and nothing else: Rust's default panic hook would print the panic message and a
//! backtrace hint to the terminal first. The hook installed here stays silent while
//! the current thread runs inside `catch_quietly` and defers to the previous hook
//! everywhere else, so a real bug outside these places still reports itself.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

thread_local! {
    static QUIET: Cell<u32> = const { Cell::new(0) };
}

static INSTALL: Once = Once::new();

/// Runs `f`; a panic inside it (on this thread) is returned as `Err` with its message
/// and is not printed.
pub fn catch_quietly<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) == 0 {
                previous(info);
            }
        }));
    });
    QUIET.with(|q| q.set(q.get() + 1));
    let outcome = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(q.get() - 1));
    outcome.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message() {
        assert_eq!(catch_quietly(|| 7), Ok(7));
        let err = catch_quietly(|| -> u8 { panic!("bad frame {}", 3) }).unwrap_err();
        assert_eq!(err, "bad frame 3");
        // Nested and repeated calls keep working.
        assert!(catch_quietly(|| catch_quietly(|| panic!("inner")).is_err()).unwrap());
    }
}
