"""Sampling complete deals from an observation: compiled vs reference sampler.

    python benchmarks/bench_inference.py [--quick]

``pytrick.inference.sample_deals(observation, n, seed, backend=...)`` derives
the constraints from the observation, draws the hidden hands with the chosen
sampler backend, and replays the observed history on each complete deal (the
deal objects are those of the chosen trickcore backend in both columns, so the
ratio isolates the sampler).  Rows "n=100" are the per-deal cost of a batch;
"n=1 calls" is one determinization per call, what a search loop that samples
one world per iteration pays (the constraints of an observation are cached);
"n=1, new obs" clears that cache before every call (a new position each time).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _timing import best_rate, print_table

import trickcore
from pytrick import inference
from pytrick.inference import count_deals, sample_deals


def spitzer_midgame() -> Any:
    """An ace-call deal after 2 tricks and a card, seen by a defender."""
    from pytrick.spitzer import Announcement, SpitzerDeal

    seed = 0
    while True:
        seed += 1
        rng = random.Random(seed)
        deal = SpitzerDeal.from_seed(seed)
        while deal.phase == trickcore.spitzer.AUCTION:
            legal = deal.legal_announcements
            calls = [a for a in legal if "ACE_CALL" in a.name]
            deal.announce(calls[0] if calls else Announcement.PASS)
        if deal.announcer is None or deal.announcer < 0:
            continue
        for _ in range(9):
            deal.play(rng.choice(list(deal.legal_moves)))
        return deal.observation((deal.announcer + 1) % 4)


def spidge_midgame() -> Any:
    """A Spidge deal after 4 tricks and a card, seen by the player left of the dealer."""
    from pytrick.spidge import SpidgeDeal

    rng = random.Random(3)
    deal = SpidgeDeal.from_seed(3)
    for _ in range(17):
        deal.play(rng.choice(list(deal.legal_moves)))
    return deal.observation((deal.dealer + 1) % 3)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="tiny sizes, a few seconds (CI)")
    quick = parser.parse_args().quick

    backends = list(trickcore.available_backends())
    batch = {"cython": 300 if quick else 5_000, "python": 100 if quick else 1_000}
    calls = {"cython": 100 if quick else 2_000, "python": 20 if quick else 200}
    positions: list[tuple[str, Callable[[], Any]]] = [("Spitzer mid-game", spitzer_midgame)]
    try:
        from pytrick.spidge import SpidgeDeal  # noqa: F401
    except ImportError:
        print("(pytrick.spidge is not available: Spidge rows skipped)")
    else:
        positions.append(("Spidge mid-game", spidge_midgame))

    rows = []
    for label, make in positions:
        observation = make()
        print(f"{label}: {count_deals(observation)} consistent deals")
        batch_rates, call_rates, fresh_rates = [], [], []
        for name in backends:

            def many(n: int, name: str = name, obs: Any = observation) -> int:
                done = 0
                while done < n:
                    done += len(sample_deals(obs, 100, seed=done, backend=name))  # type: ignore[arg-type]
                return done

            def single(n: int, name: str = name, obs: Any = observation) -> int:
                for seed in range(n):
                    sample_deals(obs, 1, seed=seed, backend=name)  # type: ignore[arg-type]
                return n

            def fresh(n: int, name: str = name, obs: Any = observation) -> int:
                for seed in range(n):
                    inference._cached_plan.cache_clear()
                    sample_deals(obs, 1, seed=seed, backend=name)  # type: ignore[arg-type]
                return n

            batch_rates.append(best_rate(many, batch[name]))
            call_rates.append(best_rate(single, calls[name]))
            fresh_rates.append(best_rate(fresh, calls[name]))
        rows.append((f"{label}: n=100", batch_rates))
        rows.append((f"{label}: n=1 calls", call_rates))
        rows.append((f"{label}: n=1, new obs", fresh_rates))
    print_table(
        f"sample_deals: complete deals per second (deal objects: {trickcore.BACKEND})",
        backends,
        rows,
    )


if __name__ == "__main__":
    main()
