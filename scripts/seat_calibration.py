#!/usr/bin/env python3
"""How well the seat simulation's pips predict who wins whole bot games.

    python3 scripts/seat_calibration.py GAMES.jsonl HEXPRESS [WEIGHTS.toml]

GAMES.jsonl: the games of ../shared/tools/seatplay/run.py (conditions a, b
or d). HEXPRESS: the binary whose boards they were played on. For every
game it asks `hexpress sample` for the board again (a: `sample base --seed S
--measures`; b: `--balanced`; d: `--balanced --weights WEIGHTS.toml`) and
reads each seat's total pips under the weights file's seat policy (the
default: `variety`); the harness's own greedy pip-only draft
(`greedy_pips`, the `pips` policy's kind of draft) is compared beside it.
For each it prints, with x = a seat's total minus its table's mean: the
slope of winning on x within each seat (points of win chance per pip, seat
effects held apart) with a bootstrap interval over games, the pooled
correlation of x with winning, and a calibration table of win rates by x.
Plain Python, no packages.
"""
import json, math, random, subprocess, sys

SEED0 = {"a": 1_000_000, "b": 2_000_000, "d": 4_000_000}
games = [json.loads(l) for l in open(sys.argv[1])]
hexpress = sys.argv[2]
weights = sys.argv[3:4]


def seat_totals(cond, seeds):
    """The simulation's seat totals of the boards of `seeds` (consecutive runs)."""
    out = {}
    seeds = sorted(seeds)
    runs, start = [], seeds[0]
    for a, b in zip(seeds, seeds[1:] + [None]):
        if b != a + 1:
            runs.append((start, a))
            start = b
    extra = {"a": ["--measures"], "b": ["--balanced"], "d": ["--balanced", "--weights", *weights]}[cond]
    for lo, hi in runs:
        text = subprocess.run([hexpress, "sample", "base", "-q", "-s", str(lo), "-n", str(hi - lo + 1), *extra],
                              capture_output=True, text=True, check=True).stdout
        for k, line in enumerate(text.splitlines()):
            out[lo + k] = [s["pips"]["total"] for s in json.loads(line)["balance"]["seats"]]
    return out


rows = []
for cond in sorted({g["cond"] for g in games} & set(SEED0)):
    gs = [g for g in games if g["cond"] == cond and g["winner_seat"] is not None]
    totals = seat_totals(cond, [g["board_seed"] for g in gs])
    for g in gs:
        rows.append({"winner_seat": g["winner_seat"], "greedy": g["greedy_pips"], "simulation": totals[g["board_seed"]]})
rng = random.Random(7)
BINS = [(-99, -1.5), (-1.5, -0.5), (-0.5, 0.5), (0.5, 1.5), (1.5, 99)]


def points(games, key):
    """(x, won, seat) for every seat of every game."""
    out = []
    for g in games:
        t = g[key]
        m = sum(t) / len(t)
        for s, v in enumerate(t):
            out.append((v - m, 1.0 if g["winner_seat"] == s else 0.0, s))
    return out


def slope_within_seats(pts):
    """Least-squares slope of won on x with one intercept per seat."""
    sxy = sxx = 0.0
    for s in range(4):
        xs = [p for p in pts if p[2] == s]
        if len(xs) < 2:
            continue
        mx = sum(p[0] for p in xs) / len(xs)
        my = sum(p[1] for p in xs) / len(xs)
        sxy += sum((p[0] - mx) * (p[1] - my) for p in xs)
        sxx += sum((p[0] - mx) ** 2 for p in xs)
    return sxy / sxx if sxx > 0 else float("nan")


def corr(pts):
    n = len(pts)
    mx = sum(p[0] for p in pts) / n
    my = sum(p[1] for p in pts) / n
    sxy = sum((p[0] - mx) * (p[1] - my) for p in pts)
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    syy = sum((p[1] - my) ** 2 for p in pts)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")


def boot(stat, games, key, b=1000):
    vals = sorted(stat(points([games[rng.randrange(len(games))] for _ in games], key)) for _ in range(b))
    return vals[int(0.025 * b)], vals[int(0.975 * b)]


print(f"{len(rows)} games with a winner")
for key in ("greedy", "simulation"):
    pts = points(rows, key)
    b = slope_within_seats(pts)
    lo, hi = boot(slope_within_seats, rows, key)
    r = corr(pts)
    rlo, rhi = boot(corr, rows, key)
    means = [sum(p[0] for p in pts if p[2] == s) / len(rows) for s in range(4)]
    print(f"\n## {'the harness greedy pip draft' if key == 'greedy' else 'the seat simulation'}")
    print(f"slope within seats: {100 * b:+.2f} points of win chance per pip (95 % CI {100 * lo:+.2f} to {100 * hi:+.2f})")
    print(f"pooled correlation of (seat pips - table mean) with winning: r = {r:+.3f} (95 % CI {rlo:+.3f} to {rhi:+.3f}), {len(pts)} seats")
    print("mean of (seat pips - table mean) by seat: " + " / ".join(f"{m:+.2f}" for m in means))
    print("| seat pips - table mean | seats | won | 95 % CI |")
    print("| --- | --- | --- | --- |")
    for a, z in BINS:
        sel = [p for p in pts if a <= p[0] < z]
        if not sel:
            continue
        k, n = sum(p[1] for p in sel), len(sel)
        p = k / n
        h = 1.96 * math.sqrt(p * (1 - p) / n)
        name = f"below {z}" if a < -50 else (f"{a} or more" if z > 50 else f"{a} to {z}")
        print(f"| {name} | {n} | {100 * p:.1f} % | {100 * max(0, p - h):.1f}-{100 * min(1, p + h):.1f} % |")
