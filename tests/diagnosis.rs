//! Diagnoses of real captures from this machine: the rules must reason from evidence,
//! so a CPU-bound run gets no storage steps, a physical host gets no VM steps, and an
//! idle machine gets no recommendation.

use crate::support::*;
use perfsage::bundle::Bundle;
use perfsage::bundle::host_facts::read_bundle;
use perfsage::diagnosis::CaptureSource;
use perfsage::diagnosis::{HostDiagnosis, Verdict, diagnose};
use perfsage::knowledge::KnowledgeBase;
use perfsage::knowledge::measured::median;
use perfsage::report::i18n::labels::Lang;
use perfsage::report::i18n::verdict_words::verdict_summary;
use perfsage::rules::{Finding, Resource};
use std::path::Path;

/// The verdict as the English report words it.
fn said(verdict: &Verdict) -> String {
    verdict_summary(verdict, Lang::En)
}

fn diagnose_dir(path: &Path) -> HostDiagnosis {
    let kb = KnowledgeBase::builtin().unwrap();
    let mut d = diagnose(read_bundle(&Bundle::open(path).unwrap()), &kb);
    assert_eq!(d.hosts.len(), 1);
    d.hosts.remove(0)
}

fn steps(h: &HostDiagnosis) -> Vec<&str> {
    h.steps.iter().map(|s| s.visit.step.as_str()).collect()
}

fn fired(h: &HostDiagnosis) -> Vec<&str> {
    h.findings
        .iter()
        .chain(&h.off_path_findings)
        .map(|f| f.rule.as_str())
        .collect()
}

/// The finding `rule` gave on host `h`; the test fails when the rule did not fire.
fn finding<'a>(h: &'a HostDiagnosis, rule: &str) -> &'a Finding {
    h.findings
        .iter()
        .find(|f| f.rule == rule)
        .unwrap_or_else(|| panic!("{rule} did not fire: {:?}", fired(h)))
}

/// The finding that decided the verdict: `rule`'s, naming `resource`.
fn decided_by<'a>(h: &'a HostDiagnosis, resource: Resource, rule: &str) -> &'a Finding {
    assert_eq!(h.bottleneck.resource, resource, "{}", said(&h.bottleneck));
    assert_eq!(h.bottleneck.rule.as_deref(), Some(rule));
    finding(h, rule)
}

/// Asserts that `finding` cites each `(fact key, file)` with a line number.
fn assert_cites(finding: &Finding, cited: &[(&str, &str)]) {
    for (key, file) in cited {
        assert!(
            finding
                .evidence
                .iter()
                .any(|e| e.key == *key && e.file == *file && e.line > 0),
            "{key} from {file}: {:?}",
            finding.evidence
        );
    }
}

#[test]
fn busy_cpu_and_idle_disk_get_no_storage_steps() {
    let h = diagnose_dir(&fixture("bundles/cpu-bound"));
    assert_eq!(h.bottleneck.resource, Resource::Cpu);
    assert_eq!(
        steps(&h)[..4],
        ["validity", "platform", "cpu", "cpu-hotspots"]
    );
    let fired = fired(&h);
    assert!(fired.contains(&"resource.cpu_saturated"));
    for rule in [
        "storage.disk_saturated",
        "virtualization.raw_disk_passthrough",
        "resource.cpu_headroom",
    ] {
        assert!(
            !fired.contains(&rule),
            "{rule} fired on a CPU-bound capture"
        );
    }
    assert!(
        h.capture_next.iter().any(
            |c| matches!(&c.capture, CaptureSource::Command(c) if c.starts_with("perf record"))
        )
    );
}

#[test]
fn physical_disk_bound_host_gets_no_vm_steps() {
    let bundle = copy_bundle("bundles/disk-bound");
    std::fs::write(
        bundle.path().join("bundle.yaml"),
        "platform: physical\nrole: db\n",
    )
    .unwrap();
    let h = diagnose_dir(bundle.path());
    assert_eq!(h.bottleneck.resource, Resource::Storage);
    assert_eq!(h.platform.as_deref(), Some("physical"));
    assert!(steps(&h).contains(&"storage-devices"));
    assert!(!steps(&h).contains(&"virtualization"));
    assert!(
        fired(&h).iter().all(|r| !r.starts_with("virtualization.")),
        "{:?}",
        fired(&h)
    );
}

#[test]
fn the_same_disk_bound_captures_in_a_vm_get_the_raw_disk_step() {
    // This machine is a KVM guest (lscpu says so), and fio saturated its virtio disk.
    let h = diagnose_dir(&fixture("bundles/disk-bound"));
    assert_eq!(h.platform.as_deref(), Some("vm"));
    assert_eq!(
        steps(&h)[2..6],
        ["cpu", "memory", "storage", "virtualization"]
    );
    assert!(fired(&h).contains(&"virtualization.raw_disk_passthrough"));
    let saturated = finding(&h, "storage.disk_saturated");
    let locations: Vec<String> = saturated.evidence.iter().map(|e| e.location()).collect();
    assert!(
        locations.iter().any(|l| l.starts_with("iostat.txt:")),
        "{locations:?}"
    );
    assert!(
        locations.iter().any(|l| l.starts_with("mpstat.txt:")),
        "{locations:?}"
    );
}

#[test]
fn every_vm_serving_the_database_gets_the_virtual_layer_step_but_not_the_load_generator() {
    // This machine's idle captures: a KVM guest whose disk has room.
    let idle = diagnose_dir(&fixture("bundles/idle"));
    assert_eq!(idle.platform.as_deref(), Some("vm"));
    assert_eq!(
        steps(&idle)[2..6],
        ["cpu", "memory", "storage", "virtualization"]
    );
    for relative in ["bundles/idle", "bundles/disk-bound"] {
        let bundle = copy_bundle(relative);
        std::fs::write(bundle.path().join("bundle.yaml"), "role: loadgen\n").unwrap();
        let h = diagnose_dir(bundle.path());
        assert_eq!(h.platform.as_deref(), Some("vm"), "{relative}");
        let steps = steps(&h);
        assert!(!steps.contains(&"virtualization"), "{relative}: {steps:?}");
        assert_eq!(
            steps[steps.len() - 5..],
            ["network", "deployment", "database", "concurrency", "target"],
            "{relative}: the walk goes on past a load generator's busy disk"
        );
    }
}

#[test]
fn a_declared_pass_through_disk_gets_no_raw_disk_advice() {
    let bundle = copy_bundle("bundles/disk-bound");
    let busiest = diagnose_dir(bundle.path())
        .facts
        .text("disk.busiest.name")
        .unwrap()
        .to_string();
    std::fs::write(
        bundle.path().join("bundle.yaml"),
        format!("role: db\ndata_disk: {{device: /dev/{busiest}, backing: passthrough}}\n"),
    )
    .unwrap();
    let h = diagnose_dir(bundle.path());
    assert_eq!(h.facts.text("vm.data_disk_backing"), Some("passthrough"));
    assert_eq!(h.facts.text("vm.data_disk_device"), Some(busiest.as_str()));
    assert_eq!(
        h.facts.get("vm.data_disk_backing").unwrap().provenance.line,
        2
    );
    assert!(steps(&h).contains(&"virtualization"));
    assert!(fired(&h).contains(&"storage.disk_saturated"));
    assert!(!fired(&h).contains(&"virtualization.raw_disk_passthrough"));

    std::fs::write(
        bundle.path().join("bundle.yaml"),
        "data_disk: {device: sdz, backing: passthrough}\n",
    )
    .unwrap();
    let h = diagnose_dir(bundle.path());
    assert!(
        fired(&h).contains(&"virtualization.raw_disk_passthrough"),
        "another disk than the pass-through one is the busy one"
    );
}

