#!/usr/bin/env python3
"""Writes the reconstructed captures of case A (seeds/000_bcb93adda2374837.txt).

The source document (Kunpeng community, "达梦数据库性能调优", 2025-10-22) tunes DM8 under
sysbench on a TaiShan 200 (2280) with 2 x Kunpeng 920 7260 and Linx OS in three steps
and publishes only the final figures of each step, no raw captures:

  BIOS (SMMU off, CPU prefetching off, Power Policy Performance)
      read-only 1,133,074.43 QPS, write-only 36,169.13 TPS  (nothing from before)
  rebuild with -march=armv8-a+lse (GCC 6.3.0 emitted no LSE atomics)
      read-only 1,905,800.70 QPS, write-only 42,692.95 TPS
  LD_PRELOAD of ARM optimized-routines' libstringlib.so
      write-only 45,475.74 TPS (read-only not measured again)

This script writes four bundles (bundles/<id>/), one per state of the server, each
holding what a consultant would have captured before taking the NEXT step:

  baseline/         no benchmark result (the document gives none); lscpu, a settings
                    snapshot with the SMMU on and the cores below their 2.6 GHz in the
                    energy-saving power policy, gcc --version and readelf of dmserver
  after-bios/       the read-only and write-only runs with the document's figures, the
                    perf top of the read-only run (os_interlock_* on top), the
                    /proc/<pid>/status of dmserver and sysbench (same host), snapshot
  after-lse/        both runs again, perf top of the write-only run (memcpy in glibc)
  after-stringlib/  the write-only run, perf top with memcpy in libstringlib.so

Every capture is in the exact layout the tool prints (sysbench 1.0 as a shell
transcript with the document's command line as the prompt; perf top --stdio; the
perfsage settings snapshot v1; /proc/<pid>/status; gcc --version; readelf -p). File
names start with the tool's name (tests/detection.rs checks each file is claimed by
exactly that parser). What is invented is listed in case.yaml. Randomness is seeded: running it again writes the same
bytes.
"""

import math
import random
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUNDLES = HERE / "bundles"
FIXTURES = HERE.parent.parent / "fixtures"
RNG = random.Random(20251022)

HOST = "taishan-dm8"
CPUS = 128
LUA_DIR = "/opt/sysbench-master-dpi/src/lua"
PROMPT_LUA = f"root@{HOST}:{LUA_DIR}# "
PROMPT_HOME = f"root@{HOST}:~# "
DMSERVER = "/home/dmdba/dm/dmdbms_kp/bin/dmserver"

# The document's command lines (section 3), with one change: --report-interval=10
# instead of 1, so that a 600 s run prints 60 interval lines rather than 600.
READ_RUN = (
    "./sysbench --db-driver=dm --dm-db=127.0.0.1:15236 --dm-user=SYSDBA --dm-password=SYSDBA "
    "--table_size=25000 --tables=250 --events=0 --time=600  --percentile=95 --range-selects=0 "
    "--skip-trx=1 --report-interval=10 --thread_init-timeout=180 --threads=1000 oltp_read_only run"
)
WRITE_RUN = (
    "./sysbench --db-driver=dm --dm-db=localhost:15236 --dm-user=SYSDBA --dm-password=SYSDBA "
    "--table_size=25000 --tables=250 --events=0 --time=600   --threads=100 --percentile=95 "
    "--report-interval=10 oltp_write_only run"
)
RUN_SECONDS = 600
REPORT_EVERY = 10
BANNER = "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)"


# ---------------------------------------------------------------- sysbench 1.0

def grid(ms, steps=0):
    """A value of sysbench's latency histogram (1024 log buckets, 0.001..1e5 ms), `steps`
    buckets away from the one nearest to `ms`."""
    mult = 1023 / (math.log(100000) - math.log(0.001))
    i = round((math.log(ms) - math.log(0.001)) * mult) + steps
    return math.exp(i / mult + math.log(0.001))


def zero_mean_noise(n, spread):
    noise = [RNG.uniform(-spread, spread) for _ in range(n)]
    mean = sum(noise) / n
    return [x - mean for x in noise]


