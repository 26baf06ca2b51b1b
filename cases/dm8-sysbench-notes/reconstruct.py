#!/usr/bin/env python3
"""Writes the reconstructed captures of case C (seeds/002_d97868aa82614d06.txt).

The source is a DM8 study note ("DM數據庫學習之路(十九) DM8數據庫sysbench部署及壓力測試"):
how to build sysbench 1.1.0 with the DM driver, what oltp_read_write does (20 queries
per transaction), one test on a 2-core laptop VM (519 TPS, 10387 QPS, 25 tables x
250,000 rows, 256 threads, 180 s, report every 30 s), the rule of thumb "physical
300-350 TPS per core, VM 200-250", and the DM8 parameters to tune (DIRECT_IO,
IO_THR_GROUPS, CKPT_*, UNDO_RETENTION, WORKER_THREADS, …). It publishes no raw output
of the test, so this script writes the one bundle in the tools' exact layouts:

  sysbench.txt  shell transcript of the oltp_read_write run with the note's options
                (sysbench 1.1.0, the version the note's `./sysbench --version` printed);
                the final figures print as 519.xx TPS and 10387.xx QPS (QPS = 20 x TPS,
                no errors)
  lscpu.txt     lscpu of a 2-vCPU x86_64 VMware guest on the Intel CPU that the note's
                configure output identifies (cpuid 0 "GenuineIntel", cpuid 1 eax 906ea:
                family 6, model 158, stepping 10, hypervisor bit set), util-linux 2.23
                (CentOS 7: the note uses yum and /usr/bin/mkdir)
  dm-ini.txt    the DM8 server's dm.ini BEFORE the note's tuning: DM8's default values
                for the parameters the note changes

What is invented is listed in case.yaml. Randomness is seeded: running it again
writes the same bytes.
"""

import math
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent / "bundle"
RNG = random.Random(20210605)

PROMPT = "[dmdba@dm8db01 lua]$ "
THREADS = 256
RUN_SECONDS = 180
REPORT_EVERY = 30
TPS = 519.37  # the note: 519 TPS, 10387 QPS; 20 queries per transaction
RUN = (
    "./sysbench oltp_read_write.lua --db-driver=dm --dm-db=localhost:5236 --dm-user=SYSDBA "
    "--dm-password=SYSDBA --table_size=250000 --tables=25 --auto-inc=0 --threads=256 "
    "--time=180 --report-interval=30 run"
)


def grid(ms, steps=0):
    """A value of sysbench's latency histogram (1024 log buckets, 0.001..1e5 ms)."""
    mult = 1023 / (math.log(100000) - math.log(0.001))
    i = round((math.log(ms) - math.log(0.001)) * mult) + steps
    return math.exp(i / mult + math.log(0.001))


