#!/bin/bash
# Runs the lab's scenarios and puts each bundle into fixtures/bundles/lab-<name>/
# (replacing what is there). The notes fixtures/bundles/lab-<name>.md are written by
# hand from what the run printed; this script keeps the run's side files (guest
# console, capture log, QEMU command) in $LAB_CACHE/runs/<name>/ for that.
# Usage: lab/make-fixtures.sh [NAME...]   (default: every scenario)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ALL="numa-remote numa-spill numa-interleave numa-local nic-irq-cpu0 nic-irq-spread
irqbalance-off irqbalance-on one-cpu-saturated"
[ $# -gt 0 ] || set -- $ALL
for name in "$@"; do
    run=$LAB_CACHE/runs/$name
    rm -rf "$run"
    "$LAB_DIR/run-scenario.sh" "$name" "$run" 30
    dest=$REPO_DIR/fixtures/bundles/lab-$name
    rm -rf "$dest"
    cp -r "$run/bundle" "$dest"
    log "$name: $(du -sh "$dest" | cut -f1) in $dest"
done
