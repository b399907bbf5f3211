"""Tests of the SPSA driver (`tools/spsa`): the parameter lines the engine prints, OpenBench's gain
sequences, learning on a model whose best values are known, resuming from the state file, and
counting a fastchess PGN, and the loop of `run` against a stand-in for fastchess. The real games
need fastchess, which a fresh machine lacks."""

import os
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "tools"))

from spsa.driver import count_results, fastchess_command, main  # noqa: E402
from spsa.tuner import (
    Param,
    Schedule,
    Tuner,
    TunerError,
    load,
    parse_params,
    save,
    select,
)  # noqa: E402

LINES = """\
asp_min_depth, int, 4, 1, 10, 1, 0.002
rfp_margin, int, 75, 30, 150, 5, 0.002
# a comment
hist_prune_margin, int, 2500, 500, 6000, 250, 0.002
"""


def model_result(trial, best):
    """A noise-free match: the engine whose values are nearer `best` wins both games."""

    def loss(values):
        return sum(((values[n] - b) / 10) ** 2 for n, b in best.items())

    a, b = loss(trial.plus), loss(trial.minus)
    return (2, 0, 0) if a < b else (0, 2, 0) if a > b else (0, 0, 2)


class ParamLines(unittest.TestCase):
    def test_openbench_lines_parse(self):
        params = parse_params(LINES)
        self.assertEqual(
            [p.name for p in params], ["asp_min_depth", "rfp_margin", "hist_prune_margin"]
        )
        self.assertEqual(params[1], Param("rfp_margin", 75, 30, 150, 5.0, 0.002))

    def test_the_engine_prints_lines_the_driver_reads(self):
        # The lines a user pastes come from this example (docs/testing.md); the workspace tests
        # built it already, so this only runs it.
        out = subprocess.run(
            ["cargo", "run", "--quiet", "--release", "-p", "outpost-search", "--example", "spsa"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        params = parse_params(out)
        self.assertGreater(len(params), 20)
        self.assertIn("rfp_margin", {p.name for p in params})

    def test_bad_lines_are_refused(self):
        for bad in [
            "x, int, 5, 1",
            "x, float, 5, 1, 9, 1, 0.002",
            "x, int, 50, 1, 9, 1, 0.002",
            "x, int, 5, 1, 9, 0, 0.002",
            "x, int, 5, 1, 9, 1, 0.002\nx, int, 5, 1, 9, 1, 0.002",
        ]:
            with self.assertRaises(TunerError, msg=bad):
                parse_params(bad)

    def test_a_subset_is_selected_by_name(self):
        params = parse_params(LINES)
        self.assertEqual([p.name for p in select(params, {"rfp_margin"})], ["rfp_margin"])
        self.assertEqual(select(params, set()), params)
        with self.assertRaises(TunerError):
            select(params, {"rfp"})


class Gains(unittest.TestCase):
    def test_the_sequences_end_at_c_end_and_r_end(self):
        p = Param("x", 0, -100, 100, 5.0, 0.002)
        s = Schedule(1000)
        last = s.iterations - 1
        self.assertAlmostEqual(s.c(p, last), 5.0 * (1000 / 1000) ** 0.101, places=6)
        self.assertAlmostEqual(s.a(p, last) / s.c(p, last) ** 2, 0.002, places=6)
        # Both shrink as the run goes on; the first perturbation is the largest.
        self.assertGreater(s.c(p, 0), s.c(p, 500))
        self.assertGreater(s.a(p, 0), s.a(p, 500))
        self.assertAlmostEqual(s.c(p, 0), 5.0 * 1000**0.101, places=6)


class Learning(unittest.TestCase):
    def test_values_move_to_the_best_ones_of_a_model(self):
        params = [
            Param("up", 50, 0, 200, 5.0, 0.02),
            Param("down", 50, 0, 200, 5.0, 0.02),
            Param("stays", 50, 0, 200, 5.0, 0.02),
        ]
        best = {"up": 80, "down": 25, "stays": 50}
        tuner = Tuner(params, 1500, seed=7)
        while not tuner.done():
            trial = tuner.trial()
            tuner.learn(trial, *model_result(trial, best))
        values = tuner.values()
        for name, b in best.items():
            self.assertLess(abs(values[name] - b), 6, f"{name}: {values[name]} vs best {b}")
        self.assertEqual(tuner.games(), 3000)

    def test_values_stay_in_range(self):
        p = Param("x", 5, 0, 10, 2.0, 0.5)
        tuner = Tuner([p], 200, seed=3)
        while not tuner.done():
            trial = tuner.trial()
            self.assertTrue(0 <= trial.plus["x"] <= 10 and 0 <= trial.minus["x"] <= 10)
            tuner.learn(trial, *model_result(trial, {"x": 1000}))
        self.assertEqual(tuner.values()["x"], 10)

    def test_a_result_for_another_iteration_is_refused(self):
        tuner = Tuner(parse_params(LINES), 10, seed=1)
        trial = tuner.trial()
        tuner.learn(trial, 1, 0, 1)
        with self.assertRaises(TunerError):
            tuner.learn(trial, 1, 0, 1)


class Resume(unittest.TestCase):
    def test_a_saved_run_goes_on_exactly_as_an_unbroken_one(self):
        best = {"asp_min_depth": 6, "rfp_margin": 90, "hist_prune_margin": 3000}
        unbroken = Tuner(parse_params(LINES), 60, seed=11)
        resumed = Tuner(parse_params(LINES), 60, seed=11)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "state.json")
            for tuner in (unbroken, resumed):
                for _ in range(25):
                    trial = tuner.trial()
                    tuner.learn(trial, *model_result(trial, best))
            save(resumed, path)
            resumed = load(path)
            for tuner in (unbroken, resumed):
                while not tuner.done():
                    trial = tuner.trial()
                    tuner.learn(trial, *model_result(trial, best))
        self.assertEqual(unbroken.theta, resumed.theta)
        self.assertEqual(unbroken.results, resumed.results)

    def test_a_state_file_that_is_not_one_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "state.json")
            with open(path, "w") as f:
                f.write('{"k": 3}')
            with self.assertRaises(TunerError):
                load(path)
            self.assertEqual(main(["show", "--state", path]), 2)


