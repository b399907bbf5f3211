#!/usr/bin/env python3
"""How long `go` takes at a given thread count, measured from outside through pipes (issue 15,
point 3; results in docs/smp.md).

For each thread count N:
  * `setoption name Threads value N` + `isready`: time to `readyok`, each repetition in a fresh
    engine (so the threads are really created);
  * `go movetime 300` from a few positions, in one engine: time from sending `go` to reading
    `bestmove`;
and once for CECP: `cores 99999` (clamped to 1024), then `new`, `st 0.3`, `go`: time to `move`.
With `--stop-reps R`, also per thread count: `go infinite` from each position, `stop` after a
random 50 to 500 ms, and the time from sending `stop` to reading `bestmove` (issue 18 wants it
under 10 ms). `--set Name=Value` (repeatable) sets options first, e.g. `--set Hash=256`.

Prints min / median / max in milliseconds. Standard library only.

    python3 tests/tools/thread_timing.py --engine target/release/outpost --threads 1,64,1024
"""

import argparse
import os
import random
import select
import statistics
import subprocess
import sys
import time

POSITIONS = [
    "startpos",
    "fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
]


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
        )
        self.buf = b""

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def until(self, pred, timeout):
        """Reads lines until one satisfies pred; returns it, or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        fd = self.p.stdout.fileno()
        while True:
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                text = line.decode(errors="replace").strip()
                if pred(text):
                    return text
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            self.buf += chunk

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=30)
        except Exception:
            self.p.kill()
            self.p.wait()


def stats(ms, digits=0):
    return (
        f"min {min(ms):.{digits}f}  median {statistics.median(ms):.{digits}f}  "
        f"max {max(ms):.{digits}f}"
    )


def timed(engine, line, pred, timeout):
    t = time.monotonic()
    engine.send(line)
    got = engine.until(pred, timeout)
    return (time.monotonic() - t) * 1000, got


def start(path, n, options, timeout):
    """A ready engine with `Threads` n and the given `Name=Value` options."""
    e = Engine(path)
    e.send("uci")
    e.until(lambda l: l == "uciok", timeout)
    for opt in options:
        name, value = opt.split("=", 1)
        e.send(f"setoption name {name} value {value}")
    e.send(f"setoption name Threads value {n}")
    e.send("isready")
    e.until(lambda l: l == "readyok", timeout)
    return e


def measure_stop(path, n, reps, options, timeout):
    rng = random.Random(n)
    e = start(path, n, options, timeout)
    stops = []
    for i in range(reps):
        e.send(f"position {POSITIONS[i % len(POSITIONS)]}")
        e.send("go infinite")
        time.sleep(rng.uniform(0.05, 0.5))
        ms, got = timed(e, "stop", lambda l: l.startswith("bestmove"), timeout)
        stops.append(ms if got else float("inf"))
        e.send("isready")
        e.until(lambda l: l == "readyok", timeout)
    e.close()
    stops.sort()
    p90 = stops[min(len(stops) - 1, int(0.9 * len(stops)))]
    print(
        f"Threads {n:>4}: stop -> bestmove  {stats(stops, 1)}  90th percentile {p90:.1f}  "
        f"({reps} searches{', ' + ' '.join(options) if options else ''})"
    )


def measure_threads(path, n, ready_reps, go_reps, timeout):
    ready = []
    for _ in range(ready_reps):
        e = Engine(path)
        e.send("uci")
        e.until(lambda l: l == "uciok", timeout)
        e.send(f"setoption name Threads value {n}")
        ms, got = timed(e, "isready", lambda l: l == "readyok", timeout)
        ready.append(ms if got else float("inf"))
        e.close()
    e = start(path, n, [], timeout)
    gos = []
    for i in range(go_reps):
        e.send(f"position {POSITIONS[i % len(POSITIONS)]}")
        ms, got = timed(e, "go movetime 300", lambda l: l.startswith("bestmove"), timeout)
        if not got:
            gos.append(float("inf"))
            e.send("stop")
            e.until(lambda l: l.startswith("bestmove"), timeout)
        else:
            gos.append(ms)
        e.send("isready")
        e.until(lambda l: l == "readyok", timeout)
    e.close()
    print(f"Threads {n:>4}: readyok   {stats(ready)}  ({ready_reps} fresh engines)")
    print(f"Threads {n:>4}: movetime 300 -> bestmove  {stats(gos)}  ({go_reps} searches)")


def measure_xboard(path, reps, timeout):
    e = Engine(path)
    e.send("xboard")
    e.send("protover 2")
    e.until(lambda l: "done=1" in l, timeout)
    e.send("cores 99999")
    ms, _ = timed(e, "ping 1", lambda l: l == "pong 1", timeout)
    print(f"cores 99999: pong after {ms:.0f} ms")
    moves = []
    for i in range(reps):
        e.send("new")
        e.send("st 0.3")
        ms, got = timed(e, "go", lambda l: l.startswith("move "), timeout)
        moves.append(ms if got else float("inf"))
        e.send("force")
        e.send(f"ping {i + 2}")
        e.until(lambda l: l == f"pong {i + 2}", timeout)
    e.close()
    print(f"cores 99999, st 0.3: go -> move  {stats(moves)}  ({reps} searches)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/outpost")
    ap.add_argument("--threads", default="1,64,1024")
    ap.add_argument("--ready-reps", type=int, default=5)
    ap.add_argument("--go-reps", type=int, default=20)
    ap.add_argument("--xboard-reps", type=int, default=10)
    ap.add_argument("--stop-reps", type=int, default=0)
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option for the stop measurement (repeatable)",
    )
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per step")
    args = ap.parse_args()
    print(f"engine {args.engine}, {os.cpu_count()} CPUs, load {os.getloadavg()}")
    for n in [int(x) for x in args.threads.split(",")]:
        measure_threads(args.engine, n, args.ready_reps, args.go_reps, args.timeout)
        if args.stop_reps > 0:
            measure_stop(args.engine, n, args.stop_reps, args.set, args.timeout)
    if args.xboard_reps > 0:
        measure_xboard(args.engine, args.xboard_reps, args.timeout)
    print(f"load {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
