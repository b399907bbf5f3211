"""The driver: split, submit, sum, report. See the package docstring and `docs/perft.md`."""

import argparse
import hashlib
import json
import logging
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile

from perft_dist import worker
from perft_dist.results import Results, ResultsError

# Exit codes, so scripts can tell the failures apart.
EXIT_FAILED = 1  # a batch failed for good (outpost missing on a worker, workers keep dying)
EXIT_USAGE = 2  # bad arguments: depth, split, FEN, files
EXIT_NO_SCHEDULER = 3  # the scheduler could not be reached
EXIT_INTERRUPTED = 130  # Ctrl-C or SIGTERM: finished jobs are saved, rerun to resume

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Failure(Exception):
    """Ends the run with a message on stderr and an exit code."""

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


def whole_number(text):
    """argparse type for counts: the message names the value, not a Python type."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def positive(text):
    n = whole_number(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not at least 1")
    return n


def seconds(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a positive number of seconds")
    return value


def default_outpost():
    """$OUTPOST, the repository's release build, or `outpost` on the PATH."""
    if os.environ.get("OUTPOST"):
        return os.environ["OUTPOST"]
    built = os.path.join(REPO, "target", "release", "outpost")
    if os.path.exists(built):
        return built
    return shutil.which("outpost") or built


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="perft_dist",
        description="Perft of a position on a Dask cluster: the tree is split at --split plies "
        "into unique positions (jobs), workers count them with `outpost perft-jobs`, and the "
        "counts are summed per root move (divide) and in total.",
        epilog="Finished jobs are appended to the results file as they come back; running the "
        "same command again resumes from them. Exit codes: 0 done, 1 a batch failed, 2 bad "
        "arguments, 3 scheduler unreachable, 130 interrupted.",
    )
    p.add_argument("--depth", type=whole_number, required=True, help="perft depth (1..16)")
    p.add_argument(
        "--split",
        type=whole_number,
        help="split depth (1..6; default depth - 5); jobs are counted to depth - split (<= 10)",
    )
    p.add_argument("--fen", help="the position (default: the start position)")
    p.add_argument(
        "--chess960", action="store_true", help="write castling as king-takes-rook (divide)"
    )
    p.add_argument(
        "--scheduler",
        help="address of a running Dask scheduler, e.g. tcp://10.0.0.5:8786 "
        "(default: a local cluster on 127.0.0.1)",
    )
    p.add_argument(
        "--connect-timeout",
        type=seconds,
        default=10.0,
        help="seconds to wait for --scheduler (default 10)",
    )
    p.add_argument(
        "--workers",
        type=positive,
        default=os.cpu_count() or 1,
        help="local cluster only: worker processes (default: one per CPU)",
    )
    p.add_argument("--outpost", default=default_outpost(), help="the outpost binary to split with")
    p.add_argument(
        "--worker-outpost",
        help="the outpost binary's path on the workers (default: --outpost's absolute path)",
    )
    p.add_argument("--threads", type=positive, default=1, help="threads per job (default 1)")
    p.add_argument(
        "--hash", type=positive, default=256, help="perft table of each worker, MB (default 256)"
    )
    p.add_argument(
        "--batch", type=positive, help="jobs per Dask task (default: about 16 tasks per worker)"
    )
    p.add_argument(
        "--retries",
        type=whole_number,
        default=2,
        help="times a batch that raised is retried (default 2; a batch whose worker died is "
        "always moved to another)",
    )
    p.add_argument("--results", help="results file (default: perft-D-S-<fen hash>.jsonl here)")
    p.add_argument(
        "--progress", type=seconds, default=2.0, help="seconds between progress lines (default 2)"
    )
    return p.parse_args(argv)


def split_jobs(args):
    """Runs `outpost perft-split`; returns its header and the list of jobs (index = id)."""
    command = [args.outpost, "perft-split", "--depth", str(args.depth)]
    if args.split is not None:
        command += ["--split", str(args.split)]
    if args.fen is not None:
        command += ["--fen", args.fen]
    if args.chess960:
        command.append("--chess960")
    try:
        proc = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as e:
        raise Failure(
            f"cannot run {args.outpost!r} ({e.strerror or e}); build it with "
            "`cargo build --release` or give its path with --outpost",
            EXIT_USAGE,
        ) from None
    if proc.returncode != 0:
        # perft-split's own message says what is wrong with the depth, split or FEN.
        message = proc.stderr.strip().removeprefix("outpost: ")
        raise Failure(message, EXIT_USAGE)
    lines = proc.stdout.splitlines()
    header = json.loads(lines[0])
    jobs = [json.loads(line) for line in lines[1:]]
    if len(jobs) != header["jobs"] or any(job["id"] != i for i, job in enumerate(jobs)):
        raise Failure("outpost perft-split wrote an inconsistent job list", EXIT_FAILED)
    return header, jobs


