"""Spitzer: per-step play, copy() and random playouts, compiled core vs reference,
and OpenSpiel's ``skat`` per-step loop when ``pyspiel`` is importable.

    python benchmarks/bench_spitzer.py [--quick]

Targets (DESIGN.md): >= 2 M steps/s per step, >= 5x pyspiel, copy() <= 200 ns.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import _openspiel
from _timing import best_rate, copy_loop, playout_loop, print_table, spitzer_state, step_loop

import trickcore


def ready_deals(spitzer: object, count: int, State: type | None = None) -> list[object]:
    """Seeded deals with the announcements done (all pass), ready for the first lead;
    *State* is the core's SpitzerState or a subclass (pytrick's SpitzerDeal)."""
    return [spitzer_state(spitzer, seed, State) for seed in range(count)]


def per_step(spitzer: object, State: type | None = None):  # type: ignore[no-untyped-def]
    """legal_moves + play of the first legal card, 32 steps a deal."""
    return step_loop(ready_deals(spitzer, 16, State), 32)


def copies(spitzer: object, State: type | None = None):  # type: ignore[no-untyped-def]
    deal = ready_deals(spitzer, 1, State)[0]
    for _ in range(9):
        deal.play(deal.legal_moves.min())
    return copy_loop(deal)


def playouts(spitzer: object):  # type: ignore[no-untyped-def]
    """Copy a ready deal, play it out from Python with uniformly random legal cards, score it."""
    return playout_loop(ready_deals(spitzer, 16), lambda deal: deal.raw_result())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for CI")
    quick = parser.parse_args().quick
    n_steps, n_copies, n_playouts = (3_200, 10_000, 100) if quick else (640_000, 2_000_000, 20_000)
    backends = trickcore.available_backends()
    modules = {name: trickcore.load_backend(name)["_spitzer"] for name in backends}
    scale = {"cython": 1, "python": 50}  # the reference is slow: time less of it

    rows = []
    for label, make, n in (
        ("legal_moves + play (steps)", per_step, n_steps),
        ("copy() (copies)", copies, n_copies),
        ("random playout + score (deals)", playouts, n_playouts),
    ):
        rates = [best_rate(make(modules[name]), max(n // scale[name], 32)) for name in backends]
        rows.append((label, rates))
    # The same through pytrick's SpitzerDeal (a Python subclass of the core state).
    from pytrick.spitzer import SpitzerDeal

    spitzer = trickcore.spitzer
    rows.append(("pytrick SpitzerDeal steps", [best_rate(per_step(spitzer, SpitzerDeal), n_steps)]))
    rows.append(("pytrick SpitzerDeal copy()", [best_rate(copies(spitzer, SpitzerDeal), n_copies)]))
    print_table("Spitzer: operations per second", backends, rows)
    print(f"(pytrick rows use the {trickcore.BACKEND} backend)")
    if "cython" in modules:
        print(
            f"\ncopy(): core state {1e9 / rows[1][1][0]:.0f} ns, pytrick SpitzerDeal "
            f"{1e9 / rows[4][1][0]:.0f} ns; sizeof(SpitzerDeal) = {modules['cython'].STATE_SIZE} bytes"
        )

    _openspiel.compare('skat', "pytrick SpitzerDeal", rows[3][1][0], rows[4][1][0], n_steps)


if __name__ == "__main__":
    main()
