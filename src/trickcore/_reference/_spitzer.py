"""Spitzer, written plainly from RULES.md §1 (the oracle).

Cards are the card numbers of :mod:`trickcore.card`.  Effective suits use the
printed-suit numbers for the three fail suits and :data:`TRUMPS` for trumps.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NoReturn, Protocol

from trickcore import _spitzer_messages as _msg
from trickcore._arguments import (
    as_int,
    card_number,
    check_range,
    check_seat,
    not_initialised,
    random_fraction,
)
from trickcore._deprecated_call import CallableInt, CallableTuple, int_view, tuple_view
from trickcore._reference._cards import CardSet
from trickcore.card import Card, Rank, Suit, parse_card
from trickcore.errors import IllegalMoveError, InvalidCardError, RulesError

__all__ = [
    "ACE_CALL_CLUBS",
    "ACE_CALL_HEARTS",
    "ACE_CALL_SPADES",
    "ALL_OPTIONS",
    "AUCTION",
    "BLACK_QUEENS",
    "CLUBS",
    "COLUMN_0_30",
    "COLUMN_31_60",
    "COLUMN_61_89",
    "COLUMN_90_120",
    "COLUMN_ALL_TRICKS",
    "COLUMN_NO_TRICKS",
    "FAIL_ACES",
    "FAIL_ORDER",
    "FAIL_SUITS",
    "FIRST_TRICK_CALL",
    "GAME_ACE_CALL",
    "GAME_FIRST_TRICK_CALL",
    "GAME_NORMAL",
    "GAME_SCHNEIDER",
    "GAME_SNEAKER",
    "GAME_VOID_CALL",
    "GAME_ZOLA",
    "GAME_ZOLA_SCHNEIDER",
    "GAME_ZOLA_SCHNEIDER_SCHWARZ",
    "HEARTS",
    "N_ACTIONS",
    "N_ANNOUNCEMENTS",
    "N_GAME_TYPES",
    "OPT_CALL_REQUIRES_LEAD",
    "OPT_FIRST_TRICK_WON_BY_OTHER",
    "OPT_SCHNEIDER_ANNOUNCEMENT",
    "OPT_VOID_CALL_FIRST_VOID_PLAYER",
    "OPT_ZOLA_REQUIRES_BOTH_QUEENS",
    "OVER",
    "PACK",
    "PASS",
    "PLAY",
    "QUEEN_OF_CLUBS",
    "QUEEN_OF_SPADES",
    "SCHNEIDER",
    "SCORING_TABLE",
    "SPADES",
    "STATE_SIZE",
    "TRUMPS",
    "TRUMP_ORDER",
    "VOID_CALL",
    "VOID_CALL_CLUBS",
    "VOID_CALL_HEARTS",
    "VOID_CALL_SPADES",
    "ZOLA",
    "ZOLA_SCHNEIDER",
    "ZOLA_SCHNEIDER_SCHWARZ",
    "SpitzerState",
    "action_index",
    "card_of_action",
    "card_points",
    "deal_pack",
    "effective_suit",
    "is_trump",
    "scoring_column",
    "strength",
    "suit_mask",
    "trick_winner",
]

CLUBS, HEARTS, SPADES = int(Suit.CLUBS), int(Suit.HEARTS), int(Suit.SPADES)
#: The effective suit of the 14 trumps (queens, jacks, diamonds).
TRUMPS = 4
FAIL_SUITS = (CLUBS, SPADES, HEARTS)
N_ACTIONS = 32

_RANKS_IN_PACK = ("7", "8", "9", "10", "J", "Q", "K", "A")

#: All 32 cards of the pack: 7 to A in every suit (RULES.md 1.2).
PACK = tuple(int(parse_card(rank + suit)) for suit in "CDHS" for rank in _RANKS_IN_PACK)

#: The trumps from highest to lowest (RULES.md 1.2 table).
TRUMP_ORDER = tuple(
    int(parse_card(text))
    for text in (
        "Q♣",
        "7♦",
        "Q♠",
        "Q♥",
        "Q♦",
        "J♣",
        "J♠",
        "J♥",
        "J♦",
        "A♦",
        "10♦",
        "K♦",
        "9♦",
        "8♦",
    )
)

#: Fail ranks from highest to lowest: A, 10, K, 9, 8, 7.
FAIL_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)

_POINTS_BY_RANK = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


def _check(card: object) -> Card:
    """A Spitzer card given as a Card, a Python or numpy integer or text."""
    number = card_number(card)
    if number not in PACK:
        raise InvalidCardError(
            f"{Card(number)} is not a Spitzer card (the pack is 7 to A in each suit; rules §1.2)")
    return Card(number)


def is_trump(card: int) -> bool:
    """Queens, jacks and diamonds are trumps."""
    return _check(card) in TRUMP_ORDER


def effective_suit(card: int) -> int:
    """TRUMPS for a trump, else the printed suit (a queen or jack is only a trump)."""
    c = _check(card)
    return TRUMPS if c in TRUMP_ORDER else int(c.suit)  # type: ignore[arg-type]


def strength(card: int) -> int:
    """Rank within the effective suit, higher beats lower: trumps 14 (Q♣) to 1 (8♦),
    fail cards 6 (A) to 1 (7)."""
    c = _check(card)
    if c in TRUMP_ORDER:
        return len(TRUMP_ORDER) - TRUMP_ORDER.index(c)
    return len(FAIL_ORDER) - FAIL_ORDER.index(c.rank)


def card_points(card: int) -> int:
    """A 11, 10 10, K 4, Q 3, J 2, the rest 0."""
    return _POINTS_BY_RANK.get(_check(card).rank, 0)  # type: ignore[arg-type]


def suit_mask(suit: int) -> int:
    """The mask of the cards whose effective suit is *suit* (0 to 4; 1, diamonds,
    is empty: they are trumps)."""
    check_range(suit, "suit", 0, 4,
                "effective suits are 0 (clubs), 2 (hearts), 3 (spades) and 4 (TRUMPS); 1 is empty")
    return sum(1 << c for c in PACK if effective_suit(c) == suit)


def action_index(card: int) -> int:
    """The dense action number 0..31 of a card: 8 per printed suit, 7 to A."""
    return PACK.index(_check(card))


def card_of_action(action: int) -> int:
    """The card with dense action number *action* (0..31)."""
    number = as_int(action, "action")
    if not 0 <= number < N_ACTIONS:
        raise InvalidCardError(f"invalid Spitzer action {number!r}: actions are 0 to 31")
    return PACK[number]


# ---------------------------------------------------------------------------
# The deal: announcements, play, scoring (RULES.md 1.3-1.8).
# ---------------------------------------------------------------------------

#: The size in bytes of the compiled core's deal struct (kept equal across backends).
STATE_SIZE = 56

#: Phases of a deal.
AUCTION, PLAY, OVER = 0, 1, 2

#: Announcement codes (RULES.md 1.5).  PASS is also the value of
#: :attr:`SpitzerState.announcement` while nobody has announced.
PASS = 0
ZOLA = 1
ZOLA_SCHNEIDER = 2
ZOLA_SCHNEIDER_SCHWARZ = 3
ACE_CALL_CLUBS = 4
ACE_CALL_SPADES = 5
ACE_CALL_HEARTS = 6
VOID_CALL_CLUBS = 7
VOID_CALL_SPADES = 8
VOID_CALL_HEARTS = 9
VOID_CALL = 10
FIRST_TRICK_CALL = 11
SCHNEIDER = 12
N_ANNOUNCEMENTS = 13

#: Game types (RULES.md 1.5 and 1.8).
GAME_NORMAL = 0
GAME_SNEAKER = 1
GAME_ZOLA = 2
GAME_ZOLA_SCHNEIDER = 3
GAME_ZOLA_SCHNEIDER_SCHWARZ = 4
GAME_ACE_CALL = 5
GAME_VOID_CALL = 6
GAME_FIRST_TRICK_CALL = 7
GAME_SCHNEIDER = 8
N_GAME_TYPES = 9

#: Scoring columns (RULES.md 1.8), in table order.
COLUMN_NO_TRICKS = 0
COLUMN_0_30 = 1
COLUMN_31_60 = 2
COLUMN_61_89 = 3
COLUMN_90_120 = 4
COLUMN_ALL_TRICKS = 5

#: Rule options as bit flags; 0 is every default of RULES.md 1.5.
OPT_ZOLA_REQUIRES_BOTH_QUEENS = 1
OPT_VOID_CALL_FIRST_VOID_PLAYER = 2
OPT_FIRST_TRICK_WON_BY_OTHER = 4
OPT_CALL_REQUIRES_LEAD = 8
OPT_SCHNEIDER_ANNOUNCEMENT = 16
ALL_OPTIONS = 31

#: The scoring table of RULES.md 1.8, one row per game type, one entry per
#: column: +N means every declarer scores N, -N every opponent scores N, and
#: 0 marks an impossible cell ("—").
SCORING_TABLE = (
    (0, -9, -6, 3, 6, 9),  # Normal
    (0, -9, -6, 9, 12, 15),  # Sneaker
    (-15, -12, -9, 18, 27, 36),  # Zola
    (-42, -36, -24, -18, 36, 39),  # Zola Schneider
    (-42, -42, -39, -33, -27, 42),  # Zola Schneider Schwarz
    (0, -9, -6, 3, 6, 9),  # ace call
    (0, -9, -6, 3, 6, 9),  # void call
    (0, -9, -6, 3, 6, 9),  # first-trick call
    (-18, -15, -12, -9, 9, 12),  # Schneider (house rule)
)

_ANNOUNCED_GAME = {
    ZOLA: GAME_ZOLA,
    ZOLA_SCHNEIDER: GAME_ZOLA_SCHNEIDER,
    ZOLA_SCHNEIDER_SCHWARZ: GAME_ZOLA_SCHNEIDER_SCHWARZ,
    ACE_CALL_CLUBS: GAME_ACE_CALL,
    ACE_CALL_SPADES: GAME_ACE_CALL,
    ACE_CALL_HEARTS: GAME_ACE_CALL,
    VOID_CALL_CLUBS: GAME_VOID_CALL,
    VOID_CALL_SPADES: GAME_VOID_CALL,
    VOID_CALL_HEARTS: GAME_VOID_CALL,
    VOID_CALL: GAME_VOID_CALL,
    FIRST_TRICK_CALL: GAME_FIRST_TRICK_CALL,
    SCHNEIDER: GAME_SCHNEIDER,
}
# The suit an ace call or a void call names.
_NAMED_SUIT = {
    ACE_CALL_CLUBS: CLUBS,
    ACE_CALL_SPADES: SPADES,
    ACE_CALL_HEARTS: HEARTS,
    VOID_CALL_CLUBS: CLUBS,
    VOID_CALL_SPADES: SPADES,
    VOID_CALL_HEARTS: HEARTS,
}

QUEEN_OF_CLUBS = int(parse_card("QC"))
QUEEN_OF_SPADES = int(parse_card("QS"))
BLACK_QUEENS = (QUEEN_OF_CLUBS, QUEEN_OF_SPADES)
FAIL_ACES = tuple(int(parse_card("A" + s)) for s in "CSH")
_ACE_OF = {CLUBS: FAIL_ACES[0], SPADES: FAIL_ACES[1], HEARTS: FAIL_ACES[2]}
_SUIT_DISPLAY_ORDER = (TRUMPS, CLUBS, SPADES, HEARTS)


def scoring_column(points: int, tricks: int) -> int:
    """The column of RULES.md 1.8 for a declaring side's card points and tricks."""
    if tricks == 8:
        return COLUMN_ALL_TRICKS
    if tricks == 0:
        return COLUMN_NO_TRICKS
    if points <= 30:
        return COLUMN_0_30
    if points <= 60:
        return COLUMN_31_60
    if points <= 89:
        return COLUMN_61_89
    return COLUMN_90_120