def connect(args):
    """A Dask client: to --scheduler, or to a new local cluster on 127.0.0.1."""
    from distributed import Client, LocalCluster

    if args.scheduler:
        try:
            return Client(args.scheduler, timeout=args.connect_timeout), None
        except (OSError, TimeoutError, ValueError) as e:
            raise Failure(
                f"cannot reach the Dask scheduler at {args.scheduler} within "
                f"{args.connect_timeout:g} s ({e}); start one with `dask scheduler` and workers "
                "with `dask worker ADDRESS` (docs/perft.md)",
                EXIT_NO_SCHEDULER,
            ) from None
    # Loopback only and no dashboard: nothing listens beyond this machine, and the dashboard's
    # extra packages are not needed.
    cluster = LocalCluster(
        n_workers=args.workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        # Shutdown noise (heartbeats to a closed scheduler) would bury our own messages.
        silence_logs=logging.CRITICAL,
    )
    return Client(cluster), cluster


def fmt_time(s):
    s = int(s)
    return f"{s // 3600}:{s // 60 % 60:02}:{s % 60:02}"


class Progress:
    """Progress lines on stderr: jobs done, nodes so far, rate and ETA of this run."""

    def __init__(self, total_jobs, done_before, every):
        self.total = total_jobs
        self.done_before = done_before
        self.every = every
        self.started = time.monotonic()
        self.last = 0.0
        self.tty = sys.stderr.isatty()

    def show(self, done, nodes, workers, force=False):
        now = time.monotonic()
        if not force and now - self.last < self.every:
            return
        self.last = now
        elapsed = now - self.started
        new = done - self.done_before
        eta = fmt_time((self.total - done) * elapsed / new) if new else "?"
        rate = nodes / elapsed / 1e6 if elapsed > 0 else 0.0
        line = (
            f"jobs {done}/{self.total} ({100 * done / max(self.total, 1):.1f}%)  "
            f"nodes {nodes} this run  {rate:.1f} Mnps  elapsed {fmt_time(elapsed)}  ETA {eta}  "
            f"workers {workers}"
        )
        end = "\r" if self.tty and not force else "\n"
        print(line, end=end, file=sys.stderr, flush=True)


def default_results_path(header):
    digest = hashlib.sha1(header["fen"].encode()).hexdigest()[:8]
    return f"perft-{header['depth']}-{header['split']}-{digest}.jsonl"


def batches_of(ids, size):
    return [ids[i : i + size] for i in range(0, len(ids), size)]


def run(args):
    if args.retries < 0:
        raise Failure("--retries must be 0 or more", EXIT_USAGE)
    # A remote scheduler is tried first, so an unreachable one is reported at once; a local
    # cluster is started only once the depth and FEN have proved good.
    client = cluster = None
    if args.scheduler:
        client, cluster = connect(args)
    try:
        header, jobs = split_jobs(args)
        path = args.results or default_results_path(header)
        try:
            results = Results(path, header, jobs)
        except (OSError, ResultsError) as e:
            raise Failure(str(e), EXIT_USAGE) from None
        print(
            f"perft_dist: depth {header['depth']} split at {header['split']}: "
            f"{header['jobs']} jobs ({header['paths']} paths); results in {path}",
            file=sys.stderr,
        )
        if results.done:
            print(
                f"perft_dist: resuming: {len(results.done)} of {len(jobs)} jobs already done",
                file=sys.stderr,
            )
        try:
            if len(results.done) < len(jobs):
                if client is None:
                    client, cluster = connect(args)
                count_all(client, args, jobs, results)
        except KeyboardInterrupt:
            raise Failure(
                f"interrupted: {len(results.done)} of {len(jobs)} jobs are done and saved in "
                f"{path}; run the same command again to resume",
                EXIT_INTERRUPTED,
            ) from None
        finally:
            results.close()
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    report(header, jobs, results.done)


