use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::CaptureParser;
use perfsage::parse::dbconf::my_cnf::MyCnf;

#[test]
fn greatdb_server_groups_only_with_mysql_name_rules() {
    let p = parse_fixture("my-cnf/greatdb_node1.cnf");
    assert_eq!(p.tool(), Some("my-cnf"));
    assert_eq!(p.text("db.engine"), "mysql");
    assert_eq!(p.text("db.param.datadir"), "/greatdb/data");
    assert_eq!(
        p.text("db.param.innodb_log_group_home_dir"),
        "/greatdb/redo"
    );
    // `innodb-log-file-size` is `innodb_log_file_size`.
    assert_eq!(p.text("db.param.innodb_log_file_size"), "4G");
    assert_eq!(p.get("db.param.innodb_log_file_size").provenance.line, 25);
    assert_eq!(p.text("db.param.innodb_buffer_pool_size"), "96G");
    assert_eq!(p.text("db.param.skip_name_resolve"), "ON");
    assert_eq!(p.text("db.param.log_bin"), "/greatdb/binlog/binlog");
    // `loose-` dropped, quotes removed.
    assert_eq!(p.text("db.param.plugin_load_add"), "group_replication.so");
    assert_eq!(
        p.text("db.param.group_replication_single_primary_mode"),
        "ON"
    );
    // The later line wins; its trailing comment is not part of the value.
    assert_eq!(p.text("db.param.max_connections"), "4000");
    assert_eq!(p.get("db.param.max_connections").provenance.line, 44);
    // [client], [mysqld_safe] and [mysqldump] are not server settings.
    assert!(!p.has("db.param.quick"));
    assert!(!p.has("db.param.log_error"));
    assert!(!p.has("db.param.max_allowed_packet"));
    let warnings = &p.report.warnings;
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 44 && w.message.contains("first on line 19"))
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 53 && w.message.contains("!includedir /etc/greatdb/conf.d")),
        "{warnings:?}"
    );
}

#[test]
fn debian_mariadb_server_file() {
    let p = parse_fixture("my-cnf/mariadb_10.11_debian_50-server.cnf");
    assert_eq!(p.text("db.engine"), "mysql");
    assert_eq!(p.text("db.param.pid_file"), "/run/mysqld/mysqld.pid");
    assert_eq!(p.text("db.param.bind_address"), "127.0.0.1");
    assert_eq!(p.text("db.param.character_set_server"), "utf8mb4");
    assert_eq!(p.text("db.param.expire_logs_days"), "10");
    let params = p
        .keys()
        .iter()
        .filter(|k| k.starts_with("db.param."))
        .count();
    assert_eq!(params, 6);
}

#[test]
fn only_files_with_a_server_group_are_claimed() {
    assert!(MyCnf.sniff("[mysqld]\ndatadir=/x\n").is_some());
    assert!(MyCnf.sniff("[mysqld-8.0]\ndatadir=/x\n").is_some());
    assert!(MyCnf.sniff("[mariadb-10.11]\n").is_some());
    assert_eq!(MyCnf.sniff("[client]\nport=3306\n"), None);
    assert_eq!(MyCnf.sniff("[mysqld_safe]\nlog-error=/x\n"), None);
    assert_eq!(MyCnf.sniff("shared_buffers = 1GB\nwork_mem = 1MB\n"), None);
}

#[test]
fn options_before_a_group_and_client_only_files() {
    let (facts, warnings) = run_parser(&MyCnf, b"port = 1\n[mysqld]\nport=3307\n").unwrap();
    let port = facts.iter().find(|f| f.key == "db.param.port").unwrap();
    assert_eq!(port.value, Value::Text("3307".into()));
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 1 && w.message.contains("before any [group]"))
    );
    assert!(run_parser(&MyCnf, b"[client]\nport=3306\n").is_err());
}

#[test]
fn empty_and_garbage_input_are_errors() {
    assert!(run_parser(&MyCnf, b"").is_err());
    assert!(run_parser(&MyCnf, b"lorem ipsum\ndolor sit amet\n").is_err());
}

#[test]
fn truncated_file_keeps_complete_lines_and_names_the_cut_line() {
    let text = String::from_utf8(read("my-cnf/greatdb_node1.cnf")).unwrap();
    let cut = text.find("innodb_io_capacity = 4000").unwrap() + "innodb_io_capacity = 40".len();
    let (facts, warnings) = run_parser(&MyCnf, &text.as_bytes()[..cut]).unwrap();
    assert!(
        facts
            .iter()
            .any(|f| f.key == "db.param.innodb_flush_method")
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 30 && w.message.contains("ends inside line 30")),
        "{warnings:?}"
    );
}

#[test]
fn greatdb_sizes_and_switches_come_normalised() {
    let p = parse_fixture("my-cnf/greatdb_node1.cnf");
    assert_eq!(
        p.num("db.param_kib.innodb_buffer_pool_size"),
        96.0 * 1024.0 * 1024.0
    );
    assert_eq!(
        p.get("db.param_kib.innodb_buffer_pool_size")
            .provenance
            .line,
        23
    );
    assert_eq!(
        p.num("db.param_kib.innodb_log_file_size"),
        4.0 * 1024.0 * 1024.0
    );
    assert_eq!(
        p.get("db.param_on.skip_name_resolve").value,
        Value::Flag(true)
    );
    // A flush mode of 1 is a number, not "on".
    assert_eq!(p.num("db.param_num.innodb_flush_log_at_trx_commit"), 1.0);
    assert!(!p.has("db.param_on.innodb_flush_log_at_trx_commit"));
    assert_eq!(p.num("db.param_num.max_connections"), 4000.0);
}