class Games(unittest.TestCase):
    PGN = """[Event "Fastchess Tournament"]
[White "plus"]
[Black "minus"]
[Result "1-0"]
[Termination "adjudication"]

1. e4 1-0

[Event "Fastchess Tournament"]
[White "minus"]
[Black "plus"]
[Result "1-0"]
[Termination "time forfeit"]

1. e4 1-0

[Event "Fastchess Tournament"]
[White "minus"]
[Black "plus"]
[Result "0-1"]

1. e4 0-1

[Event "Fastchess Tournament"]
[White "plus"]
[Black "minus"]
[Result "1/2-1/2"]

1. e4 1/2-1/2
"""

    def test_a_pgn_is_counted_from_the_plus_side(self):
        self.assertEqual(count_results(self.PGN), (2, 1, 1, 0, 1))
        self.assertEqual(
            count_results(self.PGN.replace('[Result "0-1"]', '[Result "*"]')), (1, 1, 1, 1, 1)
        )

    def test_the_match_sets_each_engine_s_values(self):
        tuner = Tuner(parse_params(LINES), 10, seed=1)
        trial = tuner.trial()

        class Args:
            fastchess, engine, openings, tc, hash = "fc", "/e", "o.epd", "2+0.02", 16
            seed_base, pairs, concurrency = 10_000, 2, 2

        cmd = fastchess_command(Args, trial, "g.pgn")
        plus = cmd.index("name=plus")
        minus = cmd.index("name=minus")
        self.assertIn(f"option.rfp_margin={trial.plus['rfp_margin']}", cmd[plus:minus])
        self.assertIn(f"option.rfp_margin={trial.minus['rfp_margin']}", cmd[minus:])
        self.assertNotEqual(trial.plus["rfp_margin"], trial.minus["rfp_margin"])
        self.assertIn("format=epd", cmd)
        self.assertEqual(cmd[cmd.index("-rounds") + 1], "2")


# A stand-in for fastchess: it refuses an engine or openings file it cannot open from the match's
# own folder, as fastchess does, and otherwise writes one drawn game pair to the PGN.
FAKE_FASTCHESS = """#!/usr/bin/env python3
import os, sys
argv = sys.argv[1:]
def value(key):
    return [a.split("=", 1)[1] for a in argv if a.startswith(key + "=")]
for path in value("cmd") + value("file")[:1]:
    if not os.path.isfile(path):
        print("no such file: " + path)
        sys.exit(1)
game = '[Event "x"]\\n[White "%s"]\\n[Black "%s"]\\n[Result "1/2-1/2"]\\n\\n1. e4 1/2-1/2\\n\\n'
with open(value("file")[-1], "w") as f:
    f.write(game % ("plus", "minus") + game % ("minus", "plus"))
"""


class Run(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        d = self.dir.name
        self.fastchess = os.path.join(d, "fastchess")
        with open(self.fastchess, "w") as f:
            f.write(FAKE_FASTCHESS)
        os.chmod(self.fastchess, 0o755)
        for name in ("engine", "o.epd"):
            with open(os.path.join(d, name), "w") as f:
                f.write("x\n")
        with open(os.path.join(d, "params.txt"), "w") as f:
            f.write(LINES)
        self.cwd = os.getcwd()
        os.chdir(d)

    def tearDown(self):
        os.chdir(self.cwd)
        self.dir.cleanup()

    def args(self, openings="o.epd"):
        return [
            "run", "--state", "state.json", "--params", "params.txt", "--iterations", "2",
            "--engine", "engine", "--fastchess", "./fastchess", "--openings", openings,
            "--pairs", "1", "--concurrency", "1",
        ]  # fmt: skip

    def test_paths_relative_to_the_caller_reach_the_match(self):
        self.assertEqual(main(self.args()), 0)
        self.assertEqual(load("state.json").games(), 4)

    def test_a_missing_openings_file_is_refused_before_any_game(self):
        self.assertEqual(main(self.args(openings="none.epd")), 2)
        self.assertFalse(os.path.exists("state.json"))


if __name__ == "__main__":
    unittest.main()
