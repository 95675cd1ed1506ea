"""Spidge, written plainly from RULES.md §2 (the oracle).

Cards are the card numbers of :mod:`trickcore.card`; the dense action number
of a card is its card number (0..53).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn, Protocol

from trickcore import _spidge_messages as messages
from trickcore._arguments import (
    as_int,
    card_number,
    check_range,
    check_seed,
    not_initialised,
    random_fraction,
)
from trickcore._deprecated_call import CallableTuple, tuple_view
from trickcore._reference._cards import CardSet, mask_of
from trickcore.card import ALL_CARDS, JOKER_1, JOKER_2, Card, Suit
from trickcore.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    InvalidCardError,
    RulesError,
)

__all__ = [
    "CATEGORY_POINTS",
    "DEALER",
    "DEFAULT_FLAGS",
    "DUMMY",
    "GRAND_SLAM",
    "JOKERS",
    "LEFT",
    "NILL",
    "NO_CATEGORY",
    "NO_SUIT",
    "N_ACTIONS",
    "OPT_GRAND_SLAM_ALL_TRICKS",
    "OPT_JOKERS",
    "OPT_SPADES_MUST_BE_BROKEN",
    "OPT_WILD_JOKERS",
    "REPLACED_BY_JOKERS",
    "RIGHT",
    "SLAM",
    "SPADES",
    "SPIDGE",
    "STATE_SIZE",
    "SpidgeState",
    "action_index",
    "card_of_action",
    "effective_suit",
    "is_trump",
    "pack",
    "strength",
    "trick_winner",
]  # fmt: skip

SPADES = int(Suit.SPADES)
#: The effective suit of a wild joker (``joker_suit="wild"``): no suit at all.
NO_SUIT = 4
N_ACTIONS = 54
JOKERS = (int(JOKER_1), int(JOKER_2))
#: The cards the jokers replace (RULES.md 2.3).
REPLACED_BY_JOKERS = (int(Card("2D")), int(Card("2H")))


def pack(jokers: bool = True) -> tuple[int, ...]:
    """The 52 cards in play: with jokers, 2♦ and 2♥ out and the two jokers in."""
    if jokers:
        return tuple(c for c in range(52) if c not in REPLACED_BY_JOKERS) + JOKERS
    return tuple(range(52))


def _check(card: object) -> Card:
    """A card, from a Card, a Python or numpy integer or card text."""
    return Card(card_number(card))


def effective_suit(card: int, joker_suit: str = "trump") -> int:
    """The printed suit; a joker is a spade (trump) or, when wild, NO_SUIT."""
    c = _check(card)
    if joker_suit not in ("trump", "wild"):
        raise InvalidArgumentError(f"invalid joker_suit {joker_suit!r}: choose 'trump' or 'wild'")
    if c.is_joker:
        return SPADES if joker_suit == "trump" else NO_SUIT
    return int(c.suit)  # type: ignore[arg-type]


def strength(card: int) -> int:
    """2 is 1 … A is 13; both jokers 14 (they are equal)."""
    c = _check(card)
    return 14 if c.is_joker else int(c.rank) + 1  # type: ignore[arg-type]


def is_trump(card: int, joker_suit: str = "trump") -> bool:
    """Spades are always trumps; jokers too when they belong to the trump suit."""
    return effective_suit(card, joker_suit) == SPADES


def action_index(card: int) -> int:
    """The dense action number of a card: its card number."""
    return int(_check(card))


def card_of_action(action: int) -> int:
    """The card with dense action number *action* (0..53)."""
    return int(_check(action))


# --- The deal state -------------------------------------------------------
#
# Hands are indexed in play order from the dealer's left (RULES.md 2.2):
# 0 the dealer's left-hand player, 1 the dummy, 2 the dealer's right-hand
# player, 3 the dealer.  The dealer plays hands 3 and 1.

LEFT, DUMMY, RIGHT, DEALER = 0, 1, 2, 3

#: Option flags of the core (``SpidgeRules`` converts to them).
OPT_JOKERS = 1
OPT_WILD_JOKERS = 2
OPT_SPADES_MUST_BE_BROKEN = 4
OPT_GRAND_SLAM_ALL_TRICKS = 8
DEFAULT_FLAGS = OPT_JOKERS
#: sizeof(spidge_state) of the compiled core; kept here so the names match.
STATE_SIZE = 112

#: Scoring categories (RULES.md 2.6) and their points.
NO_CATEGORY, NILL, SPIDGE, SLAM, GRAND_SLAM = 0, 1, 2, 3, 4
CATEGORY_POINTS = (0, 1, 1, 2, 4)


def _is_joker(card: int) -> bool:
    return card >= 52


def _suit(card: int) -> int:
    return card // 13


def trick_winner(cards: Sequence[int]) -> int:
    """The position (0 = the card led) of the card that wins a complete trick.

    A single joker wins.  Two jokers cancel; then, as without jokers, the
    highest spade wins, or if there is none the highest card of the suit led,
    which is the suit of the first non-joker card (RULES.md 2.5; the same for
    both ``joker_suit`` values).  Four cards no pack holds together (a joker
    with 2♦ or 2♥, which the jokers replace: RULES.md 2.3) raise
    :class:`~pytrick.InvalidCardError`.
    """
    trick = [int(_check(c)) for c in cards]
    if len(trick) != 4 or len(set(trick)) != 4:
        raise InvalidCardError("a trick is four different cards")
    messages.check_trick_pack(trick)
    jokers = [i for i, c in enumerate(trick) if _is_joker(c)]
    if len(jokers) == 1:
        return jokers[0]
    others = [(i, c) for i, c in enumerate(trick) if not _is_joker(c)]
    spades = [(i, c) for i, c in others if _suit(c) == SPADES]
    if spades:
        return max(spades, key=lambda ic: strength(ic[1]))[0]
    led = _suit(others[0][1])
    followers = [(i, c) for i, c in others if _suit(c) == led]
    return max(followers, key=lambda ic: strength(ic[1]))[0]


def _check_options(flags: int, slam_tricks: int, spidge_tricks: int) -> None:
    for name, value in (
        ("flags", flags),
        ("slam_tricks", slam_tricks),
        ("spidge_tricks", spidge_tricks),
    ):
        try:
            as_int(value, name)
        except ArgumentTypeError:
            raise RulesError(f"{name} must be an int, not {type(value).__name__}") from None
    flags, slam_tricks, spidge_tricks = (as_int(flags, "flags"), as_int(slam_tricks, "slam_tricks"),
                                         as_int(spidge_tricks, "spidge_tricks"))
    if not 0 <= flags <= 15:
        raise RulesError(f"invalid Spidge option flags {flags}: only bits 0 to 3 are options")
    if not (1 <= spidge_tricks <= 13 and 1 <= slam_tricks <= 13):
        raise RulesError(
            f"invalid trick thresholds spidge_tricks={spidge_tricks}, slam_tricks={slam_tricks}: "
            "each must be from 1 to 13"
        )


def _restore(cls: type[SpidgeState], hands: Sequence[int], flags: int, slam_tricks: int,
             spidge_tricks: int, plays: bytes, context: object) -> SpidgeState:
    """Rebuild a pickled state (see ``SpidgeState.__reduce__``)."""
    state = cls.__new__(cls)
    SpidgeState.__init__(state, hands, flags, slam_tricks, spidge_tricks)
    for card in plays:
        state.play(card)
    state.context = context
    return state


class _Random(Protocol):
    def random(self) -> float: ...


# history_hands was a method: callable one more release, with a DeprecationWarning.
_HistoryHands = tuple_view("history_hands")


class SpidgeState:
    """One Spidge deal in play: four hands, the tricks so far, the options.

    *hands* are the four hands of 13 cards in play order from the dealer's
    left: ``[left, dummy, right, dealer]``, each anything ``CardSet`` accepts;
    together they must be the pack.  *flags* are the ``OPT_*`` options.
    """

    __slots__ = ("_flags", "_hands", "_history", "_leaders", "_slam", "_spidge", "context")

    def __init__(
        self,
        hands: Sequence[object] = (),
        flags: int = DEFAULT_FLAGS,
        slam_tricks: int = 13,
        spidge_tricks: int = 10,
    ) -> None:
        _check_options(flags, slam_tricks, spidge_tricks)
        if isinstance(hands, (str, bytes)) or len(hands) != 4:
            raise InvalidCardError("a Spidge deal needs four hands: left, dummy, right, dealer")
        sets = [set(CardSet(mask_of(h))) for h in hands]
        the_pack = set(pack(bool(flags & OPT_JOKERS)))
        seen: set[int] = set()
        for i, cards in enumerate(sets):
            if len(cards) != 13:
                raise InvalidCardError(
                    f"the {messages.HAND_NAMES[i]} hand has {messages.cards_count(len(cards))}, not 13"
                )
            outside = sorted(cards - the_pack)
            if outside:
                raise InvalidCardError(
                    messages.not_in_pack_message(outside[0], bool(flags & OPT_JOKERS))
                )
            twice = sorted(cards & seen)
            if twice:
                raise InvalidCardError(f"{ALL_CARDS[twice[0]].unicode()} is dealt to two hands")
            seen |= cards
        self._hands = [set(int(c) for c in cards) for cards in sets]
        self._history: list[int] = []
        self._leaders = [LEFT]  # leader of each trick; the winner of trick t leads t + 1
        self._flags = flags
        self._slam = slam_tricks
        self._spidge = spidge_tricks
        self.context: object = None

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> NoReturn:
            # Only reached for a field __init__ sets but never set.
            if name in SpidgeState.__slots__:
                raise not_initialised(self)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- options -----------------------------------------------------------
    @property
    def flags(self) -> int:
        return self._flags

    @property
    def slam_tricks(self) -> int:
        return self._slam

    @property
    def spidge_tricks(self) -> int:
        return self._spidge

    def _wild(self) -> bool:
        return bool(self._flags & OPT_WILD_JOKERS)

    def _is_trump(self, card: int) -> bool:
        return _suit(card) == SPADES if not _is_joker(card) else not self._wild()

    # -- position ----------------------------------------------------------
    @property
    def n_played(self) -> int:
        """Cards played so far (0..52)."""
        return len(self._history)

    @property
    def tricks_played(self) -> int:
        """Complete tricks so far (0..13)."""
        return len(self._history) // 4

    @property
    def is_over(self) -> bool:
        return len(self._history) == 52

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order (empty between tricks)."""
        start = len(self._history) // 4 * 4
        return tuple(ALL_CARDS[c] for c in self._history[start:]) if not self.is_over else ()

    @property
    def trick_leader(self) -> int | None:
        """The hand that led (or leads) the trick in progress; None when over."""
        return None if self.is_over else self._leaders[len(self._history) // 4]

    @property
    def hand_to_move(self) -> int | None:
        """The hand whose card is next (1: the dealer plays the dummy); None when over."""
        if self.is_over:
            return None
        return (self._leaders[len(self._history) // 4] + len(self._history) % 4) % 4

    @property
    def history(self) -> tuple[Card, ...]:
        """Every card played, in order."""
        return tuple(ALL_CARDS[c] for c in self._history)

    @property
    def history_hands(self) -> CallableTuple[int]:
        """The hand that played each card of :attr:`history`."""
        return _HistoryHands((self._leaders[i // 4] + i % 4) % 4 for i in range(len(self._history)))

    @property
    def trick_winners(self) -> tuple[int, ...]:
        """The hand that won each complete trick."""
        return tuple(self._leaders[1:])

    @property
    def tricks_won(self) -> tuple[int, int, int, int]:
        """Tricks won by each hand (the dummy's separately)."""
        won = [0, 0, 0, 0]
        for winner in self._leaders[1:]:
            won[winner] += 1
        return (won[0], won[1], won[2], won[3])

    @property
    def trumps_broken(self) -> bool:
        """True once a trump has been played to a trick before the current one."""
        done = len(self._history) // 4 * 4
        return any(self._is_trump(c) for c in self._history[:done])

    @property
    def hands(self) -> tuple[CardSet, CardSet, CardSet, CardSet]:
        """The cards each hand still holds, ``(left, dummy, right, dealer)``."""
        return (self.hand(0), self.hand(1), self.hand(2), self.hand(3))

    def hand(self, index: int) -> CardSet:
        """The cards hand *index* (0 left, 1 dummy, 2 right, 3 dealer) still holds."""
        hand = check_range(index, "hand", 0, 3,
                           "hands are 0 (left), 1 (dummy), 2 (right), 3 (dealer)")
        return CardSet(self._hands[hand])

    @property
    def initial_hands(self) -> tuple[CardSet, CardSet, CardSet, CardSet]:
        """The four hands as dealt."""
        cards = [set(h) for h in self._hands]
        for card, hand in zip(self._history, self.history_hands, strict=False):
            cards[hand].add(card)
        return (CardSet(cards[0]), CardSet(cards[1]), CardSet(cards[2]), CardSet(cards[3]))

    @property
    def played(self) -> CardSet:
        return CardSet(self._history)

    # -- rules ---------------------------------------------------------------
    def _suit_led(self) -> int | None:
        """The suit the next card must follow, or None if it is free."""
        trick = self._history[len(self._history) // 4 * 4 :]
        if not trick:
            return None
        if not self._wild():
            return SPADES if _is_joker(trick[0]) else _suit(trick[0])
        # Wild jokers: the first non-joker card sets the suit (RULES.md 2.3).
        for card in trick:
            if not _is_joker(card):
                return _suit(card)
        return None

    def _led_card(self) -> int:
        """The card led to the trick in progress, or -1 before its lead."""
        trick = self._history[len(self._history) // 4 * 4 :]
        return trick[0] if trick else -1

    def _follows(self, card: int, suit: int) -> bool:
        if _is_joker(card):
            return suit == SPADES and not self._wild()
        return _suit(card) == suit

    def _check(self, card: int) -> tuple[int, list[int], int]:
        """(reason code, relevant cards, suit led) for playing *card*."""
        if self.is_over:
            return messages.GAME_OVER, [], 0
        hand = self._hands[self.hand_to_move]  # type: ignore[index]
        if card not in hand:
            return messages.NOT_HELD, sorted(hand), 0
        trick_number = len(self._history) // 4
        if len(self._history) % 4 == 0:
            non_trumps = sorted(c for c in hand if not self._is_trump(c))
            if self._is_trump(card) and non_trumps:
                if trick_number == 0:
                    return messages.OPENING_LEAD_TRUMP, non_trumps, 0
                if self._flags & OPT_SPADES_MUST_BE_BROKEN and not self.trumps_broken:
                    return messages.TRUMPS_NOT_BROKEN, non_trumps, 0
            return messages.OK, [], 0
        suit = self._suit_led()
        if suit is None:
            return messages.OK, [], 0
        followers = sorted(c for c in hand if self._follows(c, suit))
        if not followers or self._follows(card, suit):
            return messages.OK, [], 0
        if self._wild() and _is_joker(card):
            return messages.OK, [], 0  # a wild joker may be played at any time
        return messages.MUST_FOLLOW, followers, suit

    @property
    def legal_moves(self) -> CardSet:
        """The cards the hand to move may play (empty when the deal is over)."""
        if self.is_over:
            return CardSet()
        hand = self._hands[self.hand_to_move]  # type: ignore[index]
        return CardSet(c for c in hand if self._check(c)[0] == messages.OK)

    @property
    def legal_mask(self) -> int:
        """:attr:`legal_moves` as a mask over card numbers (= action numbers)."""
        return self.legal_moves.mask

    def _card_number(self, card: object) -> int:
        number = int(_check(card))
        if number not in pack(bool(self._flags & OPT_JOKERS)):
            raise InvalidCardError(
                messages.not_in_pack_message(number, bool(self._flags & OPT_JOKERS))
            )
        return number

    def illegal_reason(self, card: object) -> str | None:
        """Why *card* may not be played now, or None if it may."""
        number = self._card_number(card)
        reason, relevant, suit = self._check(number)
        if reason == messages.OK:
            return None
        return messages.illegal_play_message(reason, number, self.hand_to_move or 0, relevant, suit,
                                             self._led_card(), self._wild())

    def play(self, card: object) -> None:
        """Play *card* from the hand to move; ``IllegalMoveError`` (state unchanged) if illegal."""
        number = self._card_number(card)
        reason, relevant, suit = self._check(number)
        if reason != messages.OK:
            raise messages.illegal_play(reason, number, self.hand_to_move or 0, relevant, suit,
                                        self._led_card(), self._wild())
        self._hands[self.hand_to_move].remove(number)  # type: ignore[index]
        self._history.append(number)
        if len(self._history) % 4 == 0:
            trick = self._history[-4:]
            leader = self._leaders[-1]
            self._leaders.append((leader + trick_winner(trick)) % 4)

    # -- integer actions: the card numbers (pytrick.batch.SpidgeBatch's actions) --

    @property
    def legal_actions(self) -> tuple[int, ...]:
        """The card numbers the hand to move may play, in increasing order."""
        return tuple(int(card) for card in self.legal_moves)

    def play_action(self, action: int) -> None:
        """Play the card with number *action* (0..53; Python and numpy integers)."""
        SpidgeState.play(self, check_range(action, "action", 0, 53,
                                           "Spidge actions are the card numbers 0 to 53"))

    def random_move(self, rng: _Random) -> int:
        """A uniformly random legal card number, not yet played: the
        ``int(rng.random() * count)``-th of :attr:`legal_actions`; an *rng*
        without ``random()`` (None, a seed) raises ArgumentTypeError."""
        legal = self.legal_actions
        if not legal:
            raise messages.no_move()
        fraction = random_fraction(rng)
        return legal[min(int(fraction * len(legal)), len(legal) - 1)]

    def undo(self) -> Card:
        """Take back the last card played and return it."""
        if not self._history:
            raise messages.nothing_to_undo()
        if len(self._history) % 4 == 0:
            self._leaders.pop()
        card = self._history.pop()
        self._hands[self.hand_to_move].add(card)  # type: ignore[index]
        return ALL_CARDS[card]

    def copy(self) -> SpidgeState:
        """An independent copy (of the same class)."""
        other = type(self).__new__(type(self))
        other._hands = [set(h) for h in self._hands]
        other._history = list(self._history)
        other._leaders = list(self._leaders)
        other._flags, other._slam, other._spidge = self._flags, self._slam, self._spidge
        other.context = self.context
        return other

    __copy__ = copy

    def __deepcopy__(self, memo: object) -> SpidgeState:
        return self.copy()  # the context is immutable by contract

    def __reduce__(self) -> tuple[object, ...]:
        # Pickle as the deal as dealt plus the cards played, keeping the class.
        return (_restore, (type(self), tuple(int(h) for h in self.initial_hands),
                           self._flags, self._slam, self._spidge, bytes(self._history),
                           self.context))

    # -- scoring -------------------------------------------------------------
    def _need_over(self) -> None:
        if not self.is_over:
            raise messages.not_over(self.tricks_played)

    def categories(self) -> tuple[int, int, int, int]:
        """The category each hand scores (the dummy: NO_CATEGORY); the deal must be over."""
        self._need_over()
        won = self.tricks_won
        result = []
        for hand in range(4):
            if hand == DUMMY:
                result.append(NO_CATEGORY)
                continue
            tricks = won[hand] + (won[DUMMY] if hand == DEALER else 0)
            grand = tricks == 13 if self._flags & OPT_GRAND_SLAM_ALL_TRICKS else tricks == 0
            if hand == DEALER and grand:
                result.append(GRAND_SLAM)
            elif tricks >= self._slam:
                result.append(SLAM)
            elif tricks >= self._spidge:
                result.append(SPIDGE)
            elif tricks == 0:
                result.append(NILL)
            else:
                result.append(NO_CATEGORY)
        return (result[0], result[1], result[2], result[3])

    def points(self) -> tuple[int, int, int, int]:
        """The points each hand scores (the dummy: 0); the deal must be over."""
        c = self.categories()
        return (CATEGORY_POINTS[c[0]], 0, CATEGORY_POINTS[c[2]], CATEGORY_POINTS[c[3]])

    # -- random playouts -----------------------------------------------------
    def random_playout(self, seed: int) -> None:
        """Play uniformly random legal cards to the end of the deal.

        The generator is xorshift64 seeded with *seed* (0 → a fixed constant),
        card ``(x >> 32) % len(legal)`` of the legal cards in card-number
        order, so both backends play the same cards for the same seed.
        """
        x = check_seed(seed) or 0x9E3779B97F4A7C15
        while not self.is_over:
            x ^= (x << 13) & 0xFFFFFFFFFFFFFFFF
            x ^= x >> 7
            x ^= (x << 17) & 0xFFFFFFFFFFFFFFFF
            legal = sorted(int(c) for c in self.legal_moves)
            self.play(legal[(x >> 32) % len(legal)])

    # -- identity ------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        return (
            tuple(frozenset(h) for h in self._hands),
            tuple(self._history),
            self._flags,
            self._slam,
            self._spidge,
            self.context,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SpidgeState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        to_move = self.hand_to_move
        where = "over" if to_move is None else f"{messages.HAND_NAMES[to_move]} to play"
        return (
            f"<{type(self).__name__} trick {min(self.tricks_played + 1, 13)}, {where}, "
            f"tricks {'/'.join(map(str, self.tricks_won))}>"
        )
