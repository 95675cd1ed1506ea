"""Positions the tests share: a deal played on at random from a seed."""

from __future__ import annotations

import random
from types import ModuleType

from hypothesis import strategies as st

from pytrick import spidge
from trickcore import spitzer
from trickcore.card import Card

Backend = dict[str, ModuleType]

SPITZER_PACK = sorted(int(card) for card in spitzer.PACK)
# Cards a first speaker needs for every call to come up now and then.
RIGGED = [int(Card(word)) for word in "QC QS AC AS AH".split()]


@st.composite
def spitzer_hands(draw: st.DrawFn) -> tuple[list[list[int]], int]:
    """Four Spitzer hands (card numbers) and a dealer.  Half the deals give the
    first speaker both black queens and some fail aces, so that every call
    comes up."""
    order = draw(st.permutations(SPITZER_PACK))
    dealer = draw(st.integers(0, 3))
    first = (dealer + 1) % 4
    hands = [list(order[8 * s : 8 * s + 8]) for s in range(4)]
    rig = draw(st.integers(0, len(RIGGED))) if draw(st.booleans()) else 0
    for card in RIGGED[:rig]:
        owner = next(s for s in range(4) if card in hands[s])
        if owner != first:
            # Swap the card with one of the first speaker's cards not rigged.
            give = next(c for c in hands[first] if c not in RIGGED)
            hands[owner][hands[owner].index(card)] = give
            hands[first][hands[first].index(give)] = card
    return hands, dealer


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
