use crate::support::*;
use perfsage::parse::CaptureParser;
use perfsage::parse::os::uname::Uname;
use perfsage::parse::sink::Strength;

#[test]
fn uname_of_this_machine() {
    let p = parse_fixture("uname/uname_a_vm.txt");
    assert_eq!(p.tool(), Some("uname"));
    assert_eq!(p.text("os.kernel"), "6.18.44-fc-v1045");
    assert_eq!(p.text("cpu.arch"), "x86_64");
    assert_eq!(p.text("host.name"), "vm");
    let strength = |key: &str| p.facts.iter().find(|(f, _)| f.key == key).unwrap().1;
    assert_eq!(strength("os.kernel"), Strength::Primary);
    assert_eq!(strength("cpu.arch"), Strength::Fallback);
    assert_eq!(strength("host.name"), Strength::Fallback);
    // uname says nothing about a hypervisor, so it must not make the host bare metal.
    assert!(!p.has("host.virtualized"));
}

#[test]
fn uname_of_an_openeuler_kunpeng_server() {
    let p = parse_fixture("uname/uname_a_kunpeng_openeuler.txt");
    assert_eq!(p.text("os.kernel"), "4.19.90-2112.8.0.0131.oe1.aarch64");
    assert_eq!(p.text("cpu.arch"), "aarch64");
    assert_eq!(p.text("host.name"), "kp-db01");
}

#[test]
fn the_sysstat_header_is_not_uname() {
    let mpstat = String::from_utf8(read("mpstat/mpstat_idle.txt")).unwrap();
    assert_eq!(Uname.sniff(&mpstat), None);
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Uname, b"").is_err());
    assert!(run_parser(&Uname, b"Linux\n").is_err());
    assert!(run_parser(&Uname, b"\xff\xfe\xfd\n").is_err());
}

#[test]
fn truncated_capture_keeps_the_release() {
    let full = read("uname/uname_a_kunpeng_openeuler.txt");
    let (facts, warnings) = run_parser(&Uname, &full[..60]).unwrap();
    let kernel = facts.iter().find(|f| f.key == "os.kernel").unwrap();
    assert_eq!(kernel.value, text("4.19.90-2112.8.0.0131.oe1.aarch64"));
    assert!(!facts.iter().any(|f| f.key == "cpu.arch"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 1);
}

#[test]
fn a_uname_line_starts_a_section() {
    assert!(
        Uname
            .starts_section("Linux vm 6.18.44-fc-v1045 #1 SMP PREEMPT_DYNAMIC @0 x86_64 GNU/Linux")
    );
    assert!(
        !Uname.starts_section("Linux 6.1.0-27-amd64 (perf-lab)   12/02/2026   _x86_64_   (2 CPU)")
    );
}
