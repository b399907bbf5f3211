#!/usr/bin/env python3
"""Writes tests/data/syzygy/random_probes.txt: random legal 2-5 piece positions with the WDL and
DTZ that python-chess's independent Syzygy prober (chess.syzygy) gives for them.

One line per position, `fen;wdl;dtz`, where wdl and dtz are python-chess's probe_wdl/probe_dtz
values, or `x;x` when python-chess refuses the position (castling rights, a missing table such as
any 5-piece table here). Lines starting with '#' are comments.

The positions cover every material signature of the tables in the directory, with both colours
holding the stronger side and both sides to move, random half-move clocks (the probes must ignore
them), positions with a capturable en-passant square, positions with castling rights, bare kings
and 5-piece positions. Deterministic for a given seed.

Usage (from the workspace root, with python-chess 1.11.2 in /work/devvenv):
    /work/devvenv/bin/python tablebase/tests/data-gen/gen_probe_fixture.py \
        tests/data/syzygy/regular tests/data/syzygy/random_probes.txt
"""

import os
import random
import sys

import chess
import chess.syzygy

SEED = 20261121
PER_SIGNATURE = 150      # random positions per oriented material signature
EN_PASSANT = 700         # KPvKP positions right after a double pawn push
CASTLING = 300           # positions with castling rights
BARE_KINGS = 40
FIVE_PIECES = 100

PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP,
          "N": chess.KNIGHT, "P": chess.PAWN}


def signatures(directory):
    names = sorted({os.path.splitext(f)[0] for f in os.listdir(directory)
                    if f.endswith(".rtbw")})
    out = []
    for name in names:
        white, black = name.split("v")
        out.append((white, black))
        if white != black:
            out.append((black, white))
    return out


def place(rng, board, color, letter, exclude=()):
    """Puts one piece on a random empty square it may stand on."""
    piece = PIECES[letter]
    while True:
        sq = rng.randrange(64)
        if sq in exclude or board.piece_at(sq) is not None:
            continue
        if piece == chess.PAWN and chess.square_rank(sq) in (0, 7):
            continue
        board.set_piece_at(sq, chess.Piece(piece, color))
        return


def random_position(rng, white, black):
    while True:
        board = chess.Board(None)
        for letter in white:
            place(rng, board, chess.WHITE, letter)
        for letter in black:
            place(rng, board, chess.BLACK, letter)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        board.halfmove_clock = rng.randrange(100)
        board.fullmove_number = rng.randrange(1, 120)
        if board.is_valid():
            return board


def en_passant_position(rng):
    """KPvKP just after the side not to move pushed a pawn two squares past an enemy pawn."""
    while True:
        board = chess.Board(None)
        us = rng.choice([chess.WHITE, chess.BLACK])
        them = not us
        file = rng.randrange(8)
        side_file = file + rng.choice([-1, 1])
        if not 0 <= side_file < 8:
            continue
        # The pushed pawn stands on our fifth rank; it came from two ranks behind it.
        rank5 = 4 if us == chess.WHITE else 3
        step = 1 if us == chess.WHITE else -1
        pushed = chess.square(file, rank5)
        ep = chess.square(file, rank5 + step)
        origin = chess.square(file, rank5 + 2 * step)
        board.set_piece_at(pushed, chess.Piece(chess.PAWN, them))
        board.set_piece_at(chess.square(side_file, rank5), chess.Piece(chess.PAWN, us))
        place(rng, board, chess.WHITE, "K", exclude=(ep, origin))
        place(rng, board, chess.BLACK, "K", exclude=(ep, origin))
        board.turn = us
        board.ep_square = ep
        board.halfmove_clock = 0
        board.fullmove_number = rng.randrange(1, 120)
        if board.is_valid() and board.has_legal_en_passant():
            return board


def castling_position(rng, sigs):
    rook_sigs = [s for s in sigs if "R" in s[0]]
    while True:
        white, black = rng.choice(rook_sigs)
        board = chess.Board(None)
        board.set_piece_at(chess.E1, chess.Piece(chess.KING, chess.WHITE))
        corner = rng.choice([chess.A1, chess.H1])
        board.set_piece_at(corner, chess.Piece(chess.ROOK, chess.WHITE))
        rest = white.replace("K", "", 1).replace("R", "", 1)
        for letter in rest:
            place(rng, board, chess.WHITE, letter)
        for letter in black:
            place(rng, board, chess.BLACK, letter)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        board.castling_rights = chess.BB_SQUARES[corner]
        if rng.random() < 0.5:
            board = board.mirror()  # black keeps the castling right instead
        if board.is_valid() and board.castling_rights:
            return board


def probe(tables, board):
    try:
        return str(tables.probe_wdl(board)), str(tables.probe_dtz(board))
    except (KeyError, ValueError, chess.syzygy.MissingTableError):
        return "x", "x"


def main():
    directory, out_path = sys.argv[1], sys.argv[2]
    rng = random.Random(SEED)
    sigs = signatures(directory)
    boards = []
    for white, black in sigs:
        boards += [random_position(rng, white, black) for _ in range(PER_SIGNATURE)]
    boards += [en_passant_position(rng) for _ in range(EN_PASSANT)]
    boards += [castling_position(rng, sigs) for _ in range(CASTLING)]
    boards += [random_position(rng, "K", "K") for _ in range(BARE_KINGS)]
    five = ["KQRvKR", "KRPvKP", "KBNvKP", "KQvKRP", "KPPvKP"]
    boards += [random_position(rng, *rng.choice(five).split("v")) for _ in range(FIVE_PIECES)]
    counts = {"ep": 0, "castling": 0, "x": 0}
    with chess.syzygy.open_tablebase(directory) as tables, open(out_path, "w") as out:
        out.write("# Generated by tablebase/tests/data-gen/gen_probe_fixture.py (seed %d) with "
                  "python-chess %s chess.syzygy over the 3-4 piece tables.\n" % (SEED, chess.__version__))
        out.write("# fen;wdl;dtz  (x;x = python-chess refuses: castling rights or missing table)\n")
        for board in boards:
            wdl, dtz = probe(tables, board)
            fen = board.fen(en_passant="fen")
            counts["ep"] += board.has_legal_en_passant()
            counts["castling"] += bool(board.castling_rights)
            counts["x"] += wdl == "x"
            out.write("%s;%s;%s\n" % (fen, wdl, dtz))
    print("%d positions, %d with legal en passant, %d with castling rights, %d not probeable"
          % (len(boards), counts["ep"], counts["castling"], counts["x"]))


if __name__ == "__main__":
    main()
