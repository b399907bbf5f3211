"""Shared helpers for the real-client tests: where the engine is, and a referee that plays a
whole game of the engine against itself by clock through python-chess, checking every move
and every clock."""

import os
import time

import chess
import chess.engine

OUTPOST = os.environ.get("OUTPOST", "target/release/outpost")

BASE = 5.0  # seconds per side
INC = 0.05  # seconds per move
MAX_PLIES = 200


def play_game(engine, board, ponder=False):
    """Plays `board` to the end (or MAX_PLIES) with `engine` on both sides; returns the board.

    Fails (AssertionError) on an illegal move or a flag fall."""
    clocks = {chess.WHITE: BASE, chess.BLACK: BASE}
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE],
            black_clock=clocks[chess.BLACK],
            white_inc=INC,
            black_inc=INC,
        )
        side = board.turn
        start = time.monotonic()
        result = engine.play(board, limit, ponder=ponder)
        clocks[side] -= time.monotonic() - start
        assert clocks[side] > 0, f"lost on time at ply {board.ply()}: {board.fen()}"
        clocks[side] += INC
        assert result.move is not None, f"no move at {board.fen()}"
        assert result.move in board.legal_moves, f"illegal {result.move} at {board.fen()}"
        board.push(result.move)
    return board
