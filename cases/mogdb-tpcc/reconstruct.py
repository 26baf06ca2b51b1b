#!/usr/bin/env python3
"""Writes the reconstructed captures of case E (seeds/004_3ccdab05763db776.txt, the MogDB
v2.0 "TPCC测试优化指南").

The guide publishes one BenchmarkSQL 5.0 result excerpt (100 warehouses, tpmC 106140.46,
tpmTOTAL 235800.39, session 2021-08-04 15:03:26 - 15:08:26, 1179449 transactions and the
executeTime[...] lines), the props it ran with, the tuning steps and the tpmC a tuned
2-socket Kunpeng server should reach (1.4 M with 100 warehouses and 300 terminals). No raw
captures. This script writes, for the state BEFORE the guide's tuning steps, the captures a
consultant takes on the two hosts, in the layouts the tools print:

  bundles/before-tuning/kp-db01/      the MogDB 2.0.1 server (2 x Kunpeng 920 7260, 128 cores)
    lscpu.txt                 copy of fixtures/lscpu/lscpu-kunpeng920-7260.txt
    settings-snapshot.txt     perfsage settings snapshot v1 (docs/settings-snapshot.md);
                              generated like fixtures/settings-snapshot/reconstruct_kunpeng.py
                              ("before": THP always, numa_balancing 1, mq-deadline, 4 KB
                              pages, irqbalance active, 8 SMMUv3 units) with two changes:
                              governor performance at 2.6 GHz (the guide does not touch the
                              governor or the power policy) and the openEuler 20.03 LTS SP2
                              kernel that was current in August 2021
    xfs-info.txt              `for m in /opt/data /tpccdir1; do xfs_info $m; done`: both NVMe
                              file systems at the mkfs.xfs default 4 KB block
    mounts_proc.txt           `cat /proc/mounts` (after fixtures/mounts/proc_mounts_kunpeng.txt)
                              with nvme0n1 on /opt/data and nvme1n1 on /tpccdir1
    transcript_ethtool-i_enp3s0.txt
                              `ethtool -i enp3s0` pasted with its prompt line (so the interface
                              names the facts), firmware 2.3.0.6 (first port of
                              fixtures/ethtool-driver/ethtool_i_hinic_old_fw_two_ports.txt)
    ethtool-features_enp3s0.txt   copy of fixtures/ethtool-features/ethtool_k_hinic_offloads_off.txt
    ethtool-channels_enp3s0.txt   copy of fixtures/ethtool-channels/ethtool_l_hinic_server_16.txt
                              (16 of 63 combined queues)
    interrupts.txt            copy of fixtures/interrupts/kunpeng_128cpu.txt (the 16 enp3s0
                              queue IRQs and nvme0's 8 on CPUs 0-3)
    proc-status_mogdb.txt     /proc/<pid>/status of mogdb: Cpus_allowed_list 0-127
    postgresql-conf_postgresql.conf
                              MogDB 2.0.1 configuration before the guide's parameter list
    mpstat.txt                `mpstat -P ALL 90 3` during the run (15:03:40-15:08:10)
  bundles/before-tuning/kp-client01/  the BenchmarkSQL client (2 x Kunpeng 920 7260)
    lscpu.txt                 copy of fixtures/lscpu/lscpu-kunpeng920-7260.txt
    transcript_ethtool-i_enp3s0.txt, ethtool-features_enp3s0.txt, ethtool-channels_enp3s0.txt
                              the same NIC state on the client's port
    interrupts.txt            /proc/interrupts, enp3s0's 16 queue IRQs on CPUs 0-3
    proc-status_java.txt      /proc/<pid>/status of the BenchmarkSQL JVM: all 128 CPUs
    benchmarksql-props_props.mogdb
                              the guide's props (its explanatory "#" notes removed)
    benchmarksql_runLog_0804-150325.log
                              `sh runBenchmark.sh props.mogdb | tee runLog_0804-150325.log`

File names start with the tool's name, as tests/detection.rs expects of case bundles;
the transcript is read through perfsage's transcript splitting. bundle.yaml files are
written by hand, not by this script.

The run log's result lines are the guide's, character for character. What the guide does
not print (banner, parameter echo, the once-a-second status line) follows BenchmarkSQL
5.0's jTPCC.java: tpmC = floor(6000000 * newOrders / ms) / 100.0, tpmTOTAL the same with
transactionCount, "Transaction Count" prints transactionCount - 1. Solving those for the
guide's figures gives exactly one session length, 300114 ms, and 530904 new orders
(45.01 % of the transactions, matching newOrderWeight=45): the session started at
15:03:26.549 and the result was printed at 15:08:26.663, the time stamp the guide shows.

Everything else (per-CPU busy shares, interrupt counts, memory figures, geometry, PIDs) is
invented to be consistent with these figures. Randomness is seeded, so running the script
again writes the same bytes.
"""

