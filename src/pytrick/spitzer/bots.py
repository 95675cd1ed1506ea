"""Built-in Spitzer bots: they see only their seat's observation."""

from __future__ import annotations

import random
from typing import Protocol

import trickcore
from pytrick.spitzer.announcement import Announcement
from pytrick.spitzer.observation import SpitzerObservation
from trickcore.card import Card

__all__ = ["HeuristicBot", "RandomBot", "SpitzerBot"]

_core = trickcore.spitzer


class SpitzerBot(Protocol):
    """What a bot does: choose an announcement, choose a card, from an observation."""

    def announce(self, observation: SpitzerObservation) -> Announcement: ...

    def play(self, observation: SpitzerObservation) -> Card: ...


class RandomBot:
    """Plays a uniformly random legal card.  It passes four times in five and
    otherwise makes a random legal announcement (always announcing at random
    would make nearly every deal a Zola).

    >>> from pytrick.spitzer import SpitzerDeal
    >>> deal = SpitzerDeal.from_seed(1)
    >>> bot = RandomBot(seed=0)
    >>> bot.announce(deal.observation(deal.to_move)) in deal.legal_announcements()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def announce(self, observation: SpitzerObservation) -> Announcement:
        choices = observation.legal_announcements
        if self.rng.random() < 0.8:
            return Announcement.PASS
        return self.rng.choice(choices)

    def play(self, observation: SpitzerObservation) -> Card:
        return self.rng.choice(list(observation.legal_moves))


def _beats(card: int, best: int) -> bool:
    if _core.is_trump(card):
        return not _core.is_trump(best) or _core.strength(card) > _core.strength(best)
    return (
        not _core.is_trump(best)
        and _core.effective_suit(card) == _core.effective_suit(best)
        and _core.strength(card) > _core.strength(best)
    )


class HeuristicBot:
    """A simple player: calls when it holds both black queens, Zolas with a very
    strong hand, wins tricks cheaply when it can and throws low cards otherwise."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def announce(self, observation: SpitzerObservation) -> Announcement:
        legal = observation.legal_announcements
        top_trumps = [c for c in observation.hand if _core.is_trump(c) and _core.strength(c) >= 9]
        if len(top_trumps) >= 6 and Announcement.ZOLA in legal:
            return Announcement.ZOLA
        for preferred in (
            Announcement.FIRST_TRICK_CALL,
            Announcement.ACE_CALL_HEARTS,
            Announcement.ACE_CALL_SPADES,
            Announcement.ACE_CALL_CLUBS,
        ):
            if preferred in legal:
                return preferred
        return Announcement.PASS

    def play(self, observation: SpitzerObservation) -> Card:
        legal = sorted(
            observation.legal_moves, key=lambda c: (_core.card_points(c), _core.strength(c))
        )
        trick = observation.current_trick
        if not trick:
            aces = [c for c in legal if c in _core.FAIL_ACES]
            return aces[0] if aces else legal[0]
        best = trick[0][1]
        for _, card in trick[1:]:
            if _beats(card, best):
                best = card
        winners = [c for c in legal if _beats(c, best)]
        if winners and len(trick) >= 2:
            return min(winners, key=lambda c: (_core.is_trump(c), _core.strength(c)))
        return legal[0]
