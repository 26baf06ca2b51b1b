//! The temporary folders archives are unpacked into must not outlive perfsage, even
//! when Ctrl-C, SIGTERM or SIGHUP ends it half-way through unpacking. Dropping the
//! folder covers every normal exit and panic; for the signals, the first unpacked
//! archive installs a watcher thread that removes every registered folder and then
//! ends perfsage as the signal would have. Writes into a folder hold the registry's
//! lock one chunk at a time, so the watcher never races a write: once it holds the
//! lock nothing is written again. A signal that was ignored when perfsage started
//! (nohup) stays ignored.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

static FOLDERS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A temporary folder removed when dropped or when perfsage is stopped by a signal.
#[derive(Debug)]
pub struct Cleaned {
    dir: Option<tempfile::TempDir>,
}

impl Cleaned {
    pub fn new(dir: tempfile::TempDir) -> Cleaned {
        watch_signals();
        registry().push(dir.path().to_path_buf());
        Cleaned { dir: Some(dir) }
    }

    pub fn path(&self) -> &Path {
        self.dir.as_ref().map_or(Path::new(""), |d| d.path())
    }

    /// Held while writing into the folder: the signal watcher waits for it.
    pub fn writing(&self) -> MutexGuard<'static, Vec<PathBuf>> {
        registry()
    }
}

impl Drop for Cleaned {
    fn drop(&mut self) {
        let mut folders = registry();
        if let Some(dir) = self.dir.take() {
            folders.retain(|f| f != dir.path());
            // Removal errors leave nothing to do: the folder is in the system's tmp.
            let _ = dir.close();
        }
    }
}

fn registry() -> MutexGuard<'static, Vec<PathBuf>> {
    FOLDERS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn watch_signals() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let watched: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
            .into_iter()
            .filter(|&signal| !ignored(signal))
            .collect();
        // Without the watcher a signal still ends perfsage; only the folder stays.
        let Ok(mut signals) = signal_hook::iterator::Signals::new(&watched) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let folders = registry();
                for folder in folders.iter() {
                    let _ = std::fs::remove_dir_all(folder);
                }
                // Ends the process the way the signal's default action does, the
                // registry still locked so that no write follows the removal.
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    });
}

/// Whether `signal` was set to be ignored when perfsage started.
// Reading a signal's disposition has no safe std or rustix API.
#[allow(unsafe_code)]
fn ignored(signal: i32) -> bool {
    // SAFETY: queries the current action into a zeroed plain C struct; changes nothing.
    unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut current) == 0
            && current.sa_sigaction == libc::SIG_IGN
    }
}
