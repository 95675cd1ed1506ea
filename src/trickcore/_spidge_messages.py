"""The words of Spidge: names and error messages shared by both backends.

No rule is decided here.  The core (compiled or reference) decides *why* a
card may not be played and returns a reason code with the cards that matter;
this module turns them into the one message both backends raise, so the
messages are identical by construction.
"""

from __future__ import annotations

from collections.abc import Iterable

from trickcore.card import ALL_CARDS

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
    "illegal_play_message",
    "not_in_pack_message",
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


def card_list(cards: Iterable[int]) -> str:
    """``'5♣, 9♥ and K♦'``: cards in card-number order, in Unicode."""
    names = [ALL_CARDS[c].unicode() for c in sorted(cards)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _holder(hand: int) -> str:
    return "the dummy holds" if hand == 1 else "you hold"


def illegal_play_message(
    reason: int, card: int, hand: int, relevant: Iterable[int], suit: int
) -> str:
    """The message for a rejected play.

    *reason* is one of the codes above, *hand* the core hand index to move
    (1 = the dummy), *relevant* the cards that make the play illegal (the
    cards the player should play instead), *suit* the suit led for
    ``MUST_FOLLOW``.
    """
    shown = ALL_CARDS[card].unicode()
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
        return f"cannot play {shown}: must follow {SUIT_NAMES[suit]}: {_holder(hand)} {card_list(relevant)}"
    raise ValueError(f"no message for reason code {reason}")  # pragma: no cover


def not_in_pack_message(card: int, jokers: bool) -> str:
    """The message for a card that is not in this deal's pack."""
    shown = ALL_CARDS[card].unicode()
    if jokers:
        return (
            f"{shown} is not in the Spidge pack with jokers (2♦ and 2♥ are replaced by the jokers)"
        )
    return f"{shown} is not in the Spidge pack without jokers (jokers=False)"


def no_move_message() -> str:
    """Asked for a move once the deal is over."""
    return "no move to make: the deal is over, all 13 tricks have been played"
