#!/usr/bin/env bash
# Whole bot games on `generate base --balanced` boards (the default fairness
# bar): how often each seat wins, its chi-square, and how well the seat
# simulation's pips predict the winner. Opt-in and slow (about one game a
# second per core): outside CI.
#
#   VENV=/path/to/venv scripts/seat-play.sh GAMES [OUT_DIR] [WEIGHTS.toml]
#
# GAMES: games to play in all (1,000 or more for a table worth reading).
# VENV: a virtual environment with catanatron (../shared/tools/seatplay/README.md
# says how to make one). Plays with target/release/hexpress on two processes
# at `nice -n 10` (the machine is shared), appends to OUT_DIR/games.jsonl (so
# a second run goes on where the first stopped) and prints the win-rate table
# (../shared/tools/seatplay/analyze.py) and the calibration
# (scripts/seat_calibration.py). With WEIGHTS.toml the boards are
# `generate base --balanced --weights WEIGHTS.toml` instead.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
GAMES=${1:?usage: VENV=... scripts/seat-play.sh GAMES [OUT_DIR] [WEIGHTS.toml]}
OUT=${2:-$ROOT/output/seat-play}
WEIGHTS=${3:-}
SEATPLAY=${SEATPLAY:-$ROOT/../shared/tools/seatplay}
PY=${VENV:?set VENV to a virtual environment with catanatron}/bin/python
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
BIN=$ROOT/target/release/hexpress
[ -x "$BIN" ] || { echo "build first: cargo build --release" >&2; exit 2; }
if [ -n "$WEIGHTS" ]; then
    WEIGHTS=$(cd "$(dirname "$WEIGHTS")" && pwd)/$(basename "$WEIGHTS")
    COND=d
    export SEAT_ARGS="--balanced --weights $WEIGHTS"
else
    COND=b
fi
count() { cat "$OUT"/games-*.jsonl 2>/dev/null | wc -l; }
have=$(count)
pids=()
stop() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap stop EXIT
if [ "$have" -lt "$GAMES" ]; then
    # Two processes, each on its own seeds; a rerun starts past the games played.
    for k in 0 1; do
        start=$(( k * 1000000 + $(cat "$OUT/games-$k.jsonl" 2>/dev/null | wc -l) ))
        (cd "$SEATPLAY" && HEXPRESS=$BIN CONDS=$COND nice -n 10 "$PY" run.py \
            "$OUT/games-$k.jsonl" $(( $(date +%s) + 86400 )) "$start") &
        pids+=($!)
    done
    while [ "$(count)" -lt "$GAMES" ]; do
        sleep 10
        echo "$(count) of $GAMES games" >&2
    done
    stop
fi
cat "$OUT"/games-*.jsonl > "$OUT/games.jsonl"
"$PY" "$SEATPLAY/analyze.py" "$OUT/games.jsonl"
python3 scripts/seat_calibration.py "$OUT/games.jsonl" "$BIN" $WEIGHTS