def sysbench():
    for _ in range(100000):
        total = RUN_SECONDS + RNG.uniform(0.05, 0.6)
        transactions = round(TPS * total)
        if f"{transactions / total:.2f}" == f"{TPS:.2f}":
            break
    queries = transactions * 20
    qps = queries / total
    assert f"{qps:.0f}" == "10387", qps
    p95 = grid(870.0)
    out = [
        PROMPT + RUN,
        "sysbench 1.1.0 (using bundled LuaJIT 2.1.0-beta3)",
        "",
        "Running the test with following options:",
        f"Number of threads: {THREADS}",
        f"Report intermediate results every {REPORT_EVERY} second(s)",
        "Initializing random number generator from current time",
        "",
        "",
        "Initializing worker threads...",
        "",
        "Threads started!",
        "",
    ]
    # Six windows of 30 s; the first one warms the 2-core VM's buffer cache up.
    shape = [0.90, 1.02, 1.01, 1.03, 1.02, 1.02]
    raw = [s * (1 + RNG.uniform(-0.01, 0.01)) for s in shape]
    counts = [transactions * r / sum(raw) for r in raw]
    counts = [round(c) for c in counts[:-1]]
    counts.append(transactions - sum(counts))
    for k, n in enumerate(counts, start=1):
        window = REPORT_EVERY * (1 + RNG.uniform(-0.0001, 0.0001))
        t = n / window
        q = (n * 20 + RNG.randint(-30, 30)) / window
        lat = grid(p95, RNG.choice([-3, -2, -1, 0, 1, 2]) + (4 if k == 1 else 0))
        out.append(
            f"[ {k * REPORT_EVERY}s ] thds: {THREADS} tps: {t:.2f} qps: {q:.2f} "
            f"(r/w/o: {q * 0.7:.2f}/{q * 0.2:.2f}/{q * 0.1:.2f}) lat (ms,95%): {lat:.2f} "
            f"err/s: 0.00 reconn/s: 0.00"
        )
    busy_ms = THREADS * (total - RNG.uniform(0.05, 0.3)) * 1000
    per_thread = transactions / THREADS
    out += [
        "SQL statistics:",
        "    queries performed:",
        f"        read:                            {transactions * 14}",
        f"        write:                           {transactions * 4}",
        f"        other:                           {transactions * 2}",
        f"        total:                           {queries}",
        f"    transactions:                        {transactions:<6} ({transactions / total:.2f} per sec.)",
        f"    queries:                             {queries:<6} ({qps:.2f} per sec.)",
        "    ignored errors:                      0      (0.00 per sec.)",
        "    reconnects:                          0      (0.00 per sec.)",
        "",
        "Throughput:",
        f"    events/s (eps):                      {transactions / total:.4f}",
        f"    time elapsed:                        {total:.4f}s",
        f"    total number of events:              {transactions}",
        "",
        "Latency (ms):",
        f"         min: {18.77:39.2f}",
        f"         avg: {busy_ms / transactions:39.2f}",
        f"         max: {3984.61:39.2f}",
        f"         95th percentile: {p95:27.2f}",
        f"         sum: {busy_ms:39.2f}",
        "",
        "Threads fairness:",
        f"    events (avg/stddev):           {per_thread:.4f}/{per_thread * 0.031:3.2f}",
        f"    execution time (avg/stddev):   {busy_ms / THREADS / 1000:.4f}/0.09",
        "",
    ]
    return "\n".join(out) + "\n"


# util-linux 2.23.2 (CentOS 7) prints every label padded to 23 columns.
LSCPU_FIELDS = [
    ("Architecture", "x86_64"),
    ("CPU op-mode(s)", "32-bit, 64-bit"),
    ("Byte Order", "Little Endian"),
    ("CPU(s)", "2"),
    ("On-line CPU(s) list", "0,1"),
    ("Thread(s) per core", "1"),
    ("Core(s) per socket", "2"),
    ("Socket(s)", "1"),
    ("NUMA node(s)", "1"),
    ("Vendor ID", "GenuineIntel"),
    ("CPU family", "6"),
    ("Model", "158"),
    ("Model name", "Intel(R) Core(TM) i7-8750H CPU @ 2.20GHz"),
    ("Stepping", "10"),
    ("CPU MHz", "2207.998"),
    ("BogoMIPS", "4415.99"),
    ("Hypervisor vendor", "VMware"),
    ("Virtualization type", "full"),
    ("L1d cache", "32K"),
    ("L1i cache", "32K"),
    ("L2 cache", "256K"),
    ("L3 cache", "9216K"),
    ("NUMA node0 CPU(s)", "0,1"),
    ("Flags", "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 "
              "clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc "
              "arch_perfmon nopl xtopology tsc_reliable nonstop_tsc eagerfpu pni pclmulqdq "
              "ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes "
              "xsave avx f16c rdrand hypervisor lahf_lm abm 3dnowprefetch invpcid_single "
              "ssbd ibrs ibpb stibp fsgsbase tsc_adjust bmi1 avx2 smep bmi2 invpcid mpx "
              "rdseed adx smap clflushopt xsaveopt xsavec xgetbv1 arat md_clear spec_ctrl "
              "intel_stibp flush_l1d arch_capabilities"),
]


