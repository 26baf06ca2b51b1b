#!/usr/bin/env python3
"""Writes the reconstructed captures of case B (seeds/001_9bd54d1ab0977c3e.txt).

The source document publishes no raw captures, only a table per configuration (threads,
QPS, TPS, p95, disk busy, CPU use) or a single figure, and the platform (TaiShan 2280,
2 x Kunpeng 920 5250 with 48 cores per socket). This script writes the captures in the
exact layouts the tools print, one bundle per configuration the document measured, in
the order it took them:

  bundle/                          64-vCPU VMs on storage-pool virtual disks: the first
                                   table, threads 16-512 (the baseline)
  bundles/vm-64c-raw-disk/         the same VMs with a raw pass-through data disk: the
                                   document gives only 3952 TPS at 256 threads
  bundles/vm-48c-pinned-raw-disk/  48-vCPU VMs pinned to host cores 48-95 with memory
                                   bound, raw disk: the last table, threads 64-512,
                                   plus the hypervisor host's view of one VM's QEMU

  Each bundle holds the three database VMs (greatdb-db1..3, each with the captures
  below) and the load-generator VM (loadgen: the sysbench output, its own mpstat and
  lscpu); the document's tables describe every database node alike.

  sysbench.txt  sysbench 1.0.20 oltp_read_write, one 300 s run per --threads value,
                --report-interval=10; the final statistics carry the document's TPS,
                QPS and p95 exactly; intervals scatter around them; p95 values sit on
                sysbench's own histogram grid.
  mpstat.txt    mpstat -P ALL 300 (sysstat 12.6 layout), one interval per run,
                all-CPU busy share equal to the document's CPU column.
  iostat.txt    iostat -x 300: a since-boot report, then one per run with the data
                disk (vdb virtual, sda pass-through) at the document's disk busy
                share and the system disk vda nearly idle.
  lscpu.txt     lscpu (util-linux 2.35) of a 64- or 48-vCPU (database) or 16-vCPU
                (load generator) Kunpeng 920 KVM guest.

  The pinned bundle adds the hypervisor host fc-cna01 (a FusionCompute CNA) that runs
  greatdb-db1:

  lscpu.txt                 fixtures/lscpu/lscpu-kunpeng920-5250.txt (2 x 48 cores,
                            4 NUMA nodes of 24 CPUs), unchanged.
  numastat-p-qemu.txt       numastat -p <pid of the VM's QEMU> redirected to a file:
                            the per-node breakdown of one process, its memory on node 2.
  proc-status-qemu.txt      cat /proc/<pid>/status of that QEMU: Cpus_allowed_list
                            48-95, memory bound to the socket's nodes 2-3.

Randomness is seeded per bundle, so running it again writes the same bytes.
"""

import math
import random
import shutil
from pathlib import Path

CASE = Path(__file__).resolve().parent
FIXTURES = CASE.parent.parent / "fixtures"
# The random source of the bundle being written (each bundle seeds its own).
RNG = random.Random(0)

# threads, QPS, TPS, p95 ms, disk busy %, CPU %  (document, 64C128G VMs)
RUNS = [
    (16, 23443.77, 1172.19, 17.01, 99, 10),
    (32, 41928.88, 2096.44, 20.74, 99, 20),
    (64, 52505.00, 2625.25, 34.95, 99, 25),
    (128, 60786.10, 3039.30, 57.87, 99, 30),
    (256, 63421.21, 3171.06, 101.13, 99, 33),
    (512, 57675.81, 2883.79, 200.47, 99, 35),
]
# The raw-disk run in the 64C VMs: the document gives only TPS at 256 threads (3952,
# printed here as 3952.00). QPS is 20 x TPS as in every table of the document; p95 (on
# sysbench's grid, avg latency x 1.26 as in its tables) and CPU use (the baseline's CPU
# time per transaction at 3952 TPS) are invented; disk busy 99 % is carried over from
# the document's later raw-disk table (the same disk, 99 % at every concurrency).
RUNS_64C_RAW = [
    (256, 79040.00, 3952.00, 81.48, 99, 40),
]

# threads, QPS, TPS, p95 ms, disk busy %, CPU %  (document, 48C VMs pinned, raw disk;
# the CPU column's +-3-4 % spread is not reproduced: every node shows the centre)
RUNS_48C_PINNED_RAW = [
    (64, 61616.96, 3080.85, 29.72, 99, 46),
    (128, 74421.07, 3721.07, 46.63, 99, 54),
    (256, 85948.63, 4297.43, 77.19, 99, 56),
    (512, 60032.23, 3001.61, 215.44, 99, 56),
]

