//! Finding an installed program the way a shell would: each `$PATH` directory in
//! order, the first executable file of that name. `perfsage capture` looks for its
//! tools and the benchmark command, the reader for sysstat's `sadf`.

use std::path::{Path, PathBuf};

/// The first executable `program` in `dirs`.
pub fn find_in(dirs: &[PathBuf], program: &str) -> Option<PathBuf> {
    dirs.iter()
        .map(|dir| dir.join(program))
        .find(|path| is_executable(path))
}

/// The first executable `program` on `$PATH`.
pub fn find_on_path(program: &str) -> Option<PathBuf> {
    let dirs: Vec<PathBuf> = std::env::split_paths(&std::env::var_os("PATH")?).collect();
    find_in(&dirs, program)
}

/// A regular file someone may execute.
pub fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}
