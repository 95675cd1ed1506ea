"""Card-set operations and card-table look-ups: compiled core vs reference.

    python benchmarks/bench_cards.py [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _timing import best_rate, print_table

import trickcore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for CI")
    n = 2_000 if parser.parse_args().quick else 200_000
    backends = trickcore.available_backends()
    modules = {name: trickcore.load_backend(name) for name in backends}
    rng = random.Random(1)
    masks = [rng.getrandbits(54) for _ in range(64)]

    def set_algebra(CardSet: type) -> object:
        sets = [CardSet(m) for m in masks]

        def run(count: int) -> int:
            for i in range(count):
                a, b = sets[i & 63], sets[(i * 7) & 63]
                (a | b) & b
                a - b
            return count * 3

        return run

    def iterate(CardSet: type) -> object:
        sets = [CardSet(m) for m in masks]

        def run(count: int) -> int:
            total = 0
            for i in range(count // 10):
                for _card in sets[i & 63]:
                    total += 1
            return total

        return run

    def parse(CardSet: type) -> object:
        def run(count: int) -> int:
            for _ in range(count // 10):
                CardSet("QC 7D QS QH QD JC JS JH JD AD")
            return (count // 10) * 10

        return run

    def lookups(spitzer: object) -> object:
        pack = list(spitzer.PACK)  # type: ignore[attr-defined]
        strength, points = spitzer.strength, spitzer.card_points  # type: ignore[attr-defined]

        def run(count: int) -> int:
            for i in range(count):
                card = pack[i & 31]
                strength(card)
                points(card)
            return count * 2

        return run

    rows = []
    for label, make, module in (
        ("CardSet |, &, - (ops)", set_algebra, "_cards"),
        ("CardSet iteration (cards)", iterate, "_cards"),
        ("CardSet from text (cards)", parse, "_cards"),
        ("Spitzer strength+points (lookups)", lookups, "_spitzer"),
    ):
        rates = []
        for name in backends:
            target = modules[name][module]
            run = make(target.CardSet if module == "_cards" else target)
            rates.append(best_rate(run, n))  # type: ignore[arg-type]
        rows.append((label, rates))
    print_table("cards: operations per second", backends, rows)


if __name__ == "__main__":
    main()
