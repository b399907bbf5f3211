"""What runs on a Dask worker: one batch of jobs counted by the `outpost` binary.

This module is shipped to the workers by value (cloudpickle), so a worker machine needs only
Python with `distributed` and the `outpost` binary, not a copy of this repository."""

import socket
import subprocess


def run_batch(jobs, outpost, threads, hash_mb):
    """Counts `jobs` (a list of (id, depth, fen)) with `outpost perft-jobs`; returns a list of
    (id, nodes) in the same order.

    One process per batch: its perft table is shared by the batch's jobs, which are neighbours in
    the split and so share subtrees. Any failure raises, so that Dask retries the batch or the
    driver reports it; a batch never returns partial counts."""
    lines = "".join(f"{job_id} {depth} {fen}\n" for job_id, depth, fen in jobs)
    command = [outpost, "perft-jobs", "--threads", str(threads), "--hash", str(hash_mb)]
    host = socket.gethostname()
    try:
        proc = subprocess.run(command, input=lines, capture_output=True, text=True, check=False)
    except OSError as e:
        raise RuntimeError(
            f"worker on {host} cannot run {outpost!r} ({e.strerror or e}); "
            "give the binary's path on the workers with --worker-outpost"
        ) from None
    if proc.returncode != 0:
        why = proc.stderr.strip() or f"exit code {proc.returncode}"
        raise RuntimeError(f"outpost perft-jobs on {host} failed: {why}")
    counts = []
    for line in proc.stdout.splitlines():
        job_id, nodes = line.split()
        counts.append((int(job_id), int(nodes)))
    expected = [job_id for job_id, _, _ in jobs]
    if [job_id for job_id, _ in counts] != expected:
        raise RuntimeError(
            f"outpost perft-jobs on {host} answered {len(counts)} of {len(jobs)} jobs"
        )
    return counts
