"""Exact uniform sampling of hidden hands: compiled core vs reference.

    python benchmarks/bench_sampling.py [--quick]

Rows "samples" time one ``sample_assignments`` call drawing many deals (the
per-deal cost); rows "calls, n=1" time a call drawing one deal (input checks
and the count table included: the cost of one determinization per search
iteration).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import best_rate, print_table

import trickcore


def suit_mask(suit: int, ranks: range = range(13)) -> int:
    mask = 0
    for rank in ranks:
        mask |= 1 << (suit * 13 + rank)
    return mask


def spitzer_midgame() -> tuple[int, list[int], list[int]]:
    """32-card pack (7..A), after 3 tricks: the observer holds 5, 12 are played,
    15 hidden among 3 seats of 5; one seat showed a void in hearts, another in
    clubs and spades."""
    rng = random.Random(1)
    pack = [suit * 13 + rank for suit in range(4) for rank in range(5, 13)]
    rng.shuffle(pack)
    hidden = 0
    for card in pack[:15]:
        hidden |= 1 << card
    hearts, clubs, spades = suit_mask(2), suit_mask(0), suit_mask(3)
    allowed = [hidden & ~hearts, hidden, hidden & ~(clubs | spades)]
    return hidden, [5, 5, 5], allowed


def spidge_opening() -> tuple[int, list[int], list[int]]:
    """52 cards, the observer's 13 known: 3 unknown hands of 13, no voids yet."""
    hidden = ((1 << 52) - 1) & ~suit_mask(3)  # say the observer holds the spades
    return hidden, [13, 13, 13], [hidden] * 3


def spidge_midgame() -> tuple[int, list[int], list[int]]:
    """After 5 tricks: 3 hands of 8 hidden cards, voids in three suits."""
    rng = random.Random(2)
    pack = list(range(52))
    rng.shuffle(pack)
    hidden = 0
    for card in pack[:24]:
        hidden |= 1 << card
    allowed = [hidden & ~suit_mask(0), hidden & ~suit_mask(1), hidden & ~suit_mask(2)]
    return hidden, [8, 8, 8], allowed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="tiny sizes, a few seconds (CI)")
    quick = parser.parse_args().quick

    backends = list(trickcore.available_backends())
    modules = {name: trickcore.load_backend(name)["_sampling"] for name in backends}
    # The reference is ~100x slower: give it fewer deals so the run stays short.
    size = {"cython": 20_000 if quick else 300_000, "python": 200 if quick else 3_000}
    calls = {"cython": 2_000 if quick else 30_000, "python": 50 if quick else 500}

    rows = []
    for label, make in (
        ("Spitzer 15 hidden, voids", spitzer_midgame),
        ("Spidge 39 hidden", spidge_opening),
        ("Spidge 24 hidden, voids", spidge_midgame),
    ):
        hidden, sizes, allowed = make()
        count = modules[backends[-1]].count_assignments(hidden, sizes, allowed)
        print(f"{label}: {count} consistent deals")
        sample_rates, call_rates = [], []
        for name in backends:
            sample = modules[name].sample_assignments

            def many(n: int, sample=sample, case=(hidden, sizes, allowed)) -> int:  # type: ignore[no-untyped-def]
                return len(sample(*case, n, 42))

            def single(n: int, sample=sample, case=(hidden, sizes, allowed)) -> int:  # type: ignore[no-untyped-def]
                for seed in range(n):
                    sample(*case, 1, seed)
                return n

            sample_rates.append(best_rate(many, size[name]))
            call_rates.append(best_rate(single, calls[name]))
        rows.append((f"{label}: samples", sample_rates))
        rows.append((f"{label}: n=1 calls", call_rates))
    print_table("hidden-hand sampling: deals (or calls) per second", backends, rows)


if __name__ == "__main__":
    main()
