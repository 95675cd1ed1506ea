"""A Spitzer game: deals in sequence until someone wins (RULES.md 1.9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pytrick.deal_sequence import DealSequence
from pytrick.spitzer.deal import SpitzerDeal, shuffled_pack
from pytrick.spitzer.rules import SpitzerRules
from trickcore._arguments import check_rules
from trickcore.card import Card

__all__ = ["SpitzerGame"]


class SpitzerGame(DealSequence[SpitzerDeal, SpitzerRules]):
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
    drawn after its shuffle unless *first_dealer* is given.  A deal added with
    :meth:`add_deal` takes the place of the seed's deal.  The game's record
    keeps the seed and a given first dealer, so the game read back from it
    deals on as this one would.
    """

    players = 4
    deal_class = SpitzerDeal
    who = "seat"
    passing = "passes to the left"
    dealing_rule = "1.3"
    end_rule = "1.9"

    def __init__(
        self,
        rules: SpitzerRules | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
    ) -> None:
        super().__init__(check_rules(rules, SpitzerRules), seed, first_dealer)

    def next_deal(self) -> SpitzerDeal:
        """Shuffle and deal the next deal, and return it to be played."""
        self._check_can_deal()
        pack, dealer = self._next_draw()
        deal = SpitzerDeal.from_pack(pack, dealer, self.rules)
        self.deals.append(deal)
        return deal

    def _draw(self, dealer: int | None) -> tuple[list[Card], int]:
        pack = shuffled_pack(self._rng)
        if dealer is None:
            dealer = self._rng.randrange(4)
        return pack, dealer

    def _points(self, deal: SpitzerDeal) -> tuple[int, ...]:
        return tuple(deal.result.scores)

    def _same_rules(self, deal: SpitzerDeal) -> bool:
        return deal.options == self.rules.flags

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
