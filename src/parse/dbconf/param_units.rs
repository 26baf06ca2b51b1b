//! Database parameter values turned into numbers a rule can compare without knowing
//! each engine's spelling: `shared_buffers = 1GB` and `shared_buffers = 131072` are the
//! same size, `checkpoint_timeout = 15min` and `= 900` the same time, `fsync = 'off'`
//! and `fsync = false` the same setting. Next to each raw `db.param.<name>` fact the
//! parsers emit, when the value allows it:
//!
//! - `db.param_kib.<name>`: a size in KiB;
//! - `db.param_s.<name>`: a duration in seconds;
//! - `db.param_on.<name>`: an on/off setting as a flag;
//! - `db.param_num.<name>`: a value written as a plain number, as written (a count,
//!   a percentage, a mode, or a size or time in the parameter's own unit).
//!
//! Each engine reads units its own way:
//!
//! - PostgreSQL and openGauss (PostgreSQL manual, "Setting Parameters"): memory units
//!   `B`, `kB`, `MB`, `GB`, `TB` (factor 1024), time units `us`, `ms`, `s`, `min`, `h`,
//!   `d`, case-sensitive, a blank allowed between number and unit. A bare number is in
//!   the parameter's default unit (`pg_settings.unit`): only the parameters of
//!   `PG_DEFAULT_UNITS` are converted then. Booleans are `on`, `off`, `true`, `false`,
//!   `yes`, `no` in any case, and `1`/`0` for parameters known to be boolean. A negative
//!   bare number (`wal_buffers = -1`: automatic) is a switch, not a size: only its
//!   `db.param_num` fact is emitted.
//! - MySQL family (Reference Manual, "Using Options to Set Program Variables"): a size
//!   may end in `K`, `M`, `G`, `T` (factor 1024, any case); a bare number is bytes for the
//!   options of `MYSQL_BYTES` and seconds for those of `MYSQL_SECONDS`. Booleans are
//!   `ON`, `OFF`, `TRUE`, `FALSE` in any case, and `1`/`0` for options of `MYSQL_BOOLEANS`.
//! - DM8 dm.ini (DM8 system administrator's manual, dm.ini parameter table): values are
//!   plain numbers in the unit given per parameter; `DM_UNITS` lists the ones converted.

use crate::facts::{Unit, Value};
use crate::parse::FactSink;
use crate::parse::config_lines::ParamTable;

/// The engine whose spelling a configuration file follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Postgres,
    MySql,
    Dm,
}

/// The numbers one parameter value stands for.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Normalised {
    pub kib: Option<f64>,
    pub seconds: Option<f64>,
    pub on: Option<bool>,
    pub number: Option<f64>,
}

/// What a bare number of a parameter counts.
#[derive(Debug, Clone, Copy)]
enum BareUnit {
    Kib(f64),
    Seconds(f64),
}

const BLOCKS_8K: BareUnit = BareUnit::Kib(8.0);
const KIB: BareUnit = BareUnit::Kib(1.0);
const MIB: BareUnit = BareUnit::Kib(1024.0);
const SECONDS: BareUnit = BareUnit::Seconds(1.0);
const MILLISECONDS: BareUnit = BareUnit::Seconds(0.001);
const MINUTES: BareUnit = BareUnit::Seconds(60.0);

