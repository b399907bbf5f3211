#!/usr/bin/env bash
# Lands the parts that parts.sh finished and git does not have yet: adds them, brings their runs'
# rows of README.md's table up to date (games and positions landed, the Chess960 games, which
# game ranges) and commits, one commit for all of them. Run it from anywhere in the checkout as
# parts finish; it does nothing when there is nothing new.
#
#   data/nnue/land.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# One lander at a time: a loop and a hand may run it together, and the second must see what the
# first committed.
exec 7>"$(git rev-parse --git-dir)/land.lock"
flock 7
mapfile -t new < <(git status --porcelain --untracked-files=all data/nnue/ |
    awk '/^\?\? .*\.packed\.xz$/ { print $2 }')
[ ${#new[@]} -gt 0 ] || { echo "nothing new to land"; exit 0; }
msg=$(python3 - "${new[@]}" <<'PY'
import datetime, re, subprocess, sys

def count(files):
    out = subprocess.run(["python3", "data/nnue/parts.py", "count", *files],
                         capture_output=True, text=True, check=True).stdout
    return [tuple(map(int, re.search(r"(\d+) games, (\d+) positions, (\d+) Chess960, "
                                     r"games (\d+)\.\.(\d+)", line).groups()))
            for line in out.splitlines()]

fmt = lambda n: f"{n:,}".replace(",", " ")
new = sys.argv[1:]
runs = sorted({re.sub(r"\.g\d+-\d+\.packed\.xz$", "", f.split("/")[-1]) for f in new})
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
readme = "data/nnue/README.md"
text = open(readme).read()
said = []
for run in runs:
    mine = [f for f in new if f.split("/")[-1].startswith(run + ".g")]
    # What git has plus what this commit adds: a part that finishes while this runs is counted
    # by the landing that commits it, not by this one.
    tracked = subprocess.run(["git", "ls-files", f"data/nnue/{run}.g*.packed.xz"],
                             capture_output=True, text=True, check=True).stdout.split()
    rows = count(sorted(set(tracked) | set(mine)))
    games = sum(r[0] for r in rows)
    positions = sum(r[1] for r in rows)
    chess960 = sum(r[2] for r in rows)
    ranges = []
    for _, _, _, first, last in rows:
        if ranges and ranges[-1][1] == first:
            ranges[-1][1] = last + 1
        else:
            ranges.append([first, last + 1])
    spans = ", ".join(f"{fmt(a)}-{fmt(b)}" for a, b in ranges)
    row = re.compile(r"^\| `" + re.escape(run) + r"` \|([^|]*)\| (\d+) \| (\d+) \| [^|]*\| [^|]*\| \|$",
                     re.M)
    m = row.search(text)
    if not m:
        sys.exit(f"README.md has no open row for {run} (a finished run's row is written by hand)")
    text = (text[:m.start()]
            + f"| `{run}` |{m.group(1)}| {m.group(2)} | {m.group(3)} | under way (parts of 2 000): "
            + f"{fmt(games)} landed by {now} (games {spans}) | {fmt(positions)} in the landed parts "
            + f"({fmt(chess960)} games from Chess960 starts) | |" + text[m.end():])
    landed = count(sorted(mine))
    parts = ", ".join(f"{first}-{last + 1}" for _, _, _, first, last in landed)
    said.append(f"{run} games {parts} ({fmt(sum(r[1] for r in landed))} positions; "
                f"{fmt(games)} games, {fmt(positions)} positions landed in all)")
open(readme, "w").write(text)
print("data/nnue: " + "; ".join(said) + ".")
PY
)
bench=$(grep -v '^#' bench.signature | tr -d '[:space:]')
git add data/nnue/README.md "${new[@]}"
# Only these paths: whatever else a session has staged stays out of the commit.
git commit -q -m "$msg Bench: $bench (unchanged)" -- data/nnue/README.md "${new[@]}"
git log --oneline -1