RUN_SECONDS = 300
REPORT_EVERY = 10
DB_HOSTS = ["greatdb-db1", "greatdb-db2", "greatdb-db3"]
LOADGEN = "greatdb-loadgen"
LOADGEN_VCPUS = 16
KERNEL = "4.19.90-2107.6.0.0100.oe1.bclinux.aarch64"
START = 14 * 3600  # 14:00:00, when mpstat, iostat and the first run started together

# Each configuration: where its bundle goes, its random seed, the date its captures
# carry, its runs, the database VMs' size and the data disk's name in the VM.
BUNDLES = [
    dict(path="bundle", seed=20250911, date="08/21/25", runs=RUNS, vcpus=64, disk="vdb"),
    dict(path="bundles/vm-64c-raw-disk", seed=20250826, date="08/26/25", runs=RUNS_64C_RAW,
         vcpus=64, disk="sda"),
    dict(path="bundles/vm-48c-pinned-raw-disk", seed=20250902, date="09/02/25",
         runs=RUNS_48C_PINNED_RAW, vcpus=48, disk="sda", hypervisor="fc-cna01"),
]

# The QEMU process of greatdb-db1 on its host (pid, memory per node in MB: heap, stack,
# private on nodes 0-3); 99.8 % of the 128 GB on node 2, as in
# fixtures/numastat/numastat-p-qemu-folded.txt.
QEMU_PID = 23817
QEMU_HEAP = [0.00, 0.00, 186.41, 0.00]
QEMU_STACK = [0.00, 0.00, 0.13, 0.00]
QEMU_PRIVATE = [171.27, 12.04, 131152.23, 61.38]
QEMU_THREADS = 61  # 48 vCPU threads plus QEMU's main, I/O and worker threads


def sysbench_grid(ms):
    """Nearest value of sysbench's latency histogram (1024 log buckets, 0.001..1e5 ms)."""
    mult = 1023 / (math.log(100000) - math.log(0.001))
    i = round((math.log(ms) - math.log(0.001)) * mult)
    return math.exp(i / mult + math.log(0.001))


def grid_step(ms, steps):
    mult = 1023 / (math.log(100000) - math.log(0.001))
    i = round((math.log(ms) - math.log(0.001)) * mult) + steps
    return math.exp(i / mult + math.log(0.001))


def zero_mean_noise(n, spread):
    noise = [RNG.uniform(-spread, spread) for _ in range(n)]
    mean = sum(noise) / n
    return [x - mean for x in noise]


def sysbench(runs):
    out = []
    for threads, qps, tps, p95, _, _ in runs:
        assert abs(sysbench_grid(p95) - p95) < 0.006, p95
        out += [
            "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)",
            "",
            "Running the test with following options:",
            f"Number of threads: {threads}",
            f"Report intermediate results every {REPORT_EVERY} second(s)",
            "Initializing random number generator from current time",
            "",
            "",
            "Initializing worker threads...",
            "",
            "Threads started!",
            "",
        ]
        intervals = RUN_SECONDS // REPORT_EVERY
        for k, noise in enumerate(zero_mean_noise(intervals, 0.03), start=1):
            t = tps * (1 + noise)
            q = t * 20 * (1 + RNG.uniform(-0.001, 0.001))
            lat = grid_step(p95, RNG.choice([-3, -2, -1, 0, 0, 1, 2, 3]))
            out.append(
                f"[ {k * REPORT_EVERY}s ] thds: {threads} tps: {t:.2f} qps: {q:.2f} "
                f"(r/w/o: {q * 0.7:.2f}/{q * 0.2:.2f}/{q * 0.1:.2f}) lat (ms,95%): {lat:.2f} "
                f"err/s: 0.00 reconn/s: 0.00"
            )
        total = RUN_SECONDS + RNG.uniform(0.005, 0.06)
        transactions = round(tps * total)
        queries = round(qps * total)
        assert f"{transactions / total:.2f}" == f"{tps:.2f}", (transactions / total, tps)
        assert f"{queries / total:.2f}" == f"{qps:.2f}", (queries / total, qps)
        read, write = round(queries * 0.7), round(queries * 0.2)
        other = queries - read - write
        avg = threads / tps * 1000
        lat_max = p95 * RNG.uniform(2.6, 3.4)
        per_thread = transactions / threads
        out += [
            "SQL statistics:",
            "    queries performed:",
            f"        read:                            {read}",
            f"        write:                           {write}",
            f"        other:                           {other}",
            f"        total:                           {queries}",
            f"    transactions:                        {transactions:<6} ({tps:.2f} per sec.)",
            f"    queries:                             {queries:<6} ({qps:.2f} per sec.)",
            "    ignored errors:                      0      (0.00 per sec.)",
            "    reconnects:                          0      (0.00 per sec.)",
            "",
            "General statistics:",
            f"    total time:                          {total:.4f}s",
            f"    total number of events:              {transactions}",
            "",
            "Latency (ms):",
            f"         min:                            {RNG.uniform(2.5, 3.6):>12.2f}",
            f"         avg:                            {avg:>12.2f}",
            f"         max:                            {lat_max:>12.2f}",
            f"         95th percentile:                {p95:>12.2f}",
            f"         sum:                            {avg * transactions:>12.2f}",
            "",
            "Threads fairness:",
            f"    events (avg/stddev):           {per_thread:.4f}/{per_thread * 0.006:.2f}",
            f"    execution time (avg/stddev):   {total - 0.01:.4f}/0.01",
            "",
        ]
    return "\n".join(out) + "\n"


