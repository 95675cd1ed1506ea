"""Readable text for Spitzer deals and games: hands, tricks, results."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pytrick.spitzer.announcement import Announcement
from trickcore import CardSet
from trickcore import _spitzer_messages as messages
from trickcore.card import Card
from trickcore.errors import IllegalMoveError, PytrickError

if TYPE_CHECKING:
    from pytrick.spitzer.deal import SpitzerDeal
    from pytrick.spitzer.game import SpitzerGame
    from pytrick.spitzer.rules import SpitzerRules

__all__ = [
    "announcement_effect",
    "deal_summary",
    "deal_summary_json",
    "explain_announcement",
    "explain_play",
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


def announcement_effect(announcement: Announcement, rules: SpitzerRules) -> str:
    """What *announcement* makes of the hand under *rules* (RULES.md 1.5, 1.8),
    in a player's words: the answer ``pytrick explain`` gives with a legal one.

    >>> from pytrick.spitzer import Announcement, SpitzerRules
    >>> announcement_effect(Announcement.ZOLA_SCHNEIDER_SCHWARZ, SpitzerRules())
    'you play alone against the other three and need to win all 8 tricks'
    """
    code = Announcement(announcement)
    if code == Announcement.PASS:
        return (
            "if all four pass, the hand is a Normal game (the holders of Q♣ and Q♠ "
            "against the other two), or a Sneaker if one player holds both"
        )
    alone = "you play alone against the other three and need"
    if code == Announcement.ZOLA:
        return f"{alone} 61 or more card points (60 loses)"
    if code == Announcement.ZOLA_SCHNEIDER:
        return f"{alone} 90 or more card points"
    if code == Announcement.ZOLA_SCHNEIDER_SCHWARZ:
        return f"{alone} to win all 8 tricks"
    if code == Announcement.SCHNEIDER:
        return (
            "your side needs 90 or more card points: the queens team if you hold a "
            "black queen (you alone if you hold both), else every player without one"
        )
    if code == Announcement.FIRST_TRICK_CALL:
        if rules.first_trick_call == "first_trick_won_by_other":
            return (
                "the winner of the first trick you do not win yourself is your partner; "
                "if you win all 8 tricks you play alone"
            )
        return "the winner of the first trick is your partner; if you win it, you play alone"
    if code == Announcement.VOID_CALL:
        return (
            "the first time you lead, you must lead one of your fail aces; the first player "
            "clockwise who does not follow suit to that trick is your partner, and if all "
            "three follow (or you no longer hold a fail ace when you first lead) you play alone"
        )
    suit = str(code)[-1]
    partner = (
        f"the holder of A{suit} is your secret partner, and must play it when {suit} "
        "is led by another player"
    )
    if code in (Announcement.ACE_CALL_CLUBS, Announcement.ACE_CALL_SPADES, Announcement.ACE_CALL_HEARTS):
        if rules.call_requires_lead:
            return f"{partner}; you must lead {suit} the first time you lead (call_requires_lead)"
    return partner


def explain_announcement(deal: SpitzerDeal, text: str) -> str:
    """One line: may the seat to speak in *deal* make the announcement *text*,
    and why (RULES.md 1.5).  *text* names no announcement: the
    :class:`~pytrick.InvalidArgumentError` of :meth:`Announcement.parse`.
    *deal* is not changed.
    """
    try:
        announcement = Announcement.parse(text)
    except IllegalMoveError as error:
        if error.reason != "trump_ace_not_callable":
            raise
        return f"{text} is illegal: {error}."  # the ace of diamonds
    name = "Passing" if announcement == Announcement.PASS else f"The {announcement}"
    try:
        deal.copy().announce(announcement)
    except PytrickError as error:
        return f"{name} is illegal: {error}."
    return f"{name} is legal: {announcement_effect(announcement, deal.rules)} (rules §1.5)."


def explain_play(deal: SpitzerDeal, card: Card) -> str:
    """One line: may the seat to move in *deal* play *card*, and why (RULES.md
    1.5, 1.6).  An illegal card gets the engine's own error; a legal one the
    reason it is legal.  *deal* is not changed.

    >>> from pytrick.spitzer import SpitzerDeal
    >>> deal = SpitzerDeal.from_seed(2)
    >>> for _ in range(4):
    ...     deal.announce("pass")
    >>> deal.play("JS")
    >>> explain_play(deal, Card("QH"))
    'Q♥ is legal: trumps were led, and Q♥ is a trump (rules §1.2, §1.6).'
    """
    import trickcore

    core = trickcore.spitzer
    shown = card.unicode()
    try:
        deal.copy().play(card)
    except PytrickError as error:  # names no card hidden from the seat to move
        return f"{shown} is illegal: {error}."
    trick = deal.current_trick
    legal = deal.legal_moves
    if not trick:
        if len(legal) < len(deal.hand(deal.to_move)):
            if deal.announcement == Announcement.VOID_CALL:
                duty = "the void caller must lead one of his fail aces the first time he leads"
            else:
                duty = f"the ace caller must lead {str(deal.announcement)[-1]} the first time he leads"
            return f"{shown} is legal: {duty}, and {shown} is one (rules §1.5)."
        return f"{shown} is legal: the leader may lead any card (rules §1.6)."
    led = core.effective_suit(int(trick[0][1]))
    suit = messages.SUIT_NAMES[led]
    if core.effective_suit(int(card)) == led:
        if int(card) == deal.called_ace and len(legal) == 1:
            return (f"{shown} is legal: the called ace must be played when {suit} are led "
                    "by another player (rules §1.6).")
        if led == core.TRUMPS:
            return f"{shown} is legal: trumps were led, and {shown} is a trump (rules §1.2, §1.6)."
        return f"{shown} is legal: it follows {suit}, the suit led (rules §1.6)."
    if core.is_trump(int(card)):
        return (f"{shown} is legal: you cannot follow {suit}, so you must play a trump, "
                f"and {shown} is one (rules §1.2, §1.6).")
    cannot = "you hold no trump" if led == core.TRUMPS else f"you can neither follow {suit} nor trump"
    if int(card) == deal.called_ace:
        return (f"{shown} is legal: {cannot}, and the called ace may be discarded as your "
                "only card (rules §1.6).")
    return f"{shown} is legal: {cannot}, so any card may be played (rules §1.6)."


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
    n = len(game.deals)
    lines = [f"Spitzer game to {game.rules.target}: {n} deal{'' if n == 1 else 's'}"]
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
