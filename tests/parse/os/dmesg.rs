use crate::support::*;
use perfsage::facts::{Fact, Unit};
use perfsage::parse::CaptureParser;
use perfsage::parse::os::dmesg::Dmesg;
use perfsage::parse::sink::Strength;

fn find<'a>(facts: &'a [Fact], key: &str) -> Option<&'a Fact> {
    facts.iter().find(|f| f.key == key)
}

/// This VM's whole boot log: no IOMMU unit, default domain translated.
fn check_vm_log(p: &Parsed) {
    assert_eq!(p.tool(), Some("dmesg"));
    assert_eq!(p.text("os.kernel"), "6.18.44-fc-v1098");
    assert_eq!(line_range(p.get("os.kernel")), (1, 1));
    // `Kernel command line:` (line 77) wins over x86's early `Command line:` (line 2).
    assert!(
        p.text("os.cmdline")
            .starts_with("mitigations=auto,no_guest_host,no_guest_guest console=ttyS0 quiet")
    );
    assert_eq!(line_range(p.get("os.cmdline")), (77, 77));
    assert_eq!(p.get("os.iommu_passthrough").value, flag(false));
    assert_eq!(line_range(p.get("os.iommu_passthrough")), (215, 215));
    // The whole log, from `Linux version` at time 0 to its end, registers no unit.
    assert_eq!(p.get("os.iommu_enabled").value, flag(false));
    assert_eq!(line_range(p.get("os.iommu_enabled")), (1, 345));
    close(p.num("os.iommu_units"), 0.0);
    assert_eq!(p.get("os.iommu_units").unit, Unit::Count);
    assert_eq!(line_range(p.get("os.iommu_units")), (1, 345));
    // Besides the kernel-error counts (tests/parse/os/kernel_errors.rs), five facts,
    // all fallbacks.
    let boot: Vec<_> = p
        .facts
        .iter()
        .filter(|(f, _)| {
            f.key.starts_with("os.kernel") && f.key != "os.kernel_log_span"
                || f.key.starts_with("os.cmdline")
                || f.key.starts_with("os.iommu")
        })
        .collect();
    assert_eq!(boot.len(), 5, "{:?}", p.keys());
    assert!(
        boot.iter().all(|(_, s)| *s == Strength::Fallback),
        "the settings snapshot reads the same state first-hand"
    );
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn boot_log_of_this_machine() {
    check_vm_log(&parse_fixture("dmesg/dmesg_x86_vm.txt"));
}

#[test]
fn the_same_log_with_wall_clock_stamps() {
    check_vm_log(&parse_fixture("dmesg/dmesg_T_x86_vm.txt"));
}

#[test]
fn kunpeng_excerpt_with_two_smmus() {
    let p = parse_fixture("dmesg/dmesg_grep_kunpeng920.txt");
    assert_eq!(p.tool(), Some("dmesg"));
    assert_eq!(p.get("os.iommu_enabled").value, flag(true));
    close(p.num("os.iommu_units"), 2.0);
    // The two units' driver lines; the IORT table lines and the group lines are not units.
    assert_eq!(line_range(p.get("os.iommu_enabled")), (4, 7));
    assert_eq!(line_range(p.get("os.iommu_units")), (4, 7));
    assert!(p.text("os.cmdline").contains("smmu.bypassdev=0x1000:0x17"));
    assert_eq!(line_range(p.get("os.cmdline")), (1, 1));
    // 4.19 prints no default domain type, and the command line does not say.
    assert!(!p.has("os.iommu_passthrough"));
    assert!(!p.has("os.kernel"), "an excerpt without `Linux version`");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn intel_excerpt_in_passthrough_mode() {
    let p = parse_fixture("dmesg/dmesg_grep_intel_pt.txt");
    assert_eq!(p.tool(), Some("dmesg"));
    assert_eq!(p.get("os.iommu_enabled").value, flag(true));
    close(p.num("os.iommu_units"), 4.0);
    // From `DMAR: IOMMU enabled` (line 4), which makes the dmarN lines count, to the
    // last line naming a unit.
    assert_eq!(line_range(p.get("os.iommu_units")), (4, 24));
    assert_eq!(p.get("os.iommu_passthrough").value, flag(true));
    assert_eq!(line_range(p.get("os.iommu_passthrough")), (20, 20));
    assert!(p.text("os.cmdline").ends_with("intel_iommu=on iommu=pt"));
    assert_eq!(line_range(p.get("os.cmdline")), (3, 3));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn an_excerpt_that_finds_no_unit_says_nothing_about_units() {
    // The real log without its `Linux version` line, as a wrapped ring buffer or a
    // grep would give it: no unit seen does not mean no unit exists.
    let full = String::from_utf8(read("dmesg/dmesg_x86_vm.txt")).unwrap();
    let excerpt: String = full.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let (facts, warnings) = run_parser(&Dmesg, excerpt.as_bytes()).unwrap();
    assert!(find(&facts, "os.iommu_enabled").is_none());
    assert!(find(&facts, "os.iommu_units").is_none());
    assert!(find(&facts, "os.kernel").is_none());
    // What the excerpt does say is kept.
    assert_eq!(
        find(&facts, "os.iommu_passthrough").unwrap().value,
        flag(false)
    );
    assert_eq!(line_range(find(&facts, "os.cmdline").unwrap()), (76, 76));
    assert!(warnings.is_empty(), "{warnings:?}");
}

const DMAR_WITHOUT_REMAPPING: &str = "\
[    1.303663] DMAR: dmar0: reg_base_addr d37fc000 ver 1:0 cap 8d2078c106f0466 ecap f020df
[    1.303673] DMAR: dmar1: reg_base_addr e0ffc000 ver 1:0 cap 8d2078c106f0466 ecap f020df
[    1.305380] DMAR-IR: Enabled IRQ remapping in x2apic mode
[    2.116504] iommu: Default domain type: Translated 
";

#[test]
fn vtd_units_count_only_once_dma_remapping_is_on() {
    // The DMAR table is parsed for interrupt remapping even with intel_iommu off.
    let (facts, _) = run_parser(&Dmesg, DMAR_WITHOUT_REMAPPING.as_bytes()).unwrap();
    assert!(find(&facts, "os.iommu_enabled").is_none(), "an excerpt");
    assert_eq!(
        find(&facts, "os.iommu_passthrough").unwrap().value,
        flag(false)
    );
    // In a whole boot log the missing `Intel(R) Virtualization Technology` line means
    // DMA remapping stayed off: nothing is under /sys/class/iommu.
    let whole = format!(
        "[    0.000000] Linux version 5.10.0-60.18.0.50.oe2203.x86_64 (root@localhost) #1 SMP\n{DMAR_WITHOUT_REMAPPING}"
    );
    let (facts, _) = run_parser(&Dmesg, whole.as_bytes()).unwrap();
    assert_eq!(find(&facts, "os.iommu_enabled").unwrap().value, flag(false));
    assert_eq!(find(&facts, "os.iommu_units").unwrap().value, num(0.0));
    assert_eq!(line_range(find(&facts, "os.iommu_units").unwrap()), (1, 5));
    let on = format!(
        "{whole}[    3.271045] DMAR: Intel(R) Virtualization Technology for Directed I/O\n"
    );
    let (facts, _) = run_parser(&Dmesg, on.as_bytes()).unwrap();
    assert_eq!(find(&facts, "os.iommu_units").unwrap().value, num(2.0));
    assert_eq!(line_range(find(&facts, "os.iommu_units").unwrap()), (2, 6));
}

#[test]
fn amd_units_and_a_failed_smmu_probe() {
    let amd = "\
[    0.000000] Linux version 6.1.0-27-amd64 (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)
[    0.000000] Command line: BOOT_IMAGE=/boot/vmlinuz-6.1.0-27-amd64 root=/dev/sda2 ro iommu.passthrough=1 quiet
[    1.104283] pci 0000:00:00.2: AMD-Vi: IOMMU performance counters supported
[    1.106120] pci 0000:00:00.2: AMD-Vi: Found IOMMU cap 0x40
[    1.106311] pci 0000:40:00.2: AMD-Vi: Found IOMMU cap 0x40
[    1.106325] AMD-Vi: Interrupt remapping enabled
[    2.000000] arm-smmu-v3: probe of arm-smmu-v3.0.auto failed with error -22
";
    let (facts, warnings) = run_parser(&Dmesg, amd.as_bytes()).unwrap();
    assert_eq!(find(&facts, "os.iommu_units").unwrap().value, num(2.0));
    assert_eq!(line_range(find(&facts, "os.iommu_units").unwrap()), (4, 5));
    assert_eq!(
        find(&facts, "os.kernel").unwrap().value,
        text("6.1.0-27-amd64")
    );
    // No default domain line here: the command line's iommu.passthrough=1 says it.
    let passthrough = find(&facts, "os.iommu_passthrough").unwrap();
    assert_eq!(passthrough.value, flag(true));
    assert_eq!(line_range(passthrough), (2, 2));
    assert!(warnings.is_empty(), "{warnings:?}");

    let smmu = "\
[    0.000000] Linux version 5.10.0 (root@localhost) #1 SMP
[    2.412850] arm-smmu-v3 arm-smmu-v3.0.auto: option mask 0x0
[    2.412902] arm-smmu-v3 arm-smmu-v3.0.auto: probe with driver arm-smmu-v3 failed with error -22
";
    let (facts, _) = run_parser(&Dmesg, smmu.as_bytes()).unwrap();
    assert_eq!(find(&facts, "os.iommu_enabled").unwrap().value, flag(false));
}

#[test]
fn levels_before_the_stamp_change_nothing() {
    // `dmesg -x` prints `kern  :notice: ` and `dmesg -r` `<5>` before each stamp; the
    // same log without them gives the same facts.
    for (file, prefix_end) in [
        ("dmesg/dmesg_x_x86_vm.txt", ": ["),
        ("dmesg/dmesg_r_x86_vm.txt", ">["),
    ] {
        let with_levels = parse_fixture(file);
        assert_eq!(with_levels.tool(), Some("dmesg"), "{file}");
        assert_eq!(with_levels.text("os.kernel"), "6.18.44-fc-v1272");
        let plain: String = String::from_utf8(read(file))
            .unwrap()
            .lines()
            .map(|line| match line.find(prefix_end) {
                Some(at) if !line.starts_with('[') => {
                    format!("{}\n", &line[at + prefix_end.len() - 1..])
                }
                _ => format!("{line}\n"),
            })
            .collect();
        assert!(plain.starts_with("[    0.000000] Linux version"), "{file}");
        let plain = parse_bytes("dmesg.txt", plain.as_bytes());
        assert_eq!(with_levels.facts.len(), plain.facts.len(), "{file}");
        for ((a, _), (b, _)) in with_levels.facts.iter().zip(&plain.facts) {
            assert_eq!(
                (&a.key, &a.value, line_range(a)),
                (&b.key, &b.value, line_range(b)),
                "{file}"
            );
        }
    }
}

#[test]
fn journal_and_syslog_layouts() {
    let journal = "\
-- Journal begins at Tue 2026-12-01 09:00:00 CST, ends at Wed 2026-12-02 17:30:00 CST. --
Dec 02 17:27:27 kp-db01 kernel: Linux version 4.19.90-2112.8.0.0131.oe1.aarch64 (abuild@obs-worker) #1 SMP Fri Dec 31 11:02:37 CST 2021
Dec 02 17:27:27 kp-db01 kernel: Kernel command line: BOOT_IMAGE=/vmlinuz-4.19.90 ro iommu.passthrough=1
Dec 02 17:27:29 kp-db01 kernel: arm-smmu-v3 arm-smmu-v3.0.auto: option mask 0x0
";
    let p = parse_bytes("journal.txt", journal.as_bytes());
    assert_eq!(p.tool(), Some("dmesg"));
    assert_eq!(p.text("os.kernel"), "4.19.90-2112.8.0.0131.oe1.aarch64");
    close(p.num("os.iommu_units"), 1.0);
    assert_eq!(p.get("os.iommu_passthrough").value, flag(true));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);

    // /var/log/messages keeps the kernel's own stamp and holds several boots: the facts
    // describe the last one, a whole boot log without any unit.
    let syslog = "\
Dec  1 09:00:00 kp-db01 kernel: [    0.000000] Linux version 4.19.90-2110.8.0.0119.oe1.aarch64 (abuild@obs-worker) #1 SMP
Dec  1 09:00:02 kp-db01 kernel: [    2.412850] arm-smmu-v3 arm-smmu-v3.0.auto: option mask 0x0
Dec  2 17:27:27 kp-db01 kernel: [    0.000000] Linux version 4.19.90-2112.8.0.0131.oe1.aarch64 (abuild@obs-worker) #1 SMP
Dec  2 17:27:28 kp-db01 kernel: [    1.000000] Kernel command line: ro quiet
";
    let (facts, warnings) = run_parser(&Dmesg, syslog.as_bytes()).unwrap();
    assert_eq!(
        find(&facts, "os.kernel").unwrap().value,
        text("4.19.90-2112.8.0.0131.oe1.aarch64")
    );
    assert_eq!(find(&facts, "os.iommu_enabled").unwrap().value, flag(false));
    assert_eq!(
        line_range(find(&facts, "os.iommu_enabled").unwrap()),
        (3, 4)
    );
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 3);
}

#[test]
fn empty_and_garbage_input_are_errors_naming_the_line() {
    assert!(run_parser(&Dmesg, b"").is_err());
    assert!(run_parser(&Dmesg, b"\n  \n").is_err());
    let err = run_parser(&Dmesg, b"\n\nhello world\n[    0.1] x\n").unwrap_err();
    assert_eq!(err.line, Some(3), "{err}");
    let err = run_parser(&Dmesg, b"\xff\xfe\xfd\n").unwrap_err();
    assert_eq!(err.line, Some(1), "{err}");
    // A file cut off inside the first stamp is no kernel log either.
    let err = run_parser(&Dmesg, b"[    0.00").unwrap_err();
    assert_eq!(err.line, Some(1), "{err}");
}

#[test]
fn a_truncated_log_keeps_what_it_read_but_is_no_longer_whole() {
    let full = read("dmesg/dmesg_x86_vm.txt");
    // Cut inside line 216, after the default domain line.
    let cut = full
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(214)
        .map(|(i, _)| i + 20)
        .unwrap();
    let (facts, warnings) = run_parser(&Dmesg, &full[..cut]).unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 216);
    assert!(warnings[0].message.contains("cut off"));
    assert_eq!(
        find(&facts, "os.iommu_passthrough").unwrap().value,
        flag(false)
    );
    assert!(find(&facts, "os.kernel").is_some());
    // Units could have been registered after the cut.
    assert!(find(&facts, "os.iommu_enabled").is_none());
}

