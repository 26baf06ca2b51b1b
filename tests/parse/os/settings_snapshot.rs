use crate::support::*;
use perfsage::facts::Unit;
use perfsage::parse::CaptureParser;
use perfsage::parse::os::settings_snapshot::SettingsSnapshot;
use perfsage::parse::sink::Strength;

#[test]
fn snapshot_of_this_machine() {
    let p = parse_fixture("settings-snapshot/snapshot_vm.txt");
    assert_eq!(p.tool(), Some("settings-snapshot"));
    assert_eq!(p.text("os.thp.enabled"), "madvise");
    assert_eq!(p.text("os.thp.defrag"), "madvise");
    close(p.num("os.numa_balancing"), 0.0);
    assert_eq!(p.text("sysctl.kernel.numa_balancing"), "0");
    close(p.num("os.swappiness"), 60.0);
    assert_eq!(p.text("disk.vda.scheduler"), "mq-deadline");
    assert_eq!(p.get("disk.vda.scheduler").provenance.line, 10);
    close(p.num("os.page_size_kib"), 4.0);
    assert_eq!(p.get("os.page_size_kib").unit, Unit::Kibibytes);
    assert_eq!(p.text("cpu.smt_control"), "notsupported");
    assert_eq!(p.get("cpu.smt_active").value, flag(false));
    // No IOMMU registered: the listing is empty.
    assert_eq!(p.get("os.iommu_enabled").value, flag(false));
    close(p.num("os.iommu_units"), 0.0);
    // No systemd in this VM: systemctl printed nothing, so irqbalance is unknown.
    assert!(!p.has("os.irqbalance_active"));
    // No cpufreq in this VM.
    assert!(!p.has("cpu.governor"));
    assert!(!p.has("cpu.cur_freq_min_mhz"));
    assert_eq!(p.text("os.kernel"), "6.18.44-fc-v1045");
    assert_eq!(p.text("cpu.arch"), "x86_64");
    assert_eq!(p.text("host.name"), "vm");
    let strength = |key: &str| p.facts.iter().find(|(f, _)| f.key == key).unwrap().1;
    assert_eq!(strength("os.kernel"), Strength::Fallback);
    assert_eq!(strength("cpu.arch"), Strength::Fallback);
    assert_eq!(strength("os.thp.enabled"), Strength::Primary);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn kunpeng_before_tuning() {
    let p = parse_fixture("settings-snapshot/kunpeng_before.txt");
    assert_eq!(p.text("os.thp.enabled"), "always");
    assert_eq!(p.text("os.thp.defrag"), "always");
    close(p.num("os.numa_balancing"), 1.0);
    assert_eq!(p.text("disk.nvme0n1.scheduler"), "mq-deadline");
    assert_eq!(p.text("disk.nvme1n1.scheduler"), "mq-deadline");
    close(p.num("os.page_size_kib"), 4.0);
    assert_eq!(p.get("os.irqbalance_active").value, flag(true));
    assert_eq!(p.get("os.iommu_enabled").value, flag(true));
    close(p.num("os.iommu_units"), 8.0);
    assert!(
        !p.has("os.iommu_passthrough"),
        "neither the groups nor the cmdline say"
    );
    // 128 CPUs on ondemand: every fourth at 1.4 GHz, the rest at 2.6 GHz.
    assert_eq!(p.text("cpu.governor"), "ondemand");
    assert_eq!(p.get("cpu.governor").provenance.line, 13);
    assert_eq!(p.get("cpu.governor").provenance.line_end, 140);
    assert!(!p.has("cpu.0.governor"));
    close(p.num("cpu.cur_freq_min_mhz"), 1400.0);
    close(p.num("cpu.cur_freq_max_mhz"), 2600.0);
    close(
        p.num("cpu.cur_freq_avg_mhz"),
        (32.0 * 1400.0 + 96.0 * 2600.0) / 128.0,
    );
    close(p.num("cpu.max_mhz"), 2600.0);
    assert!(
        !p.has("cpu.smt_control"),
        "4.19 aarch64 has no smt directory"
    );
    assert!(
        p.text("os.cmdline")
            .starts_with("BOOT_IMAGE=/vmlinuz-4.19.90")
    );
    assert_eq!(p.text("os.kernel"), "4.19.90-2112.8.0.0131.oe1.aarch64");
    assert_eq!(p.text("cpu.arch"), "aarch64");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn kunpeng_after_tuning() {
    let p = parse_fixture("settings-snapshot/kunpeng_after.txt");
    assert_eq!(p.text("os.thp.enabled"), "never");
    assert_eq!(p.text("os.thp.defrag"), "never");
    close(p.num("os.numa_balancing"), 0.0);
    assert_eq!(p.text("disk.nvme0n1.scheduler"), "none");
    assert_eq!(p.text("disk.sda.scheduler"), "mq-deadline");
    close(p.num("os.page_size_kib"), 64.0);
    assert_eq!(p.get("os.irqbalance_active").value, flag(false));
    assert_eq!(p.get("os.iommu_enabled").value, flag(false));
    assert_eq!(p.text("cpu.governor"), "performance");
    close(p.num("cpu.cur_freq_min_mhz"), 2600.0);
}

const MIXED: &str = "# perfsage settings snapshot v1
# x86 host with SMT on; written by hand for this test
/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor: performance
/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor: powersave
/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq: 3400000
/sys/devices/system/cpu/cpu1/cpufreq/scaling_cur_freq: 1200000
/sys/devices/system/cpu/smt/control: on
/sys/devices/system/cpu/smt/active: 1
/sys/kernel/iommu_groups/0/type: identity
/proc/cmdline: BOOT_IMAGE=/vmlinuz ro intel_iommu=on iommu=pt
ls /sys/class/iommu: dmar0
dmar1
/proc/sys/vm/swappiness: 10
/proc/sys/vm/swappiness: 60
/some/unknown/file: whatever
";

#[test]
fn mixed_governors_smt_passthrough_and_continuations() {
    let p = parse_bytes("settings.txt", MIXED.as_bytes());
    assert_eq!(p.tool(), Some("settings-snapshot"));
    assert_eq!(p.text("cpu.governor"), "mixed");
    assert_eq!(p.text("cpu.0.governor"), "performance");
    assert_eq!(p.text("cpu.1.governor"), "powersave");
    close(p.num("cpu.cur_freq_min_mhz"), 1200.0);
    close(p.num("cpu.cur_freq_avg_mhz"), 2300.0);
    assert_eq!(p.text("cpu.smt_control"), "on");
    assert_eq!(p.get("cpu.smt_active").value, flag(true));
    assert_eq!(p.get("os.iommu_passthrough").value, flag(true));
    assert_eq!(p.get("os.iommu_passthrough").provenance.line, 9);
    // The listing went over two lines (no `tr` in the loop): both names count.
    close(p.num("os.iommu_units"), 2.0);
    assert_eq!(p.get("os.iommu_units").provenance.line_end, 12);
    close(p.num("os.swappiness"), 10.0);
    assert_eq!(p.report.warnings.len(), 1, "{:?}", p.report.warnings);
    assert_eq!(p.report.warnings[0].line, 14);
}

#[test]
fn the_command_line_stands_in_for_the_group_type() {
    let text = "# perfsage settings snapshot v1\n/proc/cmdline: ro quiet iommu.passthrough=1\n";
    let (facts, _) = run_parser(&SettingsSnapshot, text.as_bytes()).unwrap();
    let passthrough = facts
        .iter()
        .find(|f| f.key == "os.iommu_passthrough")
        .unwrap();
    assert_eq!(passthrough.value, flag(true));
}

#[test]
fn without_the_header_only_sys_and_proc_entries_make_a_snapshot() {
    assert!(SettingsSnapshot.sniff(MIXED).is_some());
    // Without the header its first line, a comment, is no `path: value` entry.
    let headless = MIXED.replacen("# perfsage settings snapshot v1\n", "", 1);
    assert_eq!(SettingsSnapshot.sniff(&headless), None);
    let one_entry = "/proc/sys/kernel/numa_balancing: 1\n";
    assert_eq!(SettingsSnapshot.sniff(one_entry), None);
    assert!(SettingsSnapshot.sniff(&one_entry.repeat(2)).is_some());
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&SettingsSnapshot, b"").is_err());
    assert!(run_parser(&SettingsSnapshot, b"# perfsage settings snapshot v1\n").is_err());
    let (_, warnings) = run_parser(
        &SettingsSnapshot,
        b"# perfsage settings snapshot v1\nno source here\n/proc/sys/vm/swappiness: 60\n",
    )
    .unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 2);
    assert!(run_parser(&SettingsSnapshot, b"\xff\xfe\x00garbage\n").is_err());
}

