use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::activity::fio::Fio;

#[test]
fn random_read_write_job() {
    let p = parse_fixture("fio/fio_randrw.txt");
    assert_eq!(p.tool(), Some("fio"));
    close(p.num("fio.randrw.read.iops"), 24_400.0);
    close(p.num("fio.randrw.read.bw_kib_per_s"), 95.1 * 1024.0);
    close(p.num("fio.randrw.read.clat_avg_ms"), 0.60020);
    close(p.num("fio.randrw.read.clat_p50_ms"), 0.562);
    close(p.num("fio.randrw.read.clat_p95_ms"), 0.824);
    close(p.num("fio.randrw.read.clat_p99_ms"), 1.287);
    close(p.num("fio.randrw.write.iops"), 24_300.0);
    close(p.num("fio.randrw.write.clat_p99_ms"), 1.614);
    close(p.num("fio.disk.vda.util_pct"), 88.74);
    assert_eq!(p.get("fio.randrw.read.clat_p95_ms").provenance.line, 13);
    assert_eq!(p.get("fio.disk.vda.util_pct").provenance.line, 45);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn sequential_read_in_large_blocks() {
    let p = parse_fixture("fio/fio_seqread.txt");
    close(p.num("fio.seqread.read.iops"), 838.0);
    close(p.num("fio.seqread.read.bw_kib_per_s"), 839.0 * 1024.0);
    close(p.num("fio.seqread.read.clat_avg_ms"), 18.9654);
    close(p.num("fio.seqread.read.clat_p50_ms"), 18.744);
    close(p.num("fio.disk.vda.util_pct"), 98.96);
    assert!(!p.has("fio.seqread.write.iops"));
}

#[test]
fn two_jobs_in_one_group_and_nanosecond_latency() {
    let p = parse_fixture("fio/fio_two_jobs.txt");
    close(p.num("fio.reader.read.iops"), 18_600.0);
    close(p.num("fio.writer.write.iops"), 16_000.0);
    // `clat (nsec): min=620, max=13929k, avg=993117.86`.
    close(p.num("fio.writer.write.clat_avg_ms"), 0.99311786);
    close(p.num("fio.writer.write.clat_p50_ms"), 0.660);
    close(p.num("fio.reader.read.clat_p95_ms"), 3.064);
    assert!(!p.has("fio.reader.write.iops") && !p.has("fio.writer.read.iops"));
    close(p.num("fio.disk.vda.util_pct"), 62.14);
}

#[test]
fn group_reporting_block() {
    let p = parse_fixture("fio/fio_group_reporting.txt");
    close(p.num("fio.mixed.read.iops"), 21_700.0);
    close(p.num("fio.mixed.write.iops"), 9290.0);
    close(p.num("fio.mixed.read.bw_kib_per_s"), 169.0 * 1024.0);
    close(p.num("fio.mixed.read.clat_avg_ms"), 0.47184220);
}

#[test]
fn json_report() {
    let p = parse_fixture("fio/fio_randread.json");
    assert_eq!(p.tool(), Some("fio"));
    close(p.num("fio.randread.read.iops"), 45089.491051);
    close(p.num("fio.randread.read.bw_kib_per_s"), 180357.0);
    close(p.num("fio.randread.read.clat_p50_ms"), 0.481280);
    close(p.num("fio.randread.read.clat_p95_ms"), 2.211840);
    close(p.num("fio.randread.read.clat_p99_ms"), 5.406720);
    close(p.num("fio.disk.vda.util_pct"), 62.666533);
    assert!(
        !p.has("fio.randread.write.iops"),
        "the all-zero write section is skipped"
    );
    assert_eq!(p.get("fio.randread.read.iops").provenance.line, 8);
}

#[test]
fn json_report_with_two_jobs() {
    let p = parse_fixture("fio/fio_two_jobs.json");
    assert!(p.num("fio.reader.read.iops") > 20_000.0);
    assert!(p.num("fio.writer.write.iops") > 10_000.0);
    assert!(!p.has("fio.reader.write.iops") && !p.has("fio.writer.read.iops"));
}

#[test]
fn jobs_sharing_a_name_are_numbered() {
    let one = String::from_utf8(read("fio/fio_randrw.txt")).unwrap();
    let job: String = one
        .lines()
        .skip(4)
        .take(33)
        .map(|l| format!("{l}\n"))
        .collect();
    let text = format!("{job}{job}");
    let (facts, _) = run_parser(&Fio, text.as_bytes()).unwrap();
    let keys: Vec<&str> = facts.iter().map(|f| f.key.as_str()).collect();
    assert!(keys.contains(&"fio.randrw.read.iops"), "{keys:?}");
    assert!(keys.contains(&"fio.randrw_2.read.iops"), "{keys:?}");
}

#[test]
fn bundle_fio_output_is_read() {
    let p = parse_fixture("bundles/disk-bound/fio.txt");
    close(p.num("fio.randrw.read.iops"), 24_700.0);
    close(p.num("fio.disk.vda.util_pct"), 91.82);
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Fio, b"").is_err());
    assert!(run_parser(&Fio, b"fio: no jobs here\nread: IOPS=5\n").is_err());
    assert!(run_parser(&Fio, &[0xff, 0xfe, 0x00, 0x41]).is_err());
    assert!(run_parser(&Fio, b"{\"jobs\": 5}\n").is_err());
    assert!(run_parser(&Fio, b"{\"fio version\": \"fio-3.33\", \"jobs\": []}\n").is_err());
    let odd = b"x: (groupid=0, jobs=1): err= 0:\n  read: IOPS=k, BW=MiB/s\n    clat percentiles (usec):\n     | 50.00th=[ ], 95.00th=[zz]\n  vda: ios=1/2, util=%\n";
    assert!(
        run_parser(&Fio, odd).is_ok(),
        "a job header alone is a (useless) report"
    );
}

#[test]
fn truncated_text_keeps_what_precedes_the_cut() {
    let full = read("fio/fio_two_jobs.txt");
    let text = String::from_utf8(full).unwrap();
    // Cut inside line 30, the writer's `clat (nsec)` line.
    let upto: usize = text.lines().take(29).map(|l| l.len() + 1).sum();
    let (facts, warnings) = run_parser(&Fio, &text.as_bytes()[..upto + 12]).unwrap();
    let get = |key: &str| facts.iter().find(|f| f.key == key).map(|f| f.value.clone());
    assert_eq!(get("fio.reader.read.iops"), Some(Value::Number(18_600.0)));
    assert!(get("fio.reader.read.clat_p99_ms").is_some());
    assert_eq!(get("fio.writer.write.iops"), Some(Value::Number(16_000.0)));
    assert!(get("fio.writer.write.clat_avg_ms").is_none());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 30);
}

#[test]
fn truncated_json_is_an_error_naming_a_line() {
    let full = read("fio/fio_randread.json");
    let err = run_parser(&Fio, &full[..full.len() / 2]).unwrap_err();
    assert!(err.line.is_some(), "{err}");
    assert!(err.message.contains("cut off"), "{err}");
}

#[test]
fn damaged_captures_never_panic() {
    for file in ["fio/fio_two_jobs.txt", "fio/fio_randread.json"] {
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
            let _ = run_parser(&Fio, &bytes);
        }
    }
}
