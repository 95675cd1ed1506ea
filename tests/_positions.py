"""Positions the tests share: a deal played on at random from a seed."""

from __future__ import annotations

import random

from pytrick import spidge


def random_spidge_position(seed: int, plays: int) -> spidge.SpidgeDeal:
    """The Spidge deal of *seed* after *plays* random legal cards (drawn from the same seed)."""
    deal = spidge.SpidgeDeal.from_seed(seed)
    rng = random.Random(seed)
    for _ in range(plays):
        deal.play(rng.choice(sorted(deal.legal_moves)))
    return deal