def sysbench_run(command, threads, tps, qps, per_event, p95_target, lat_min, lat_max_factor):
    """The transcript of one `sysbench … run`: the document's figures are the final
    `per sec.` values; `per_event` is (reads, writes, others) per transaction."""
    reads_pe, writes_pe, others_pe = per_event
    queries_pe = reads_pe + writes_pe + others_pe
    # A total time and a transaction count whose rates print as the document's figures.
    for _ in range(100000):
        total = RUN_SECONDS + RNG.uniform(0.004, 0.09)
        transactions = round(tps * total)
        queries = transactions * queries_pe
        if f"{transactions / total:.2f}" != f"{tps:.2f}":
            continue
        if qps is not None and f"{queries / total:.2f}" != f"{qps:.2f}":
            continue
        break
    else:
        raise SystemExit(f"no run length gives {tps} tps / {qps} qps")
    p95 = grid(p95_target)

    out = [
        PROMPT_LUA + "echo 3 > /proc/sys/vm/drop_caches",
        PROMPT_LUA + command,
        BANNER,
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
    # The caches were dropped before the run: the first interval reads the tables
    # from disk and runs about 8 % slower; the others scatter by 1 %.
    shape = [0.92] + [1.0] * (intervals - 1)
    noise = zero_mean_noise(intervals, 0.01)
    raw = [s * (1 + n) for s, n in zip(shape, noise)]
    scale = intervals / sum(raw)
    steady = transactions / (intervals * REPORT_EVERY)
    for k, f in enumerate(raw, start=1):
        t = steady * f * scale
        q = t * queries_pe * (1 + RNG.uniform(-0.00002, 0.00002))
        r, w, o = q * reads_pe / queries_pe, q * writes_pe / queries_pe, q * others_pe / queries_pe
        lat = grid(p95, RNG.choice([-2, -1, 0, 0, 0, 1, 2]) + (3 if k == 1 else 0))
        out.append(
            f"[ {k * REPORT_EVERY}s ] thds: {threads} tps: {t:.2f} qps: {q:.2f} "
            f"(r/w/o: {r:.2f}/{w:.2f}/{o:.2f}) lat (ms,95%): {lat:.2f} "
            f"err/s: 0.00 reconn/s: 0.00"
        )
    read, write, other = transactions * reads_pe, transactions * writes_pe, transactions * others_pe
    busy_ms = threads * (total - RNG.uniform(0.004, 0.02)) * 1000
    avg = busy_ms / transactions
    per_thread = transactions / threads
    out += [
        "SQL statistics:",
        "    queries performed:",
        f"        read:                            {read}",
        f"        write:                           {write}",
        f"        other:                           {other}",
        f"        total:                           {queries}",
        f"    transactions:                        {transactions:<6} ({transactions / total:.2f} per sec.)",
        f"    queries:                             {queries:<6} ({queries / total:.2f} per sec.)",
        "    ignored errors:                      0      (0.00 per sec.)",
        "    reconnects:                          0      (0.00 per sec.)",
        "",
        "General statistics:",
        f"    total time:                          {total:.4f}s",
        f"    total number of events:              {transactions}",
        "",
        "Latency (ms):",
        f"         min: {lat_min:39.2f}",
        f"         avg: {avg:39.2f}",
        f"         max: {p95 * lat_max_factor:39.2f}",
        f"         95th percentile: {p95:27.2f}",
        f"         sum: {busy_ms:39.2f}",
        "",
        "Threads fairness:",
        f"    events (avg/stddev):           {per_thread:.4f}/{per_thread * 0.0042:3.2f}",
        f"    execution time (avg/stddev):   {busy_ms / threads / 1000:.4f}/0.01",
        "",
    ]
    return "\n".join(out) + "\n"


READ_EVENT = (10, 0, 0)   # --range-selects=0 --skip-trx=1: ten point selects, no BEGIN/COMMIT
WRITE_EVENT = (0, 4, 2)   # BEGIN, 2 UPDATEs, DELETE + INSERT, COMMIT


def read_only(qps, p95, lat_min):
    return sysbench_run(READ_RUN, 1000, qps / 10, qps, READ_EVENT, p95, lat_min, 11.0)


def write_only(tps, p95, lat_min):
    return sysbench_run(WRITE_RUN, 100, tps, None, WRITE_EVENT, p95, lat_min, 24.0)


# ---------------------------------------------------------------- perf top --stdio

def perf_top(refreshes):
    """`perf top --stdio` pasted from a terminal (fixtures/perf-top layout): per refresh
    the PerfTop line, a dash line as wide as the terminal, a blank line, then rows
    `%9.2f%%  <dso padded to the widest>  [k|.] symbol`."""
    out = []
    for irqs, kernel_pct, rows in refreshes:
        width = max(len(dso) for _, dso, _ in rows)
        out.append(
            f"   PerfTop:{irqs:8.0f} irqs/sec  kernel:{kernel_pct:4.1f}%  exact:  0.0% "
            f"lost: 0/0 drop: 0/0 [4000Hz cycles],  (all, {CPUS} CPUs)"
        )
        out.append("-" * 139)
        out.append("")
        for pct, dso, sym in rows:
            mark = "k" if dso == "[kernel]" else "."
            out.append(f"{pct:9.2f}%  {dso:<{width}}  [{mark}] {sym}")
        out.append("")
    return "\n".join(out[:-1]) + "\n"


LIBC = "libc-2.24.so"            # glibc 2.24 of Debian 9, on which Linx OS is based
LIBPTHREAD = "libpthread-2.24.so"

# fixtures/perf-top/dm8_kunpeng_interlock.txt with the glibc 2.24 names (no
# __memcpy_generic: aarch64 glibc got multiarch string functions only in 2.26) and
# the sample rate of 128 busy CPUs at 4000 Hz.
INTERLOCK_REFRESHES = [
    (486214, 14.9, [
        (17.86, "dmserver", "os_interlock_inc"),
        (11.02, "dmserver", "os_interlock_dec"),
        (6.21, "dmserver", "os_interlock_read64"),
        (4.37, "dmserver", "os_mutex_enter"),
        (3.05, "[kernel]", "_raw_spin_unlock_irqrestore"),
        (2.88, "dmserver", "buf_page_fix"),
        (2.41, LIBC, "memcpy"),
        (2.02, "dmserver", "bdta3_row_fetch"),
        (1.76, "[kernel]", "el0_svc_common"),
        (1.58, "dmserver", "os_mutex_exit"),
        (1.33, "dmserver", "rt_memobj_alloc"),
        (1.20, "[kernel]", "__arch_copy_to_user"),
        (1.02, "dmserver", "ntsk_send_msg"),
        (0.97, LIBPTHREAD, "__pthread_mutex_lock"),
        (0.81, "[kernel]", "finish_task_switch"),
    ]),
    (489731, 15.2, [
        (18.52, "dmserver", "os_interlock_inc"),
        (11.37, "dmserver", "os_interlock_dec"),
        (6.04, "dmserver", "os_interlock_read64"),
        (4.12, "dmserver", "os_mutex_enter"),
        (3.11, "[kernel]", "_raw_spin_unlock_irqrestore"),
        (2.75, "dmserver", "buf_page_fix"),
        (2.46, LIBC, "memcpy"),
        (2.09, "dmserver", "bdta3_row_fetch"),
        (1.69, "[kernel]", "el0_svc_common"),
        (1.61, "dmserver", "os_mutex_exit"),
        (1.27, "dmserver", "rt_memobj_alloc"),
        (1.18, "[kernel]", "__arch_copy_to_user"),
        (1.05, "dmserver", "ntsk_send_msg"),
        (0.93, LIBPTHREAD, "__pthread_mutex_lock"),
        (0.84, "[kernel]", "finish_task_switch"),
        (0.77, "dmserver", "sess_stmt_exec"),
        (0.66, "[kernel]", "__schedule"),
        (0.58, "dmserver", "dm_hash_search"),
    ]),
]

# fixtures/perf-top/dm8_write_memcpy_libc.txt, glibc 2.24 names.
WRITE_LIBC_REFRESHES = [
    (391552, 18.7, [
        (9.84, LIBC, "memcpy"),
        (5.31, "dmserver", "rlog_buf_append"),
        (4.02, "[kernel]", "__arch_copy_from_user"),
        (3.66, "dmserver", "bdta3_row_build"),
        (2.93, "dmserver", "os_mutex_enter"),
        (2.57, "dmserver", "buf_page_fix"),
        (2.14, "[kernel]", "_raw_spin_unlock_irqrestore"),
        (1.98, "dmserver", "os_interlock_inc"),
        (1.72, "dmserver", "page_insert_rec"),
        (1.45, LIBC, "memset"),
        (1.31, "dmserver", "os_interlock_dec"),
        (1.12, "[kernel]", "el0_svc_common"),
        (0.96, "dmserver", "rt_memobj_alloc"),
        (0.88, LIBC, "memcmp"),
        (0.74, "[kernel]", "finish_task_switch"),
    ]),
]

# fixtures/perf-top/dm8_write_memcpy_stringlib.txt, glibc 2.24 names.
WRITE_STRINGLIB_REFRESHES = [
    (393087, 18.9, [
        (6.12, "libstringlib.so", "memcpy"),
        (5.48, "dmserver", "rlog_buf_append"),
        (4.11, "[kernel]", "__arch_copy_from_user"),
        (3.79, "dmserver", "bdta3_row_build"),
        (3.02, "dmserver", "os_mutex_enter"),
        (2.66, "dmserver", "buf_page_fix"),
        (2.21, "[kernel]", "_raw_spin_unlock_irqrestore"),
        (2.04, "dmserver", "os_interlock_inc"),
        (1.79, "dmserver", "page_insert_rec"),
        (1.49, LIBC, "memset"),
        (1.35, "dmserver", "os_interlock_dec"),
        (1.16, "[kernel]", "el0_svc_common"),
        (0.99, "dmserver", "rt_memobj_alloc"),
        (0.82, "libstringlib.so", "memcmp"),
        (0.77, "[kernel]", "finish_task_switch"),
    ]),
]


# ---------------------------------------------------------------- settings snapshot

SMMUS = " ".join(
    "smmu3.0x%016x" % base
    for base in (
        0x0000000100000000, 0x0000000140000000, 0x0000000200100000, 0x0000000400000000,
        0x0000200100000000, 0x0000200140000000, 0x0000200200100000, 0x0000200400000000,
    )
)


def snapshot(tuned):
    """The settings snapshot (docs/settings-snapshot.md) restricted to what the document
    speaks about: the cores' current and maximum frequency, the SMMUs the kernel drives,
    and the machine. Before the BIOS step (Power Policy Efficiency) the cores run below
    2.6 GHz under load; after it every core is at 2.6 GHz and no SMMU is registered."""
    out = ["# perfsage settings snapshot v1"]
    put = lambda source, value: out.append(f"{source}: {value}")
    cpus = sorted(range(CPUS), key=str)  # the shell glob sorts cpu10 before cpu2
    cpufreq = "/sys/devices/system/cpu/cpu%d/cpufreq/"
    steps = [1500000, 1800000, 2000000, 2000000, 2000000, 2300000]
    for c in cpus:
        put(cpufreq % c + "scaling_cur_freq", 2600000 if tuned else RNG.choice(steps))
    for c in cpus:
        put(cpufreq % c + "cpuinfo_max_freq", 2600000)
    put("ls /sys/class/iommu", "" if tuned else SMMUS + " ")
    put("uname -m", "aarch64 ")
    put("hostname", HOST + " ")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- other captures

GCC_VERSION = """gcc (Debian 6.3.0-18+deb9u1) 6.3.0 20170516
Copyright (C) 2016 Free Software Foundation, Inc.
This is free software; see the source for copying conditions.  There is NO
warranty; not even for MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.

"""

READELF_COMMENT = """
String dump of section '.comment':
  [     0]  GCC: (Debian 6.3.0-18+deb9u1) 6.3.0 20170516

"""


def build_info():
    """readelf -p .comment of dmserver, with the command as a shell prompt."""
    return PROMPT_HOME + f"readelf -p .comment {DMSERVER}\n" + READELF_COMMENT


def proc_status(name, pid, ppid, uid, threads, rss_kib, vm_kib, ctxt):
    """/proc/<pid>/status as a 4.19-era aarch64 kernel prints it (the field set of
    fixtures/proc-status/dmserver_status_kunpeng.txt), on 128 CPUs and 4 nodes."""
    anon = rss_kib - 412672 if rss_kib > 1000000 else rss_kib - 4416
    fields = [
        ("Name", name), ("Umask", "0022"), ("State", "S (sleeping)"), ("Tgid", pid),
        ("Ngid", 0), ("Pid", pid), ("PPid", ppid), ("TracerPid", 0),
        ("Uid", f"{uid}\t{uid}\t{uid}\t{uid}"), ("Gid", f"{uid}\t{uid}\t{uid}\t{uid}"),
        ("FDSize", 4096 if name == "dmserver" else 2048), ("Groups", f"{uid} "),
        ("NStgid", pid), ("NSpid", pid), ("NSpgid", pid), ("NSsid", ppid if name == "sysbench" else pid),
        ("VmPeak", f"{vm_kib:8d} kB"), ("VmSize", f"{vm_kib:8d} kB"), ("VmLck", f"{0:8d} kB"),
        ("VmPin", f"{0:8d} kB"), ("VmHWM", f"{rss_kib:8d} kB"), ("VmRSS", f"{rss_kib:8d} kB"),
        ("RssAnon", f"{anon:8d} kB"), ("RssFile", f"{rss_kib - anon:8d} kB"), ("RssShmem", f"{0:8d} kB"),
        ("VmData", f"{vm_kib - 1452032:8d} kB" if name == "dmserver" else f"{vm_kib - 61440:8d} kB"),
        ("VmStk", f"{132:8d} kB"), ("VmExe", f"{48640 if name == 'dmserver' else 2112:8d} kB"),
        ("VmLib", f"{21568 if name == 'dmserver' else 9920:8d} kB"),
        ("VmPTE", f"{rss_kib // 512:8d} kB"), ("VmSwap", f"{0:8d} kB"),
        ("HugetlbPages", f"{0:8d} kB"), ("CoreDumping", 0), ("THP_enabled", 1),
        ("Threads", threads), ("SigQ", "0/1031447"),
        ("SigPnd", "0000000000000000"), ("ShdPnd", "0000000000000000"),
        ("SigBlk", "0000000000000000"),
        ("SigIgn", "0000000000001000" if name == "dmserver" else "0000000000000000"),
        ("SigCgt", "00000001800044ea" if name == "dmserver" else "0000000180004a02"),
        ("CapInh", "0000000000000000"),
        ("CapPrm", "0000000000000000" if uid else "000000ffffffffff"),
        ("CapEff", "0000000000000000" if uid else "000000ffffffffff"),
        ("CapBnd", "000000ffffffffff"), ("CapAmb", "0000000000000000"),
        ("NoNewPrivs", 0), ("Seccomp", 0), ("Speculation_Store_Bypass", "not vulnerable"),
        ("Cpus_allowed", "ffffffff,ffffffff,ffffffff,ffffffff"), ("Cpus_allowed_list", f"0-{CPUS - 1}"),
        ("Mems_allowed", "00000000,0000000f"), ("Mems_allowed_list", "0-3"),
        ("voluntary_ctxt_switches", ctxt[0]), ("nonvoluntary_ctxt_switches", ctxt[1]),
    ]
    return "".join(f"{k}:\t{v}\n" for k, v in fields)


def processes():
    """cat /proc/$(pidof dmserver)/status /proc/$(pidof sysbench)/status"""
    return (
        proc_status("dmserver", 9182, 1, 1001, 214, 41943040, 52428800, (2714, 133))
        + proc_status("sysbench", 30417, 30388, 0, 1002, 1337344, 9437184, (211, 6))
    )


# ---------------------------------------------------------------- the bundles

def write(bundle, name, text):
    path = BUNDLES / bundle / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def main():
    lscpu = FIXTURES / "lscpu" / "lscpu-kunpeng920-7260.txt"
    for bundle in ("baseline", "after-bios", "after-lse", "after-stringlib"):
        (BUNDLES / bundle).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(lscpu, BUNDLES / bundle / "lscpu.txt")
        write(bundle, "gcc-version.txt", GCC_VERSION)
        write(bundle, "build-info-dmserver.txt", build_info())

    write("baseline", "settings-snapshot.txt", snapshot(tuned=False))

    write("after-bios", "settings-snapshot.txt", snapshot(tuned=True))
    write("after-bios", "sysbench-read-only.txt", read_only(1133074.43, 14.0, 0.31))
    write("after-bios", "sysbench-write-only.txt", write_only(36169.13, 4.5, 0.52))
    write("after-bios", "perf-top-read-only.txt", perf_top(INTERLOCK_REFRESHES))
    write("after-bios", "proc-status.txt", processes())

    write("after-lse", "sysbench-read-only.txt", read_only(1905800.70, 8.4, 0.22))
    write("after-lse", "sysbench-write-only.txt", write_only(42692.95, 3.8, 0.47))
    write("after-lse", "perf-top-write-only.txt", perf_top(WRITE_LIBC_REFRESHES))

    write("after-stringlib", "sysbench-write-only.txt", write_only(45475.74, 3.6, 0.45))
    write("after-stringlib", "perf-top-write-only.txt", perf_top(WRITE_STRINGLIB_REFRESHES))


if __name__ == "__main__":
    main()
