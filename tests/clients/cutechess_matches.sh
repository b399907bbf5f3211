#!/usr/bin/env bash
# The real-GUI acceptance run (issue 4): Outpost against itself in cutechess-cli, 20 standard and
# 20 Chess960 games for each protocol (UCI and xboard), one game at a time, then a count of
# illegal moves, time losses and crashes/stalls from the PGN termination comments and the log.
# Long (about 20 minutes) and needs cutechess-cli, so it is not part of tests/run.sh; the
# results are recorded in docs/gui.md.
#
#   OUTPOST=target/release/outpost CUTECHESS=/path/to/cutechess-cli tests/clients/cutechess_matches.sh
set -euo pipefail

OUTPOST="$(realpath "${OUTPOST:-target/release/outpost}")"
CUTECHESS="${CUTECHESS:-/work/tools/bin/cutechess-cli}"
STD_OPENINGS="${STD_OPENINGS:-/work/shared/tools/openings-8ply.epd}"
FRC_OPENINGS="${FRC_OPENINGS:-/work/shared/data/openings/FRC_openings.epd}"
OUT="${OUT:-gui-matches}"
GAMES="${GAMES:-20}"
TC="${TC:-5+0.05}"
SEED="${SEED:-20261121}"
PROTOCOLS="${PROTOCOLS:-uci xboard}"
VARIANTS="${VARIANTS:-standard fischerandom}"

mkdir -p "$OUT"
status=0
for proto in $PROTOCOLS; do
  for variant in $VARIANTS; do
    name="$proto-$variant"
    if [[ "$variant" == standard ]]; then
      extra=(-openings "file=$STD_OPENINGS" format=epd order=random)
    else
      extra=(-variant fischerandom -openings "file=$FRC_OPENINGS" format=epd order=random)
    fi
    cmd=("$CUTECHESS"
      -engine name=outpost-a "cmd=$OUTPOST" "proto=$proto"
      -engine name=outpost-b "cmd=$OUTPOST" "proto=$proto"
      -each "tc=$TC" -games "$GAMES" -repeat -recover -concurrency 1 -srand "$SEED"
      "${extra[@]}" -pgnout "$OUT/$name.pgn")
    echo "== $name: ${cmd[*]}"
    rm -f "$OUT/$name.pgn"
    start=$(date +%s)
    "${cmd[@]}" > "$OUT/$name.log" 2>&1 || status=1
    secs=$(( $(date +%s) - start ))
    # cutechess ends each game with "Finished game N (A vs B): RESULT {reason}".
    endings=$(grep -E '^Finished game' "$OUT/$name.log" | sed 's/^[^{]*{//; s/}.*//' || true)
    games=$(grep -c '^\[Result ' "$OUT/$name.pgn" || true)
    illegal=$(grep -ciE 'illegal' <<<"$endings" || true)
    timeouts=$(grep -ciE 'on time' <<<"$endings" || true)
    crashes=$(grep -ciE 'disconnect|stall|crash|abandon|terminat|unknown' <<<"$endings" || true)
    score=$(grep -E '^Score of' "$OUT/$name.log" | tail -1)
    echo "   $games games in ${secs}s; illegal moves: $illegal, time losses: $timeouts, crashes/stalls: $crashes"
    echo "   $score"
    echo "   endings: $(sort <<<"$endings" | uniq -c | sort -rn | sed 's/^ *//' | paste -sd ';' -)"
    if (( games != GAMES || illegal || timeouts || crashes )); then status=1; fi
  done
done
exit $status
