use crate::support::*;
use perfsage::parse::dblog::postgresql_log::PostgresqlLog;

#[test]
fn refusals_at_the_connection_limit_are_counted_with_their_lines() {
    let p = parse_fixture("postgresql-log/pg15_too_many_clients.log");
    assert_eq!(p.tool(), Some("postgresql-log"));
    let refusals = p.get("db.log.conn_limit_rejections");
    // 5 `sorry, too many clients already` and 16 `remaining connection slots are
    // reserved …` lines, 6 to 26; the `could not receive data` lines after them are not.
    assert_eq!(refusals.value.as_number(), Some(21.0));
    assert_eq!(line_range(refusals), (6, 26));
}

#[test]
fn other_fatal_lines_and_multi_line_statements_are_not_refusals() {
    // Password failures (FATAL), SQL errors with STATEMENT/DETAIL continuation lines.
    let p = parse_fixture("postgresql-log/pg15_errors_no_refusals.log");
    assert_eq!(p.tool(), Some("postgresql-log"));
    let refusals = p.get("db.log.conn_limit_rejections");
    assert_eq!(refusals.value.as_number(), Some(0.0));
    assert_eq!(line_range(refusals), (1, 27));
}

#[test]
fn the_prefix_does_not_matter_but_the_two_spaces_do() {
    // An empty log_line_prefix, and openGauss/GaussDB's wording.
    let bare = b"LOG:  database system is ready to accept connections\n\
FATAL:  Already too many clients, active/non-active/reserved: 5/508/3\n";
    let (facts, _) = run_parser(&PostgresqlLog, bare).unwrap();
    assert_eq!(facts[0].value.as_number(), Some(1.0));
    // One space after the colon is ordinary prose, not a server message.
    let prose = b"LOG: we restarted\nFATAL: sorry, too many clients already\n";
    assert!(run_parser(&PostgresqlLog, prose).is_err());
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&PostgresqlLog, b"").is_err());
    assert!(run_parser(&PostgresqlLog, b"\xff\xfe garbage\n").is_err());
}

#[test]
fn pgbench_quoting_the_servers_errors_is_not_a_server_log() {
    // pgbench --verbose-errors prints the server's ERROR after its own words.
    let p = parse_fixture("pgbench/pgbench15_serializable_max_tries3_verbose_errors.txt");
    assert_ne!(p.tool(), Some("postgresql-log"));
    let quoted = b"pgbench: client 2 got an error in command 3 (SQL) of script 0; ERROR:  could not serialize access due to concurrent update\n";
    assert!(run_parser(&PostgresqlLog, quoted).is_err());
}