def clock(seconds):
    seconds %= 86400
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def cpu_split(busy, iowait):
    """%usr %nice %sys %iowait %irq %soft %steal %guest %gnice %idle for a busy share."""
    usr, sys_, soft, steal = busy * 0.62, busy * 0.27, busy * 0.07, busy * 0.04
    return [usr, 0.0, sys_, iowait, 0.0, soft, steal, 0.0, 0.0, 100 - busy - iowait]


def mpstat(host, vcpus, busy_per_run, date):
    names = ["%usr", "%nice", "%sys", "%iowait", "%irq", "%soft", "%steal", "%guest", "%gnice", "%idle"]
    header = lambda t: f"{t}{'CPU':>8}" + "".join(f"{n:>8}" for n in names)
    row = lambda t, label, values: f"{t}{label:>8}" + "".join(f"{v:>8.2f}" for v in values)
    out = [f"Linux {KERNEL} ({host}) \t{date} \t_aarch64_\t({vcpus} CPU)", ""]
    totals = {label: [0.0] * 10 for label in ["all"] + [str(c) for c in range(vcpus)]}
    for i, cpu in enumerate(busy_per_run):
        t = clock(START + (i + 1) * RUN_SECONDS)
        iowait = RNG.uniform(2.0, 4.0)
        per_cpu = [max(1.0, cpu + n) for n in zero_mean_noise(vcpus, 6.0)]
        rows = [("all", cpu_split(cpu, iowait))]
        rows += [(str(c), cpu_split(b, iowait * RNG.uniform(0.5, 1.5))) for c, b in enumerate(per_cpu)]
        out.append(header(clock(START + i * RUN_SECONDS)))
        for label, values in rows:
            values = [round(v, 2) for v in values]
            out.append(row(t, label, values))
            totals[label] = [a + b for a, b in zip(totals[label], values)]
        out.append("")
    out.append(header("Average:"))
    for label, sums in totals.items():
        out.append(row("Average:", label, [s / len(busy_per_run) for s in sums]))
    return "\n".join(out) + "\n"


