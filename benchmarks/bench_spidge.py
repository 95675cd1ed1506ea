"""Spidge: per-step play, copy() and random playouts, compiled core vs reference,
and OpenSpiel's ``hearts`` per-step loop when ``pyspiel`` is importable.

    python benchmarks/bench_spidge.py [--quick]

Targets (DESIGN.md): >= 2 M steps/s per step, copy() <= 200 ns.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import _openspiel
from _timing import (
    best_rate,
    copy_loop,
    playout_loop,
    print_table,
    spidge_hands,
    spidge_state,
    step_loop,
)

import trickcore


def ready_deals(spidge: object, count: int, State: type | None = None) -> list[object]:
    """Seeded deals ready for the first lead; *State* is the core's SpidgeState
    (hands by hand index) or pytrick's SpidgeDeal (hands by player + dummy)."""
    if State is None:
        return [spidge_state(spidge, seed) for seed in range(count)]
    deals = []
    for seed in range(count):
        hands = spidge_hands(spidge, seed)
        deals.append(State([hands[3], hands[0], hands[2]], hands[1], 0))
    return deals


def per_step(spidge: object, State: type | None = None):  # type: ignore[no-untyped-def]
    """legal_moves + play of the first legal card, 52 steps a deal."""
    return step_loop(ready_deals(spidge, 16, State), 52)


def copies(spidge: object, State: type | None = None):  # type: ignore[no-untyped-def]
    deal = ready_deals(spidge, 1, State)[0]
    for _ in range(9):
        deal.play(deal.legal_moves.min())
    return copy_loop(deal)


def playouts(spidge: object):  # type: ignore[no-untyped-def]
    """Copy a ready deal, play it out from Python with uniformly random legal cards, score it."""
    return playout_loop(ready_deals(spidge, 16), lambda deal: deal.points())


def core_playouts(spidge: object):  # type: ignore[no-untyped-def]
    """Copy a ready deal, ``random_playout`` (the whole loop in C, GIL released), score it."""
    deals = ready_deals(spidge, 16)

    def run(count: int) -> int:
        for i in range(count):
            deal = deals[i & 15].copy()
            deal.random_playout(i + 1)
            deal.points()
        return count

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for CI")
    quick = parser.parse_args().quick
    n_steps, n_copies, n_playouts = (5_200, 10_000, 100) if quick else (1_040_000, 2_000_000, 20_000)
    backends = trickcore.available_backends()
    modules = {name: trickcore.load_backend(name)["_spidge"] for name in backends}
    scale = {"cython": 1, "python": 100}  # the reference is slow: time less of it

    rows = []
    for label, make, n in (
        ("legal_moves + play (steps)", per_step, n_steps),
        ("copy() (copies)", copies, n_copies),
        ("random playout from Python (deals)", playouts, n_playouts),
        ("random_playout() in core (deals)", core_playouts, n_playouts * 10),
    ):
        rates = [best_rate(make(modules[name]), max(n // scale[name], 52)) for name in backends]
        rows.append((label, rates))
    # The same through pytrick's SpidgeDeal (a Python subclass of the core state).
    from pytrick.spidge import SpidgeDeal

    spidge = trickcore.spidge
    rows.append(("pytrick SpidgeDeal steps", [best_rate(per_step(spidge, SpidgeDeal), n_steps)]))
    rows.append(("pytrick SpidgeDeal copy()", [best_rate(copies(spidge, SpidgeDeal), n_copies)]))
    print_table("Spidge: operations per second", backends, rows)
    print(f"(pytrick rows use the {trickcore.BACKEND} backend)")
    if "cython" in modules:
        print(
            f"\ncopy(): core state {1e9 / rows[1][1][0]:.0f} ns, pytrick SpidgeDeal "
            f"{1e9 / rows[5][1][0]:.0f} ns; sizeof(spidge_state) = "
            f"{modules['cython'].STATE_SIZE} bytes"
        )

    _openspiel.compare('hearts', "pytrick SpidgeDeal", rows[4][1][0], rows[5][1][0], n_steps)


if __name__ == "__main__":
    main()
