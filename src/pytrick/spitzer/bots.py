"""Built-in Spitzer bots: they see only their seat's observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import trickcore
from pytrick._bots import SearchBot, SeededBot, check_turn
from pytrick._pimc import PIMCSearch
from pytrick.spitzer.announcement import Announcement
from pytrick.spitzer.observation import SpitzerObservation
from trickcore.card import ALL_CARDS, Card

if TYPE_CHECKING:
    from pytrick.spitzer.deal import SpitzerDeal

__all__ = ["HeuristicBot", "ISMCTSBot", "PIMCBot", "RandomBot", "SpitzerBot"]

_core = trickcore.spitzer


class SpitzerBot(Protocol):
    """The bot protocol: anything with these two methods can take a seat.

    A bot is shown only its seat's :class:`SpitzerObservation` (never the
    deal), and only when that seat is to move; it must return one of the
    observation's :attr:`~SpitzerObservation.legal_announcements` or
    :attr:`~SpitzerObservation.legal_moves`.  :func:`play_deal` and the
    tournaments of :mod:`pytrick.arena` call it that way; an illegal choice
    raises :class:`~pytrick.IllegalMoveError`.
    """

    def announce(self, observation: SpitzerObservation) -> Announcement:
        """Choose a pass or an announcement while ``observation.legal_announcements`` is not empty."""
        ...

    def play(self, observation: SpitzerObservation) -> Card:
        """Choose a card from ``observation.legal_moves``."""
        ...


class RandomBot(SeededBot):
    """Plays a uniformly random legal card.  It passes four times in five and
    otherwise makes a random legal announcement (always announcing at random
    would make nearly every deal a Zola).

    >>> from pytrick.spitzer import SpitzerDeal
    >>> deal = SpitzerDeal.from_seed(1)
    >>> bot = RandomBot(seed=0)
    >>> bot.announce(deal.observation(deal.to_move)) in deal.legal_announcements
    True
    """

    def announce(self, observation: SpitzerObservation) -> Announcement:
        """PASS four times in five, else a uniformly random legal announcement."""
        check_turn(self, observation, "spitzer", "announce")
        choices = observation.legal_announcements
        if self.rng.random() < 0.8:
            return Announcement.PASS
        return self.rng.choice(choices)

    def play(self, observation: SpitzerObservation) -> Card:
        """A uniformly random legal card."""
        check_turn(self, observation, "spitzer", "play")
        return self.rng.choice(list(observation.legal_moves))


def _beats(card: int, best: int) -> bool:
    if _core.is_trump(card):
        return not _core.is_trump(best) or _core.strength(card) > _core.strength(best)
    return (
        not _core.is_trump(best)
        and _core.effective_suit(card) == _core.effective_suit(best)
        and _core.strength(card) > _core.strength(best)
    )


class HeuristicBot(SeededBot):
    """A simple player: calls when it holds both black queens, Zolas with a very
    strong hand, wins tricks cheaply when it can and throws low cards otherwise."""

    def announce(self, observation: SpitzerObservation) -> Announcement:
        """Zola with all six trumps from J♣ up, else a first-trick or ace call when
        legal (hearts, spades, clubs), else PASS."""
        check_turn(self, observation, "spitzer", "announce")
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
        """Lead a fail ace or the cheapest card; in third or fourth place win
        with the cheapest winning card; otherwise throw the cheapest card."""
        check_turn(self, observation, "spitzer", "play")
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


class ISMCTSBot(SearchBot):
    """Information-set Monte Carlo tree search (Cowling et al. 2012, SO-ISMCTS).

    Each of its *iterations* deals the hidden cards afresh, exactly and
    uniformly from those consistent with its observation, walks one tree of
    its information sets by UCB (*exploration* constant), adds a move, and
    finishes the deal with ``'random'`` or ``'heuristic'`` *rollout* moves;
    it plays the move tried most.  The search runs in the compiled core
    without the GIL.  *seconds*, if given, also stops the search after that
    long (then the choice depends on the clock, not only on *seed*).
    Announcements are searched the same way (the rollouts pass).

    >>> from pytrick.spitzer import ISMCTSBot, SpitzerDeal
    >>> deal = SpitzerDeal.from_seed(5)
    >>> for _ in range(4):
    ...     deal.announce("pass")
    >>> bot = ISMCTSBot(iterations=50, seed=1)  # a small budget for the example
    >>> bot.play(deal.observation(deal.to_move)) in deal.legal_moves
    True
    """

    def __init__(
        self,
        iterations: int = 5_000,
        seconds: float | None = None,
        rollout: str = "random",
        exploration: float = 0.7,
        seed: int | None = None,
    ) -> None:
        super().__init__(iterations, seconds, rollout, exploration, seed)

    def _search(self, observation: SpitzerObservation) -> int:
        from pytrick._worlds import search_inputs

        inputs = search_inputs(observation)
        move, self.last_stats = trickcore.ismcts.spitzer_ismcts(
            inputs.template,
            observation.seat,
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
        return move

    def announce(self, observation: SpitzerObservation) -> Announcement:
        """The announcement (or PASS) whose searches scored best for this seat."""
        check_turn(self, observation, "spitzer", "announce")
        if len(observation.legal_announcements) == 1:
            return observation.legal_announcements[0]
        return Announcement(self._search(observation))

    def play(self, observation: SpitzerObservation) -> Card:
        """The card searched most (a forced card at once, without searching)."""
        check_turn(self, observation, "spitzer", "play")
        legal = observation.legal_moves
        if len(legal) == 1:
            return next(iter(legal))
        return ALL_CARDS[self._search(observation)]



class PIMCBot(PIMCSearch):
    """Perfect-information Monte Carlo: samples worlds, solves them double-dummy.

    For each decision it draws *worlds* deals (default 20) exactly and
    uniformly from those consistent with its observation
    (:func:`~pytrick.inference.sample_deals`), solves each legal card in
    each world double-dummy for the score (:func:`~pytrick.search.solve_many`
    with ``objective="score"``: the scoring-table entry, +N for the
    declaring side or −N for the opponents, taken with this seat's sign),
    and plays the card with the best mean.  Equal means go to the cheapest
    card (fewest card points, then lowest trump or fail rank).

    Announcements are chosen the same way: in each world every legal
    announcement is followed by passes from the seats still to speak and
    the deal is solved from the first lead (as
    :func:`~pytrick.search.solve_announcements`); equal means go to PASS.

    *seconds* (default 0.2) is a time budget per decision: the worlds are
    solved in batches (one compiled call each, the GIL released) until they
    are all done or the budget is spent, and at least one world is always
    solved.  Solving every card of a world from the first lead takes about
    1.5 ms at the median on a quiet machine (deals in which every seat
    passed, ``benchmarks/bench_search.py``) and several times that for the
    hardest worlds or on a busy machine; an announcement is solved once per
    legal announcement in each world, so in the auction some worlds may
    not fit, while a card decision usually solves all 20 well within it
    (``benchmarks/bench_bots.py`` prints the worlds and times by phase).  With ``seconds=None`` every world is solved and the choice
    depends only on the observation and *seed*; with a budget it also
    depends on how many worlds the clock allowed (the worlds are the same,
    in the same order: fewer are used).
    A forced move is played at once.  :attr:`last_stats` holds
    ``(move, worlds solved, mean value)`` of each candidate of the last
    decision.

    >>> from pytrick.spitzer import PIMCBot, SpitzerDeal
    >>> deal = SpitzerDeal.from_seed(5)
    >>> for _ in range(4):
    ...     deal.announce("pass")
    >>> for _ in range(24):  # a small example: the last two tricks
    ...     deal.play(deal.legal_moves.min())
    >>> bot = PIMCBot(worlds=8, seconds=None, seed=1)
    >>> bot.play(deal.observation(deal.to_move)) in deal.legal_moves
    True
    >>> [worlds for _, worlds, _ in bot.last_stats] == [8] * len(deal.legal_moves)
    True
    """

    def __init__(self, *, worlds: int = 20, seconds: float | None = 0.2, seed: int | None = None) -> None:
        super().__init__(worlds, seconds, seed)

    def play(self, observation: SpitzerObservation) -> Card:
        """The card with the best mean double-dummy score over the sampled worlds."""
        from pytrick.search import solve_many

        check_turn(self, observation, "spitzer", "play")
        legal = sorted(observation.legal_moves, key=lambda c: (_core.card_points(c), _core.strength(c)))
        if len(legal) == 1:
            return legal[0]
        seat = observation.seat

        def evaluate(worlds: Sequence[SpitzerDeal]) -> list[list[float]]:
            values: list[list[float]] = []
            for world, solution in zip(worlds, solve_many(worlds, objective="score"), strict=True):
                sign = 1 if world.declarers >> seat & 1 else -1
                values.append([sign * solution.moves[card] for card in legal])
            return values

        return legal[self._choose(observation, [int(c) for c in legal], evaluate)]

    def announce(self, observation: SpitzerObservation) -> Announcement:
        """The announcement (or PASS) with the best mean double-dummy score
        over the sampled worlds, the later seats passing."""
        from pytrick.search import solve_many
        from pytrick.search.double_dummy import after_announcement

        check_turn(self, observation, "spitzer", "announce")
        legal = sorted(observation.legal_announcements, key=lambda code: code != Announcement.PASS)
        if len(legal) == 1:
            return legal[0]
        seat = observation.seat

        def evaluate(worlds: Sequence[SpitzerDeal]) -> list[list[float]]:
            after = [after_announcement(world, code) for world in worlds for code in legal]
            solutions = solve_many(after, objective="score")
            values: list[list[float]] = []
            for w in range(len(worlds)):
                row: list[float] = []
                for i, code in enumerate(legal):
                    k = w * len(legal) + i
                    declarer = code != Announcement.PASS or after[k].declarers >> seat & 1
                    row.append(solutions[k].value if declarer else -solutions[k].value)
                values.append(row)
            return values

        return legal[self._choose(observation, [int(a) for a in legal], evaluate)]
