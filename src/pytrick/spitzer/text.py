"""Readable text for Spitzer deals and games: hands, tricks, results."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pytrick.spitzer.announcement import Announcement
from trickcore import CardSet
from trickcore.card import Card

if TYPE_CHECKING:
    from pytrick.spitzer.deal import SpitzerDeal
    from pytrick.spitzer.game import SpitzerGame

__all__ = [
    "deal_summary",
    "deal_summary_json",
    "game_summary",
    "game_summary_json",
    "hand_order",
    "hand_text",
]


def hand_order(cards: Iterable[Card]) -> list[Card]:
    """A hand as it is held: trumps first, then ♣ ♠ ♥, each strongest first."""
    import trickcore

    core = trickcore.spitzer
    order = (core.TRUMPS, core.CLUBS, core.SPADES, core.HEARTS)
    return sorted(cards, key=lambda c: (order.index(core.effective_suit(c)), -core.strength(c)))


def hand_text(cards: CardSet) -> str:
    """A hand in Unicode card names, in :func:`hand_order`."""
    return " ".join(card.unicode() for card in hand_order(cards))


def announcements_text(deal: SpitzerDeal) -> str:
    said = [f"seat {seat} {Announcement(code)}" for seat, code in deal.announcements]
    return ", ".join(said) if said else "none yet"


def tricks_lines(deal: SpitzerDeal) -> list[str]:
    lines = []
    plays = deal.plays
    winners = deal.trick_winners
    points = deal.trick_points
    for t in range(0, len(plays), 4):
        cards = "  ".join(f"{seat}:{card.unicode()}" for seat, card in plays[t : t + 4])
        index = t // 4
        tail = f"  -> seat {winners[index]} wins {points[index]}" if index < len(winners) else ""
        lines.append(f"  trick {index + 1}: {cards}{tail}")
    return lines


def deal_summary(deal: SpitzerDeal) -> str:
    lines = [f"Spitzer deal, dealer seat {deal.dealer}"]
    for seat in range(4):
        lines.append(f"  seat {seat}: {hand_text(deal.original_hand(seat))}")
    lines.append(f"Announcements: {announcements_text(deal)}")
    if deal.game is not None:
        lines.append(f"Game: {deal.game}")
    lines.extend(tricks_lines(deal))
    if deal.is_over:
        result = deal.result
        lines.append(f"Result: {result.describe()}")
        lines.append(
            "Game points: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(result.scores))
        )
    else:
        lines.append(f"In progress: {deal.n_played} of 32 cards played")
    return "\n".join(lines)


def deal_summary_json(deal: SpitzerDeal) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "spitzer",
        "kind": "deal",
        "dealer": deal.dealer,
        "announcements": [Announcement(code).token for _, code in deal.announcements],
        "game_type": deal.game.name.lower() if deal.game is not None else None,
        "cards_played": deal.n_played,
        "trick_winners": list(deal.trick_winners),
        "trick_points": list(deal.trick_points),
        "is_over": deal.is_over,
    }
    data["result"] = deal.result.to_json() if deal.is_over else None
    return data


def game_summary(game: SpitzerGame) -> str:
    lines = [f"Spitzer game to {game.rules.target}: {len(game.deals)} deals"]
    running = [0, 0, 0, 0]
    for number, deal in enumerate(game.deals, 1):
        if deal.is_over:
            result = deal.result
            running = [a + b for a, b in zip(running, result.scores, strict=True)]
            lines.append(
                f"  deal {number} (dealer {deal.dealer}): {result.describe()}; totals {running}"
            )
        else:
            lines.append(f"  deal {number} (dealer {deal.dealer}): in progress")
    lines.append(f"Totals: {list(game.totals)}")
    lines.append(f"Winner: seat {game.winner}" if game.winner is not None else "Winner: none yet")
    return "\n".join(lines)


def game_summary_json(game: SpitzerGame) -> dict[str, Any]:
    return {
        "game": "spitzer",
        "kind": "game",
        "target": game.rules.target,
        "deals": [deal_summary_json(deal) for deal in game.deals],
        "totals": list(game.totals),
        "winner": game.winner,
    }