#[test]
fn idle_machine_gets_no_recommendation() {
    let h = diagnose_dir(&fixture("bundles/idle"));
    assert_eq!(h.bottleneck.resource, Resource::None);
    assert!(
        h.findings.iter().all(|f| f.recommendation.is_none()),
        "{:?}",
        fired(&h)
    );
    assert!(h.rule_errors.is_empty());
}

#[test]
fn database_and_load_generator_on_two_cores_saturate_the_cpu() {
    let h = diagnose_dir(&fixture("bundles/pg-oltp-2core"));
    assert_eq!(h.bottleneck.resource, Resource::Cpu);
    assert!(!fired(&h).contains(&"storage.disk_saturated"));
    // sysbench on the database's two cores is the cause, the saturated CPUs its
    // symptom: the verdict names the client and quotes the CPU figures after it.
    let client = finding(&h, "benchmark.load_generator_shares_cpus");
    let cpu = finding(&h, "resource.cpu_saturated");
    assert!(
        client.severity < cpu.severity,
        "the cause is the milder finding"
    );
    assert_eq!(
        h.bottleneck.rule.as_deref(),
        Some("benchmark.load_generator_shares_cpus")
    );
    let symptoms: Vec<&str> = h
        .bottleneck
        .symptoms
        .iter()
        .map(|s| s.rule.as_str())
        .collect();
    assert_eq!(symptoms, ["resource.cpu_saturated"]);
    assert_eq!(
        said(&h.bottleneck),
        format!("{} Its symptom: {}", client.summary, cpu.summary)
    );
}

#[test]
fn a_cause_without_its_symptom_leaves_the_verdict_alone() {
    // Saturated CPUs without a benchmark client on the host: nothing pairs up.
    for bundle in ["cpu-bound", "cgroup-cpu-no-quota"] {
        let h = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert_eq!(
            h.bottleneck.rule.as_deref(),
            Some("resource.cpu_saturated"),
            "{bundle}"
        );
        assert!(h.bottleneck.symptoms.is_empty(), "{bundle}");
    }
}

#[test]
fn real_scaling_series_has_its_knee_at_four_threads() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        fixture("sysbench/sysbench_oltp_scaling.txt"),
        dir.path().join("sysbench.txt"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("bundle.yaml"),
        "target: {metric: tps, value: 1000}\n",
    )
    .unwrap();
    let h = diagnose_dir(dir.path());
    let num = |k: &str| h.facts.number(k).unwrap_or_else(|| panic!("{k}"));
    assert_eq!(num("bench.knee.threads"), 4.0);
    assert_eq!(num("bench.tps"), 966.82);
    assert_eq!(num("bench.knee.next_threads"), 8.0);
    assert!((num("bench.knee.next_drop_pct") - (966.82 - 867.55) / 966.82 * 100.0).abs() < 0.01);
    assert!((num("bench.knee.next_p95_ratio") - 15.27 / 7.70).abs() < 0.01);
    assert_eq!(h.facts.flag("bench.knee.degrades"), Some(true));
    assert!((num("target.gap_pct") - 3.318).abs() < 0.01);
    assert!(fired(&h).contains(&"benchmark.scaling_knee"));
    assert_eq!(
        h.bottleneck.resource,
        Resource::Unknown,
        "no utilisation was captured"
    );
}

#[test]
fn a_scaling_table_alone_stands_in_for_iostat_and_mpstat() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        fixture("scaling-table/greatdb_64c.md"),
        dir.path().join("notes.md"),
    )
    .unwrap();
    std::fs::write(dir.path().join("bundle.yaml"), "platform: vm\n").unwrap();
    let h = diagnose_dir(dir.path());
    assert_eq!(h.bottleneck.resource, Resource::Storage);
    assert!(fired(&h).contains(&"virtualization.raw_disk_passthrough"));
    assert_eq!(h.facts.number("bench.knee.threads"), Some(256.0));
}

#[test]
fn two_workloads_in_one_bundle_stay_apart() {
    let dir = tempfile::tempdir().unwrap();
    let scaling = String::from_utf8(read("sysbench/sysbench_oltp_scaling.txt")).unwrap();
    let read_only = "Number of threads: 64\n[ 1s ] thds: 64 tps: 5000.00 qps: 70000.00 (r/w/o: 70000.00/0.00/0.00) lat (ms,95%): 9.00 err/s: 0.00 reconn/s: 0.00\n";
    std::fs::write(dir.path().join("rw.txt"), scaling).unwrap();
    std::fs::write(dir.path().join("ro.txt"), read_only).unwrap();
    let h = diagnose_dir(dir.path());
    let num = |k: &str| h.facts.number(k).unwrap_or_else(|| panic!("{k}"));
    // The read-only run does not join the read/write scaling series.
    assert_eq!(h.facts.text("bench.workload"), Some("oltp_read_write"));
    assert_eq!(num("bench.knee.threads"), 4.0);
    assert!(h.facts.get("bench.scale.64.tps").is_none());
    assert_eq!(num("bench.wl.oltp_read_only.qps"), 70000.0);
    assert_eq!(num("bench.wl.oltp_read_write.tps"), 966.82);
}

#[test]
fn declared_bios_and_database_layout_become_facts() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bundle.yaml"),
        "bios: {smmu: enabled, cpu_prefetching: enabled, power_policy: efficiency}\ndatabase: {engine: opengauss, data_dir: /data/mogdb, wal_dir: /wal/pg_xlog}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("mounts.txt"),
        "/dev/nvme0n1p1 /data xfs rw,noatime 0 0\n/dev/nvme1n1 /wal xfs rw,noatime 0 0\n/dev/sda2 / ext4 rw 0 0\n",
    )
    .unwrap();
    let h = diagnose_dir(dir.path());
    assert_eq!(h.facts.text("bios.smmu"), Some("enabled"));
    assert_eq!(h.facts.text("bios.power_policy"), Some("efficiency"));
    assert_eq!(h.facts.number("db.page_size_kib"), Some(8.0));
    assert_eq!(h.facts.text("db.data_disk"), Some("nvme0n1"));
    assert_eq!(h.facts.text("db.wal_disk"), Some("nvme1n1"));
    assert_eq!(h.facts.get("bios.smmu").unwrap().provenance.line, 1);
}

#[test]
fn smmus_in_the_kernel_log_of_a_bare_metal_kunpeng_fire_the_smmu_rule() {
    // lscpu without a hypervisor makes the host bare metal; the kernel log excerpt
    // (no settings snapshot) says two SMMUv3 units are registered.
    let dir = tempfile::tempdir().unwrap();
    for (from, to) in [
        ("lscpu/lscpu-kunpeng920-7260.txt", "lscpu.txt"),
        ("dmesg/dmesg_grep_kunpeng920.txt", "dmesg.txt"),
    ] {
        std::fs::copy(fixture(from), dir.path().join(to)).unwrap();
    }
    let h = diagnose_dir(dir.path());
    let smmu = h
        .findings
        .iter()
        .chain(&h.off_path_findings)
        .find(|f| f.rule == "bios.smmu_enabled_on_bare_metal")
        .unwrap_or_else(|| panic!("the SMMU rule did not fire: {:?}", fired(&h)));
    assert!(smmu.summary.contains("SMMU (2 units)"), "{}", smmu.summary);
    let locations: Vec<String> = smmu.evidence.iter().map(|e| e.location()).collect();
    assert!(
        locations.contains(&"dmesg.txt:4-7".to_string()),
        "{locations:?}"
    );
    assert!(
        locations.iter().any(|l| l.starts_with("lscpu.txt:")),
        "{locations:?}"
    );
}

#[test]
fn wal_inside_the_data_directory_shares_its_disk() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bundle.yaml"),
        "database: {engine: postgresql, data_dir: /var/lib/postgresql/15/main}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("mounts.txt"),
        "/dev/vdb1 /var/lib/postgresql xfs rw 0 0\n/dev/vda1 / ext4 rw 0 0\n",
    )
    .unwrap();
    let h = diagnose_dir(dir.path());
    assert_eq!(h.facts.text("db.data_disk"), Some("vdb"));
    assert_eq!(h.facts.text("db.wal_disk"), Some("vdb"));
}