#[test]
fn truncated_capture_keeps_complete_entries() {
    let full = read("settings-snapshot/kunpeng_before.txt");
    // Cut in the middle of line 398, `getconf PAGESIZE: 4096 `.
    let start: usize = full
        .split(|b| *b == b'\n')
        .take(397)
        .map(|l| l.len() + 1)
        .sum();
    let (facts, warnings) = run_parser(&SettingsSnapshot, &full[..start + 10]).unwrap();
    assert!(facts.iter().any(|f| f.key == "os.cmdline"));
    assert!(facts.iter().any(|f| f.key == "cpu.governor"));
    assert!(!facts.iter().any(|f| f.key == "os.page_size_kib"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 398);
    assert!(warnings[0].message.contains("cut off"));
}

#[test]
fn the_header_starts_a_section() {
    assert!(SettingsSnapshot.starts_section("# perfsage settings snapshot v1"));
    assert!(!SettingsSnapshot.starts_section("getconf PAGESIZE: 4096"));
}

/// A plain loop (`echo "$f: $(cat $f)"`) without the header line reads the same.
#[test]
fn a_loop_without_the_header_line_reads_the_same() {
    for fixture in [
        "settings-snapshot/snapshot_vm.txt",
        "settings-snapshot/kunpeng_before.txt",
    ] {
        let whole = parse_fixture(fixture);
        let text = String::from_utf8(read(fixture)).unwrap();
        let (first, rest) = text.split_once('\n').unwrap();
        assert!(
            first.starts_with("# perfsage settings snapshot"),
            "{fixture}"
        );
        let bare = parse_bytes("settings_loop.txt", rest.as_bytes());
        assert_eq!(bare.tool(), Some("settings-snapshot"), "{fixture}");
        let values = |p: &Parsed| -> Vec<(String, String)> {
            p.facts
                .iter()
                .map(|(f, _)| (f.key.clone(), format!("{:?}", f.value)))
                .collect()
        };
        assert_eq!(values(&bare), values(&whole), "{fixture}");
    }
    // Cgroup and pressure files in `path: value` form are their own parsers' input.
    let cgroup = "/sys/fs/cgroup/cpu/db/cpu.cfs_quota_us: 50000\n/sys/fs/cgroup/cpu/db/cpu.cfs_period_us: 100000\n";
    assert_ne!(
        parse_bytes("loop.txt", cgroup.as_bytes()).tool(),
        Some("settings-snapshot")
    );
}
