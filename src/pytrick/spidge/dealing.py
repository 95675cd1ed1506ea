"""Shuffling, cutting for the first dealer and dealing, reproducible from a seed (RULES.md 2.4).

A seed replays on every platform because only :class:`random.Random`'s
``shuffle`` and ``sample`` are used, on lists in card-number order:

* :func:`cut_for_dealer`: each round, the players still in contention cut
  ``rng.sample(pack, n)`` (distinct cards, one each, in player order); the
  highest rank deals (a joker is highest, suits do not count); tied players
  cut again.
* :func:`shuffled_pack`: ``rng.shuffle`` of the pack in card-number order.
* :func:`deal_pack`: one card at a time clockwise from the dealer's left, so
  card *i* of the pack goes to hand ``i % 4`` (left, dummy, right, dealer).

>>> import random
>>> rng = random.Random(1)
>>> cut_for_dealer(rng, jokers=True) in (0, 1, 2)
True
>>> hands = deal_pack(shuffled_pack(rng, jokers=True))
>>> [len(hand) for hand in hands]
[13, 13, 13, 13]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import trickcore
from trickcore.card import ALL_CARDS, Card
from trickcore.errors import InvalidCardError

__all__ = ["cut_for_dealer", "deal_pack", "shuffled_pack"]

_core = trickcore.spidge


def shuffled_pack(rng: random.Random, jokers: bool = True) -> list[Card]:
    """The 52 cards of the pack in card-number order, shuffled by ``rng.shuffle``."""
    pack = [ALL_CARDS[c] for c in _core.pack(jokers)]
    rng.shuffle(pack)
    return pack


def deal_pack(pack: Sequence[int]) -> list[list[Card]]:
    """Deal *pack* (top card first) one at a time clockwise from the dealer's left:
    the four hands ``[left, dummy, right, dealer]``."""
    if len(pack) != 52:
        raise InvalidCardError(f"a Spidge pack has 52 cards, not {len(pack)}")
    return [[Card(c) for c in pack[i::4]] for i in range(4)]


def cut_for_dealer(rng: random.Random, jokers: bool = True) -> int:
    """Cut for the first dealer: the highest card deals, ties cut again."""
    pack = list(_core.pack(jokers))
    contenders = [0, 1, 2]
    while len(contenders) > 1:
        cuts = rng.sample(pack, len(contenders))
        best = max(_core.strength(c) for c in cuts)
        contenders = [
            p for p, c in zip(contenders, cuts, strict=False) if _core.strength(c) == best
        ]
    return contenders[0]