#[test]
fn benchmarksql_results_reach_the_database_host_but_the_client_stays_on_the_load_generator() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let client = dir.path().join("client");
    std::fs::create_dir_all(&db).unwrap();
    std::fs::create_dir_all(&client).unwrap();
    std::fs::write(db.join("bundle.yaml"), "host: db\nrole: db\n").unwrap();
    std::fs::copy(fixture("mpstat/mpstat_all_24h.txt"), db.join("mpstat.txt")).unwrap();
    std::fs::write(client.join("bundle.yaml"), "host: client\nrole: loadgen\n").unwrap();
    std::fs::copy(
        fixture("benchmarksql/mogdb_tpcc_2p_100wh_300term.log"),
        client.join("run.log"),
    )
    .unwrap();

    let hosts = read_bundle(&Bundle::open(dir.path()).unwrap()).hosts;
    let facts_of = |name: &str| &hosts.iter().find(|h| h.name == name).unwrap().facts;
    let (db, client) = (facts_of("db"), facts_of("client"));
    let tpmc = client
        .number("bench.tpmc")
        .expect("the client measured tpmC");
    assert_eq!(db.number("bench.tpmc"), Some(tpmc));
    assert_eq!(
        db.get("bench.tpmc").unwrap().provenance.file,
        client.get("bench.tpmc").unwrap().provenance.file,
        "a shared result still cites the client's log"
    );
    assert!(client.get("bench.tool").is_some());
    assert!(
        db.get("bench.tool").is_none(),
        "the DB host did not run the client"
    );
}

#[test]
fn next_actions_carry_the_effort_their_rule_declares() {
    use perfsage::rules::effort::Effort;
    let kb = KnowledgeBase::builtin().unwrap();
    let d = diagnose(
        read_bundle(&Bundle::open(&root().join("cases/greatdb-vm-cluster/bundle")).unwrap()),
        &kb,
    );
    let actions = &d.hosts[0].next_actions;
    assert!(!actions.is_empty());
    for action in actions {
        let declared = kb
            .rules
            .get(&action.rule)
            .unwrap()
            .meta
            .recommendation
            .as_ref()
            .unwrap()
            .effort;
        assert!(declared.is_some(), "{}", action.rule);
        assert_eq!(action.effort, declared, "{}", action.rule);
    }
    let raw_disk = actions
        .iter()
        .find(|a| a.rule == "virtualization.raw_disk_passthrough")
        .unwrap();
    assert_eq!(raw_disk.effort, Some(Effort::Restart));
}

#[test]
fn next_actions_weigh_the_measured_gain_against_the_effort() {
    // Case B: the raw disk (+27 % in its document, +24.6 % in the case's chain, VM
    // restart) comes before fitting the VM into one socket (+9 %, VM restart), and
    // both before the storage finding without a figure (high, restart): a gain a case
    // measured beats a severity guess. The chain's measurement is the one used.
    let kb = KnowledgeBase::builtin().unwrap();
    let d = diagnose(
        read_bundle(&Bundle::open(&root().join("cases/greatdb-vm-cluster/bundle")).unwrap()),
        &kb,
    );
    let db = &d.hosts[0];
    let order: Vec<&str> = db.next_actions.iter().map(|a| a.rule.as_str()).collect();
    let at = |rule: &str| order.iter().position(|r| *r == rule).unwrap();
    assert!(at("virtualization.raw_disk_passthrough") < at("storage.disk_saturated"));
    assert!(at("virtualization.vcpus_exceed_host_socket") < at("storage.disk_saturated"));
    assert_eq!(db.next_actions[0].rank, 1);
    let chains = &kb.measured["virtualization.raw_disk_passthrough"];
    assert_eq!(db.next_actions[0].gain_pct, median(chains));
    assert_ne!(
        db.next_actions[0].gain_pct,
        Some(27.0),
        "not the document's"
    );
    assert_eq!(
        db.next_actions[0].measured_in,
        chains.iter().map(|g| g.case_id.clone()).collect::<Vec<_>>()
    );
    assert!(
        db.next_actions.windows(2).all(|w| w[0].score >= w[1].score),
        "ranked by score"
    );
    // Every finding with a recommendation is ranked, none without.
    let recommended = db
        .findings
        .iter()
        .filter(|f| f.recommendation.is_some())
        .count();
    assert_eq!(db.next_actions.len(), recommended);
}

#[test]
fn threads_fighting_over_one_mutex_are_lock_bound_not_just_cpu_bound() {
    let h = diagnose_dir(&fixture("bundles/lock-heavy"));
    assert_eq!(h.bottleneck.resource, Resource::Lock);
    let lock = finding(&h, "resource.lock_contention");
    assert!(
        lock.evidence
            .iter()
            .any(|e| e.file == "perf-report.txt"
                && e.value.to_string().contains("pthread_mutex_lock")),
        "cites the profile: {:?}",
        lock.evidence
    );
    // An x86 host gets no ARM-only advice.
    let advice = format!("{} {:?}", lock.summary, lock.recommendation);
    assert!(
        !advice.contains("LSE") && !advice.contains("ARM"),
        "{advice}"
    );
    let fired = fired(&h);
    assert!(fired.contains(&"resource.cpu_saturated"));
    for rule in [
        "benchmark.load_generator_shares_cpus",
        "benchmark.load_generator_colocated",
        "compile.lse_atomics_unused",
    ] {
        assert!(
            !fired.contains(&rule),
            "{rule} fired on sysbench mutex on x86"
        );
    }
}

#[test]
fn one_pegged_core_is_a_cpu_verdict_naming_its_thread() {
    // The average (50 %) has headroom; CPU 1 is 100 % busy with one python3 thread.
    let h = diagnose_dir(&fixture("bundles/single-core-bound"));
    let finding = decided_by(&h, Resource::Cpu, "resource.single_core_saturated");
    assert!(
        finding.summary.contains("CPU 1 is 100 % busy"),
        "{}",
        finding.summary
    );
    assert!(
        finding.summary.contains("One thread of python3"),
        "{}",
        finding.summary
    );
    let cited: Vec<&str> = finding.evidence.iter().map(|e| e.key.as_str()).collect();
    assert!(
        cited.contains(&"proc.python3.busiest_thread_cpu_pct"),
        "{cited:?}"
    );
    assert!(
        finding
            .evidence
            .iter()
            .any(|e| e.file == "pidstat.txt" && e.line > 0),
        "the thread figure is cited from pidstat.txt with its lines"
    );
    let fired = fired(&h);
    assert!(!fired.contains(&"resource.cpu_saturated"));
    assert!(!fired.contains(&"resource.cpu_headroom"));
}

#[test]
fn an_fsync_per_write_writer_is_storage_latency_bound() {
    // fio --fsync=1 --ioengine=sync: vda 76 % busy with 1.5 requests in flight, iowait 45 %.
    let h = diagnose_dir(&fixture("bundles/disk-bound-fsync"));
    let finding = decided_by(&h, Resource::Storage, "storage.sync_io_latency_bound");
    assert!(finding.summary.contains("flushes/s"), "{}", finding.summary);
    assert_cites(
        finding,
        &[
            ("disk.vda.f_per_s", "iostat.txt"),
            ("disk.vda.aqu_sz", "iostat.txt"),
            ("cpu.iowait_pct", "mpstat.txt"),
        ],
    );
}

#[test]
fn the_latency_bound_storage_rule_is_quiet_on_other_real_bundles() {
    for bundle in [
        "idle",
        "cpu-bound",
        "disk-bound",
        "lock-heavy",
        "pg-oltp-2core",
        "pg-oltp-profile",
        "single-core-bound",
    ] {
        let h = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert!(
            !fired(&h).contains(&"storage.sync_io_latency_bound"),
            "fired on {bundle}"
        );
    }
}

