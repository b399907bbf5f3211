"""The results file: one JSON line per finished job, appended and flushed to disk as each batch
comes back, so that a run that is interrupted or killed loses no finished job, and the next run
of the same command counts only the others.

The first line names the split (FEN, depth, split depth, number of jobs); a file written for
another split is refused rather than mixed in. Each job line repeats the job's FEN and depth,
which are checked against the new split on resume."""

import json
import os


class ResultsError(Exception):
    """A results file that cannot be used for this run."""


def header_for(split):
    """The first line of the results file of `split` (the header line of `outpost perft-split`)."""
    return {
        "type": "perft-dist",
        "fen": split["fen"],
        "depth": split["depth"],
        "split": split["split"],
        "jobs": split["jobs"],
        "paths": split["paths"],
    }


class Results:
    """An open results file: `done` maps job id to its count, `append` saves a batch."""

    def __init__(self, path, split, jobs):
        self.path = path
        self.done = {}
        header = header_for(split)
        if os.path.exists(path) and os.path.getsize(path) > 0:
            self._read(header, jobs)
            self.file = open(path, "a", encoding="utf-8")
            if not self._ends_with_newline():
                # The last line was cut by a kill; start the next one on a line of its own.
                self.file.write("\n")
        else:
            self.file = open(path, "w", encoding="utf-8")
            self.file.write(json.dumps(header, separators=(",", ":")) + "\n")
            self._sync()

    def _ends_with_newline(self):
        with open(self.path, "rb") as f:
            f.seek(-1, os.SEEK_END)
            return f.read(1) == b"\n"

    def _read(self, header, jobs):
        with open(self.path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        try:
            first = json.loads(lines[0])
        except ValueError:
            first = None
        if first != header:
            raise ResultsError(
                f"{self.path} holds the results of another run "
                f"({_describe(first)}, not {_describe(header)}); "
                "give another --results file or remove it"
            )
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                job_id, nodes = int(entry["id"]), int(entry["nodes"])
                fen, depth = entry["fen"], int(entry["depth"])
            except (ValueError, KeyError, TypeError):
                if number == len(lines):
                    continue  # the last line, cut short by a kill: that job is counted again
                raise ResultsError(f"{self.path}:{number}: not a job result: {line[:80]!r}")
            if not 0 <= job_id < len(jobs) or jobs[job_id]["fen"] != fen or (
                jobs[job_id]["depth"] != depth
            ):
                raise ResultsError(f"{self.path}:{number}: job {job_id} is not this split's")
            if self.done.get(job_id, nodes) != nodes:
                raise ResultsError(f"{self.path}: two different counts for job {job_id}")
            self.done[job_id] = nodes

    def append(self, jobs, counts):
        """Saves the counts of one finished batch, (id, nodes) pairs, and syncs them to disk."""
        for job_id, nodes in counts:
            job = jobs[job_id]
            entry = {
                "id": job_id,
                "fen": job["fen"],
                "depth": job["depth"],
                "count": job["count"],
                "nodes": nodes,
            }
            self.file.write(json.dumps(entry, separators=(",", ":")) + "\n")
            self.done[job_id] = nodes
        self._sync()

    def _sync(self):
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self):
        self.file.close()


def _describe(header):
    if not isinstance(header, dict):
        return "no readable first line"
    return f"depth {header.get('depth')} split {header.get('split')} of {header.get('fen')!r}"
