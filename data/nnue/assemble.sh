#!/usr/bin/env bash
# Puts all the training data in one folder, as the trainer reads it: one file a run of this
# folder (its landed parts, decompressed and concatenated in name order, which is game order)
# and one a file of the store beside the checkout (`../shared/data/nnue/`, if there), then
# prints the trainer command of the current recipe on them. A file already there with the
# right size is kept, so the command can be run again as parts land.
#
#   data/nnue/assemble.sh [DIR]        # DIR [target/data]; from the checkout's root
#
# A run still under way may have gaps between its parts (a part another worker holds): the
# trainer reads the games that are there, and holds out those numbered a multiple of 20.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-target/data}
mkdir -p "$dir"
files=()
# Size of what a set of .xz files holds, without decompressing it to disk.
size() { xz --robot --list "$@" | awk -F'\t' '$1 == "totals" { print $5 }'; }
put() {
    local out=$1
    shift
    if [ ! -e "$out" ] || [ "$(stat -c %s "$out")" != "$(size "$@")" ]; then
        echo "$(date -u +%T) $out" >&2
        xz -dc "$@" >"$out.tmp"
        mv "$out.tmp" "$out"
    fi
    files+=("$out")
}
for run in $(grep -v '^#' data/nnue/runs.tsv | awk '{ print $1 }'); do
    parts=(data/nnue/"$run".g*.packed.xz)
    [ -e "${parts[0]}" ] || continue
    put "$dir/$run.packed" "${parts[@]}"
done
for store in ../shared/data/nnue/*.bin.xz; do
    [ -e "$store" ] || continue
    name=$(basename "$store" .xz)
    put "$dir/$name" "$store"
done
echo "target/release/outpost-trainer ${files[*]} \\"
echo "    --mirror --out-dir NAME --threads 2 --epochs 30 --lambda 1.0 --lr 0.002"