def deal_pack(pack: Sequence[int], dealer: int) -> tuple[int, int, int, int]:
    """The four hands (as masks, by seat) dealt 3-2-3 from *pack*, top card first.

    The dealer deals clockwise starting on his left: three cards to each
    player, then two, then three (RULES.md 1.3).
    """
    _check_dealer(dealer)
    if isinstance(pack, (str, bytes)) or not isinstance(pack, Sequence):
        raise InvalidCardError(_msg.bad_pack("give a sequence of 32 cards, top card first"))
    cards = list(pack)
    if len(cards) != 32:
        raise InvalidCardError(_msg.bad_pack(f"{_msg.cards_count(len(cards))}; the pack has 32"))
    seen: list[int] = []
    for card in cards:
        number = int(_check(_as_card(card)))
        if number in seen:
            raise InvalidCardError(_msg.bad_pack(f"{Card(number)} appears twice"))
        seen.append(number)
    hands: list[list[int]] = [[], [], [], []]
    top = 0
    for packet in (3, 2, 3):
        for offset in range(1, 5):
            seat = (dealer + offset) % 4
            hands[seat].extend(seen[top : top + packet])
            top += packet
    return tuple(sum(1 << c for c in hand) for hand in hands)  # type: ignore[return-value]


def _as_card(card: object) -> int:
    return card_number(card)