def ship_worker_module(client):
    """Uploads `perft_dist.worker` to the scheduler and every worker, present and future, so that
    the machines of a cluster need Python with `distributed` and the `outpost` binary but not this
    repository. (The scheduler reads the tasks' functions too, so pickling by value would not
    do.) The upload is a zip of the package's `__init__.py` and `worker.py`, imported as
    `perft_dist.worker` as here."""
    here = os.path.dirname(os.path.abspath(worker.__file__))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "perft_dist_worker.zip")
        with zipfile.ZipFile(path, "w") as z:
            for name in ("__init__.py", "worker.py"):
                z.write(os.path.join(here, name), f"perft_dist/{name}")
        client.upload_file(path)


def count_all(client, args, jobs, results):
    """Submits the jobs not yet done in batches and saves each batch's counts as it returns."""
    from distributed import wait
    from distributed.client import FIRST_COMPLETED

    ship_worker_module(client)
    outpost = args.worker_outpost or os.path.abspath(args.outpost)
    todo = [i for i in range(len(jobs)) if i not in results.done]
    workers = client.nthreads()
    size = args.batch or max(1, min(200, math.ceil(len(todo) / (16 * max(len(workers), 1)))))
    pending = set()
    for batch in batches_of(todo, size):
        payload = [(i, jobs[i]["depth"], jobs[i]["fen"]) for i in batch]
        future = client.submit(
            worker.run_batch,
            payload,
            outpost,
            args.threads,
            args.hash,
            key=f"perft-jobs-{batch[0]}-{batch[-1]}-{os.getpid()}-{time.time_ns()}",
            retries=args.retries,
        )
        pending.add(future)
    progress = Progress(len(jobs), len(results.done), args.progress)
    # The rate is this run's: nodes of jobs finished before it are not counted in it.
    nodes = 0
    seen = set(workers)
    warned_empty = False
    while pending:
        try:
            done, pending = wait(
                pending, timeout=min(args.progress, 1.0), return_when=FIRST_COMPLETED
            )
        except TimeoutError:
            done = set()
        for future in done:
            if future.status != "finished":
                why = batch_failure(future, len(results.done), len(jobs), results.path)
                raise Failure(why, EXIT_FAILED)
            counts = future.result()
            results.append(jobs, counts)
            nodes += sum(n * jobs[i]["count"] for i, n in counts)
        now = set(client.nthreads())
        for address in sorted(seen - now):
            print(
                f"perft_dist: worker {address} left; its running batch is moved to another "
                "worker (finished jobs are saved)",
                file=sys.stderr,
            )
        for address in sorted(now - seen):
            print(f"perft_dist: worker {address} joined", file=sys.stderr)
        seen = now
        if not now and not warned_empty:
            print("perft_dist: no worker is connected; waiting for one", file=sys.stderr)
        warned_empty = not now
        progress.show(len(results.done), nodes, len(now))
    progress.show(len(results.done), nodes, len(seen), force=True)


def batch_failure(future, done, total, path):
    from distributed.scheduler import KilledWorker

    error = future.exception()
    if isinstance(error, KilledWorker):
        why = (
            "its workers died each time it ran (out of memory? the outpost binary crashing?); "
            "Dask gave up on it"
        )
    else:
        why = str(error)
    return (
        f"a batch failed: {why}\n"
        f"perft_dist: {done} of {total} jobs are done and saved in {path}; "
        "run the same command again to resume"
    )


def report(header, jobs, done):
    """Prints divide and the total in `outpost perft`'s format."""
    moves = header["root_moves"]
    per_move = dict.fromkeys(moves, 0)
    total = 0
    for i, job in enumerate(jobs):
        n = done[i]
        total += n * job["count"]
        for move, paths in job["roots"].items():
            per_move[move] += n * paths
    if sum(per_move.values()) != total:
        raise Failure("the per-move counts do not add up to the total", EXIT_FAILED)
    for move in moves:
        print(f"{move}: {per_move[move]}")
    print(f"\nNodes searched: {total}")


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)

    # SIGTERM ends the run the way Ctrl-C does: the cluster is closed and the saved jobs kept.
    def terminate(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminate)
    started = time.monotonic()
    try:
        run(args)
    except Failure as e:
        print(f"perft_dist: {e}", file=sys.stderr)
        return e.code
    except KeyboardInterrupt:
        print(
            "\nperft_dist: interrupted; the finished jobs are saved in the results file: run "
            "the same command again to resume",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    print(f"perft_dist: done in {time.monotonic() - started:.1f} s", file=sys.stderr)
    return 0
