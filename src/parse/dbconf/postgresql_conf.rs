//! `postgresql.conf` of PostgreSQL and of the openGauss family (openGauss, MogDB,
//! GaussDB): the server parameters a tuning guide tells the consultant to set, read
//! so that rules can compare them with the guide (case E lists ~100 of them).
//!
//! ```text
//! # -----------------------------
//! # PostgreSQL configuration file
//! # -----------------------------
//! data_directory = '/var/lib/postgresql/15/main'      # use data in another directory
//! port = 5432                             # (change requires restart)
//! max_connections = 100                   # (change requires restart)
//! shared_buffers = 128MB                  # min 128kB
//! #work_mem = 4MB                         # min 64kB
//! max_wal_size = 1GB
//! include_dir = 'conf.d'                  # include files ending in '.conf' from
//! ```
//!
//! Reading follows the server: `name = value`, `#` starts a
//! comment anywhere outside quotes, names are case-insensitive, and when a name occurs
//! twice the LAST line wins (case E's list sets `fsync` and `synchronous_commit` twice).
//! Commented-out lines are not settings. `include`, `include_if_exists` and
//! `include_dir` are reported as warnings: the files they name are not in the capture.
//! The server also accepts `name value` without `=`; nobody writes that, and accepting
//! it would turn any prose into settings, so such lines are reported, not read.
//!
//! Facts: `db.engine` and `db.param.<name>` (text as written, quotes removed, units kept:
//! `8GB`, `15min`), with the sizes, times, switches and numbers among them also as
//! `db.param_kib.<name>`, `db.param_s.<name>`, `db.param_on.<name>`, `db.param_num.<name>`
//! (units and default units: `param_units`). Location settings (`data_directory`, openGauss `xlog` settings) come
//! through as ordinary parameters.
//!
//! Engine: `opengauss` when any line, active or commented out, names a parameter that
//! only the openGauss family has (thread pool, incremental checkpoint, double write,
//! `max_process_memory` … see `OPENGAUSS_ONLY`); openGauss ships its postgresql.conf
//! with these in it. Otherwise `postgresql`.

use super::param_units::{self, Dialect};
use crate::parse::config_lines::{
    ParamTable, before_comment, is_param_name, unquote, warn_cut_off,
};
use crate::parse::{CaptureParser, FactSink, Lines, ParseError};

pub struct PostgresqlConf;

/// Parameter names of PostgreSQL (and its forks) that MySQL, DM and sysctl do not use;
/// two of them, set or commented out, identify a postgresql.conf.
const VOCABULARY: &[&str] = &[
    "shared_buffers",
    "effective_cache_size",
    "work_mem",
    "maintenance_work_mem",
    "wal_level",
    "wal_buffers",
    "max_wal_size",
    "min_wal_size",
    "checkpoint_timeout",
    "checkpoint_completion_target",
    "checkpoint_segments",
    "synchronous_commit",
    "full_page_writes",
    "listen_addresses",
    "data_directory",
    "hba_file",
    "ident_file",
    "log_line_prefix",
    "log_timezone",
    "datestyle",
    "default_text_search_config",
    "random_page_cost",
    "autovacuum",
    "autovacuum_max_workers",
    "autovacuum_naptime",
    "bgwriter_delay",
    "dynamic_shared_memory_type",
    "unix_socket_directories",
    "max_prepared_transactions",
    "enable_seqscan",
    "enable_nestloop",
    "enable_hashjoin",
    "enable_mergejoin",
    "effective_io_concurrency",
    "default_statistics_target",
    "lc_messages",
    "thread_pool_attr",
    "enable_thread_pool",
];