#[test]
fn a_saturated_cpu_with_a_profile_is_told_what_the_profile_shows() {
    // PostgreSQL and sysbench on the same 2 vCPUs, perf script in the bundle.
    let h = diagnose_dir(&fixture("bundles/pg-oltp-profile"));
    let cpu = finding(&h, "resource.cpu_saturated");
    for part in [
        "The profile:",
        "the kernel takes",
        "by command postgres",
        "sysbench",
    ] {
        assert!(cpu.summary.contains(part), "{part}: {}", cpu.summary);
    }
    let action = &cpu.recommendation.as_ref().expect("advice").action;
    assert!(
        !action.contains("profile the busiest process"),
        "asks for a profile the bundle holds: {action}"
    );
    assert!(
        cpu.evidence
            .iter()
            .any(|e| e.key == "perf.command.sysbench.pct" && e.file == "perf-script.txt"),
        "{:?}",
        cpu.evidence
    );
    // Without a profile the advice is still to take one.
    let plain = diagnose_dir(&fixture("bundles/cpu-bound"));
    let cpu = finding(&plain, "resource.cpu_saturated");
    assert!(!cpu.summary.contains("The profile:"));
    assert!(
        cpu.recommendation
            .as_ref()
            .unwrap()
            .action
            .contains("profile the busiest process")
    );
}

#[test]
fn a_working_set_over_its_cgroup_limit_is_a_memory_verdict_with_the_disk_as_symptom() {
    // python3 touching 640 MiB in a 256 MiB cgroup: vmstat si 36 MB/s, vda 70 % busy.
    let h = diagnose_dir(&fixture("bundles/memory-swapping"));
    let finding = decided_by(&h, Resource::Memory, "memory.swapping");
    for part in ["python3 takes", "memory is the cause", "cgroup"] {
        assert!(
            finding.summary.contains(part),
            "{part}: {}",
            finding.summary
        );
    }
    assert_cites(
        finding,
        &[
            ("swap.in_kib_per_s", "vmstat.txt"),
            ("proc.python3.majflt_per_s", "pidstat.txt"),
            ("disk.busiest.util_pct", "iostat.txt"),
            ("mem.available_kib", "free.txt"),
        ],
    );
    let fired = fired(&h);
    assert!(!fired.contains(&"storage.disk_saturated"));
    assert!(!fired.contains(&"storage.sync_io_latency_bound"));
}

#[test]
fn swapping_is_quiet_on_real_vmstat_captures_without_swap_traffic() {
    // CPU load, fio disk load, and an idle machine, each recorded with vmstat.
    for capture in [
        "vmstat/vmstat_1_6_cpu.txt",
        "vmstat/vmstat_wide_timestamps_fio.txt",
        "vmstat/vmstat_1_25_repeated_header.txt",
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(fixture(capture), dir.path().join("vmstat.txt")).unwrap();
        let h = diagnose_dir(dir.path());
        assert!(
            h.facts.contains("swap.in_kib_per_s"),
            "{capture}: no swap figures"
        );
        assert!(
            h.steps.iter().any(|s| s.visit.step == "memory")
                && !h.not_evaluated.iter().any(|n| n.rule == "memory.swapping"),
            "{capture}: the rule did not run"
        );
        assert!(
            !fired(&h).contains(&"memory.swapping"),
            "fired on {capture}"
        );
    }
}

#[test]
fn a_clean_verdict_lists_what_was_checked_and_names_memory_when_it_was_not() {
    let idle = diagnose_dir(&fixture("bundles/idle"));
    assert_eq!(idle.bottleneck.resource, Resource::None);
    let summary = &said(&idle.bottleneck);
    assert!(summary.contains("the busiest core"), "{summary}");
    assert!(
        summary.contains("Memory was not checked: no vmstat"),
        "{summary}"
    );
    // With vmstat's swap columns in the bundle, memory counts as checked.
    let bundle = copy_bundle("bundles/idle");
    std::fs::copy(
        fixture("vmstat/vmstat_1_25_repeated_header.txt"),
        bundle.path().join("vmstat.txt"),
    )
    .unwrap();
    let h = diagnose_dir(bundle.path());
    assert_eq!(h.bottleneck.resource, Resource::None);
    assert!(
        said(&h.bottleneck).contains("swap-in 0 kB/s"),
        "{}",
        said(&h.bottleneck)
    );
    assert!(!said(&h.bottleneck).contains("not checked"));
}

#[test]
fn load_generators_and_hypervisors_get_verdicts_for_their_role() {
    // Real captures of this machine, declared as a load generator: judged on its CPU.
    let loadgen = copy_bundle("bundles/idle");
    std::fs::write(loadgen.path().join("bundle.yaml"), "role: loadgen\n").unwrap();
    let h = diagnose_dir(loadgen.path());
    assert_eq!(h.bottleneck.resource, Resource::None);
    assert!(
        said(&h.bottleneck).starts_with("Load generator: CPU busy averages 0.94 %"),
        "{}",
        said(&h.bottleneck)
    );
    // A load generator whose CPUs are saturated is named as the possible limit.
    let busy = copy_bundle("bundles/cpu-bound");
    std::fs::write(busy.path().join("bundle.yaml"), "role: loadgen\n").unwrap();
    let h = diagnose_dir(busy.path());
    assert_eq!(h.bottleneck.resource, Resource::LoadGenerator);
    assert_eq!(h.bottleneck.rule.as_deref(), Some("resource.cpu_saturated"));
    assert!(
        said(&h.bottleneck).starts_with("Load generator: All CPUs are busy")
            && said(&h.bottleneck).contains("may be what limits the test"),
        "{}",
        said(&h.bottleneck)
    );
    // Without CPU figures (mpstat, or iostat's avg-cpu) a load generator is not judged,
    // and says what is missing.
    for capture in ["mpstat.txt", "iostat.txt"] {
        std::fs::remove_file(loadgen.path().join(capture)).unwrap();
    }
    let h = diagnose_dir(loadgen.path());
    assert_eq!(h.bottleneck.resource, Resource::NotJudged);
    assert!(
        said(&h.bottleneck).contains("mpstat"),
        "{}",
        said(&h.bottleneck)
    );
    // A hypervisor is never "bottleneck unknown".
    let hypervisor = copy_bundle("bundles/idle");
    std::fs::write(hypervisor.path().join("bundle.yaml"), "role: hypervisor\n").unwrap();
    let h = diagnose_dir(hypervisor.path());
    assert_eq!(h.bottleneck.resource, Resource::NotJudged);
    assert!(
        said(&h.bottleneck).starts_with("Hypervisor:"),
        "{}",
        said(&h.bottleneck)
    );
    assert!(h.bottleneck.confidence > 0.0);
}

#[test]
fn a_link_at_94_percent_of_its_speed_is_a_network_verdict_and_20_percent_is_not() {
    // iperf3 through a 10,000 Mb/s veth pair between two network namespaces.
    let h = diagnose_dir(&fixture("bundles/network-link-saturated"));
    let finding = decided_by(&h, Resource::Network, "network.link_saturated");
    assert!(
        finding.summary.contains("vA carries 94.2 %"),
        "{}",
        finding.summary
    );
    assert_cites(
        finding,
        &[
            ("net.vA.txkb_per_s", "sar-n-DEV.txt"),
            ("net.vA.speed_mbps", "ethtool.txt"),
        ],
    );
    let quiet = diagnose_dir(&fixture("bundles/network-link-20pct"));
    assert!(quiet.facts.contains("net.vA.speed_mbps"));
    assert!(!fired(&quiet).contains(&"network.link_saturated"));
    // Real sar -n DEV captures of an idle machine, without ethtool: quiet too.
    for capture in ["sar/sar_n_DEV.txt", "sar/sar_u_d_p_r_n_DEV.txt"] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(fixture(capture), dir.path().join("sar.txt")).unwrap();
        let h = diagnose_dir(dir.path());
        assert!(!fired(&h).contains(&"network.link_saturated"), "{capture}");
    }
}

