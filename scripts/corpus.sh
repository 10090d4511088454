#!/usr/bin/env bash
# Byte-for-byte regression corpus for restructurings.
#
#   scripts/corpus.sh record DIR   # run the release binary over the corpus, write DIR
#   scripts/corpus.sh check DIR    # run it again into a temporary folder, diff against DIR
#
# The corpus: every built-in scenario x 3 and 4 players x 3 seeds, each in four
# drawing variants (A4 play, Letter setup, A4 setup ink-saver, Letter play
# black-and-white), all formats; a few extra options on the base game; plus the
# `rules` and `balance` commands. Each run's stdout is kept next to its files.
# Uses target/release/hexpress (override with HEXPRESS_BIN) and at most two jobs
# at once (override with JOBS).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${HEXPRESS_BIN:-$ROOT/target/release/hexpress}
JOBS=${JOBS:-2}

usage() { echo "usage: $0 record|check DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
MODE=$1
DIR=$2

jobs_list() {
    # Each built-in at each of its player counts (`list`: id, counts, title).
    local line s p players
    "$BIN" list | tail -n +2 | while read -r line; do
        s=${line%% *}
        players=""
        # The counts are the numbers after the id, each but the last ending
        # in a comma ("3, 4"): a title that starts with a number ("7
        # Islands") is not read as one.
        for p in ${line#* }; do
            [[ $p =~ ^[0-9]+,?$ ]] || break
            players="$players ${p%,}"
            [[ $p == *, ]] || break
        done
        for p in $players; do
            for seed in 1 7 2024; do
                echo "g-$s-$p-$seed-a4-play generate $s --players $p --seed $seed --paper a4 --view play"
                echo "g-$s-$p-$seed-letter-setup generate $s --players $p --seed $seed --paper letter --view setup"
                echo "g-$s-$p-$seed-a4-setup-ink generate $s --players $p --seed $seed --paper a4 --view setup --ink-saver"
                echo "g-$s-$p-$seed-letter-play-bw generate $s --players $p --seed $seed --paper letter --view play --black-and-white"
            done
            echo "r-$s-$p-a4 rules $s --players $p --seed 7 --paper a4 --view play"
            echo "r-$s-$p-letter-setup rules $s --players $p --seed 7 --paper letter --view setup"
        done
        echo "b-$s balance $s --samples 300 --seed 5"
    done
    echo "x-base-a3-labels generate base --seed 3 --paper a3 --labels --hex-size 60"
    echo "x-base-duplex-short generate base --seed 3 --duplex short --dpi 40"
    echo "x-base-svg-only generate base --seed 3 --formats svg"
    echo "x-base-pdf-png generate base --seed 3 --formats pdf,png"
    echo "x-base-layout-only generate base --seed 3 --layout-only"
    echo "x-base-balanced generate base --seed 3 --balanced --candidates 200"
    echo "x-gold-balanced generate gold-for-catan --players 3 --seed 9 --balanced --candidates 100"
}

run_one() {
    local name=$1; shift
    local cmd=$1; shift
    # Relative --out so the printed paths do not depend on where DIR lives.
    if "$BIN" "$cmd" "$@" --out "$name" >"$name.stdout" 2>"$name.stderr"; then
        echo 0 >"$name.code"
    else
        echo $? >"$name.code"
    fi
}
export -f run_one
export BIN

record() {
    local dir=$1
    rm -rf "$dir"
    mkdir -p "$dir"
    jobs_list >"$dir/JOBS"
    (cd "$dir" && xargs -P "$JOBS" -L 1 bash -c 'run_one "$@"' _ <JOBS)
}

case $MODE in
    record)
        record "$DIR"
        echo "recorded $(find "$DIR" -type f | wc -l) files in $DIR"
        ;;
    check)
        [ -d "$DIR" ] || { echo "no corpus at $DIR" >&2; exit 2; }
        tmp=$(mktemp -d)
        trap 'rm -rf "$tmp"' EXIT
        # A private copy of the binary, so a build during the check cannot swap it.
        cp "$BIN" "$tmp/hexpress"
        BIN=$tmp/hexpress
        record "$tmp/new"
        if diff -rq "$DIR" "$tmp/new"; then
            echo "corpus identical: $(find "$DIR" -type f | wc -l) files"
        else
            echo "corpus differs (see above)" >&2
            exit 1
        fi
        ;;
    *) usage ;;
esac
