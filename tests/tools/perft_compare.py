#!/usr/bin/env python3
"""Perft speed, Outpost's board crate against Stockfish's `go perft` (and, when given, the cozy-chess
crate's perft example and Gigantua), side by side in one run.

Each (position, tool) pair is run --reps times, interleaved (rep 1 of everything, then rep 2, ...)
so that a burst of load from elsewhere spreads over all tools instead of hitting one. The median
time is reported. Times exclude process start-up for both sides:
  stockfish   from sending `go perft N` (engine initialised, position set) to `Nodes searched`
  outpost     `Instant` around the count inside board/examples/perft_speed.rs
  cozy-chess  `Instant` around the count inside its examples/perft.rs (bulk counting), built outside
              this repository: `cargo new cozy-perft`, depend on cozy-chess with the `pext`
              feature, copy the crate's examples/perft.rs to src/main.rs, RUSTFLAGS
              `-C target-cpu=native`, release with fat LTO; run as `cozy-perft DEPTH FEN`
  gigantua    its own per-depth timer (`Gigantua FEN DEPTH` prints every depth up to DEPTH; the
              last line is used), built outside this repository with g++ -O3 -march=native
Node counts must agree between all runs or the script stops.

Usage:
  cargo build --release -p outpost-board --example perft_speed
  python3 tests/tools/perft_compare.py --ours target/release/examples/perft_speed \
      [--stockfish /usr/games/stockfish] [--reps 3] [--modes make,copy,par2,magic] [--quick] \
      [--cozy /tmp/ext/cozy-perft/target/release/cozy-perft] [--gigantua /tmp/ext/gigantua/Gigantua/giga_gcc]
Pin the whole run to one core from outside: `taskset -c 1 python3 tests/tools/perft_compare.py ...`
(the children inherit the affinity).

Modes of ours: make (default perft: perft-only board, 1 thread), unmake (make/unmake of the full
Position, the perft before issue 32), copy (copy-make of the full Position, 1 thread),
par2 (2 threads), hash2 (2 threads + hash), magic (make with OUTPOST_NO_PEXT=1).
Prints a Markdown table for docs/perft.md.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

POSITIONS = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6),
    ("CPW 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 8),
    ("CPW 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6),
    ("CPW 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 6),
]


def stockfish(path, fen, depth, threads):
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def until(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError("stockfish exited early")

    send("uci")
    until("uciok")
    send("setoption name Threads value %d" % threads)
    send("position fen " + fen)
    send("isready")
    until("readyok")
    start = time.perf_counter()
    send("go perft %d" % depth)
    line = until("Nodes searched")
    secs = time.perf_counter() - start
    send("quit")
    p.wait()
    return int(line.split(":")[1]), secs


def ours(path, mode, fen, depth):
    env = dict(os.environ)
    if mode == "magic":
        env["OUTPOST_NO_PEXT"] = "1"
        mode = "make"
    else:
        env.pop("OUTPOST_NO_PEXT", None)
    out = subprocess.run([path, mode, str(depth), fen], capture_output=True, text=True, env=env, check=True).stdout
    f = out.split()
    return int(f[f.index("nodes") + 1]), float(f[f.index("seconds") + 1]), f[f.index("backend") + 1]


def cozy(path, fen, depth):
    out = subprocess.run([path, str(depth), fen], capture_output=True, text=True, check=True).stdout
    # "N nodes in 1.23s (456 nps)": the time is a Rust Duration in Debug form (s, ms or us).
    f = out.split()
    t = f[f.index("in") + 1]
    for unit, scale in (("ms", 1e-3), ("\u00b5s", 1e-6), ("us", 1e-6), ("ns", 1e-9), ("s", 1.0)):
        if t.endswith(unit):
            return int(f[0]), float(t[: -len(unit)]) * scale
    raise RuntimeError("cozy-perft output not understood: " + out)


def gigantua(path, fen, depth):
    # Prints "Perft i: nodes ms ..." for every depth up to DEPTH, then waits for a key (stdin empty).
    out = subprocess.run([path, fen, str(depth)], capture_output=True, text=True, stdin=subprocess.DEVNULL).stdout
    last = [l for l in out.splitlines() if l.startswith("Perft %d:" % depth)]
    if not last:
        raise RuntimeError("gigantua output not understood: " + out[-300:])
    f = last[0].split()
    return int(f[2]), int(f[3].rstrip("ms")) / 1000.0


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ours", required=True)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--modes", default="make,copy,par2,magic")
    ap.add_argument("--sf-threads2", action="store_true", help="also run Stockfish with Threads=2")
    ap.add_argument("--cozy", help="cozy-chess perft binary (see above)")
    ap.add_argument("--gigantua", help="Gigantua binary (see above)")
    ap.add_argument("--quick", action="store_true", help="two plies shallower, to try the script")
    args = ap.parse_args()
    modes = [m for m in args.modes.split(",") if m]
    tools = (["stockfish"] + (["stockfish-t2"] if args.sf_threads2 else []) + (["cozy"] if args.cozy else [])
             + (["gigantua"] if args.gigantua else []) + modes)
    positions = [(n, f, d - 2 if args.quick else d) for n, f, d in POSITIONS]

    times = {}  # (position, tool) -> [seconds]
    nodes = {}
    backends = {}
    print("load before: %s" % load(), file=sys.stderr)
    for rep in range(args.reps):
        for name, fen, depth in positions:
            for tool in tools:
                if tool == "stockfish":
                    n, s = stockfish(args.stockfish, fen, depth, 1)
                elif tool == "cozy":
                    n, s = cozy(args.cozy, fen, depth)
                elif tool == "gigantua":
                    n, s = gigantua(args.gigantua, fen, depth)
                elif tool == "stockfish-t2":
                    n, s = stockfish(args.stockfish, fen, depth, 2)
                else:
                    n, s, b = ours(args.ours, tool, fen, depth)
                    backends[tool] = b
                if nodes.setdefault(name, n) != n:
                    sys.exit("node count mismatch on %s: %s gives %d, expected %d" % (name, tool, n, nodes[name]))
                times.setdefault((name, tool), []).append(s)
                print("rep %d %s d%d %s: %d nodes %.3f s (load %s)" % (rep + 1, name, depth, tool, n, s, load()),
                      file=sys.stderr)
    print("load after: %s" % load(), file=sys.stderr)

    labels = {
        "stockfish": "Stockfish 1 thr",
        "stockfish-t2": "Stockfish Threads=2",
        "cozy": "cozy-chess 0.3.4 (pext, native)",
        "gigantua": "Gigantua (g++ -O3 -march=native)",
        "make": "Outpost 1 thr perft (%s)" % backends.get("make", "?"),
        "unmake": "Outpost 1 thr Position make/unmake (%s)" % backends.get("unmake", "?"),
        "copy": "Outpost 1 thr copy-make (%s)" % backends.get("copy", "?"),
        "par2": "Outpost 2 thr (%s)" % backends.get("par2", "?"),
        "hash2": "Outpost 2 thr + hash (%s)" % backends.get("hash2", "?"),
        "magic": "Outpost 1 thr make/unmake (%s)" % backends.get("magic", "?"),
    }
    head = "| position | depth | nodes | " + " | ".join(labels[t] + " s / Mnps" for t in tools)
    if "make" in tools:
        head += " | make vs Stockfish"
    head += " |"
    print(head)
    print("|" + "---|" * (3 + len(tools) + ("make" in tools)))
    for name, fen, depth in positions:
        cells = []
        for tool in tools:
            med = statistics.median(times[(name, tool)])
            cells.append("%.3f / %.0f" % (med, nodes[name] / med / 1e6))
        if "make" in tools:
            ratio = statistics.median(times[(name, "stockfish")]) / statistics.median(times[(name, "make")])
            cells.append("%.2fx" % ratio)
        print("| %s | %d | %d | %s |" % (name, depth, nodes[name], " | ".join(cells)))


if __name__ == "__main__":
    main()
