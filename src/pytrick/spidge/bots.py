"""Built-in Spidge bots: each sees only its player's observation."""

from __future__ import annotations

from typing import Protocol

import trickcore
from pytrick._bots import SearchBot, SeededBot
from pytrick.spidge.observation import SpidgeObservation
from pytrick.spidge.table import Hand
from trickcore.card import ALL_CARDS, Card

__all__ = ["HeuristicBot", "ISMCTSBot", "RandomBot", "SpidgeBot"]

_core = trickcore.spidge


class SpidgeBot(Protocol):
    """The bot protocol: anything with this method can take a player's place.

    A bot is shown only its player's :class:`SpidgeObservation` (never the
    deal), and only when that player is to move — for the dealer, on the
    dummy's turns too (``observation.to_move.hand`` says which hand plays);
    it must return one of the observation's
    :attr:`~SpidgeObservation.legal_moves`.  :func:`play_deal` and the
    tournaments of :mod:`pytrick.arena` call it that way; an illegal choice
    raises :class:`~pytrick.IllegalMoveError`.
    """

    def play(self, observation: SpidgeObservation) -> Card:
        """Choose a card from ``observation.legal_moves``."""
        ...


class RandomBot(SeededBot):
    """Plays uniformly at random among the legal cards.

    >>> from pytrick.spidge import SpidgeDeal
    >>> deal = SpidgeDeal.from_seed(1)
    >>> RandomBot(seed=0).play(deal.observation(deal.to_move.player)) in deal.legal_moves
    True
    """

    def play(self, observation: SpidgeObservation) -> Card:
        """A uniformly random legal card."""
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


class HeuristicBot(SeededBot):
    """A simple player: wins a trick cheaply when it can, otherwise throws its
    lowest card, and leads low from its longest plain suit."""

    def play(self, observation: SpidgeObservation) -> Card:
        """Lead the lowest card; win the trick with the cheapest winning card
        if there is one, else throw the lowest card."""
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


class ISMCTSBot(SearchBot):
    """Information-set Monte Carlo tree search (Cowling et al. 2012, SO-ISMCTS).

    Each of its *iterations* deals the two hidden hands afresh, exactly and
    uniformly from those consistent with its observation, walks one tree of
    its information sets by UCB (*exploration* constant), adds a move, and
    finishes the deal with ``'random'`` or ``'heuristic'`` *rollout* moves;
    it plays the move tried most.  The dealer's tree holds the dummy's moves
    as his own.  The search runs in the compiled core without the GIL.
    *seconds*, if given, also stops the search after that long (then the
    choice depends on the clock, not only on *seed*).

    >>> from pytrick.spidge import ISMCTSBot, SpidgeDeal
    >>> deal = SpidgeDeal.from_seed(5)
    >>> bot = ISMCTSBot(iterations=50, seed=1)  # a small budget for the example
    >>> bot.play(deal.observation(deal.to_move.player)) in deal.legal_moves
    True
    """

    def __init__(
        self,
        iterations: int = 3_000,
        seconds: float | None = None,
        rollout: str = "random",
        exploration: float = 0.7,
        seed: int | None = None,
    ) -> None:
        super().__init__(iterations, seconds, rollout, exploration, seed)

    def play(self, observation: SpidgeObservation) -> Card:
        """The card searched most (a forced card at once, without searching)."""
        from pytrick._worlds import search_inputs

        legal = observation.legal_moves
        if len(legal) == 1:
            return next(iter(legal))
        inputs = search_inputs(observation)
        move, self.last_stats = trickcore.ismcts.spidge_ismcts(
            inputs.template,
            int(observation.seat),
            inputs.seats,
            inputs.hidden,
            inputs.sizes,
            inputs.cases,
            iterations=self.iterations,
            seconds=self.seconds or 0.0,
            seed=self.rng.getrandbits(64),
            exploration=self.exploration,
            rollout=self.rollout,
        )
        return ALL_CARDS[move]

