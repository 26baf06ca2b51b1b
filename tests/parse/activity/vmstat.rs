use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::activity::vmstat::Vmstat;
use perfsage::parse::sink::{FactSink, Strength};
use perfsage::parse::{CaptureParser, Lines};
use perfsage::text::lines::LineReader;

#[test]
fn activity_series_skip_the_since_boot_row() {
    let p = parse_fixture("vmstat/vmstat_1_6_cpu.txt");
    assert_eq!(p.tool(), Some("vmstat"));
    let cs = p.series("sys.cs_per_s");
    assert_eq!(
        cs.count, 5,
        "the first of six rows averages the time since boot"
    );
    close(cs.avg, (48.0 + 79.0 + 70.0 + 89.0 + 45.0) / 5.0);
    let runq = p.get("proc.runq");
    assert_eq!(line_range(runq), (4, 8));
    close(p.series("proc.runq").avg, 3.0);
    close(p.series("io.bo_kib_per_s").max, 5624.0);
    close(p.series("mem.free_kib").min, 23_115_840.0);
    close(p.series("mem.cache_kib").avg, 1_261_128.0);
    close(
        p.series("sys.intr_per_s").avg,
        (508.0 + 524.0 + 514.0 + 524.0 + 508.0) / 5.0,
    );
    assert_eq!(
        p.series("sys.cs_per_s").interval_s,
        None,
        "no -t, no command"
    );
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn integer_cpu_columns_are_a_fallback_source() {
    let p = parse_fixture("vmstat/vmstat_1_6_cpu.txt");
    for key in [
        "cpu.util_pct",
        "cpu.usr_pct",
        "cpu.sys_pct",
        "cpu.iowait_pct",
        "cpu.steal_pct",
    ] {
        let (_, strength) = p.facts.iter().find(|(f, _)| f.key == key).unwrap();
        assert_eq!(*strength, Strength::Fallback, "{key}");
    }
    close(
        p.series("cpu.usr_pct").avg,
        (97.0 + 98.0 + 97.0 + 100.0 + 97.0) / 5.0,
    );
    // 100 − id − wa, with id and wa 0 in every loaded row.
    close(p.series("cpu.util_pct").avg, 100.0);
    close(
        p.series("cpu.steal_pct").avg,
        (2.0 + 0.0 + 3.0 + 1.0 + 3.0) / 5.0,
    );
}

#[test]
fn wide_time_stamped_layout_gives_the_interval() {
    let p = parse_fixture("vmstat/vmstat_wide_timestamps_fio.txt");
    let bi = p.series("io.bi_kib_per_s");
    assert_eq!(bi.count, 4);
    close(bi.avg, (90424.0 + 91292.0 + 134508.0 + 77636.0) / 4.0);
    assert_eq!(bi.interval_s, Some(1.0));
    // id/wa per row: 82/0, 83/0, 36/8, 4/1 (the gu column is ignored).
    close(
        p.series("cpu.util_pct").avg,
        (18.0 + 17.0 + 56.0 + 95.0) / 4.0,
    );
    close(p.series("cpu.iowait_pct").max, 8.0);
}

#[test]
fn repeated_headers_are_skipped() {
    let p = parse_fixture("vmstat/vmstat_1_25_repeated_header.txt");
    let runq = p.series("proc.runq");
    assert_eq!(
        runq.count, 24,
        "25 rows, the first since boot; the repeated header is no row"
    );
    close(runq.max, 9.0);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn procps_33_layout_with_swapping() {
    let p = parse_fixture("vmstat/vmstat_procps33_centos7.txt");
    let si = p.series("swap.in_kib_per_s");
    assert_eq!(si.count, 4);
    close(si.avg, (1830.0 + 2204.0 + 1496.0 + 2012.0) / 4.0);
    close(p.series("swap.out_kib_per_s").max, 6688.0);
    close(p.series("mem.swpd_kib").max, 650_988.0);
    close(p.series("proc.blocked").avg, (6.0 + 7.0 + 4.0 + 5.0) / 4.0);
    close(
        p.series("cpu.iowait_pct").avg,
        (29.0 + 31.0 + 20.0 + 24.0) / 4.0,
    );
}

#[test]
fn a_single_row_is_kept_with_a_warning() {
    let p = parse_fixture("vmstat/vmstat_since_boot_only.txt");
    assert_eq!(p.series("proc.runq").count, 1);
    close(p.series("mem.free_kib").avg, 22_513_392.0);
    assert!(
        p.report
            .warnings
            .iter()
            .any(|w| w.message.contains("since boot") && w.line == 3),
        "{:?}",
        p.report.warnings
    );
}

fn parse_with_command(command: &str, text: &[u8]) -> Vec<perfsage::facts::Fact> {
    let reader: Box<dyn std::io::Read> = Box::new(std::io::Cursor::new(text.to_vec()));
    let mut lines: Lines = LineReader::new(reader);
    let mut sink = FactSink::new("vmstat.txt", "vmstat").with_command(command);
    Vmstat.parse(&mut lines, &mut sink).unwrap();
    sink.into_parts().0.into_iter().map(|(f, _)| f).collect()
}

#[test]
fn megabyte_units_and_the_delay_come_from_the_command_line() {
    let text = b"procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
 1  0      0  21000     14   1200    0    0     5     9  300  800  2  1 97  0  0
 2  0      1  20000     14   1201    3    0     0     0  310  820  3  1 96  0  0
";
    let facts = parse_with_command("vmstat -S M 5", text);
    let get = |key: &str| match &facts.iter().find(|f| f.key == key).unwrap().value {
        Value::Series(s) => s.clone(),
        other => panic!("{other:?}"),
    };
    close(get("mem.free_kib").avg, 20000.0 * 1024.0);
    close(get("mem.swpd_kib").avg, 1024.0);
    close(get("swap.in_kib_per_s").avg, 3.0 * 1024.0);
    close(get("io.bi_kib_per_s").avg, 0.0);
    assert_eq!(get("sys.cs_per_s").interval_s, Some(5.0));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Vmstat, b"").is_err());
    assert!(run_parser(&Vmstat, b"procs are running\n r b\n").is_err());
    assert!(run_parser(&Vmstat, &[0xff, 0xfe, 0x00, 0x41]).is_err());
    let header_only =
        b" r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n";
    assert!(run_parser(&Vmstat, header_only).is_err());
    let odd = b" r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n 1 x 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n 1 1\n";
    let err = run_parser(&Vmstat, odd);
    assert!(err.is_err(), "no usable row: {err:?}");
}

