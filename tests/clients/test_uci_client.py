"""python-chess as a real UCI client of Outpost: configure, play by clock, analyse with
MultiPV, Chess960, pondering."""

import unittest

import chess
import chess.engine

from common import OUTPOST, play_game


class UciClient(unittest.TestCase):
    def setUp(self):
        self.engine = chess.engine.SimpleEngine.popen_uci(OUTPOST, timeout=30)

    def tearDown(self):
        self.engine.quit()

    def test_identity_and_options(self):
        self.assertTrue(self.engine.id["name"].startswith("Outpost"))
        for name in ["Hash", "Threads", "MultiPV", "Move Overhead", "Clear Hash", "Ponder", "UCI_Chess960"]:
            self.assertIn(name, self.engine.options)
        self.assertEqual(self.engine.options["Hash"].default, 16)
        # python-chess manages MultiPV, Ponder and UCI_Chess960 itself; set the rest.
        self.engine.configure({"Hash": 32, "Threads": 2, "Move Overhead": 50, "Clear Hash": None})
        info = self.engine.analyse(chess.Board(), chess.engine.Limit(depth=6))
        self.assertIn("score", info)
        self.engine.configure({"Threads": 1, "Hash": 16})

    def test_full_game_by_clock(self):
        board = play_game(self.engine, chess.Board())
        self.assertGreaterEqual(board.ply(), 20)
        print(f"\nUCI game: {board.ply()} plies, {board.result(claim_draw=True)}")

    def test_game_with_pondering(self):
        board = chess.Board()
        # A shorter game with pondering on: python-chess sends go ponder / ponderhit / stop.
        self.engine.configure({"Hash": 16})
        clock = 2.0
        pondered = 0
        for _ in range(30):
            if board.is_game_over(claim_draw=True):
                break
            limit = chess.engine.Limit(white_clock=clock, black_clock=clock, white_inc=0.05, black_inc=0.05)
            result = self.engine.play(board, limit, ponder=True)
            self.assertIn(result.move, board.legal_moves)
            board.push(result.move)
            # The move to ponder on (`bestmove ... ponder M`) is what python-chess then sends
            # as `go ponder`: it must be a legal reply, and a game must have some.
            if result.ponder is not None:
                self.assertIn(result.ponder, board.legal_moves)
                pondered += 1
        self.assertGreater(pondered, 0, "no ponder move offered, so nothing was pondered")

    def test_analyse_multipv_3(self):
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        infos = self.engine.analyse(board, chess.engine.Limit(depth=8), multipv=3)
        self.assertEqual(len(infos), 3)
        firsts = {info["pv"][0] for info in infos}
        self.assertEqual(len(firsts), 3)
        for info in infos:
            self.assertIn(info["pv"][0], board.legal_moves)
        # Scores come best first.
        scores = [info["score"].relative.score(mate_score=100000) for info in infos]
        self.assertEqual(scores, sorted(scores, reverse=True))

    def test_analysis_stream_until_stop(self):
        with self.engine.analysis(chess.Board(), multipv=2) as analysis:
            depth = 0
            for info in analysis:
                depth = max(depth, info.get("depth", 0))
                if depth >= 8:
                    break
        self.assertGreaterEqual(depth, 8)

    def test_finds_mate(self):
        board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        info = self.engine.analyse(board, chess.engine.Limit(depth=5))
        self.assertEqual(info["score"].white(), chess.engine.Mate(1))
        self.assertEqual(info["pv"][0], chess.Move.from_uci("d1d8"))

    def test_chess960_game(self):
        board = chess.Board.from_chess960_pos(123)
        board = play_game(self.engine, board)
        self.assertGreaterEqual(board.ply(), 20)
        print(f"\nUCI 960 game: {board.ply()} plies, {board.result(claim_draw=True)}")

    def test_chess960_castling_both_ways(self):
        # King and rooks placed so that both castlings are legal; the engine must accept them
        # and answer in the same position.
        board = chess.Board("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1", chess960=True)
        board.push(board.parse_san("O-O"))
        board.push(board.parse_san("O-O-O"))
        result = self.engine.play(board, chess.engine.Limit(depth=4))
        self.assertIn(result.move, board.legal_moves)


if __name__ == "__main__":
    unittest.main()
