"""The words of Spidge: names and error messages shared by both backends.

No rule is decided here.  The core (compiled or reference) decides *why* a
card may not be played and returns a reason code with the cards that matter;
this module turns them into the one error both backends raise (words, reason
and rule), so the errors are identical by construction.  A message shows only
cards the player to move can see: the hand he plays from, the dummy (face up)
and the cards played.
"""

from __future__ import annotations

from collections.abc import Iterable

from trickcore.card import ALL_CARDS
from trickcore.errors import DealNotOverError, IllegalMoveError, InvalidCardError

__all__ = [
    "CATEGORY_NAMES",
    "GAME_OVER",
    "HAND_NAMES",
    "MUST_FOLLOW",
    "NOT_HELD",
    "NOT_IN_PACK",
    "OK",
    "OPENING_LEAD_TRUMP",
    "SUIT_NAMES",
    "TRUMPS_NOT_BROKEN",
    "card_list",
    "cards_count",
    "check_trick_pack",
    "illegal_play",
    "illegal_play_message",
    "joker_rule_decides",
    "no_move",
    "not_in_pack_message",
    "not_over",
    "nothing_to_undo",
]

#: The four hands in play order from the dealer's left (the core's hand index).
HAND_NAMES = ("left", "dummy", "right", "dealer")
#: Scoring categories by code (RULES.md 2.6); 0 is "no category".
CATEGORY_NAMES = ("none", "nill", "spidge", "slam", "grand slam")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

# Reason codes returned by the cores' play check.
OK = 0
GAME_OVER = 1
NOT_HELD = 2
OPENING_LEAD_TRUMP = 3
TRUMPS_NOT_BROKEN = 4
MUST_FOLLOW = 5
NOT_IN_PACK = 6

#: The reason word of each play reason code (all under rule 2.5, except a
#: must-follow refusal the joker rule of 2.3 decides).
REASONS = {
    GAME_OVER: "deal_over",
    NOT_HELD: "card_not_held",
    OPENING_LEAD_TRUMP: "opening_lead_trump",
    TRUMPS_NOT_BROKEN: "spades_not_broken",
    MUST_FOLLOW: "must_follow_suit",
}


