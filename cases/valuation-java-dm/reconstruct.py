#!/usr/bin/env python3
"""Writes the reconstructed captures of case D (seeds/003_ff34f51feb639d6f.txt).

The document (a valuation batch job: a Java application and a DM database, 79 -> 63 min
against a 63 min target) publishes commands, run times and a few hardware figures but
no raw output. This script writes, in the exact layouts the tools print, the captures a
consultant would have taken in each of the four layouts the engagement ran:

  same-host-floating/     79 min  app and DB on server A, SMT on, NUMA off, every
                                  thread free to run on CPUs 0-255
  same-host-bound/        68 min  the same, app bound to 0-127, dmserver to 128-255
  app-on-b/               84 min  app on server B, DB on server A
  same-host-bound-final/  63 min  both on A again; the DB's cores without their SMT
                                  siblings (offlined), the app's cores with both
                                  threads; each bound to its own cores; DM rebuilt
                                  with GCC 10.3.1 -mtune=tsv110 -march=armv8-a

Figures taken from the document: the run times, the kernel release
4.19.90-89.11.v2401.ky10.aarch64, the 0-127 / 128-255 binding, GCC 10.3.1 for the
rebuild, the NVMe scheduler `none`, the hot DB functions (`insert`, `nupd2_*`), the
Java getters above 93 % (accounting) and 97 % (statistics), server A's DDR5
64 GB x 16 rated 5600 running 4800 MT/s and server B's DDR4 32 GB x 32 rated 3200
running 2666 MT/s. Everything else (addresses, sizes, thread counts, shares of the
other functions, ping times) is invented to be consistent with them; case.yaml lists
it. Three files are copied from fixtures/ (reconstructed there for this case): the
two dmidecode tables and the accounting phase's folded Java profile.

Files are named after the tool that reads them (lscpu.txt, proc-status.txt, ...), as
the detection test expects inside a `bundles/` folder; only the readelf output keeps
its shell prompt line (perfsage then names the binary).

Randomness is seeded, so running it again writes the same bytes.
"""

import random
import shutil
from pathlib import Path

CASE = Path(__file__).resolve().parent
FIXTURES = CASE.parent.parent / "fixtures"
RNG = random.Random(3003)

KERNEL = "4.19.90-89.11.v2401.ky10.aarch64"
DMSERVER = "/opt/dmdbms/bin/dmserver"
B_IP = "10.16.12.34"  # server B (application), invented


OUT = CASE / "bundles"


def write(rel, text):
    path = OUT / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def copy_fixture(src, rel):
    path = OUT / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FIXTURES / src, path)


# ---------------------------------------------------------------- lscpu (util-linux 2.35.2)

LSCPU_LABEL_WIDTH = 33  # longest label "Vulnerability Spec store bypass:" + 1


def lscpu(online, offline, threads_per_core):
    """lscpu of server A: 2 sockets x 64 cores x 2 threads, NUMA off in the BIOS.

    The thread siblings of CPU n are n and n+128 (what the document's reasoning
    implies: binding the app to 0-127 and dmserver to 128-255 left them on different
    logical CPUs of the same physical cores). With siblings offlined, util-linux 2.35
    prints an Off-line list, the node map of online CPUs only, and threads per core as
    online threads / distinct cores (192 / 128 = 1 in integer arithmetic).
    """
    rows = [
        ("Architecture:", "aarch64"),
        ("CPU op-mode(s):", "64-bit"),
        ("Byte Order:", "Little Endian"),
        ("CPU(s):", "256"),
        ("On-line CPU(s) list:", online),
    ]
    if offline:
        rows.append(("Off-line CPU(s) list:", offline))
    rows += [
        ("Thread(s) per core:", str(threads_per_core)),
        ("Core(s) per socket:", "64"),
        ("Socket(s):", "2"),
        ("NUMA node(s):", "1"),
        ("Vendor ID:", "HiSilicon"),
        ("Model:", "0"),
        ("Model name:", "Kunpeng-920"),
        ("Stepping:", "0x1"),
        ("CPU max MHz:", "2600.0000"),
        ("CPU min MHz:", "400.0000"),
        ("BogoMIPS:", "200.00"),
        ("L1d cache:", "8 MiB"),
        ("L1i cache:", "8 MiB"),
        ("L2 cache:", "128 MiB"),
        ("L3 cache:", "224 MiB"),
        ("NUMA node0 CPU(s):", online),
        ("Vulnerability Itlb multihit:", "Not affected"),
        ("Vulnerability L1tf:", "Not affected"),
        ("Vulnerability Mds:", "Not affected"),
        ("Vulnerability Meltdown:", "Not affected"),
        ("Vulnerability Spec store bypass:", "Not affected"),
        ("Vulnerability Spectre v1:", "Mitigation; __user pointer sanitization"),
        ("Vulnerability Spectre v2:", "Not affected"),
        ("Vulnerability Srbds:", "Not affected"),
        ("Vulnerability Tsx async abort:", "Not affected"),
        ("Flags:", "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid "
                   "asimdrdm jscvt fcma dcpop asimddp asimdfhm ssbs"),
    ]
    return "".join(f"{label:<{LSCPU_LABEL_WIDTH}}{value}\n" for label, value in rows)


