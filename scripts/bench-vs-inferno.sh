#!/usr/bin/env bash
# End-to-end speed of `perfsage diagnose` on a large perf script against
# `inferno-collapse-perf`, the tool a consultant would otherwise run on it, in the
# same run on the same file (issue 14, point 1). Prints wall time and peak memory of
# each, best of RUNS.
#
#   scripts/bench-vs-inferno.sh [MiB]        (default 1024)
#
# Builds perfsage (release) and, unless inferno-collapse-perf is on PATH, installs
# inferno with cargo into target/inferno. The input is built in a temporary folder by
# repeating fixtures/perf-script/pg_oltp_callchain.txt and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
MIB=${1:-1024}
RUNS=${RUNS:-3}
PERFSAGE=target/release/perfsage
cargo build --release --quiet
if ! command -v inferno-collapse-perf >/dev/null; then
    [ -x target/inferno/bin/inferno-collapse-perf ] ||
        cargo install --quiet --locked inferno --version 0.12.8 --root target/inferno
    export PATH="$PWD/target/inferno/bin:$PATH"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bundle"
input="$work/bundle/perf_script.txt"
fixture=fixtures/perf-script/pg_oltp_callchain.txt
target=$((MIB * 1024 * 1024))
: > "$input"
while [ "$(stat -c %s "$input")" -lt "$target" ]; do
    cat "$fixture" "$fixture" "$fixture" "$fixture" "$fixture" "$fixture" "$fixture" "$fixture" >> "$input"
done
size=$(stat -c %s "$input")
echo "input: $((size / 1024 / 1024)) MiB perf script, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$input" > /dev/null # warm the page cache

best() { sort -n | head -1; }
measure() { # label, command...
    local label=$1; shift
    local times=() mems=()
    for _ in $(seq "$RUNS"); do
        /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null
        read -r t m < "$work/time"
        times+=("$t"); mems+=("$m")
    done
    local t m
    t=$(printf '%s\n' "${times[@]}" | best)
    m=$(printf '%s\n' "${mems[@]}" | sort -n | tail -1)
    printf '%-40s %7s s  %7.1f MB/s  peak %6.1f MiB\n' "$label" "$t" \
        "$(echo "$size / 1048576 / $t" | bc -l)" "$(echo "$m / 1024" | bc -l)"
    echo "$t" > "$work/$label.t"
}
measure inferno-collapse-perf inferno-collapse-perf "$input"
measure "perfsage diagnose --format json" "$PERFSAGE" diagnose "$work/bundle" --format json
measure "perfsage diagnose -o report.html" "$PERFSAGE" diagnose "$work/bundle" -o "$work/report.html"
speedup=$(echo "$(cat "$work/inferno-collapse-perf.t") / $(cat "$work/perfsage diagnose --format json.t")" | bc -l)
printf 'diagnose --format json is %.2f× inferno-collapse-perf (target ≥ 1.5×)\n' "$speedup"
