"""A Spidge game: deals in sequence until someone wins (RULES.md 2.4, 2.7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pytrick.deal_sequence import DealSequence
from pytrick.spidge.deal import SpidgeDeal
from pytrick.spidge.dealing import cut_for_dealer, shuffled_pack
from pytrick.spidge.rules import SpidgeRules
from trickcore._arguments import check_rules
from trickcore.card import Card

__all__ = ["SpidgeGame"]


class SpidgeGame(DealSequence[SpidgeDeal, SpidgeRules]):
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
    equals ``SpidgeDeal.from_seed(seed)``.  A deal added with :meth:`add_deal`
    takes the place of the seed's deal.  The game's record keeps the seed and
    a given first dealer, so the game read back from it deals on as this one
    would.
    """

    players = 3
    deal_class = SpidgeDeal
    who = "player"
    passing = "passes clockwise"
    dealing_rule = "2.4"
    end_rule = "2.7"

    def __init__(
        self,
        rules: SpidgeRules | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
    ) -> None:
        super().__init__(check_rules(rules, SpidgeRules), seed, first_dealer)

    @property
    def won_by_grand_slam(self) -> bool:
        """True if the game ended on a dealer's grand slam."""
        return self.winner is not None and self.deals[-1].result.grand_slam

    def next_deal(self) -> SpidgeDeal:
        """Shuffle and deal the next deal, and return it to be played."""
        self._check_can_deal()
        pack, dealer = self._next_draw()
        deal = SpidgeDeal.from_pack(pack, dealer, self.rules)
        self.deals.append(deal)
        return deal

    def _draw(self, dealer: int | None) -> tuple[list[Card], int]:
        if dealer is None:
            dealer = cut_for_dealer(self._rng, self.rules.jokers)
        return shuffled_pack(self._rng, self.rules.jokers), dealer

    def _points(self, deal: SpidgeDeal) -> tuple[int, ...]:
        return tuple(deal.result.points)

    def _decided_by(self, deal: SpidgeDeal) -> int | None:
        # A dealer's grand slam wins the game at once (RULES.md 2.6-2.7).
        return deal.dealer if deal.result.grand_slam else None

    def _same_rules(self, deal: SpidgeDeal) -> bool:
        return deal.rules == self.rules

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
