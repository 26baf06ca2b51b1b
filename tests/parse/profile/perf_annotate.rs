use crate::support::*;
use perfsage::parse::profile::perf_annotate::PerfAnnotate;

#[test]
fn a_real_x86_spin_lock_shows_its_locked_exchange_and_pause_loop() {
    let p = parse_fixture("perf-annotate/x86-spin-lock.txt");
    assert_eq!(p.tool(), Some("perf-annotate"));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    assert_eq!(p.text("annotate.symbol"), "spin_lock.constprop.0");
    assert_eq!(p.get("annotate.symbol").provenance.line, 8);
    assert_eq!(p.text("annotate.dso"), "spin");
    assert_eq!(p.text("annotate.event"), "cpu-clock");
    close(p.num("annotate.samples"), 360.0);
    assert_eq!(p.text("annotate.arch"), "x86_64");
    // xchg 0.28 % and the test after it 53.33 % (skid).
    close(p.num("annotate.locked_pct"), 0.28 + 53.33);
    // 1208 … jmp 1208: mov, test, je, pause, jmp.
    close(
        p.num("annotate.pause_loop_pct"),
        1.11 + 14.44 + 0.28 + 0.0 + 21.11,
    );
    let share = p.get("annotate.pause_loop_pct");
    assert_eq!(line_range(share), (8, 32));
    assert!(!p.has("annotate.exclusive_loop_pct"));
}

#[test]
fn every_function_of_a_program_weighs_by_its_samples() {
    let p = parse_fixture("perf-annotate/x86-spin-all-symbols.txt");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    close(p.num("annotate.functions"), 4.0);
    close(p.num("annotate.samples"), 360.0 + 164.0 + 77.0 + 6.0);
    assert_eq!(
        p.text("annotate.symbol"),
        "spin_lock.constprop.0, atomic_bump.constprop.0, worker, spin_unlock.constprop.0"
    );
    // atomic_bump: lock addq 15.24 % and the ret after it 84.76 %.
    let locked = (53.61 * 360.0 + 100.0 * 164.0) / 607.0;
    close(p.num("annotate.locked_pct"), locked);
}

#[test]
fn aarch64_exclusive_monitor_loops_carry_the_samples() {
    let p = parse_fixture("perf-annotate/reconstructed-aarch64-ldaxr-stlxr.txt");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
    assert_eq!(p.text("annotate.arch"), "aarch64");
    assert_eq!(p.text("annotate.dso"), "dmserver");
    assert_eq!(
        p.text("annotate.symbol"),
        "os_interlock_inc, os_interlock_dec"
    );
    // ldaxr … cbnz in each: 95.57 % of 48,213 samples and 96.04 % of 29,604.
    let expected = (95.57 * 48_213.0 + 96.04 * 29_604.0) / (48_213.0 + 29_604.0);
    close(p.num("annotate.exclusive_loop_pct"), expected);
    close(p.num("annotate.lse_atomic_pct"), 0.0);
    let share = p.get("annotate.exclusive_loop_pct");
    assert_eq!(line_range(share), (8, 30));
    assert!(!p.has("annotate.locked_pct"));
}

#[test]
fn aarch64_lse_atomics_are_told_from_retry_loops() {
    let p = parse_fixture("perf-annotate/reconstructed-aarch64-lse-casal.txt");
    assert_eq!(p.text("annotate.arch"), "aarch64");
    close(p.num("annotate.exclusive_loop_pct"), 0.0);
    // ldaddal 17.36 + add 71.40; casal 5.83 + cbz 52.40.
    let expected = (88.76 * 20_417.0 + 58.23 * 9_382.0) / (20_417.0 + 9_382.0);
    close(p.num("annotate.lse_atomic_pct"), expected);
}

#[test]
fn a_truncated_annotation_keeps_the_whole_rows() {
    let whole = String::from_utf8(read("perf-annotate/x86-spin-lock.txt")).unwrap();
    let cut = &whole[..whole.find("jmp    1208").unwrap()];
    let (facts, warnings) = run_parser(&PerfAnnotate, cut.as_bytes()).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 29);
    assert!(warnings[0].message.contains("cut off"), "{warnings:?}");
    // The jmp back is gone, so there is no pause loop left.
    let pause = facts
        .iter()
        .find(|f| f.key == "annotate.pause_loop_pct")
        .unwrap();
    assert_eq!(pause.value, num(0.0));
}

#[test]
fn garbage_is_an_error_with_a_line_not_a_panic() {
    assert!(run_parser(&PerfAnnotate, b"").is_err());
    assert!(run_parser(&PerfAnnotate, b"\xff\xfe\x00binary\n").is_err());
    let err = run_parser(&PerfAnnotate, b"\n  hello\n world\n").unwrap_err();
    assert_eq!(err.line, Some(2));
    // A header with no instructions under it.
    let header = b" Percent |\tSource code & Disassembly of x for cycles (3 samples, percent: local period)\n  nonsense : here\n";
    let err = run_parser(&PerfAnnotate, header).unwrap_err();
    assert!(err.message.contains("no annotated instructions"), "{err}");
    // Instructions without registers: no architecture, a warning, no shares.
    let bare = b" Percent |\tSource code & Disassembly of x for cycles (3 samples, percent: local period)\n  100.00 :   10:   nop\n";
    let (facts, warnings) = run_parser(&PerfAnnotate, bare).unwrap();
    assert!(facts.iter().all(|f| !f.key.ends_with("_pct")));
    assert!(warnings[0].message.contains("register"), "{warnings:?}");
}