def _check_dealer(dealer: object) -> int:
    return check_range(dealer, "dealer", 0, 3, "seats are 0 to 3")


def _display(cards: Iterable[int]) -> list[int]:
    """Cards in the order the rules list them: trumps, then ♣ ♠ ♥, strongest first."""
    return sorted(cards, key=lambda c: (_SUIT_DISPLAY_ORDER.index(effective_suit(c)), -strength(c)))


def trick_winner(cards: Sequence[int | str]) -> int:
    """The position (0 = the card led) of the card winning a trick of 1 to 4
    cards: the highest trump, else the highest card of the fail suit led."""
    played = [int(_check(_as_card(c))) for c in cards]
    if not 1 <= len(played) <= 4 or len(set(played)) != len(played):
        raise InvalidCardError(f"a trick is 1 to 4 different cards, not {len(played)}")
    trumps = [c for c in played if is_trump(c)]
    if trumps:
        return played.index(max(trumps, key=strength))
    led = effective_suit(played[0])
    return played.index(max((c for c in played if effective_suit(c) == led), key=strength))


def _beats(card: int, best: int) -> bool:
    """Does *card* beat *best*, the card winning the trick so far?"""
    if is_trump(card):
        return not is_trump(best) or strength(card) > strength(best)
    return (
        not is_trump(best)
        and effective_suit(card) == effective_suit(best)
        and strength(card) > strength(best)
    )


_ANNOUNCE_ACTIONS = 32  # the first announcement action (PASS)
_N_ALL_ACTIONS = 32 + N_ANNOUNCEMENTS


class _Random(Protocol):
    def random(self) -> float: ...


