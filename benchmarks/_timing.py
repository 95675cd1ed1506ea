"""Side-by-side timing helpers shared by the benchmark scripts.

Machines here are noisy, so every script measures the things it compares in
one run, interleaved, and reports ratios; absolute numbers are indicative.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any


def best_rate(run: Callable[[int], int], n: int, repeats: int = 3,
              clock: Callable[[], float] = time.perf_counter) -> float:
    """Operations per second: *run(n)* performs and returns a count of operations;
    the best of *repeats* runs is kept (the least disturbed one).  *clock* is
    wall-clock time by default; ``time.process_time`` gives operations per CPU
    second of this process (what one core delivers on a shared machine)."""
    best = 0.0
    for _ in range(repeats):
        start = clock()
        done = run(n)
        elapsed = clock() - start
        best = max(best, done / elapsed if elapsed > 0 else float("inf"))
    return best


def percentile(values: Sequence[float], fraction: float) -> float:
    """The *fraction* percentile of *values* (nearest rank: 0.95 for the 95th)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def median_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free *confidence* interval for the median of the
    population *values* were drawn from: the k-th smallest and k-th largest
    value, k the largest rank with P(Binomial(n, 1/2) < k) <= (1 - confidence) / 2.
    Solve times are heavy-tailed, so a median over a few deals moves a lot
    from one sample of deals to another; this says how much.  With too few
    values for the confidence asked, the smallest and largest."""
    ordered = sorted(values)
    n = len(ordered)
    k, below = 1, 0.0  # below: P(Binomial(n, 1/2) < j + 1) as j goes up
    for j in range(n):
        below += math.comb(n, j) / 2 ** n
        if below > (1 - confidence) / 2:
            break
        k = j + 1
    k = min(k, (n + 1) // 2)
    return ordered[k - 1], ordered[n - k]


# Seeded deals of the core modules (either backend's), shared by the scripts
# that time the core directly: the same seed gives the same deal everywhere.


def spitzer_state(spitzer: Any, seed: int, State: type | None = None) -> Any:
    """A Spitzer deal of core module *spitzer* from a pack shuffled by *seed*,
    dealt 3-2-3 by dealer ``seed % 4``, every seat passed: ready for the first
    lead.  *State* is the module's SpitzerState (default) or a subclass
    (pytrick's SpitzerDeal)."""
    pack = list(spitzer.PACK)
    random.Random(seed).shuffle(pack)
    state = (State or spitzer.SpitzerState)(spitzer.deal_pack(pack, seed % 4), seed % 4)
    for _ in range(4):
        state.announce(spitzer.PASS)
    return state


def spidge_hands(spidge: Any, seed: int) -> list[list[int]]:
    """The four Spidge hands (by hand index: dealer's left, dummy, right,
    dealer) of a pack with jokers shuffled by *seed*, dealt one at a time."""
    pack = list(spidge.pack(True))
    random.Random(seed).shuffle(pack)
    return [pack[i::4] for i in range(4)]


def spidge_state(spidge: Any, seed: int) -> Any:
    """A core SpidgeState (default rules) of :func:`spidge_hands`, ready for the first lead."""
    return spidge.SpidgeState(spidge_hands(spidge, seed))


def print_table(title: str, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[float]]]) -> None:
    """Print rates per column and the ratio of the first column to each other."""
    ratios = [f"{columns[0]}/{c}" for c in columns[1:]]
    rate_width = [max(14, len(c)) + 2 for c in columns]
    ratio_width = [max(10, len(r)) + 2 for r in ratios]
    print(f"\n{title}")
    head = f"{'operation':<34}" + "".join(f"{c:>{w}}" for c, w in zip(columns, rate_width, strict=True))
    head += "".join(f"{r:>{w}}" for r, w in zip(ratios, ratio_width, strict=True))
    print(head)
    for name, rates in rows:
        line = f"{name:<34}" + "".join(f"{_fmt(r):>{w}}" for r, w in zip(rates, rate_width, strict=False))
        line += "".join(
            f"{rates[0] / r if r else float('nan'):>{w - 1}.1f}x"
            for r, w in zip(rates[1:], ratio_width, strict=False)
        )
        print(line)


def _fmt(rate: float) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:.2f} M/s"
    if rate >= 1e3:
        return f"{rate / 1e3:.1f} k/s"
    return f"{rate:.0f} /s"


# The timed loops both games' benchmarks run on their ready deals.


def step_loop(deals: Sequence[Any], plays: int) -> Callable[[int], int]:
    """Copy a ready deal, then ``legal_moves`` + ``play`` of the lowest legal
    card *plays* times (a whole deal): steps."""

    def run(count: int) -> int:
        steps = 0
        for i in range(count // plays):
            deal = deals[i & 15].copy()
            for _ in range(plays):
                deal.play(deal.legal_moves.min())
            steps += plays
        return steps

    return run


def copy_loop(deal: Any) -> Callable[[int], int]:
    """``deal.copy()``, unrolled ten to a loop turn: copies."""

    def run(count: int) -> int:
        copy = deal.copy
        for _ in range(count // 10):
            copy(); copy(); copy(); copy(); copy()  # noqa: E702
            copy(); copy(); copy(); copy(); copy()  # noqa: E702
        return count // 10 * 10

    return run


def playout_loop(deals: Sequence[Any], score: Callable[[Any], object]) -> Callable[[int], int]:
    """Copy a ready deal, play it out from Python with uniformly random legal
    cards, *score* it: deals."""
    rand = random.Random(1).random

    def run(count: int) -> int:
        for i in range(count):
            deal = deals[i & 15].copy()
            while not deal.is_over:
                cards = deal.legal_moves.tolist()
                deal.play(cards[int(rand() * len(cards))])
            score(deal)
        return count

    return run
