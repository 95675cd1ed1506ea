"""One Spitzer deal: deal, announce, play and score (RULES.md 1.3-1.8)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

import trickcore
from pytrick.cards import strict_card_set
from pytrick.spitzer.announcement import Announcement, GameType
from pytrick.spitzer.observation import SpitzerObservation
from pytrick.spitzer.phase import Phase
from pytrick.spitzer.position import format_position, parse_position
from pytrick.spitzer.result import SpitzerResult
from pytrick.spitzer.rules import SpitzerRules
from trickcore import CardSet
from trickcore._arguments import check_rules, check_seat, check_seed
from trickcore._deprecated_call import CallableTuple, tuple_view
from trickcore.card import ALL_CARDS, Card
from trickcore.errors import IllegalMoveError

__all__ = ["SpitzerDeal", "shuffled_pack"]

_core = trickcore.spitzer

CardLike = Card | int | str
HandLike = CardSet | int | str | Iterable[int | str]
_D = TypeVar("_D", bound="SpitzerDeal")
# legal_announcements was a method: callable one more release, with a DeprecationWarning.
_LegalAnnouncements = tuple_view("legal_announcements")
_Announcements = tuple_view("announcements")


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

    It follows python-chess's ``Board``:
    :attr:`~trickcore.spitzer.SpitzerState.to_move`,
    :attr:`~trickcore.spitzer.SpitzerState.legal_moves` (a card set),
    :meth:`~trickcore.spitzer.SpitzerState.play` /
    :meth:`~trickcore.spitzer.SpitzerState.undo`,
    :meth:`~trickcore.spitzer.SpitzerState.copy`,
    :attr:`~trickcore.spitzer.SpitzerState.is_over`, equality and hashing,
    and a ``repr`` that rebuilds the deal.  The hot methods are the compiled
    core's own.

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
    pytrick.IllegalMoveError: must follow trumps: you hold Q♠, Q♥, J♥, J♦, A♦ and 8♦
        (rules §1.6)
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
        card listed twice in a hand is an :class:`~pytrick.InvalidCardError`.

        The deal keeps *rules* whole, ``target`` included (:attr:`rules`).
        """
        if isinstance(hands, Sequence) and not isinstance(hands, (str, bytes)):
            hands = [strict_card_set(hand, f"hand {seat}") for seat, hand in enumerate(hands)]
        rules = check_rules(rules, SpitzerRules)
        deal = cls(hands, dealer, rules.flags)
        deal._keep_rules(rules)
        return deal

    @classmethod
    def _from_masks(cls: type[_D], hands: Sequence[int], dealer: int, rules: SpitzerRules) -> _D:
        """A deal of four card masks by seat, for hands already known to be a
        valid deal (the samplers'): :meth:`from_hands` without its per-card
        checks, which cost more than the deal itself (the core still checks
        that the hands are a whole pack)."""
        deal = cls(list(hands), dealer, rules.flags)
        deal._keep_rules(rules)
        return deal

    @classmethod
    def from_pack(
        cls: type[_D], pack: Sequence[CardLike], dealer: int, rules: SpitzerRules | None = None
    ) -> _D:
        """A deal dealt 3-2-3 from *pack* (top card first, after the cut) by *dealer*
        (RULES.md 1.3): the first three cards go to the dealer's left."""
        return cls.from_hands(_core.deal_pack(list(pack), dealer), dealer, rules)

    @classmethod
    def from_seed(
        cls: type[_D], seed: int, dealer: int | None = None, rules: SpitzerRules | None = None
    ) -> _D:
        """A shuffled deal, the same on every platform for the same *seed*
        (``0`` to ``2**64 - 1``): see :func:`shuffled_pack`; the dealer is
        ``rng.randrange(4)`` after the shuffle unless given."""
        rng = random.Random(check_seed(seed))  # random.Random(-s) is random.Random(s)
        pack = shuffled_pack(rng)
        if dealer is None:
            dealer = rng.randrange(4)
        return cls.from_pack(pack, dealer, rules)

    # -- typed views over the core -------------------------------------------------

    def _keep_rules(self, rules: SpitzerRules) -> None:
        # Only a target the option bits cannot say is kept, so that a deal built
        # from the bits alone (the constructor, a batch) equals one from the rules.
        self.context = rules if rules.target != SpitzerRules.target else None

    @property
    def rules(self) -> SpitzerRules:
        """The rules this deal was made with, ``target`` included (the default
        target if the deal was built from option bits: the constructor's
        ``options``).  The core's raw form is
        :attr:`~trickcore.spitzer.SpitzerState.options`, the bits."""
        context = self.context
        if isinstance(context, SpitzerRules):
            return context
        return SpitzerRules.from_flags(self.options)

    @property
    def phase(self) -> Phase:
        """Where the deal stands: :class:`Phase` ``AUCTION``, ``PLAY`` or ``OVER``
        (the core's raw form is the plain int)."""
        return Phase(super().phase)

    @property
    def legal_announcements(self) -> CallableTuple[Announcement]:
        """What the seat to speak may say (PASS first); empty once play has begun."""
        return _LegalAnnouncements(Announcement(code) for code in super().legal_announcements)

    @property
    def announcement(self) -> Announcement:
        """The announcement made (PASS while none has been, or if all passed),
        as in :attr:`~pytrick.spitzer.SpitzerObservation.announcement`; an
        :class:`~pytrick.spitzer.Announcement` is an int, the core's raw form."""
        return Announcement(super().announcement)

    @property
    def announcements(self) -> CallableTuple[tuple[int, Announcement]]:
        """(seat, announcement) of every announcement so far, passes included."""
        return _Announcements((seat, Announcement(code)) for seat, code in super().announcements)

    def announce(self, code: Announcement | int | str, seat: int | None = None) -> None:
        """Pass or announce for the seat to speak (``"pass"``, ``"zola"``,
        ``Announcement.ACE_CALL_HEARTS``...).  The first announcement ends the
        round; an illegal one raises :class:`~pytrick.IllegalMoveError` naming the rule,
        and text or a code that names no announcement an
        :class:`~pytrick.InvalidArgumentError` naming the accepted words."""
        super().announce(int(Announcement.parse(code)), seat)

    def illegal_announcement_reason(self, code: Announcement | int | str) -> str | None:
        """Why the seat to speak may not make announcement *code* now (named as
        :meth:`announce` takes it), or None if it may: the message of the
        :class:`~pytrick.IllegalMoveError` :meth:`announce` would raise.  Text
        or a code that names no announcement is an
        :class:`~pytrick.InvalidArgumentError`, as in :meth:`announce`.

        >>> deal = SpitzerDeal.from_seed(2)
        >>> deal.illegal_announcement_reason("zola") is None
        True
        >>> deal.illegal_announcement_reason("ace:H")
        'the ace call in ♥ needs both black queens (Q♣ and Q♠): you hold neither'
        """
        try:
            announcement = Announcement.parse(code)
        except IllegalMoveError as error:  # a call naming diamonds: rule 1.5 refuses it
            return error.message
        return super().illegal_announcement_reason(int(announcement))

    @property
    def game(self) -> GameType | None:
        """The game being played, once the announcements are over (None before);
        the core's raw form is :attr:`~trickcore.spitzer.SpitzerState.game_type`, -1 before."""
        game = self.game_type
        return None if game < 0 else GameType(game)

    @property
    def declaring_side(self) -> frozenset[int] | None:
        """The seats of the declaring side (RULES.md 1.8), or None until the
        cards have settled it.

        It is settled once the announcements are over, except for the calls
        whose partner the play decides: a first-trick call once trick 1 is
        complete (under ``first_trick_call="first_trick_won_by_other"``, once
        another seat wins a trick, or the caller has won all 8); a void call
        under ``void_call="first_void_player"`` once a seat fails to follow the
        caller's first lead, or that trick is complete, or that lead is not a
        fail ace.  A caller who plays alone is then a side of one.  This is
        omniscient (it reads every hand): a player sees
        ``observation(seat).revealed``.  The core's raw form is
        :attr:`~trickcore.spitzer.SpitzerState.declarers`, a mask of seats as far as they are known.
        """
        game = self.game
        if game is None or not self._side_settled(game):
            return None
        mask = self.declarers
        return frozenset(s for s in range(4) if mask >> s & 1)

    def _side_settled(self, game: GameType) -> bool:
        if self.is_over:
            return True
        if game == GameType.FIRST_TRICK_CALL:
            winners = self.trick_winners
            if self.rules.first_trick_call == "first_trick_winner":
                return len(winners) > 0
            return any(winner != self.announcer for winner in winners)
        if game == GameType.VOID_CALL and self.called_ace < 0:
            plays = self.plays
            for first in range(0, len(plays), 4):
                trick = plays[first : first + 4]
                if trick[0][0] != self.announcer:
                    continue
                led = trick[0][1]
                if led not in _core.FAIL_ACES or len(trick) == 4:
                    return True
                suit = _core.effective_suit(led)
                return any(_core.effective_suit(card) != suit for _, card in trick[1:])
            return False
        return True

    @property
    def result(self) -> SpitzerResult:
        """The score of the finished deal (RULES.md 1.8); raises
        :class:`~pytrick.DealNotOverError` before."""
        return SpitzerResult.from_core(self.raw_result(), self.rules)

    def observation(self, seat: int) -> SpitzerObservation:
        """Exactly what *seat* may know (RULES.md 1.7); see :class:`SpitzerObservation`."""
        seat = check_seat(seat)  # a plain int in the observation, as Spidge's player
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

    # -- positions and records -----------------------------------------------------

    def position(self) -> str:
        """The deal as one line of text: see :mod:`pytrick.spitzer.position`."""
        return format_position(self)

    @classmethod
    def from_position(cls: type[_D], text: str) -> _D:
        """The deal a :meth:`position` string describes (rules included), replayed."""
        return parse_position(cls, text)

    def __repr__(self) -> str:
        """An expression that rebuilds the deal: the core's constructor call, or
        :meth:`from_position` when the deal keeps a target the option bits cannot say."""
        if self.context is None:
            return super().__repr__()
        return f"{type(self).__name__}.from_position({self.position()!r})"


    def to_record(self) -> dict[str, Any]:
        """The JSON record of this deal (see :mod:`pytrick.spitzer.record`)."""
        from pytrick.spitzer import record

        return record.deal_record(self)

    @classmethod
    def from_record(cls: type[_D], data: Mapping[str, Any]) -> _D:
        """Validate and replay a deal record; a fault raises :class:`~pytrick.RecordError`
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
