"""Spidge deals and games as text for people and JSON summaries for machines."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pytrick.spidge.table import Hand
from trickcore._spidge_messages import SUIT_NAMES
from trickcore.card import Card
from trickcore.errors import PytrickError

if TYPE_CHECKING:
    from pytrick.spidge.deal import SpidgeDeal
    from pytrick.spidge.game import SpidgeGame

__all__ = [
    "deal_summary",
    "deal_summary_json",
    "explain_play",
    "game_summary",
    "game_summary_json",
    "hand_order",
    "hand_text",
    "hands_lines",
    "tricks_lines",
]


def explain_play(deal: SpidgeDeal, card: Card) -> str:
    """One line: may the hand to move in *deal* play *card*, and why (RULES.md
    2.3, 2.5).  An illegal card gets the engine's own error; a legal one the
    reason it is legal.  *deal* is not changed.

    >>> from pytrick.spidge import SpidgeDeal
    >>> deal = SpidgeDeal.from_seed(7)
    >>> explain_play(deal, Card("AC"))
    'A♣ is legal: the opening lead may be any card but a trump (rules §2.5).'
    """
    import trickcore

    core = trickcore.spidge
    shown = card.unicode()
    try:
        deal.copy().play(card)
    except PytrickError as error:  # names no card hidden from the player to move
        return f"{shown} is illegal: {error}."
    joker_suit = deal.rules.joker_suit
    wild_joker = card.is_joker and joker_suit == "wild"
    trump = core.is_trump(int(card), joker_suit)
    trick = list(deal.current_trick)
    holder = "the dummy holds" if deal.hand_to_move == Hand.DUMMY else "you hold"
    if wild_joker:
        return f"{shown} is legal: a wild joker may be played or led at any time (rules §2.3)."
    if not trick:
        if not trump:
            if deal.tricks_played == 0:
                return f"{shown} is legal: the opening lead may be any card but a trump (rules §2.5)."
            return f"{shown} is legal: after the opening lead any card may be led (rules §2.5)."
        if deal.tricks_played == 0:
            why = f"the opening lead may not be a trump, but {holder} nothing else"
        elif not deal.rules.spades_must_be_broken:
            why = "after the opening lead any card may be led"
        elif deal.trumps_broken:
            why = "a trump has been played to an earlier trick, so trumps may be led"
        else:
            why = f"trumps may not be led before one has been played, but {holder} nothing else"
        return f"{shown} is legal: {why} (rules §2.5)."
    # The suit led: a joker lead is a spade lead, or with wild jokers the
    # first card that is no joker sets it (RULES.md 2.3).
    suits = [core.effective_suit(int(c), joker_suit) for c in trick]
    set_by = [suit for suit in suits if suit != core.NO_SUIT]
    if not set_by:
        return (f"{shown} is legal: a wild joker was led and no card has set the suit yet, "
                "so any card may be played (rules §2.3).")
    suit_led = SUIT_NAMES[set_by[0]]
    if core.effective_suit(int(card), joker_suit) == set_by[0]:
        if card.is_joker:
            return (f"{shown} is legal: a joker belongs to the trump suit, so it follows "
                    "spades (rules §2.3).")
        return f"{shown} is legal: it follows {suit_led}, the suit led (rules §2.5)."
    return (f"{shown} is legal: {holder} no {suit_led}, so any card may be played; "
            "nobody is obliged to trump (rules §2.5).")


_HELD_ORDER = ("🃏", "♠", "♥", "♦", "♣")


def _group(card: Card) -> str:
    return "🃏" if card.is_joker else card.unicode()[-1]


def hand_order(cards: Iterable[Card]) -> list[Card]:
    """A hand as it is held: the jokers, then ♠ ♥ ♦ ♣, each high to low."""
    return sorted(cards, key=lambda c: (_HELD_ORDER.index(_group(c)), -int(c)))


def hand_text(cards: Iterable[Card]) -> str:
    """Cards grouped by suit, spades first, high to low: ``'♠ A 10 3 | ♥ K …'``."""
    groups: dict[str, list[Card]] = {}
    for card in hand_order(cards):
        groups.setdefault(_group(card), []).append(card)
    parts = []
    for symbol in _HELD_ORDER:
        if symbol in groups:
            if symbol == "🃏":
                parts.append(" ".join(c.unicode() for c in groups[symbol]))
            else:
                parts.append(symbol + " " + " ".join(c.unicode()[:-1] for c in groups[symbol]))
    return " | ".join(parts) or "—"


def _hand_name(deal: SpidgeDeal, hand: Hand) -> str:
    if hand == Hand.DUMMY:
        return "dummy"
    return f"player {deal.player_of(hand)}"


def hands_lines(deal: SpidgeDeal) -> list[str]:
    """The four hands as dealt, in play order from the dealer's left."""
    initial = deal.initial_hands
    lines = []
    for hand in Hand:
        role = {Hand.DUMMY: "dummy, face up", Hand.DEALER: "dealer"}.get(hand, str(hand))
        lines.append(f"  {_hand_name(deal, hand):>9} ({role}): {hand_text(initial[hand])}")
    return lines


def tricks_lines(deal: SpidgeDeal) -> list[str]:
    """One line per complete trick: who led, the cards, who won."""
    lines = []
    for number, trick in enumerate(deal.tricks, 1):
        order = [Hand((trick.leader + i) % 4) for i in range(4)]
        cards = ", ".join(
            f"{_hand_name(deal, hand)} {card.unicode()}"
            for hand, card in zip(order, trick.cards, strict=False)
        )
        lines.append(f"  trick {number:2}: {cards} → {_hand_name(deal, trick.winner)}")
    return lines


def deal_summary(deal: SpidgeDeal) -> str:
    lines = [f"Spidge deal, dealer player {deal.dealer} (plays the dummy)"]
    lines += hands_lines(deal)
    lines += tricks_lines(deal)
    if deal.is_over:
        lines.append("Result: " + deal.result.describe())
    else:
        lines.append(f"In progress: {deal.n_played} cards played, {deal.to_move} to play")
    return "\n".join(lines)


def deal_summary_json(deal: SpidgeDeal) -> dict[str, Any]:
    summary: dict[str, Any] = {
        "game": "spidge",
        "kind": "deal",
        "dealer": deal.dealer,
        "cards_played": deal.n_played,
        "finished": deal.is_over,
    }
    if deal.is_over:
        summary["result"] = deal.result.to_json()
    return summary


def game_summary(game: SpidgeGame) -> str:
    target, n = game.rules.target, len(game.deals)
    lines = [
        f"Spidge game to {target} point{'' if target == 1 else 's'}, "
        f"{n} deal{'' if n == 1 else 's'}"
    ]
    for number, deal in enumerate(game.deals, 1):
        if deal.is_over:
            lines.append(f"  deal {number} (dealer {deal.dealer}): {deal.result.describe()}")
        else:
            lines.append(f"  deal {number} (dealer {deal.dealer}): in progress")
    lines.append("Totals: " + ", ".join(f"player {p} {t}" for p, t in enumerate(game.totals)))
    if game.winner is not None:
        how = " by a grand slam" if game.won_by_grand_slam else ""
        lines.append(f"Winner: player {game.winner}{how}")
    else:
        lines.append("No winner yet")
    return "\n".join(lines)


def game_summary_json(game: SpidgeGame) -> dict[str, Any]:
    return {
        "game": "spidge",
        "kind": "game",
        "deals": [deal_summary_json(deal) for deal in game.deals],
        "totals": list(game.totals),
        "winner": game.winner,
        "grand_slam": game.won_by_grand_slam,
    }