/// Default units of PostgreSQL (and openGauss) parameters, from their documentation.
const PG_DEFAULT_UNITS: &[(&str, BareUnit)] = &[
    ("shared_buffers", BLOCKS_8K),
    ("temp_buffers", BLOCKS_8K),
    ("wal_buffers", BLOCKS_8K),
    ("effective_cache_size", BLOCKS_8K),
    ("checkpoint_flush_after", BLOCKS_8K),
    ("bgwriter_flush_after", BLOCKS_8K),
    ("backend_flush_after", BLOCKS_8K),
    ("wal_writer_flush_after", BLOCKS_8K),
    ("min_parallel_table_scan_size", BLOCKS_8K),
    ("min_parallel_index_scan_size", BLOCKS_8K),
    ("work_mem", KIB),
    ("maintenance_work_mem", KIB),
    ("autovacuum_work_mem", KIB),
    ("logical_decoding_work_mem", KIB),
    ("temp_file_limit", KIB),
    ("log_rotation_size", KIB),
    ("gin_pending_list_limit", KIB),
    ("max_stack_depth", KIB),
    ("max_process_memory", KIB),
    ("cstore_buffers", KIB),
    ("max_wal_size", MIB),
    ("min_wal_size", MIB),
    ("wal_keep_size", MIB),
    ("max_slot_wal_keep_size", MIB),
    ("checkpoint_timeout", SECONDS),
    ("checkpoint_warning", SECONDS),
    ("archive_timeout", SECONDS),
    ("autovacuum_naptime", SECONDS),
    ("authentication_timeout", SECONDS),
    ("tcp_keepalives_idle", SECONDS),
    ("tcp_keepalives_interval", SECONDS),
    ("wal_receiver_status_interval", SECONDS),
    ("incremental_checkpoint_timeout", SECONDS),
    ("bgwriter_delay", MILLISECONDS),
    ("wal_writer_delay", MILLISECONDS),
    ("deadlock_timeout", MILLISECONDS),
    ("statement_timeout", MILLISECONDS),
    ("lock_timeout", MILLISECONDS),
    ("idle_in_transaction_session_timeout", MILLISECONDS),
    ("log_min_duration_statement", MILLISECONDS),
    ("autovacuum_vacuum_cost_delay", MILLISECONDS),
    ("vacuum_cost_delay", MILLISECONDS),
    ("wal_sender_timeout", MILLISECONDS),
    ("wal_receiver_timeout", MILLISECONDS),
    ("max_standby_streaming_delay", MILLISECONDS),
    ("max_standby_archive_delay", MILLISECONDS),
    ("pagewriter_sleep", MILLISECONDS),
    ("log_rotation_age", MINUTES),
];

/// PostgreSQL/openGauss parameters that are booleans without an `enable_` prefix, for
/// which `1` and `0` mean on and off.
const PG_BOOLEANS: &[&str] = &[
    "fsync",
    "full_page_writes",
    "synchronous_commit",
    "autovacuum",
    "wal_log_hints",
    "wal_compression",
    "track_io_timing",
    "track_counts",
    "jit",
    "hot_standby",
    "log_checkpoints",
    "log_connections",
    "log_disconnections",
    "log_lock_waits",
    "audit_enabled",
];

/// MySQL options whose bare number is bytes.
const MYSQL_BYTES: &[&str] = &[
    "innodb_buffer_pool_size",
    "innodb_buffer_pool_chunk_size",
    "innodb_log_file_size",
    "innodb_log_buffer_size",
    "innodb_redo_log_capacity",
    "innodb_page_size",
    "innodb_sort_buffer_size",
    "key_buffer_size",
    "sort_buffer_size",
    "join_buffer_size",
    "read_buffer_size",
    "read_rnd_buffer_size",
    "tmp_table_size",
    "max_heap_table_size",
    "max_allowed_packet",
    "binlog_cache_size",
    "max_binlog_size",
    "query_cache_size",
    "thread_stack",
    "net_buffer_length",
    "bulk_insert_buffer_size",
];

/// MySQL options whose value is seconds.
const MYSQL_SECONDS: &[&str] = &[
    "wait_timeout",
    "interactive_timeout",
    "connect_timeout",
    "net_read_timeout",
    "net_write_timeout",
    "lock_wait_timeout",
    "innodb_lock_wait_timeout",
    "innodb_flush_log_at_timeout",
    "long_query_time",
];

/// MySQL boolean options, for which `1` and `0` mean on and off.
const MYSQL_BOOLEANS: &[&str] = &[
    "innodb_file_per_table",
    "innodb_adaptive_hash_index",
    "performance_schema",
    "skip_name_resolve",
    "innodb_stats_on_metadata",
    "log_slow_queries",
    "slow_query_log",
    "general_log",
];

