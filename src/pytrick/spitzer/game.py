"""A Spitzer game: deals in sequence until someone wins (RULES.md 1.9)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pytrick.spitzer.deal import SpitzerDeal, shuffled_pack
from pytrick.spitzer.rules import SpitzerRules
from trickcore.errors import IllegalMoveError

__all__ = ["SpitzerGame"]


class SpitzerGame:
    """Deals in sequence, the dealer passing to the left, with running totals.

    After each deal, a player who has reached ``rules.target`` and has strictly
    more than every other player wins; if the highest totals are tied, play
    continues (RULES.md 1.9).

    >>> from pytrick.spitzer import SpitzerDeal, SpitzerGame
    >>> game = SpitzerGame(seed=3)
    >>> deal = game.next_deal()
    >>> deal == SpitzerDeal.from_seed(3)
    True
    >>> game.totals, game.winner
    ((0, 0, 0, 0), None)

    With a seed, deal *i* is shuffled by the same ``random.Random(seed)``: the
    first deal equals ``SpitzerDeal.from_seed(seed)``, and the first dealer is
    drawn after its shuffle unless *first_dealer* is given.
    """

    def __init__(
        self,
        rules: SpitzerRules | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
    ) -> None:
        self.rules = rules or SpitzerRules()
        self.seed = seed
        self.first_dealer = first_dealer
        self._rng = random.Random(seed)
        self.deals: list[SpitzerDeal] = []
        self._totals = [0, 0, 0, 0]
        self._winner: int | None = None
        self._scored = 0  # how many deals are in the totals

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Game points per seat over the finished deals."""
        return (self._totals[0], self._totals[1], self._totals[2], self._totals[3])

    @property
    def winner(self) -> int | None:
        """The seat that won the game, or None while it goes on."""
        return self._winner

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def current(self) -> SpitzerDeal | None:
        """The deal being played, if any."""
        if self.deals and not self.deals[-1].is_over:
            return self.deals[-1]
        return None

    def next_dealer(self) -> int | None:
        """The dealer of the next deal (None if not yet drawn)."""
        if self.deals:
            return (self.deals[-1].dealer + 1) % 4
        return self.first_dealer

    def next_deal(self) -> SpitzerDeal:
        """Shuffle and deal the next deal, and return it to be played."""
        self._check_can_deal()
        pack = shuffled_pack(self._rng)
        dealer = self.next_dealer()
        if dealer is None:
            dealer = self._rng.randrange(4)
            self.first_dealer = dealer
        deal = SpitzerDeal.from_pack(pack, dealer, self.rules)
        self.deals.append(deal)
        return deal

    def add_deal(self, deal: SpitzerDeal) -> None:
        """Append a deal made elsewhere (a record, a replay); it is scored if finished."""
        self._check_can_deal()
        expected = self.next_dealer()
        if expected is not None and deal.dealer != expected:
            raise IllegalMoveError(
                f"dealer: expected seat {expected} (the deal passes to the left), got {deal.dealer}"
            )
        if deal.options != self.rules.flags:
            raise IllegalMoveError("the deal was made under other rule options than the game")
        if self.first_dealer is None:
            self.first_dealer = deal.dealer
        self.deals.append(deal)
        if deal.is_over:
            self.finish_deal()

    def finish_deal(self) -> None:
        """Score the last deal once it is over, and settle the winner (1.9).
        :meth:`next_deal` calls it for you if you forget."""
        deal = self.deals[-1]
        if not deal.is_over:
            raise IllegalMoveError("the current deal is not over yet")
        if self._scored == len(self.deals):
            return
        self._scored = len(self.deals)
        for seat, points in enumerate(deal.result.scores):
            self._totals[seat] += points
        best = max(self._totals)
        leaders = [seat for seat in range(4) if self._totals[seat] == best]
        if best >= self.rules.target and len(leaders) == 1:
            self._winner = leaders[0]

    def _check_can_deal(self) -> None:
        if self.deals:
            if not self.deals[-1].is_over:
                raise IllegalMoveError("the current deal is not over yet")
            self.finish_deal()
        if self._winner is not None:
            raise IllegalMoveError(f"the game is over: seat {self._winner} has won")

    # -- records -------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        from pytrick.spitzer import record

        return record.game_record(self)

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> SpitzerGame:
        from pytrick.spitzer import record

        return record.read_game_record(cls, data)

    def summary(self) -> str:
        from pytrick.spitzer import text

        return text.game_summary(self)

    def summary_json(self) -> dict[str, Any]:
        from pytrick.spitzer import text

        return text.game_summary_json(self)
