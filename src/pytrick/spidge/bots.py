"""Built-in Spidge bots: each sees only its player's observation."""

from __future__ import annotations

import random
from typing import Protocol

import trickcore
from pytrick.spidge.observation import SpidgeObservation
from pytrick.spidge.table import Hand
from trickcore.card import Card

__all__ = ["HeuristicBot", "RandomBot", "SpidgeBot"]

_core = trickcore.spidge


class SpidgeBot(Protocol):
    """What a bot does: choose a card from an observation (the dealer's bot
    also chooses the dummy's cards)."""

    def play(self, observation: SpidgeObservation) -> Card: ...


class RandomBot:
    """Plays uniformly at random among the legal cards.

    >>> from pytrick.spidge import SpidgeDeal
    >>> deal = SpidgeDeal.from_seed(1)
    >>> RandomBot(seed=0).play(deal.observation(deal.to_move.player)) in deal.legal_moves
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def play(self, observation: SpidgeObservation) -> Card:
        return self.rng.choice(list(observation.legal_moves))


def _winning_so_far(trick: tuple[tuple[Hand, Card], ...]) -> Card | None:
    """The card winning an incomplete trick, ignoring jokers still to come."""
    cards = [card for _, card in trick]
    jokers = [c for c in cards if c.is_joker]
    if len(jokers) == 1:
        return jokers[0]
    rest = [c for c in cards if not c.is_joker]
    if not rest:
        return None
    spades = [c for c in rest if c.suit == 3]
    if spades:
        return max(spades)
    led = rest[0].suit
    return max(c for c in rest if c.suit == led)


class HeuristicBot:
    """A simple player: wins a trick cheaply when it can, otherwise throws its
    lowest card, and leads low from its longest plain suit."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def play(self, observation: SpidgeObservation) -> Card:
        legal = sorted(observation.legal_moves, key=lambda c: (_core.strength(c), int(c)))
        trick = observation.current_trick
        if not trick:
            return legal[0]
        best = _winning_so_far(trick)
        if best is None:
            return legal[0]
        cards = [card for _, card in trick]
        winners = []
        for card in legal:
            if _core.trick_winner([*cards, card, *self._fillers(cards, card)]) == len(cards):
                winners.append(card)
        return winners[0] if winners else legal[0]

    @staticmethod
    def _fillers(cards: list[Card], card: Card) -> list[int]:
        # Complete the trick with the lowest unused clubs/diamonds so that
        # trick_winner can judge the card against the cards already played.
        used = {int(c) for c in cards} | {int(card)}
        fillers: list[int] = []
        for candidate in range(52):
            if len(cards) + 1 + len(fillers) == 4:
                break
            if candidate not in used and candidate % 13 == 0 and candidate // 13 != 3:
                fillers.append(candidate)
        for candidate in range(52):
            if len(cards) + 1 + len(fillers) == 4:
                break
            if candidate not in used and candidate not in fillers and candidate // 13 != 3:
                fillers.append(candidate)
        return fillers
