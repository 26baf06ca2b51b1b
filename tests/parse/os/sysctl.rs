use crate::support::*;
use perfsage::facts::Unit;
use perfsage::parse::CaptureParser;
use perfsage::parse::os::sysctl::Sysctl;

#[test]
fn sysctl_a_of_this_machine() {
    let p = parse_fixture("sysctl/sysctl_a_vm.txt");
    assert_eq!(p.tool(), Some("sysctl"));
    close(p.num("os.numa_balancing"), 0.0);
    assert_eq!(p.get("os.numa_balancing").provenance.line, 117);
    close(p.num("os.swappiness"), 60.0);
    assert_eq!(p.get("os.swappiness").provenance.line, 1297);
    close(p.num("os.dirty_ratio_pct"), 20.0);
    assert_eq!(p.get("os.dirty_ratio_pct").unit, Unit::Percent);
    close(p.num("os.dirty_background_ratio_pct"), 10.0);
    close(p.num("os.nr_hugepages"), 0.0);
    close(p.num("os.zone_reclaim_mode"), 0.0);
    assert_eq!(p.text("sysctl.kernel.numa_balancing"), "0");
    assert_eq!(p.text("sysctl.kernel.osrelease"), "6.18.44-fc-v1045");
    // TAB-separated triples are folded to single spaces.
    assert_eq!(p.text("sysctl.fs.file-nr"), "1190 0 2466116");
    assert_eq!(p.text("sysctl.net.ipv4.tcp_rmem"), "4096 131072 33554432");
    assert_eq!(
        p.text("sysctl.kernel.numa_balancing_promote_rate_limit_MBps"),
        "65536"
    );
    // A value over several lines repeats the name on each (lines 73-75).
    assert_eq!(p.text("sysctl.kernel.core_modes"), "file; pipe; socket");
    let modes = p.get("sysctl.kernel.core_modes");
    assert_eq!(line_range(modes), (73, 75));
    // One fact per setting (1304 lines, two of them continuations) plus the six typed.
    assert_eq!(p.facts.len(), 1302 + 6);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn a_few_keys_asked_for_by_name() {
    let p = parse_fixture("sysctl/sysctl_kunpeng_selected.txt");
    close(p.num("os.numa_balancing"), 1.0);
    close(p.num("os.swappiness"), 30.0);
    assert_eq!(p.text("sysctl.kernel.sched_migration_cost_ns"), "500000");
    assert_eq!(p.text("sysctl.net.ipv4.tcp_rmem"), "4096 87380 6291456");
}

#[test]
fn sysctl_conf_later_lines_win_like_sysctl_p() {
    let p = parse_fixture("sysctl/sysctl_conf_tuned.txt");
    assert_eq!(p.tool(), Some("sysctl"));
    close(p.num("os.swappiness"), 1.0);
    assert_eq!(p.get("os.swappiness").provenance.line, 14);
    assert_eq!(p.text("sysctl.vm.swappiness"), "1");
    close(p.num("os.numa_balancing"), 0.0);
    assert_eq!(p.report.warnings.len(), 1, "{:?}", p.report.warnings);
    assert_eq!(p.report.warnings[0].line, 14);
    assert!(p.report.warnings[0].message.contains("first on line 4"));
}

#[test]
fn multi_line_values_and_permission_errors() {
    let input = b"dev.cdrom.autoclose = 1\n\
dev.cdrom.info = CD-ROM information, Id: cdrom.c 3.20 2003/12/17\n\
dev.cdrom.info = \n\
dev.cdrom.info = drive name:\tsr0\n\
sysctl: permission denied on key 'fs.protected_fifos'\n\
sysctl: permission denied on key 'fs.protected_hardlinks'\n\
net.ipv4.conf.eth0/100.rp_filter = 2\n";
    let (facts, warnings) = run_parser(&Sysctl, input).unwrap();
    let info = facts
        .iter()
        .find(|f| f.key == "sysctl.dev.cdrom.info")
        .unwrap();
    assert_eq!(
        info.value,
        text("CD-ROM information, Id: cdrom.c 3.20 2003/12/17; drive name: sr0")
    );
    assert_eq!(line_range(info), (2, 4));
    assert!(
        facts
            .iter()
            .any(|f| f.key == "sysctl.net.ipv4.conf.eth0_100.rp_filter")
    );
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 5);
}

#[test]
fn other_key_value_files_are_not_sysctl() {
    let postgresql_conf = "# PostgreSQL configuration\nshared_buffers = 128MB\nmax_connections = 100\nwal_level = replica\n";
    let dm_ini = "MEMORY_POOL = 500\nBUFFER = 1000\nWORKER_THREADS = 64\n";
    let prose = "This file lists the kernel settings we changed:\nkernel.numa_balancing = 0\nand nothing else.\n";
    for text in [postgresql_conf, dm_ini, prose] {
        assert_eq!(Sysctl.sniff(text), None, "{text}");
    }
    assert!(Sysctl.sniff("kernel.numa_balancing = 0\n").is_some());
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Sysctl, b"").is_err());
    assert!(run_parser(&Sysctl, b"\xff\xfe garbage = 1\nno = namespace\n").is_err());
}

#[test]
fn truncated_capture_keeps_complete_lines() {
    let full = read("sysctl/sysctl_a_vm.txt");
    // Cut inside line 117, `kernel.numa_balancing = 0`, after its `=`.
    let start: usize = full
        .split(|b| *b == b'\n')
        .take(116)
        .map(|l| l.len() + 1)
        .sum();
    let cut = start + "kernel.numa_balancing =".len();
    let (facts, warnings) = run_parser(&Sysctl, &full[..cut]).unwrap();
    // 116 complete lines, three of them one multi-line setting.
    assert_eq!(facts.len(), 114);
    assert!(!facts.iter().any(|f| f.key == "os.numa_balancing"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 117);
    assert!(warnings[0].message.contains("cut off"));
}
