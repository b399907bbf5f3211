"""`go perft 3 stats` against python-chess on random positions, Chess960 included: every column
of every root move's row, python-chess generating the moves and finding the checks, the
checkers and the mates on its own.

The columns follow the chess-programming wiki's tables as docs/perft.md defines them: captures
include en passant; castles, en passant and promotions count moves (each promotion piece is one);
checks include checkmates; discovery and double checks classify the checks that are not mates:
two checkers is a double check, one checker that is not the piece that moved (for castling, the
rook) is a discovery check unless the move is an en-passant capture whose own from-square is not
between the checker and the king (the check was opened by the captured pawn alone).
"""

import random
import subprocess
import time
import unittest

import chess

from common import OUTPOST

DEPTH = 3
STANDARD = 110
CHESS960 = 110
SEED = 32
COLUMNS = [
    "nodes",
    "captures",
    "ep",
    "castles",
    "promotions",
    "checks",
    "discovery_checks",
    "double_checks",
    "checkmates",
]


def leaf(board, move, s):
    """Adds to `s` the leaf that `move` reaches from `board`."""
    s["nodes"] += 1
    castling = board.is_castling(move)
    en_passant = board.is_en_passant(move)
    if castling:
        s["castles"] += 1
    elif en_passant:
        s["ep"] += 1
        s["captures"] += 1
    else:
        s["captures"] += board.is_capture(move)
        s["promotions"] += move.promotion is not None
    if castling:
        rank = chess.square_rank(move.from_square)
        moved_to = chess.square(5 if board.is_kingside_castling(move) else 3, rank)
    else:
        moved_to = move.to_square
    board.push(move)
    try:
        if not board.is_check():
            return
        s["checks"] += 1
        if board.is_checkmate():
            s["checkmates"] += 1
            return
        checkers = list(board.checkers())
        if len(checkers) >= 2:
            s["double_checks"] += 1
            return
        checker = checkers[0]
        if checker == moved_to:
            return
        king = board.king(board.turn)
        if en_passant and not chess.between(checker, king) & chess.BB_SQUARES[move.from_square]:
            return
        s["discovery_checks"] += 1
    finally:
        board.pop()


def count(board, depth, s):
    """Adds the leaves `depth` >= 1 plies below `board`."""
    for move in list(board.legal_moves):
        if depth == 1:
            leaf(board, move, s)
        else:
            board.push(move)
            count(board, depth - 1, s)
            board.pop()


def divide(board, depth):
    """{root move in Chess960 UCI notation: statistics}, as `go perft` prints them with
    UCI_Chess960 on."""
    rows = {}
    for move in list(board.legal_moves):
        s = dict.fromkeys(COLUMNS, 0)
        if depth == 1:
            leaf(board, move, s)
        else:
            board.push(move)
            count(board, depth - 1, s)
            board.pop()
        rows[board.uci(move, chess960=True)] = [s[c] for c in COLUMNS]
    return rows


def random_positions(rng):
    """Random playouts: from the standard start and from random Chess960 starts (shorter, so
    that castling rights survive), only positions with a legal move."""
    boards = []
    while len(boards) < STANDARD + CHESS960:
        chess960 = len(boards) >= STANDARD
        if chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
            plies = rng.randrange(0, 40)
        else:
            board = chess.Board()
            plies = rng.randrange(2, 90)
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            continue
        boards.append(chess.Board(board.fen(), chess960=chess960))
    return boards


class Engine:
    """One `outpost` process spoken to in UCI, with UCI_Chess960 on (castling king-takes-rook
    in every position, as python-chess writes it with chess960=True)."""

    def __init__(self):
        self.proc = subprocess.Popen(
            [OUTPOST], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Chess960 value true")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(f"engine exited; got {lines}")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def divide(self, fen, depth):
        """The rows of `go perft depth stats` from `fen`: {move or 'total': [9 counts]}."""
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth} stats")
        lines = self.until("Nodes searched")
        # The time and speed come after the total; read them so the next count starts clean.
        self.until("info string perft stats")
        header = lines[0].split()
        assert header == ["move"] + COLUMNS, lines[0]
        rows = {}
        for line in lines[1:]:
            cells = line.split()
            if len(cells) == 1 + len(COLUMNS):
                rows[cells[0]] = [int(c) for c in cells[1:]]
        return rows

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=30)
        self.proc.stdin.close()
        self.proc.stdout.close()


class PerftStatsAgainstPythonChess(unittest.TestCase):
    def test_random_positions_depth_3(self):
        rng = random.Random(SEED)
        boards = random_positions(rng)
        engine = Engine()
        start = time.monotonic()
        seen = dict.fromkeys(COLUMNS, 0)
        try:
            for board in boards:
                fen = board.fen()
                want = divide(board, DEPTH)
                got = engine.divide(fen, DEPTH)
                total = got.pop("total")
                self.assertEqual(got, want, f"{fen} (chess960={board.chess960})")
                sums = [sum(col) for col in zip(*want.values())] if want else [0] * len(COLUMNS)
                self.assertEqual(total, sums, fen)
                for column, value in zip(COLUMNS, sums):
                    seen[column] += value
        finally:
            engine.close()
        # The sample must exercise every column, or a wrong count of it could go unseen.
        for column, value in seen.items():
            self.assertGreater(value, 0, f"no {column} in the sample")
        print(
            f"\nperft stats: {len(boards)} positions ({CHESS960} Chess960) at depth {DEPTH}, "
            f"totals {seen}, {time.monotonic() - start:.1f} s"
        )


if __name__ == "__main__":
    unittest.main()
