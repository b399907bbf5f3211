"""`tests/tools/pgn_audit.py`, the check every match's PGN goes through: it must charge a loss on
time to the side that lost it, and rebuild each side's clock as fastchess keeps it, so that its
"least left" and near misses (docs/results/time-losses.md) are the clock the engine really had.
"""

import io
import os
import subprocess
import sys
import tempfile
import unittest

import chess
import chess.pgn

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
AUDIT = os.path.join(ROOT, "tests", "tools", "pgn_audit.py")
LOST_ON_TIME = os.path.join(ROOT, "tests", "data", "pgn", "row42-time-loss.pgn")

sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))
import pgn_audit  # noqa: E402


def game_with_times(time_control, seconds):
    """A game of the opening moves of the Ruy Lopez with the given move times, as fastchess
    comments them ("score/depth time")."""
    game = chess.pgn.Game()
    game.headers["TimeControl"] = time_control
    node = game
    for uci, t in zip(["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"], seconds):
        node = node.add_variation(chess.Move.from_uci(uci))
        node.comment = f"+0.10/12 {t:.3f}s"
    return game


class PgnAudit(unittest.TestCase):
    def run_audit(self, *args):
        return subprocess.run([sys.executable, AUDIT, *args], capture_output=True, text=True)

    def test_a_loss_on_time_is_charged_and_its_clock_ends_below_zero(self):
        out = self.run_audit(LOST_ON_TIME)
        self.assertEqual(out.returncode, 1, out.stdout + out.stderr)
        self.assertIn("new: 1 games, +0 -1 =0, forfeits: time forfeit 1", out.stdout)
        # fastchess: "Black loses on time (4ms overrun)".
        self.assertIn("least left -4 ms", out.stdout)
        # The winner is clean and held to nothing when only the loser is watched for.
        self.assertIn("base: 1 games, +1 -0 =0, forfeits: none", out.stdout)
        self.assertEqual(self.run_audit("--engine", "base", LOST_ON_TIME).returncode, 0)

    def test_increment_clock(self):
        # 1+0.1: each side starts with 1.1 s; after 1.05 s White has 50 ms left, then 150 ms.
        left = pgn_audit.clock_left(game_with_times("1+0.1", [1.05, 0.2, 0.1, 0.2, 0.2, 0.2]))
        self.assertEqual(left[chess.WHITE], [50, 50, -50])
        self.assertEqual(left[chess.BLACK], [900, 800, 700])

    def test_moves_to_go_clock(self):
        # 2 moves in 1 s, repeating: the base is added before the move that ends each period.
        left = pgn_audit.clock_left(game_with_times("2/1", [0.6, 0.1, 0.6, 0.1, 0.6, 0.1]))
        self.assertEqual(left[chess.WHITE], [400, 800, 200])
        self.assertEqual(left[chess.BLACK], [900, 1800, 1700])

    def test_time_odds_clocks_from_each_side_s_own_tag(self):
        # fastchess writes no [TimeControl] for time odds, one tag per side instead: here White
        # plays 2 moves in 1 s, Black 2 moves in 0.25 s (an eighth of 40/20 is 40/2.5).
        game = game_with_times("-", [0.6, 0.1, 0.6, 0.1, 0.6, 0.1])
        del game.headers["TimeControl"]
        game.headers["WhiteTimeControl"] = "2/1"
        game.headers["BlackTimeControl"] = "2/0.25"
        left = pgn_audit.clock_left(game)
        self.assertEqual(left[chess.WHITE], [400, 800, 200])
        self.assertEqual(left[chess.BLACK], [150, 300, 200])

    def test_no_clock_without_a_time_control_or_move_times(self):
        self.assertIsNone(pgn_audit.clock_left(game_with_times("-", [0.1] * 6)))
        game = game_with_times("8+0.08", [0.1] * 6)
        game.end().comment = "book"
        self.assertIsNone(pgn_audit.clock_left(game))

    def test_near_misses_are_counted_under_the_margin(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "g.pgn")
            game = game_with_times("1+0.1", [1.05, 0.2, 0.1, 0.2, 0.2, 0.2])
            game.headers["White"], game.headers["Black"] = "w", "b"
            with open(path, "w") as f:
                print(game, file=f)
            out = self.run_audit("--margin", "60", path)
            self.assertIn("clock: 3 timed moves, least left -50 ms, 3 left under 60 ms", out.stdout)
            self.assertIn("clock: 3 timed moves, least left 700 ms, 0 left under 60 ms", out.stdout)


if __name__ == "__main__":
    unittest.main()
