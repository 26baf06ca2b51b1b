//! Reading captures as a bundle does: encodings, compression, and files no parser
//! should touch.

use crate::support::*;
use perfsage::facts::{Fact, Value};
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

/// Every fixture directly under `fixtures/<tool>/` that a parser reads.
fn tool_fixtures() -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir(root().join("fixtures")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() || dir.ends_with("bundles") {
            continue;
        }
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_file()
                && !name.ends_with(".md")
                && !name.ends_with(".py")
                && !name.ends_with(".gz")
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn a_file_without_its_final_line_end_gives_the_same_facts() {
    // Copied, pasted or hand-saved captures often lack the final newline; the last
    // line is then whole and must count (ping's summary, a one-row vmstat, free's
    // swap row, uname's machine, a folded file's last stack).
    // Formats whose last line shows it is whole: a field count, a unit, sysstat's two
    // decimals. Key-value formats (sysctl, numastat, ethtool …) still refuse a last
    // line without its line end, since a cut number there reads as another number.
    const WHOLE_BY_FORMAT: [&str; 9] = [
        "ping", "vmstat", "free", "uname", "folded", "mpstat", "iostat", "sar", "lscpu",
    ];
    let mut differ = Vec::new();
    let mut checked = 0;
    for path in tool_fixtures() {
        let tool_dir = path
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if !WHOLE_BY_FORMAT.contains(&tool_dir.as_str()) {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let Some(trimmed) = bytes.strip_suffix(b"\n") else {
            continue;
        };
        let trimmed = trimmed.strip_suffix(b"\r").unwrap_or(trimmed);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let whole = parse_file(&path);
        if whole.tool().is_none() {
            continue;
        }
        let cut = parse_bytes(&name, trimmed);
        let facts = |p: &Parsed| {
            let mut f: Vec<String> = p
                .facts
                .iter()
                .map(|(f, _)| format!("{} = {:?}", f.key, f.value))
                .collect();
            f.sort();
            f
        };
        checked += 1;
        if facts(&whole) != facts(&cut) {
            let (w, c) = (facts(&whole), facts(&cut));
            let missing: Vec<&String> = w.iter().filter(|f| !c.contains(f)).take(3).collect();
            differ.push(format!("{}: {missing:?}", path.display()));
        }
    }
    assert!(
        differ.is_empty(),
        "{} fixtures differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(checked >= 40, "only {checked} fixtures checked");
}

/// A large mpstat or sar capture is read in two halves at once; the same bytes
/// gzip-compressed are always read in one pass. Both must give the same facts with the
/// same line numbers (plotted points aside, which may group samples differently).
#[test]
fn large_sysstat_files_read_in_halves_give_the_facts_of_one_pass() {
    use std::io::Write;
    for fixture in ["mpstat/mpstat_all_24h.txt", "sar/sar_A.txt"] {
        let text = String::from_utf8(read(fixture)).unwrap();
        let (first_block, reports) = text.split_at(text.find("\n\n").unwrap() + 2);
        let mut big = first_block.to_string();
        // Past the size from which files are cut (16 MiB), in whole reports.
        while big.len() < 20 << 20 {
            big.push_str(reports);
            if !big.ends_with("\n\n") {
                big.push('\n');
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("capture.txt");
        std::fs::write(&plain, &big).unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(big.as_bytes()).unwrap();
        let compressed = dir.path().join("capture.txt.gz");
        std::fs::write(&compressed, gz.finish().unwrap()).unwrap();

        let halves = parse_file(&plain);
        let one_pass = parse_file(&compressed);
        assert_eq!(halves.report.problem(), None, "{fixture}");
        assert_eq!(
            halves.report.warnings, one_pass.report.warnings,
            "{fixture}"
        );
        assert_eq!(halves.facts.len(), one_pass.facts.len(), "{fixture}");
        for ((split, _), (whole, _)) in halves.facts.iter().zip(&one_pass.facts) {
            assert_eq!(split.key, whole.key, "{fixture}");
            let at = |f: &Fact| (f.provenance.line, f.provenance.line_end);
            assert_eq!(at(split), at(whole), "{fixture}: {}", split.key);
            match (&split.value, &whole.value) {
                (Value::Series(s), Value::Series(w)) => {
                    assert_eq!(
                        (s.count, s.min, s.max, s.p95, s.stride, s.points.len()),
                        (w.count, w.min, w.max, w.p95, w.stride, w.points.len()),
                        "{fixture}: {}",
                        split.key
                    );
                    assert!((s.avg - w.avg).abs() < 1e-9, "{fixture}: {}", split.key);
                }
                // A mean over the capture (sar -q's stall share) is summed in
                // another order: equal but for the last bits.
                (Value::Number(s), Value::Number(w)) => {
                    assert!((s - w).abs() < 1e-9, "{fixture}: {}", split.key)
                }
                (s, w) => assert_eq!(s, w, "{fixture}: {}", split.key),
            }
        }
    }
}