/// Parameters only openGauss / MogDB / GaussDB have (PostgreSQL does not know them).
const OPENGAUSS_ONLY: &[&str] = &[
    "enable_thread_pool",
    "thread_pool_attr",
    "max_process_memory",
    "enable_double_write",
    "enable_incremental_checkpoint",
    "incremental_checkpoint_timeout",
    "pagewriter_sleep",
    "pagewriter_thread_num",
    "enable_opfusion",
    "enable_beta_opfusion",
    "xloginsert_locks",
    "cstore_buffers",
    "enable_alarm",
    "use_workload_manager",
    "enable_codegen",
    "enable_xlog_prune",
    "enable_stmt_track",
    "dirty_page_percent_max",
    "candidate_buf_percent_target",
    "wal_file_init_num",
    "advance_xlog_file_num",
    "enable_global_plancache",
    "enable_memory_limit",
    "enable_data_replicate",
    "remote_read_mode",
    "enable_instr_rt_percentile",
    "audit_enabled",
];

impl CaptureParser for PostgresqlConf {
    fn tool(&self) -> &'static str {
        "postgresql-conf"
    }

    fn sniff(&self, head: &str) -> Option<u8> {
        let mut seen = [false; VOCABULARY.len()];
        for line in head.lines().take(5000) {
            let text = line.trim();
            if text.starts_with('[') && text.ends_with(']') {
                // my.cnf and other INI files have sections; postgresql.conf has none.
                return None;
            }
            let text = text.trim_start_matches('#').trim_start();
            let (name, rest) = split_name(text);
            if !rest.starts_with('=') {
                continue;
            }
            if let Some(i) = VOCABULARY.iter().position(|v| *v == name) {
                seen[i] = true;
            }
        }
        (seen.iter().filter(|s| **s).count() >= 2).then_some(90)
    }

    fn parse(&self, lines: &mut Lines, sink: &mut FactSink) -> Result<(), ParseError> {
        let mut params = ParamTable::default();
        let mut opengauss_line: Option<u64> = None;
        while let Some(line) = lines.next_line()? {
            let n = line.number;
            let cut_off = line.cut_off;
            let raw = String::from_utf8_lossy(line.bytes);
            let text = raw.trim();
            if let Some(commented) = text.strip_prefix('#') {
                let (name, rest) = split_name(commented.trim_start());
                if rest.starts_with('=') && is_opengauss_only(name) {
                    opengauss_line.get_or_insert(n);
                }
                continue;
            }
            let text = before_comment(text, '#').trim();
            if text.is_empty() {
                continue;
            }
            let (name, rest) = split_name(text);
            let name = name.to_ascii_lowercase();
            let Some(value) = rest.strip_prefix('=').map(str::trim) else {
                sink.warn(
                    n,
                    format!("not a `name = value` setting (perfsage needs the `=`): {text}"),
                );
                continue;
            };
            if !is_param_name(&name) || value.is_empty() {
                sink.warn(n, format!("not a `name = value` setting: {text}"));
                continue;
            }
            if cut_off {
                warn_cut_off(n, sink);
            }
            let value = unquote(value).into_owned();
            if matches!(
                name.as_str(),
                "include" | "include_if_exists" | "include_dir"
            ) {
                sink.warn(
                    n,
                    format!(
                        "{name} '{value}': settings in that file or folder are not in this capture"
                    ),
                );
                continue;
            }
            if is_opengauss_only(&name) {
                opengauss_line.get_or_insert(n);
            }
            params.set(name, value, n, sink);
        }
        if params.is_empty() {
            return Err(ParseError::whole_file(
                "no active `name = value` setting found (every line is blank or commented out)",
            ));
        }
        let engine = if opengauss_line.is_some() {
            "opengauss"
        } else {
            "postgresql"
        };
        sink.text(
            "db.engine",
            engine,
            opengauss_line.unwrap_or_else(|| params.first_line()),
        );
        param_units::emit(Dialect::Postgres, &params, sink);
        Ok(())
    }
}

fn is_opengauss_only(name: &str) -> bool {
    OPENGAUSS_ONLY.iter().any(|p| p.eq_ignore_ascii_case(name))
}

/// `shared_buffers = 8GB` → (`shared_buffers`, `= 8GB`): the leading parameter name and
/// what follows it, trimmed.
fn split_name(text: &str) -> (&str, &str) {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(text.len());
    (&text[..end], text[end..].trim_start())
}
