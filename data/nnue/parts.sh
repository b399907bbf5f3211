#!/usr/bin/env bash
# Makes the parts of the datagen runs in runs.tsv that are not in this folder yet: one worker a
# core, each taking the next missing part that the other worker does not hold (a lock file), so
# that a session that ends loses at most the part under way, which datagen resumes next time.
# Finished parts land here xz-compressed (`RUN.gSTART-END.packed.xz`); README.md says which runs
# and why. The same command makes new data and makes old data again byte for byte: a game
# depends only on the engine build, the seed and the game's number.
#
#   data/nnue/parts.sh CORE [RUN...]      # from the checkout's root; RUN limits it to those runs
#
# CORE is the core the worker is pinned to. Core 0 runs at normal priority; core 1 yields to
# everything else (idle scheduling, and its autogroup at nice 19, since a job started in a
# session of its own is a scheduling group that `nice` alone does not make yield to a match
# started elsewhere). WORK (default target/parts: inside the checkout, ignored by git, emptied
# by `cargo clean`) holds the engine builds (made from their commits by tools/match/build.sh
# when missing), the parts under way and the locks; a file WORK/STOP stops each worker after
# its part.
set -euo pipefail
cd "$(dirname "$0")/../.."
core=$1
shift
only=" $* "
work=${WORK:-target/parts}
here=data/nnue
openings=data/openings/8moves_v3.pgn
mkdir -p "$work/parts" "$work/locks"

prio=()
if [ "$core" != 0 ]; then
    prio=(chrt -i 0)
    echo 19 >/proc/$$/autogroup 2>/dev/null || true
fi
while read -r run seed rev chess960 games part_games; do
    [ "$only" = "  " ] || [[ $only == *" $run "* ]] || continue
    for ((start = 0; start < games; start += part_games)); do
        [ -e "$work/STOP" ] && { echo "$(date -u +%T) core $core: STOP"; exit 0; }
        end=$((start + part_games < games ? start + part_games : games))
        name=$(printf "%s.g%06d-%06d" "$run" "$start" "$end")
        [ -e "$here/$name.packed.xz" ] && continue
        exec 9>"$work/locks/$name.lock"
        flock -n 9 || continue
        [ -e "$here/$name.packed.xz" ] && { exec 9>&-; continue; }
        # The build too keeps to the worker's core and priority: a match may run on the other.
        bin=$("${prio[@]}" taskset -c "$core" tools/match/build.sh "$rev" "$work")
        file=$work/parts/$name.packed
        [ -e "$file" ] || python3 $here/parts.py prefix "$file" "$seed" "$start"
        echo "$(date -u +%T) core $core: $name"
        "${prio[@]}" taskset -c "$core" "$bin" datagen --games "$end" --threads 1 --nodes 5000 \
            --random-plies 4 --openings "$openings" --net builtin \
            --seed "$seed" --hash 16 --chess960 "$chess960" --out "$file" 2>&1 | tail -1
        python3 $here/parts.py strip "$file" "$file.range" "$start" "$end"
        xz -9 -T1 -c "$file.range" >"$here/$name.packed.xz.tmp"
        mv "$here/$name.packed.xz.tmp" "$here/$name.packed.xz"
        rm "$file" "$file.range"
        echo "$(date -u +%T) core $core: done $(python3 $here/parts.py count "$here/$name.packed.xz")"
        exec 9>&-
    done
done < <(grep -v '^#' "$here/runs.tsv")
echo "$(date -u +%T) core $core: no part left"
