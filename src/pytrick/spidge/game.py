"""A Spidge game: deals in sequence until someone wins (RULES.md 2.4, 2.7)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pytrick.spidge.deal import SpidgeDeal
from pytrick.spidge.dealing import cut_for_dealer, shuffled_pack
from pytrick.spidge.rules import SpidgeRules
from trickcore.errors import IllegalMoveError

__all__ = ["SpidgeGame"]


class SpidgeGame:
    """Deals in sequence, the deal passing clockwise, with running totals per player.

    A dealer's grand slam wins the game at once.  Otherwise, after each deal,
    if one or more players have reached ``rules.target``, the one with the most
    points wins; if the highest totals are tied, play continues (RULES.md 2.7).

    >>> from pytrick.spidge import SpidgeDeal, SpidgeGame
    >>> game = SpidgeGame(seed=3)
    >>> deal = game.next_deal()
    >>> deal == SpidgeDeal.from_seed(3)
    True
    >>> while not deal.is_over:
    ...     deal.play(min(deal.legal_moves))
    >>> game.finish_deal()
    >>> sum(game.totals) == sum(deal.result.points)
    True

    With a seed, one ``random.Random(seed)`` first cuts for the dealer (unless
    *first_dealer* is given), then shuffles each deal in turn: the first deal
    equals ``SpidgeDeal.from_seed(seed)``.
    """

    def __init__(
        self,
        rules: SpidgeRules | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
    ) -> None:
        self.rules = rules or SpidgeRules()
        self.seed = seed
        if first_dealer is not None and (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or not 0 <= first_dealer <= 2
        ):
            raise ValueError(f"invalid first dealer {first_dealer!r}: players are 0, 1 and 2")
        self.first_dealer = first_dealer
        self._rng = random.Random(seed)
        self.deals: list[SpidgeDeal] = []
        self._totals = [0, 0, 0]
        self._winner: int | None = None
        self._scored = 0  # how many deals are in the totals

    @property
    def totals(self) -> tuple[int, int, int]:
        """Points per player over the finished deals."""
        return (self._totals[0], self._totals[1], self._totals[2])

    @property
    def winner(self) -> int | None:
        """The player who won the game, or None while it goes on."""
        return self._winner

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def won_by_grand_slam(self) -> bool:
        """True if the game ended on a dealer's grand slam."""
        return self._winner is not None and self.deals[-1].result.grand_slam

    @property
    def current(self) -> SpidgeDeal | None:
        """The deal being played, if any."""
        if self.deals and not self.deals[-1].is_over:
            return self.deals[-1]
        return None

    def next_dealer(self) -> int | None:
        """The dealer of the next deal (None if not yet cut for)."""
        if self.deals:
            return (self.deals[-1].dealer + 1) % 3
        return self.first_dealer

    def next_deal(self) -> SpidgeDeal:
        """Shuffle and deal the next deal, and return it to be played."""
        self._check_can_deal()
        dealer = self.next_dealer()
        if dealer is None:
            dealer = cut_for_dealer(self._rng, self.rules.jokers)
            self.first_dealer = dealer
        deal = SpidgeDeal.from_pack(shuffled_pack(self._rng, self.rules.jokers), dealer, self.rules)
        self.deals.append(deal)
        return deal

    def add_deal(self, deal: SpidgeDeal) -> None:
        """Append a deal made elsewhere (a record, a replay); it is scored if finished."""
        self._check_can_deal()
        expected = self.next_dealer()
        if expected is not None and deal.dealer != expected:
            raise IllegalMoveError(
                f"dealer: expected player {expected} (the deal passes clockwise), got {deal.dealer}"
            )
        if deal.rules != self.rules:
            raise IllegalMoveError("the deal was made under other rule options than the game")
        if self.first_dealer is None:
            self.first_dealer = deal.dealer
        self.deals.append(deal)
        if deal.is_over:
            self.finish_deal()

    def finish_deal(self) -> None:
        """Score the last deal once it is over, and settle the winner (2.7).
        :meth:`next_deal` calls it for you if you forget."""
        if not self.deals:
            raise IllegalMoveError("no deal has been dealt yet")
        deal = self.deals[-1]
        if not deal.is_over:
            raise IllegalMoveError("the current deal is not over yet")
        if self._scored == len(self.deals):
            return
        self._scored = len(self.deals)
        result = deal.result
        for player, points in enumerate(result.points):
            self._totals[player] += points
        if result.grand_slam:
            self._winner = deal.dealer
            return
        best = max(self._totals)
        leaders = [p for p in range(3) if self._totals[p] == best]
        if best >= self.rules.target and len(leaders) == 1:
            self._winner = leaders[0]

    def _check_can_deal(self) -> None:
        if self.deals:
            if not self.deals[-1].is_over:
                raise IllegalMoveError("the current deal is not over yet")
            self.finish_deal()
        if self._winner is not None:
            raise IllegalMoveError(f"the game is over: player {self._winner} has won")

    # -- records -------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The JSON record of the game (see :mod:`pytrick.spidge.record`)."""
        from pytrick.spidge import record

        return record.game_record(self)

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> SpidgeGame:
        """Validate and replay a game record."""
        from pytrick.spidge import record

        return record.read_game_record(cls, data)

    def summary(self) -> str:
        """The game's deals, totals and winner, for people."""
        from pytrick.spidge import text

        return text.game_summary(self)

    def summary_json(self) -> dict[str, Any]:
        """The game's results, for machines."""
        from pytrick.spidge import text

        return text.game_summary_json(self)