#[test]
fn a_cgroup_throttled_by_its_quota_is_a_cpu_verdict_on_an_idle_host() {
    // Two sha256sum in a v1 group with a 0.5-CPU quota: every period throttled while
    // the host's CPUs are 68 % idle.
    let h = diagnose_dir(&fixture("bundles/cgroup-cpu-throttled"));
    let finding = decided_by(&h, Resource::Cpu, "resource.cgroup_cpu_throttled");
    for part in [
        "cgroup perfsage-throttled was throttled in 100.0 % of its CPU periods over the capture",
        "29.3 s of throttling",
        "a quota of 0.50 CPUs",
        "used 0.50 CPUs",
        "its CPU quota, not the host, limits it",
    ] {
        assert!(
            finding.summary.contains(part),
            "{part}: {}",
            finding.summary
        );
    }
    assert_cites(
        finding,
        &[
            ("cgroup.perfsage-throttled.cpu.throttled_pct", "cgroup.txt"),
            ("cgroup.perfsage-throttled.cpu.quota_cpus", "cgroup.txt"),
            ("cgroup.perfsage-throttled.cpu.used_cpus", "cgroup.txt"),
            ("cpu.util_pct", "mpstat.txt"),
        ],
    );
    // The throttled share comes from cpu.stat's lines in both snapshots.
    let share = finding
        .evidence
        .iter()
        .find(|e| e.key == "cgroup.perfsage-throttled.cpu.throttled_pct")
        .unwrap();
    assert_eq!(share.line, 7, "{share:?}");
    let advice = finding.recommendation.as_ref().expect("advice");
    assert!(
        advice.action.contains("perfsage-throttled"),
        "{}",
        advice.action
    );
    assert!(!advice.rollback.is_empty() && !advice.verify.is_empty());
    let fired = fired(&h);
    assert!(
        !fired.contains(&"resource.cpu_headroom"),
        "'the CPU is not the limit' on a throttled group"
    );
    assert!(!fired.contains(&"resource.cpu_saturated"));
}

#[test]
fn a_group_below_its_quota_or_without_one_is_not_throttled() {
    // One sha256sum (1 CPU) under a 1.5-CPU quota, and two in a group without a quota.
    for (bundle, group) in [
        ("cgroup-cpu-below-quota", "perfsage-below-quota"),
        ("cgroup-cpu-no-quota", "perfsage-no-quota"),
    ] {
        let h = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert_eq!(
            h.facts.text("cgroup.most_throttled.name"),
            Some(group),
            "{bundle}: the rule ran on the group"
        );
        assert!(
            !fired(&h).contains(&"resource.cgroup_cpu_throttled"),
            "fired on {bundle}"
        );
    }
    let below = diagnose_dir(&fixture("bundles/cgroup-cpu-below-quota"));
    assert_eq!(
        below
            .facts
            .number("cgroup.perfsage-below-quota.cpu.throttled_pct"),
        Some(0.0)
    );
    let unlimited = diagnose_dir(&fixture("bundles/cgroup-cpu-no-quota"));
    assert_eq!(
        unlimited.facts.flag("cgroup.perfsage-no-quota.cpu.limited"),
        Some(false)
    );
}

#[test]
fn retransmitting_two_percent_of_segments_is_a_network_finding_and_a_clean_link_is_not() {
    // iperf3 at 2 Gbit/s between two network namespaces, the receiver dropping 2 % of
    // the packets with iptables' statistic match.
    let h = diagnose_dir(&fixture("bundles/network-tcp-retransmits"));
    let finding = decided_by(&h, Resource::Network, "network.tcp_retransmits");
    assert!(
        finding
            .summary
            .contains("TCP retransmitted 2.36 % of the segments it sent"),
        "{}",
        finding.summary
    );
    // The drops were made by netfilter, not by the veth: sar -n EDEV counts none.
    assert!(
        finding
            .summary
            .contains("no interface of this host counted drops"),
        "{}",
        finding.summary
    );
    assert_cites(
        finding,
        &[
            ("net.tcp.retrans_pct", "sar-n.txt"),
            ("net.tcp.retrans_per_s", "sar-n.txt"),
            ("net.tcp.segments_out_per_s", "sar-n.txt"),
        ],
    );
    // The same traffic without loss (0.005 %), and an idle machine.
    for quiet in ["bundles/network-tcp-clean", "bundles/network-tcp-idle"] {
        let h = diagnose_dir(&fixture(quiet));
        assert!(h.facts.contains("net.tcp.segments_out_per_s"), "{quiet}");
        assert!(!fired(&h).contains(&"network.tcp_retransmits"), "{quiet}");
    }
    let clean = diagnose_dir(&fixture("bundles/network-tcp-clean"));
    let share = clean.facts.get("net.tcp.retrans_pct").unwrap();
    assert!(share.value.as_number().unwrap() < 0.01);
}

#[test]
fn an_accept_queue_overflowing_is_a_network_verdict_and_a_listener_keeping_up_is_not() {
    // 32 client threads against a server that accepts five connections a second with
    // a backlog of 4, between two network namespaces; nstat -saz in the server's
    // namespace 11 s apart.
    let h = diagnose_dir(&fixture("bundles/network-listen-overflows"));
    let finding = decided_by(&h, Resource::Network, "network.listen_queue_overflows");
    assert_eq!(
        finding.severity,
        perfsage::rules::Severity::High,
        "more dropped than accepted"
    );
    assert!(
        finding
            .summary
            .contains("overflowed 46.5 times a second during the capture"),
        "{}",
        finding.summary
    );
    assert_cites(
        finding,
        &[
            ("net.tcp.listen_overflows_per_s", "nstat.txt"),
            ("net.tcp.passive_opens_per_s", "sar-n.txt"),
            ("net.tcp.syncookies_sent_per_s", "nstat.txt"),
        ],
    );
    // TCP loads whose listeners keep up, and an idle machine: the counters were read
    // the same way and did not grow.
    for quiet in [
        "bundles/network-tcp-clean",
        "bundles/network-tcp-retransmits",
        "bundles/network-tcp-idle",
    ] {
        let h = diagnose_dir(&fixture(quiet));
        assert!(
            h.facts.contains("net.tcp.listen_overflows_per_s"),
            "{quiet}"
        );
        assert!(
            !fired(&h).contains(&"network.listen_queue_overflows"),
            "{quiet}"
        );
    }
}

#[test]
fn two_timed_nstat_snapshots_alone_are_enough_to_judge_retransmits() {
    // The lossy bundle's nstat.txt without its sar: the rates come from the growth of
    // the counters between the two `date +%s` stamps.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        fixture("bundles/network-tcp-retransmits/nstat.txt"),
        dir.path().join("nstat.txt"),
    )
    .unwrap();
    let h = diagnose_dir(dir.path());
    let finding = finding(&h, "network.tcp_retransmits");
    assert_cites(finding, &[("net.tcp.retrans_per_s", "nstat.txt")]);
}

