"""python-chess as a real xboard (CECP) client of Outpost: features, configure, play by clock,
analyse, Chess960, game-end claims."""

import unittest

import chess
import chess.engine

from common import OUTPOST, play_game


class XboardClient(unittest.TestCase):
    def setUp(self):
        self.engine = chess.engine.SimpleEngine.popen_xboard(OUTPOST, timeout=30)

    def tearDown(self):
        self.engine.quit()

    def test_identity_and_options(self):
        self.assertTrue(self.engine.id["name"].startswith("Outpost"))
        for name in ["Hash", "Threads", "MultiPV", "MoveOverhead", "ClearHash"]:
            self.assertIn(name, self.engine.options)
        self.engine.configure({"Hash": 32, "MoveOverhead": 40, "ClearHash": None, "memory": 32, "cores": 1})
        result = self.engine.play(chess.Board(), chess.engine.Limit(depth=5))
        self.assertIn(result.move, chess.Board().legal_moves)

    def test_full_game_by_clock(self):
        board = play_game(self.engine, chess.Board())
        self.assertGreaterEqual(board.ply(), 20)
        print(f"\nxboard game: {board.ply()} plies, {board.result(claim_draw=True)}")

    def test_game_with_pondering(self):
        # python-chess sends `hard`, then the opponent's move; the engine ponders meanwhile.
        board = chess.Board()
        for _ in range(30):
            if board.is_game_over(claim_draw=True):
                break
            limit = chess.engine.Limit(white_clock=2.0, black_clock=2.0, white_inc=0.05, black_inc=0.05)
            result = self.engine.play(board, limit, ponder=True)
            self.assertIn(result.move, board.legal_moves)
            board.push(result.move)

    def test_analyse(self):
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        info = self.engine.analyse(board, chess.engine.Limit(depth=8))
        self.assertIn("score", info)
        self.assertIn(info["pv"][0], board.legal_moves)
        with self.engine.analysis(board) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 7:
                    break

    def test_mate_is_played_and_scored(self):
        board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        result = self.engine.play(board, chess.engine.Limit(depth=5), info=chess.engine.INFO_ALL)
        self.assertEqual(result.move, chess.Move.from_uci("d1d8"))
        self.assertEqual(result.info["score"].white(), chess.engine.Mate(1))

    def test_chess960_game(self):
        board = play_game(self.engine, chess.Board.from_chess960_pos(700))
        self.assertGreaterEqual(board.ply(), 20)
        print(f"\nxboard 960 game: {board.ply()} plies, {board.result(claim_draw=True)}")

    def test_chess960_castling_both_ways(self):
        board = chess.Board("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1", chess960=True)
        board.push(board.parse_san("O-O"))
        board.push(board.parse_san("O-O-O"))
        result = self.engine.play(board, chess.engine.Limit(depth=4))
        self.assertIn(result.move, board.legal_moves)


if __name__ == "__main__":
    unittest.main()