/// dm.ini parameters whose unit the DM8 manual gives (names in lower case, as the
/// facts spell them).
const DM_UNITS: &[(&str, BareUnit)] = &[
    ("buffer", MIB),
    ("memory_pool", MIB),
    ("memory_target", MIB),
    ("ckpt_rlog_size", MIB),
    ("ckpt_interval", SECONDS),
    ("undo_retention", SECONDS),
];

/// The numbers `value` of parameter `name` (lower case) stands for in `dialect`.
pub fn normalise(dialect: Dialect, name: &str, value: &str) -> Normalised {
    let value = value.trim();
    let number = plain_number(value);
    let mut out = Normalised {
        number,
        ..Normalised::default()
    };
    match dialect {
        Dialect::Postgres => {
            out.on =
                boolean(value, &["on", "yes", "true"], &["off", "no", "false"]).or_else(|| {
                    number_flag(
                        number,
                        name.starts_with("enable_") || PG_BOOLEANS.contains(&name),
                    )
                });
            match number {
                Some(n) if n >= 0.0 => set_bare(&mut out, lookup(PG_DEFAULT_UNITS, name), n),
                Some(_) => {}
                None => postgres_unit(&mut out, value),
            }
        }
        Dialect::MySql => {
            out.on = boolean(value, &["on", "true"], &["off", "false"])
                .or_else(|| number_flag(number, MYSQL_BOOLEANS.contains(&name)));
            match number {
                Some(n) if n >= 0.0 && MYSQL_BYTES.contains(&name) => out.kib = Some(n / 1024.0),
                Some(n) if n >= 0.0 && MYSQL_SECONDS.contains(&name) => out.seconds = Some(n),
                Some(_) => {}
                None => out.kib = mysql_size(value).map(|bytes| bytes / 1024.0),
            }
        }
        Dialect::Dm => {
            if let Some(n) = number.filter(|n| *n >= 0.0) {
                set_bare(&mut out, lookup(DM_UNITS, name), n);
            }
        }
    }
    out
}

fn lookup(table: &[(&str, BareUnit)], name: &str) -> Option<BareUnit> {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, unit)| *unit)
}

fn set_bare(out: &mut Normalised, unit: Option<BareUnit>, n: f64) {
    match unit {
        Some(BareUnit::Kib(factor)) => out.kib = Some(n * factor),
        Some(BareUnit::Seconds(factor)) => out.seconds = Some(n * factor),
        None => {}
    }
}

/// `on`/`off` words (any case) as a flag.
fn boolean(value: &str, on: &[&str], off: &[&str]) -> Option<bool> {
    let lower = value.to_ascii_lowercase();
    if on.contains(&lower.as_str()) {
        Some(true)
    } else if off.contains(&lower.as_str()) {
        Some(false)
    } else {
        None
    }
}

/// `1`/`0` as a flag, for a parameter known to be boolean.
fn number_flag(number: Option<f64>, is_boolean: bool) -> Option<bool> {
    match number {
        Some(n) if is_boolean && n == 1.0 => Some(true),
        Some(n) if is_boolean && n == 0.0 => Some(false),
        _ => None,
    }
}

/// A value written as a plain decimal number: an optional sign, digits, at most one
/// point (`128`, `-1`, `0.9`); not `1e3`, `inf` or `0x10`.
fn plain_number(value: &str) -> Option<f64> {
    let digits = value.strip_prefix(['-', '+']).unwrap_or(value);
    let plain = !digits.is_empty()
        && digits.bytes().any(|b| b.is_ascii_digit())
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && digits.bytes().filter(|b| *b == b'.').count() <= 1;
    if plain { value.parse().ok() } else { None }
}

/// The number before a unit and the unit: `15min` → (15, `min`), `'120 ms'` → (120,
/// `ms`); `None` when the value does not start with a non-negative number.
fn split_unit(value: &str) -> Option<(f64, &str)> {
    let end = value
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(value.len());
    let number = plain_number(&value[..end])?;
    Some((number, value[end..].trim_start()))
}

