"""What runs on a Dask worker: one batch of jobs counted by the `outpost` binary.

The driver uploads this module to every worker (`driver.ship_worker_module`), so a worker machine
needs only Python with `distributed` and the `outpost` binary, not a copy of this repository.

Each worker process keeps one `outpost perft-jobs` process running and feeds it batch after
batch: its perft table then serves every job the worker counts, not only the jobs of one batch.
Starting a process (and clearing a table) per batch made a one-machine run about twice as slow
as a plain `outpost perft` of the same depth."""

import socket
import subprocess
import threading

# One counting process per (binary, threads, table size) in this worker process, and a lock so
# that two tasks run by the same worker's threads never interleave their lines.
_PROCESSES = {}
_LOCK = threading.Lock()


def _start(outpost, threads, hash_mb, host):
    command = [outpost, "perft-jobs", "--threads", str(threads), "--hash", str(hash_mb)]
    try:
        return subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
    except OSError as e:
        raise RuntimeError(
            f"worker on {host} cannot run {outpost!r} ({e.strerror or e}); "
            "give the binary's path on the workers with --worker-outpost"
        ) from None


def _failure(proc, host, why):
    """Ends a counting process that failed, and says why (its stderr when it has one)."""
    try:
        proc.kill()
        _, err = proc.communicate(timeout=5)
    except (OSError, subprocess.SubprocessError, ValueError):
        err = ""
    detail = (err or "").strip() or why
    return RuntimeError(f"outpost perft-jobs on {host} failed: {detail}")


def run_batch(jobs, outpost, threads, hash_mb):
    """Counts `jobs` (a list of (id, depth, fen)) with this worker's `outpost perft-jobs`;
    returns a list of (id, nodes) in the same order.

    Any failure raises (and the counting process is ended, to be started afresh by the next
    batch), so that Dask retries the batch or the driver reports it; a batch never returns
    partial counts."""
    host = socket.gethostname()
    key = (outpost, threads, hash_mb)
    with _LOCK:
        proc = _PROCESSES.get(key)
        if proc is None or proc.poll() is not None:
            proc = _start(outpost, threads, hash_mb, host)
            _PROCESSES[key] = proc
        counts = []
        try:
            # One job at a time: the process counts them one after another anyway, and a whole
            # batch written at once could fill both pipes and block both sides.
            for job_id, depth, fen in jobs:
                proc.stdin.write(f"{job_id} {depth} {fen}\n")
                proc.stdin.flush()
                line = proc.stdout.readline()
                if not line:
                    raise _failure(proc, host, f"it stopped after {len(counts)} of {len(jobs)} jobs")
                answered_id, nodes = line.split()
                if answered_id != str(job_id):
                    raise _failure(proc, host, f"answered job {answered_id} for job {job_id}")
                counts.append((job_id, int(nodes)))
        except (OSError, ValueError) as e:
            _PROCESSES.pop(key, None)
            raise _failure(proc, host, str(e)) from None
        except RuntimeError:
            _PROCESSES.pop(key, None)
            raise
    return counts
