use crate::support::*;
use perfsage::facts::Value;
use perfsage::parse::activity::nmon::Nmon;

#[test]
fn linux_recording_gives_the_same_keys_as_sysstat() {
    let p = parse_fixture("nmon/vm_261202_1320.nmon");
    assert_eq!(p.tool(), Some("nmon"));
    let usr = p.series("cpu.usr_pct");
    assert_eq!(usr.count, 10);
    close(usr.avg, 802.3 / 10.0);
    assert_eq!(usr.interval_s, Some(2.0));
    // Idle% and Wait% are 0 in every snapshot: all busy.
    close(p.series("cpu.util_pct").avg, 100.0);
    assert_eq!(p.series("cpu.0.util_pct").count, 10, "CPU001 is cpu.0");
    assert_eq!(p.series("cpu.1.util_pct").count, 10);
    assert!(!p.has("cpu.2.util_pct"));
    let busy = p.series("disk.vda.util_pct");
    close(
        busy.avg,
        (46.9 + 55.0 + 54.0 + 51.5 + 52.4 + 46.9 + 54.0 + 51.5 + 56.0 + 56.4) / 10.0,
    );
    let util = p.get("disk.vda.util_pct");
    assert_eq!(line_range(util), (98, 224));
    close(p.series("disk.vda.rkb_per_s").max, 63793.0);
    close(p.series("disk.vda.io_per_s").min, 23153.4);
    close(p.series("net.lo.rxkb_per_s").max, 49319.1);
    assert_eq!(p.series("net.eth0.txpck_per_s").count, 10);
    // MEM is in MB.
    close(p.series("mem.free_kib").max, 19453.2 * 1024.0);
    close(p.series("mem.swpd_kib").max, 0.0);
    close(p.series("proc.runq").max, 11.0);
    assert_eq!(p.text("host.name"), "vm");
    close(p.num("cpu.count"), 2.0);
    assert_eq!(p.text("os.kernel"), "6.18.44-fc-v1045");
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn first_snapshot_context_switches_are_not_a_measurement() {
    let p = parse_fixture("nmon/vm_261202_1320.nmon");
    let cs = p.series("sys.cs_per_s");
    assert_eq!(
        cs.count, 9,
        "T0001's pswitch is 0.0: nothing to compare with yet"
    );
    close(
        cs.avg,
        (10666.1 + 13180.7 + 12415.5 + 12475.0 + 8803.7 + 11911.3 + 12900.2 + 12687.9 + 12841.4)
            / 9.0,
    );
}

#[test]
fn kunpeng_recording_with_128_cpus() {
    let p = parse_fixture("nmon/taishan_kunpeng920_128cpu.nmon");
    close(p.num("cpu.count"), 128.0);
    assert_eq!(p.series("cpu.127.util_pct").count, 3, "CPU128 is cpu.127");
    assert!(!p.has("cpu.128.util_pct"));
    assert_eq!(p.series("cpu.util_pct").interval_s, Some(10.0));
    // CPU_ALL: User% Sys% Wait% Idle% per snapshot.
    close(
        p.series("cpu.util_pct").avg,
        ((100.0 - 9.7 - 0.2) + (100.0 - 9.6 - 0.2) + (100.0 - 9.3 - 0.2)) / 3.0,
    );
    close(
        p.series("disk.nvme0n1.util_pct").avg,
        (25.1 + 25.7 + 25.2) / 3.0,
    );
    assert_eq!(p.text("host.name"), "taishan-dm8");
    assert!(p.text("os.kernel").ends_with(".aarch64"));
}

#[test]
fn aix_headers_are_read_by_name() {
    let p = parse_fixture("nmon/aix_topas_nmon.nmon");
    // CPU01: 100 − Idle% − Wait%.
    close(
        p.series("cpu.0.util_pct").avg,
        ((100.0 - 24.2 - 21.7) + (100.0 - 24.2 - 19.8) + (100.0 - 24.5 - 23.5)) / 3.0,
    );
    close(p.series("cpu.iowait_pct").avg, (22.5 + 20.9 + 23.9) / 3.0);
    assert!(!p.has("cpu.steal_pct"), "AIX CPU_ALL has no Steal%");
    close(
        p.series("disk.hdisk1.util_pct").avg,
        (96.4 + 97.9 + 98.6) / 3.0,
    );
    close(p.series("net.en0.rxkb_per_s").max, 5402.7);
    assert!(!p.has("mem.free_kib"), "AIX MEM columns are not Linux's");
    assert!(!p.has("proc.blocked"), "AIX PROC has no Blocked column");
    assert_eq!(
        p.series("sys.cs_per_s").count,
        3,
        "a non-zero first pswitch is kept"
    );
    assert_eq!(p.series("cpu.util_pct").interval_s, Some(60.0));
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Nmon, b"").is_err());
    assert!(run_parser(&Nmon, b"CPU_ALL,T0001,1,2,3\nZZZZ,T0001\n").is_err());
    assert!(run_parser(&Nmon, &[0xff, 0xfe, 0x00, 0x41]).is_err());
    let no_snapshots =
        b"AAA,progname,nmon\nAAA,host,h\nCPU_ALL,CPU Total h,User%,Sys%,Wait%,Idle%\n";
    assert!(run_parser(&Nmon, no_snapshots).is_err());
    let odd = b"AAA,progname,nmon\nCPU_ALL,CPU Total h,User%,Sys%,Wait%,Idle%\nCPU_ALL,T0001,1.0,x,0.0\nCPU999999,T0001,1\nDISKBUSY,T0001,5\n,,,\n";
    let err = run_parser(&Nmon, odd);
    assert!(err.is_err(), "nothing usable: {err:?}");
}

