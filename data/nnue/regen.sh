#!/usr/bin/env bash
# Makes net 5's own training data again (issue 48), byte for byte, in parts of 2000 games: one
# worker a core, each taking the next part that is neither in this folder nor held by the other
# worker (a lock file), so that a session that ends loses at most the part under way, which
# datagen resumes next time. Finished parts land here xz-compressed
# (`RUN.gSTART-END.packed.xz`); README.md says which runs and why.
#
#   data/nnue/regen.sh 0 &   data/nnue/regen.sh 1 &     # from the checkout's root
#
# Core 0 runs at normal priority, core 1 at idle priority (issue 48). WORK (default
# ~/regen) holds the two engine builds (made here from their commits when missing), the parts
# under way and the locks; a file WORK/STOP stops each worker after its part.
set -euo pipefail
cd "$(dirname "$0")/../.."
core=$1
work=${WORK:-$HOME/regen}
here=data/nnue
part_games=2000
mkdir -p "$work/parts" "$work/locks"

# run, seed, engine commit, Chess960 share, games: the four runs' final files ("Data runs" in
# docs/results/nets.md).
runs="own-955d966-s20261204 20261204 19d6b37 15 76378
own-955d966-s20261205 20261205 19d6b37 15 23622
own-d125719-s20261206 20261206 d125719 25 88090
own-d125719-s20261207 20261207 d125719 25 83987"

# The build of a commit, made once (whichever worker gets the lock first builds).
engine() {
    local rev=$1 bin=$work/outpost-$1
    if [ ! -x "$bin" ]; then
        (
            flock 8
            if [ ! -x "$bin" ]; then
                [ -d "$work/src-$rev" ] || git worktree add --detach "$work/src-$rev" "$rev" >&2
                (cd "$work/src-$rev" && cargo build --release -p outpost >&2)
                cp "$work/src-$rev/target/release/outpost" "$bin"
            fi
        ) 8>"$work/locks/build.lock"
    fi
    echo "$bin"
}

prio=()
[ "$core" = 1 ] && prio=(chrt -i 0)
while read -r run seed rev chess960 games; do
    for ((start = 0; start < games; start += part_games)); do
        [ -e "$work/STOP" ] && { echo "$(date -u +%T) core $core: STOP"; exit 0; }
        end=$((start + part_games < games ? start + part_games : games))
        name=$(printf "%s.g%06d-%06d" "$run" "$start" "$end")
        [ -e "$here/$name.packed.xz" ] && continue
        exec 9>"$work/locks/$name.lock"
        flock -n 9 || continue
        [ -e "$here/$name.packed.xz" ] && { exec 9>&-; continue; }
        bin=$(engine "$rev")
        file=$work/parts/$name.packed
        [ -e "$file" ] || python3 $here/parts.py prefix "$file" "$seed" "$start"
        echo "$(date -u +%T) core $core: $name"
        "${prio[@]}" taskset -c "$core" "$bin" datagen --games "$end" --threads 1 --nodes 5000 \
            --random-plies 4 --openings ../shared/data/openings/8moves_v3.pgn --net builtin \
            --seed "$seed" --hash 16 --chess960 "$chess960" --out "$file" 2>&1 | tail -1
        python3 $here/parts.py strip "$file" "$file.range" "$start" "$end"
        xz -9 -T1 -c "$file.range" >"$here/$name.packed.xz.tmp"
        mv "$here/$name.packed.xz.tmp" "$here/$name.packed.xz"
        rm "$file" "$file.range"
        echo "$(date -u +%T) core $core: done $(python3 $here/parts.py count "$here/$name.packed.xz")"
        exec 9>&-
    done
done <<<"$runs"
echo "$(date -u +%T) core $core: no part left"
