"""Positions the tests share: a deal played on at random from a seed."""

from __future__ import annotations

import random
from types import ModuleType

from pytrick import spidge

Backend = dict[str, ModuleType]


def random_spidge_position(seed: int, plays: int) -> spidge.SpidgeDeal:
    """The Spidge deal of *seed* after *plays* random legal cards (drawn from the same seed)."""
    deal = spidge.SpidgeDeal.from_seed(seed)
    rng = random.Random(seed)
    for _ in range(plays):
        deal.play(rng.choice(sorted(deal.legal_moves)))
    return deal


def spitzer_position(backend: Backend, seed: int, moves: int, options: int = 0) -> object:
    """A core Spitzer deal of *backend* dealt from *seed* after *moves* random
    announcements and cards (fewer if it ends)."""
    sp = backend["_spitzer"]
    pack = list(sp.PACK)
    rng = random.Random(seed)
    rng.shuffle(pack)
    deal = sp.SpitzerState(sp.deal_pack(pack, seed % 4), seed % 4, options)
    for _ in range(moves):
        if deal.is_over:
            break
        deal.play_action(deal.random_move(rng))
    return deal


def spidge_position(backend: Backend, seed: int, moves: int, flags: int = 1) -> object:
    """A core Spidge deal of *backend* dealt from *seed* under option *flags*
    (jokers by default) after *moves* random cards (at most 52)."""
    sg = backend["_spidge"]
    pack = list(sg.pack(bool(flags & 1)))
    rng = random.Random(seed)
    rng.shuffle(pack)
    deal = sg.SpidgeState([sum(1 << c for c in pack[h::4]) for h in range(4)], flags)
    for _ in range(min(moves, 52)):
        deal.play_action(deal.random_move(rng))
    return deal