/// A PostgreSQL value with a memory or time unit.
fn postgres_unit(out: &mut Normalised, value: &str) {
    let Some((n, unit)) = split_unit(value) else {
        return;
    };
    match unit {
        "B" => out.kib = Some(n / 1024.0),
        "kB" => out.kib = Some(n),
        "MB" => out.kib = Some(n * 1024.0),
        "GB" => out.kib = Some(n * 1024.0 * 1024.0),
        "TB" => out.kib = Some(n * 1024.0 * 1024.0 * 1024.0),
        "us" => out.seconds = Some(n / 1_000_000.0),
        "ms" => out.seconds = Some(n / 1000.0),
        "s" => out.seconds = Some(n),
        "min" => out.seconds = Some(n * 60.0),
        "h" => out.seconds = Some(n * 3600.0),
        "d" => out.seconds = Some(n * 86400.0),
        _ => {}
    }
}

/// A MySQL size with a suffix, in bytes: `128M`, `4g`.
fn mysql_size(value: &str) -> Option<f64> {
    let (n, suffix) = split_unit(value)?;
    let power = match suffix.to_ascii_uppercase().as_str() {
        "K" => 1,
        "M" => 2,
        "G" => 3,
        "T" => 4,
        _ => return None,
    };
    Some(n * 1024f64.powi(power))
}

impl Dialect {
    /// The dialect of a `db.engine` fact's value.
    pub fn of_engine(engine: &str) -> Option<Dialect> {
        match engine {
            "postgresql" | "opengauss" => Some(Dialect::Postgres),
            "mysql" => Some(Dialect::MySql),
            "dm" => Some(Dialect::Dm),
            _ => None,
        }
    }
}

/// The normalised facts of parameter `name` set to `value`: key, value and unit.
pub fn normalised_facts(dialect: Dialect, name: &str, value: &str) -> Vec<(String, Value, Unit)> {
    let n = normalise(dialect, name, value);
    let mut facts = Vec::new();
    if let Some(kib) = n.kib {
        facts.push((
            format!("db.param_kib.{name}"),
            Value::Number(kib),
            Unit::Kibibytes,
        ));
    }
    if let Some(seconds) = n.seconds {
        facts.push((
            format!("db.param_s.{name}"),
            Value::Number(seconds),
            Unit::Seconds,
        ));
    }
    if let Some(on) = n.on {
        facts.push((format!("db.param_on.{name}"), Value::Flag(on), Unit::None));
    }
    if let Some(number) = n.number {
        facts.push((
            format!("db.param_num.{name}"),
            Value::Number(number),
            Unit::None,
        ));
    }
    facts
}

