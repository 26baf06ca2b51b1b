//! `dm.ini`, the DM8 (Dameng) server configuration file: case C tunes DM8 for an
//! I/O-heavy load through it (DIRECT_IO, IO_THR_GROUPS, the CKPT_* checkpoint settings,
//! UNDO_RETENTION, WORKER_THREADS …), so rules compare what is configured here with
//! the guide's values.
//!
//! ```text
//! #file locations
//!         CTL_PATH                        = /dm8/data/DAMENG/dm.ctl   #control file
//!         SYSTEM_PATH                     = /dm8/data/DAMENG          #system path
//! #memory pool and buffers
//!         MEMORY_POOL                     = 500                       #shared memory pool, MB
//!         BUFFER                          = 200000                    #data buffer, MB
//! #threads
//!         WORKER_THREADS                  = 64                        #worker threads
//!         IO_THR_GROUPS                   = 128                       #I/O thread groups
//! ```
//!
//! Lines are `NAME = value`, indented, with a `#` comment after the value; there are
//! no sections (the layout follows DM8's documentation; no shipped file was at hand to
//! compare with, see the fixture README). A repeated name is reported and its last
//! line taken, as PostgreSQL and MySQL do (not verified for dmserver). Paths (`SYSTEM_PATH`,
//! `CTL_PATH`, `CONFIG_PATH`, `TEMP_PATH`, `BAK_PATH`, archive and log settings) come
//! through like any parameter, for layout rules (data and redo on one disk).
//!
//! Facts: `db.engine` = `dm`, `db.param.<name>` with the name lower-cased
//! (`db.param.io_thr_groups`), the value as written without its comment; plain numbers
//! also as `db.param_num.<name>`, and the sizes and times whose unit the DM8 manual
//! gives as `db.param_kib.<name>` and `db.param_s.<name>` (see `param_units`).

use super::param_units::{self, Dialect};
use crate::parse::config_lines::{
    ParamTable, before_comment, is_param_name, split_assignment, warn_cut_off,
};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct DmIni;

/// Parameter names that dm.ini has and other formats do not spell this way (upper
/// case); three of them identify the file, so a pasted excerpt of the tuning lines
/// (DIRECT_IO, IO_THR_GROUPS, CKPT_INTERVAL) is recognised too.
const VOCABULARY: &[&str] = &[
    "CTL_PATH",
    "CTL_BAK_PATH",
    "SYSTEM_PATH",
    "CONFIG_PATH",
    "TEMP_PATH",
    "BAK_PATH",
    "INSTANCE_NAME",
    "MAX_OS_MEMORY",
    "MEMORY_POOL",
    "MEMORY_TARGET",
    "BUFFER",
    "BUFFER_POOLS",
    "FAST_POOL_PAGES",
    "FAST_ROLL_PAGES",
    "RECYCLE",
    "DICT_BUF_SIZE",
    "WORKER_THREADS",
    "TASK_THREADS",
    "IO_THR_GROUPS",
    "DIRECT_IO",
    "CKPT_RLOG_SIZE",
    "CKPT_DIRTY_PAGES",
    "CKPT_FLUSH_RATE",
    "CKPT_INTERVAL",
    "UNDO_RETENTION",
    "RLOG_BUF_SIZE",
    "RLOG_POOL_SIZE",
    "MAX_SESSIONS",
    "MAX_SESSION_STATEMENT",
    "PORT_NUM",
    "SORT_BUF_SIZE",
    "ENABLE_MONITOR",
    "ARCH_INI",
    "MAL_INI",
];

impl CaptureParser for DmIni {
    fn tool(&self) -> &'static str {
        "dm-ini"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut seen = [false; VOCABULARY.len()];
        for line in head.lines().take(5000) {
            let Some((key, _)) = split_assignment(line) else {
                continue;
            };
            if let Some(i) = VOCABULARY.iter().position(|v| *v == key) {
                seen[i] = true;
            }
        }
        (seen.iter().filter(|s| **s).count() >= 3).then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut params = ParamTable::default();
        while let Some(line) = lines.next_line()? {
            let n = line.number;
            let cut_off = line.cut_off;
            let raw = String::from_utf8_lossy(line.bytes);
            let text = before_comment(&raw, '#').trim();
            if text.is_empty() {
                continue;
            }
            if text.starts_with('[') && text.ends_with(']') {
                sink.warn(
                    n,
                    format!("section {text} ignored: dm.ini has no sections (dmmal.ini or dmarch.ini pasted in?)"),
                );
                continue;
            }
            let Some((key, value)) = split_assignment(text) else {
                sink.warn(n, format!("not a `NAME = value` line: {text}"));
                continue;
            };
            if !is_param_name(key) || key.contains('.') || value.is_empty() {
                sink.warn(n, format!("not a `NAME = value` line: {text}"));
                continue;
            }
            if cut_off {
                warn_cut_off(n, sink);
            }
            params.set(key.to_ascii_lowercase(), value.to_string(), n, sink);
        }
        if params.is_empty() {
            return Err(ParseError::whole_file(
                "no `NAME = value` parameter line found",
            ));
        }
        sink.text("db.engine", "dm", params.first_line());
        param_units::emit(Dialect::Dm, &params, sink);
        Ok(())
    }
}
