"""Analysis as a GUI runs it, driven by python-chess: MultiPV with win/draw/loss figures in a
tablebase position, and every mate score the engine prints checked against an oracle.
"""

import os
import sys
import unittest

import chess
import chess.engine
import chess.syzygy

from common import OUTPOST

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TABLES = os.path.join(ROOT, "data", "syzygy", "regular")
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mate_sweep  # noqa: E402

KRVK = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"


class TablebaseAnalysis(unittest.TestCase):
    def test_multipv_3_with_wdl_in_a_tablebase_position(self):
        board = chess.Board(KRVK)
        with chess.engine.SimpleEngine.popen_uci(OUTPOST) as engine, chess.syzygy.open_tablebase(
            TABLES
        ) as tables:
            engine.configure({"SyzygyPath": TABLES, "UCI_ShowWDL": True})
            infos = engine.analyse(board, chess.engine.Limit(time=1.5), multipv=3)
            self.assertEqual(len(infos), 3, infos)
            firsts = [info["pv"][0] for info in infos]
            self.assertEqual(len(set(firsts)), 3, f"three different moves: {firsts}")
            for rank, info in enumerate(infos, 1):
                self.assertEqual(info["multipv"], rank)
                for key in ("depth", "score", "wdl", "pv", "nodes"):
                    self.assertIn(key, info, f"line {rank}: {info}")
                move = info["pv"][0]
                self.assertIn(move, board.legal_moves)
                board.push(move)
                # The table's verdict of the move, for the side that played it.
                wdl = -tables.probe_wdl(board)
                board.pop()
                score = info["score"].white()
                win, draw, loss = info["wdl"].white()
                self.assertEqual(win + draw + loss, 1000, info["wdl"])
                if wdl > 0:
                    self.assertGreater(score.score(mate_score=100000), 0, f"{move}: {info}")
                    self.assertGreater(win, 500, f"{move} wins: {info}")
                elif wdl == 0:
                    self.assertFalse(score.is_mate(), f"{move} draws: {info}")
                else:
                    self.assertLess(score.score(mate_score=100000), 0, f"{move}: {info}")
                if score.is_mate():
                    # A mate shown is a mate the tables agree with.
                    self.assertGreater(wdl, 0, f"{move}: {info}")
            # Ranked best first: by the table's rank (the result, then for a win the shorter
            # distance to a zeroing move), and by score only within one rank, so a mate the
            # search proved for a longer win stays below a shorter win (docs/tablebases.md).
            keys = []
            for info in infos:
                board.push(info["pv"][0])
                wdl = -tables.probe_wdl(board)
                plies = abs(tables.probe_dtz(board))
                board.pop()
                rank = (wdl, -plies if wdl > 0 else plies if wdl < 0 else 0)
                keys.append((rank, info["score"].white().score(mate_score=100000)))
            self.assertEqual(keys, sorted(keys, reverse=True), keys)


class MateScores(unittest.TestCase):
    def test_every_printed_mate_is_real(self):
        """A small run of tests/tools/mate_sweep.py (docs/results/mate-scores.md has the
        2 000-position ones)."""
        argv = sys.argv
        sys.argv = [
            "mate_sweep.py",
            "--engine",
            OUTPOST,
            "--positions",
            "300",
            "--depth",
            "8",
            "--multipv",
            "2",
            "--syzygy",
            TABLES,
            "--mates",
            os.path.join(ROOT, "data", "mates.epd"),
            "--seed",
            "7",
        ]
        try:
            self.assertEqual(mate_sweep.main(), 0)
        finally:
            sys.argv = argv


if __name__ == "__main__":
    unittest.main()
