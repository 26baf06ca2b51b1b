use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::dbconf::dm_ini::DmIni;

#[test]
fn dm8_ini_gives_lower_cased_parameters() {
    let p = parse_fixture("dm-ini/dm.ini");
    assert_eq!(p.tool(), Some("dm-ini"));
    assert_eq!(p.text("db.engine"), "dm");
    assert_eq!(p.text("db.param.io_thr_groups"), "128");
    assert_eq!(p.get("db.param.io_thr_groups").provenance.line, 37);
    assert_eq!(p.text("db.param.system_path"), "/dm8/data/DAMENG");
    assert_eq!(p.get("db.param.system_path").provenance.line, 8);
    assert_eq!(p.text("db.param.ctl_path"), "/dm8/data/DAMENG/dm.ctl");
    assert_eq!(p.text("db.param.ckpt_interval"), "300");
    assert_eq!(p.text("db.param.direct_io"), "1");
    assert_eq!(p.text("db.param.worker_threads"), "64");
    assert_eq!(p.text("db.param.undo_retention"), "2");
    assert_eq!(p.text("db.param.mal_ini"), "0");
    let params = p
        .keys()
        .iter()
        .filter(|k| k.starts_with("db.param."))
        .count();
    assert_eq!(params, 54);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn a_pasted_excerpt_of_case_c_is_recognised() {
    let p = parse_fixture("dm-ini/case_c_excerpt.ini");
    assert_eq!(p.tool(), Some("dm-ini"));
    for (name, value) in [
        ("direct_io", "1"),
        ("io_thr_groups", "128"),
        ("ckpt_rlog_size", "0"),
        ("ckpt_dirty_pages", "0"),
        ("ckpt_flush_rate", "1"),
        ("ckpt_interval", "300"),
        ("undo_retention", "2"),
    ] {
        assert_eq!(p.text(&format!("db.param.{name}")), value, "{name}");
    }
}

#[test]
fn repeated_names_keep_the_last_value_with_a_warning() {
    let text = b"BUFFER = 1000\nWORKER_THREADS = 16\nBUFFER = 8000 #raised\n[MAL_INST1]\n";
    let (facts, warnings) = run_parser(&DmIni, text).unwrap();
    let buffer = facts.iter().find(|f| f.key == "db.param.buffer").unwrap();
    assert_eq!(buffer.value, perfsage::facts::Value::Text("8000".into()));
    assert_eq!(buffer.provenance.line, 3);
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 3 && w.message.contains("first on line 1"))
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 4 && w.message.contains("no sections"))
    );
}

#[test]
fn lower_case_and_sysctl_lines_are_not_claimed() {
    assert_eq!(
        DmIni.sniff("kernel.numa_balancing = 0\nvm.swappiness = 1\n"),
        None
    );
    assert_eq!(
        DmIni.sniff("buffer = 1\nworker_threads = 2\nio_thr_groups = 3\n"),
        None
    );
    assert!(
        DmIni
            .sniff("BUFFER = 1\nWORKER_THREADS = 2\nIO_THR_GROUPS = 3\n")
            .is_some()
    );
}

#[test]
fn empty_and_garbage_input_are_errors() {
    assert!(run_parser(&DmIni, b"").is_err());
    assert!(run_parser(&DmIni, b"#only comments\n\n").is_err());
    assert!(run_parser(&DmIni, b"no equals here\n = 3\nlower case? = \n").is_err());
}

#[test]
fn truncated_file_keeps_complete_lines_and_names_the_cut_line() {
    let text = String::from_utf8(read("dm-ini/dm.ini")).unwrap();
    let cut = text.find("CKPT_INTERVAL").unwrap() + "CKPT_INTERVAL                   = 30".len();
    let (facts, warnings) = run_parser(&DmIni, &text.as_bytes()[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "db.param.io_thr_groups"));
    assert!(!facts.iter().any(|f| f.key == "db.param.undo_retention"));
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 50 && w.message.contains("ends inside line 50")),
        "{warnings:?}"
    );
}

#[test]
fn dm8_numbers_come_in_the_manual_units() {
    let p = parse_fixture("dm-ini/dm.ini");
    assert_eq!(p.num("db.param_kib.buffer"), 200000.0 * 1024.0);
    assert_eq!(p.get("db.param_kib.buffer").provenance.line, 21);
    assert_eq!(p.num("db.param_kib.memory_pool"), 500.0 * 1024.0);
    assert_eq!(p.num("db.param_s.ckpt_interval"), 300.0);
    assert_eq!(p.get("db.param_s.ckpt_interval").provenance.line, 50);
    assert_eq!(p.num("db.param_num.io_thr_groups"), 128.0);
    // DIRECT_IO is a mode (0, 1, 2), not a switch.
    assert!(!p.has("db.param_on.direct_io"));
}