LSCPU_SMT_ON = lscpu("0-255", None, 2)
LSCPU_DB_SIBLINGS_OFF = lscpu("0-191", "192-255", 1)


# ---------------------------------------------------------------- /proc/<pid>/status (4.19)

def cpu_mask(cpus, ncpus=256):
    """Cpus_allowed as the kernel prints it: 32-bit hex words, most significant first."""
    bits = 0
    for c in cpus:
        bits |= 1 << c
    words = [(bits >> (32 * i)) & 0xFFFFFFFF for i in range(ncpus // 32)]
    return ",".join(f"{w:08x}" for w in reversed(words))


def cpu_range(spec):
    out = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def kb(n):
    return f"{n:>8} kB"


def proc_status(name, pid, ppid, uid, threads, rss_kib, vm_size_kib, exe_kib, lib_kib,
                cpus, ncpus=256, mems="0", mems_mask="00000000,00000001",
                sigign="0000000000001000", sigcgt="00000001800044ea"):
    rss_file = 820000 + RNG.randrange(0, 20000)
    rss_anon = rss_kib - rss_file
    data = vm_size_kib - exe_kib - lib_kib - 132 - RNG.randrange(200000, 400000)
    vol = RNG.randrange(900, 4000)
    lines = [
        ("Name", name),
        ("Umask", "0022"),
        ("State", "S (sleeping)"),
        ("Tgid", pid),
        ("Ngid", 0),
        ("Pid", pid),
        ("PPid", ppid),
        ("TracerPid", 0),
        ("Uid", f"{uid}\t{uid}\t{uid}\t{uid}"),
        ("Gid", f"{uid}\t{uid}\t{uid}\t{uid}"),
        ("FDSize", 4096 if name == "dmserver" else 2048),
        ("Groups", f"{uid} "),
        ("NStgid", pid),
        ("NSpid", pid),
        ("NSpgid", pid),
        ("NSsid", ppid if name == "java" else pid),
        ("VmPeak", kb(vm_size_kib + RNG.randrange(0, 3) * 65536)),
        ("VmSize", kb(vm_size_kib)),
        ("VmLck", kb(0)),
        ("VmPin", kb(0)),
        ("VmHWM", kb(rss_kib + RNG.randrange(0, 4) * 65536)),
        ("VmRSS", kb(rss_kib)),
        ("RssAnon", kb(rss_anon)),
        ("RssFile", kb(rss_file)),
        ("RssShmem", kb(0)),
        ("VmData", kb(data)),
        ("VmStk", kb(132)),
        ("VmExe", kb(exe_kib)),
        ("VmLib", kb(lib_kib)),
        ("VmPTE", kb(rss_kib // 512 + RNG.randrange(0, 4096))),
        ("VmSwap", kb(0)),
        ("HugetlbPages", kb(0)),
        ("CoreDumping", 0),
        ("Threads", threads),
        ("SigQ", "0/4126214"),
        ("SigPnd", "0000000000000000"),
        ("ShdPnd", "0000000000000000"),
        ("SigBlk", "0000000000000000"),
        ("SigIgn", sigign),
        ("SigCgt", sigcgt),
        ("CapInh", "0000000000000000"),
        ("CapPrm", "0000000000000000"),
        ("CapEff", "0000000000000000"),
        ("CapBnd", "000000ffffffffff"),
        ("CapAmb", "0000000000000000"),
        ("NoNewPrivs", 0),
        ("Seccomp", 0),
        ("Speculation_Store_Bypass", "not vulnerable"),
        ("Cpus_allowed", cpu_mask(cpu_range(cpus), ncpus)),
        ("Cpus_allowed_list", cpus),
        ("Mems_allowed", mems_mask),
        ("Mems_allowed_list", mems),
        ("voluntary_ctxt_switches", vol),
        ("nonvoluntary_ctxt_switches", RNG.randrange(20, 200)),
    ]
    return "".join(f"{k}:\t{v}\n" for k, v in lines)


def dmserver_status(cpus):
    # After fixtures/proc-status/dmserver_status_kunpeng.txt: 412 threads, 80 GiB
    # resident; one memory node (NUMA off in the BIOS).
    return proc_status("dmserver", 48213, 1, 1001, 412, 83886080, 96873472, 48640, 21568,
                       cpus)


def java_status(cpus, pid=51877, ncpus=256, mems="0", mems_mask="00000000,00000001"):
    # BiSheng JDK 8 (-Xmx96g invented): 356 threads, about 70 GiB resident.
    return proc_status("java", pid, pid - 31, 1002, 356, 73400320, 118489088, 4, 187392,
                       cpus, ncpus=ncpus, mems=mems, mems_mask=mems_mask,
                       sigign="0000000000000000", sigcgt="2000000181005ccf")


def prompt(host, command):
    return f"[root@{host} ~]# {command}\n"


def statuses(*texts):
    """`cat /proc/<dmserver pid>/status /proc/<java pid>/status`: concatenated."""
    return "".join(texts)


# ---------------------------------------------------------------- gcc, readelf

GCC_7 = """gcc (GCC) 7.3.0
Copyright (C) 2017 Free Software Foundation, Inc.
This is free software; see the source for copying conditions.  There is NO
warranty; not even for MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.

"""


def readelf_comment(host, strings):
    out = prompt(host, f"readelf -p .comment {DMSERVER}")
    out += "\nString dump of section '.comment':\n"
    offset = 0
    for s in strings:
        out += f"  [{offset:6x}]  {s}\n"
        offset += len(s) + 1
    return out + "\n"


# ---------------------------------------------------------------- settings snapshot

def settings_snapshot(host):
    # The loop of docs/settings-snapshot.md cut down to what the engagement looked at:
    # the block devices' schedulers, plus page size, NUMA balancing and the kernel.
    return (
        "# perfsage settings snapshot v1\n"
        "/proc/sys/kernel/numa_balancing: 0\n"
        "/sys/block/nvme0n1/queue/scheduler: [none] mq-deadline kyber \n"
        "/sys/block/nvme1n1/queue/scheduler: [none] mq-deadline kyber \n"
        "/sys/block/sda/queue/scheduler: [mq-deadline] kyber none\n"
        "getconf PAGESIZE: 65536 \n"
        f"uname -r: {KERNEL} \n"
        "uname -m: aarch64 \n"
        f"hostname: {host} \n"
    )


# ---------------------------------------------------------------- perf report (perf 4.19)

# dmserver's hot functions: `insert` and `nupd2_*` on top (the document's finding);
# names around them are invented in DM's module-prefix style. Self shares in %.
PERF_ROWS = [
    ("dmserver", ".", "nupd2_row_update_low", 12.84),
    ("dmserver", ".", "bplus_insert_rec_low", 9.61),
    ("dmserver", ".", "nupd2_calc_new_row", 7.93),
    ("dmserver", ".", "nins2_insert_row", 6.42),
    ("dmserver", ".", "nupd2_get_old_row", 5.87),
    ("dmserver", ".", "dpage_insert_row_to_slot", 4.36),
    ("dmserver", ".", "nupd2_upd_index_keys", 3.95),
    ("dmserver", ".", "bdta3_insert_one_row", 3.12),
    ("dmserver", ".", "bplus_search_leaf_for_insert", 2.71),
    ("dmserver", ".", "buf4_fix_page_low", 2.40),
    ("dmserver", ".", "rlog4_fill_upd_log", 2.05),
    ("libc-2.28.so", ".", "__memcpy_generic", 1.93),
    ("dmserver", ".", "xdec_cmp_dec", 1.70),
    ("dmserver", ".", "row_cmp_key_low", 1.52),
    ("[kernel.kallsyms]", "k", "finish_task_switch", 1.31),
    ("dmserver", ".", "nupd2_chk_cons", 1.18),
    ("dmserver", ".", "dpage_get_free_space", 1.04),
    ("[kernel.kallsyms]", "k", "_raw_spin_unlock_irqrestore", 0.88),
    ("libc-2.28.so", ".", "__memcmp_generic", 0.82),
    ("dmserver", ".", "os_interlock_inc", 0.71),
    ("dmserver", ".", "buf4_unfix_page", 0.67),
    ("dmserver", ".", "mtsk_trx_get_undo_page", 0.63),
    ("[kernel.kallsyms]", "k", "__arch_copy_from_user", 0.58),
    ("dmserver", ".", "os_mutex2_enter", 0.54),
    ("dmserver", ".", "ntsk_process_one_req", 0.51),
]


def perf_report():
    dso_w = max(len("Shared Object"), max(len(d) for d, _, _, _ in PERF_ROWS))
    sym_w = max(len("Symbol"), max(len(s) + 4 for _, _, s, _ in PERF_ROWS))
    # perf record -e cycles -g -p <dmserver pid> -o dm_cycles.data -- sleep 60
    # perf report -i dm_cycles.data --stdio --no-children --sort dso,symbol -g none \
    #     --percent-limit 0.5
    out = (
        "# To display the perf.data header info, please use --header/--header-only options.\n"
        "#\n"
        "#\n"
        "# Total Lost Samples: 0\n"
        "#\n"
        "# Samples: 24M of event 'cycles'\n"
        "# Event count (approx.): 15873204512346\n"
        "#\n"
        f"# Overhead  {'Shared Object':<{dso_w}}  {'Symbol':<{sym_w}}\n"
        f"# ........  {'.' * dso_w}  {'.' * sym_w}\n"
        "#\n"
    )
    for dso, kind, sym, pct in PERF_ROWS:
        out += f"{pct:>9.2f}%  {dso:<{dso_w}}  {'[' + kind + '] ' + sym:<{sym_w}}\n"
    out += "\n\n#\n# (Tip: For a higher level overview, try: perf report --sort comm,dso)\n#\n"
    return out


# ---------------------------------------------------------------- ping (iputils)

def ping(target, count=10, mean_ms=0.82):
    # ping -c 10 <server B>, run on server A
    out = f"PING {target} ({target}) 56(84) bytes of data.\n"
    times = []
    for seq in range(1, count + 1):
        t = max(0.55, RNG.gauss(mean_ms, 0.09))
        if seq == 1:
            t += 0.21  # first reply pays for the ARP lookup
        us = int(round(t * 1000))  # iputils keeps microseconds
        t = us / 1000
        times.append(t)
        # iputils prints three decimals below 1 ms, two from 1 ms, one from 10 ms
        # (the microseconds cut, not rounded)
        if us < 1000:
            shown = f"0.{us:03d}"
        elif us < 10000:
            shown = f"{us // 1000}.{(us % 1000) // 10:02d}"
        else:
            shown = f"{us // 1000}.{(us % 1000) // 100:01d}"
        out += f"64 bytes from {target}: icmp_seq={seq} ttl=62 time={shown} ms\n"
    avg = sum(times) / count
    mdev = (sum(x * x for x in times) / count - avg * avg) ** 0.5
    out += f"\n--- {target} ping statistics ---\n"
    out += f"{count} packets transmitted, {count} received, 0% packet loss, time {9000 + RNG.randrange(10, 60)}ms\n"
    out += f"rtt min/avg/max/mdev = {min(times):.3f}/{avg:.3f}/{max(times):.3f}/{mdev:.3f} ms\n"
    return out


# ---------------------------------------------------------------- bundles

def same_host_floating():
    b = "same-host-floating/server-a/"
    write(b + "lscpu.txt", LSCPU_SMT_ON)
    write(b + "proc-status.txt", statuses(dmserver_status("0-255"), java_status("0-255")))
    write(b + "gcc-version.txt", GCC_7)
    write(b + "build-info_dmserver.txt", readelf_comment("server-a", ["GCC: (GNU) 7.3.0"]))
    write(b + "settings-snapshot.txt", settings_snapshot("server-a"))
    write(b + "perf-report_dmserver.txt", perf_report())
    copy_fixture("dmidecode/dmidecode-t17-ddr5-1dpc.txt", b + "dmidecode_t17.txt")


def same_host_bound():
    b = "same-host-bound/server-a/"
    write(b + "lscpu.txt", LSCPU_SMT_ON)
    write(b + "proc-status.txt", statuses(dmserver_status("128-255"), java_status("0-127")))


def app_on_b():
    a = "app-on-b/server-a/"
    write(a + "lscpu.txt", LSCPU_SMT_ON)
    write(a + "proc-status.txt", statuses(dmserver_status("0-255")))
    copy_fixture("dmidecode/dmidecode-t17-ddr5-1dpc.txt", a + "dmidecode_t17.txt")
    write(a + "ping_server-b.txt", ping(B_IP))
    b = "app-on-b/server-b/"
    # Server B: 2 sockets of Kunpeng 920 on DDR4 (32 slots); 128 CPUs and 4 NUMA nodes
    # are invented (the document names neither).
    write(b + "proc-status.txt", statuses(
        java_status("0-127", pid=20496, ncpus=128, mems="0-3", mems_mask="00000000,0000000f")))
    copy_fixture("dmidecode/dmidecode-taishan-ddr4-2dpc.txt", b + "dmidecode_memory.txt")
    copy_fixture("folded/java_accounting_async_profiler.txt", b + "folded_java_accounting.txt")


def same_host_bound_final():
    b = "same-host-bound-final/server-a/"
    write(b + "lscpu.txt", LSCPU_DB_SIBLINGS_OFF)
    write(b + "proc-status.txt", statuses(dmserver_status("64-127"), java_status("0-63,128-191")))
    # crt1.o/crti.o come from Kylin's glibc (GCC 7.3.0); everything else from 10.3.1.
    write(b + "build-info_dmserver.txt",
          readelf_comment("server-a", ["GCC: (GNU) 7.3.0", "GCC: (GNU) 10.3.1"]))


if __name__ == "__main__":
    same_host_floating()
    same_host_bound()
    app_on_b()
    same_host_bound_final()