def lscpu():
    return "".join(f"{label + ':':<23}{value}\n" for label, value in LSCPU_FIELDS)


# DM8's dm.ini as dminit writes it: `#group` lines, then two TABs, the name padded to
# 32 columns, `= `, the value padded to 21 columns, a blank and a `#comment`. The parameters the
# note tunes carry DM8's default values; the comments are ours (see case.yaml).
DM_INI_GROUPS = [
    ("file location of dm.ctl", [
        ("CTL_PATH", "/dm8/data/DAMENG/dm.ctl", "control file"),
        ("CTL_BAK_PATH", "/dm8/data/DAMENG/ctl_bak", "control file backups"),
        ("CTL_BAK_NUM", "10", "control file backups kept"),
        ("SYSTEM_PATH", "/dm8/data/DAMENG", "system path"),
        ("CONFIG_PATH", "/dm8/data/DAMENG", "configuration path"),
        ("TEMP_PATH", "/dm8/data/DAMENG", "temporary files"),
        ("BAK_PATH", "/dm8/data/DAMENG/bak", "backup files"),
    ]),
    ("instance name", [
        ("INSTANCE_NAME", "DMSERVER", "instance name"),
    ]),
    ("memory pool and buffer", [
        ("MAX_OS_MEMORY", "100", "percent of OS memory the server may use"),
        ("MEMORY_POOL", "500", "shared memory pool, MB"),
        ("MEMORY_TARGET", "15000", "shrink the pool to this, MB"),
        ("BUFFER", "1000", "data buffer, MB"),
        ("BUFFER_POOLS", "19", "data buffer partitions"),
        ("FAST_POOL_PAGES", "3000", "pages in the fast pool"),
        ("FAST_ROLL_PAGES", "1000", "pages for fast rollback"),
        ("RECYCLE", "300", "recycle buffer, MB"),
        ("DICT_BUF_SIZE", "50", "dictionary buffer, MB"),
    ]),
    ("thread", [
        ("WORKER_THREADS", "16", "worker threads"),
        ("TASK_THREADS", "16", "task threads"),
        ("WORK_THRD_STACK_SIZE", "8192", "worker thread stack, KB"),
    ]),
    ("checkpoint", [
        ("CKPT_RLOG_SIZE", "128", "checkpoint after this much redo, MB (0: off)"),
        ("CKPT_DIRTY_PAGES", "0", "checkpoint after this many dirty pages (0: off)"),
        ("CKPT_INTERVAL", "180", "seconds between checkpoints"),
        ("CKPT_FLUSH_RATE", "5.00", "percent of dirty pages flushed per checkpoint"),
        ("CKPT_FLUSH_PAGES", "1000", "least pages a checkpoint flushes"),
    ]),
    ("IO", [
        ("DIRECT_IO", "0", "0: data files through the file system cache"),
        ("IO_THR_GROUPS", "8", "I/O thread groups"),
    ]),
    ("redo log", [
        ("RLOG_BUF_SIZE", "1024", "redo log buffer, pages"),
        ("RLOG_POOL_SIZE", "256", "redo log pool, MB"),
    ]),
    ("transaction", [
        ("UNDO_EXTENT_NUM", "4", "initial extents per rollback segment"),
        ("UNDO_RETENTION", "90", "seconds undo pages are kept after commit"),
    ]),
    ("session", [
        ("PORT_NUM", "5236", "listener port"),
        ("MAX_SESSIONS", "10000", "sessions"),
    ]),
]


def dm_ini():
    out = ["#DaMeng Database Server Configuration file", "#this is comments", ""]
    for title, params in DM_INI_GROUPS:
        out.append(f"#{title}")
        for name, value, comment in params:
            out.append(f"\t\t{name:<32}= {value:<21} #{comment}")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    (OUT / "sysbench.txt").write_text(sysbench())
    (OUT / "lscpu.txt").write_text(lscpu())
    (OUT / "dm-ini.txt").write_text(dm_ini())
