"""The text of every Spitzer error, shared by both backends.

There are no rules in here: each backend decides *why* a move is illegal (a
reason code and the cards involved, already in display order) and this module
only turns that into the error (words, reason and rule), so the compiled core
and the reference twin raise exactly the same thing.  A message shows only
cards the seat making the move can see: its own hand and the cards played.
"""

from __future__ import annotations

from collections.abc import Sequence

from trickcore.card import Card
from trickcore.errors import DealNotOverError, IllegalMoveError, InvalidArgumentError

# Why a play is illegal.
NOT_IN_HAND = 1
MUST_FOLLOW = 2
MUST_TRUMP = 3
CALLED_ACE_MUST_PLAY = 4
CALLED_ACE_DISCARD = 5
CALL_LEAD = 6
VOID_CALL_LEAD = 7

# Why an announcement is illegal.
SCHNEIDER_OFF = 1
WRONG_VOID_FORM = 2
NEEDS_BOTH_QUEENS = 3
HOLDS_CALLED_ACE = 4
NO_CARD_OF_SUIT = 5
UNGUARDED_SUIT = 6
HOLDS_NAMED_SUIT = 7
NO_FAIL_ACE = 9
LACKS_AN_ACE = 10
ZOLA_NEEDS_BOTH_QUEENS = 11

#: The reason word and rule section of each play reason code.
PLAY_REASONS = {
    NOT_IN_HAND: ("card_not_held", "1.6"),
    MUST_FOLLOW: ("must_follow_suit", "1.6"),
    MUST_TRUMP: ("must_trump", "1.6"),
    CALLED_ACE_MUST_PLAY: ("must_play_called_ace", "1.6"),
    CALLED_ACE_DISCARD: ("must_keep_called_ace", "1.6"),
    CALL_LEAD: ("must_lead_called_suit", "1.5"),
    VOID_CALL_LEAD: ("must_lead_fail_ace", "1.5"),
}
#: The reason word of each announcement reason code (all under rule 1.5).
ANNOUNCEMENT_REASONS = {
    SCHNEIDER_OFF: "house_rule_off",
    WRONG_VOID_FORM: "wrong_void_call_form",
    NEEDS_BOTH_QUEENS: "needs_both_black_queens",
    ZOLA_NEEDS_BOTH_QUEENS: "needs_both_black_queens",
    HOLDS_CALLED_ACE: "holds_called_ace",
    NO_CARD_OF_SUIT: "no_card_of_called_suit",
    UNGUARDED_SUIT: "unguarded_fail_suit",
    HOLDS_NAMED_SUIT: "not_void_in_named_suit",
    NO_FAIL_ACE: "no_fail_ace",
    LACKS_AN_ACE: "lacks_fail_ace",
}

SUIT_NAMES = {0: "clubs", 2: "hearts", 3: "spades", 4: "trumps"}
SUIT_SYMBOLS = {0: "♣", 2: "♥", 3: "♠"}

#: Announcement names by code, as the rules call them.
ANNOUNCEMENT_NAMES = (
    "pass",
    "Zola",
    "Zola Schneider",
    "Zola Schneider Schwarz",
    "ace call in ♣",
    "ace call in ♠",
    "ace call in ♥",
    "void call in ♣",
    "void call in ♠",
    "void call in ♥",
    "void call",
    "first-trick call",
    "Schneider",
)


def cards_text(cards: Sequence[int]) -> str:
    """``'J♥'``, ``'J♥ and 9♦'``, ``'A♣, K♣ and 9♣'``."""
    names = [Card(c).unicode() for c in cards]
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def cards_count(n: int) -> str:
    """``'1 card'``, ``'7 cards'``: a count of cards in the words of a message."""
    return f"{n} card" if n == 1 else f"{n} cards"


def announcement_name(code: int) -> str:
    return ANNOUNCEMENT_NAMES[code]


def bad_hands(detail: str) -> str:
    return f"invalid Spitzer hands: {detail}"


def bad_options(options: object) -> str:
    return f"invalid Spitzer option flags {options!r}: an int made of the OPT_* bits"


def bad_pack(detail: str) -> str:
    return f"invalid Spitzer pack order: {detail}"


#: The words an announcement may be given in, for the error naming none.
ANNOUNCEMENT_WORDS = (
    "pass, zola, zola_schneider, zola_schneider_schwarz, ace calls and void calls naming "
    "♣, ♠ or ♥ (e.g. 'ace:H', 'ace_call_hearts' or 'ace call in ♥'), void_call, "
    "first_trick_call and schneider"
)


def unknown_announcement(value: object) -> InvalidArgumentError:
    """A code or text that names no announcement: bad input, like card text
    that names no card, not a move the rules forbid."""
    if isinstance(value, str):
        return InvalidArgumentError(
            f"unknown Spitzer announcement {value!r}: the announcements are {ANNOUNCEMENT_WORDS}"
        )
    return InvalidArgumentError(
        f"unknown Spitzer announcement {value!r}: the codes are 0 (pass) to 12"
    )


def deal_over() -> IllegalMoveError:
    return IllegalMoveError(
        "the deal is over: all 8 tricks have been played", "deal_over", "1.6"
    )


def auction_not_over(seat: int) -> IllegalMoveError:
    return IllegalMoveError(
        f"the announcements are not finished: seat {seat} must announce or pass before play",
        "wrong_phase",
        "1.5",
    )