import math
import random
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
FIXTURES = REPO / "fixtures"
BUNDLE = HERE / "bundles" / "before-tuning"
DB = BUNDLE / "kp-db01"
CLIENT = BUNDLE / "kp-client01"
RNG = random.Random(20210804)

CPUS = 128
KERNEL = "4.19.90-2106.3.0.0095.oe1.aarch64"  # openEuler 20.03 LTS SP2

# ---------------------------------------------------------------- the guide's figures
WAREHOUSES = 100
TERMINALS = 300
RUN_MINS = 5
TPMC = "106140.46"
TPM_TOTAL = "235800.39"
SESSION_START = "2021-08-04 15:03:26"
SESSION_END = "2021-08-04 15:08:26"
TRANSACTION_COUNT = 1179449  # printed; jTPCC prints transactionCount - 1
EXECUTE_TIME = [  # in the order the guide prints them
    ("Payment", 29893614),
    ("Order-Status", 2564424),
    ("Delivery", 4438389),
    ("Stock-Level", 4259325),
    ("New-Order", 48509926),
]

# Solved from the figures above (see the docstring); asserted below.
SESSION_MS = 300114
NEW_ORDERS = 530904
T0_MS = (15 * 3600 + 3 * 60 + 26) * 1000 + 549  # sessionStartTimestamp, 15:03:26.549


