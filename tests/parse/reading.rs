//! Reading captures as a bundle does: encodings, compression, and files no parser
//! should touch.

use crate::support::*;
use perfsage::parse::CaptureStatus;

#[test]
fn empty_file_is_unrecognised_with_a_reason() {
    let p = parse_bytes("empty.txt", b"");
    assert_eq!(
        p.report.status,
        CaptureStatus::Unrecognized {
            reason: "empty file".into()
        }
    );
}

#[test]
fn binary_file_is_unrecognised_with_a_reason() {
    let p = parse_bytes("core", b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00");
    match &p.report.status {
        CaptureStatus::Unrecognized { reason } => {
            assert!(reason.starts_with("binary content"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn unknown_text_names_its_first_line() {
    let p = parse_bytes(
        "top.txt",
        b"top - 12:36:09 up 7 min,  1 user,  load average: 1.02, 0.41, 0.17\nTasks: 101 total\n",
    );
    match &p.report.status {
        CaptureStatus::Unrecognized { reason } => {
            assert!(reason.contains("top - 12:36:09 up 7 min"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn gbk_encoded_capture_is_transcoded() {
    let text = String::from_utf8(read("scaling-table/greatdb_64c.md")).unwrap();
    let (gbk, _, _) = encoding_rs::GB18030.encode(&text);
    let p = parse_bytes("gbk.md", &gbk);
    assert_eq!(p.report.encoding, Some("GB18030/GBK"));
    close(p.num("bench.run.table.512.tps"), 2883.79);
}

#[test]
fn crlf_and_colour_codes_do_not_matter() {
    let text = String::from_utf8(read("mpstat/mpstat_all_24h.txt")).unwrap();
    let windows = text
        .replace('\n', "\r\n")
        .replace("all", "\x1b[1mall\x1b[0m");
    let p = parse_bytes("mpstat.txt", windows.as_bytes());
    assert_eq!(p.series("cpu.util_pct").count, 5);
}

#[test]
fn gzip_compressed_capture_is_read() {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&read("iostat/iostat_x_fio.txt")).unwrap();
    let p = parse_bytes("iostat.txt.gz", &gz.finish().unwrap());
    assert_eq!(p.tool(), Some("iostat"));
    assert_eq!(p.series("disk.vda.util_pct").count, 5);
}

/// A shell session pasted into one file: each output is found and parsed, and facts
/// keep the file's own line numbers.
#[test]
fn transcript_sections_are_detected_one_by_one() {
    let lscpu = String::from_utf8(read("lscpu/lscpu.txt")).unwrap();
    let mpstat = String::from_utf8(read("mpstat/mpstat_all_24h.txt")).unwrap();
    let text = format!(
        "[root@vm ~]# lscpu\n{lscpu}[root@vm ~]# mpstat -P ALL 1 5\n{mpstat}[root@vm ~]# fio --version\nfio-3.33\n"
    );
    let p = parse_bytes("session.txt", text.as_bytes());
    let tools: Vec<Option<&str>> = p.reports.iter().map(|r| r.tool.as_deref()).collect();
    assert_eq!(tools, vec![Some("lscpu"), Some("mpstat"), None]);
    let mpstat_first_line = 2 + lscpu.lines().count() as u64 + 1;
    let section = p.reports[1].section.as_ref().unwrap();
    assert_eq!(section.first_line, mpstat_first_line);
    assert_eq!(section.command.as_deref(), Some("mpstat -P ALL 1 5"));
    // cpu.util_pct's first `all` row is line 4 of the mpstat output.
    assert_eq!(p.get("cpu.util_pct").provenance.line, mpstat_first_line + 3);
    assert_eq!(p.get("cpu.count").provenance.line, 2 + 4);
    assert!(
        p.reports[2].problem().unwrap().contains("fio --version"),
        "{:?}",
        p.reports[2].problem()
    );
}
