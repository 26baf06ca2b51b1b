use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::dbconf::postgresql_conf::PostgresqlConf;

#[test]
fn debian_postgresql_15_file_gives_its_active_settings() {
    let p = parse_fixture("postgresql-conf/postgresql15_debian.conf");
    assert_eq!(p.tool(), Some("postgresql-conf"));
    assert_eq!(p.text("db.engine"), "postgresql");
    assert_eq!(
        p.text("db.param.data_directory"),
        "/var/lib/postgresql/15/main"
    );
    assert_eq!(p.get("db.param.data_directory").provenance.line, 42);
    assert_eq!(p.text("db.param.shared_buffers"), "128MB");
    assert_eq!(p.get("db.param.shared_buffers").provenance.line, 127);
    assert_eq!(p.text("db.param.max_wal_size"), "1GB");
    assert_eq!(p.text("db.param.datestyle"), "iso, mdy");
    assert_eq!(p.text("db.param.port"), "5432");
    // Commented-out defaults are not settings.
    assert!(!p.has("db.param.work_mem"));
    assert!(!p.has("db.param.include_dir"));
    let params = p
        .keys()
        .iter()
        .filter(|k| k.starts_with("db.param."))
        .count();
    assert_eq!(params, 24);
    let warnings = &p.report.warnings;
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 805 && w.message.contains("include_dir 'conf.d'")),
        "{warnings:?}"
    );
}

#[test]
fn mogdb_tuning_block_last_setting_wins_and_engine_is_opengauss() {
    let p = parse_fixture("postgresql-conf/mogdb_tpcc.conf");
    assert_eq!(p.text("db.engine"), "opengauss");
    // The first openGauss-only name is the commented `#enable_thread_pool` on line 16.
    assert_eq!(p.get("db.engine").provenance.line, 16);
    assert_eq!(p.text("db.param.fsync"), "off");
    assert_eq!(p.get("db.param.fsync").provenance.line, 135);
    assert_eq!(p.text("db.param.wal_level"), "minimal");
    assert_eq!(p.get("db.param.wal_level").provenance.line, 133);
    assert_eq!(p.text("db.param.max_connections"), "4096");
    assert_eq!(p.text("db.param.shared_buffers"), "350GB");
    assert_eq!(p.text("db.param.xloginsert_locks"), "8");
    assert_eq!(p.text("db.param.checkpoint_segments"), "10240");
    assert_eq!(p.text("db.param.update_lockwait_timeout"), "20min");
    assert_eq!(
        p.text("db.param.thread_pool_attr"),
        "345,4,(cpubind:1-28,32-60,64-92,96-124)"
    );
    assert_eq!(p.text("db.param.enable_thread_pool"), "on");
    let params = p
        .keys()
        .iter()
        .filter(|k| k.starts_with("db.param."))
        .count();
    assert_eq!(params, 100);
    assert!(p.report.warnings.iter().any(|w| {
        w.line == 135
            && w.message
                .contains("fsync set again (first on line 54 = on)")
    }));
}

#[test]
fn quotes_case_and_trailing_comments() {
    let text =
        b"Shared_Buffers = '8GB'   # big\nsearch_path = '\"$user\", public'\nwork_mem=64MB#x\n";
    let (facts, warnings) = run_parser(&PostgresqlConf, text).unwrap();
    let get = |k: &str| facts.iter().find(|f| f.key == k).map(|f| f.value.clone());
    assert_eq!(get("db.param.shared_buffers"), Some(text_value("8GB")));
    assert_eq!(
        get("db.param.search_path"),
        Some(text_value("\"$user\", public"))
    );
    assert_eq!(get("db.param.work_mem"), Some(text_value("64MB")));
    assert_eq!(get("db.engine"), Some(text_value("postgresql")));
    assert!(warnings.is_empty(), "{warnings:?}");
}

fn text_value(t: &str) -> perfsage::facts::Value {
    perfsage::facts::Value::Text(t.into())
}

#[test]
fn sysctl_and_my_cnf_are_not_claimed() {
    let sysctl = "kernel.numa_balancing = 0\nvm.swappiness = 10\nnet.core.somaxconn = 4096\n";
    assert_eq!(PostgresqlConf.sniff(sysctl), None);
    let cnf = "[mysqld]\nmax_connections = 100\nshared_buffers = 1\nwork_mem = 2\n";
    assert_eq!(PostgresqlConf.sniff(cnf), None);
}

#[test]
fn empty_garbage_and_commented_only_input_are_errors() {
    assert!(run_parser(&PostgresqlConf, b"").is_err());
    assert!(run_parser(&PostgresqlConf, b"hello world\nthis is not a config\n").is_err());
    assert!(run_parser(&PostgresqlConf, b"#shared_buffers = 1GB\n#work_mem = 4MB\n").is_err());
}

#[test]
fn truncated_file_keeps_complete_lines_and_names_the_cut_line() {
    let full = read("postgresql-conf/mogdb_tpcc.conf");
    let text = String::from_utf8(full).unwrap();
    let cut = text.find("fsync=off").unwrap() + "fsync=of".len();
    let (facts, warnings) = run_parser(&PostgresqlConf, &text.as_bytes()[..cut]).unwrap();
    let fsync = facts.iter().find(|f| f.key == "db.param.fsync").unwrap();
    assert_eq!(fsync.provenance.line, 135);
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 135 && w.message.contains("ends inside line 135")),
        "{warnings:?}"
    );
    assert!(facts.iter().any(|f| f.key == "db.param.wal_level"));
}

#[test]
fn mogdb_values_come_normalised_on_their_lines() {
    let p = parse_fixture("postgresql-conf/mogdb_tpcc.conf");
    // 350GB, the later of two lines.
    assert_eq!(
        p.num("db.param_kib.shared_buffers"),
        350.0 * 1024.0 * 1024.0
    );
    assert_eq!(p.get("db.param_kib.shared_buffers").provenance.line, 47);
    assert_eq!(p.num("db.param_kib.wal_buffers"), 1024.0 * 1024.0);
    assert_eq!(p.num("db.param_s.checkpoint_timeout"), 900.0);
    assert_eq!(p.get("db.param_s.checkpoint_timeout").provenance.line, 69);
    // A bare number in the parameter's default unit (milliseconds).
    assert_eq!(p.num("db.param_s.bgwriter_delay"), 0.5);
    assert_eq!(p.num("db.param_kib.bgwriter_flush_after"), 256.0);
    assert_eq!(
        p.get("db.param_on.fsync").value,
        perfsage::facts::Value::Flag(false)
    );
    assert_eq!(p.get("db.param_on.fsync").provenance.line, 135);
    assert_eq!(p.num("db.param_num.xloginsert_locks"), 8.0);
    assert!(!p.has("db.param_kib.xloginsert_locks"));
}
