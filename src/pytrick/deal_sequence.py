"""What a Spitzer game and a Spidge game share: deals in sequence, the deal
passing clockwise, running totals, and a winner once someone reaches the
target with strictly more than everyone else (RULES.md 1.9, 2.7)."""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from trickcore._arguments import check_range, check_seed
from trickcore.errors import ArgumentTypeError, DealNotOverError, IllegalMoveError, PytrickError

__all__ = ["DealSequence"]


class _Deal(Protocol):
    @property
    def dealer(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def copy(self) -> Any: ...


class _Rules(Protocol):
    @property
    def target(self) -> int: ...


DealT = TypeVar("DealT", bound=_Deal)
RulesT = TypeVar("RulesT", bound=_Rules)


class DealSequence(abc.ABC, Generic[DealT, RulesT]):
    """The bookkeeping of a game: its deals, totals and winner.

    A subclass names its players (:attr:`players`, :attr:`who`), deals the
    next deal (:meth:`next_deal`) with the random draws of :meth:`_draw`,
    and says what a finished deal scores (:meth:`_points`) and whether it
    ends the game by itself (:meth:`_decided_by`).
    """

    players: ClassVar[int]
    #: The game's deal class: :meth:`add_deal` takes nothing else.
    deal_class: ClassVar[type[Any]]
    #: How messages name a player: "seat" or "player".
    who: ClassVar[str]
    #: How the deal moves on, for messages.
    passing: ClassVar[str]
    #: The rules sections of dealing in turn and of the end of the game.
    dealing_rule: ClassVar[str]
    end_rule: ClassVar[str]

    def __init__(self, rules: RulesT, seed: int | None = None,
                 first_dealer: int | None = None) -> None:
        if first_dealer is not None:
            first_dealer = check_range(
                first_dealer, "first dealer", 0, self.players - 1,
                f"{self.who}s are 0 to {self.players - 1}",
            )
        if seed is not None:
            seed = check_seed(seed)
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer
        # True once the first dealer was drawn (or taken from the first deal
        # added) rather than fixed beforehand: a record keeps only a fixed one.
        self._first_dealer_drawn = False
        self._rng = random.Random(seed)
        self.deals: list[DealT] = []
        self._totals = [0] * self.players
        self._winner: int | None = None
        self._scored = 0  # how many deals are in the totals
        # Each scored deal as it was then, and the last one's points: the last
        # deal taken back (undo) after it was scored leaves the totals again;
        # an earlier one cannot change without the game going wrong.
        self._scored_as: list[DealT] = []
        self._scored_points: tuple[int, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per player over the finished deals."""
        self._unscore_if_changed()
        return tuple(self._totals)

    @property
    def winner(self) -> int | None:
        """The player who won the game, or None while it goes on."""
        self._unscore_if_changed()
        return self._winner

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def current(self) -> DealT | None:
        """The deal being played, if any."""
        if self.deals and not self.deals[-1].is_over:
            return self.deals[-1]
        return None

    def next_dealer(self) -> int | None:
        """The dealer of the next deal (None until the first is chosen)."""
        if self.deals:
            return (self.deals[-1].dealer + 1) % self.players
        return self.first_dealer

    def add_deal(self, deal: DealT) -> None:
        """Append a deal made elsewhere (a record, a replay); it is scored if finished.

        In a seeded game the deal takes the place of the seed's next deal: the
        generator makes the draws that deal would have taken, so the game deals
        on from its seed as if it had dealt every deal itself."""
        if not isinstance(deal, self.deal_class):
            # The other game's deal would be read for this game's fields.
            raise ArgumentTypeError(
                f"deal must be a {self.deal_class.__name__}, not {type(deal).__name__}"
            )
        self._check_can_deal()
        expected = self.next_dealer()
        if expected is not None and deal.dealer != expected:
            raise IllegalMoveError(
                f"dealer: expected {self.who} {expected} (the deal {self.passing}), "
                f"got {deal.dealer}",
                "wrong_dealer",
                self.dealing_rule,
            )
        if not self._same_rules(deal):
            raise IllegalMoveError(
                "the deal was made under other rule options than the game", "rules_mismatch"
            )
        if self.seed is not None:
            self._draw(self.next_dealer())
        if self.first_dealer is None:
            self.first_dealer = deal.dealer
            self._first_dealer_drawn = True
        self.deals.append(deal)
        if deal.is_over:
            self.finish_deal()

    def finish_deal(self) -> None:
        """Score the last deal once it is over, and settle the winner.
        :meth:`next_deal` calls it for you if you forget."""
        if not self.deals:
            raise DealNotOverError("no deal has been dealt yet")
        self._unscore_if_changed()
        deal = self.deals[-1]
        if not deal.is_over:
            raise DealNotOverError("the current deal is not over yet: it is scored at its end")
        if self._scored == len(self.deals):
            return
        self._scored = len(self.deals)
        self._scored_as.append(deal.copy())
        self._scored_points = tuple(self._points(deal))
        for player, points in enumerate(self._scored_points):
            self._totals[player] += points
        decided = self._decided_by(deal)
        if decided is not None:
            self._winner = decided
            return
        best = max(self._totals)
        leaders = [p for p in range(self.players) if self._totals[p] == best]
        if best >= self.rules.target and len(leaders) == 1:
            self._winner = leaders[0]

    def _unscore_if_changed(self) -> None:
        """Take the last scored deal out of the totals (and the winner with
        it: no deal follows the deciding one) if it has changed since it was
        scored, by an undo: :meth:`finish_deal` scores it again once it is over.
        An earlier deal changed since (the next one was dealt after it) is a
        :class:`~pytrick.PytrickError`: the deals after it rest on its result."""
        for index, scored in enumerate(self._scored_as):
            if index < len(self.deals) - 1 and self.deals[index] != scored:
                raise PytrickError(
                    f"deal {index + 1} of the game was changed after the next was dealt: "
                    "only the last deal can be taken back (play it as it was)"
                )
        if (
            self._scored
            and self._scored == len(self.deals)
            and self.deals[-1] != self._scored_as[-1]
        ):
            for player, points in enumerate(self._scored_points):
                self._totals[player] -= points
            self._scored -= 1
            self._scored_as.pop()
            self._scored_points = ()
            self._winner = None

    def _check_can_deal(self) -> None:
        self._unscore_if_changed()
        if self.deals:
            if not self.deals[-1].is_over:
                raise IllegalMoveError(
                    "the current deal is not over yet: finish it before the next",
                    "deal_in_progress",
                    self.end_rule,
                )
            self.finish_deal()
        if self._winner is not None:
            raise IllegalMoveError(
                f"the game is over: {self.who} {self._winner} has won", "game_over", self.end_rule
            )

    def _next_draw(self) -> tuple[list[Any], int]:
        """The pack and dealer of the next deal, from the game's generator
        (the first dealer too, unless it was fixed)."""
        dealer = self.next_dealer()
        pack, drawn = self._draw(dealer)
        if dealer is None:
            self.first_dealer = drawn
            self._first_dealer_drawn = True
        return pack, drawn

    # -- what each game says ---------------------------------------------------

    @abc.abstractmethod
    def next_deal(self) -> DealT:
        """Shuffle and deal the next deal, and return it to be played."""

    @abc.abstractmethod
    def _draw(self, dealer: int | None) -> tuple[list[Any], int]:
        """Shuffle the next pack with ``self._rng`` and, if *dealer* is None,
        draw the dealer with it (in the order the game's seeds fix); return
        the pack and the dealer."""

    @abc.abstractmethod
    def _points(self, deal: DealT) -> Sequence[int]:
        """What each player scores for a finished deal."""

    @abc.abstractmethod
    def _same_rules(self, deal: DealT) -> bool:
        """Was *deal* made under this game's rules?"""

    def _decided_by(self, deal: DealT) -> int | None:
        """The winner if this finished deal ends the game by itself."""
        return None
