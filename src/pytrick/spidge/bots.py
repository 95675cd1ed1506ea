"""Built-in Spidge bots: each sees only its player's observation."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import trickcore
from pytrick._bots import SearchBot, SeededBot, check_turn
from pytrick._pimc import PIMCSearch
from pytrick.spidge.observation import SpidgeObservation
from pytrick.spidge.table import Hand
from trickcore._arguments import check_count
from trickcore.card import ALL_CARDS, Card

if TYPE_CHECKING:
    from pytrick.spidge.deal import SpidgeDeal

__all__ = ["HeuristicBot", "ISMCTSBot", "PIMCBot", "RandomBot", "SpidgeBot"]

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
        check_turn(self, observation, "spidge", "play")
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
        check_turn(self, observation, "spidge", "play")
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
            fillers = self._fillers(cards, card, observation.rules.jokers)
            if _core.trick_winner([*cards, card, *fillers]) == len(cards):
                winners.append(card)
        return winners[0] if winners else legal[0]

    @staticmethod
    def _fillers(cards: list[Card], card: Card, jokers: bool) -> list[int]:
        # Complete the trick so that trick_winner can judge the card against
        # the cards already played, with cards of this deal's pack (with
        # jokers there is no 2♦ or 2♥) that cannot take the trick from it:
        # first the lowest card of clubs, diamonds and hearts, each below
        # every other card of its suit, then the lowest other plain cards
        # (needed only when the card cannot win anyway).
        used = {int(c) for c in cards} | {int(card)}
        plain = _PLAIN_CARDS[jokers]
        fillers: list[int] = []
        for candidate in (*_LOWEST_PLAIN[jokers], *plain):
            if len(cards) + 1 + len(fillers) == 4:
                break
            if candidate not in used and candidate not in fillers:
                fillers.append(candidate)
        return fillers


#: By ``jokers``: the clubs, diamonds and hearts of the pack, in card order,
#: and the lowest card of each of the three suits.
_PLAIN_CARDS = {jokers: tuple(c for c in _core.pack(jokers) if c < 39) for jokers in (False, True)}
_LOWEST_PLAIN = {
    jokers: tuple(min(c for c in cards if c // 13 == suit) for suit in range(3))
    for jokers, cards in _PLAIN_CARDS.items()
}


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

        check_turn(self, observation, "spidge", "play")
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



class PIMCBot(PIMCSearch):
    """Perfect-information Monte Carlo: samples worlds, solves the endings
    double-dummy and rolls out the rest.

    For each decision it draws *worlds* deals (default 20) exactly and
    uniformly from those consistent with its observation
    (:func:`~pytrick.inference.sample_deals`), values each legal card in
    each world, and plays the card with the best mean; equal means go to the
    lowest card.

    * With at most *solve_from* cards left in the deal (default 24: the last
      six tricks) the value is exact: each world is solved double-dummy twice
      for this player (:func:`~pytrick.search.solve_many`, ``"most"`` and
      ``"fewest"`` tricks) and the value is the score those trick counts
      reach — 2 for a slam, 1 for a spidge (from ``"most"``), 1 for a nill
      or 4 for the dealer's grand slam (``"fewest"`` = 0), the highest
      that applies — minus 0.01 per trick between the player and his nearer
      goal (a spidge or a nill), so that equal scores are broken towards the
      goal in reach.
    * Before, when a whole solve would take seconds, the value is the mean
      game points of this player over *rollouts* random continuations (default
      40) of the world after the card (:func:`~pytrick.search.rollouts_many`).

    *seconds* (default 0.2) is a time budget per decision: the worlds are
    evaluated in batches (one compiled call each, the GIL released) until
    they are all done or the budget is spent, and at least one world is
    always evaluated.  With ``seconds=None`` every world is evaluated and
    the choice depends only on the observation and *seed*; with a budget it
    also depends on how many worlds the clock allowed (the worlds are the
    same, in the same order: fewer are used).  A forced card is played at
    once.  :attr:`last_stats` holds ``(card, worlds evaluated, mean value)``
    of each legal card of the last decision.

    >>> from pytrick.spidge import PIMCBot, SpidgeDeal
    >>> deal = SpidgeDeal.from_seed(5)
    >>> while deal.n_played < 44:  # a small example: the last two tricks, solved
    ...     deal.play(deal.legal_moves.min())
    >>> bot = PIMCBot(worlds=4, seconds=None, seed=1)
    >>> bot.play(deal.observation(deal.to_move.player)) in deal.legal_moves
    True
    """

    def __init__(
        self,
        *,
        worlds: int = 20,
        seconds: float | None = 0.2,
        solve_from: int = 24,
        rollouts: int = 40,
        seed: int | None = None,
    ) -> None:
        super().__init__(worlds, seconds, seed)
        #: Cards left in the deal at or below which the worlds are solved exactly.
        self.solve_from = check_count(solve_from, "solve_from", 0, 52)
        #: Random continuations per world and card before that.
        self.rollouts = check_count(rollouts, "rollouts", 1)

    def play(self, observation: SpidgeObservation) -> Card:
        """The card with the best mean value over the sampled worlds."""
        check_turn(self, observation, "spidge", "play")
        legal = sorted(observation.legal_moves)
        if len(legal) == 1:
            return legal[0]
        cards_left = 52 - len(observation.plays)
        if cards_left <= self.solve_from:
            evaluate = self._solved(observation, legal)
        else:
            evaluate = self._rolled_out(observation, legal)
        return legal[self._choose(observation, [int(c) for c in legal], evaluate)]

    @staticmethod
    def _solved(
        observation: SpidgeObservation, legal: list[Card]
    ) -> Callable[[Sequence[SpidgeDeal]], list[list[float]]]:
        from pytrick.search import solve_many

        player, rules = observation.player, observation.rules
        dealer = player == observation.dealer

        def score(most: int, fewest: int) -> float:
            points = 0
            if most >= rules.slam_tricks:
                points = 2
            elif most >= rules.spidge_tricks:
                points = 1
            if dealer and rules.grand_slam == "all_tricks" and most == 13:
                points = 4
            if fewest == 0:
                points = max(points, 4 if dealer and rules.grand_slam == "no_tricks" else 1)
            return points - 0.01 * min(max(0, rules.spidge_tricks - most), fewest)

        def evaluate(worlds: Sequence[SpidgeDeal]) -> list[list[float]]:
            most = solve_many(worlds, player=player, objective="most")
            fewest = solve_many(worlds, player=player, objective="fewest")
            return [
                [score(high.moves[card], low.moves[card]) for card in legal]
                for high, low in zip(most, fewest, strict=True)
            ]

        return evaluate

    def _rolled_out(
        self, observation: SpidgeObservation, legal: list[Card]
    ) -> Callable[[Sequence[SpidgeDeal]], list[list[float]]]:
        from pytrick.search import rollouts_many

        player, n = observation.player, self.rollouts
        seeds = random.Random(self.rng.getrandbits(64))

        def evaluate(worlds: Sequence[SpidgeDeal]) -> list[list[float]]:
            # A fresh seed per batch: the batches' rollouts are independent.
            seed = seeds.getrandbits(64)
            children = []
            for world in worlds:
                for card in legal:
                    child = world.copy()
                    child.play(card)
                    children.append(child)
            means = rollouts_many(children, n, seed=seed)[:, :, player].mean(axis=1)
            return [[float(v) for v in means[w * len(legal) : (w + 1) * len(legal)]] for w in range(len(worlds))]

        return evaluate
