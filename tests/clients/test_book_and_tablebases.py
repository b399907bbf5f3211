"""Books and tablebases in real play, driven by python-chess as a GUI would.

- With `OwnBook` on, the engine plays a book move whenever the book has one (checked against
  python-chess's own Polyglot reader) and answers it at once; it searches only out of book.
- With `SyzygyPath` set, the engine playing both sides converts won tablebase positions with long
  distances to zeroing within the fifty-move rule, and from drawn positions neither side ever
  plays into a loss (checked against python-chess's own Syzygy prober).
"""

import os
import random
import time
import unittest

import chess
import chess.engine
import chess.polyglot
import chess.syzygy

from common import OUTPOST

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")
BOOK = os.path.join(ROOT, "polyglot", "performance.bin")
TABLES = os.path.join(ROOT, "syzygy", "regular")

# A book move needs no search; allow for process scheduling on a loaded 2-core machine.
BOOK_MOVE_SECONDS = 0.25


def book_moves(reader, board):
    return {e.move for e in reader.find_all(board) if e.weight > 0}


class BookGame(unittest.TestCase):
    def test_book_is_used_until_it_has_no_move(self):
        with chess.polyglot.open_reader(BOOK) as reader, chess.engine.SimpleEngine.popen_uci(
            OUTPOST
        ) as engine:
            engine.configure({"OwnBook": True, "BookFile": BOOK})
            searched_in_all = 0
            for game in range(4):
                board = chess.Board()
                in_book_plies = 0
                searched = 0
                while not board.is_game_over(claim_draw=True) and board.ply() < 60:
                    expected = book_moves(reader, board)
                    start = time.monotonic()
                    result = engine.play(board, chess.engine.Limit(time=0.05))
                    elapsed = time.monotonic() - start
                    self.assertIn(result.move, board.legal_moves)
                    if expected:
                        self.assertIn(
                            result.move, expected, f"left the book early at {board.fen()}"
                        )
                        self.assertLess(elapsed, BOOK_MOVE_SECONDS, f"slow book move at ply {board.ply()}")
                        in_book_plies += 1
                    else:
                        searched += 1
                    board.push(result.move)
                self.assertGreater(in_book_plies, 4, f"game {game} barely used the book")
                # In 20 000 simulated games of the same weighted play every game left the book by
                # ply 50 or ended inside it: 71 (about 1 in 300) by a repetition, a Poisoned Pawn
                # perpetual, threefold at ply 38. A game over inside the book is the book's own
                # result, not a failure.
                if searched == 0:
                    self.assertTrue(
                        board.is_game_over(claim_draw=True), f"game {game} never left the book"
                    )
                searched_in_all += searched
            self.assertGreater(searched_in_all, 0, "no game left the book")


def random_position(rng, pieces, tables, want):
    """A random legal position with `pieces` (white's first, black's after 'v') whose WDL for the
    side to move satisfies `want(wdl, dtz)`."""
    white, black = pieces.split("v")
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, len(white) + len(black))
        for letters, color in ((white, chess.WHITE), (black, chess.BLACK)):
            for letter in letters:
                sq = squares.pop()
                piece = chess.Piece.from_symbol(letter.upper() if color else letter.lower())
                if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                    break
                board.set_piece_at(sq, piece)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if len(board.piece_map()) != len(white) + len(black) or not board.is_valid():
            continue
        if board.is_game_over():
            continue
        wdl = tables.probe_wdl(board)
        dtz = tables.probe_dtz(board)
        if want(wdl, dtz):
            return board


class TablebasePlay(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tables = chess.syzygy.open_tablebase(TABLES)

    @classmethod
    def tearDownClass(cls):
        cls.tables.close()

    def engine(self):
        engine = chess.engine.SimpleEngine.popen_uci(OUTPOST)
        engine.configure({"SyzygyPath": TABLES})
        return engine

    def test_converts_long_wins_within_fifty_moves(self):
        rng = random.Random(20261121)
        cases = []
        for pieces, count in (("KRvK", 7), ("KQvKR", 7), ("KBNvK", 6)):
            for _ in range(count):
                cases.append(random_position(rng, pieces, self.tables, lambda w, d: w == 2 and d >= 20))
        self.assertGreaterEqual(len(cases), 20)
        with self.engine() as engine:
            for start in cases:
                board = start.copy()
                winner = board.turn
                while not board.is_game_over():
                    self.assertLess(board.halfmove_clock, 100, f"fifty moves passed from {start.fen()}")
                    result = engine.play(board, chess.engine.Limit(time=0.1))
                    self.assertIn(result.move, board.legal_moves)
                    board.push(result.move)
                self.assertTrue(board.is_checkmate(), f"{start.fen()} ended as {board.result()}")
                self.assertEqual(board.outcome().winner, winner, f"wrong side won from {start.fen()}")

    def test_drawn_positions_stay_drawn(self):
        rng = random.Random(960)
        cases = []
        for pieces in ("KRvKR", "KQvKQ", "KPvKP", "KRvKB", "KNvKP"):
            for _ in range(2):
                cases.append(random_position(rng, pieces, self.tables, lambda w, d: w == 0))
        with self.engine() as engine:
            for start in cases:
                board = start.copy()
                for _ in range(40):
                    if board.is_game_over():
                        break
                    result = engine.play(board, chess.engine.Limit(time=0.1))
                    self.assertIn(result.move, board.legal_moves)
                    board.push(result.move)
                    if board.is_game_over():
                        break
                    if not board.castling_rights:
                        # -1/+1 are results the fifty-move rule turns into draws.
                        self.assertIn(
                            self.tables.probe_wdl(board),
                            (-1, 0, 1),
                            f"{result.move} threw away the draw from {start.fen()}",
                        )


if __name__ == "__main__":
    unittest.main()
