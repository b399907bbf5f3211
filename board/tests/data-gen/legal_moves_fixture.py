#!/usr/bin/env python3
"""Writes tests/data/oracle/legal_moves.txt: random positions with python-chess's legal moves.

python-chess is an independent implementation of the rules, so our move generator is compared
against it position by position (board/tests/oracle.rs). Games are random but biased towards
castling, en passant and promotions, and positions are kept with a preference for those, so the
rare rules are well represented. The output is deterministic for a given seed and python-chess
version.

Usage: /work/devvenv/bin/python board/tests/data-gen/legal_moves_fixture.py \
           [--positions 3000] [--seed 20261121] [--out tests/data/oracle/legal_moves.txt]

Line format (one position per line, '#' lines are comments):
    <fen>;<chess960 0|1>;<perft 3>;<legal moves in UCI, king-takes-rook castling, sorted>
"""

import argparse
import os
import random
import sys

import chess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def perft(board, depth):
    """Leaf count, bulk-counted at the last ply."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def pick_move(board, rng):
    """A random legal move, with the rare kinds preferred when they are available."""
    moves = list(board.legal_moves)
    castles = [m for m in moves if board.is_castling(m)]
    eps = [m for m in moves if board.is_en_passant(m)]
    promos = [m for m in moves if m.promotion]
    if eps and rng.random() < 0.7:
        return rng.choice(eps)
    if castles and rng.random() < 0.5:
        return rng.choice(castles)
    if promos and rng.random() < 0.6:
        return rng.choice(promos)
    # Double pawn pushes make en-passant positions appear.
    doubles = [
        m
        for m in moves
        if board.piece_type_at(m.from_square) == chess.PAWN
        and abs(m.to_square - m.from_square) == 16
    ]
    if doubles and rng.random() < 0.25:
        return rng.choice(doubles)
    return rng.choice(moves)


def features(board):
    moves = list(board.legal_moves)
    return {
        "ep": any(board.is_en_passant(m) for m in moves),
        "ep_illegal": board.has_pseudo_legal_en_passant() and not board.has_legal_en_passant(),
        "castle": any(board.is_castling(m) for m in moves),
        "promo": any(m.promotion for m in moves),
        "check": board.is_check(),
        "double_check": len(board.checkers()) > 1,
        "no_moves": not moves,
    }


def fen_text(board, chess960, rng):
    """Vary the FEN dialect: Shredder or X-FEN castling, en passant written always or when legal."""
    ep_mode = "fen" if rng.random() < 0.3 else "legal"
    if chess960 and rng.random() < 0.5:
        return board.shredder_fen(en_passant=ep_mode)
    return board.fen(en_passant=ep_mode)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "data", "oracle", "legal_moves.txt"))
    args = ap.parse_args()
    rng = random.Random(args.seed)

    starts960 = []
    with open(os.path.join(ROOT, "tests", "data", "chess960", "chess960.epd")) as f:
        for line in f:
            if line.strip():
                starts960.append(line.strip())

    rows = []
    seen = set()
    counts = {k: 0 for k in ("ep", "ep_illegal", "castle", "promo", "check", "double_check", "no_moves")}
    n960 = 0
    game = 0
    while len(rows) < args.positions:
        chess960 = game % 2 == 1
        game += 1
        if chess960:
            board = chess.Board(rng.choice(starts960), chess960=True)
        else:
            board = chess.Board()
        plies = rng.randint(10, 160)
        for _ in range(plies):
            if board.is_game_over(claim_draw=False):
                break
            board.push(pick_move(board, rng))
            feat = features(board)
            # Keep en-passant positions always, other rare ones often, ordinary ones now and then.
            if feat["ep"] or feat["ep_illegal"] or feat["double_check"]:
                keep = 1.0
            elif feat["castle"] or feat["promo"]:
                keep = 0.6
            elif feat["check"]:
                keep = 0.12
            else:
                keep = 0.02
            if rng.random() >= keep:
                continue
            key = board.fen(en_passant="legal") + str(chess960)
            if key in seen:
                continue
            seen.add(key)
            moves = sorted(board.uci(m, chess960=True) for m in board.legal_moves)
            rows.append((fen_text(board, chess960, rng), chess960, perft(board, 3) if moves else 0, moves))
            n960 += chess960
            for k, v in feat.items():
                counts[k] += v
            if len(rows) >= args.positions:
                break

    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        f.write("# Generated by board/tests/data-gen/legal_moves_fixture.py with python-chess %s, seed %d.\n"
                % (chess.__version__, args.seed))
        f.write("# <fen>;<chess960>;<perft 3>;<sorted legal moves, UCI, castling as king-takes-rook>\n")
        f.write("# %d positions from %d games: %d Chess960; with legal en passant %d, with a pinned "
                "(illegal) en passant %d, with castling %d, with promotions %d, in check %d, "
                "double check %d, no legal move %d\n"
                % (len(rows), game, n960, counts["ep"], counts["ep_illegal"], counts["castle"],
                   counts["promo"], counts["check"], counts["double_check"], counts["no_moves"]))
        for fen, c960, p3, moves in rows:
            f.write("%s;%d;%d;%s\n" % (fen, int(c960), p3, " ".join(moves)))
    print("wrote %d positions to %s" % (len(rows), args.out), file=sys.stderr)
    print(open(args.out).readlines()[2].strip(), file=sys.stderr)


if __name__ == "__main__":
    main()
