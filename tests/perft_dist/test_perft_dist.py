"""End-to-end tests of the distributed perft (`tools/perft_dist`, issue 32): the driver is run as
a user runs it, on Dask clusters bound to 127.0.0.1, with the real `outpost` binary as worker.

Start position to depth 6 is 119,060,324 nodes; each count is also checked per root move against
`outpost perft 6`, counted on one machine."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest

import psutil

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPOST = os.path.abspath(
    os.environ.get("OUTPOST", os.path.join(REPO, "target", "release", "outpost"))
)
DRIVER = os.path.join(REPO, "tools", "perft_dist")
START_D6 = 119060324
# fischer.epd line 1 (Chess960): king g1 between rooks f1 and h1.
FISCHER_1 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"


def driver_command(*args):
    return [sys.executable, DRIVER, "--outpost", OUTPOST, "--progress", "0.2", *args]


def run_driver(*args, timeout=120):
    return subprocess.run(
        driver_command(*args), capture_output=True, text=True, timeout=timeout, check=False
    )


def single_machine_divide(depth, fen=None):
    """`outpost perft` on this machine: the per-move lines and the total line."""
    command = [OUTPOST, "perft", str(depth)] + ([fen] if fen else [])
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return [line for line in out.splitlines() if line and not line.startswith("info string")]


def answer_lines(stdout):
    return [line for line in stdout.splitlines() if line]


def job_lines(path):
    """The job results of a results file, id -> nodes; fails on a duplicate id."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    done = {}
    for line in lines[1:]:
        entry = json.loads(line)
        assert entry["id"] not in done, f"job {entry['id']} saved twice"
        done[entry["id"]] = entry["nodes"]
    return done


