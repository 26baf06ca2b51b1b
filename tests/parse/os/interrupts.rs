use crate::support::*;
use perfsage::facts::Unit;
use perfsage::parse::CaptureParser;
use perfsage::parse::os::interrupts::Interrupts;

#[test]
fn virtio_queues_of_this_machine() {
    let p = parse_fixture("interrupts/proc_interrupts_vm.txt");
    assert_eq!(p.tool(), Some("interrupts"));
    // virtio1 is the disk (one request queue), virtio2 the NIC (input.0, output.0).
    close(p.num("irq.virtio1.queues"), 1.0);
    close(p.num("irq.virtio1.interrupts"), 820_374.0);
    close(p.num("irq.virtio1.top_cpu"), 1.0);
    close(p.num("irq.virtio1.top_cpu_share_pct"), 100.0);
    close(p.num("irq.virtio2.queues"), 2.0);
    close(p.num("irq.virtio2.interrupts"), 2_388.0 + 1_764.0);
    close(p.num("irq.virtio2.cpus"), 2.0);
    close(p.num("irq.virtio2.top_cpu"), 1.0);
    close(
        p.num("irq.virtio2.top_cpu_share_pct"),
        2_388.0 * 100.0 / 4_152.0,
    );
    assert_eq!(p.text("irq.virtio2.bus_info"), "0000:00:03.0");
    let fact = p.get("irq.virtio2.queues");
    assert_eq!(line_range(fact), (15, 16));
    // config, balloon and vsock vectors are not queues.
    assert!(!p.keys().iter().any(|k| k.starts_with("irq.virtio0.")));
    assert!(!p.keys().iter().any(|k| k.starts_with("irq.virtio3.")));
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn kunpeng_nic_and_nvme_interrupts_concentrated_on_four_cpus() {
    let p = parse_fixture("interrupts/kunpeng_128cpu.txt");
    // enp3s0_qp0..15: queue q on CPU q % 4 with 51,230,955 − q × 611,953 interrupts,
    // plus 2,048 on CPU 1 + q % 3. CPU 0 (q = 0, 4, 8, 12) has the most:
    // 4 × 51,230,955 − 611,953 × 24 = 190,236,948 of 746,293,688.
    close(p.num("irq.enp3s0.queues"), 16.0);
    close(p.num("irq.enp3s0.interrupts"), 746_293_688.0);
    close(p.num("irq.enp3s0.cpus"), 4.0);
    close(p.num("irq.enp3s0.top_cpu"), 0.0);
    close(
        p.num("irq.enp3s0.top_cpu_share_pct"),
        190_236_948.0 * 100.0 / 746_293_688.0,
    );
    assert_eq!(p.get("irq.enp3s0.top_cpu_share_pct").unit, Unit::Percent);
    // nvme0q1..8 on CPUs 0-3 (q0, the admin queue, is left out); 12 stray interrupts
    // per queue on CPU 64 are far below 1 % of the busiest CPU's. CPU 3 has q4 and q8:
    // 16,829,243 + 17,248,159 = 34,077,402 of 135,052,956.
    close(p.num("irq.nvme0.queues"), 8.0);
    close(p.num("irq.nvme0.interrupts"), 135_052_956.0);
    close(p.num("irq.nvme0.cpus"), 4.0);
    close(p.num("irq.nvme0.top_cpu"), 3.0);
    close(
        p.num("irq.nvme0.top_cpu_share_pct"),
        34_077_402.0 * 100.0 / 135_052_956.0,
    );
    // nvme1 bound by hand: one queue per sixteenth CPU, the busiest is q8 on CPU 112.
    close(p.num("irq.nvme1.cpus"), 8.0);
    close(p.num("irq.nvme1.top_cpu"), 112.0);
    close(
        p.num("irq.nvme1.top_cpu_share_pct"),
        9_819_092.0 * 100.0 / 78_524_484.0,
    );
    assert!(
        !p.has("irq.enp3s0.bus_info"),
        "ITS-MSI names no PCI address"
    );
    assert_eq!(p.facts.len(), 15);
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}

#[test]
fn softirqs_and_other_tables_are_not_interrupts() {
    let softirqs = "                    CPU0       CPU1\n          HI:          0          0\n       TIMER:     123456     234567\n      NET_RX:       1234       5678\n";
    assert_eq!(Interrupts.sniff(softirqs), None);
    let mpstat = String::from_utf8(read("mpstat/mpstat_idle.txt")).unwrap();
    assert_eq!(Interrupts.sniff(&mpstat), None);
}

#[test]
fn offline_cpus_keep_their_numbers() {
    let text = b"           CPU0       CPU2       CPU5\n 40:        100          0       9900  PCI-MSI 1-edge      eth0-TxRx-0\n 41:          0          0          0  PCI-MSI 2-edge      eth0-TxRx-1\n";
    let (facts, _) = run_parser(&Interrupts, text).unwrap();
    let get = |key: &str| {
        facts
            .iter()
            .find(|f| f.key == key)
            .unwrap()
            .value
            .as_number()
            .unwrap()
    };
    close(get("irq.eth0.top_cpu"), 5.0);
    close(get("irq.eth0.top_cpu_share_pct"), 99.0);
    // CPU 0's 100 are just over 1 % of CPU 5's 9,900.
    close(get("irq.eth0.cpus"), 2.0);
    close(get("irq.eth0.queues"), 2.0);
}

#[test]
fn an_even_spread_over_many_cpus_counts_every_cpu() {
    let cpus = 256;
    let mut input = String::new();
    for cpu in 0..cpus {
        input.push_str(&format!("CPU{cpu:<8}"));
    }
    input.push('\n');
    for queue in 0..4 {
        input.push_str(&format!("{:4}: ", 100 + queue));
        for _ in 0..cpus {
            input.push_str(&format!("{:10} ", 1000));
        }
        input.push_str(&format!(" ITS-MSI 1572864 Edge      enp3s0_qp{queue}\n"));
    }
    let (facts, warnings) = run_parser(&Interrupts, input.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let get = |key: &str| {
        facts
            .iter()
            .find(|f| f.key == key)
            .unwrap()
            .value
            .as_number()
            .unwrap()
    };
    close(get("irq.enp3s0.cpus"), 256.0);
    close(get("irq.enp3s0.top_cpu_share_pct"), 100.0 / 256.0);
}

#[test]
fn empty_and_garbage_input_are_errors_not_panics() {
    assert!(run_parser(&Interrupts, b"").is_err());
    assert!(run_parser(&Interrupts, b"  0:  1 2 3 timer\n").is_err());
    assert!(run_parser(&Interrupts, b"   CPU0   CPU1\nNMI: 0 0 Non-maskable\n").is_err());
    let (facts, warnings) =
        run_parser(&Interrupts, b"   CPU0   CPU1\n 5: x y z\n 6: 1\n 7: 1 2\n").unwrap();
    assert!(facts.is_empty());
    assert_eq!(warnings.len(), 2, "{warnings:?}");
}

#[test]
fn truncated_capture_keeps_complete_rows() {
    let full = read("interrupts/kunpeng_128cpu.txt");
    // Cut in the middle of line 20, the CPU counts of enp3s0_qp5.
    let start: usize = full
        .split(|b| *b == b'\n')
        .take(19)
        .map(|l| l.len() + 1)
        .sum();
    let (facts, warnings) = run_parser(&Interrupts, &full[..start + 700]).unwrap();
    let get = |key: &str| {
        facts
            .iter()
            .find(|f| f.key == key)
            .unwrap()
            .value
            .as_number()
            .unwrap()
    };
    close(get("irq.nvme0.queues"), 8.0);
    close(get("irq.enp3s0.queues"), 5.0);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, 20);
    assert!(warnings[0].message.contains("cut off"));
}

#[test]
fn the_cpu_header_starts_a_section() {
    assert!(Interrupts.starts_section("           CPU0       CPU1       "));
    assert!(!Interrupts.starts_section(" 24:          1          0  IO-APIC"));
    assert!(!Interrupts.starts_section("12:00:01 CPU %usr"));
}
