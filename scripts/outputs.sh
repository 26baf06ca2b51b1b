#!/usr/bin/env bash
# Everything perfsage tells a user, written into one folder, so that a change meant to
# preserve behaviour (a move, a rename, a new module boundary) can be proved
# byte-identical: record before, record after, `diff -r` the two.
#
#   scripts/outputs.sh OUT_DIR [PERFSAGE_BINARY]      (default target/release/perfsage)
#   scripts/outputs.sh --compare BEFORE_DIR [PERFSAGE_BINARY]
#
# Written: every shipped bundle's and case's diagnosis (table, md, html, json × en, zh),
# every case's engagement report and comparison, the facts of every bundle and of every
# fixture folder (json), `facts --catalog`, `rules list`, `rules doc`, `rules test`,
# `cases verify`, `cases gains` and the methodology graph. The exit status of each
# command is kept beside its output, so a command that starts failing is a difference
# too. --compare records into a temporary folder and diffs it against BEFORE_DIR
# (exit 1 and the diff on any difference).
set -euo pipefail
cd "$(dirname "$0")/.."

compare_with=
if [ "${1:-}" = --compare ]; then
    compare_with=${2:?"--compare needs the folder recorded before"}
    shift 2
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
else
    out=${1:?"usage: scripts/outputs.sh OUT_DIR [PERFSAGE_BINARY]"}
    shift
    mkdir -p "$out"
fi
bin=${1:-target/release/perfsage}
[ -x "$bin" ] || { echo "outputs.sh: no perfsage binary at $bin (cargo build --release)" >&2; exit 2; }

# One command's output and exit status under a stable name.
keep() {
    local name=$1
    shift
    local rc=0
    COLUMNS=120 "$bin" "$@" >"$out/$name.out" 2>"$out/$name.err" </dev/null || rc=$?
    echo "$rc" >"$out/$name.rc"
}

# A path as a file name: cases/greatdb-vm-cluster/bundle → cases_greatdb-vm-cluster_bundle.
flat() { printf '%s' "$1" | tr '/' '_'; }

bundles=()
for dir in cases/*/bundle cases/*/bundles/* fixtures/bundles/*/; do
    [ -d "$dir" ] && bundles+=("${dir%/}")
done
for b in "${bundles[@]}" cases/*; do
    [ -d "$b" ] || continue
    name=$(flat "$b")
    for lang in en zh; do
        for format in table md html json; do
            keep "diagnose.$name.$lang.$format" diagnose "$b" --format "$format" --lang "$lang"
        done
    done
done
for c in cases/*; do
    [ -d "$c" ] || continue
    name=$(flat "$c")
    keep "diagnose-all.$name" diagnose "$c" --all --format md
    keep "compare.$name" compare "$c" --format md
    keep "facts.$name" facts "$c" --format json
done
for b in "${bundles[@]}"; do
    keep "facts.$(flat "$b")" facts "$b" --format json
done
for f in fixtures/*/; do
    f=${f%/}
    [ "$f" = fixtures/bundles ] && continue
    keep "facts.$(flat "$f")" facts "$f" --format json
done
keep catalog facts --catalog
keep rules-list rules list
keep rules-doc rules doc
keep rules-test rules test
keep cases-verify cases verify
keep cases-gains cases gains
keep graph-dot graph --format dot

if [ -n "$compare_with" ]; then
    if diff -r "$compare_with" "$out" >"$out.diff"; then
        echo "outputs.sh: identical to $compare_with ($(find "$out" -type f | wc -l) files)"
        rm -f "$out.diff"
    else
        head -c 20000 "$out.diff"
        echo "outputs.sh: differs from $compare_with (whole diff: $out.diff)" >&2
        exit 1
    fi
else
    echo "outputs.sh: $(find "$out" -type f | wc -l) files in $out"
fi
