use crate::support::*;

#[test]
fn per_process_cpu_and_the_busiest_process() {
    let p = parse_fixture("pidstat/pidstat_u.txt");
    assert_eq!(p.tool(), Some("pidstat"));
    let sysbench = p.series("proc.sysbench.cpu_pct");
    assert_eq!(sysbench.count, 2);
    assert!(sysbench.min > 95.0, "{sysbench:?}");
    assert_eq!(sysbench.interval_s, Some(1.0));
    assert_eq!(p.text("proc.busiest.name"), "sysbench");
    assert!(p.num("proc.busiest.cpu_pct") > 95.0);
    close(p.num("cpu.count"), 2.0);
}

#[test]
fn threads_give_the_busiest_thread_of_their_process() {
    // -t: the process row, then its threads as `|__name` with TGID `-`.
    let p = parse_fixture("pidstat/pidstat_t_sysbench.txt");
    let thread = p.series("proc.sysbench.busiest_thread_cpu_pct");
    assert_eq!(thread.count, 2);
    close(thread.max, 100.0);
    close(thread.min, 99.0);
    // Thread rows do not add to the process's own figures.
    close(p.series("proc.sysbench.cpu_pct").max, 100.0);
    // A JVM's threads have names of their own: they still belong to the process above.
    let text = "Linux 6.1.0 (db1) \t12/04/26 \t_x86_64_\t(8 CPU)\n\n10:00:01      UID      TGID       TID    %usr %system  %guest   %wait    %CPU   CPU  Command\n10:00:02     1000      4242         -  180.00   20.00    0.00    0.00  200.00     3  java\n10:00:02     1000         -      4250   99.00    1.00    0.00    0.00  100.00     3  |__C2 CompilerThre\n10:00:02     1000         -      4251   60.00    5.00    0.00    0.00   65.00     5  |__pool-1-thread-1\n";
    let p = parse_bytes("pidstat.txt", text.as_bytes());
    close(p.series("proc.java.busiest_thread_cpu_pct").max, 100.0);
    close(p.series("proc.java.cpu_pct").max, 200.0);
    assert!(
        p.keys()
            .iter()
            .all(|k| !k.starts_with("proc.C2") && !k.starts_with("proc.pool-1")),
        "{:?}",
        p.keys()
    );
}

#[test]
fn disk_memory_and_context_switch_sections() {
    let p = parse_fixture("pidstat/pidstat_d_r.txt");
    let written = p.series("proc.dd.wkb_per_s");
    assert_eq!(written.count, 2, "Average rows are not samples");
    close(written.max, 1739836.0);
    let p = parse_fixture("pidstat/pidstat_w.txt");
    assert_eq!(p.series("proc.rcu_preempt.cswch_per_s").count, 3);
    // Per-process context switches are never the system's rate (they once became
    // sys.cs_per_s when sar claimed pidstat output).
    assert!(!p.has("sys.cs_per_s"));
}

#[test]
fn command_lines_are_named_by_their_program() {
    // -l prints the whole command line.
    let p = parse_fixture("pidstat/pidstat_l_u.txt");
    assert!(p.series("proc.sysbench.cpu_pct").avg > 90.0);
    assert!(p.has("proc.process_api.cpu_pct"));
}

#[test]
fn averages_stand_in_when_there_are_no_interval_rows() {
    let text = "Linux 6.1.0 (db1) \t12/04/26 \t_x86_64_\t(8 CPU)\n\nAverage:      UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command\nAverage:      999      3001   45.00    5.00    0.00    1.00   50.00     -  postgres\nAverage:      999      3002   30.00    0.00    0.00    0.00   30.00     -  postgres\n";
    let p = parse_bytes("pidstat.txt", text.as_bytes());
    let postgres = p.series("proc.postgres.cpu_pct");
    assert_eq!(postgres.count, 1);
    close(postgres.avg, 80.0);
}

#[test]
fn empty_and_foreign_input_are_errors_not_panics() {
    let header_only =
        "10:00:01      UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command\n";
    assert_eq!(
        parse_bytes("p.txt", header_only.as_bytes()).tool(),
        Some("pidstat")
    );
    assert!(matches!(
        parse_bytes("p.txt", header_only.as_bytes()).report.status,
        perfsage::parse::CaptureStatus::Failed { .. }
    ));
    let mpstat = read("mpstat/mpstat_all_24h.txt");
    assert_eq!(parse_bytes("m.txt", &mpstat).tool(), Some("mpstat"));
}