def iostat(host, vcpus, runs, disk, date):
    head = ("Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm"
            " w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util")
    widths = [8, 10, 9, 7, 8, 9, 8, 10, 9, 7, 8, 9, 8, 10, 9, 7, 8, 9, 8, 8, 8, 7]

    def device(name, r, rkb, w, wkb, r_await, w_await, util, f=0.0, f_await=0.0):
        aqu = (r * r_await + w * w_await) / 1000
        values = [r, rkb, r * 0.02, 1.96, r_await, rkb / r if r else 0, w, wkb, w * 0.3, 23.08,
                  w_await, wkb / w if w else 0, 0, 0, 0, 0, 0, 0, f, f_await, aqu, util]
        return f"{name:<13}" + "".join(f"{v:>{wd}.2f}" for v, wd in zip(values, widths))

    def report(cpu, iowait, devices):
        usr, _, sys_, _, irq, soft, steal, _, _, idle = cpu_split(cpu, iowait)
        return ["avg-cpu:  %user   %nice %system %iowait  %steal   %idle",
                f"{usr:>15.2f}{0:>8.2f}{sys_ + irq + soft:>8.2f}{iowait:>8.2f}{steal:>8.2f}{idle:>8.2f}",
                "", head] + devices + ["", ""]

    out = [f"Linux {KERNEL} ({host}) \t{date} \t_aarch64_\t({vcpus} CPU)", ""]
    out += report(4.1, 1.2, [
        device("vda", 3.21, 61.30, 2.87, 40.12, 0.52, 1.31, 0.41),
        device(disk, 410.55, 6568.80, 802.17, 15240.66, 0.91, 2.84, 31.72, 21.4, 1.1),
    ])
    for threads, _, tps, _, busy, cpu in runs:
        r = tps * RNG.uniform(0.28, 0.32)
        w = tps * RNG.uniform(1.55, 1.65)
        queue = 4 + 0.11 * threads
        w_await = queue * 1000 / (r + w) * 1.15
        r_await = w_await * 0.55
        iowait = RNG.uniform(2.0, 4.0)
        out += report(cpu, iowait, [
            device("vda", RNG.uniform(0.2, 0.8), RNG.uniform(3, 12), RNG.uniform(2, 5), RNG.uniform(20, 60), 0.48, 1.12, RNG.uniform(0.3, 1.2)),
            device(disk, r, r * 16.0, w, w * 23.4, r_await, w_await, busy + RNG.uniform(0.1, 0.9), tps * 0.1, 1.8),
        ])
    return "\n".join(out[:-1]) + "\n"


LSCPU = """Architecture:                    aarch64
CPU op-mode(s):                  64-bit
Byte Order:                      Little Endian
CPU(s):                          {vcpus}
On-line CPU(s) list:             0-{last}
Thread(s) per core:              1
Core(s) per socket:              {vcpus}
Socket(s):                       1
NUMA node(s):                    1
Vendor ID:                       HiSilicon
Model:                           0
Model name:                      Kunpeng-920
Stepping:                        0x1
BogoMIPS:                        200.00
Hypervisor vendor:               KVM
Virtualization type:             full
L1d cache:                       {l1} MiB
L1i cache:                       {l1} MiB
L2 cache:                        {l2} MiB
L3 cache:                        32 MiB
NUMA node0 CPU(s):               0-{last}
Vulnerability Itlb multihit:     Not affected
Vulnerability L1tf:              Not affected
Vulnerability Mds:               Not affected
Vulnerability Meltdown:          Not affected
Vulnerability Spec store bypass: Not affected
Vulnerability Spectre v1:        Mitigation; __user pointer sanitization
Vulnerability Spectre v2:        Not affected
Vulnerability Srbds:             Not affected
Vulnerability Tsx async abort:   Not affected
Flags:                           fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt fcma dcpop asimddp asimdfhm
"""

