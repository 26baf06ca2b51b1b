//! `perfsage capture` on this host: short real captures read back by the bundle reader.
//! They use whatever tools the machine has; where a tool matters to a test, the test
//! controls PATH (an empty one, or fake programs that fail) so it does not depend on
//! what is installed.

use crate::support::*;
use perfsage::bundle::bundle_yaml::{CaptureState, CollectorRecord, CollectorStatus, MetaFile};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::Duration;

/// Runs `perfsage capture` with `args`, in `cwd`, with HOME and TMPDIR pointing at
/// `scratch` (so a test can see nothing was written there) and PATH as given.
fn capture(args: &[&str], cwd: &Path, scratch: &Path, path: Option<&str>) -> Output {
    let mut command = perfsage_command();
    command
        .arg("capture")
        .args(args)
        .current_dir(cwd)
        .env("HOME", scratch)
        .env("TMPDIR", scratch)
        .stdin(Stdio::null());
    if let Some(path) = path {
        command.env("PATH", path);
    }
    command.output().expect("perfsage runs")
}

fn meta(dir: &Path) -> perfsage::bundle::bundle_yaml::CaptureRecord {
    let text = std::fs::read_to_string(dir.join("bundle.yaml")).expect("bundle.yaml is written");
    MetaFile::parse("bundle.yaml", text)
        .expect("bundle.yaml reads back")
        .meta
        .capture
        .expect("bundle.yaml has a capture section")
}

fn collector<'a>(
    record: &'a perfsage::bundle::bundle_yaml::CaptureRecord,
    name: &str,
) -> &'a CollectorRecord {
    record
        .collectors
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no collector {name} in {:?}", record.collectors))
}

