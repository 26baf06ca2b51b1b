#!/usr/bin/env bash
# A fleet of small bundles diagnosed in one run (issue 14, point 3): N bundles made by
# copying the real bundles of fixtures/bundles/ with varied host names, diagnosed with
# one and with two worker threads; wall time, peak memory, bundles per second.
#
#   benches/fleet.sh [N]        (default 10000; needs cargo build --release)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000}
PERFSAGE=$PWD/target/release/perfsage
[ -x "$PERFSAGE" ] || { echo "build first: cargo build --release" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sources=(idle cpu-bound disk-bound disk-bound-fsync lock-heavy pg-oltp-2core)
for i in $(seq 1 "$N"); do
    src=${sources[$((i % ${#sources[@]}))]}
    dst=$(printf '%s/fleet/host%05d' "$work" "$i")
    mkdir -p "$dst"
    cp fixtures/bundles/"$src"/* "$dst"/
    rm -f "$dst/bundle.yaml"
    printf 'host: db%05d\nrole: db\n' "$i" > "$dst/bundle.yaml"
done
echo "$N bundles ($(du -sh "$work/fleet" | cut -f1)), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
for jobs in 1 2; do
    /usr/bin/time -f "%e %M" -o "$work/time" "$PERFSAGE" diagnose --each "$work/fleet" -j "$jobs" --format jsonl > "$work/out.jsonl"
    read -r t m < "$work/time"
    printf -- '-j %s: %6s s  %7.0f bundles/s  peak %6.1f MiB  %s lines\n' "$jobs" "$t" \
        "$(echo "$N / $t" | bc -l)" "$(echo "$m / 1024" | bc -l)" "$(wc -l < "$work/out.jsonl")"
done
/usr/bin/time -f "%e %M" -o "$work/time" "$PERFSAGE" fleet summary "$work/out.jsonl" -o "$work/fleet.html"
read -r t m < "$work/time"
printf 'fleet summary of the JSONL: %s s, peak %.1f MiB\n' "$t" "$(echo "$m / 1024" | bc -l)"