def card_list(cards: Iterable[int]) -> str:
    """``'5♣, 9♥ and K♦'``: cards in card-number order, in Unicode."""
    names = [ALL_CARDS[c].unicode() for c in sorted(cards)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def cards_count(n: int) -> str:
    """``'1 card'``, ``'7 cards'``: a count of cards in the words of a message."""
    return f"{n} card" if n == 1 else f"{n} cards"


def _holder(hand: int) -> str:
    return "the dummy holds" if hand == 1 else "you hold"


def _is_joker(card: int) -> bool:
    return card >= 52


def joker_rule_decides(card: int, relevant: Iterable[int], led: int) -> bool:
    """Whether the joker rule of RULES.md 2.3, not the plain follow rule of
    2.5, decides a must-follow refusal: a joker was led (it made spades the
    suit led, or left it to the first other card), the refused card is a
    joker (a trump, which follows only spades), or the only cards that follow
    are jokers (which a spade lead calls for)."""
    followers = list(relevant)
    return (_is_joker(led) or _is_joker(card)
            or (bool(followers) and all(_is_joker(c) for c in followers)))


def illegal_play_message(
    reason: int, card: int, hand: int, relevant: Iterable[int], suit: int,
    led: int = -1, wild: bool = False,
) -> str:
    """The message for a rejected play.

    *reason* is one of the codes above, *hand* the core hand index to move
    (1 = the dummy), *relevant* the cards that make the play illegal (the
    cards the player should play instead), *suit* the suit led for
    ``MUST_FOLLOW``, *led* the card led to the trick (-1 if none) and *wild*
    whether the jokers are wild (``joker_suit="wild"``).
    """
    shown = ALL_CARDS[card].unicode()
    relevant = sorted(relevant)
    if reason == GAME_OVER:
        return f"cannot play {shown}: the deal is over, all 13 tricks have been played"
    if reason == NOT_HELD:
        whose = "the dummy does" if hand == 1 else "you do"
        return f"cannot play {shown}: {whose} not hold it ({_holder(hand)} {card_list(relevant)})"
    if reason == OPENING_LEAD_TRUMP:
        return (
            f"cannot lead {shown}: the opening lead may not be a trump: "
            f"{_holder(hand)} {card_list(relevant)}"
        )
    if reason == TRUMPS_NOT_BROKEN:
        return (
            f"cannot lead {shown}: a trump may not be led until a trump has been played "
            f"to an earlier trick (spades_must_be_broken): {_holder(hand)} {card_list(relevant)}"
        )
    if reason == MUST_FOLLOW:
        named = SUIT_NAMES[suit]
        plain = f"cannot play {shown}: must follow {named}: {_holder(hand)} {card_list(relevant)}"
        # Where the joker rule (2.3) decides, say how.
        if _is_joker(led) and wild:
            return f"{plain}; after a wild joker led, the first other card sets the suit"
        if _is_joker(led):
            return f"{plain}; a joker led is a trump lead"
        if _is_joker(card):
            return f"{plain}; a joker is a trump, not one of the {named}"
        if relevant and all(_is_joker(c) for c in relevant):
            return f"{plain}; a joker belongs to the trump suit"
        return plain
    raise ValueError(f"no message for reason code {reason}")  # pragma: no cover


def illegal_play(
    reason: int, card: int, hand: int, relevant: Iterable[int], suit: int,
    led: int = -1, wild: bool = False,
) -> IllegalMoveError:
    """The error for a rejected play (arguments as for :func:`illegal_play_message`).

    It cites rule 2.5, or 2.3 for a must-follow refusal the joker rule decides
    (:func:`joker_rule_decides`).
    """
    relevant = sorted(relevant)
    rule = "2.3" if reason == MUST_FOLLOW and joker_rule_decides(card, relevant, led) else "2.5"
    return IllegalMoveError(
        illegal_play_message(reason, card, hand, relevant, suit, led, wild), REASONS[reason], rule
    )


def nothing_to_undo() -> IllegalMoveError:
    return IllegalMoveError("nothing to undo: no card has been played", "nothing_to_undo")


def not_over(tricks: int) -> DealNotOverError:
    return DealNotOverError(
        f"the deal is not over: {tricks} of 13 tricks have been played; "
        "the score is known after the 13th trick"
    )


def not_in_pack_message(card: int, jokers: bool) -> str:
    """The message for a card that is not in this deal's pack."""
    shown = ALL_CARDS[card].unicode()
    if jokers:
        return (
            f"{shown} is not in the Spidge pack with jokers (2♦ and 2♥ are replaced by the "
            "jokers; rules §2.3)"
        )
    return f"{shown} is not in the Spidge pack without jokers (jokers=False; rules §2.3)"


#: 2♦ and 2♥, the cards the jokers replace (RULES.md 2.3).
_REPLACED_BY_JOKERS = (13, 26)


def check_trick_pack(cards: Iterable[int]) -> None:
    """Refuse a trick that no Spidge pack holds: a joker together with 2♦ or
    2♥, which the jokers replace (RULES.md 2.3), with
    :class:`~trickcore.errors.InvalidCardError` naming both cards."""
    trick = list(cards)
    joker = next((c for c in trick if _is_joker(c)), None)
    replaced = next((c for c in trick if c in _REPLACED_BY_JOKERS), None)
    if joker is not None and replaced is not None:
        raise InvalidCardError(
            f"no Spidge pack holds both {ALL_CARDS[joker].unicode()} and "
            f"{ALL_CARDS[replaced].unicode()}: {not_in_pack_message(replaced, True)}"
        )


def no_move() -> IllegalMoveError:
    """Asked for a move once the deal is over."""
    return IllegalMoveError(
        "no move to make: the deal is over, all 13 tricks have been played", "deal_over", "2.5"
    )
