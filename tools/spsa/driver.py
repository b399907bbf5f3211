"""The command line: `run` plays iterations with fastchess until the plan or the time is used up,
`show` prints where a run stands. See the package docstring and `docs/testing.md`."""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from spsa.tuner import TunerError, Tuner, load, parse_params, save, select

TAG = re.compile(r'^\[(White|Black|Result|Termination) "([^"]*)"\]', re.M)


def count_results(pgn_text):
    """(wins, losses, draws, unfinished, forfeits) of the engine named `plus` in the games of a
    PGN text; a forfeit is a game that ended on time or by an engine's failure."""
    wins = losses = draws = unfinished = forfeits = 0
    for game in pgn_text.split("[Event ")[1:]:
        tags = dict(TAG.findall(game))
        plus_white = tags.get("White") == "plus"
        result = tags.get("Result", "*")
        if result == "1/2-1/2":
            draws += 1
        elif result in ("1-0", "0-1"):
            if (result == "1-0") == plus_white:
                wins += 1
            else:
                losses += 1
        else:
            unfinished += 1
        if tags.get("Termination", "") in (
            "time forfeit",
            "abandoned",
            "illegal move",
            "stalled connection",
        ):
            forfeits += 1
    return wins, losses, draws, unfinished, forfeits


def fastchess_command(args, trial, pgn):
    """The fastchess match of one iteration: `pairs` pairs of games, plus against minus."""
    fmt = "pgn" if args.openings.endswith(".pgn") else "epd"
    cmd = [args.fastchess]
    for name, values in (("plus", trial.plus), ("minus", trial.minus)):
        cmd += ["-engine", f"cmd={args.engine}", f"name={name}"]
        cmd += [f"option.{n}={v}" for n, v in values.items()]
    cmd += ["-each", "proto=uci", f"tc={args.tc}", f"option.Hash={args.hash}", "option.Threads=1"]
    cmd += ["-openings", f"file={args.openings}", f"format={fmt}", "order=random"]
    cmd += [
        "-srand",
        str(args.seed_base + trial.k),
        "-rounds",
        str(args.pairs),
        "-games",
        "2",
        "-repeat",
    ]
    cmd += ["-concurrency", str(args.concurrency), "-recover"]
    cmd += ["-draw", "movenumber=40", "movecount=8", "score=10"]
    cmd += ["-resign", "movecount=3", "score=1000", "twosided=true"]
    cmd += ["-pgnout", f"file={pgn}"]
    return cmd


def resolve_paths(args):
    """Make the engine, the openings and a fastchess given by path absolute: the matches run in
    a folder of their own, where a path relative to the caller's would name nothing."""
    for name in ("engine", "openings"):
        path = getattr(args, name)
        if not os.path.isfile(path):
            raise TunerError(f"--{name} {path}: no such file")
        setattr(args, name, os.path.abspath(path))
    if os.sep in args.fastchess:
        if not os.path.isfile(args.fastchess):
            raise TunerError(f"--fastchess {args.fastchess}: no such file")
        args.fastchess = os.path.abspath(args.fastchess)
    elif shutil.which(args.fastchess) is None:
        raise TunerError(f"--fastchess {args.fastchess}: not found on PATH")


def tail(path, lines=5):
    """The last lines of a log, to say why a match failed."""
    if not os.path.exists(path):
        return ""
    with open(path, errors="replace") as f:
        return "".join(f.readlines()[-lines:])


def run(args):
    resolve_paths(args)
    if os.path.exists(args.state):
        tuner = load(args.state)
        print(f"resuming {args.state} at iteration {tuner.k} of {tuner.schedule.iterations}")
    else:
        if not args.params:
            raise TunerError(
                "a new run needs --params "
                "(the lines of `cargo run -p outpost-search --example spsa`)"
            )
        with open(args.params) as f:
            params = select(parse_params(f.read()), set(filter(None, args.only.split(","))))
        tuner = Tuner(params, args.iterations, args.seed)
        save(tuner, args.state)
        print(f"new run {args.state}: {len(params)} parameters, {args.iterations} iterations")
    args.seed_base = tuner.seed * 10_000
    deadline = time.monotonic() + args.hours * 3600 if args.hours else None
    workdir = tempfile.mkdtemp(prefix="spsa-")
    pgn = os.path.join(workdir, "games.pgn")
    log = os.path.join(workdir, "fastchess.log")
    while not tuner.done():
        if deadline and time.monotonic() >= deadline:
            print("time is up; resume with the same command")
            break
        trial = tuner.trial()
        if os.path.exists(pgn):
            os.remove(pgn)
        with open(log, "w") as out:
            done = subprocess.run(
                fastchess_command(args, trial, pgn),
                cwd=workdir,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        text = open(pgn).read() if os.path.exists(pgn) else ""
        wins, losses, draws, unfinished, forfeits = count_results(text)
        if done.returncode != 0 or unfinished or wins + losses + draws != 2 * args.pairs:
            # Interrupted (Ctrl-C, session end) or broken: the iteration is not learned from.
            played = wins + losses + draws
            print(
                f"iteration {trial.k} incomplete (fastchess exit {done.returncode}, "
                f"{played} games); stopping. The end of {log}:\n{tail(log)}",
                end="",
            )
            return 1
        tuner.learn(trial, wins, losses, draws)
        save(tuner, args.state)
        note = f", {forfeits} forfeit(s)" if forfeits else ""
        print(
            f"iteration {tuner.k}/{tuner.schedule.iterations}: +{wins} -{losses} ={draws}{note}; "
            f"{tuner.games()} games",
            flush=True,
        )
    show_state(tuner)
    return 0


def show_state(tuner):
    wins = sum(r[0] for r in tuner.results)
    losses = sum(r[1] for r in tuner.results)
    print(
        f"iteration {tuner.k} of {tuner.schedule.iterations}, {tuner.games()} games "
        f"(plus +{wins} -{losses})"
    )
    print(f"{'parameter':<24}{'default':>9}{'now':>9}{'value':>10}")
    values = tuner.values()
    for p in tuner.params:
        print(f"{p.name:<24}{p.default:>9}{values[p.name]:>9}{tuner.theta[p.name]:>10.2f}")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="spsa", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play iterations (new run, or resume the state file)")
    r.add_argument(
        "--state", required=True, help="the run's JSON state, written after every iteration"
    )
    r.add_argument("--params", help="OpenBench SPSA lines (a new run only)")
    r.add_argument("--only", default="", help="comma-separated names to tune (default: all)")
    r.add_argument(
        "--iterations", type=int, default=2000, help="planned iterations (a new run only)"
    )
    r.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the perturbations and openings (a new run only)",
    )
    r.add_argument("--engine", required=True, help="the `tune` build of outpost")
    r.add_argument("--fastchess", default="fastchess")
    r.add_argument("--openings", required=True, help="EPD or PGN openings, drawn at random")
    r.add_argument("--tc", default="2+0.02")
    r.add_argument("--hash", type=int, default=16)
    r.add_argument("--pairs", type=int, default=2, help="game pairs per iteration")
    r.add_argument("--concurrency", type=int, default=2)
    r.add_argument(
        "--hours", type=float, default=0, help="stop (between iterations) after this long"
    )
    s = sub.add_parser("show", help="print the state of a run")
    s.add_argument("--state", required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "show":
            show_state(load(args.state))
            return 0
        return run(args)
    except (TunerError, OSError) as e:
        print(f"spsa: {e}", file=sys.stderr)
        return 2
