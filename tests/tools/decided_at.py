#!/usr/bin/env python3
"""Where the decisive games of a match were decided, by the number of pieces on the board.

For each decisive game of a fastchess/cutechess PGN (scores in the move comments, `{+0.50/12 ...}`),
the first move from which every later score, both engines', converted to the winner's view, is
at least `--margin` pawns (mate scores count as won); the pieces on the board after that move put
the game in one of three phases. Prints, per phase, how many games each player won that way.
Used for net 1 against the hand-crafted evaluation (docs/results/nets.md, "Where net 1 loses").

    .venv/bin/python tests/tools/decided_at.py MATCH_DIR/games.pgn
"""

import argparse
import collections
import re

import chess.pgn

SCORE = re.compile(r"([+-]?M\d+|[+-]?\d+\.\d+)")


def phase(pieces):
    if pieces >= 26:
        return "26 or more pieces"
    if pieces >= 16:
        return "16 to 25 pieces"
    return "under 16 pieces"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn")
    ap.add_argument("--margin", type=float, default=1.5, help="pawns, winner's view")
    args = ap.parse_args()
    counts = collections.Counter()
    games = undecided = 0
    with open(args.pgn, encoding="utf-8-sig") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            result = game.headers.get("Result")
            if result not in ("1-0", "0-1"):
                continue
            white_won = result == "1-0"
            winner = game.headers["White" if white_won else "Black"]
            board = game.board()
            seen = []  # (score for the winner, pieces after the move)
            for node in game.mainline():
                mover_is_winner = board.turn == (chess.WHITE if white_won else chess.BLACK)
                board.push(node.move)
                m = SCORE.match(node.comment or "")
                if not m:
                    continue
                text = m.group(1)
                if "M" in text:
                    value = -100.0 if text.startswith("-") else 100.0
                else:
                    value = float(text)
                seen.append((value if mover_is_winner else -value, len(board.piece_map())))
            at = next(
                (i for i in range(len(seen)) if all(v >= args.margin for v, _ in seen[i:])),
                None,
            )
            if at is None:
                undecided += 1
                continue
            counts[(phase(seen[at][1]), winner)] += 1
    print(f"{games} games; decisive games never clearly decided by the scores: {undecided}")
    for key in sorted(counts):
        print(f"{key[0]:>18}  won by {key[1]}: {counts[key]}")


if __name__ == "__main__":
    main()