#[test]
fn other_bracketed_outputs_are_not_kernel_logs() {
    let ping = "PING 10.0.0.2 (10.0.0.2) 56(84) bytes of data.\n[1733150000.123456] 64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.101 ms\n[1733150001.124001] 64 bytes from 10.0.0.2: icmp_seq=2 ttl=64 time=0.099 ms\n";
    assert_eq!(Dmesg.sniff(ping), None);
    let sysbench = String::from_utf8(read("sysbench/sysbench_oltp_8t.txt")).unwrap();
    assert_eq!(Dmesg.sniff(&sysbench), None);
    // A log with a stray line or two is still a log; mostly other text is not.
    let log = String::from_utf8(read("dmesg/dmesg_x86_vm.txt")).unwrap();
    assert!(Dmesg.sniff(&format!("{log}dmesg: some note\n")).is_some());
    assert_eq!(
        Dmesg.sniff("[    0.000000] Linux version 6.1\nnotes\nmore notes\n"),
        None
    );
}

#[test]
fn a_shell_session_with_dmesg_is_cut_into_sections() {
    let uname = String::from_utf8(read("uname/uname_a_kunpeng_openeuler.txt")).unwrap();
    let excerpt = String::from_utf8(read("dmesg/dmesg_grep_kunpeng920.txt")).unwrap();
    let text = format!(
        "[root@kp-db01 ~]# uname -a\n{uname}[root@kp-db01 ~]# dmesg | grep -i -e iommu -e smmu -e dmar -e AMD-Vi\n{excerpt}"
    );
    let p = parse_bytes("session.txt", text.as_bytes());
    let tools: Vec<Option<&str>> = p.reports.iter().map(|r| r.tool.as_deref()).collect();
    assert_eq!(tools, vec![Some("uname"), Some("dmesg")]);
    assert_eq!(p.text("os.kernel"), "4.19.90-2112.8.0.0131.oe1.aarch64");
    close(p.num("os.iommu_units"), 2.0);
    // The section keeps the file's line numbers: the excerpt starts on line 4.
    assert_eq!(line_range(p.get("os.iommu_units")), (7, 10));
}

#[test]
fn a_linux_version_line_starts_a_section() {
    assert!(
        Dmesg.starts_section("[    0.000000] Linux version 6.18.44-fc-v1098 (builder@sandboxing)")
    );
    assert!(!Dmesg.starts_section("[    0.349174] iommu: Default domain type: Translated"));
    assert!(
        !Dmesg
            .starts_section("Linux vm 6.18.44-fc-v1045 #1 SMP PREEMPT_DYNAMIC @0 x86_64 GNU/Linux")
    );
}

#[test]
fn journalctl_without_a_journal_says_to_capture_dmesg() {
    let p = parse_fixture("dmesg/journalctl_k_no_journal.txt");
    assert_eq!(p.tool(), Some("dmesg"));
    let (line, message) = p.failure();
    assert_eq!(line, Some(1));
    assert!(message.contains("dmesg --time-format iso"), "{message}");
}