#[test]
fn truncated_recording_keeps_complete_lines_and_names_the_cut_line() {
    let full = read("nmon/vm_261202_1320.nmon");
    let text = String::from_utf8(full).unwrap();
    // Cut inside line 91, T0001's CPU_ALL line.
    let upto: usize = text.lines().take(90).map(|l| l.len() + 1).sum();
    let (facts, warnings) = run_parser(&Nmon, &text.as_bytes()[..upto + 20]).unwrap();
    assert!(facts.iter().any(|f| f.key == "cpu.0.util_pct"));
    assert!(!facts.iter().any(|f| f.key == "cpu.util_pct"));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].message.contains("cut off"), "{warnings:?}");
    assert_eq!(warnings[0].line, 91);
    let value = &facts.iter().find(|f| f.key == "host.name").unwrap().value;
    assert_eq!(value, &Value::Text("vm".into()));
}

#[test]
fn damaged_captures_never_panic() {
    for file in ["nmon/vm_261202_1320.nmon", "nmon/aix_topas_nmon.nmon"] {
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
            let _ = run_parser(&Nmon, &bytes);
        }
    }
}

#[test]
fn interval_comes_from_snapshot_times_when_aaa_lacks_it() {
    let text = b"AAA,progname,nmon\nAAA,host,h\nAAA,cpus,1\n\
DISKBUSY,Disk %Busy h,sda\n\
ZZZZ,T0001,23:59:50,01-JAN-2024\nDISKBUSY,T0001,10.0\n\
ZZZZ,T0002,00:00:20,02-JAN-2024\nDISKBUSY,T0002,30.0\n";
    let (facts, _) = run_parser(&Nmon, text).unwrap();
    let busy = facts.iter().find(|f| f.key == "disk.sda.util_pct").unwrap();
    match &busy.value {
        Value::Series(s) => {
            assert_eq!(s.interval_s, Some(30.0), "the step across midnight");
            close(s.avg, 20.0);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn aix_header_lines_ending_in_a_blank_keep_their_last_column() {
    // AIX nmon may end header and snapshot lines with a blank (`Idle% `): the
    // reconstructed AIX recording with a blank added at the end of every line.
    let text = String::from_utf8(read("nmon/aix_topas_nmon.nmon")).unwrap();
    let blanked: String = text.lines().map(|l| format!("{l} \n")).collect();
    let p = parse_bytes("aix.nmon", blanked.as_bytes());
    close(
        p.series("cpu.0.util_pct").avg,
        ((100.0 - 24.2 - 21.7) + (100.0 - 24.2 - 19.8) + (100.0 - 24.5 - 23.5)) / 3.0,
    );
    assert_eq!(p.series("cpu.1.util_pct").count, 3);
    assert_eq!(p.series("cpu.util_pct").count, 3);
}

#[test]
fn empty_header_columns_the_snapshots_leave_out_do_not_shift_interfaces() {
    // The real recording's NETPACKET header with two empty names between the read
    // and the write columns, which its snapshot lines do not have.
    let text = String::from_utf8(read("nmon/vm_261202_1320.nmon")).unwrap();
    let gapped = text.replace("eth0-read/s,lo-write/s,", "eth0-read/s,,,lo-write/s,");
    assert_ne!(gapped, text);
    let p = parse_bytes("vm.nmon", gapped.as_bytes());
    let original = parse_bytes("vm.nmon", text.as_bytes());
    for key in [
        "net.lo.txpck_per_s",
        "net.eth0.rxpck_per_s",
        "net.lo.rxpck_per_s",
    ] {
        close(p.series(key).avg, original.series(key).avg);
    }
    close(
        p.series("net.lo.txpck_per_s").max,
        original.series("net.lo.rxpck_per_s").max,
    );
    // Where the snapshots keep the empty columns, the names stay where they are.
    let kept: String = gapped
        .lines()
        .map(|line| match line.strip_prefix("NETPACKET,T") {
            Some(_) => {
                let fields: Vec<&str> = line.split(',').collect();
                format!("{},,,{}\n", fields[..6].join(","), fields[6..].join(","))
            }
            None => format!("{line}\n"),
        })
        .collect();
    let p = parse_bytes("vm.nmon", kept.as_bytes());
    close(
        p.series("net.lo.txpck_per_s").avg,
        original.series("net.lo.txpck_per_s").avg,
    );
}

#[test]
fn aix_packet_columns_are_reads_and_writes_per_second() {
    let text = String::from_utf8(read("nmon/aix_topas_nmon.nmon")).unwrap();
    let with_packets = text.replace(
        "ZZZZ,T0001,",
        "NETPACKET,Network Packets aix01,en0-reads/s,lo0-reads/s,en0-writes/s,lo0-writes/s\nZZZZ,T0001,",
    ).replace("ZZZZ,T0002,", "NETPACKET,T0001,812.5,10.0,640.2,10.0\nZZZZ,T0002,");
    let p = parse_bytes("aix.nmon", with_packets.as_bytes());
    close(p.series("net.en0.rxpck_per_s").avg, 812.5);
    close(p.series("net.en0.txpck_per_s").avg, 640.2);
}