/// Emits each parameter as its raw `db.param.<name>` text and the normalised facts its
/// value allows, all on the parameter's line, in the order the file first names them.
pub(in crate::parse) fn emit(dialect: Dialect, params: &ParamTable, sink: &mut FactSink) {
    for (name, value, line) in params.iter() {
        sink.text(format!("db.param.{name}"), value, line);
        for (key, value, unit) in normalised_facts(dialect, name, value) {
            sink.put(key, value, unit, (line, line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pg(name: &str, value: &str) -> Normalised {
        normalise(Dialect::Postgres, name, value)
    }

    #[test]
    fn postgres_sizes_with_and_without_units() {
        assert_eq!(pg("shared_buffers", "1GB").kib, Some(1048576.0));
        assert_eq!(pg("shared_buffers", "16384").kib, Some(131072.0));
        assert_eq!(pg("work_mem", "4MB").kib, Some(4096.0));
        assert_eq!(pg("work_mem", "64").kib, Some(64.0));
        assert_eq!(pg("max_wal_size", "2").kib, Some(2048.0));
        assert_eq!(pg("wal_buffers", "512 kB").kib, Some(512.0));
        assert_eq!(pg("wal_buffers", "2048B").kib, Some(2.0));
        // Unit names are case-sensitive: the server refuses `1gb`.
        assert_eq!(pg("shared_buffers", "1gb").kib, None);
        // A number without unit of a parameter whose unit is unknown stays a number.
        assert_eq!(pg("max_connections", "100").kib, None);
        assert_eq!(pg("max_connections", "100").number, Some(100.0));
    }

    #[test]
    fn postgres_durations() {
        assert_eq!(pg("checkpoint_timeout", "15min").seconds, Some(900.0));
        assert_eq!(pg("checkpoint_timeout", "300").seconds, Some(300.0));
        assert_eq!(pg("bgwriter_delay", "200").seconds, Some(0.2));
        assert_eq!(pg("statement_timeout", "1h").seconds, Some(3600.0));
        assert_eq!(pg("log_rotation_age", "1d").seconds, Some(86400.0));
        assert_eq!(pg("log_rotation_age", "1").seconds, Some(60.0));
        assert_eq!(pg("commit_delay", "500us").seconds, Some(0.0005));
    }

    #[test]
    fn a_negative_bare_number_is_a_switch_not_a_size() {
        let auto = pg("wal_buffers", "-1");
        assert_eq!(auto.kib, None);
        assert_eq!(auto.number, Some(-1.0));
    }

    #[test]
    fn postgres_booleans() {
        assert_eq!(pg("fsync", "off").on, Some(false));
        assert_eq!(pg("fsync", "OFF").on, Some(false));
        assert_eq!(pg("fsync", "0").on, Some(false));
        assert_eq!(pg("enable_thread_pool", "true").on, Some(true));
        assert_eq!(pg("enable_thread_pool", "1").on, Some(true));
        assert_eq!(pg("synchronous_commit", "remote_apply").on, None);
        // 1 of a count is not "on".
        assert_eq!(pg("max_prepared_transactions", "1").on, None);
    }

    #[test]
    fn mysql_values() {
        let my = |name, value| normalise(Dialect::MySql, name, value);
        assert_eq!(
            my("innodb_buffer_pool_size", "96G").kib,
            Some(96.0 * 1048576.0)
        );
        assert_eq!(my("innodb_log_file_size", "512m").kib, Some(524288.0));
        assert_eq!(
            my("innodb_buffer_pool_size", "134217728").kib,
            Some(131072.0)
        );
        assert_eq!(my("innodb_page_size", "16k").kib, Some(16.0));
        assert_eq!(my("max_connections", "151").kib, None);
        assert_eq!(my("wait_timeout", "28800").seconds, Some(28800.0));
        assert_eq!(my("skip_name_resolve", "ON").on, Some(true));
        assert_eq!(my("innodb_file_per_table", "0").on, Some(false));
        // innodb_flush_log_at_trx_commit = 1 is a mode, not "on".
        assert_eq!(my("innodb_flush_log_at_trx_commit", "1").on, None);
    }

    #[test]
    fn dm_values_in_the_manual_units() {
        let dm = |name, value| normalise(Dialect::Dm, name, value);
        assert_eq!(dm("buffer", "200000").kib, Some(200000.0 * 1024.0));
        assert_eq!(dm("ckpt_interval", "300").seconds, Some(300.0));
        assert_eq!(dm("undo_retention", "2").seconds, Some(2.0));
        assert_eq!(dm("io_thr_groups", "128").number, Some(128.0));
        assert_eq!(dm("io_thr_groups", "128").kib, None);
        assert_eq!(dm("direct_io", "1").on, None);
    }

    #[test]
    fn plain_numbers_only() {
        assert_eq!(plain_number("0.9"), Some(0.9));
        assert_eq!(plain_number("-1"), Some(-1.0));
        assert_eq!(plain_number("1e3"), None);
        assert_eq!(plain_number("inf"), None);
        assert_eq!(plain_number("."), None);
        assert_eq!(plain_number("1.2.3"), None);
        assert_eq!(plain_number(""), None);
    }
}