def announcements_over() -> IllegalMoveError:
    return IllegalMoveError(
        "the announcements are over: they are made before the first lead", "wrong_phase", "1.5"
    )


def wrong_seat(seat: int, to_move: int, announcing: bool) -> IllegalMoveError:
    return IllegalMoveError(
        f"it is seat {to_move}'s turn, not seat {seat}'s",
        "not_your_turn",
        "1.5" if announcing else "1.6",
    )


def nothing_to_undo() -> IllegalMoveError:
    return IllegalMoveError(
        "nothing to undo: no announcement or card has been played", "nothing_to_undo"
    )


def not_over(tricks: int) -> DealNotOverError:
    return DealNotOverError(
        f"the deal is not over: {tricks} of 8 tricks have been played; "
        "the result is known after the 8th trick"
    )


def play_error(
    reason: int,
    seat: int,
    card: int,
    led_suit: int,
    called_ace: int,
    played: bool,
    cards: Sequence[int],
) -> IllegalMoveError:
    """Why seat *seat* may not play *card*.

    *led_suit* is the effective suit led (or -1 on a lead), *called_ace* the
    called ace (or -1), *played* whether *card* has been played already and
    *cards* the legal cards, in display order.
    """
    word, rule = PLAY_REASONS[reason]
    return IllegalMoveError(
        _play_text(reason, seat, card, led_suit, called_ace, played, cards), word, rule
    )


def _play_text(
    reason: int,
    seat: int,
    card: int,
    led_suit: int,
    called_ace: int,
    played: bool,
    cards: Sequence[int],
) -> str:
    shown = Card(card).unicode()
    if reason == NOT_IN_HAND:
        # Who holds it is hidden from this seat: say only what it can see.
        if played:
            return f"seat {seat} does not hold {shown}: it has already been played"
        return f"seat {seat} does not hold {shown}: the legal cards are {cards_text(cards)}"
    if reason == MUST_FOLLOW:
        return f"must follow {SUIT_NAMES[led_suit]}: you hold {cards_text(cards)}"
    if reason == MUST_TRUMP:
        return (
            f"cannot follow {SUIT_NAMES[led_suit]}, so must play a trump: "
            f"you hold {cards_text(cards)}"
        )
    ace = Card(called_ace).unicode() if called_ace >= 0 else "?"
    if reason == CALLED_ACE_MUST_PLAY:
        return (
            f"the called ace {ace} must be played when {SUIT_NAMES[led_suit]} are led "
            "by another player"
        )
    if reason == CALLED_ACE_DISCARD:
        return (
            f"the called ace {ace} may only be discarded when it is your only legal card: "
            f"you also hold {cards_text(cards)}"
        )
    if reason == CALL_LEAD:
        suit = SUIT_SYMBOLS[called_ace // 13]
        return (
            f"the caller must lead {suit} the first time he leads (call_requires_lead): "
            f"you hold {cards_text(cards)}"
        )
    if reason == VOID_CALL_LEAD:
        return (
            "the void caller must lead one of his fail aces the first time he leads "
            f"(void_call='first_void_player'): you hold {cards_text(cards)}"
        )
    raise AssertionError(f"unknown play reason {reason}")


def announcement_error(reason: int, code: int, cards: Sequence[int]) -> IllegalMoveError:
    """Why *code* may not be announced; *cards* are the cards at fault, in display order."""
    return IllegalMoveError(
        _announcement_text(reason, code, cards), ANNOUNCEMENT_REASONS[reason], "1.5"
    )


def _queens_held(queens: Sequence[int]) -> str:
    """What the seat holds of the black queens, which is less than both."""
    return f"you hold only {cards_text(queens)}" if queens else "you hold neither"


def _announcement_text(reason: int, code: int, cards: Sequence[int]) -> str:
    name = ANNOUNCEMENT_NAMES[code]
    if reason == SCHNEIDER_OFF:
        return "Schneider is a house rule that is off (schneider_announcement=False)"
    if reason == WRONG_VOID_FORM:
        if code == 10:
            return (
                "a void call without a suit needs void_call='first_void_player'; "
                "under 'called_ace_holder' it names ♣, ♠ or ♥"
            )
        return (
            f"a {name} names a suit, but under void_call='first_void_player' "
            "the void call names none"
        )
    if reason == NEEDS_BOTH_QUEENS:
        return f"the {name} needs both black queens (Q♣ and Q♠): {_queens_held(cards)}"
    if reason == ZOLA_NEEDS_BOTH_QUEENS:
        return (
            f"{name} needs both black queens (zola_requires_both_queens=True): "
            f"{_queens_held(cards)}"
        )
    if reason == HOLDS_CALLED_ACE:
        return f"the {name} calls an ace you hold yourself: {cards_text(cards)}"
    if reason == NO_CARD_OF_SUIT:
        return f"the {name} needs at least one card of that suit other than a queen or jack"
    if reason == UNGUARDED_SUIT:
        return f"a void call needs the ace of every fail suit you hold: you hold {cards_text(cards)} without the ace"
    if reason == HOLDS_NAMED_SUIT:
        return f"the {name} needs a void in that suit: you hold {cards_text(cards)}"
    if reason == NO_FAIL_ACE:
        return "the void call needs at least one fail ace (A♣, A♠ or A♥)"
    if reason == LACKS_AN_ACE:
        return f"the first-trick call needs all three fail aces: you lack {cards_text(cards)}"
    raise AssertionError(f"unknown announcement reason {reason}")
