#!/usr/bin/env bash
# A fleet spread over several machines with GNU parallel, merged into one summary:
# the map step is `perfsage diagnose --from PART --format jsonl` on each machine, the
# reduce step `perfsage fleet summary` over the JSON lines (README, "Fleets").
#
#   scripts/fleet-parallel.sh LIST OUT.html [SSHLOGINS]
#
# LIST holds one bundle path per line, readable on every machine (a shared mount or
# object storage mounted at the same place). SSHLOGINS is GNU parallel's --sshlogin
# value (`8/db-batch1,8/db-batch2`: 8 jobs on each host, perfsage on their PATH);
# without it the parts run on this machine, which is how the test runs it.
set -euo pipefail
list=$1 out=$2 logins=${3:-:}
perfsage=${PERFSAGE:-perfsage}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One part per 500 bundles: small enough to spread, large enough that each
# perfsage start (rule compilation) is paid rarely.
split -l 500 -d "$list" "$work/part-"
remote=()
[ "$logins" = : ] || remote=(--transferfile {} --return {}.jsonl --cleanup)
ls "$work"/part-* |
    parallel --sshlogin "$logins" "${remote[@]}" \
        "$perfsage diagnose --from {} --format jsonl -j 1 > {}.jsonl; test \$? -le 2"
cat "$work"/part-*.jsonl > "$work/fleet.jsonl"
"$perfsage" fleet summary "$work/fleet.jsonl" -o "$out"
echo "$(wc -l < "$work/fleet.jsonl") reports merged into $out"
