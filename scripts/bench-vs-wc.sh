#!/usr/bin/env bash
# End-to-end speed of `perfsage diagnose` on large sysstat text captures against
# `wc -l` on the same file, in the same run (issue 14, point 2: diagnose must run at
# ≥ 0.25× the throughput of `wc -l`). `wc -l` stands for the cheapest possible pass
# over the file, so the ratio says how much the parsing costs beyond reading, on
# whatever machine and load the script runs.
#
#   scripts/bench-vs-wc.sh [MiB] [input…]      (default 512; all inputs)
#
# Inputs, each built in a temporary folder from a real fixture: its `Linux …` line
# once, then its reports repeated to MiB, then (mpstat) its `Average:` block once:
#   mpstat    fixtures/mpstat/mpstat_all_24h.txt      (`mpstat -P ALL 1`, 2 CPUs)
#   sar-A     fixtures/sar/sar_A.txt                  (`sar -A`, every activity)
#   sar-udrn  fixtures/sar/sar_u_d_p_r_n_DEV.txt      (`sar -u -d -p -r -n DEV 1`)
# The two commands alternate, RUNS times each (default 3); the best time of each is
# kept, and the largest peak memory (/usr/bin/time). The page cache is warm.
# BASELINE=path/to/an/older/perfsage adds that binary to the rotation, so that a
# change is measured before and after in the same run, under the same load.
set -euo pipefail
cd "$(dirname "$0")/.."
MIB=${1:-512}
shift || true
INPUTS=("$@")
[ ${#INPUTS[@]} -gt 0 ] || INPUTS=(mpstat sar-A sar-udrn)
RUNS=${RUNS:-3}
PERFSAGE=target/release/perfsage
CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1} cargo build --release --quiet

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fixture_of() {
    case $1 in
        mpstat) echo fixtures/mpstat/mpstat_all_24h.txt ;;
        sar-A) echo fixtures/sar/sar_A.txt ;;
        sar-udrn) echo fixtures/sar/sar_u_d_p_r_n_DEV.txt ;;
        *) echo "unknown input $1 (mpstat, sar-A, sar-udrn)" >&2; exit 2 ;;
    esac
}

# Writes FILE of about MIB MiB from FIXTURE: the lines up to its first blank one, its
# reports repeated, and for mpstat the final `Average:` block once. sar keeps its
# `Average:` rows in the repeated part: `sar -A` prints them after each activity.
build_input() { # fixture, file, keep-average-once (yes/no)
    local fixture=$1 file=$2 average_once=$3
    awk 'NR == 1, /^$/' "$fixture" > "$work/head"
    awk 'f; /^$/ && !f { f = 1 }' "$fixture" > "$work/rest"
    if [ "$average_once" = yes ]; then
        awk '/^Average:/ { exit } { print }' "$work/rest" > "$work/unit"
        awk '/^Average:/ { f = 1 } f' "$work/rest" > "$work/tail"
    else
        cp "$work/rest" "$work/unit"
        : > "$work/tail"
    fi
    # Each repetition ends with the blank line that closes a report.
    [ -z "$(tail -n 1 "$work/unit")" ] || echo >> "$work/unit"
    local target=$((MIB * 1024 * 1024))
    cp "$work/unit" "$work/block"
    while [ "$(stat -c %s "$work/block")" -lt $((target / 64)) ]; do
        cat "$work/block" "$work/block" > "$work/block2" && mv "$work/block2" "$work/block"
    done
    cp "$work/head" "$file"
    while [ "$(stat -c %s "$file")" -lt "$target" ]; do
        cat "$work/block" >> "$file"
    done
    cat "$work/tail" >> "$file"
}

best() { sort -n | head -1; }
# Runs a command with its output discarded; prints its wall time in seconds (to the
# millisecond: /usr/bin/time's own is to the hundredth) and peak resident KiB.
timed() {
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f "%M" -o "$work/time" "$@" > /dev/null
    end=$(date +%s%N)
    echo "$(echo "($end - $start) / 1000000000" | bc -l) $(cat "$work/time")"
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD)$(git diff --quiet || echo +changes)"
for name in "${INPUTS[@]}"; do
    fixture=$(fixture_of "$name")
    rm -rf "$work/bundle"
    mkdir "$work/bundle"
    input="$work/bundle/$name.txt"
    average_once=no
    [ "$name" = mpstat ] && average_once=yes
    build_input "$fixture" "$input" "$average_once"
    size=$(stat -c %s "$input")
    cat "$input" > /dev/null # warm the page cache
    labels=("wc -l FILE" "perfsage diagnose DIR --format json")
    commands=("wc -l $input" "$PERFSAGE diagnose $work/bundle --format json")
    if [ -n "${BASELINE:-}" ]; then
        labels+=("baseline: diagnose DIR --format json")
        commands+=("$BASELINE diagnose $work/bundle --format json")
    fi
    declare -A times=() mems=()
    for _ in $(seq "$RUNS"); do
        for i in "${!commands[@]}"; do
            # shellcheck disable=SC2086 # the command is split into its words
            read -r t m < <(timed ${commands[$i]})
            times[$i]+="$t "
            [ "$m" -gt "${mems[$i]:-0}" ] && mems[$i]=$m
        done
    done
    mib=$(echo "$size / 1048576" | bc -l)
    printf '%s: %.0f MiB from %s\n' "$name" "$mib" "$fixture"
    wc_t=
    for i in "${!commands[@]}"; do
        t=$(printf '%s\n' ${times[$i]} | best)
        [ -n "$wc_t" ] || wc_t=$t
        printf '  %-38s %6.3f s  %7.1f MiB/s  peak %6.1f MiB' "${labels[$i]}" "$t" \
            "$(echo "$mib / $t" | bc -l)" "$(echo "${mems[$i]} / 1024" | bc -l)"
        [ "$i" = 0 ] && echo || printf '  %.3f× wc -l\n' "$(echo "$wc_t / $t" | bc -l)"
    done
done
echo "(target: diagnose at ≥ 0.25× the throughput of wc -l)"
