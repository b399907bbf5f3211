#!/usr/bin/env bash
# Keeps a running match's state on main: copies fastchess's config.json of DIR to
# docs/results/running/NAME.json and commits it when its counts changed since the copy kept last.
# A session can lose its machine, and with it the home folder where matches run; fastchess's own
# state (`config.json`: options, opening offset, counts so far) is what resumes a match, so a
# copy on main lets a new machine go on from the last copy instead of from the last figures in
# the docs. Run it every half hour or so beside a long match; remove the file when the match ends.
#
#   tools/match/keep.sh DIR NAME
#
# To resume on a new machine: rebuild both engines at the paths named in the file
# (tools/match/build.sh REV DIR), `mkdir -p DIR && cp docs/results/running/NAME.json DIR/config.json`,
# then the match's own command (tools/match/sprt.sh DIR ...) resumes from it.
set -euo pipefail
[ $# -eq 2 ] || { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
name=$2
dir=$(cd "$1" && pwd) # before the cd below: DIR may be relative to the caller's folder
cd "$(dirname "$0")/../.."
kept=docs/results/running/$name.json
[ -e "$dir/config.json" ] || { echo "no $dir/config.json"; exit 1; }
# The counts of a state file as one line; any new game changes it.
counts() {
    python3 -c '
import json, sys
s = next(iter(json.load(open(sys.argv[1]))["stats"].values()))
w, l, d = (s[k] for k in ("wins", "losses", "draws"))
print(f"{w + l + d} games, +{w} -{l} ={d}")
' "$1"
}
# Copy first and count the copy: fastchess may save its state between a count and a copy, and
# the commit message must name the counts of the file it commits.
mkdir -p docs/results/running
cp "$dir/config.json" "$kept.tmp"
games=$(counts "$kept.tmp")
if [ -e "$kept" ] && [ "$(counts "$kept")" = "$games" ]; then
    rm "$kept.tmp"
    echo "$name: unchanged"
    exit 0
fi
mv "$kept.tmp" "$kept"
bench=$(grep -v '^#' bench.signature | tr -d '[:space:]')
git add "$kept"
git commit -q -m "docs/results/running: $name's fastchess state at $(date -u +%H:%M) ($games), to resume on another machine. Bench: $bench (unchanged)" -- "$kept"
git log --oneline -1