/// `perfsage facts DIR --format json`: (fact count, unrecognised, failed).
fn facts_of(dir: &Path) -> (usize, Vec<String>, Vec<String>) {
    let output = perfsage(&["facts", &dir.display().to_string(), "--format", "json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let host = &json["hosts"][0];
    let list = |key: &str| -> Vec<String> {
        host[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.to_string())
            .collect()
    };
    (
        host["facts"].as_array().unwrap().len(),
        list("unrecognized"),
        list("failed"),
    )
}

fn fact_tool(dir: &Path, key: &str) -> Option<String> {
    let output = perfsage(&["facts", &dir.display().to_string(), "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    json["hosts"][0]["facts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["key"] == key)
        .map(|f| f["tool"].as_str().unwrap_or("").to_string())
}

/// A folder of fake programs: each `(name, script)` becomes an executable shell script.
fn fake_programs(programs: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, script) in programs {
        let path = dir.path().join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

fn is_empty(dir: &Path) -> bool {
    std::fs::read_dir(dir).unwrap().next().is_none()
}

#[test]
fn a_short_capture_is_a_bundle_perfsage_reads_completely() {
    let work = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let pid = std::process::id().to_string();
    let output = capture(
        &[
            "-o",
            "run1",
            "--duration",
            "3s",
            "--pid",
            &pid,
            "--profile-for",
            "2s",
        ],
        work.path(),
        scratch.path(),
        None,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let dir = work.path().join("run1");
    let record = meta(&dir);
    assert_eq!(record.state, CaptureState::Complete);
    assert_eq!(record.interval_s, 1);
    assert_eq!(
        record.process.as_ref().map(|p| p.pid),
        Some(std::process::id())
    );
    assert!(!record.hostname.is_empty() && !record.kernel.is_empty());
    assert!(record.ended.is_some());
    for c in &record.collectors {
        assert_ne!(c.status, CollectorStatus::Pending, "{c:?}");
        if c.status != CollectorStatus::Ok {
            assert!(c.reason.is_some(), "{c:?} says no reason");
        }
        for file in &c.files {
            assert!(dir.join(file).is_file(), "{file} is listed but missing");
        }
    }
    // Collectors perfsage runs itself work on every Linux host.
    for name in [
        "cpuinfo",
        "meminfo",
        "interrupts",
        "settings",
        "proc-status",
        "cgroup",
        "proc-vmstat",
    ] {
        assert_eq!(
            collector(&record, name).status,
            CollectorStatus::Ok,
            "{name}"
        );
    }
    let (facts, unrecognized, failed) = facts_of(&dir);
    assert!(
        unrecognized.is_empty(),
        "unrecognised files: {unrecognized:?}"
    );
    assert!(
        failed.is_empty(),
        "files perfsage failed to read: {failed:?}"
    );
    assert!(facts > 30, "only {facts} facts");
    // Where sysstat ran, its CPU samples are what diagnose reads; else the /proc samples.
    let cpu_tool = fact_tool(&dir, "cpu.util_pct").expect("CPU utilisation was captured");
    let mpstat_ran = collector(&record, "mpstat").status == CollectorStatus::Ok;
    assert_eq!(cpu_tool, if mpstat_ran { "mpstat" } else { "proc-samples" });
    // The kernel log is read whole at the end, where dmesg may be read.
    if collector(&record, "dmesg").status == CollectorStatus::Ok {
        assert_eq!(
            fact_tool(&dir, "os.kernel_log_span").as_deref(),
            Some("dmesg")
        );
    }
    // Counters read at the start and the end give their growth over the capture.
    assert_eq!(
        fact_tool(&dir, "mem.workingset_refaults_per_s").as_deref(),
        Some("proc-vmstat")
    );
    if std::path::Path::new("/proc/pressure/cpu").exists() {
        assert_eq!(collector(&record, "psi").status, CollectorStatus::Ok);
        assert_eq!(
            fact_tool(&dir, "psi.cpu.some.stall_pct").as_deref(),
            Some("psi")
        );
    }
    if collector(&record, "ss-summary").status == CollectorStatus::Ok {
        assert_eq!(
            fact_tool(&dir, "net.sockets.tcp_estab").as_deref(),
            Some("ss-summary")
        );
    }
    if collector(&record, "nstat").status == CollectorStatus::Ok {
        assert_eq!(
            fact_tool(&dir, "net.tcp.listen_overflows_per_s").as_deref(),
            Some("nstat")
        );
    }
    // perf stat counts over the whole capture where perf may count every CPU; its
    // software counters read even without a PMU.
    if collector(&record, "perf-stat").status == CollectorStatus::Ok {
        assert_eq!(
            fact_tool(&dir, "perf.stat.task_clock_ms").as_deref(),
            Some("perf-stat")
        );
    }
    // Nothing outside the bundle: the working folder holds only it, HOME and TMPDIR
    // (perf's build-id cache, temporary files) stay empty.
    let entries: Vec<_> = std::fs::read_dir(work.path()).unwrap().collect();
    assert_eq!(entries.len(), 1);
    assert!(
        is_empty(scratch.path()),
        "something was written to HOME/TMPDIR"
    );
    let diagnosis = perfsage(&["diagnose", &dir.display().to_string()]);
    assert!(diagnosis.status.success(), "{}", stderr(&diagnosis));
}

#[test]
fn without_sysstat_the_proc_sampler_stands_in_and_bundle_yaml_says_what_to_install() {
    let work = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let empty_path = tempfile::tempdir().unwrap();
    let path = empty_path.path().display().to_string();
    let output = capture(
        &["-o", "b", "--duration", "3s"],
        work.path(),
        scratch.path(),
        Some(&path),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let dir = work.path().join("b");
    let record = meta(&dir);
    let mpstat = collector(&record, "mpstat");
    assert_eq!(mpstat.status, CollectorStatus::Missing);
    let reason = mpstat.reason.as_deref().unwrap();
    assert!(
        reason.contains("apt-get install sysstat") && reason.contains("yum install sysstat"),
        "{reason}"
    );
    let samples = collector(&record, "proc-samples");
    assert_eq!(samples.status, CollectorStatus::Ok);
    assert_eq!(samples.files, ["proc-samples.txt"]);
    assert_eq!(
        fact_tool(&dir, "cpu.util_pct").as_deref(),
        Some("proc-samples")
    );
    assert_eq!(
        fact_tool(&dir, "net.lo.rxkb_per_s").as_deref(),
        Some("proc-samples")
    );
    let (_, unrecognized, failed) = facts_of(&dir);
    assert!(
        unrecognized.is_empty() && failed.is_empty(),
        "{unrecognized:?} {failed:?}"
    );
}

#[test]
fn failing_collectors_are_explained_and_leave_a_readable_bundle() {
    let work = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let fakes = fake_programs(&[
        (
            "mpstat",
            "echo 'mpstat: cannot open /proc/stat' >&2; exit 1",
        ),
        ("lscpu", "echo 'this is not what lscpu prints'"),
        ("numactl", "exit 0"),
    ]);
    let path = fakes.path().display().to_string();
    let output = capture(
        &["-o", "b", "--duration", "2s"],
        work.path(),
        scratch.path(),
        Some(&path),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let dir = work.path().join("b");
    let record = meta(&dir);
    let mpstat = collector(&record, "mpstat");
    assert_eq!(mpstat.status, CollectorStatus::Failed);
    assert!(
        mpstat
            .reason
            .as_deref()
            .unwrap()
            .contains("cannot open /proc/stat"),
        "{mpstat:?}"
    );
    let lscpu = collector(&record, "lscpu");
    assert_eq!(lscpu.status, CollectorStatus::Failed);
    assert!(
        lscpu
            .reason
            .as_deref()
            .unwrap()
            .contains("no known tool format"),
        "{lscpu:?}"
    );
    assert_eq!(lscpu.files, [".lscpu.txt"], "kept, hidden from the reader");
    let numactl = collector(&record, "numactl");
    assert_eq!(numactl.status, CollectorStatus::Failed);
    assert_eq!(numactl.reason.as_deref(), Some("printed nothing"));
    // iostat and sar are not on this PATH: the /proc sampler covers disks and network.
    assert_eq!(
        collector(&record, "proc-samples").status,
        CollectorStatus::Ok
    );
    let (_, unrecognized, failed) = facts_of(&dir);
    assert!(
        unrecognized.is_empty() && failed.is_empty(),
        "{unrecognized:?} {failed:?}"
    );
}

#[test]
fn ctrl_c_ends_the_capture_with_a_whole_bundle() {
    let work = tempfile::tempdir().unwrap();
    let child = perfsage_command()
        .args([
            "capture",
            "-o",
            "b",
            "--duration",
            "60s",
            "--profile-for",
            "0",
        ])
        .current_dir(work.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    let pid = rustix::process::Pid::from_child(&child);
    rustix::process::kill_process(pid, rustix::process::Signal::INT).unwrap();
    let started = std::time::Instant::now();
    let output = child.wait_with_output().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    let dir = work.path().join("b");
    let record = meta(&dir);
    assert_eq!(record.state, CaptureState::Interrupted);
    assert!(record.end_reason.as_deref().unwrap().contains("Ctrl-C"));
    assert_eq!(
        collector(&record, "interrupts").status,
        CollectorStatus::Ok,
        "end snapshots are still taken"
    );
    let (facts, unrecognized, failed) = facts_of(&dir);
    assert!(facts > 10);
    assert!(
        unrecognized.is_empty() && failed.is_empty(),
        "{unrecognized:?} {failed:?}"
    );
}

#[test]
fn a_folder_with_files_is_refused_unless_forced() {
    let work = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let dir = work.path().join("b");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("postgresql.conf"), "shared_buffers = 128MB\n").unwrap();
    std::fs::write(
        dir.join("bundle.yaml"),
        "role: db\nnotes: before the capture\n",
    )
    .unwrap();
    std::fs::write(dir.join("mpstat.txt"), "an old capture\n").unwrap();
    let args = ["-o", "b", "--duration", "1s", "--profile-for", "0"];
    let refused = capture(&args, work.path(), scratch.path(), None);
    assert_eq!(refused.status.code(), Some(2));
    let message = stderr(&refused);
    assert!(
        message.contains("not empty") && message.contains("--force"),
        "{message}"
    );
    assert!(
        !dir.join("cpuinfo.txt").exists(),
        "nothing written when refused"
    );

    let forced = capture(
        &[&args[..], &["--force"]].concat(),
        work.path(),
        scratch.path(),
        None,
    );
    assert!(forced.status.success(), "{}", stderr(&forced));
    assert!(dir.join("postgresql.conf").exists());
    assert_ne!(
        std::fs::read_to_string(dir.join("mpstat.txt"))
            .ok()
            .as_deref(),
        Some("an old capture\n")
    );
    let text = std::fs::read_to_string(dir.join("bundle.yaml")).unwrap();
    let meta = MetaFile::parse("bundle.yaml", text).unwrap().meta;
    assert_eq!(meta.notes.as_deref(), Some("before the capture"));
    assert_eq!(meta.capture.unwrap().kept_files, ["postgresql.conf"]);
}

#[test]
fn the_benchmark_runs_and_its_output_and_exit_are_kept() {
    let work = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let output = capture(
        &[
            "-o",
            "b",
            "--profile-for",
            "0",
            "--",
            "sh",
            "-c",
            "echo 'working hard'; echo 'no more disk' >&2; sleep 1; exit 3",
        ],
        work.path(),
        scratch.path(),
        None,
    );
    assert_eq!(
        output.status.code(),
        Some(1),
        "a failed benchmark: {}",
        stderr(&output)
    );
    let dir = work.path().join("b");
    let record = meta(&dir);
    assert_eq!(record.end_reason.as_deref(), Some("the benchmark ended"));
    let bench = record.benchmark.unwrap();
    assert_eq!(bench.exit_code, Some(3));
    let problem = bench.problem.as_deref().unwrap();
    assert!(
        problem.starts_with("failed: exit status 3: no more disk;"),
        "{problem}"
    );
    assert!(
        problem.contains("perfsage cannot read its output"),
        "an output no parser knows is said so: {problem}"
    );
    assert_eq!(
        bench.stderr.as_deref(),
        Some("no more disk"),
        "error output apart"
    );
    let text = std::fs::read_to_string(dir.join(&bench.file)).unwrap();
    assert_eq!(
        text,
        "$ sh -c 'echo '\\''working hard'\\''; echo '\\''no more disk'\\'' >&2; sleep 1; exit 3'\nworking hard\n"
    );
    assert!(record.duration_s.is_none(), "the benchmark set the length");
}

#[test]
fn bad_input_is_refused_before_anything_is_written() {
    let work = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    for (args, expected) in [
        (
            &["-o", "b", "--", "no-such-benchmark-program"][..],
            "not found",
        ),
        (&["-o", "b", "--skip", "nonsense"][..], "no such collector"),
        (
            &["-o", "b", "--interval", "500ms"][..],
            "whole number of seconds",
        ),
        (
            &["-o", "b", "--process", "no-such-process-perfsage"][..],
            "no running process",
        ),
    ] {
        let output = capture(args, work.path(), scratch.path(), None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(expected),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(!work.path().join("b").exists(), "{args:?} wrote the folder");
    }
}

#[test]
fn check_says_what_runs_and_what_to_install() {
    let scratch = tempfile::tempdir().unwrap();
    let empty_path = tempfile::tempdir().unwrap();
    let path = empty_path.path().display().to_string();
    let output = capture(&["--check"], scratch.path(), scratch.path(), Some(&path));
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for expected in [
        "mpstat",
        "missing",
        "proc-samples",
        "needs --pid/--process",
        "apt-get install -y sysstat procps",
        "yum install -y sysstat procps-ng",
    ] {
        assert!(text.contains(expected), "no {expected:?} in:\n{text}");
    }
    assert!(is_empty(scratch.path()), "--check writes nothing");
}

#[test]
fn a_perf_script_of_a_sysbench_load_is_read_as_perf_script() {
    // What `perf script` prints while sysbench drives the database: comm, pid, time.
    let head = "sysbench 25341  3682.703822:   10101010 cpu-clock:ppp: \n\
\t          16d80f __memmove_avx512_unaligned_erms+0xf (/usr/lib/x86_64-linux-gnu/libc.so.6)\n\
\t          57a0c8 sb_event_start+0x58 (/usr/bin/sysbench)\n\n";
    assert_eq!(perfsage::parse::detect::claimants(head), ["perf-script"]);
}

#[test]
fn duration_limits_a_benchmark_that_runs_longer() {
    let work = tempfile::tempdir().unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    let output = capture(
        &[
            "-o",
            "b",
            "--duration",
            "2s",
            "--profile-for",
            "0",
            "--",
            "sleep",
            "60",
        ],
        work.path(),
        scratch.path(),
        None,
    );
    assert!(
        started.elapsed() < Duration::from_secs(40),
        "took {:?}",
        started.elapsed()
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let record = meta(&work.path().join("b"));
    assert_eq!(record.duration_s, Some(2.0));
    assert_eq!(
        record.end_reason.as_deref(),
        Some("the planned duration was reached")
    );
    let bench = record.benchmark.unwrap();
    assert_eq!(
        bench
            .problem
            .as_deref()
            .map(|p| p.split(';').next().unwrap()),
        Some("stopped: the --duration limit was reached before it ended")
    );
    assert!(bench.seconds.unwrap() < 10.0);
}

#[test]
fn a_benchmark_run_whose_last_interval_has_fewer_threads_stays_one_run() {
    // The 4-thread run of the end-to-end test, as sysbench 1.0.20 printed it: at the
    // 8 s report one thread had already finished (`thds: 3`).
    let run = "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\n\
Running the test with following options:\nNumber of threads: 4\n\
Report intermediate results every 4 second(s)\n\nThreads started!\n\n\
[ 4s ] thds: 4 tps: 517.74 qps: 10387.36 (r/w/o: 7273.90/2072.73/1040.73) lat (ms,95%): 17.32 err/s: 1.00 reconn/s: 0.00\n\
[ 8s ] thds: 3 tps: 534.79 qps: 10713.33 (r/w/o: 7500.08/2140.42/1072.83) lat (ms,95%): 17.01 err/s: 1.25 reconn/s: 0.00\n\
SQL statistics:\n    queries performed:\n        read:                            59122\n\
        write:                           16849\n        other:                           8456\n\
        total:                           84427\n\
    transactions:                        4219   (525.71 per sec.)\n\
    queries:                             84427  (10519.42 per sec.)\n";
    let (facts, warnings) =
        run_parser(&perfsage::parse::bench::sysbench::Sysbench, run.as_bytes()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    let tps: Vec<(&str, Option<f64>)> = facts
        .iter()
        .filter(|f| f.key.ends_with(".tps"))
        .map(|f| (f.key.as_str(), f.value.as_number()))
        .collect();
    assert_eq!(tps, [("bench.run.oltp_read_write.4.tps", Some(525.71))]);
}
