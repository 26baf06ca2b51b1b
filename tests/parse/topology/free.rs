use crate::support::*;
use perfsage::parse::sink::{FactSink, Strength};
use perfsage::parse::topology::free::Free;
use perfsage::text::lines::LineReader;

const GIB: f64 = 1024.0 * 1024.0;

#[test]
fn plain_free_of_this_machine() {
    let p = parse_fixture("free/free.txt");
    assert_eq!(p.tool(), Some("free"));
    close(p.num("mem.total_kib"), 24683584.0);
    close(p.series("mem.free_kib").avg, 19547672.0);
    close(p.series("mem.available_kib").avg, 22719104.0);
    close(p.num("mem.swap_total_kib"), 0.0);
    close(p.num("mem.swap_used_kib"), 0.0);
    assert!(p.facts.iter().all(|(_, s)| *s == Strength::Fallback));
    // The unit is inferred, and the warning says so.
    assert!(p.report.warnings[0].message.contains("KiB"));
}

#[test]
fn units_of_m_g_and_h() {
    let m = parse_fixture("free/free-m.txt");
    close(m.num("mem.total_kib"), 24105.0 * 1024.0);
    close(m.series("mem.available_kib").avg, 22186.0 * 1024.0);
    let g = parse_fixture("free/free-g.txt");
    close(g.num("mem.total_kib"), 23.0 * GIB);
    close(g.series("mem.free_kib").avg, 18.0 * GIB);
    let h = parse_fixture("free/free-h.txt");
    close(h.num("mem.total_kib"), 23.0 * GIB);
    close(h.series("mem.free_kib").avg, 18.0 * GIB);
    assert!(h.report.warnings.is_empty(), "-h values carry their unit");
    let w = parse_fixture("free/free-w.txt");
    close(w.series("mem.available_kib").avg, 22719104.0);
}

#[test]
fn chinese_row_labels_and_header() {
    let h = parse_fixture("free/free-h-zh_CN.txt");
    assert_eq!(h.tool(), Some("free"));
    close(h.num("mem.total_kib"), 23.0 * GIB);
    close(h.num("mem.swap_total_kib"), 0.0);
    let t = parse_fixture("free/free-t-zh_CN-procps4.0.5.txt");
    assert_eq!(t.tool(), Some("free"));
    close(t.num("mem.total_kib"), 24683584.0);
    close(t.series("mem.available_kib").avg, 23853772.0);
}

#[test]
fn older_procps_layouts() {
    let p = parse_fixture("free/free-procps3.3.txt");
    close(p.num("mem.total_kib"), 263498812.0);
    close(p.num("mem.swap_used_kib"), 10240.0);
    // procps 3.2 with the prompt line that says -m; no available column.
    let old = parse_fixture("free/free-m-procps3.2.txt");
    close(old.num("mem.total_kib"), 129022.0 * 1024.0);
    close(old.series("mem.free_kib").avg, 1467.0 * 1024.0);
    assert!(!old.has("mem.available_kib"));
    assert!(old.report.warnings.is_empty(), "{:?}", old.report.warnings);
}

#[test]
fn the_command_line_of_a_transcript_sets_the_unit() {
    // `free -g` output of a 1 TB server would otherwise read as MiB.
    let text = b"              total        used        free      shared  buff/cache   available\nMem:           1006          41         912           1          52         958\nSwap:             3           0           3\n";
    let reader: Box<dyn std::io::Read> = Box::new(std::io::Cursor::new(text.to_vec()));
    let mut lines = LineReader::new(reader);
    let mut sink = FactSink::new("free.txt", "free").with_command("free -g");
    perfsage::parse::CaptureParser::parse(&Free, &mut lines, &mut sink).unwrap();
    let (facts, warnings) = sink.into_parts();
    let total = facts
        .iter()
        .find(|(f, _)| f.key == "mem.total_kib")
        .unwrap();
    close(total.0.value.as_number().unwrap(), 1006.0 * GIB);
    assert!(warnings.is_empty());
}

#[test]
fn meminfo_wins_over_free() {
    let dir = tempfile::tempdir().unwrap();
    for f in ["meminfo/meminfo.txt", "free/free-m.txt"] {
        let name = f.split('/').next_back().unwrap();
        std::fs::copy(fixture(f), dir.path().join(name)).unwrap();
    }
    let bundle = perfsage::bundle::Bundle::open(dir.path()).unwrap();
    let host = perfsage::bundle::host_facts::read_host(&bundle.hosts[0]);
    assert_eq!(host.facts.number("mem.total_kib"), Some(24683584.0));
    assert_eq!(
        host.facts.get("mem.total_kib").unwrap().provenance.tool,
        "meminfo"
    );
}

#[test]
fn vmstat_like_and_garbage_input() {
    assert!(run_parser(&Free, b"").is_err());
    assert!(run_parser(&Free, b"total used free\nnothing else\n").is_err());
    let vmstat = b"procs -----------memory---------- ---swap--\n r  b   swpd   free   buff  cache   si   so\n 1  0      0 19547672  13648 3347116    0    0\n";
    assert_eq!(parse_bytes("vmstat.txt", vmstat).tool(), None);
    assert!(run_parser(&Free, b"  total used free\nMem: many\n").is_err());
}

#[test]
fn truncated_capture_keeps_complete_rows() {
    let full = read("free/free.txt");
    // Cut inside the Swap: row (line 3): memory facts stay, swap is dropped.
    let cut = full.windows(5).position(|w| w == b"Swap:").unwrap() + 12;
    let (facts, warnings) = run_parser(&Free, &full[..cut]).unwrap();
    assert!(facts.iter().any(|f| f.key == "mem.total_kib"));
    assert!(!facts.iter().any(|f| f.key == "mem.swap_total_kib"));
    assert!(
        warnings
            .iter()
            .any(|w| w.line == 3 && w.message.contains("cut off"))
    );
}
