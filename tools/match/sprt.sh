#!/usr/bin/env bash
# An SPRT (or a fixed-games match) of two engine builds with fastchess, as docs/testing.md says
# to run one, in a work folder that makes it resumable: a second call with the same folder
# resumes from fastchess's own state (`config.json`, saved after every two games) instead of
# starting over, so a session that ends costs at most the games under way.
#
#   tools/match/sprt.sh DIR NEW BASE [options]
#
#   DIR    work folder: config.json, the PGN (games.pgn), the log (fastchess.log), command.txt
#   NEW    the changed build (an `outpost` binary), named `new`
#   BASE   the build before the change, named `base`
#
# Options (defaults in brackets):
#   --tc TC             time control [8+0.08]; `--nodes N` instead plays N nodes a move
#   --bounds E0,E1      SPRT bounds in normalised Elo [0,5]; `--games N` plays N games, no SPRT
#   --openings FILE     EPD openings [../shared/data/openings/8mvs_+90_+99.epd]
#   --seed S            -srand [1]
#   --concurrency C     games at a time [1]
#   --core C            pin fastchess and both engines to this core (taskset)
#   --new-option K=V    a UCI option of NEW (repeatable), e.g. EvalFile=docs/candidates/net.nnue;
#                       a V that names an existing file or folder is made absolute
#   --base-option K=V   a UCI option of BASE (repeatable), the same
#   FASTCHESS           the fastchess binary [/work/tools/bin/fastchess]
#
# Check the PGN afterwards: tests/tools/pgn_audit.py DIR/games.pgn (forfeits, illegal moves).
set -euo pipefail
usage() { sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 3 ] || usage
dir=$1 new=$2 base=$3
shift 3
tc=8+0.08 nodes="" bounds=0,5 games="" seed=1 concurrency=1 core=""
openings=$(cd "$(dirname "$0")/../.." && pwd)/../shared/data/openings/8mvs_+90_+99.epd
new_opts=() base_opts=()
# fastchess's argument for the UCI option K=V. The engines run in DIR, so a relative path such as
# EvalFile=docs/candidates/net.nnue would name nothing there, and the engine, refusing it with an
# `info string`, would play on with its built-in net: a match of one net against itself (session
# 28's first screen of net 11). A V that exists from the caller's folder is made absolute.
option() {
    local key=${1%%=*} value=${1#*=}
    [[ $value != /* && -e $value ]] && value=$(realpath "$value")
    echo "option.$key=$value"
}
while [ $# -gt 0 ]; do
    case $1 in
        --tc) tc=$2 ;;
        --nodes) nodes=$2 ;;
        --bounds) bounds=$2 ;;
        --games) games=$2 ;;
        --openings) openings=$2 ;;
        --seed) seed=$2 ;;
        --concurrency) concurrency=$2 ;;
        --core) core=$2 ;;
        --new-option) new_opts+=("$(option "$2")") ;;
        --base-option) base_opts+=("$(option "$2")") ;;
        *) usage ;;
    esac
    shift 2
done
fastchess=${FASTCHESS:-/work/tools/bin/fastchess}
# Absolute paths before the cd below, so that NEW, BASE and the openings may be given relative
# to the caller's folder (fastchess runs in DIR).
new=$(realpath -e "$new") base=$(realpath -e "$base") openings=$(realpath -e "$openings")
pin=()
[ -n "$core" ] && pin=(taskset -c "$core")
mkdir -p "$dir"
cd "$dir"

if [ -e config.json ]; then
    echo "$(date -u +%T) resuming from $dir/config.json" | tee -a fastchess.log
    exec "${pin[@]}" "$fastchess" -config file=config.json >>fastchess.log 2>&1
fi

limit=(tc="$tc")
[ -n "$nodes" ] && limit=(tc=inf nodes="$nodes")
if [ -n "$games" ]; then
    length=(-rounds $(((games + 1) / 2)))
else
    length=(-rounds 50000 -sprt elo0="${bounds%,*}" elo1="${bounds#*,}" alpha=0.05 beta=0.05
        model=normalized)
fi
cmd=("$fastchess"
    -engine cmd="$new" name=new "${new_opts[@]}"
    -engine cmd="$base" name=base "${base_opts[@]}"
    -each proto=uci "${limit[@]}" option.Hash=16 option.Threads=1
    -openings file="$openings" format=epd order=random
    -srand "$seed" -repeat "${length[@]}" -concurrency "$concurrency"
    -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=1000 twosided=true
    -recover -report penta=true -pgnout file=games.pgn -config outname=config.json
    -autosaveinterval 2)
printf '%q ' "${pin[@]}" "${cmd[@]}" >command.txt
echo >>command.txt
# The benches run on the match's core too: unpinned, they would slow a match on the other core.
echo "$(date -u +%T) new: $("${pin[@]}" "$new" bench 2>&1 | grep 'Nodes searched')" >>fastchess.log
echo "$(date -u +%T) base: $("${pin[@]}" "$base" bench 2>&1 | grep 'Nodes searched')" >>fastchess.log
exec "${pin[@]}" "${cmd[@]}" >>fastchess.log 2>&1