#[test]
fn bursts_that_queue_for_the_cpus_are_a_cpu_verdict_at_forty_percent_busy() {
    // Eight processes waking together each second on two vCPUs: 40 % busy on average,
    // and tasks waited for a CPU 39 % of the time (PSI, two snapshots 20 s apart).
    let h = diagnose_dir(&fixture("bundles/cpu-bursts"));
    let finding = decided_by(&h, Resource::Cpu, "resource.cpu_queueing");
    assert!(
        finding
            .summary
            .starts_with("Runnable tasks waited for a CPU 39.0 % of the time over the capture"),
        "{}",
        finding.summary
    );
    assert!(finding.summary.contains("the work arrives in bursts"));
    assert_cites(
        finding,
        &[
            ("psi.cpu.some.stall_pct", "psi.txt"),
            ("proc.runq", "vmstat.txt"),
            ("cpu.util_pct", "mpstat.txt"),
        ],
    );
    assert!(
        !fired(&h).contains(&"resource.cpu_headroom"),
        "'the CPU is not the limit' while tasks queue for it"
    );
    assert!(steps(&h).contains(&"cpu-hotspots"), "{:?}", steps(&h));
}

#[test]
fn busy_cpus_without_a_queue_and_other_real_captures_do_not_queue() {
    // Two busy loops on two vCPUs: CPU-bound (cpu_saturated), but PSI shows 0.5 %.
    let busy = diagnose_dir(&fixture("bundles/cpu-busy-no-queue"));
    decided_by(&busy, Resource::Cpu, "resource.cpu_saturated");
    assert!(!fired(&busy).contains(&"resource.cpu_queueing"));
    // A quota-throttled group (3.3 runnable on mostly idle CPUs) and an idle host.
    for bundle in [
        "cgroup-cpu-throttled",
        "idle",
        "memory-swapping",
        "network-tcp-idle",
    ] {
        let h = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert!(
            !fired(&h).contains(&"resource.cpu_queueing"),
            "fired on {bundle}"
        );
    }
}

#[test]
fn a_page_cache_too_small_for_the_working_set_is_a_memory_verdict_with_the_disk_as_symptom() {
    // Random reads of a 384 MiB file in a 128 MiB cgroup: the disk is 73 % busy at queue
    // depth 1.3 with 24 % iowait, but half its reads are pages the group just evicted.
    let h = diagnose_dir(&fixture("bundles/page-cache-thrash"));
    let finding = decided_by(&h, Resource::Memory, "memory.working_set_exceeds_memory");
    assert!(
        finding.summary.starts_with(
            "cgroup perfsage-cache reads 39.5 MiB/s back from disk of pages it evicted moments before; it uses 99.9 % of its 128 MiB memory limit. That is 47.8 % of vda's reads"
        ),
        "{}",
        finding.summary
    );
    assert!(
        finding
            .summary
            .ends_with("memory is the cause, and vda, 72.6 % busy, is the symptom.")
    );
    assert_cites(
        finding,
        &[
            ("mem.refault_kib_per_s", "cgroup.txt"),
            ("cgroup.perfsage-cache.memory.limit_kib", "cgroup.txt"),
            ("disk.busiest.util_pct", "iostat.txt"),
            ("psi.io.some.stall_pct", "psi.txt"),
        ],
    );
    let advice = finding.recommendation.as_ref().expect("advice");
    assert!(
        advice.commands[0].contains("/sys/fs/cgroup/memory/perfsage-cache/memory.limit_in_bytes"),
        "{:?}",
        advice.commands
    );
    let fired = fired(&h);
    assert!(
        !fired.contains(&"storage.sync_io_latency_bound"),
        "{fired:?}"
    );
    assert!(!fired.contains(&"storage.disk_saturated"), "{fired:?}");
}

#[test]
fn groups_that_keep_their_pages_do_not_thrash() {
    // Timed cgroup snapshots of groups without a memory limit: no re-reads to speak of.
    for bundle in ["cgroup-cpu-throttled", "cgroup-cpu-no-quota"] {
        let h = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert!(
            h.facts.number("mem.refault_kib_per_s").is_some(),
            "{bundle}"
        );
        assert!(
            !fired(&h).contains(&"memory.working_set_exceeds_memory"),
            "fired on {bundle}"
        );
    }
    // The fsync writer's latency-bound disk stays a storage verdict.
    let fsync = diagnose_dir(&fixture("bundles/disk-bound-fsync"));
    decided_by(&fsync, Resource::Storage, "storage.sync_io_latency_bound");
}

#[test]
fn a_client_paying_a_round_trip_per_statement_is_a_network_verdict_on_an_idle_host() {
    // sysbench to PostgreSQL over a path holding each packet 1 ms: 20 round trips of
    // 2.88 ms in each 60.6 ms transaction while the CPUs idle at 17 % busy.
    let h = diagnose_dir(&fixture("bundles/network-rtt-bound"));
    let finding = decided_by(&h, Resource::Network, "network.round_trip_bound");
    assert!(
        finding.summary.starts_with(
            "Each transaction makes 20.0 round trips (1319.9 queries/s ÷ 66.0 TPS) of 2.88 ms (ping to 10_77_0_2): 57.6 ms of the 60.6 ms a transaction takes (4 threads ÷ 66.0 TPS), 95 %, is spent on the path"
        ),
        "{}",
        finding.summary
    );
    assert_cites(
        finding,
        &[
            ("bench.qps", "sysbench.txt"),
            ("net.ping.10_77_0_2.rtt_avg_ms", "ping.txt"),
            ("cpu.util_pct", "mpstat.txt"),
        ],
    );
}

#[test]
fn the_same_client_on_a_short_path_is_cpu_bound_and_other_real_runs_are_not_round_trip_bound() {
    let short = diagnose_dir(&fixture("bundles/network-rtt-short"));
    assert_eq!(
        short.bottleneck.resource,
        Resource::Cpu,
        "{}",
        said(&short.bottleneck)
    );
    for bundle in [
        "network-rtt-short",
        "pg-oltp-2core",
        "pg-oltp-profile",
        "idle",
    ] {
        let h = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert!(
            !fired(&h).contains(&"network.round_trip_bound"),
            "fired on {bundle}"
        );
    }
}

#[test]
fn a_full_file_system_and_one_out_of_inodes_are_named_with_their_df_lines() {
    let h = diagnose_dir(&fixture("bundles/filesystem-full"));
    let finding = finding(&h, "storage.filesystem_full");
    assert_eq!(finding.severity, perfsage::rules::Severity::Critical);
    assert_eq!(
        finding.summary,
        "/mnt/pgwal (loop0) is 100 % full, 173 KiB free; /mnt/spool (loop1) has used 100 % of its inodes (0 left): writes there fail now."
    );
    assert_cites(
        finding,
        &[
            ("fs.loop0.used_pct", "df.txt"),
            ("fs.loop1.inodes_used_pct", "df-i.txt"),
        ],
    );
    // Writes fail now: the critical finding decides the verdict although the rule
    // names no resource for a file system that is only nearly full.
    assert_eq!(h.bottleneck.resource, perfsage::rules::Resource::Storage);
    assert_eq!(
        h.bottleneck.rule.as_deref(),
        Some("storage.filesystem_full")
    );
    // The root file system at 18 % is not named above; bundles without df are not judged.
    for bundle in ["idle", "disk-bound", "page-cache-thrash"] {
        let other = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert!(
            !fired(&other).contains(&"storage.filesystem_full"),
            "{bundle}"
        );
    }
}

