#!/usr/bin/env bash
# The release build of one commit, made once and kept; prints its path. Matches, gauntlets and
# datagen name a build by its commit (`outpost-REV`), so that a command in the docs says exactly
# which engine played and a reader can make that engine again from the repository alone.
#
#   tools/match/build.sh [--net FILE] REV [DIR]
#
#   REV   any commit name git knows (a hash, a branch, HEAD); the build is named by its 7-digit hash
#   DIR   where builds live [target/revs]: DIR/outpost-REV, made in the git worktree DIR/src-REV
#   --net FILE   REV's search with FILE as its built-in network, the hidden size taken from
#         FILE's header (a net of another shape is another build, not an `EvalFile`):
#         DIR/outpost-REV-net<first 8 hex digits of FILE's sha256>, made in DIR/src-REV-net<same>.
#         How an acceptance match puts two searches against each other with an older net on both.
#
# Two callers asking for the same build at once (two datagen workers) build it once: a lock file
# per build. Cargo's output goes to stderr, so `bin=$(tools/match/build.sh REV)` takes the path.
set -euo pipefail
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
net=""
if [ "${1:-}" = --net ]; then
    [ $# -ge 2 ] && [ -f "$2" ] || usage
    net=$(cd "$(dirname "$2")" && pwd)/$(basename "$2") # before the cd below
    shift 2
fi
[ $# -ge 1 ] && [ $# -le 2 ] || usage
cd "$(dirname "$0")/../.."
rev=$(git rev-parse --short=7 "$1^{commit}")
dir=${2:-target/revs}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
name=$rev
[ -z "$net" ] || name=$rev-net$(sha256sum "$net" | cut -c1-8)
bin=$dir/outpost-$name

# Makes NET the built-in network of the worktree SRC: NET overwrites the file that `include_bytes!`
# names, its hidden size goes where SRC defines `HIDDEN`, and its feature set's number where SRC
# defines `SHIPPED_FEATURES_ID` (a SRC without it knows one set only). The size is the header's
# third little-endian word, the set's number its eighth in version 3 and later (`read_shape` in
# network/src/file.rs is the definition); the build below is then checked to load its net, so a
# header laid out otherwise fails here, not in a match.
use_net() {
    local src=$1 net=$2 embedded hidden version features defs
    embedded=$(grep -rhoE 'include_bytes!\("[^"]*\.nnue"\)' "$src/eval/src" | head -1 |
        sed -E 's/.*"(.*)".*/\1/')
    [ -n "$embedded" ] || { echo "no include_bytes! of a .nnue in $src/eval/src" >&2; exit 1; }
    embedded=$(cd "$src/eval/src/nnue" && realpath -m "$embedded")
    hidden=$(od -An -tu4 -j8 -N4 "$net" | tr -d ' ')
    defs=$(grep -rlE '^pub const HIDDEN: usize = [0-9]+;' "$src/network/src" "$src/eval/src" 2>/dev/null || true)
    [ "$(echo "$defs" | grep -c .)" -eq 1 ] || { echo "HIDDEN in '${defs}' of $src" >&2; exit 1; }
    cp "$net" "$embedded"
    sed -i -E "s/^pub const HIDDEN: usize = [0-9]+;/pub const HIDDEN: usize = $hidden;/" "$defs"
    version=$(od -An -tu4 -j4 -N4 "$net" | tr -d ' ')
    features=$(od -An -tu4 -j28 -N4 "$net" | tr -d ' ')
    if [ "$version" -ge 3 ]; then
        sed -i -E "s/^pub const SHIPPED_FEATURES_ID: u32 = [0-9]+;/pub const SHIPPED_FEATURES_ID: u32 = $features;/" \
            "$src/network/src/lib.rs" 2>/dev/null || true
    fi
    echo "built-in net $(basename "$net") (hidden $hidden, header version $version, feature set $features) as $embedded" >&2
}

if [ ! -x "$bin" ]; then
    (
        flock 8
        if [ ! -x "$bin" ]; then
            src=$dir/src-$name
            if [ ! -d "$src" ]; then
                git worktree add --detach "$src" "$rev" >&2
                [ -z "$net" ] || use_net "$src" "$net"
            fi
            (cd "$src" && cargo build --release -p outpost >&2)
            if [ -n "$net" ]; then
                said=$(printf 'position startpos\neval\nquit\n' | "$src/target/release/outpost" 2>&1 || true)
                grep -q 'built in' <<<"$said" || { echo "$src: the build does not load its net" >&2; exit 1; }
            fi
            cp "$src/target/release/outpost" "$bin.tmp"
            mv "$bin.tmp" "$bin"
        fi
    ) 8>"$dir/build-$name.lock"
fi
echo "$bin"
