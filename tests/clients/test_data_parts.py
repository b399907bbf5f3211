"""The parts of `data/nnue/` (its README): a part made the way `data/nnue/parts.sh` makes it is the
same bytes as those games of one whole datagen run, and `data/nnue/parts.py`, which reads the
packed game layout in Python, reads what the engine writes (its header size and magic are the
Rust definition's, or nothing here would parse) and counts what `outpost data-stats` counts.

Everything comes from the repository: the opening book is `data/openings/8moves_v3.pgn`.
"""

import os
import re
import subprocess
import sys
import tempfile
import unittest

from common import OUTPOST

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PARTS = os.path.join(ROOT, "data", "nnue", "parts.py")
OPENINGS = os.path.join(ROOT, "data", "openings", "8moves_v3.pgn")
SEED = 20261299
GAMES = 6
START = 4  # the part is games START..GAMES


def datagen(out, games):
    # The command of runs.tsv's runs, with fewer nodes so that the test is quick.
    subprocess.run(
        [OUTPOST, "datagen", "--games", str(games), "--threads", "1", "--nodes", "300",
         "--random-plies", "4", "--openings", OPENINGS, "--net", "builtin", "--seed", str(SEED),
         "--hash", "16", "--chess960", "25", "--out", out],
        check=True, capture_output=True, text=True, timeout=600)


def parts(*args):
    return subprocess.run([sys.executable, PARTS, *args], check=True, capture_output=True,
                          text=True).stdout


class DataParts(unittest.TestCase):
    def test_a_part_is_the_same_games_as_a_whole_run(self):
        with tempfile.TemporaryDirectory() as tmp:
            whole = os.path.join(tmp, "whole.packed")
            datagen(whole, GAMES)
            part = os.path.join(tmp, "part.packed")
            parts("prefix", part, str(SEED), str(START))
            datagen(part, GAMES)
            cut_whole = os.path.join(tmp, "whole.range")
            cut_part = os.path.join(tmp, "part.range")
            parts("strip", whole, cut_whole, str(START), str(GAMES))
            parts("strip", part, cut_part, str(START), str(GAMES))
            with open(cut_whole, "rb") as a, open(cut_part, "rb") as b:
                self.assertEqual(a.read(), b.read())

            # parts.py and the engine count the same games and positions.
            counted = parts("count", whole)
            m = re.search(r": (\d+) games, (\d+) positions", counted)
            self.assertIsNotNone(m, counted)
            stats = subprocess.run([OUTPOST, "data-stats", whole], check=True,
                                   capture_output=True, text=True).stdout
            self.assertRegex(stats, rf"games\s+{m.group(1)}\b")
            self.assertRegex(stats, rf"positions\s+{m.group(2)}\b")
            self.assertEqual(int(m.group(1)), GAMES)

            # The whole run is its parts joined in game order.
            first = os.path.join(tmp, "first.range")
            parts("strip", whole, first, "0", str(START))
            joined = os.path.join(tmp, "joined.packed")
            parts("join", joined, first, cut_part)
            with open(whole, "rb") as a, open(joined, "rb") as b:
                self.assertEqual(a.read(), b.read())


if __name__ == "__main__":
    unittest.main()
