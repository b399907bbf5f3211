#!/usr/bin/env bash
# Runs every test of the project: the Rust unit and integration tests of all crates (optimised,
# since the perft suites and searches need speed), then the end-to-end tests that drive the real
# `outpost` binary through pipes with python-chess as a real UCI/xboard client.
set -euo pipefail
cd "$(dirname "$0")/.."

# python-chess, in a venv of our own so that nothing on the machine is changed.
if ! .venv/bin/python -c 'import chess' 2>/dev/null; then
    python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check 'chess==1.11.2'
fi

cargo build --release --locked -p outpost
cargo test --release --locked --workspace

if compgen -G "tests/clients/test_*.py" >/dev/null; then
    OUTPOST="${CARGO_TARGET_DIR:-target}/release/outpost" .venv/bin/python -m unittest discover -s tests/clients -v
fi
