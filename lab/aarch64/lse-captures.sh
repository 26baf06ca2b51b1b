#!/bin/sh
# Runs inside the aarch64 guest: for each build of lockload named on the command line
# (llsc, lse, outline), 4 threads while mpstat and pidstat sample every second for 30 s and perf
# records 15 s of all CPUs (cpu-clock, 99 Hz, call graphs); writes a bundle per build to OUT/<build>/ with the file
# names perfsage capture uses (perfsage itself is x86_64 and cannot run here).
#   sh lse-captures.sh OUT BUILD...
set -u
OUT=$1
shift
for v in "$@"; do
    B=/tmp/b-$v
    rm -rf "$B"
    mkdir -p "$B"
    echo "lab: lockload-$v"
    uname -a > "$B/uname.txt"
    lscpu > "$B/lscpu.txt"
    cat /proc/cpuinfo > "$B/cpuinfo.txt"
    { date +%s; cat /proc/interrupts; } > "$B/proc_interrupts_start_end.txt"
    # The program runs until it is stopped, after perf and mpstat are done: perf
    # record takes many seconds to start under TCG, and its window must fall inside
    # the load (a first try with a fixed 30 s load recorded only an idle machine).
    "/usr/bin/lockload-$v" 4 600 > "$B/benchmark.txt" 2> /tmp/lockload.err &
    load=$!
    sleep 2
    timeout 200 perf record -e cpu-clock -F 99 -g -a -N -o /tmp/perf.data -- sleep 15 > /tmp/perf-record.log 2>&1 &
    perf=$!
    mpstat -P ALL 1 30 > "$B/mpstat.txt" 2>&1 &
    mp=$!
    pidstat -u -w -t -p "$load" 1 30 > "$B/pidstat.txt" 2>&1 &
    pp=$!
    wait "$perf"
    echo "lab: perf record exited $?"
    wait "$mp" "$pp"
    kill -TERM "$load"
    wait "$load"
    echo "lab: lockload-$v exited $?"
    cat /tmp/lockload.err >> "$B/benchmark.txt"
    { date +%s; cat /proc/interrupts; } >> "$B/proc_interrupts_start_end.txt"
    timeout 120 perf report -i /tmp/perf.data --stdio --no-children -F overhead,dso,sym > "$B/perf_report.txt" 2>/dev/null
    for f in hot_atomic_add hot_spin_lock __aarch64_ldadd8_acq_rel __aarch64_cas4_acq; do
        grep -q " $f\$" "$B/perf_report.txt" || grep -q "\] $f" "$B/perf_report.txt" || continue
        timeout 120 perf annotate -i /tmp/perf.data --stdio -s "$f" >> "$B/perf_annotate.txt" 2>/dev/null
    done
    timeout 120 perf script -i /tmp/perf.data 2>/dev/null | gzip > "$B/perf_script.txt.gz"
    rm -rf "${OUT:?}/$v"
    cp -r "$B" "$OUT/$v"
    cp /tmp/perf-record.log "$OUT/perf-record-$v.log"
done
