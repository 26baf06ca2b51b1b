#!/bin/bash
# Runs the lab's scenarios and puts each bundle into fixtures/bundles/lab-<name>/
# (replacing what is there). The notes fixtures/bundles/lab-<name>.md are written by
# hand from what the run printed; this script keeps the run's side files (guest
# console, capture log, QEMU command) in $LAB_CACHE/runs/<name>/ for that.
# Usage: lab/make-fixtures.sh [NAME...]   (default: every scenario)
set -euo pipefail
# shellcheck source=lab/lib.sh
. "$(dirname "$0")/lib.sh"

ALL="numa-remote numa-spill numa-interleave numa-local nic-irq-cpu0 nic-irq-spread
irqbalance-off irqbalance-on one-cpu-saturated"
# shellcheck disable=SC2086 # one name a word
[ $# -gt 0 ] || set -- $ALL
for name in "$@"; do
    run=$LAB_CACHE/runs/$name
    rm -rf "$run"
    "$LAB_DIR/run-scenario.sh" "$name" "$run" 30
    dest=$REPO_DIR/fixtures/bundles/lab-$name
    rm -rf "$dest"
    cp -r "$run/bundle" "$dest"
    # Changes to what perfsage capture wrote, each said in the bundles' notes:
    # perf's binary data file is left out (perfsage reads perf_report.txt and the
    # perf script output, not it), and perf_script.txt.gz is decompressed to
    # perf_script.txt (same bytes inside), since the repository's fixture tests read
    # every bundle file as text.
    rm -f "$dest/.perf.data"
    [ -f "$dest/perf_script.txt.gz" ] && gunzip "$dest/perf_script.txt.gz"
    # An ss_tcp.txt with no socket (ss's header line alone) is left out too: the
    # fixture test expects a file named ss_tcp.txt to be read by no parser, and
    # perfsage's ss -tin reader claims the bare header.
    if [ -f "$dest/ss_tcp.txt" ] && [ "$(wc -l < "$dest/ss_tcp.txt")" -le 1 ]; then
        rm -f "$dest/ss_tcp.txt"
    fi
    log "$name: $(du -sh "$dest" | cut -f1) in $dest"
done
