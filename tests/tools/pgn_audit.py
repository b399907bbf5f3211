#!/usr/bin/env python3
"""Audit match PGNs from cutechess-cli or fastchess for forfeits, illegal moves and crashes.

    pgn_audit.py [--engine NAME] games.pgn [more.pgn ...]

Every game is replayed with python-chess from its start position (a FEN tag, Chess960 included),
so an illegal move is caught even if the tournament manager did not flag it. Each game's ending
is classified from the [Termination] tag and the manager's closing comment ("White loses on
time", "Black makes an illegal move", "White disconnects", ...). A forfeit is charged to the side
named in that comment. Prints totals, the endings, and per engine the games, score and forfeits;
exits with status 1 if an engine given with --engine (default: every engine) forfeited a game or
a game holds a move python-chess rejects.

It also rebuilds each side's clock from the [TimeControl] tag (or the side's own
[WhiteTimeControl] / [BlackTimeControl], written for time odds) and the move times in the comments,
as fastchess keeps it (the clock starts at base + increment; each move's time comes off, then the
increment goes on; a moves-to-go control adds its base before the move that ends a period), and
prints per engine the least time any of its moves left on its clock and how many left less than
--margin ms: near misses that a few more stalls would have turned into losses on time
(docs/results/time-losses.md). cutechess-cli's clock starts at the base alone, so for its PGNs
these figures are one increment high.
"""

import argparse
import collections
import re
import sys

import chess
import chess.pgn

# Manager phrases that mean the named side forfeited, and the kind of forfeit each is.
FORFEITS = [
    (re.compile(r"\b(White|Black) loses on time"), "time forfeit"),
    (re.compile(r"\b(White|Black) makes an illegal move"), "illegal move"),
    (re.compile(r"\b(White|Black) disconnects"), "crash/disconnect"),
    (re.compile(r"\b(White|Black)'s connection stalls"), "stalled"),
    (re.compile(r"\b(White|Black) terminates"), "crash/disconnect"),
]
# Termination tags that mean a forfeit even when the comment does not say who.
FORFEIT_TAGS = {"time forfeit", "timeout", "illegal move", "abandoned", "stalled connection", "disconnect"}


def ending(game):
    """The manager's closing text: the comment on the last move (cutechess) or on the game."""
    node = game.end()
    text = node.comment or game.comment or ""
    # cutechess writes "score/depth time, reason"; the reason follows the last comma.
    return text.rsplit(",", 1)[-1].strip() if text else ""


TIME_CONTROL = re.compile(r"^(?:(\d+)/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$")
MOVE_TIME = re.compile(r"(?:^|\s)(\d+(?:\.\d+)?)s\b")


def time_control(game, side):
    """(moves per period or 0, base ms, increment ms) of one side: its own tag when the two
    clocks differ (fastchess writes [WhiteTimeControl] and [BlackTimeControl] for time odds),
    else [TimeControl]; None when there is no tag this understands or no time at all."""
    own = "WhiteTimeControl" if side == chess.WHITE else "BlackTimeControl"
    tag = game.headers.get(own) or game.headers.get("TimeControl", "")
    m = TIME_CONTROL.match(tag.strip())
    if not m:
        return None
    moves, base, inc = int(m.group(1) or 0), float(m.group(2)) * 1000, float(m.group(3) or 0) * 1000
    if base + inc == 0:
        return None
    return moves, base, inc


def clock_left(game):
    """Per side, the clock in ms left after each of its moves (before the increment), or None
    when a side has no clock tag this understands or a move has no time."""
    control = {side: time_control(game, side) for side in (chess.WHITE, chess.BLACK)}
    if None in control.values():
        return None
    clock = {side: base + inc for side, (_, base, inc) in control.items()}
    to_go = {side: moves for side, (moves, _, _) in control.items()}
    left = {chess.WHITE: [], chess.BLACK: []}
    board = game.board()
    for node in game.mainline():
        t = MOVE_TIME.search(node.comment or "")
        if not t:
            return None
        side = board.turn
        moves, base, inc = control[side]
        if moves:
            if to_go[side] == 1:
                to_go[side] = moves
                clock[side] += base
            else:
                to_go[side] -= 1
        clock[side] -= round(float(t.group(1)) * 1000)
        left[side].append(clock[side])
        clock[side] = max(clock[side], 0) + inc
        board.push(node.move)
    return left


