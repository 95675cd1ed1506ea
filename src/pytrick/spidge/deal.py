"""One Spidge deal: deal, play and score (RULES.md 2.2-2.6)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

import trickcore
from pytrick.cards import strict_card_set
from pytrick.spidge.dealing import cut_for_dealer, deal_pack, shuffled_pack
from pytrick.spidge.observation import SpidgeObservation
from pytrick.spidge.position import format_position, parse_position
from pytrick.spidge.result import SpidgeResult
from pytrick.spidge.rules import SpidgeRules
from pytrick.spidge.table import Hand, Turn, hand_of, player_of
from trickcore import CardSet
from trickcore._arguments import check_range, check_rules, check_seed, not_initialised
from trickcore._deprecated_call import CallableTuple, tuple_view
from trickcore.card import Card
from trickcore.errors import ArgumentTypeError, IllegalMoveError

__all__ = ["SpidgeDeal", "Trick"]

_core = trickcore.spidge

CardLike = Card | int | str
HandLike = CardSet | int | str | Iterable[int | str]
_D = TypeVar("_D", bound="SpidgeDeal")
_core_play = _core.SpidgeState.play
# plays and tricks were methods: callable one more release, with a DeprecationWarning.
_Plays = tuple_view("plays")
_Tricks = tuple_view("tricks")


class _Context(NamedTuple):
    """What the API adds to the core state: who deals, and the rules."""

    dealer: int
    rules: SpidgeRules


class Trick(NamedTuple):
    """A complete trick: the hand that led, the four cards in play order, the winner."""

    leader: Hand
    cards: tuple[Card, Card, Card, Card]
    winner: Hand


class SpidgeDeal(_core.SpidgeState):
    """One Spidge deal, from the deal to the score.

    Players are 0, 1, 2 (see :mod:`pytrick.spidge.table`); the hands are
    ``deal.hand(Hand.LEFT)`` … ``deal.hand(Hand.DEALER)``.  It follows
    python-chess's ``Board``: :attr:`to_move`,
    :attr:`~trickcore.spidge.SpidgeState.legal_moves` (a card set), :meth:`play` /
    :meth:`~trickcore.spidge.SpidgeState.undo`,
    :meth:`~trickcore.spidge.SpidgeState.copy`,
    :attr:`~trickcore.spidge.SpidgeState.is_over`, equality and hashing.  The hot methods are the compiled core's own.

    >>> from pytrick.spidge import SpidgeDeal
    >>> deal = SpidgeDeal.from_seed(7)
    >>> deal.dealer, deal.to_move
    (1, Turn(player=2, hand=<Hand.LEFT: 0>))
    >>> deal.player_hand(2)
    CardSet('7C 9C TC AC 5D 7D 8D 9D 9H QH AH QS JK1')
    >>> deal.play("QS")
    Traceback (most recent call last):
    ...
    pytrick.IllegalMoveError: cannot lead Q♠: the opening lead may not be a trump: you
        hold 7♣, 9♣, 10♣, A♣, 5♦, 7♦, 8♦, 9♦, 9♥, Q♥ and A♥ (rules §2.5)
    >>> deal.play("AC")
    >>> deal.to_move
    Turn(player=1, hand=<Hand.DUMMY: 1>)
    """

    __slots__ = ()

    def __init__(
        self,
        hands: Sequence[HandLike],
        dummy: HandLike,
        dealer: int = 0,
        rules: SpidgeRules | None = None,
    ) -> None:
        """A deal of explicit hands: *hands* by player (0, 1, 2), *dummy*, and *dealer*."""
        rules = check_rules(rules, SpidgeRules)
        dealer = check_range(dealer, "dealer", 0, 2, "players are 0, 1 and 2")
        if isinstance(hands, (str, bytes)) or len(hands) != 3:
            raise trickcore.InvalidCardError(
                "a Spidge deal needs three players' hands and the dummy"
            )
        hands = [strict_card_set(hand, f"player {p}'s hand") for p, hand in enumerate(hands)]
        dummy = strict_card_set(dummy, "the dummy")
        by_hand = [hands[player_of(h, dealer)] if h != Hand.DUMMY else dummy for h in Hand]
        super().__init__(by_hand, rules.flags, rules.slam_tricks, rules.spidge_tricks)
        self.context = _Context(dealer, rules)

    # -- creating a deal -----------------------------------------------------------

    @classmethod
    def _from_masks(cls: type[_D], by_hand: Sequence[int], dealer: int, rules: SpidgeRules) -> _D:
        """A deal of four card masks by :class:`Hand`, for hands already known to
        be a valid deal (the samplers'): the constructor without its per-card
        checks, which cost more than the deal itself (the core still checks
        that the hands are a whole pack)."""
        deal = cls.__new__(cls)
        _core.SpidgeState.__init__(
            deal, list(by_hand), rules.flags, rules.slam_tricks, rules.spidge_tricks
        )
        deal.context = _Context(dealer, rules)
        return deal

    @classmethod
    def from_hands(
        cls: type[_D],
        hands: Sequence[HandLike],
        dummy: HandLike,
        dealer: int = 0,
        rules: SpidgeRules | None = None,
    ) -> _D:
        """The same as the constructor: *hands* by player (0, 1, 2), then the dummy's."""
        return cls(hands, dummy, dealer, rules)

    @classmethod
    def from_pack(
        cls: type[_D], pack: Sequence[CardLike], dealer: int, rules: SpidgeRules | None = None
    ) -> _D:
        """A deal dealt from *pack* (top card first) by *dealer*: one card at a
        time clockwise from the dealer's left, the dummy second (RULES.md 2.4)."""
        left, dummy, right, own = deal_pack([Card(c) for c in pack])
        hands: list[list[Card]] = [[], [], []]
        for hand, cards in ((Hand.LEFT, left), (Hand.RIGHT, right), (Hand.DEALER, own)):
            hands[player_of(hand, dealer)] = cards
        return cls(hands, dummy, dealer, rules)

    @classmethod
    def from_seed(
        cls: type[_D], seed: int, dealer: int | None = None, rules: SpidgeRules | None = None
    ) -> _D:
        """A shuffled deal, the same on every platform for the same *seed*
        (``0`` to ``2**64 - 1``): with ``rng = random.Random(seed)``, the
        players cut for the dealer (:func:`~pytrick.spidge.cut_for_dealer`)
        unless *dealer* is given, then ``rng`` shuffles the pack (see
        :mod:`pytrick.spidge.dealing`)."""
        rules = check_rules(rules, SpidgeRules)
        rng = random.Random(check_seed(seed))  # random.Random(-s) is random.Random(s)
        if dealer is None:
            dealer = cut_for_dealer(rng, rules.jokers)
        return cls.from_pack(shuffled_pack(rng, rules.jokers), dealer, rules)

    # -- typed views over the core -------------------------------------------------

    @property
    def dealer(self) -> int:
        """The player who deals, and plays the dummy."""
        return self._context.dealer

    @property
    def rules(self) -> SpidgeRules:
        return self._context.rules

    @property
    def _context(self) -> _Context:
        context = self.context
        if not isinstance(context, _Context):  # __init__ never ran: no dealer, no rules
            raise not_initialised(self)
        return context

    @property
    def to_move(self) -> Turn | None:
        """Whose turn: the player choosing, and the hand the card comes from
        (``Hand.DUMMY`` when the dealer plays the dummy); None when over."""
        hand = self.hand_to_move
        if hand is None:
            return None
        return Turn(player_of(hand, self.dealer), Hand(hand))

    @property
    def dummy(self) -> CardSet:
        """The dummy's cards (public)."""
        return self.hand(Hand.DUMMY)

    def player_hand(self, player: int) -> CardSet:
        """The cards *player* holds in his own hand (for the dealer, not the dummy)."""
        return self.hand(hand_of(self._player(player), self.dealer))

    def hand_of(self, player: int) -> Hand:
        """The hand *player* holds in this deal."""
        return hand_of(self._player(player), self.dealer)

    def player_of(self, hand: int) -> int:
        """The player who plays *hand* (the dealer plays the dummy); a bad hand
        is an :class:`~pytrick.InvalidArgumentError`, as for ``hand()``."""
        # The table's check, not Hand(hand): that was a bare ValueError.
        return player_of(hand, self.dealer)

    def play(self, card: CardLike, player: int | None = None) -> None:
        """Play *card* from the hand to move; an illegal card raises
        :class:`~pytrick.IllegalMoveError` naming the rule, and leaves the deal unchanged.

        If *player* (0, 1, 2) is given, it must be his turn (the dealer's turn
        includes the dummy's), as Spitzer's ``play(card, seat)`` checks its
        seat; otherwise :class:`~pytrick.IllegalMoveError`.  The parameter is the
        player, not the :class:`Hand`: players are who choose.
        """
        if player is not None:
            self._check_turn(player)
        _core_play(self, card)

    def _check_turn(self, player: int) -> None:
        turn = self.to_move
        if turn is not None and self._player(player) != turn.player:
            raise IllegalMoveError(
                f"it is not player {player}'s turn: {turn} is to play", "not_your_turn", "2.5"
            )

    def play_for(self, player: int, card: CardLike) -> None:
        """Deprecated: ``play(card, player)`` checks the turn the same way."""
        warnings.warn(
            "SpidgeDeal.play_for(player, card) is deprecated: use play(card, player)",
            DeprecationWarning,
            stacklevel=2,
        )
        self.play(card, player)

    @staticmethod
    def _player(player: int) -> int:
        if isinstance(player, Hand):  # an int too: Hand.DUMMY would pass as player 1
            raise ArgumentTypeError(
                f"player must be a player (0, 1 or 2), not a hand ({player!r}): "
                "deal.player_of(hand) gives the player who plays a hand"
            )
        return check_range(player, "player", 0, 2, "players are 0, 1 and 2")

    @property
    def trick_winners(self) -> tuple[Hand, ...]:
        """The hand that won each complete trick, as :class:`Hand` values (the
        core's ``SpidgeState.trick_winners`` gives the same hands as ints)."""
        return tuple(Hand(winner) for winner in super().trick_winners)

    @property
    def plays(self) -> CallableTuple[tuple[Hand, Card]]:
        """Every card played: (hand, card), in order."""
        return _Plays(zip((Hand(h) for h in self.history_hands), self.history, strict=False))

    @property
    def tricks(self) -> CallableTuple[Trick]:
        """The complete tricks, in order."""
        plays = self.plays
        result = []
        for t, winner in enumerate(self.trick_winners):
            four = plays[4 * t : 4 * t + 4]
            cards = (four[0][1], four[1][1], four[2][1], four[3][1])
            result.append(Trick(four[0][0], cards, winner))
        return _Tricks(result)

    @property
    def result(self) -> SpidgeResult:
        """The score of the finished deal (RULES.md 2.6), by :meth:`SpidgeRules.score`;
        raises :class:`~pytrick.DealNotOverError` before."""
        if not self.is_over:
            self.categories()  # the core's error: the deal is not over
        won = self.tricks_won
        dealer = self.dealer
        by_player = [won[hand_of(player, dealer)] for player in range(3)]
        by_player[dealer] += won[Hand.DUMMY]
        score = self.rules.score(by_player, dealer)
        return SpidgeResult(
            dealer=dealer,
            tricks_by_hand=won,
            tricks=(by_player[0], by_player[1], by_player[2]),
            categories=score.categories,
            points=score.points,
        )

    def observation(self, player: int) -> SpidgeObservation:
        """Exactly what *player* may know; see :class:`SpidgeObservation`."""
        player = self._player(player)
        seat = hand_of(player, self.dealer)
        to_move = self.to_move
        plays = self.plays
        start = self.tricks_played * 4
        return SpidgeObservation(
            player=player,
            seat=seat,
            dealer=self.dealer,
            rules=self.rules,
            hand=self.hand(seat),
            dummy=self.dummy,
            plays=plays,
            trick_winners=self.trick_winners,
            current_trick=plays[start:] if not self.is_over else (),
            to_move=to_move,
            legal_moves=self.legal_moves
            if to_move is not None and to_move.player == player
            else CardSet(),
        )

    def position(self) -> str:
        """The deal as one line, its rules included: see :mod:`pytrick.spidge.position`."""
        return format_position(self)

    @classmethod
    def from_position(cls: type[_D], text: str, rules: SpidgeRules | None = None) -> _D:
        """The deal a :meth:`position` string describes (rules included),
        replayed.  *rules* are for a string written without its rules (six
        fields); given with a string that has them, they must agree."""
        return parse_position(cls, text, rules)

    def __repr__(self) -> str:
        """An expression that rebuilds the deal, rules included."""
        return f"{type(self).__name__}.from_position({self.position()!r})"

    # -- records -------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The JSON record of this deal (see :mod:`pytrick.spidge.record`)."""
        from pytrick.spidge import record

        return record.deal_record(self)

    @classmethod
    def from_record(cls: type[_D], data: Mapping[str, Any]) -> _D:
        """Validate and replay a deal record; a fault raises :class:`~pytrick.RecordError`
        naming the first bad field or move."""
        from pytrick.spidge import record

        return record.read_deal_record(cls, data)

    def _repr_svg_(self) -> str:
        """The whole table, every hand face up, for Jupyter: see :func:`pytrick.svg.deal`."""
        from pytrick.svg import deal

        return deal(self)

    def summary(self) -> str:
        """The deal and its result, for people."""
        from pytrick.spidge import text

        return text.deal_summary(self)

    def summary_json(self) -> dict[str, Any]:
        """The deal's result, for machines."""
        from pytrick.spidge import text

        return text.deal_summary_json(self)