#[test]
fn a_header_with_columns_after_the_command_is_not_pidstat_and_cannot_panic() {
    // Found by the fuzzer: a metric column after Command let a short row index past
    // its end.
    let text = "Linux 6.1.0 (vm) \t12/04/2026 \t_x86_64_\t(2 CPU)\n\n\
                12:00:01      UID       PID    %usr %system  Command   %CPU\n\
                12:00:02        0      4242    1.00    2.00  python3\n";
    let p = parse_bytes("pidstat.txt", text.as_bytes());
    assert!(!p.has("proc.python3.cpu_pct"), "{:?}", p.keys());
}

#[test]
fn horizontal_reports_put_every_activity_on_one_line() {
    // -h: `# Time UID PID …` headers, one line per process with all its columns.
    let p = parse_fixture("pidstat/pidstat_h_udrw.txt");
    assert_eq!(p.tool(), Some("pidstat"));
    let sysbench = p.series("proc.sysbench.cpu_pct");
    assert_eq!(sysbench.count, 3);
    assert!(sysbench.min > 190.0, "{sysbench:?}");
    assert_eq!(sysbench.interval_s, Some(1.0));
    assert_eq!(p.series("proc.kdamond_0.cswch_per_s").count, 3);
    assert!(p.has("proc.sysbench.rkb_per_s"));
    assert_eq!(p.text("proc.busiest.name"), "sysbench");
    // The stamp is one token under `# Time`, two with AM/PM: the UID is not a figure.
    let p = parse_fixture("pidstat/pidstat_h_u_12h.txt");
    let sysbench = p.series("proc.sysbench.usr_pct");
    assert_eq!(sysbench.count, 2);
    close(sysbench.max, 199.0);
    assert_eq!(sysbench.interval_s, Some(1.0));
}

#[test]
fn epoch_stamps_and_human_values_give_the_same_figures() {
    let p = parse_fixture("pidstat/pidstat_h_H_u.txt");
    let sysbench = p.series("proc.sysbench.cpu_pct");
    assert_eq!(sysbench.count, 2);
    assert_eq!(sysbench.interval_s, Some(1.0));
    close(sysbench.min, 198.02);
    // --human: `198.0%` is 198 percent.
    let p = parse_fixture("pidstat/pidstat_human_urd.txt");
    let sysbench = p.series("proc.sysbench.cpu_pct");
    assert_eq!(sysbench.count, 2);
    close(sysbench.min, 198.0);
    close(p.num("proc.busiest.cpu_pct"), 198.5);
}

#[test]
fn sysstat_11_horizontal_rows_with_epoch_stamps_and_unknown_io() {
    // CentOS 7's sysstat 10.1 with -h: a wider `#      Time` header, rows indented
    // and stamped in seconds since the epoch, -1.00 where a kernel thread has no I/O
    // accounting.
    let text = "Linux 3.10.0-1160.el7.x86_64 (db7) \t12/05/2026 \t_x86_64_\t(4 CPU)\n\n\
#      Time   UID       PID    %usr %system  %guest    %CPU   CPU   kB_rd/s   kB_wr/s kB_ccwr/s   cswch/s nvcswch/s  Command\n \
1796500000     0         9    0.00    1.00    0.00    1.00     2     -1.00     -1.00     -1.00     40.00      0.00  rcu_sched\n \
1796500000    27      4242   80.00   10.00    0.00   90.00     1    512.00   2048.00      0.00    150.00     12.00  mysqld\n\n\
#      Time   UID       PID    %usr %system  %guest    %CPU   CPU   kB_rd/s   kB_wr/s kB_ccwr/s   cswch/s nvcswch/s  Command\n \
1796500005     0         9    0.00    2.00    0.00    2.00     2     -1.00     -1.00     -1.00     42.00      0.00  rcu_sched\n \
1796500005    27      4242   70.00   10.00    0.00   80.00     3    256.00   1024.00      0.00    140.00     10.00  mysqld\n";
    let p = parse_bytes("pidstat.txt", text.as_bytes());
    assert_eq!(p.tool(), Some("pidstat"));
    let mysqld = p.series("proc.mysqld.cpu_pct");
    assert_eq!(mysqld.count, 2);
    assert_eq!(mysqld.interval_s, Some(5.0));
    close(mysqld.avg, 85.0);
    close(p.series("proc.mysqld.wkb_per_s").max, 2048.0);
    assert_eq!(p.series("proc.rcu_sched.cswch_per_s").count, 2);
    // -1.00 is no count at all, not a negative rate.
    assert!(!p.has("proc.rcu_sched.rkb_per_s"), "{:?}", p.keys());
    assert!(p.report.warnings.is_empty(), "{:?}", p.report.warnings);
}