def lscpu(vcpus):
    # 64 KiB L1 and 512 KiB L2 per Kunpeng 920 core.
    return LSCPU.format(vcpus=vcpus, last=vcpus - 1, l1=vcpus // 16, l2=vcpus // 2)


def numastat_process(pid, name):
    """numastat -p <pid>, one process, redirected to a file (numastat.c's layout)."""
    nodes = len(QEMU_PRIVATE)
    rows = [("Huge", [0.0] * nodes), ("Heap", QEMU_HEAP), ("Stack", QEMU_STACK),
            ("Private", QEMU_PRIVATE)]
    total = [sum(values[i] for _, values in rows) for i in range(nodes)]
    # A 16-wide label, a space, then columns 16 wide (rules of 15 dashes).
    line = lambda label, values: f"{label:<16} " + "".join(f"{v:>16.2f}" for v in values + [sum(values)])
    out = ["", f"Per-node process memory usage (in MBs) for PID {pid} ({name})",
           " " * 17 + "".join(f"{f'Node {i}':>16}" for i in range(nodes)) + f"{'Total':>16}",
           " " * 16 + " " + " ---------------" * (nodes + 1)]
    out += [line(label, values) for label, values in rows]
    out.append("-" * 16 + " " + " ---------------" * (nodes + 1))
    out.append(line("Total", total))
    return "\n".join(out) + "\n"


def proc_status_qemu(pid, rss_kib):
    """/proc/<pid>/status of QEMU pinned to host CPUs 48-95 (4.19-era field set, as in
    fixtures/proc-status/dmserver_status_kunpeng.txt), memory bound to nodes 2-3."""
    vm_size = rss_kib + 6_291_456
    fields = [
        ("Name", "qemu-kvm"), ("Umask", "0077"), ("State", "S (sleeping)"),
        ("Tgid", pid), ("Ngid", 0), ("Pid", pid), ("PPid", 1), ("TracerPid", 0),
        ("Uid", "0\t0\t0\t0"), ("Gid", "0\t0\t0\t0"), ("FDSize", 256), ("Groups", ""),
        ("NStgid", pid), ("NSpid", pid), ("NSpgid", pid), ("NSsid", pid),
        ("VmPeak", f"{vm_size + 65536:>8} kB"), ("VmSize", f"{vm_size:>8} kB"),
        ("VmLck", f"{0:>8} kB"), ("VmPin", f"{0:>8} kB"),
        ("VmHWM", f"{rss_kib:>8} kB"), ("VmRSS", f"{rss_kib:>8} kB"),
        ("RssAnon", f"{rss_kib - 38_912:>8} kB"), ("RssFile", f"{36_864:>8} kB"),
        ("RssShmem", f"{2_048:>8} kB"), ("VmData", f"{vm_size - 1_048_576:>8} kB"),
        ("VmStk", f"{132:>8} kB"), ("VmExe", f"{10_240:>8} kB"), ("VmLib", f"{44_416:>8} kB"),
        ("VmPTE", f"{263_424:>8} kB"), ("VmSwap", f"{0:>8} kB"),
        ("HugetlbPages", f"{0:>8} kB"), ("CoreDumping", 0), ("THP_enabled", 1),
        ("Threads", QEMU_THREADS), ("SigQ", "0/2062914"),
        ("SigPnd", "0000000000000000"), ("ShdPnd", "0000000000000000"),
        ("SigBlk", "0000000010002240"), ("SigIgn", "0000000000001000"),
        ("SigCgt", "0000000100004243"), ("CapInh", "0000000000000000"),
        ("CapPrm", "000000ffffffffff"), ("CapEff", "000000ffffffffff"),
        ("CapBnd", "000000ffffffffff"), ("CapAmb", "0000000000000000"),
        ("NoNewPrivs", 0), ("Seccomp", 0), ("Speculation_Store_Bypass", "not vulnerable"),
        ("Cpus_allowed", "ffffffff,ffff0000,00000000"), ("Cpus_allowed_list", "48-95"),
        ("Mems_allowed", "00000000,0000000c"), ("Mems_allowed_list", "2-3"),
        ("voluntary_ctxt_switches", 4182), ("nonvoluntary_ctxt_switches", 37),
    ]
    return "".join(f"{k}:\t{v}\n" if k != "Groups" else f"{k}:\t\n" for k, v in fields)


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def write_bundle(config):
    global RNG
    RNG = random.Random(config["seed"])
    out = CASE / config["path"]
    runs, vcpus, date = config["runs"], config["vcpus"], config["date"]
    db_busy = [cpu for *_, cpu in runs]
    for host in DB_HOSTS:
        write(out / host / "mpstat.txt", mpstat(host, vcpus, db_busy, date))
        write(out / host / "iostat.txt", iostat(host, vcpus, runs, config["disk"], date))
        write(out / host / "lscpu.txt", lscpu(vcpus))
    # sysbench's client work grows with the transactions it drives: about 1.1 % of the
    # 16 vCPUs per 100 TPS, so 13-47 % over the runs.
    loadgen_busy = [round(1.1 * tps / 100, 1) for _, _, tps, *_ in runs]
    write(out / "loadgen" / "sysbench.txt", sysbench(runs))
    write(out / "loadgen" / "mpstat.txt", mpstat(LOADGEN, LOADGEN_VCPUS, loadgen_busy, date))
    write(out / "loadgen" / "lscpu.txt", lscpu(LOADGEN_VCPUS))
    host = config.get("hypervisor")
    if host:
        (out / host).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(FIXTURES / "lscpu" / "lscpu-kunpeng920-5250.txt", out / host / "lscpu.txt")
        write(out / host / "numastat-p-qemu.txt", numastat_process(QEMU_PID, "qemu-kvm"))
        rss_kib = round(sum(QEMU_HEAP + QEMU_STACK + QEMU_PRIVATE) * 1024)
        write(out / host / "proc-status-qemu.txt", proc_status_qemu(QEMU_PID, rss_kib))


if __name__ == "__main__":
    for config in BUNDLES:
        write_bundle(config)