#[test]
fn oom_kills_under_a_cgroup_limit_are_a_memory_verdict_citing_the_kernel_log() {
    // python3 growing in a 64 MiB cgroup v1 memory group, OOM-killed three times; the
    // whole boot log also holds three earlier kills of other engineers' tests.
    let h = diagnose_dir(&fixture("bundles/memory-oom-killed"));
    let finding = decided_by(&h, Resource::Memory, "memory.oom_kills");
    for part in [
        "killed 6 processes: python3 (5), fuzz-395f27c594 (1)",
        "5 by a memory cgroup's limit (CONSTRAINT_MEMCG) in /perfsage-oom (3)",
        "1 host-wide",
        "perfsage-oom (3 kills, limit 64 MiB)",
    ] {
        assert!(
            finding.summary.contains(part),
            "{part}: {}",
            finding.summary
        );
    }
    assert_eq!(finding.severity.to_string(), "high");
    assert_cites(
        finding,
        &[
            ("mem.oom_kills", "dmesg.txt"),
            ("mem.oom_cgroups", "dmesg.txt"),
            ("cgroup.perfsage-oom.memory.events.oom_kill", "cgroup.txt"),
        ],
    );
    let kills = finding
        .evidence
        .iter()
        .find(|e| e.key == "mem.oom_kills")
        .unwrap();
    assert_eq!(kills.line, 426, "the first kill's line");
    let advice = finding.recommendation.as_ref().expect("advice");
    assert!(advice.action.contains("/perfsage-oom"), "{}", advice.action);
    assert!(
        advice
            .commands
            .iter()
            .any(|c| c.contains("cat /sys/fs/cgroup/memory/perfsage-oom/memory.limit_in_bytes")),
        "{:?}",
        advice.commands
    );
    assert!(!advice.rollback.is_empty());
    // The log has no swap traffic, storage errors or other kernel errors.
    let fired = fired(&h);
    for rule in [
        "memory.swapping",
        "storage.device_errors",
        "os.kernel_errors",
    ] {
        assert!(!fired.contains(&rule), "{rule} fired");
        assert!(
            !h.not_evaluated.iter().any(|n| n.rule == rule),
            "{rule} did not run"
        );
    }
}

#[test]
fn kernel_error_rules_are_quiet_on_real_bundles_with_a_clean_boot_log() {
    // This VM's whole boot log without errors, next to the idle and CPU-bound captures.
    for (bundle, resource) in [("idle", Resource::None), ("cpu-bound", Resource::Cpu)] {
        let dir = copy_bundle(&format!("bundles/{bundle}"));
        std::fs::copy(
            fixture("dmesg/dmesg_x86_vm.txt"),
            dir.path().join("dmesg.txt"),
        )
        .unwrap();
        let h = diagnose_dir(dir.path());
        assert_eq!(h.bottleneck.resource, resource, "{bundle}");
        let fired = fired(&h);
        for rule in [
            "memory.oom_kills",
            "storage.device_errors",
            "os.kernel_errors",
        ] {
            assert!(!fired.contains(&rule), "{rule} fired on {bundle}");
            assert!(
                !h.not_evaluated.iter().any(|n| n.rule == rule),
                "{rule} did not run on {bundle}"
            );
        }
    }
}

#[test]
fn a_server_log_with_disk_errors_is_a_storage_verdict_and_names_the_other_errors() {
    // The reconstructed excerpt: SATA media error and link reset, NVMe timeout, hung
    // tasks, a soft lockup, a NIC timeout, conntrack full, SYN flood, MCE and EDAC.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        fixture("dmesg/dmesg_errors_server_reconstructed.txt"),
        dir.path().join("dmesg.txt"),
    )
    .unwrap();
    let h = diagnose_dir(dir.path());
    let storage = decided_by(&h, Resource::Storage, "storage.device_errors");
    assert!(
        storage.summary.contains("9 storage error messages (ata1 2"),
        "{}",
        storage.summary
    );
    assert_cites(storage, &[("disk.nvme0.kernel_errors", "dmesg.txt")]);
    let kernel: Vec<&Finding> = h
        .findings
        .iter()
        .chain(&h.off_path_findings)
        .filter(|f| f.rule == "os.kernel_errors")
        .collect();
    // Hung tasks, lockup, NIC timeout, conntrack, SYN flood, link down, hardware.
    assert_eq!(kernel.len(), 7, "{kernel:#?}");
    assert!(
        kernel
            .iter()
            .any(|f| f.severity.to_string() == "critical" && f.summary.contains("1 uncorrected"))
    );
    // No OOM line in the excerpt, and an excerpt proves none: not evaluated.
    assert!(h.not_evaluated.iter().any(|n| n.rule == "memory.oom_kills"));
}

/// DM8's Kunpeng baseline (lscpu, GCC 6.3.0, the dmserver build), its perf top, and
/// a perf annotate of the hot interlock functions.
fn dm8_with_annotation(annotation: &str) -> HostDiagnosis {
    let dir = tempfile::tempdir().unwrap();
    let baseline = root().join("cases/dm8-kunpeng-sysbench/bundles/baseline");
    for name in ["lscpu.txt", "gcc-version.txt", "build-info-dmserver.txt"] {
        std::fs::copy(baseline.join(name), dir.path().join(name)).unwrap();
    }
    std::fs::copy(
        fixture("perf-top/dm8_kunpeng_interlock.txt"),
        dir.path().join("perf-top.txt"),
    )
    .unwrap();
    std::fs::copy(fixture(annotation), dir.path().join("perf-annotate.txt")).unwrap();
    diagnose_dir(dir.path())
}

#[test]
fn an_annotation_with_retry_loops_is_the_lse_finding_s_proof() {
    let h = dm8_with_annotation("perf-annotate/reconstructed-aarch64-ldaxr-stlxr.txt");
    let finding = finding(&h, "compile.lse_atomics_unused");
    assert_cites(
        finding,
        &[
            ("annotate.exclusive_loop_pct", "perf-annotate.txt"),
            ("annotate.symbol", "perf-annotate.txt"),
        ],
    );
    assert!(
        finding.summary.contains("in ldaxr/stlxr retry loops"),
        "{}",
        finding.summary
    );
}

#[test]
fn an_annotation_showing_lse_instructions_silences_the_lse_rule() {
    let h = dm8_with_annotation("perf-annotate/reconstructed-aarch64-lse-casal.txt");
    assert!(h.facts.contains("annotate.lse_atomic_pct"));
    assert!(!fired(&h).contains(&"compile.lse_atomics_unused"));
}

/// The busy two-vCPU capture (cpu-busy-no-queue) with one perf stat output beside it.
fn busy_cpus_with_perf_stat(perf_stat: &str) -> HostDiagnosis {
    let dir = tempfile::tempdir().unwrap();
    let busy = fixture("bundles/cpu-busy-no-queue");
    for entry in std::fs::read_dir(&busy).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    std::fs::copy(fixture(perf_stat), dir.path().join("perf-stat.txt")).unwrap();
    diagnose_dir(dir.path())
}

#[test]
fn busy_cpus_at_a_low_ipc_are_stalled_on_memory_and_cite_the_counters() {
    let h = busy_cpus_with_perf_stat("perf-stat/reconstructed-kunpeng920-system-wide.txt");
    let finding = finding(&h, "resource.cpu_stalled_on_memory");
    assert_cites(
        finding,
        &[
            ("perf.stat.ipc", "perf-stat.txt"),
            ("perf.stat.cache_miss_pct", "perf-stat.txt"),
            ("cpu.util_pct", "mpstat.txt"),
        ],
    );
    assert!(
        finding.summary.contains("0.61 instructions per cycle"),
        "{}",
        finding.summary
    );
    assert!(steps(&h).contains(&"cpu-hotspots"));
}

#[test]
fn the_memory_stall_rule_is_quiet_at_a_high_ipc_and_unevaluated_without_a_pmu() {
    let xeon = busy_cpus_with_perf_stat("perf-stat/reconstructed-x86-xeon-process.txt");
    assert!(xeon.facts.contains("perf.stat.ipc"));
    assert!(!fired(&xeon).contains(&"resource.cpu_stalled_on_memory"));
    // Recorded on this KVM guest: no virtual PMU, so cycles are `<not supported>`.
    let here = busy_cpus_with_perf_stat("perf-stat/default-sysbench.txt");
    assert!(here.facts.contains("perf.stat.unsupported"));
    assert!(
        here.not_evaluated
            .iter()
            .any(|n| n.rule == "resource.cpu_stalled_on_memory")
    );
    // Asking for perf stat again would not help: the hint says why the counter is missing.
    let hint = here
        .capture_next
        .iter()
        .find(|h| h.facts.iter().any(|f| f == "perf.stat.ipc"))
        .expect("a hint for the missing IPC");
    assert_eq!(
        hint.capture,
        CaptureSource::NoHardwareCounters(vec!["cycles".into(), "instructions".into()])
    );
}

