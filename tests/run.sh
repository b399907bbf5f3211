#!/usr/bin/env bash
# Runs every test of the project: formatting and clippy (warnings are errors), the Rust unit and
# integration tests of all crates (optimised, since the perft suites and searches need speed),
# then the end-to-end tests that drive the real `outpost` binary through pipes with python-chess
# as a real UCI/xboard client.
set -euo pipefail
cd "$(dirname "$0")/.."

# python-chess, and Dask for the distributed perft (tools/perft_dist), in a venv of our own so
# that nothing on the machine is changed.
if ! .venv/bin/python -c 'import chess, distributed' 2>/dev/null; then
    python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check 'chess==1.11.2' \
        'dask[distributed]==2026.8.0'
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Style first: it is the quickest to fail, and every commit must pass it.
cargo fmt --all -- --check
# Every file a comment or a document names must exist (tests/style/comment_paths.py), no doc or
# comment names a developer's home folder (tests/style/home_paths.py), and each check must still
# catch what it is for (their own tests, on temporary trees).
python3 tests/style/comment_paths.py
python3 tests/style/home_paths.py
python3 -m unittest discover -s tests/style -v 2>&1 | tee -a "$log"
cargo clippy --locked --workspace --all-targets -- -D warnings
# The `tune` build (search parameters as UCI options) must stay clean too.
cargo clippy --locked -p outpost --all-targets --features tune -- -D warnings

cargo build --release --locked -p outpost
cargo test --release --locked --workspace 2>&1 | tee -a "$log"

OUTPOST="${CARGO_TARGET_DIR:-target}/release/outpost" \
    .venv/bin/python -m unittest discover -s tests/clients -v 2>&1 | tee -a "$log"
# The SPSA driver's arithmetic, state and match command (the games need fastchess, not here).
.venv/bin/python -m unittest discover -s tests/spsa -v 2>&1 | tee -a "$log"
# The distributed perft on local Dask clusters (127.0.0.1 only).
OUTPOST="${CARGO_TARGET_DIR:-target}/release/outpost" \
    .venv/bin/python -m unittest discover -s tests/perft_dist -v 2>&1 | tee -a "$log"

# With `tune` the search parameters are options that change play (the workspace run above checks
# that without it they are absent). Last, because it rebuilds the engine binary with the feature,
# and the client tests above must drive the normal one.
cargo test --release --locked -p outpost --features tune --test tune --bins 2>&1 | tee -a "$log"

# One closing line for both runners (reached only when everything passed: set -e and pipefail).
rust=$(grep -E '^test result:' "$log" | awk '{p += $4; f += $6} END {print p + 0, f + 0}')
python=$(grep -E '^Ran [0-9]+ tests?' "$log" | awk '{n += $2} END {print n + 0}')
read -r rust_passed rust_failed <<<"$rust"
echo "$((rust_passed + python)) passed, $rust_failed failed"
