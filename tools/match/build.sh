#!/usr/bin/env bash
# The release build of one commit, made once and kept; prints its path. Matches, gauntlets and
# datagen name a build by its commit (`outpost-REV`), so that a command in the docs says exactly
# which engine played and a reader can make that engine again from the repository alone.
#
#   tools/match/build.sh REV [DIR]
#
#   REV   any commit name git knows (a hash, a branch, HEAD); the build is named by its 7-digit hash
#   DIR   where builds live [target/revs]: DIR/outpost-REV, made in the git worktree DIR/src-REV
#
# Two callers asking for the same build at once (two datagen workers) build it once: a lock file
# per build. Cargo's output goes to stderr, so `bin=$(tools/match/build.sh REV)` takes the path.
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
cd "$(dirname "$0")/../.."
rev=$(git rev-parse --short=7 "$1^{commit}")
dir=${2:-target/revs}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
bin=$dir/outpost-$rev
if [ ! -x "$bin" ]; then
    (
        flock 8
        if [ ! -x "$bin" ]; then
            [ -d "$dir/src-$rev" ] || git worktree add --detach "$dir/src-$rev" "$rev" >&2
            (cd "$dir/src-$rev" && cargo build --release -p outpost >&2)
            cp "$dir/src-$rev/target/release/outpost" "$bin.tmp"
            mv "$bin.tmp" "$bin"
        fi
    ) 8>"$dir/build-$rev.lock"
fi
echo "$bin"
