"""Writes the PGN inputs of the make-book tests (run from anywhere with python-chess installed).

results.pgn: the first 1000 openings of shared/data/openings/8moves_v3.pgn (all draws there) with
seeded random results and, every few games, a comment, a NAG, a `;` comment and a variation, so
that the win/draw/loss weighting and the PGN reader are both exercised. CRLF line ends as in
the source file.

The halving PGN (20 000 games through one position, for Polyglot's 16384-game cap) is not stored:
`halving_pgn()` below and `halving_pgn()` in book/tests/make.rs build the same games.
"""
import io
import random
import sys
from pathlib import Path

import chess
import chess.pgn

ROOT = Path(__file__).resolve().parents[3]
SHARED = Path("/work/shared/data/openings/8moves_v3.pgn")
OUT = ROOT / "tests" / "data" / "polyglot"


def results_pgn(games=1000, seed=20261121):
    rng = random.Random(seed)
    out = []
    with open(SHARED, encoding="utf-8") as f:
        for i in range(games):
            game = chess.pgn.read_game(f)
            result = rng.choices(["1-0", "0-1", "1/2-1/2", "*"], [40, 30, 25, 5])[0]
            game.headers["Result"] = result
            game.headers["Event"] = f"results test {i + 1}"
            if i % 7 == 3:
                node = game.variations[0].variations[0]  # after the second ply
                node.comment = "a comment (with parens) and [brackets]"
                node.nags.add(chess.pgn.NAG_GOOD_MOVE)
                board = node.parent.board()
                alt = [m for m in board.legal_moves if m != node.move][0]
                node.parent.add_variation(alt, comment="side line")
            text = game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=True))
            if i % 11 == 5:
                text = text.replace("\n1. ", "\n; a line comment\n1. ", 1)
            out.append(text)
    return "\r\n\r\n".join(t.replace("\n", "\r\n") for t in out) + "\r\n"


def halving_pgn(games=20000):
    """Game i: 1. e4, then a black reply and result that cycle with i."""
    replies = ["e5", "c5", "e6", "c6"]
    results = ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"]
    lines = []
    for i in range(games):
        r = results[i % 5]
        lines.append(f'[Result "{r}"]\n\n1. e4 {replies[i % 4]} 2. Nf3 {r}\n')
    return "\n".join(lines)


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "results.pgn").write_bytes(results_pgn().encode())
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(halving_pgn())