def tpm(count, ms):
    """jTPCC: (6000000 * count / ms) / 100.0 with long division, printed by Double.toString."""
    value = (6000000 * count // ms) / 100.0
    return repr(value)


assert tpm(NEW_ORDERS, SESSION_MS) == TPMC
assert tpm(TRANSACTION_COUNT + 1, SESSION_MS) == TPM_TOTAL
assert sum(ms for _, ms in EXECUTE_TIME) <= TERMINALS * SESSION_MS


def clock_ms(ms):
    s, milli = divmod(ms, 1000)
    return f"{s // 3600 % 24:02d}:{s // 60 % 60:02d}:{s % 60:02d},{milli:03d}"


def clock(seconds):
    return f"{seconds // 3600 % 24:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


# ---------------------------------------------------------------- BenchmarkSQL
def run_log():
    log = lambda ms, thread, msg: f"{clock_ms(ms)} [{thread}] INFO   jTPCC : {msg}"
    t = T0_MS - 1337  # JVM up, banner printed
    lines = []

    def main(msg, step=1):
        nonlocal t
        t += step
        lines.append(log(t, "main", msg))

    main("Term-00, ", 0)
    for text in [
        "+-------------------------------------------------------------+",
        "     BenchmarkSQL v5.0",
        "+-------------------------------------------------------------+",
        " (c) 2003, Raul Barbosa",
        " (c) 2004-2016, Denis Lussier",
        " (c) 2016, Jan Wieck",
        "+-------------------------------------------------------------+",
        "",
    ]:
        main("Term-00, " + text, RNG.choice([0, 0, 1, 2]))
    for key, value in [
        ("db", "postgres"),
        ("driver", "org.postgresql.Driver"),
        ("conn", "jdbc:postgresql://172.16.0.176:26000/tpcc_db?prepareThreshold=1&batchMode=on&fetchsize=10&loggerLevel=off"),
        ("user", "tpcc"),
        (None, None),
        ("warehouses", WAREHOUSES),
        ("terminals", TERMINALS),
        ("runMins", RUN_MINS),
        ("limitTxnsPerMin", 0),
        ("terminalWarehouseFixed", "false"),
        (None, None),
        ("newOrderWeight", 45),
        ("paymentWeight", 43),
        ("orderStatusWeight", 4),
        ("deliveryWeight", 4),
        ("stockLevelWeight", 4),
        (None, None),
        ("resultDirectory", "null"),
        ("osCollectorScript", "null"),
        (None, None),
    ]:
        main("Term-00, " if key is None else f"Term-00, {key}={value}", RNG.choice([0, 1, 1, 2]))
    # 300 terminals open their connections before the session starts.
    main("Term-00, C value for C_LAST during load: 137", 841)
    main("Term-00, C value for C_LAST this run:    223", 0)
    main("Term-00, ", 1)
    assert t < T0_MS

    # Status line: drawn once before the start (0.00), then about once a second,
    # each update followed by length + 1 backspaces, all on one physical line.
    # Throughput ramps up over the first seconds (connections warm, caches fill),
    # then scatters around the steady rate.
    tau = 7.0
    stamps = []
    k = 1
    while k * 1000 + 9 < SESSION_MS:
        stamps.append(k * 1000 + RNG.randint(1, 9))
        k += 1
    # Transactions finished between consecutive updates: the ramp-up curve times a few
    # per cent of scatter, scaled so that the whole session holds the guide's count.
    edges = [0] + stamps + [SESSION_MS]
    ramp = lambda s: s - tau * (1 - math.exp(-s / tau))
    increments = [
        (ramp(b / 1000) - ramp(a / 1000)) * (1 + RNG.uniform(-0.03, 0.03))
        for a, b in zip(edges, edges[1:])
    ]
    scale = (TRANSACTION_COUNT + 1) / sum(increments)
    status = []
    used, total = 207, 1963

    def draw(avg, current, used, total):
        text = (f"Term-00, Running Average tpmTOTAL: {avg:.2f}    Current tpmTOTAL: {current}"
                f"    Memory Usage: {used}MB / {total}MB          ")
        status.append(text + "\b" * (len(text) + 1))

    draw(0.0, 0, used, total)
    prev_new_orders = 0
    done = 0.0
    for k, (elapsed, inc) in enumerate(zip(stamps, increments), start=1):
        done += inc * scale
        count = round(done)
        new_orders = round(count * (0.4501 + RNG.uniform(-0.0004, 0.0004)))
        avg = (6000000 * count // elapsed) / 100.0
        current = (count - prev_new_orders) * 12  # jTPCC 5.0's "Current tpmTOTAL"
        prev_new_orders = new_orders
        if k == 2:
            total = 3135
        used += RNG.randint(18, 34)
        if used > 2300:  # young-generation collection
            used = RNG.randint(330, 420)
        draw(avg, current, used, total)
    assert count < TRANSACTION_COUNT and new_orders < NEW_ORDERS
    lines.append("".join(status))

    end = T0_MS + SESSION_MS  # 15:08:26,663
    assert clock_ms(end) == "15:08:26,663"
    t16 = lambda ms, msg: log(ms, "Thread-16", msg)
    lines += [
        t16(end, "Term-00, "),
        t16(end, "Term-00, "),
        t16(end, f"Term-00, Measured tpmC (NewOrders) = {TPMC}"),
        t16(end, f"Term-00, Measured tpmTOTAL = {TPM_TOTAL}"),
        t16(end + 1, f"Term-00, Session Start     = {SESSION_START}"),
        t16(end + 1, f"Term-00, Session End       = {SESSION_END}"),
        t16(end + 1, f"Term-00, Transaction Count = {TRANSACTION_COUNT}"),
    ]
    lines += [t16(end + 1, f"executeTime[{name}]={ms}") for name, ms in EXECUTE_TIME]
    return "\n".join(lines) + "\n"


PROPS = """db=postgres
driver=org.postgresql.Driver
conn=jdbc:postgresql://172.16.0.176:26000/tpcc_db?prepareThreshold=1&batchMode=on&fetchsize=10&loggerLevel=off
user=tpcc
password=tpcc@123
warehouses=100
terminals=300
runMins=5
runTxnsPerTerminal=0
loadWorkers=100
limitTxnsPerMin=0
terminalWarehouseFixed=false
newOrderWeight=45
paymentWeight=43
orderStatusWeight=4
deliveryWeight=4
stockLevelWeight=4
"""


# ---------------------------------------------------------------- settings snapshot
SMMUS = " ".join(
    "smmu3.0x%016x" % base
    for base in (0x0000000100000000, 0x0000000140000000, 0x0000000200100000, 0x0000000400000000,
                 0x0000200100000000, 0x0000200140000000, 0x0000200200100000, 0x0000200400000000)
)
CMDLINE = (
    f"BOOT_IMAGE=/vmlinuz-{KERNEL} root=/dev/mapper/openeuler-root ro "
    "rd.lvm.lv=openeuler/root rd.lvm.lv=openeuler/swap video=VGA-1:640x480-32@60me "
    "rhgb quiet console=tty0 crashkernel=1024M,high "
    "smmu.bypassdev=0x1000:0x17 smmu.bypassdev=0x1000:0x15 video=efifb:off"
)


def settings_snapshot():
    out = ["# perfsage settings snapshot v1"]
    put = lambda source, value: out.append(f"{source}: {value}")
    put("/sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never")
    put("/sys/kernel/mm/transparent_hugepage/defrag", "[always] defer defer+madvise madvise never")
    put("/proc/sys/kernel/numa_balancing", 1)
    put("/proc/sys/vm/swappiness", 30)
    put("/proc/sys/vm/zone_reclaim_mode", 0)
    put("/proc/sys/vm/nr_hugepages", 0)
    put("/proc/sys/vm/dirty_ratio", 30)
    put("/proc/sys/vm/dirty_background_ratio", 10)
    for dev in ("nvme0n1", "nvme1n1", "sda"):
        put(f"/sys/block/{dev}/queue/scheduler", "[mq-deadline] kyber bfq none ")
    cpus = sorted(range(CPUS), key=str)  # the shell glob sorts cpu10 before cpu2
    cpufreq = "/sys/devices/system/cpu/cpu%d/cpufreq/"
    for c in cpus:
        put(cpufreq % c + "scaling_governor", "performance")
    for c in cpus:
        put(cpufreq % c + "scaling_cur_freq", 2600000)
    for c in cpus:
        put(cpufreq % c + "cpuinfo_max_freq", 2600000)
    put("/proc/cmdline", CMDLINE)
    put("getconf PAGESIZE", "4096 ")
    put("systemctl is-active irqbalance", "active ")
    put("ls /sys/class/iommu", SMMUS + " ")
    put("uname -r", KERNEL + " ")
    put("uname -m", "aarch64 ")
    put("hostname", "kp-db01 ")
    return "\n".join(str(line) for line in out) + "\n"


# ---------------------------------------------------------------- file systems
def xfs_info(device):
    # 3.2 TB NVMe, mkfs.xfs defaults (4 KB blocks); xfsprogs 5.0 layout as openEuler 20.03 ships.
    return f"""meta-data=/dev/{device}           isize=512    agcount=4, agsize=195351062 blks
         =                       sectsz=4096  attr=2, projid32bit=1
         =                       crc=1        finobt=1, sparse=1, rmapbt=0
         =                       reflink=1
data     =                       bsize=4096   blocks=781404246, imaxpct=5
         =                       sunit=0      swidth=0 blks
naming   =version 2              bsize=4096   ascii-ci=0, ftype=1
log      =internal log           bsize=4096   blocks=381545, version=2
         =                       sectsz=4096  sunit=0 blks, lazy-count=1
realtime =none                   extsz=4096   blocks=0, rtextents=0
"""


def proc_mounts():
    text = (FIXTURES / "mounts" / "proc_mounts_kunpeng.txt").read_text()
    text = text.replace(
        "/dev/nvme0n1 /data xfs rw,noatime,nodiratime,attr2,inode64,logbufs=8,logbsize=32k,noquota 0 0",
        "/dev/nvme0n1 /opt/data xfs rw,relatime,attr2,inode64,logbufs=8,logbsize=32k,noquota 0 0",
    ).replace(
        "/dev/nvme1n1 /wal xfs rw,noatime,attr2,inode64,logbufs=8,logbsize=32k,noquota 0 0",
        "/dev/nvme1n1 /tpccdir1 xfs rw,relatime,attr2,inode64,logbufs=8,logbsize=32k,noquota 0 0",
    )
    assert "/opt/data xfs" in text and "/tpccdir1 xfs" in text
    return text


# ---------------------------------------------------------------- NIC
def ethtool(host, bus):
    """`ethtool -i`, `-k` and `-l enp3s0`, one file each. The -i file keeps the shell
    prompt line it was pasted with, so that the interface names the facts (ethtool -i
    itself does not print it)."""
    driver = (FIXTURES / "ethtool-driver" / "ethtool_i_hinic_old_fw_two_ports.txt").read_text()
    first_port = driver.split("driver: hinic\n")[1]
    driver = "driver: hinic\n" + first_port.replace("bus-info: 0000:03:00.0", f"bus-info: {bus}")
    features = (FIXTURES / "ethtool-features" / "ethtool_k_hinic_offloads_off.txt").read_text()
    channels = (FIXTURES / "ethtool-channels" / "ethtool_l_hinic_server_16.txt").read_text()
    return {
        "transcript_ethtool-i_enp3s0.txt": f"[root@{host} ~]# ethtool -i enp3s0\n" + driver,
        "ethtool-features_enp3s0.txt": features,
        "ethtool-channels_enp3s0.txt": channels,
    }


def client_interrupts():
    """/proc/interrupts of the client, layout as fixtures/interrupts/reconstruct_kunpeng.py."""
    prec = 4

    def row(irq, counts, chip, hwirq, trigger, name):
        return ("%*d: " % (prec, irq) + "".join("%10u " % c for c in counts)
                + " %8s" % chip + " %*d" % (prec, hwirq) + " %-8s" % trigger + "  %s" % name)

    out = [" " * (prec + 8) + "".join("CPU%-8d" % c for c in range(CPUS))]
    out.append(row(1, [0] * CPUS, "GICv3", 25, "Level", "vgic"))
    out.append(row(3, [2_871_044 - 613 * c for c in range(CPUS)], "GICv3", 27, "Level", "arch_timer"))
    pmu = [31_007 + (c * 7919) % 1000 for c in range(CPUS)]
    out.append(row(5, pmu, "GICv3", 23, "Level", "arm-pmu"))
    uart = [0] * CPUS
    uart[0] = 1_210
    out.append(row(7, uart, "GICv3", 33, "Level", "uart-pl011"))
    irq = 60
    for q in range(16):  # enp3s0 (hinic): all sixteen queue IRQs on CPUs 0-3
        counts = [0] * CPUS
        counts[q % 4] = 38_517_301 - q * 402_113
        counts[1 + q % 3] += 1_536
        out.append(row(irq, counts, "ITS-MSI", 1572864 + q, "Edge", "enp3s0_qp%d" % q))
        irq += 1
    ipis = ["Rescheduling interrupts", "Function call interrupts", "CPU stop interrupts",
            "CPU stop (for crash dump) interrupts", "Timer broadcast interrupts",
            "IRQ work interrupts", "CPU wake-up interrupts"]
    for i, name in enumerate(ipis):
        counts = [(211_370 + 173 * c) if i in (0, 1, 5) else 0 for c in range(CPUS)]
        line = "%*s%u: " % (prec - 1, "IPI", i) + "".join("%10u " % c for c in counts) + "      %s" % name
        out.append(line)
    out.append("%*s: %10u" % (prec, "Err", 0))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- processes
def proc_status(name, pid, uid, vm, threads, ctxt):
    vmpeak, vmrss, rssanon, rssfile, vmdata, vmexe, vmlib, vmpte = vm
    return f"""Name:\t{name}
Umask:\t0077
State:\tS (sleeping)
Tgid:\t{pid}
Ngid:\t0
Pid:\t{pid}
PPid:\t1
TracerPid:\t0
Uid:\t{uid}\t{uid}\t{uid}\t{uid}
Gid:\t{uid}\t{uid}\t{uid}\t{uid}
FDSize:\t2048
Groups:\t{uid} 
NStgid:\t{pid}
NSpid:\t{pid}
NSpgid:\t{pid}
NSsid:\t{pid - 3}
VmPeak:\t{vmpeak:>8} kB
VmSize:\t{vmpeak:>8} kB
VmLck:\t       0 kB
VmPin:\t       0 kB
VmHWM:\t{vmrss:>8} kB
VmRSS:\t{vmrss:>8} kB
RssAnon:\t{rssanon:>8} kB
RssFile:\t{rssfile:>8} kB
RssShmem:\t       0 kB
VmData:\t{vmdata:>8} kB
VmStk:\t     132 kB
VmExe:\t{vmexe:>8} kB
VmLib:\t{vmlib:>8} kB
VmPTE:\t{vmpte:>8} kB
VmSwap:\t       0 kB
HugetlbPages:\t       0 kB
CoreDumping:\t0
THP_enabled:\t1
Threads:\t{threads}
SigQ:\t0/2062914
SigPnd:\t0000000000000000
ShdPnd:\t0000000000000000
SigBlk:\t0000000000000000
SigIgn:\t0000000000001000
SigCgt:\t00000001800044ea
CapInh:\t0000000000000000
CapPrm:\t0000000000000000
CapEff:\t0000000000000000
CapBnd:\t000000ffffffffff
CapAmb:\t0000000000000000
NoNewPrivs:\t0
Seccomp:\t0
Speculation_Store_Bypass:\tnot vulnerable
Cpus_allowed:\tffffffff,ffffffff,ffffffff,ffffffff
Cpus_allowed_list:\t0-{CPUS - 1}
Mems_allowed:\t00000000,0000000f
Mems_allowed_list:\t0-3
voluntary_ctxt_switches:\t{ctxt[0]}
nonvoluntary_ctxt_switches:\t{ctxt[1]}
"""


# ---------------------------------------------------------------- MogDB configuration
POSTGRESQL_CONF = """# -----------------------------------------------------------------------------
# postgresql.conf of the MogDB 2.0.1 single-node instance (RECONSTRUCTED for case E:
# the state before the TPC-C guide's parameter list; see the case's case.yaml).
# Settings not listed, or commented out, keep their openGauss defaults.
# -----------------------------------------------------------------------------

#------------------------------------------------------------------------------
# FILE LOCATIONS
#------------------------------------------------------------------------------
#data_directory = 'ConfigDir'		# use data in another directory
					# (change requires restart)

#------------------------------------------------------------------------------
# CONNECTIONS AND AUTHENTICATION
#------------------------------------------------------------------------------
listen_addresses = '172.16.0.176'	# what IP address(es) to listen on
port = 26000				# (change requires restart)
max_connections = 1000			# raised for 300 BenchmarkSQL terminals
					# (change requires restart)
session_timeout = 10min			# 0s-86400s, 0 is disabled

#------------------------------------------------------------------------------
# THREAD POOL
#------------------------------------------------------------------------------
enable_thread_pool = off		# one thread per session
					# (change requires restart)
#thread_pool_attr = '16, 2, (nobind)'	# thread count, groups, CPU binding
					# (change requires restart)

#------------------------------------------------------------------------------
# RESOURCE USAGE (except WAL)
#------------------------------------------------------------------------------
#max_process_memory = 12GB
shared_buffers = 1GB			# min 128kB
					# (change requires restart)
bulk_write_ring_size = 2GB		# for bulkload, max shared_buffers
max_prepared_transactions = 200		# zero disables the feature
#work_mem = 64MB			# min 64kB
#maintenance_work_mem = 16MB		# min 1MB
cstore_buffers = 512MB			# min 16MB
#max_files_per_process = 1000		# min 25
#vacuum_cost_limit = 200		# 1-10000 credits
#bgwriter_delay = 10s			# 10-10000ms between rounds

#------------------------------------------------------------------------------
# WRITE AHEAD LOG
#------------------------------------------------------------------------------
wal_level = hot_standby			# minimal, archive, hot_standby or logical
					# (change requires restart)
fsync = on				# turns forced synchronization on or off
synchronous_commit = on			# synchronization level
full_page_writes = on			# recover from partial page writes
wal_buffers = 16MB			# min 32kB
					# (change requires restart)
#wal_writer_delay = 200ms		# 1-10000 milliseconds
#xloginsert_locks = 8			# (change requires restart)

# - Checkpoints -
checkpoint_segments = 64		# in logfile segments, min 1, 16MB each
checkpoint_timeout = 15min		# range 30s-1h
#checkpoint_completion_target = 0.5	# checkpoint target duration, 0.0 - 1.0
enable_incremental_checkpoint = on	# enable incremental checkpoint
incremental_checkpoint_timeout = 60s	# range 1s-1h
enable_double_write = on		# protects pages against torn writes
#pagewriter_sleep = 100ms		# dirty page writer sleep time, 0ms - 1h

#------------------------------------------------------------------------------
# REPLICATION
#------------------------------------------------------------------------------
max_wal_senders = 4			# max number of walsender processes
					# (change requires restart)
wal_keep_segments = 16			# in logfile segments, 16MB each; 0 disables

#------------------------------------------------------------------------------
# AUTOVACUUM PARAMETERS
#------------------------------------------------------------------------------
autovacuum = on				# Enable autovacuum subprocess?  'on'
#autovacuum_max_workers = 3		# max number of autovacuum subprocesses
#autovacuum_naptime = 1min		# time between autovacuum runs

#------------------------------------------------------------------------------
# CLIENT CONNECTION DEFAULTS
#------------------------------------------------------------------------------
datestyle = 'iso, mdy'
timezone = 'PRC'
lc_messages = 'en_US.UTF-8'		# locale for system error message
lc_monetary = 'en_US.UTF-8'		# locale for monetary formatting
lc_numeric = 'en_US.UTF-8'		# locale for number formatting
lc_time = 'en_US.UTF-8'			# locale for time formatting
default_text_search_config = 'pg_catalog.english'
log_timezone = 'PRC'
"""


# ---------------------------------------------------------------- mpstat
def mpstat():
    """mpstat -P ALL 90 3 on kp-db01 while BenchmarkSQL ran (sysstat 12.x, LC_ALL=C).

    MogDB floats over all 128 CPUs. CPUs 0-3 also take every enp3s0 and nvme0 queue
    interrupt, so they are the busiest (59-72 %, 28-36 points of it softirq); the other
    cores stay at 21-34 %, 28 % on average. No core comes near the guide's > 90 %.
    """
    names = ["%usr", "%nice", "%sys", "%iowait", "%irq", "%soft", "%steal", "%guest", "%gnice", "%idle"]
    header = lambda t: f"{t}{'CPU':>8}" + "".join(f"{n:>8}" for n in names)
    row = lambda t, label, v: f"{t}{label:>8}" + "".join(f"{x:>8.2f}" for x in v)
    start = 15 * 3600 + 3 * 60 + 40
    interval = 90
    out = [f"Linux {KERNEL} (kp-db01) \t08/04/21 \t_aarch64_\t({CPUS} CPU)", ""]
    sums = {label: [0.0] * 10 for label in ["all"] + list(range(CPUS))}
    # The load is not flat: the first interval still holds the ramp-up, the last has
    # the checkpoint that default checkpoint_timeout/segments bring on.
    for i, load in enumerate([0.95, 1.0, 1.05]):
        rows = []
        for c in range(CPUS):
            if c < 4:
                usr, sys_ = RNG.uniform(19, 23), RNG.uniform(7.5, 9.5)
                irq, soft = RNG.uniform(2.2, 3.0), RNG.uniform(29, 35)
                iowait = RNG.uniform(0.2, 0.5)
            else:
                node_bias = 1.5 if c < 32 else 0.0  # the NIC sits on socket 0, node 0
                usr = RNG.uniform(15.5, 21.5) + node_bias
                sys_ = RNG.uniform(5.5, 8.5)
                irq, soft = 0.0, RNG.uniform(0.4, 1.3)
                iowait = RNG.uniform(0.2, 0.8)
            values = [usr * load, 0.0, sys_ * load, iowait * load, irq * load, soft * load, 0.0, 0.0, 0.0]
            values = [round(v, 2) for v in values]
            values.append(round(100 - sum(values), 2))
            rows.append(values)
        all_row = [round(sum(r[k] for r in rows) / CPUS, 2) for k in range(9)]
        all_row.append(round(100 - sum(all_row), 2))
        t = clock(start + (i + 1) * interval)
        out.append(header(clock(start + i * interval)))
        out.append(row(t, "all", all_row))
        sums["all"] = [a + b for a, b in zip(sums["all"], all_row)]
        for c, values in enumerate(rows):
            out.append(row(t, str(c), values))
            sums[c] = [a + b for a, b in zip(sums[c], values)]
        out.append("")
    out.append(header("Average:"))
    for label, total in sums.items():
        out.append(row("Average:", str(label), [x / 3 for x in total]))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- write everything
def main():
    for d in (DB, CLIENT):
        d.mkdir(parents=True, exist_ok=True)
    lscpu = FIXTURES / "lscpu" / "lscpu-kunpeng920-7260.txt"

    shutil.copyfile(lscpu, DB / "lscpu.txt")
    (DB / "settings-snapshot.txt").write_text(settings_snapshot())
    (DB / "xfs-info.txt").write_text(xfs_info("nvme0n1") + xfs_info("nvme1n1"))
    (DB / "mounts_proc.txt").write_text(proc_mounts())
    for name, text in ethtool("kp-db01", "0000:03:00.0").items():
        (DB / name).write_text(text)
    shutil.copyfile(FIXTURES / "interrupts" / "kunpeng_128cpu.txt", DB / "interrupts.txt")
    (DB / "proc-status_mogdb.txt").write_text(proc_status(
        "mogdb", 21733, 1000,
        (41_233_472, 9_104_896, 7_947_264, 1_157_632, 38_912_000, 62_848, 31_552, 27_392),
        338, (1_217, 64)))
    (DB / "postgresql-conf_postgresql.conf").write_text(POSTGRESQL_CONF)
    (DB / "mpstat.txt").write_text(mpstat())

    shutil.copyfile(lscpu, CLIENT / "lscpu.txt")
    for name, text in ethtool("kp-client01", "0000:03:00.0").items():
        (CLIENT / name).write_text(text)
    (CLIENT / "interrupts.txt").write_text(client_interrupts())
    (CLIENT / "proc-status_java.txt").write_text(proc_status(
        "java", 48017, 0,
        (37_561_344, 3_581_184, 3_552_448, 28_736, 36_044_800, 4, 150_592, 9_408),
        431, (9, 2)))
    (CLIENT / "benchmarksql-props_props.mogdb").write_text(PROPS)
    (CLIENT / "benchmarksql_runLog_0804-150325.log").write_text(run_log())


if __name__ == "__main__":
    main()