def wait_for(condition, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


class DistributedPerft(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.path.exists(OUTPOST):
            raise unittest.SkipTest(f"no engine binary at {OUTPOST}")
        cls.expected_d6 = single_machine_divide(6)
        assert cls.expected_d6[-1] == f"Nodes searched: {START_D6}"

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.results = os.path.join(self.tmp.name, "results.jsonl")

    def tearDown(self):
        self.tmp.cleanup()

    def test_start_position_depth_6_on_two_local_workers(self):
        r = run_driver("--depth", "6", "--split", "2", "--workers", "2", "--hash", "16",
                       "--results", self.results)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(answer_lines(r.stdout), self.expected_d6)
        self.assertIn("400 jobs (400 paths)", r.stderr)
        self.assertRegex(r.stderr, r"jobs 400/400 \(100\.0%\)  nodes 119060324 this run  "
                         r"[0-9.]+ Mnps  elapsed \d:\d\d:\d\d  ETA 0:00:00  workers 2")
        self.assertEqual(len(job_lines(self.results)), 400)

    def test_a_worker_killed_mid_job_is_replaced_and_the_count_is_right(self):
        # Ten batches of two depth-5 jobs: each batch runs long enough (tens of ms) to be caught.
        driver = subprocess.Popen(
            driver_command("--depth", "6", "--split", "1", "--workers", "2", "--batch", "2",
                           "--hash", "1", "--results", self.results),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        try:
            def counting():
                for p in psutil.Process(driver.pid).children(recursive=True):
                    try:
                        if p.name() == "outpost" and "perft-jobs" in p.cmdline():
                            return p
                    except psutil.NoSuchProcess:
                        pass
                return None

            job = wait_for(counting, 60, "a worker counting a batch")
            worker = job.parent()
            finished_before = len(job_lines(self.results))
            worker.send_signal(signal.SIGKILL)
            # The killed worker's outpost is an orphan now; it would end at its next write.
            try:
                job.kill()
            except psutil.NoSuchProcess:
                pass
            stdout, stderr = driver.communicate(timeout=120)
        finally:
            if driver.poll() is None:
                driver.kill()
                driver.wait()
        self.assertLess(finished_before, 20, "the worker was killed before the run ended")
        self.assertEqual(driver.returncode, 0, stderr)
        self.assertRegex(stderr, r"worker tcp://127\.0\.0\.1:\d+ left")
        self.assertEqual(answer_lines(stdout), self.expected_d6)
        self.assertEqual(len(job_lines(self.results)), 20)

    def test_an_interrupted_run_resumes_from_the_saved_jobs(self):
        args = ("--depth", "6", "--split", "2", "--workers", "1", "--batch", "4", "--hash", "1",
                "--results", self.results)
        # A suite started in the background (`nohup`, `&`) inherits SIGINT ignored, and Python
        # keeps it ignored in the driver: give the driver the default disposition, as a shell's
        # foreground job has, so that the Ctrl-C under test reaches it.
        driver = subprocess.Popen(driver_command(*args), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True,
                                  preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            wait_for(lambda: os.path.exists(self.results) and len(job_lines(self.results)) > 0,
                     60, "the first finished batch")
            driver.send_signal(signal.SIGINT)
            stdout, stderr = driver.communicate(timeout=60)
        finally:
            if driver.poll() is None:
                driver.kill()
                driver.wait()
        self.assertEqual(driver.returncode, 130, stderr)
        m = re.search(r"interrupted: (\d+) of 400 jobs are done and saved in", stderr)
        self.assertIsNotNone(m, stderr)
        saved = job_lines(self.results)
        self.assertEqual(len(saved), int(m.group(1)))
        self.assertTrue(0 < len(saved) < 400, f"{len(saved)} jobs saved")
        self.assertEqual(stdout, "")

        r = run_driver(*args)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(f"resuming: {len(saved)} of 400 jobs already done", r.stderr)
        self.assertEqual(answer_lines(r.stdout), self.expected_d6)
        after = job_lines(self.results)  # fails on a job counted twice
        self.assertEqual(len(after), 400)
        self.assertTrue(all(after[i] == n for i, n in saved.items()))

    def test_a_running_scheduler_with_workers_and_a_chess960_position(self):
        # `dask scheduler` and `dask worker` as on other machines: their working directory is
        # not the repository, so the worker code reaches them only by the driver's upload.
        bin_dir = os.path.dirname(sys.executable)
        port = free_port()
        address = f"tcp://127.0.0.1:{port}"
        env = dict(os.environ, PYTHONPATH="")
        procs = [subprocess.Popen(
            [os.path.join(bin_dir, "dask"), "scheduler", "--host", "127.0.0.1", "--port",
             str(port), "--no-dashboard"],
            cwd=self.tmp.name, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
        try:
            procs.append(subprocess.Popen(
                [os.path.join(bin_dir, "dask"), "worker", address, "--nworkers", "2",
                 "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard"],
                cwd=self.tmp.name, env=env, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL))
            r = run_driver("--depth", "5", "--split", "2", "--fen", FISCHER_1, "--scheduler",
                           address, "--connect-timeout", "30", "--hash", "16", "--results",
                           self.results)
        finally:
            for p in reversed(procs):
                p.terminate()
            for p in procs:
                try:
                    p.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = answer_lines(r.stdout)
        self.assertEqual(lines[-1], "Nodes searched: 8146062")
        # Per move as counted on one machine (castling is king-takes-rook here, and the
        # standard notation there, but this position cannot castle within the first move).
        self.assertEqual(lines, single_machine_divide(5, FISCHER_1))

    def test_bad_input_gets_a_message_and_an_exit_code(self):
        cases = [
            (["--depth", "six"], 2, "argument --depth: 'six' is not a whole number"),
            (["--depth", "30"], 2, "--depth expects a depth in 1..=16, got '30'"),
            (["--depth", "14", "--split", "2"], 2, "leaves jobs of depth 12, at most 10"),
            (["--depth", "4", "--fen", "rnbqkbnr/pppppppp/8/8 w KQkq -"], 2,
             "invalid FEN: piece placement: expected 8 ranks separated by '/', found 4"),
        ]
        for args, code, message in cases:
            r = run_driver(*args, "--results", self.results)
            self.assertEqual(r.returncode, code, args)
            self.assertIn(message, r.stderr)
            self.assertFalse(os.path.exists(self.results), "no results file for a bad run")
        start = time.monotonic()
        address = f"tcp://127.0.0.1:{free_port()}"
        r = run_driver("--depth", "4", "--scheduler", address, "--connect-timeout", "1")
        self.assertEqual(r.returncode, 3)
        self.assertIn(f"cannot reach the Dask scheduler at {address} within 1 s", r.stderr)
        self.assertLess(time.monotonic() - start, 20)
        # A results file of another run is refused rather than mixed in.
        with open(self.results, "w", encoding="utf-8") as f:
            f.write('{"type":"perft-dist","fen":"x","depth":3,"split":1,"jobs":1,"paths":1}\n')
        r = run_driver("--depth", "4", "--results", self.results)
        self.assertEqual(r.returncode, 2)
        self.assertIn("holds the results of another run", r.stderr)


def free_port():
    """A loopback port nothing listens on (bound, read and released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


if __name__ == "__main__":
    unittest.main()
