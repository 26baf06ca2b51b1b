#!/bin/sh
# The topology lab's scenarios, run inside the guest by /init (busybox sh):
#   sh scenarios.sh NAME SECONDS OUTDIR
# Each scenario starts its load, reads the counters that count since boot (stamped
# with `date +%s`), runs `perfsage capture` for SECONDS, reads the counters again,
# stops its load, and copies the bundle to OUTDIR/bundle.
set -u
NAME=$1
SECONDS_=$2
OUT=$3
B=/tmp/bundle
rm -rf "$B"
mkdir -p "$B"
PIDS=""

say() { echo "lab[$NAME]: $*"; }

# Starts a background job and remembers its PID for stop_load.
bg() { "$@" & PIDS="$PIDS $!"; }
stop_load() {
    for p in $PIDS; do kill "$p" 2>/dev/null; done
    for p in $PIDS; do wait "$p" 2>/dev/null; done
    PIDS=""
}

# --- readings at the start and at the end, each after a `date +%s` line ---------
# numastat (the kernel's per-node allocation counters, pages).
read_numastat() { date +%s; numastat; } >> "$B/numastat_start_end.txt"
# numastat -p for the load process (MB per node).
read_numastat_p() { date +%s; numastat -p "$1"; } >> "$B/numastat_p_start_end.txt"
# /sys/devices/system/node/node*/numastat, each after a `# path` line.
read_node_numastat() {
    date +%s
    for f in /sys/devices/system/node/node*/numastat; do
        echo "# $f"
        cat "$f"
    done
} >> "$B/node_numastat.txt"
# /proc/PID/numa_maps of the load process: each mapping's NUMA policy (bind:1,
# prefer:1, interleave:0-3, default) and its pages per node (N0=… N1=…).
read_numa_maps() { date +%s; cat "/proc/$1/numa_maps"; } >> "$B/numa_maps_start_end.txt"
# (Not named interrupts_*: the repository's fixture test expects a file whose name
# starts with a tool's name to be read by that tool, and perfsage's /proc/interrupts
# reader takes one reading only.)
read_interrupts() { date +%s; cat /proc/interrupts; } >> "$B/proc_interrupts_start_end.txt"
# The affinity files of every interrupt of the NIC's virtio device.
read_affinity() {
    date +%s
    for irq in $(nic_irqs); do
        for f in smp_affinity smp_affinity_list effective_affinity_list; do
            echo "# /proc/irq/$irq/$f"
            cat "/proc/irq/$irq/$f"
        done
    done
} >> "$B/irq_affinity.txt"

# The IRQ numbers of eth0's virtio device (virtioN-config, -input.Q, -output.Q).
nic_virtio() { basename "$(readlink /sys/class/net/eth0/device)"; }
# The NUMA node of the NIC's PCI function (the parent of its virtio device).
nic_node() { cat "$(readlink -f /sys/class/net/eth0/device)/../numa_node"; }
nic_irqs() {
    v=$(nic_virtio)
    awk -v v="$v-" 'index($NF, v) == 1 { sub(":", "", $1); print $1 }' /proc/interrupts
}
nic_queue_irqs() {
    v=$(nic_virtio)
    awk -v v="$v-" 'index($NF, v) == 1 && ($NF ~ /-input\./ || $NF ~ /-output\./) { sub(":", "", $1); print $1 }' /proc/interrupts
}

# --- the capture ----------------------------------------------------------------
# capture [perfsage capture options...]: the start readings, the capture, the end readings.
capture() {
    readings start
    say "perfsage capture $*"
    timeout $((SECONDS_ * 3 + 120)) perfsage capture -o "$B" --force --duration "${SECONDS_}s" --interval 1s "$@" \
        > /tmp/capture.log 2>&1
    say "perfsage capture exited $?"
    readings end
}
READINGS="numastat node_numastat interrupts"
LOAD_PID=""
readings() {
    for r in $READINGS; do
        case $r in
            numastat) read_numastat ;;
            node_numastat) read_node_numastat ;;
            interrupts) read_interrupts ;;
            affinity) read_affinity ;;
            numastat_p) [ -n "$LOAD_PID" ] && read_numastat_p "$LOAD_PID" ;;
            numa_maps) [ -n "$LOAD_PID" ] && read_numa_maps "$LOAD_PID" ;;
        esac
    done
}

# --- loads ----------------------------------------------------------------------
# mem_load NUMACTL_OPTIONS... : labload holding 200 MiB and churning 64 MiB per round
# under the given numactl policy, running past the capture's end.
MEM_HOLD=200
MEM_CHURN=32
mem_load() {
    numactl "$@" labload mem "$MEM_HOLD" "$MEM_CHURN" $((SECONDS_ * 3 + 60)) > /tmp/load.log 2>&1 &
    LOAD_PID=$!
    PIDS="$PIDS $LOAD_PID"
    say "numactl $* labload mem $MEM_HOLD $MEM_CHURN: pid $LOAD_PID"
    # Let it allocate what it holds before the first reading.
    sleep 5
    READINGS="$READINGS numastat_p numa_maps"
}