#[test]
fn clients_refused_at_the_connection_limit_are_cited_from_client_server_and_configuration() {
    // sysbench oltp_read_only at 32 threads against PostgreSQL 15 with
    // max_connections = 20: 16 threads refused, no result, 21 refusals in the log.
    let h = diagnose_dir(&fixture("bundles/connection-limit"));
    let finding = finding(&h, "database.connection_limit");
    assert_eq!(finding.severity, perfsage::rules::Severity::High);
    assert_eq!(
        finding.summary,
        "The database turned clients away at its connection limit: 32 sysbench threads asked for 32 connections; max_connections = 20 leaves 17 slots for ordinary users (3 reserved); the client reports 16 connections refused for the limit and the server log shows 21 refusals. The run at that concurrency stopped before measuring anything."
    );
    assert_cites(
        finding,
        &[
            (
                "bench.run.oltp_read_only.32.connect_limit_errors",
                "sysbench.txt",
            ),
            (
                "db.log.conn_limit_rejections",
                "postgresql-log_postgresql-15-connlim.log",
            ),
            (
                "db.param.max_connections",
                "postgresql-conf_postgresql.conf",
            ),
        ],
    );
    let at = |key: &str| {
        let e = finding.evidence.iter().find(|e| e.key == key).unwrap();
        (e.line, e.line_end)
    };
    assert_eq!(at("db.param.max_connections"), (65, 65));
    assert_eq!(at("db.log.conn_limit_rejections"), (6, 26));
    assert_eq!(
        at("bench.run.oltp_read_only.32.connect_limit_errors"),
        (12, 60)
    );
}

#[test]
fn clients_below_the_connection_limit_and_runs_without_a_configuration_stay_quiet() {
    // The same cluster at 8 threads (17 slots), and real PostgreSQL + sysbench runs
    // whose bundles hold no configuration file.
    for bundle in [
        "connection-limit-ok",
        "network-rtt-bound",
        "network-rtt-short",
        "pg-oltp-2core",
        "pg-oltp-profile",
    ] {
        let h = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert!(
            !fired(&h).contains(&"database.connection_limit"),
            "fired on {bundle}"
        );
    }
}

#[test]
fn memory_pressure_alone_names_memory_from_psi() {
    // A 512 MiB working set read through mmap in a 128 MiB group; only PSI, mpstat and
    // iostat captured, so no swap-in or refault figure says what the stalls are.
    let h = diagnose_dir(&fixture("bundles/memory-pressure-psi"));
    let finding = finding(&h, "memory.pressure_stalls");
    assert_eq!(finding.severity, perfsage::rules::Severity::High);
    assert!(
        finding
            .summary
            .starts_with("Tasks stalled waiting for memory 45.9 % of the time over the capture"),
        "{}",
        finding.summary
    );
    assert_cites(
        finding,
        &[
            ("psi.memory.some.stall_pct", "psi.txt"),
            ("psi.memory.full.stall_pct", "psi.txt"),
        ],
    );
    assert_eq!(h.bottleneck.resource, Resource::Memory);
    assert_eq!(h.bottleneck.rule.as_deref(), Some("memory.pressure_stalls"));
    // No pressure (PSI at 0 %), or refaults that the working-set rule judges.
    for bundle in ["cpu-bursts", "cpu-busy-no-queue", "page-cache-thrash"] {
        let other = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert!(
            !fired(&other).contains(&"memory.pressure_stalls"),
            "{bundle}"
        );
    }
}

#[test]
fn mariadb_refusals_alone_are_enough_without_the_engine() {
    // sysbench at 16 threads against MariaDB at max_connections = 10, only the client
    // output and the error log captured: 6 threads refused, 4 refusals logged.
    let h = diagnose_dir(&fixture("bundles/connection-limit-mariadb"));
    let finding = finding(&h, "database.connection_limit");
    assert_eq!(finding.severity, perfsage::rules::Severity::High);
    assert_eq!(
        finding.summary,
        "The database turned clients away at its connection limit: 16 sysbench threads asked for 16 connections; the database engine is unknown (no configuration captured), so is its limit; the client reports 6 connections refused for the limit and the server log shows 4 refusals. The run at that concurrency stopped before measuring anything."
    );
    assert_cites(
        finding,
        &[
            ("db.log.conn_limit_rejections", "mysql-error-log_error.log"),
            ("bench.run.oltp.16.connect_limit_errors", "sysbench.txt"),
        ],
    );
    let logged = finding
        .evidence
        .iter()
        .find(|e| e.key == "db.log.conn_limit_rejections")
        .unwrap();
    // The four `(Too many connections)` lines, not the ten dropped connections after.
    assert_eq!((logged.line, logged.line_end), (21, 24));
    // Completed runs and runs without a configuration or refusal stay quiet.
    for bundle in ["connection-limit-ok", "pg-oltp-2core", "idle"] {
        let other = diagnose_dir(&fixture(&format!("bundles/{bundle}")));
        assert!(
            !fired(&other).contains(&"database.connection_limit"),
            "{bundle}"
        );
    }
}

#[test]
fn benchmarksql_terminals_refused_at_the_limit_fire_from_the_client_log_alone() {
    // Reconstructed log (fixtures/benchmarksql/README.md): 24 terminals, three logins
    // refused with PostgreSQL's `sorry, too many clients already` inside pgJDBC's
    // exception line, stack traces under each; no configuration, no server log.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        fixture("benchmarksql/benchmarksql_conn_limit.log"),
        dir.path().join("run.log"),
    )
    .unwrap();
    let h = diagnose_dir(dir.path());
    assert_eq!(h.facts.number("bench.connect_limit_errors"), Some(3.0));
    let finding = finding(&h, "database.connection_limit");
    assert_eq!(finding.severity, perfsage::rules::Severity::High);
    assert!(
        finding.summary.contains("24 BenchmarkSQL terminals asked for 24 connections; the database engine is unknown (no configuration captured), so is its limit; the client reports 3 connections refused for the limit."),
        "{}",
        finding.summary
    );
    let cited = finding
        .evidence
        .iter()
        .find(|e| e.key == "bench.connect_limit_errors")
        .expect("the client log is cited");
    // From the first exception line to the last, not the stack frames after it.
    assert_eq!((cited.line, cited.line_end), (25, 51));
    // A completed BenchmarkSQL run counts no refusal.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        fixture("benchmarksql/mogdb_tpcc_2p_100wh_300term.log"),
        dir.path().join("run.log"),
    )
    .unwrap();
    let ok = diagnose_dir(dir.path());
    assert_eq!(ok.facts.number("bench.connect_limit_errors"), Some(0.0));
    assert!(!fired(&ok).contains(&"database.connection_limit"));
}

#[test]
fn an_oom_kill_before_the_capture_is_left_out_and_named_as_such() {
    // Taken by `perfsage capture`: one kill 2.5 minutes before the capture, one during.
    let h = diagnose_dir(&fixture("bundles/memory-oom-during-capture"));
    let finding = finding(&h, "memory.oom_kills");
    assert!(
        finding.summary.contains("killed 1 process: python3 (1)"),
        "{}",
        finding.summary
    );
    assert!(
        finding.summary.contains(
            "errors counted during the capture, 2026-12-05T00:58:57Z to 2026-12-05T00:59:04Z"
        ),
        "{}",
        finding.summary
    );
    let kills = finding
        .evidence
        .iter()
        .find(|e| e.key == "mem.oom_kills")
        .unwrap();
    assert_eq!(kills.line, 507, "the kill inside the window");
}
