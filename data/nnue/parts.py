#!/usr/bin/env python3
"""Game-range parts of a packed datagen file (issue 48: net 5's data, made again in parts).

A part file is a packed file (docs/nnue.md, "Training data") that holds games START..END of one
datagen run. So that `outpost datagen`, which plays the game numbers `0..--games` its `--out`
file does not yet hold, plays only that range, the part starts as empty blocks (a header
with no positions) for the games before it; `strip` then keeps the range alone. Parts of one run
concatenated in game order are the file of one run, byte for byte (`xz -dc` of them in name order
does that for the files beside this one; `join` does it with checks).

  parts.py prefix OUT SEED START     empty blocks for games 0..START (datagen then plays the rest)
  parts.py strip IN OUT START END    keep games START..END of IN (all must be there) in OUT
  parts.py join OUT PART...          concatenate parts, checking games run 0,1,2,... with no gap
  parts.py count FILE...             (.xz too) games, positions, Chess960 games, first/last game number

HDR and MAGIC are the packed layout's header size and magic (`HEADER_BYTES`, `MAGIC` of the
Rust format); tests/clients/test_data_parts.py checks them against what the engine writes.
"""
import lzma
import struct
import sys

MAGIC = b"OPGAME02"
HDR = 39


def blocks(path):
    with (lzma.open if path.endswith(".xz") else open)(path, "rb") as f:
        data = f.read()
    i = 0
    while i + HDR <= len(data):
        h = data[i:i + HDR]
        if h[:8] != MAGIC:
            raise SystemExit(f"{path}: bad magic at byte {i}")
        game, seed, n = struct.unpack_from("<QQI", h, 8)
        start = int.from_bytes(h[29:32], "little")
        body = struct.unpack_from("<I", h, 35)[0]
        end = i + HDR + body
        if end > len(data):
            break  # torn last block: datagen drops it when it resumes
        yield game, seed, n, start, data[i:end]
        i = end


def header(game, seed):
    return MAGIC + struct.pack("<QQIB", game, seed, 0, 1) + b"\0\0\0" + struct.pack("<HBI", 0, 0, 0)


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "prefix":
        out, seed, start = args[0], int(args[1]), int(args[2])
        with open(out, "xb") as f:
            f.write(b"".join(header(g, seed) for g in range(start)))
    elif cmd == "strip":
        src, out, start, end = args[0], args[1], int(args[2]), int(args[3])
        kept = {}
        for game, _seed, n, _s, raw in blocks(src):
            if start <= game < end:
                if n == 0:
                    raise SystemExit(f"{src}: game {game} in range is empty")
                kept[game] = raw
        missing = [g for g in range(start, end) if g not in kept]
        if missing:
            raise SystemExit(f"{src}: {len(missing)} games missing, first {missing[0]}")
        with open(out, "xb") as f:
            f.write(b"".join(kept[g] for g in range(start, end)))
    elif cmd == "join":
        out, parts = args[0], args[1:]
        expect = 0
        with open(out, "xb") as f:
            for p in parts:
                for game, _seed, n, _s, raw in blocks(p):
                    if n == 0:
                        continue
                    if game != expect:
                        raise SystemExit(f"{p}: game {game}, expected {expect}")
                    f.write(raw)
                    expect += 1
        print(f"{out}: {expect} games")
    elif cmd == "count":
        for p in args:
            games = pos = c960 = 0
            first = last = None
            for game, _seed, n, start, _raw in blocks(p):
                if n == 0:
                    continue
                games += 1
                pos += n
                c960 += start & 1
                first = game if first is None else first
                last = game
            print(f"{p}: {games} games, {pos} positions, {c960} Chess960, games {first}..{last}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
