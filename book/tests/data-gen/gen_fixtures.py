"""Generates the expected data of the outpost-book tests into tests/data/polyglot/.

Run from the workspace root after gen_pgn.py, with python-chess 1.11.2:

    /work/devvenv/bin/python book/tests/data-gen/gen_pgn.py
    /work/devvenv/bin/python book/tests/data-gen/gen_fixtures.py

1. reader-positions.tsv: positions of performance.bin (breadth-first over its moves from the start,
   then random walks through the book, then random games, mostly out of book) and of
   lasker-trap.bin, each with python-chess's `find_all(board, minimum_weight=0)` entries.
2. polyglot-*.bin: books built by Debian's `polyglot make-book` (2.0.4) from the test PGNs, when
   /usr/games/polyglot is installed (the commands are in POLYGLOT_BOOKS).
3. readback.tsv: our own books (built with `cargo run --release -p outpost-book --example book --
   make ...`, the same options) read back by python-chess for every position of their games.

Line format of both TSVs: book name, key (hex), FEN, then space-separated entries
`uci:raw_move:weight:learn` (raw_move as 0x%04x) in file order, `-` when there are none. UCI is
python-chess's: `e1g1` castling on standard boards, king-to-rook on Chess960 boards.
"""
import random
import subprocess
import sys
import tempfile
from collections import deque
from pathlib import Path

import chess
import chess.pgn
import chess.polyglot

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_pgn import halving_pgn  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "polyglot"
POLYGLOT = Path("/usr/games/polyglot")

# name -> (pgn file, or None for the generated halving PGN; make-book options; polyglot can read it)
POLYGLOT_BOOKS = {
    "kasparov-min1": ("kasparov-deep-blue-1997.pgn", ["-min-game", "1"]),
    "results": ("results.pgn", []),
    "results-min1-ply10": ("results.pgn", ["-min-game", "1", "-max-ply", "10"]),
    "halving": (None, ["-min-game", "1"]),
    "results-white-score60": ("results.pgn", ["-only-white", "-min-score", "60", "-min-game", "2"]),
    "results-black-uniform": ("results.pgn", ["-only-black", "-uniform"]),
    "chessbase-min1": ("chessbase-empty-line.pgn", ["-min-game", "1"]),
}
# Books whose python-chess read-back goes into readback.tsv (the others only compare bytes).
READBACK = {"kasparov-min1", "results", "results-min1-ply10", "halving", "frc-min1"}
# Polyglot 2.0.4 stops at the first Chess960 game ("illegal move"), so this one is ours only.
OUR_ONLY_BOOKS = {
    "frc-min1": ("cutechess-fischerrandom.pgn", ["-min-game", "1"]),
}


def entries_text(reader, board):
    chess960 = board.chess960
    parts = []
    for e in reader.find_all(board, minimum_weight=0):
        uci = e.move.uci() if not chess960 else board.uci(e.move, chess960=True)
        parts.append(f"{uci}:0x{e.raw_move:04x}:{e.weight}:{e.learn}")
    return " ".join(parts) if parts else "-"


def row(name, reader, board):
    key = chess.polyglot.zobrist_hash(board)
    return f"{name}\t{key:016x}\t{board.fen()}\t{entries_text(reader, board)}"


def reader_positions():
    rows = []
    seen = set()

    def add(name, reader, board):
        key = (name, board.fen())
        if key not in seen:
            seen.add(key)
            rows.append(row(name, reader, board))

    with chess.polyglot.open_reader(DATA / "performance.bin") as reader:
        # Breadth-first over book moves.
        queue = deque([chess.Board()])
        while queue and len(rows) < 1200:
            board = queue.popleft()
            if ("performance", board.fen()) in seen:
                continue
            add("performance", reader, board)
            for e in reader.find_all(board, minimum_weight=0):
                child = board.copy(stack=False)
                child.push(e.move)
                queue.append(child)
        # Random walks through the book, to reach deep lines.
        rng = random.Random(6)
        while len(rows) < 2200:
            board = chess.Board()
            while True:
                add("performance", reader, board)
                entries = list(reader.find_all(board, minimum_weight=0))
                if not entries:
                    break
                board.push(rng.choice(entries).move)
        # Random games: mostly out of book, so lookups must come back empty.
        for _ in range(12):
            board = chess.Board()
            for _ in range(40):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
                add("performance", reader, board)

    with chess.polyglot.open_reader(DATA / "lasker-trap.bin") as reader:
        # 1.d4 d5 2.c4 e5 3.dxe5 d4 4.e3 Bb4+ 5.Bd2 dxe3 6.Bxb4 exf2+ 7.Ke2 fxg1=N+
        line = "d2d4 d7d5 c2c4 e7e5 d4e5 d5d4 e2e3 f8b4 c1d2 d4e3 d2b4 e3f2 e1e2 f2g1n"
        board = chess.Board()
        for uci in line.split():
            add("lasker-trap", reader, board)
            board.push_uci(uci)
        add("lasker-trap", reader, board)
    return rows


def pgn_path(name, pgn, tmp):
    if pgn is None:
        path = Path(tmp) / "halving.pgn"
        path.write_text(halving_pgn())
        return path
    return DATA / pgn


def build_books(tmp):
    """Our books into tmp, Polyglot's into DATA; returns name -> (our book, pgn path)."""
    ours = {}
    example = ["cargo", "run", "--quiet", "--release", "-p", "outpost-book", "--example", "book",
               "--", "make"]
    for name, (pgn, opts) in {**POLYGLOT_BOOKS, **OUR_ONLY_BOOKS}.items():
        path = pgn_path(name, pgn, tmp)
        out = Path(tmp) / f"outpost-{name}.bin"
        our_opts = [o.replace("-min-game", "--min-games") if o.startswith("-") else o
                    for o in opts]
        our_opts = ["-" + o if o.startswith("-") and not o.startswith("--") else o
                    for o in our_opts]
        subprocess.run(example + [str(path), str(out)] + our_opts, check=True, cwd=ROOT)
        ours[name] = (out, path)
        if name in POLYGLOT_BOOKS and POLYGLOT.exists():
            dest = DATA / f"polyglot-{name}.bin"
            subprocess.run([str(POLYGLOT), "make-book", "-pgn", str(path), "-bin", str(dest)] + opts,
                           check=True, stdout=subprocess.DEVNULL)
    return ours


def readback(ours):
    rows = []
    for name, (book, pgn) in ours.items():
        if name not in READBACK:
            continue
        seen = set()
        with chess.polyglot.open_reader(book) as reader, open(pgn, encoding="utf-8-sig") as f:
            while len(seen) < 400:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                board = game.board()
                for move in game.mainline_moves():
                    if board.fen() not in seen and len(seen) < 400:
                        seen.add(board.fen())
                        rows.append(row(name, reader, board))
                    board.push(move)
    return rows


def main():
    header = "# book\tkey\tfen\tentries (uci:raw_move:weight:learn), generated by book/tests/data-gen/gen_fixtures.py\n"
    rows = reader_positions()
    (DATA / "reader-positions.tsv").write_text(header + "\n".join(rows) + "\n")
    with tempfile.TemporaryDirectory() as tmp:
        rows = readback(build_books(tmp))
    (DATA / "readback.tsv").write_text(header + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
