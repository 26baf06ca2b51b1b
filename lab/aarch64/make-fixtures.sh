#!/bin/bash
# Runs the aarch64 LSE captures and puts them into fixtures/bundles/lab-arm64-*:
#   -cpu max (LSE atomics):       lab-arm64-llsc, lab-arm64-lse, lab-arm64-outline
#   -cpu cortex-a57 (no LSE):     lab-arm64-a57-llsc, lab-arm64-a57-outline
# (the lse build on cortex-a57 is run too, and dies of SIGILL: see its console log).
# Usage: lab/aarch64/make-fixtures.sh [--copy-only]   (--copy-only: reuse the runs
# already in $LAB_CACHE/runs/arm-max and arm-a57)
set -euo pipefail
# shellcheck source=lab/lib.sh
. "$(dirname "$0")/../lib.sh"

if [ "${1:-}" != --copy-only ]; then
    "$LAB_DIR/aarch64/run.sh" max "$LAB_CACHE/runs/arm-max" llsc lse outline
    "$LAB_DIR/aarch64/run.sh" cortex-a57 "$LAB_CACHE/runs/arm-a57" llsc outline lse
fi
copy() { # run build fixture
    local src=$LAB_CACHE/runs/$1/$2 dest=$REPO_DIR/fixtures/bundles/$3
    [ -s "$src/perf_report.txt" ] || die "no capture in $src"
    rm -rf "$dest"
    cp -r "$src" "$dest"
    # perf script's output decompressed (the repository's fixture tests read every
    # bundle file as text); the earliest runs named the /proc/interrupts readings
    # interrupts_start_end.txt.
    [ -f "$dest/perf_script.txt.gz" ] && gunzip "$dest/perf_script.txt.gz"
    [ -f "$dest/interrupts_start_end.txt" ] && mv "$dest/interrupts_start_end.txt" "$dest/proc_interrupts_start_end.txt"
    log "$3: $(du -sh "$dest" | cut -f1)"
}
copy arm-max llsc lab-arm64-llsc
copy arm-max lse lab-arm64-lse
copy arm-max outline lab-arm64-outline
copy arm-a57 llsc lab-arm64-a57-llsc
copy arm-a57 outline lab-arm64-a57-outline
