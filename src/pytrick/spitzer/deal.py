"""One Spitzer deal: deal, announce, play and score (RULES.md 1.3-1.8)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

import trickcore
from pytrick.cards import strict_card_set
from pytrick.spitzer.announcement import Announcement, GameType
from pytrick.spitzer.observation import SpitzerObservation
from pytrick.spitzer.result import SpitzerResult
from pytrick.spitzer.rules import SpitzerRules
from trickcore import CardSet
from trickcore._deprecated_call import CallableTuple, tuple_view
from trickcore.card import ALL_CARDS, Card

__all__ = ["SpitzerDeal", "shuffled_pack"]

_core = trickcore.spitzer

CardLike = Card | int | str
HandLike = CardSet | int | str | Iterable[int | str]
_D = TypeVar("_D", bound="SpitzerDeal")
# legal_announcements was a method: callable one more release, with a DeprecationWarning.
_LegalAnnouncements = tuple_view("legal_announcements")


def shuffled_pack(rng: random.Random) -> list[Card]:
    """The 32 cards in card-number order, shuffled by *rng* (``rng.shuffle``).

    This is how a seed becomes a pack on every platform: ``random.Random(seed)``
    shuffles the pack, then (if no dealer is given) ``rng.randrange(4)`` picks
    the dealer.
    """
    pack = [ALL_CARDS[c] for c in sorted(_core.PACK)]
    rng.shuffle(pack)
    return pack


class SpitzerDeal(_core.SpitzerState):
    """One Spitzer deal (a *round*), from the announcements to the score.

    It follows python-chess's ``Board``: :attr:`to_move`, :attr:`legal_moves`
    (a card set), :meth:`play` / :meth:`undo`, :meth:`copy`, :attr:`is_over`,
    equality and hashing, and a ``repr`` that rebuilds the deal.  The hot
    methods are the compiled core's own.

    >>> from pytrick.spitzer import SpitzerDeal
    >>> deal = SpitzerDeal.from_seed(2)
    >>> deal.dealer, deal.to_move
    (3, 0)
    >>> deal.legal_announcements[:2]
    (<Announcement.PASS: 0>, <Announcement.ZOLA: 1>)
    >>> for _ in range(4):
    ...     deal.announce("pass")
    >>> deal.game, deal.to_move
    (<GameType.NORMAL: 0>, 0)
    >>> deal.hand(0)
    CardSet('KC 7D 7H 9H TH KH 8S JS')
    >>> deal.play("JS")
    >>> deal.legal_moves
    CardSet('8D JD AD JH QH QS')
    >>> deal.play("AH")
    Traceback (most recent call last):
    ...
    pytrick.IllegalMoveError: must follow trumps: you hold Q♠, Q♥, J♥, J♦, A♦ and 8♦ (rules §1.6)
    >>> deal.undo(); deal.n_played
    0
    """

    __slots__ = ()

    # -- creating a deal -----------------------------------------------------------

    @classmethod
    def from_hands(
        cls: type[_D], hands: Sequence[HandLike], dealer: int = 0, rules: SpitzerRules | None = None
    ) -> _D:
        """A deal of four explicit hands (by seat) with *dealer* dealing; a
        card listed twice in a hand is an :class:`~pytrick.InvalidCardError`."""
        if isinstance(hands, Sequence) and not isinstance(hands, (str, bytes)):
            hands = [strict_card_set(hand, f"hand {seat}") for seat, hand in enumerate(hands)]
        return cls(hands, dealer, (rules or SpitzerRules()).flags)

    @classmethod
    def from_pack(
        cls: type[_D], pack: Sequence[CardLike], dealer: int, rules: SpitzerRules | None = None
    ) -> _D:
        """A deal dealt 3-2-3 from *pack* (top card first, after the cut) by *dealer*
        (RULES.md 1.3): the first three cards go to the dealer's left."""
        return cls(_core.deal_pack(list(pack), dealer), dealer, (rules or SpitzerRules()).flags)

    @classmethod
    def from_seed(
        cls: type[_D], seed: int, dealer: int | None = None, rules: SpitzerRules | None = None
    ) -> _D:
        """A shuffled deal, the same on every platform for the same *seed*: see
        :func:`shuffled_pack`; the dealer is ``rng.randrange(4)`` after the
        shuffle unless given."""
        rng = random.Random(seed)
        pack = shuffled_pack(rng)
        if dealer is None:
            dealer = rng.randrange(4)
        return cls.from_pack(pack, dealer, rules)

    # -- typed views over the core -------------------------------------------------

    @property
    def rules(self) -> SpitzerRules:
        """The rule options of this deal (``target`` is the default: it belongs to games)."""
        return SpitzerRules.from_flags(self.options)

    @property
    def legal_announcements(self) -> CallableTuple[Announcement]:
        """What the seat to speak may say (PASS first); empty once play has begun."""
        return _LegalAnnouncements(Announcement(code) for code in super().legal_announcements)

    def announce(self, code: Announcement | int | str, seat: int | None = None) -> None:
        """Pass or announce for the seat to speak (``"pass"``, ``"zola"``,
        ``Announcement.ACE_CALL_HEARTS``...).  The first announcement ends the
        round; an illegal one raises :class:`IllegalMoveError` naming the rule."""
        super().announce(int(Announcement.parse(code)), seat)

    @property
    def game(self) -> GameType | None:
        """The game being played, once the announcements are over."""
        game = self.game_type
        return None if game < 0 else GameType(game)

    @property
    def declaring_side(self) -> frozenset[int]:
        """The declaring side as far as it is settled (complete once the deal is over).
        This is omniscient: players see :meth:`observation`."""
        mask = self.declarers
        return frozenset(s for s in range(4) if mask >> s & 1)

    @property
    def result(self) -> SpitzerResult:
        """The score of the finished deal (RULES.md 1.8); raises
        :class:`~pytrick.DealNotOverError` before."""
        return SpitzerResult.from_core(self.raw_result())

    def observation(self, seat: int) -> SpitzerObservation:
        """Exactly what *seat* may know (RULES.md 1.7); see :class:`SpitzerObservation`."""
        own = self.hand(seat)
        to_move = self.to_move
        revealed = self.revealed
        return SpitzerObservation(
            seat=seat,
            dealer=self.dealer,
            rules=self.rules,
            hand=own,
            announcements=tuple((s, Announcement(code)) for s, code in self.announcements),
            plays=tuple(self.plays),
            trick_winners=tuple(self.trick_winners),
            trick_points=tuple(self.trick_points),
            revealed=frozenset(s for s in range(4) if revealed >> s & 1),
            to_move=to_move,
            legal_moves=self.legal_moves if to_move == seat else CardSet(),
            legal_announcements=self.legal_announcements if to_move == seat else (),
        )

    # -- records -------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The JSON record of this deal (see :mod:`pytrick.spitzer.record`)."""
        from pytrick.spitzer import record

        return record.deal_record(self)

    @classmethod
    def from_record(cls: type[_D], data: Mapping[str, Any]) -> _D:
        """Validate and replay a deal record; a fault raises :class:`RecordError`
        naming the first bad field or move."""
        from pytrick.spitzer import record

        return record.read_deal_record(cls, data)

    def _repr_svg_(self) -> str:
        """The whole table, every hand face up, for Jupyter: see :func:`pytrick.svg.deal`."""
        from pytrick.svg import deal

        return deal(self)

    def summary(self) -> str:
        """The deal and its result, for people."""
        from pytrick.spitzer import text

        return text.deal_summary(self)

    def summary_json(self) -> dict[str, Any]:
        """The deal's result, for machines."""
        from pytrick.spitzer import text

        return text.deal_summary_json(self)