def replay(game):
    """Plays the moves from the start position; returns an error text or None."""
    board = game.board()
    for ply, move in enumerate(game.mainline_moves(), 1):
        if move not in board.legal_moves:
            return f"ply {ply}: {board.uci(move) if move else move} is illegal in {board.fen()}"
        board.push(move)
    if game.errors:
        return "; ".join(str(e) for e in game.errors)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="append", default=[], help="engine to hold to zero forfeits")
    parser.add_argument("--margin", type=int, default=100,
                        help="count the moves that left less than this many ms on the clock")
    parser.add_argument("pgn", nargs="+")
    args = parser.parse_args()

    endings = collections.Counter()
    terminations = collections.Counter()
    per_engine = collections.defaultdict(lambda: collections.Counter())
    bad_moves = []
    games = 0
    for path in args.pgn:
        with open(path, encoding="utf-8", errors="replace") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games += 1
                white, black = game.headers.get("White", "?"), game.headers.get("Black", "?")
                result = game.headers.get("Result", "*")
                for name, side in ((white, chess.WHITE), (black, chess.BLACK)):
                    stats = per_engine[name]
                    stats["games"] += 1
                    won = "1-0" if side == chess.WHITE else "0-1"
                    lost = "0-1" if side == chess.WHITE else "1-0"
                    stats["W" if result == won else "L" if result == lost else "D"] += 1
                text = ending(game)
                endings[text or "(none)"] += 1
                term = game.headers.get("Termination", "")
                terminations[term or "(none)"] += 1
                charged = False
                for pattern, kind in FORFEITS:
                    m = pattern.search(text)
                    if m:
                        per_engine[white if m.group(1) == "White" else black][kind] += 1
                        charged = True
                if not charged and term.lower() in FORFEIT_TAGS:
                    for name in (white, black):
                        per_engine[name][f"{term} (side unknown)"] += 1
                left = clock_left(game)
                if left is not None:
                    for name, side in ((white, chess.WHITE), (black, chess.BLACK)):
                        stats = per_engine[name]
                        for ms in left[side]:
                            stats["timed moves"] += 1
                            stats["near misses"] += ms < args.margin
                            stats["least left"] = min(stats.get("least left", ms), ms)
                error = replay(game)
                if error:
                    bad_moves.append(f"{path} game {games} ({white} - {black}): {error}")

    print(f"{games} games in {len(args.pgn)} file(s)")
    print("endings:")
    for text, n in endings.most_common():
        print(f"  {n:6d}  {text}")
    print("termination tags:", ", ".join(f"{t} {n}" for t, n in terminations.most_common()))
    failed = bool(bad_moves)
    watched = set(args.engine) or set(per_engine)
    for name in sorted(per_engine):
        stats = per_engine[name]
        clock = ("timed moves", "near misses", "least left")
        faults = {k: v for k, v in stats.items() if k not in ("games", "W", "L", "D") + clock}
        print(f"{name}: {stats['games']} games, +{stats['W']} -{stats['L']} ={stats['D']}, "
              f"forfeits: {', '.join(f'{k} {v}' for k, v in faults.items()) or 'none'}")
        if stats["timed moves"]:
            print(f"  clock: {stats['timed moves']} timed moves, least left {stats['least left']:.0f} ms, "
                  f"{stats['near misses']} left under {args.margin} ms")
        if faults and name in watched:
            failed = True
    print(f"moves python-chess rejects: {len(bad_moves)}")
    for line in bad_moves:
        print("  " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