# The views that were methods: callable one more release, with a DeprecationWarning.
_Announcements = tuple_view("announcements")
_Plays = tuple_view("plays")
_CurrentTrick = tuple_view("current_trick")
_TrickWinners = tuple_view("trick_winners")
_TrickPoints = tuple_view("trick_points")
_TricksTaken = tuple_view("tricks_taken")
_PointsTaken = tuple_view("points_taken")
_LegalAnnouncements = tuple_view("legal_announcements")
_LegalMask = int_view("legal_mask")
_Declarers = int_view("declarers")
_Revealed = int_view("revealed")


class SpitzerState:
    """One Spitzer deal, from the announcements to the score (reference twin).

    *hands* are four card sets (anything :class:`~pytrick.CardSet` accepts), by seat;
    *announcements* and *plays* are replayed after setting up, so
    ``eval(repr(state))`` rebuilds the state.
    """

    def __init__(
        self,
        hands: Sequence[object],
        dealer: int = 0,
        options: int = 0,
        announcements: Iterable[int] = (),
        plays: Iterable[object] = (),
    ) -> None:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != 4:
            raise InvalidCardError(_msg.bad_hands("give four hands, one per seat"))
        sets = []
        for seat, hand in enumerate(hands):
            cards = sorted(CardSet(hand))  # type: ignore[arg-type]
            for card in cards:
                if card not in PACK:
                    raise InvalidCardError(
                        _msg.bad_hands(f"hand {seat}: {card} is not in the Spitzer pack (7 to A)")
                    )
            if len(cards) != 8:
                raise InvalidCardError(
                    _msg.bad_hands(f"hand {seat} has {_msg.cards_count(len(cards))}; each hand has 8")
                )
            sets.append({int(c) for c in cards})
        for number in PACK:
            owners = [seat for seat in range(4) if number in sets[seat]]
            if len(owners) > 1:
                raise InvalidCardError(
                    _msg.bad_hands(f"{Card(number)} is in hands {owners[0]} and {owners[1]}")
                )
        dealer = _check_dealer(dealer)
        options = as_int(options, "options")
        if options < 0 or options & ~ALL_OPTIONS:
            raise RulesError(_msg.bad_options(options))
        self._dealt = [frozenset(s) for s in sets]
        self._held = [set(s) for s in sets]
        self._dealer = dealer
        self._options = options
        self._spoken: list[int] = []
        self._plays: list[tuple[int, int]] = []
        self.context: object = None
        for code in announcements:
            self.announce(code)
        for item in plays:
            self.play(item)  # type: ignore[arg-type]

    _FIELDS = frozenset(("_dealt", "_held", "_dealer", "_options", "_spoken", "_plays"))

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> NoReturn:
            # Only reached for a field __init__ sets but never set.
            if name in SpitzerState._FIELDS:
                raise not_initialised(self)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- basic facts ---------------------------------------------------------

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def options(self) -> int:
        return self._options

    @property
    def phase(self) -> int:
        if len(self._plays) == 32:
            return OVER
        if self._auction_done():
            return PLAY
        return AUCTION

    @property
    def is_over(self) -> bool:
        return len(self._plays) == 32

    @property
    def n_played(self) -> int:
        return len(self._plays)

    @property
    def trick_number(self) -> int:
        """The current trick, 0 to 7 (8 once the deal is over)."""
        return len(self._plays) // 4

    def _auction_done(self) -> bool:
        return len(self._spoken) == 4 or any(code != PASS for code in self._spoken)

    @property
    def to_move(self) -> int:
        """The seat to announce or play, or -1 when the deal is over."""
        if self.is_over:
            return -1
        if not self._auction_done():
            return (self._dealer + 1 + len(self._spoken)) % 4
        trick = self._current_trick()
        return (self.trick_leader + len(trick)) % 4

    @property
    def announcement(self) -> int:
        """The announcement made (PASS while none has been, or if all passed)."""
        for code in self._spoken:
            if code != PASS:
                return code
        return PASS

    @property
    def announcer(self) -> int:
        for i, code in enumerate(self._spoken):
            if code != PASS:
                return (self._dealer + 1 + i) % 4
        return -1

    @property
    def game_type(self) -> int:
        """The game being played, once the announcements are over (-1 before)."""
        if not self._auction_done():
            return -1
        code = self.announcement
        if code != PASS:
            return _ANNOUNCED_GAME[code]
        if self.holder(QUEEN_OF_CLUBS) == self.holder(QUEEN_OF_SPADES):
            return GAME_SNEAKER
        return GAME_NORMAL

    @property
    def called_ace(self) -> int:
        """The called ace of an ace call or a void call naming a suit, else -1."""
        code = self.announcement
        if code in _NAMED_SUIT:
            return _ACE_OF[_NAMED_SUIT[code]]
        return -1

    def holder(self, card: int) -> int:
        """The seat the card was dealt to."""
        number = int(_check(_as_card(card)))
        for seat in range(4):
            if number in self._dealt[seat]:
                return seat
        raise AssertionError("every card is dealt")

    def hand(self, seat: int) -> CardSet:
        """The cards *seat* holds now."""
        return CardSet(self._held[_seat(seat)])

    def original_hand(self, seat: int) -> CardSet:
        """The eight cards *seat* was dealt."""
        return CardSet(self._dealt[_seat(seat)])

    def _raw_announcements(self) -> list[tuple[int, int]]:
        return [((self._dealer + 1 + i) % 4, code) for i, code in enumerate(self._spoken)]

    @property
    def announcements(self) -> CallableTuple[tuple[int, int]]:
        """(seat, code) of every announcement so far, passes included."""
        return _Announcements(self._raw_announcements())

    def _raw_plays(self) -> list[tuple[int, Card]]:
        return [(seat, Card(card)) for seat, card in self._plays]

    @property
    def plays(self) -> CallableTuple[tuple[int, Card]]:
        """(seat, card) of every card played so far, in order."""
        return _Plays(self._raw_plays())

    def _tricks(self) -> list[list[tuple[int, int]]]:
        return [self._plays[i : i + 4] for i in range(0, len(self._plays), 4)]

    def _complete_tricks(self) -> list[list[tuple[int, int]]]:
        return [trick for trick in self._tricks() if len(trick) == 4]

    def _current_trick(self) -> list[tuple[int, int]]:
        if len(self._plays) % 4 == 0:
            return []
        return self._tricks()[-1]

    def _raw_current_trick(self) -> list[tuple[int, Card]]:
        return [(seat, Card(card)) for seat, card in self._current_trick()]

    @property
    def current_trick(self) -> CallableTuple[tuple[int, Card]]:
        """(seat, card) of the cards in the trick being played."""
        return _CurrentTrick(self._raw_current_trick())

    @property
    def trick_leader(self) -> int:
        """The seat leading the current trick (-1 when the deal is over)."""
        if self.is_over:
            return -1
        winners = self._raw_trick_winners()
        return winners[-1] if winners else (self._dealer + 1) % 4

    @staticmethod
    def _winner(trick: list[tuple[int, int]]) -> int:
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            if _beats(card, best):
                best_seat, best = seat, card
        return best_seat

    def _raw_trick_winners(self) -> list[int]:
        return [self._winner(trick) for trick in self._complete_tricks()]

    @property
    def trick_winners(self) -> CallableTuple[int]:
        """The winner of every completed trick: the highest trump, else the
        highest card of the fail suit led (RULES.md 1.6)."""
        return _TrickWinners(self._raw_trick_winners())

    def _raw_trick_points(self) -> list[int]:
        return [sum(card_points(card) for _, card in trick) for trick in self._complete_tricks()]

    @property
    def trick_points(self) -> CallableTuple[int]:
        """The card points in every completed trick."""
        return _TrickPoints(self._raw_trick_points())

    def _raw_tricks_taken(self) -> tuple[int, int, int, int]:
        winners = self._raw_trick_winners()
        return tuple(winners.count(seat) for seat in range(4))  # type: ignore[return-value]

    @property
    def tricks_taken(self) -> CallableTuple[int]:
        """Completed tricks won by each seat."""
        return _TricksTaken(self._raw_tricks_taken())

    def _raw_points_taken(self) -> tuple[int, int, int, int]:
        totals = [0, 0, 0, 0]
        for winner, points in zip(self._raw_trick_winners(), self._raw_trick_points(), strict=True):
            totals[winner] += points
        return tuple(totals)  # type: ignore[return-value]

    @property
    def points_taken(self) -> CallableTuple[int]:
        """Card points won by each seat in completed tricks."""
        return _PointsTaken(self._raw_points_taken())

    # -- announcements (RULES.md 1.5) ----------------------------------------

    def _announcement_fault(self, seat: int, code: int) -> tuple[int, list[int]]:
        """(reason, cards) why *seat* may not announce *code*; reason 0 if he may."""
        hand = self._dealt[seat]
        queens = [c for c in BLACK_QUEENS if c in hand]
        both = len(queens) == 2
        first_void = bool(self._options & OPT_VOID_CALL_FIRST_VOID_PLAYER)
        if code == PASS:
            return 0, []
        if code in (ZOLA, ZOLA_SCHNEIDER, ZOLA_SCHNEIDER_SCHWARZ):
            if self._options & OPT_ZOLA_REQUIRES_BOTH_QUEENS and not both:
                return _msg.ZOLA_NEEDS_BOTH_QUEENS, queens
            return 0, []
        if code == SCHNEIDER:
            if not self._options & OPT_SCHNEIDER_ANNOUNCEMENT:
                return _msg.SCHNEIDER_OFF, []
            return 0, []
        if code in (VOID_CALL_CLUBS, VOID_CALL_SPADES, VOID_CALL_HEARTS) and first_void:
            return _msg.WRONG_VOID_FORM, []
        if code == VOID_CALL and not first_void:
            return _msg.WRONG_VOID_FORM, []
        if not both:
            return _msg.NEEDS_BOTH_QUEENS, queens
        fail = {suit: [c for c in hand if effective_suit(c) == suit] for suit in FAIL_SUITS}
        aces_held = [ace for ace in FAIL_ACES if ace in hand]
        if code in (ACE_CALL_CLUBS, ACE_CALL_SPADES, ACE_CALL_HEARTS):
            suit = _NAMED_SUIT[code]
            if _ACE_OF[suit] in hand:
                return _msg.HOLDS_CALLED_ACE, [_ACE_OF[suit]]
            if not fail[suit]:
                return _msg.NO_CARD_OF_SUIT, []
            return 0, []
        if code == FIRST_TRICK_CALL:
            missing = [ace for ace in FAIL_ACES if ace not in hand]
            if missing:
                return _msg.LACKS_AN_ACE, missing
            return 0, []
        # Void calls: every fail suit he holds must contain its ace.
        unguarded = [
            c for suit in FAIL_SUITS if fail[suit] and _ACE_OF[suit] not in hand for c in fail[suit]
        ]
        if unguarded:
            return _msg.UNGUARDED_SUIT, unguarded
        if code == VOID_CALL:
            if not aces_held:
                return _msg.NO_FAIL_ACE, []
            return 0, []
        suit = _NAMED_SUIT[code]
        if fail[suit]:
            return _msg.HOLDS_NAMED_SUIT, fail[suit]
        # Void in the named suit, he lacks its ace: the missing fail ace of 1.5 holds.
        return 0, []

    def _raw_legal_announcements(self) -> tuple[int, ...]:
        if self.phase != AUCTION:
            return ()
        seat = self.to_move
        return tuple(
            code for code in range(N_ANNOUNCEMENTS) if self._announcement_fault(seat, code)[0] == 0
        )

    @property
    def legal_announcements(self) -> CallableTuple[int]:
        """The announcement codes the seat to speak may make (PASS first);
        empty once the announcements are over."""
        return _LegalAnnouncements(self._raw_legal_announcements())

    def announce(self, code: int, seat: int | None = None) -> None:
        """Pass (PASS) or announce *code* for the seat to speak.

        The first announcement ends the round (RULES.md 1.5).
        """
        if self.phase != AUCTION:
            if self.is_over:
                raise _msg.deal_over()
            raise _msg.announcements_over()
        code = as_int(code, "announcement")
        if not 0 <= code < N_ANNOUNCEMENTS:
            raise _msg.unknown_announcement(code)
        me = self.to_move
        if seat is not None and _seat(seat) != me:
            raise _msg.wrong_seat(seat, me, True)
        reason, cards = self._announcement_fault(me, code)
        if reason:
            raise _msg.announcement_error(reason, code, _display(cards))
        self._spoken.append(int(code))

    def illegal_announcement_reason(self, code: int) -> str | None:
        """Why the seat to speak may not announce *code* now, or None if it may:
        the message of the IllegalMoveError :meth:`announce` would raise."""
        if self.phase != AUCTION:
            return (_msg.deal_over() if self.is_over else _msg.announcements_over()).message
        code = as_int(code, "announcement")
        if not 0 <= code < N_ANNOUNCEMENTS:
            raise _msg.unknown_announcement(code)
        reason, cards = self._announcement_fault(self.to_move, code)
        if reason:
            return _msg.announcement_error(reason, code, _display(cards)).message
        return None

    # -- play (RULES.md 1.6) ---------------------------------------------------

    def _has_led(self, seat: int) -> bool:
        """Has *seat* led a trick before the current one?"""
        leaders = [(self._dealer + 1) % 4, *self._raw_trick_winners()]
        return seat in leaders[: self.trick_number]

    def _lead_duty(self, seat: int) -> tuple[int, set[int]]:
        """(reason, cards) the leader must lead from, or (0, empty) if his lead is free."""
        if seat != self.announcer or self._has_led(seat):
            return 0, set()
        hand = self._held[seat]
        code = self.announcement
        if code in (ACE_CALL_CLUBS, ACE_CALL_SPADES, ACE_CALL_HEARTS):
            if self._options & OPT_CALL_REQUIRES_LEAD:
                suit = _NAMED_SUIT[code]
                return _msg.CALL_LEAD, {c for c in hand if effective_suit(c) == suit}
        if code == VOID_CALL:
            return _msg.VOID_CALL_LEAD, {c for c in hand if c in FAIL_ACES}
        return 0, set()

    def _legal(self) -> set[int]:
        if self.phase != PLAY:
            return set()
        seat = self.to_move
        hand = self._held[seat]
        trick = self._current_trick()
        if not trick:
            _, duty = self._lead_duty(seat)
            return set(duty) if duty else set(hand)
        led = effective_suit(trick[0][1])
        ace = self.called_ace
        follow = {c for c in hand if effective_suit(c) == led}
        if follow:
            # The called ace must be played when its suit is led by another.
            if ace in hand and effective_suit(ace) == led:
                return {ace}
            return follow
        trumps = {c for c in hand if is_trump(c)}
        if trumps:
            return trumps
        # A free discard, but not of the called ace while another card is legal.
        if ace in hand and len(hand) > 1:
            return hand - {ace}
        return set(hand)

    def _raw_legal_mask(self) -> int:
        return sum(1 << c for c in self._legal())

    @property
    def legal_mask(self) -> CallableInt:
        """The legal cards for the seat to play, as a mask (0 outside play)."""
        return _LegalMask(self._raw_legal_mask())

    @property
    def legal_moves(self) -> CardSet:
        """The legal cards for the seat to play (empty outside play)."""
        return CardSet(self._legal())

    def play(self, card: int | str, seat: int | None = None) -> None:
        """Play *card* for the seat to move; an illegal card raises IllegalMoveError
        naming the rule, and leaves the deal unchanged."""
        if self.is_over:
            raise _msg.deal_over()
        if self.phase == AUCTION:
            raise _msg.auction_not_over(self.to_move)
        number = int(_check(_as_card(card)))
        me = self.to_move
        if seat is not None and _seat(seat) != me:
            raise _msg.wrong_seat(seat, me, False)
        legal = self._legal()
        if number not in legal:
            raise self._play_fault(me, number, legal)
        self._held[me].discard(number)
        self._plays.append((me, number))

    def illegal_reason(self, card: int | str) -> str | None:
        """Why the seat to move may not play *card* now, or None if it may: the
        message of the IllegalMoveError :meth:`play` would raise."""
        over = self.is_over  # an unset state says so before the card is checked
        number = int(_check(_as_card(card)))
        if over:
            return _msg.deal_over().message
        if self.phase == AUCTION:
            return _msg.auction_not_over(self.to_move).message
        legal = self._legal()
        if number in legal:
            return None
        return self._play_fault(self.to_move, number, legal).message

    def _play_fault(self, seat: int, card: int, legal: set[int]) -> IllegalMoveError:
        trick = self._current_trick()
        led = effective_suit(trick[0][1]) if trick else -1
        ace = self.called_ace
        hand = self._held[seat]
        played = any(card == c for _, c in self._plays)
        if card not in hand:
            reason = _msg.NOT_IN_HAND
        elif not trick:
            reason = self._lead_duty(seat)[0]
        elif any(effective_suit(c) == led for c in hand):
            if ace in hand and effective_suit(ace) == led:
                reason = _msg.CALLED_ACE_MUST_PLAY
            else:
                reason = _msg.MUST_FOLLOW
        elif any(is_trump(c) for c in hand):
            reason = _msg.MUST_TRUMP
        else:
            reason = _msg.CALLED_ACE_DISCARD
        return _msg.play_error(reason, seat, card, led, ace, played, _display(legal))

    # -- integer actions (the action space of pytrick.batch.SpitzerBatch) --------

    def _legal_actions(self) -> list[int]:
        if self.phase == AUCTION:
            seat = self.to_move
            return [_ANNOUNCE_ACTIONS + code for code in range(N_ANNOUNCEMENTS)
                    if self._announcement_fault(seat, code)[0] == 0]
        return sorted(action_index(card) for card in self._legal())

    @property
    def legal_actions(self) -> tuple[int, ...]:
        """The legal actions of the seat to move, as ints in increasing order:
        ``32 + code`` for each legal announcement during the announcements,
        the dense action number (0..31) of each legal card during play;
        empty once the deal is over."""
        return tuple(self._legal_actions())

    def play_action(self, action: int) -> None:
        """Make the move with action number *action*: a card 0..31 or an
        announcement ``32 + code`` (Python and numpy integers)."""
        number = check_range(action, "action", 0, _N_ALL_ACTIONS - 1,
                             "Spitzer actions are 0 to 31 (cards) and 32 to 44 (announcements)")
        if number >= _ANNOUNCE_ACTIONS:
            SpitzerState.announce(self, number - _ANNOUNCE_ACTIONS)
        else:
            SpitzerState.play(self, card_of_action(number))

    def random_move(self, rng: _Random) -> int:
        """A uniformly random legal action, not yet made: the
        ``int(rng.random() * count)``-th of :attr:`legal_actions`; an *rng*
        without ``random()`` (None, a seed) raises ArgumentTypeError."""
        legal = self._legal_actions()
        if not legal:
            raise _msg.deal_over()
        fraction = random_fraction(rng)
        return legal[min(int(fraction * len(legal)), len(legal) - 1)]

    def undo(self) -> None:
        """Take back the last card played, or else the last announcement."""
        if self._plays:
            seat, card = self._plays.pop()
            self._held[seat].add(card)
        elif self._spoken:
            self._spoken.pop()
        else:
            raise _msg.nothing_to_undo()

    def copy(self) -> SpitzerState:
        """An independent copy (of the same class)."""
        other = type(self).__new__(type(self))
        SpitzerState._copy_into(self, other)
        return other

    def _copy_into(self, other: SpitzerState) -> None:
        other._dealt = self._dealt
        other._held = [set(h) for h in self._held]
        other._dealer = self._dealer
        other._options = self._options
        other._spoken = list(self._spoken)
        other._plays = list(self._plays)
        other.context = self.context

    __copy__ = copy

    # -- sides and scoring (RULES.md 1.4, 1.7, 1.8) -----------------------------

    def _deciding_trick(self) -> int:
        """For a first-trick call, the index of the trick that settles the partner
        (-1 while unsettled; 8 if the caller won every trick)."""
        caller = self.announcer
        winners = self._raw_trick_winners()
        if self._options & OPT_FIRST_TRICK_WON_BY_OTHER:
            for i, winner in enumerate(winners):
                if winner != caller:
                    return i
            return 8 if len(winners) == 8 else -1
        return 0 if winners else -1

    def _void_partner(self) -> int:
        """For void_call='first_void_player': the partner (-1 alone or unsettled)."""
        caller = self.announcer
        for trick in self._tricks():
            if trick[0][0] != caller:
                continue
            led = trick[0][1]
            if led not in FAIL_ACES:
                return -1
            for seat, card in trick[1:]:
                if effective_suit(card) != effective_suit(led):
                    return seat
            return -1
        return -1

    @property
    def partner(self) -> int:
        """The caller's partner in a call game, once settled (-1 if alone,
        unsettled, or not a call game)."""
        game = self.game_type
        if game in (GAME_ACE_CALL, GAME_VOID_CALL) and self.called_ace >= 0:
            return self.holder(self.called_ace)
        if game == GAME_VOID_CALL:
            return self._void_partner()
        if game == GAME_FIRST_TRICK_CALL:
            index = self._deciding_trick()
            if 0 <= index < 8:
                winner = self._raw_trick_winners()[index]
                return winner if winner != self.announcer else -1
        return -1

    def _raw_declarers(self) -> int:
        game = self.game_type
        if game < 0:
            return 0
        queen_holders = {self.holder(QUEEN_OF_CLUBS), self.holder(QUEEN_OF_SPADES)}
        if game in (GAME_NORMAL, GAME_SNEAKER):
            side = queen_holders
        elif game == GAME_SCHNEIDER:
            if self.announcer in queen_holders:
                side = queen_holders
            else:
                side = {seat for seat in range(4) if seat not in queen_holders}
        else:
            side = {self.announcer}
            if self.partner >= 0:
                side.add(self.partner)
        return sum(1 << seat for seat in side)

    @property
    def declarers(self) -> CallableInt:
        """The declaring side as a mask of seats (bit *s* = seat *s*), as far as
        it is settled; complete once the deal is over."""
        return _Declarers(self._raw_declarers())

    def _raw_revealed(self) -> int:
        game = self.game_type
        if game < 0:
            return 0
        played_by = {card: seat for seat, card in self._plays}
        queen_players = {played_by[q] for q in BLACK_QUEENS if q in played_by}
        side: set[int] = set()
        if game in (GAME_NORMAL, GAME_SNEAKER):
            side = queen_players
        elif game == GAME_SCHNEIDER:
            side = {self.announcer}
            if self.announcer in queen_players:
                side |= queen_players
            elif all(q in played_by for q in BLACK_QUEENS):
                # Both queens fell to others: the announcer's side is everyone else.
                side |= {seat for seat in range(4) if seat not in queen_players}
        else:
            side = {self.announcer}
            ace = self.called_ace
            if ace >= 0 and ace in played_by:
                side.add(played_by[ace])
            if game == GAME_VOID_CALL and ace < 0 and self._void_partner() >= 0:
                side.add(self._void_partner())
            if game == GAME_FIRST_TRICK_CALL and self.partner >= 0:
                side.add(self.partner)
        return sum(1 << seat for seat in side)

    @property
    def revealed(self) -> CallableInt:
        """Seats publicly known to be on the declaring side (RULES.md 1.7), as a
        mask: it depends only on the announcements and the cards played."""
        return _Revealed(self._raw_revealed())

    def raw_result(self) -> tuple[int, int, int, int, int, tuple[int, int, int, int]]:
        """(game type, declarers mask, their card points, their tricks, scoring
        column, game points per seat), once the deal is over (RULES.md 1.8)."""
        if not self.is_over:
            raise _msg.not_over(self.trick_number)
        game = self.game_type
        side = self._raw_declarers()
        points = sum(p for s, p in enumerate(self._raw_points_taken()) if side >> s & 1)
        tricks = sum(t for s, t in enumerate(self._raw_tricks_taken()) if side >> s & 1)
        column = scoring_column(points, tricks)
        entry = SCORING_TABLE[game][column]
        scores = [0, 0, 0, 0]
        for seat in range(4):
            member = bool(side >> seat & 1)
            if entry > 0 and member:
                scores[seat] = entry
            elif entry < 0 and not member:
                scores[seat] = -entry
        return game, side, points, tricks, column, tuple(scores)  # type: ignore[return-value]

    def scores(self) -> tuple[int, int, int, int]:
        """Game points per seat for this deal, once it is over."""
        return self.raw_result()[5]

    # -- identity ---------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (
            tuple(tuple(sorted(h)) for h in self._dealt),
            self._dealer,
            self._options,
            tuple(self._spoken),
            tuple(self._plays),
            self.context,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SpitzerState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        hands = tuple(str(CardSet(h)) for h in self._dealt)
        plays = tuple(str(Card(c)) for _, c in self._plays)
        return (
            f"{type(self).__name__}({hands!r}, dealer={self._dealer}, options={self._options}, "
            f"announcements={tuple(self._spoken)!r}, plays={plays!r})"
        )


def _seat(seat: object) -> int:
    return check_seat(seat)