# traffic N: N parallel loops fetching a 16 MiB file from the host's httpd
# (10.200.0.1:8080, in the lab's network namespace) for the capture and a bit more.
traffic() {
    end=$(($(date +%s) + SECONDS_ + 20))
    i=0
    while [ "$i" -lt "$1" ]; do
        bg sh -c "while [ \$(date +%s) -lt $end ]; do wget -q -O /dev/null http://10.200.0.1:8080/blob || sleep 1; done"
        i=$((i + 1))
    done
    sleep 3
}

nic_setup() {
    [ -e /sys/class/net/eth0 ] || { say "no eth0: boot with the lab's NIC"; exit 3; }
    ethtool -L eth0 combined 4 2>&1 || true
    READINGS="$READINGS affinity"
    say "eth0 is $(nic_virtio) on NUMA node $(nic_node)"
}

# bind_queues CPU...: queue interrupt k (input.k and output.k) to the k-th CPU given,
# round robin.
bind_queues() {
    v=$(nic_virtio)
    for irq in $(nic_queue_irqs); do
        q=$(awk -v i="$irq:" '$1 == i { print $NF }' /proc/interrupts)
        k=${q##*.}
        n=$(( k % $# + 1 ))
        cpu=$(eval echo "\${$n}")
        echo "$cpu" > "/proc/irq/$irq/smp_affinity_list" 2>/dev/null || say "cannot bind IRQ $irq"
        say "$q (IRQ $irq) -> CPU $cpu"
    done
}

# The CPUs of a NUMA node as separate words.
node_cpus() {
    list=$(cat "/sys/devices/system/node/node$1/cpulist")
    echo "$list" | tr ',' '\n' | while IFS=- read -r a b; do
        [ -n "$b" ] || b=$a
        seq "$a" "$b"
    done
}

finish() {
    stop_load
    cp /tmp/capture.log "$OUT/capture.log" 2>/dev/null
    cp /tmp/load.log "$OUT/load.log" 2>/dev/null
    # perf's data file is left out when it is large (perf_report.txt and
    # perf_script.txt.gz hold what perfsage reads).
    [ -f "$B/.perf.data" ] && [ "$(du -k "$B/.perf.data" | cut -f1)" -gt 2048 ] && rm -f "$B/.perf.data"
    rm -f "$B/.perf.data.old"
    rm -rf "$OUT/bundle"
    cp -r "$B" "$OUT/bundle"
    say "bundle copied ($(du -sk "$B" | cut -f1) KiB)"
}

# The seconds perf records: lab.profile=N on the kernel command line, else the
# scenario's default.
profile() {
    if [ "${PROFILE_FOR:-default}" = default ]; then echo "$1"; else echo "$PROFILE_FOR"; fi
}

# --- scenarios ------------------------------------------------------------------
NIC_NODE=0
case $NAME in
    numa-remote)
        # CPUs on node 0, every page on node 1.
        mem_load --cpunodebind=0 --membind=1
        capture --process labload --profile-for "$(profile 0)"
        ;;
    numa-spill)
        # CPUs and the preferred node 1, asked for more than node 1 holds: the rest
        # spills over to the other nodes.
        MEM_HOLD=640
        mem_load --cpunodebind=1 --preferred=1
        capture --process labload --profile-for "$(profile 0)"
        ;;
    numa-interleave)
        # Pages spread round robin over all four nodes.
        MEM_HOLD=400
        mem_load --interleave=all
        capture --process labload --profile-for "$(profile 0)"
        ;;
    numa-local)
        # CPUs and memory on node 0.
        mem_load --cpunodebind=0 --membind=0
        capture --process labload --profile-for "$(profile 0)"
        ;;
    nic-irq-cpu0)
        nic_setup
        bind_queues 0
        traffic 8
        capture --profile-for "$(profile 0)"
        ;;
    nic-irq-spread)
        nic_setup
        NIC_NODE=$(nic_node)
        [ "$NIC_NODE" -ge 0 ] 2>/dev/null || NIC_NODE=0
        # shellcheck disable=SC2046
        bind_queues $(node_cpus "$NIC_NODE")
        traffic 8
        capture --profile-for "$(profile 0)"
        ;;
    irqbalance-off)
        nic_setup
        traffic 8
        capture --profile-for "$(profile 0)"
        ;;
    irqbalance-on)
        nic_setup
        mkdir -p /run/irqbalance
        irqbalance --foreground > /tmp/irqbalance.log 2>&1 &
        PIDS="$PIDS $!"
        say "irqbalance started: pid $!"
        traffic 8
        capture --profile-for "$(profile 0)"
        cp /tmp/irqbalance.log "$OUT/irqbalance.log"
        ;;
    one-cpu-saturated)
        taskset -c 5 labload spin $((SECONDS_ + 40)) > /tmp/load.log 2>&1 &
        LOAD_PID=$!
        PIDS="$PIDS $LOAD_PID"
        sleep 2
        # perf records this one (10 s of the capture, at 99 Hz on all CPUs).
        capture --process labload --profile-for "$(profile 10)"
        ;;
    shell)
        # For debugging on the console (lab/run-scenario.sh shell DIR).
        setsid cttyhack sh
        ;;
    *)
        say "unknown scenario"
        exit 2
        ;;
esac
finish