#[test]
fn truncated_capture_keeps_complete_rows_and_names_the_cut_line() {
    let full = read("vmstat/vmstat_1_6_cpu.txt");
    // Cut inside the last row (line 8).
    let cut = full.len() - 20;
    let (facts, warnings) = run_parser(&Vmstat, &full[..cut]).unwrap();
    let cs = facts.iter().find(|f| f.key == "sys.cs_per_s").unwrap();
    match &cs.value {
        Value::Series(s) => assert_eq!(s.count, 4),
        other => panic!("{other:?}"),
    }
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("cut off"), "{warnings:?}");
    assert_eq!(warnings[0].line, 8);
}

#[test]
fn vmstat_output_is_claimed_by_vmstat_only() {
    let head = String::from_utf8(read("vmstat/vmstat_wide_timestamps_fio.txt")).unwrap();
    assert_eq!(perfsage::parse::detect::claimants(&head), vec!["vmstat"]);
    assert!(
        Vmstat
            .sniff(&String::from_utf8(read("mpstat/mpstat_all_24h.txt")).unwrap())
            .is_none()
    );
}

#[test]
fn damaged_captures_never_panic() {
    for file in [
        "vmstat/vmstat_wide_timestamps_fio.txt",
        "vmstat/vmstat_procps33_centos7.txt",
    ] {
        let original = read(file);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..150 {
            let mut bytes = original.clone();
            let cut = (next() as usize) % (bytes.len() + 1);
            bytes.truncate(cut.max(bytes.len() / 2));
            for _ in 0..(next() % 12) {
                if bytes.is_empty() {
                    break;
                }
                let at = (next() as usize) % bytes.len();
                let alphabet = b" ,.:-%0123456789x\n\t{}\"[]|=";
                bytes[at] = alphabet[(next() % alphabet.len() as u64) as usize];
            }
            let _ = run_parser(&Vmstat, &bytes);
        }
    }
}
