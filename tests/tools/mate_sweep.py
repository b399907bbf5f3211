#!/usr/bin/env python3
"""Checks every `score mate N` Outpost prints against an independent oracle.

Random positions (middlegames from random playouts, endgames from random placements of a few
pieces, and the mate suite) are searched with `go depth D`, half of them with `SyzygyPath` set;
every info line with a mate score, exact or bound, on any MultiPV line, is checked:

- by the Syzygy tables (python-chess's prober) when few enough pieces are left: a mate for the
  side to move needs a table win after the line's first move, a mate against it a table loss;
- by an exhaustive mate search with python-chess when |N| is small: `mate N` needs a forced mate
  within N moves starting with the line's first move, `mate -N` a forced mate against the side
  to move within N moves after it.

A line's score is the value of its first move, so every MultiPV line is checked the same way.

A claim one oracle contradicts is a failure; a claim neither could settle (too long to search
exhaustively, too many pieces for the tables) is counted as unchecked. Exit status 1 on any
contradiction.

    python3 tests/tools/mate_sweep.py --engine target/release/outpost --positions 2000 \
        --depth 8 --syzygy tests/data/syzygy/regular --seed 1
"""

import argparse
import random
import subprocess
import sys
import time

import chess
import chess.syzygy


def random_middlegame(rng):
    while True:
        board = chess.Board()
        for _ in range(rng.randint(6, 70)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            return chess.Board(board.fen())


def random_endgame(rng, max_pieces):
    kinds = [chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN]
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), max_pieces)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq in squares[2 : rng.randint(3, max_pieces)]:
            kind = rng.choice(kinds)
            if kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
                continue
            board.set_piece_at(sq, chess.Piece(kind, rng.random() < 0.5))
        board.turn = rng.random() < 0.5
        if board.is_valid() and not board.is_game_over():
            return board


class Budget(Exception):
    pass


class MateOracle:
    """Exhaustive mate search: no pruning but the one that is exact (only a checking move can
    mate in one), with a table of settled (position, moves) questions and a node budget."""

    def __init__(self, budget):
        self.budget = budget
        self.nodes = 0
        self.cache = {}

    def mates_within(self, board, n):
        """Whether the side to move can force mate within n moves."""
        key = (board._transposition_key(), n)
        if key in self.cache:
            return self.cache[key]
        self.nodes += 1
        if self.nodes > self.budget:
            raise Budget()
        result = False
        moves = list(board.legal_moves)
        # Checks first: they are the usual mating moves, and at n == 1 the only ones.
        moves.sort(key=lambda m: not board.gives_check(m))
        for m in moves:
            if n == 1 and not board.gives_check(m):
                break
            board.push(m)
            try:
                if board.is_checkmate():
                    result = True
                elif n > 1 and self.all_replies_lose(board, n - 1):
                    result = True
            finally:
                board.pop()
            if result:
                break
        self.cache[key] = result
        return result

    def all_replies_lose(self, board, n):
        """Whether every move of the side to move (who is not mated) allows mate within n."""
        replies = list(board.legal_moves)
        if not replies:
            return False  # stalemate
        for r in replies:
            board.push(r)
            try:
                ok = self.mates_within(board, n)
            finally:
                board.pop()
            if not ok:
                return False
        return True

    def check(self, board, n, first):
        """True/False for `mate n` in `board` along a line that starts with `first`, or None
        when the budget ran out."""
        self.nodes = 0
        board.push(first)
        try:
            if n > 0:
                # We mate within n: `first` mates, or every reply allows mate within n - 1.
                return board.is_checkmate() or (n > 1 and self.all_replies_lose(board, n - 1))
            # We are mated within -n: after `first` the opponent mates within -n moves.
            return not board.is_game_over() and self.mates_within(board, -n)
        except Budget:
            return None
        finally:
            board.pop()


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.until("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def mate_claims(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        claims = []
        for line in self.until("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                if words[i + 1] == "mate":
                    after = words[i + 3] if len(words) > i + 3 else ""
                    bound = after if after.endswith("bound") else "exact"
                    pv = words[words.index("pv") + 1] if "pv" in words else None
                    if pv:
                        claims.append((int(words[i + 2]), bound, chess.Move.from_uci(pv), line))
        return claims

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="target/release/outpost")
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--syzygy", default="tests/data/syzygy/regular")
    ap.add_argument("--mates", default="tests/data/mates.epd", help="EPD suite added first")
    ap.add_argument("--multipv", type=int, default=1)
    ap.add_argument("--max-search", type=int, default=4, help="largest |N| searched exhaustively")
    ap.add_argument("--budget", type=int, default=300000, help="nodes per exhaustive check")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    positions = []
    if args.mates:
        with open(args.mates) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    positions.append(chess.Board(" ".join(line.split()[:4])))
    while len(positions) < args.positions:
        if len(positions) % 2:
            positions.append(random_middlegame(rng))
        else:
            positions.append(random_endgame(rng, rng.choice([4, 4, 6])))
    positions = positions[: args.positions]

    tables = chess.syzygy.open_tablebase(args.syzygy) if args.syzygy else None
    oracle = MateOracle(args.budget)
    plain = Engine(args.engine)
    with_tb = Engine(args.engine)
    for e in (plain, with_tb):
        e.send(f"setoption name MultiPV value {args.multipv}")
    if tables:
        with_tb.send(f"setoption name SyzygyPath value {args.syzygy}")
    counts = {"positions": 0, "claims": 0, "searched": 0, "tables": 0, "unchecked": 0}
    failures = []
    started = time.time()
    for i, board in enumerate(positions):
        engine = with_tb if i % 2 else plain
        engine.send("ucinewgame")
        counts["positions"] += 1
        for n, bound, first, line in engine.mate_claims(board.fen(), args.depth):
            # Each line's score is the value of its first move (MultiPV lines too).
            counts["claims"] += 1
            settled = False
            if first not in board.legal_moves:
                failures.append((board.fen(), line, "first move of the line is illegal"))
                continue
            after = board.copy(stack=False)
            after.push(first)
            if tables and chess.popcount(after.occupied) <= 5 and not after.is_game_over():
                try:
                    # From the opponent's side, after the line's first move.
                    wdl = tables.probe_wdl(after)
                except (KeyError, chess.syzygy.MissingTableError):
                    wdl = None
                if wdl is not None:
                    settled = True
                    counts["tables"] += 1
                    if (n > 0 and wdl >= 0) or (n < 0 and wdl <= 0):
                        failures.append((board.fen(), line, f"tables say {-wdl} after {first}"))
            if abs(n) <= args.max_search:
                verdict = oracle.check(board.copy(stack=False), n, first)
                if verdict is not None:
                    settled = True
                    counts["searched"] += 1
                    if not verdict:
                        failures.append(
                            (board.fen(), line, f"no forced mate within {abs(n)} after {first}")
                        )
            if not settled:
                counts["unchecked"] += 1
        if (i + 1) % 200 == 0:
            print(f"{i + 1} positions, {counts}, {time.time() - started:.0f} s", file=sys.stderr)
    plain.close()
    with_tb.close()
    print(
        f"positions {counts['positions']} (depth {args.depth}, half with Syzygy), "
        f"mate claims {counts['claims']}: checked by exhaustive search {counts['searched']}, "
        f"by tables {counts['tables']}, unchecked {counts['unchecked']}; "
        f"contradicted {len(failures)}; {time.time() - started:.0f} s"
    )
    for fen, line, why in failures:
        print(f"CONTRADICTED {fen}: {why}\n    {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
