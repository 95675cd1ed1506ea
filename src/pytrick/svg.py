"""SVG pictures of cards, hands, tricks and whole deals, in the spirit of ``chess.svg``.

Every function returns the SVG text of one self-contained picture: no network
fonts or images, the suit symbols drawn as paths, so it renders the same in a
notebook, a browser or the docs.  Cards, card sets, deals and observations use
these for their ``_repr_svg_``, so Jupyter shows them as pictures.

>>> from pytrick import svg, Card, SpitzerDeal
>>> picture = svg.card(Card("Q♣"))
>>> picture.startswith("<svg") and 'data-card="QC"' in picture
True
>>> deal = SpitzerDeal.from_seed(42)
>>> table = svg.deal(deal.observation(2))     # seat 2's view: the others face down
>>> table.count('class="card back"')
24

A picture of a seat's observation shows only what that seat may see: its own
hand, the cards played and (in Spidge) the dummy; the other hands are card
backs.  A picture of a deal itself shows every hand face up.

Trumps are drawn on a pale gold card with a gold border (Spitzer: the queens,
the jacks and the diamonds; Spidge: the spades and the jokers), the seat to
move has a gold name plate, and the dealer carries a round "D" button.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeAlias
from xml.sax.saxutils import escape

import trickcore
from pytrick.spidge import text as spidge_text
from pytrick.spitzer import text as spitzer_text
from trickcore import CardSet
from trickcore._arguments import check_range
from trickcore.card import Card, Suit
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, InvalidCardError

if TYPE_CHECKING:
    from pytrick.spidge.deal import SpidgeDeal
    from pytrick.spidge.observation import SpidgeObservation
    from pytrick.spitzer.deal import SpitzerDeal
    from pytrick.spitzer.observation import SpitzerObservation

    Picturable: TypeAlias = SpitzerDeal | SpitzerObservation | SpidgeDeal | SpidgeObservation

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "card", "deal", "hand", "trick"]

#: The size of a card at ``size=1`` (SVG user units, about pixels).
CARD_WIDTH = 44
CARD_HEIGHT = 64

_RED = "#c62828"
_BLACK = "#1a1a1a"
_JOKER = "#6a1b9a"
_TRUMP_FILL = "#fff4cc"
_TRUMP_EDGE = "#c99a06"
_FELT = "#2e6b3f"
_FAN = 0.52  # how much of a card shows under the next one in a hand

# The four suits as paths in a 100 x 100 box: no font needs to have the glyphs.
_SUIT_PATHS = {
    Suit.CLUBS: '<circle cx="50" cy="27" r="23"/><circle cx="25" cy="60" r="23"/>'
    '<circle cx="75" cy="60" r="23"/>'
    '<path d="M46 55 C45 78 38 92 28 100 L72 100 C62 92 55 78 54 55 Z"/>',
    Suit.DIAMONDS: '<path d="M50 0 L88 50 L50 100 L12 50 Z"/>',
    Suit.HEARTS: '<path d="M50 96 C16 66 0 47 0 29 C0 11 14 0 28 0 C40 0 47 8 50 17 '
    'C53 8 60 0 72 0 C86 0 100 11 100 29 C100 47 84 66 50 96 Z"/>',
    Suit.SPADES: '<path d="M50 0 C84 30 100 48 100 64 C100 80 88 88 76 88 C64 88 57 83 53 76 '
    'C54 88 58 95 68 100 L32 100 C42 95 46 88 47 76 C43 83 36 88 24 88 '
    'C12 88 0 80 0 64 C0 48 16 30 50 0 Z"/>',
}

_DEFS = (
    "<defs>"
    + "".join(
        f'<symbol id="pytrick-{suit.name.lower()}" viewBox="0 0 100 100">{_SUIT_PATHS[suit]}</symbol>'
        for suit in Suit
    )
    + '<pattern id="pytrick-back" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" fill="#1f4e8c"/>'
    '<rect width="3" height="6" fill="#2f6bb3"/></pattern>'
    "</defs>"
)


def _svg(width: float, height: float, body: str, title: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'version="1.1" width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}">'
        f"<title>{escape(title)}</title>{_DEFS}{body}</svg>"
    )


def _face(c: Card, x: float, y: float, scale: float, trump: bool) -> str:
    """One card face up, its top-left corner at (x, y)."""
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    fill, edge, stroke = (_TRUMP_FILL, _TRUMP_EDGE, 2) if trump else ("white", "#777", 1)
    parts = [
        f'<g class="card{" trump" if trump else ""}" data-card="{c}">',
        f"<title>{c.unicode()}{' (trump)' if trump else ''}</title>",
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{4 * scale:g}" '
        f'fill="{fill}" stroke="{edge}" stroke-width="{stroke * scale:g}"/>',
    ]
    font = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold"'
    if c.is_joker:
        parts.append(
            f'<text x="{x + 4 * scale:g}" y="{y + 14 * scale:g}" font-size="{11 * scale:g}" '
            f'{font} fill="{_JOKER}">J{int(c) - 51}</text>'
            f'<text x="{x + w / 2:g}" y="{y + h * 0.7:g}" font-size="{26 * scale:g}" '
            f'{font} fill="{_JOKER}" text-anchor="middle">★</text>'
        )
    else:
        assert c.suit is not None  # not a joker
        suit = c.suit.name.lower()  # the id of its symbol in _DEFS
        colour = _RED if c.suit in (Suit.DIAMONDS, Suit.HEARTS) else _BLACK
        parts.append(
            f'<text x="{x + 3.5 * scale:g}" y="{y + 14 * scale:g}" font-size="{13 * scale:g}" '
            f'{font} fill="{colour}">{c.unicode()[:-1]}</text>'
            f'<use xlink:href="#pytrick-{suit}" x="{x + 4 * scale:g}" '
            f'y="{y + 17 * scale:g}" width="{10 * scale:g}" height="{10 * scale:g}" '
            f'fill="{colour}"/>'
            f'<use xlink:href="#pytrick-{suit}" x="{x + w * 0.36:g}" '
            f'y="{y + h * 0.45:g}" width="{w * 0.5:g}" height="{w * 0.5:g}" fill="{colour}"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float, scale: float) -> str:
    """One card face down."""
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    return (
        f'<g class="card back"><rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" '
        f'rx="{4 * scale:g}" fill="url(#pytrick-back)" stroke="white" '
        f'stroke-width="{1.5 * scale:g}"/></g>'
    )


def _row(cards: Sequence[Card | None], x: float, y: float, scale: float, trumps: CardSet) -> str:
    """Cards side by side, overlapping like a hand held in a fan; None is a card back."""
    step = CARD_WIDTH * scale * _FAN
    return "".join(
        _back(x + i * step, y, scale) if c is None else _face(c, x + i * step, y, scale, c in trumps)
        for i, c in enumerate(cards)
    )


def _row_width(n: int, scale: float) -> float:
    return CARD_WIDTH * scale * (1 + _FAN * (n - 1)) if n else 0.0


def _scale(size: float) -> float:
    # A bool is no size, and an infinite one would write width="inf" (no SVG).
    if isinstance(size, bool) or not isinstance(size, numbers.Real):
        raise ArgumentTypeError(f"size must be a number, not {type(size).__name__} ({size!r:.40})")
    if not (size > 0 and math.isfinite(size)):
        raise InvalidArgumentError(f"size must be a positive, finite number, not {size!r}")
    return float(size)


def card(c: Card | int | str, *, size: float = 1.0, trump: bool = False) -> str:
    """One card, face up (*trump* draws it as a trump).

    >>> from pytrick import svg
    >>> "♥" in svg.card("10H") and "<title>10♥</title>" in svg.card("10H")
    True
    """
    scale = _scale(size)
    c = Card(c)
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    return _svg(w + 2, h + 2, _face(c, 1, 1, scale, trump), c.unicode())


def hand(
    cards: Iterable[Card | int | str] | CardSet | str,
    *,
    size: float = 1.0,
    trumps: Iterable[Card | int | str] | CardSet = (),
) -> str:
    """A hand of cards in a fan, in the order given (a card set: card-number order).

    >>> from pytrick import svg, CardSet
    >>> svg.hand(CardSet("QC QS 7D")).count('class="card')
    3
    """
    scale = _scale(size)
    if isinstance(cards, (str, CardSet)):
        held = list(CardSet(cards))
    else:
        try:
            held = [Card(c) for c in cards]
        except TypeError:  # not iterable: 5, None
            raise ArgumentTypeError(
                f"cards: a hand is a CardSet, card text or an iterable of cards, not "
                f"{type(cards).__name__} ({cards!r:.40})"
            ) from None
        seen: set[Card] = set()
        for c in held:
            if c in seen:
                raise InvalidCardError(f"cards: {c} is in the hand twice")
            seen.add(c)
    trump_set = CardSet(trumps)
    width = max(_row_width(len(held), scale), CARD_WIDTH * scale)
    title = " ".join(c.unicode() for c in held) or "no cards"
    return _svg(
        width + 2, CARD_HEIGHT * scale + 2, _row(held, 1, 1, scale, trump_set), title
    )


def trick(
    plays: Sequence[tuple[int, Card | int | str]],
    *,
    seats: int = 4,
    bottom: int = 0,
    size: float = 1.0,
    trumps: Iterable[Card | int | str] | CardSet = (),
) -> str:
    """The cards of one trick as (seat, card) pairs, each in front of its seat,
    *bottom* the seat drawn nearest the viewer (seats go clockwise from there).

    >>> from pytrick import svg
    >>> picture = svg.trick([(1, "QC"), (2, "7D")])
    >>> picture.index('data-card="QC"') < picture.index('data-card="7D"')
    True
    """
    scale = _scale(size)
    checked = _checked_plays(plays, seats, bottom)
    side = CARD_HEIGHT * scale * 2.4
    body = _trick(checked, side / 2, side / 2, seats, bottom, scale, CardSet(trumps))
    title = "trick: " + ", ".join(f"seat {s} {c.unicode()}" for s, c in checked)
    return _svg(side, side, body, title)


def _checked_plays(
    plays: Sequence[tuple[int, Card | int | str]], seats: int, bottom: int
) -> list[tuple[int, Card]]:
    """The (seat, card) pairs of a trick, each seat and card checked and at
    most once: a seat out of range would be drawn in another seat's place."""
    check_range(seats, "seats", 1, 4, "a table has 1 to 4 places")
    check_range(bottom, "bottom", 0, seats - 1, f"seats are 0 to {seats - 1}")
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Iterable):
        raise ArgumentTypeError(
            f"plays: a trick is a sequence of (seat, card) pairs, not {type(plays).__name__}"
        )
    checked: list[tuple[int, Card]] = []
    for i, pair in enumerate(plays):
        try:  # any pair: a tuple, a list, a numpy row
            if isinstance(pair, (str, bytes)):
                raise TypeError
            seat_value, card_value = pair
        except (TypeError, ValueError):
            raise ArgumentTypeError(f"plays[{i}]: a (seat, card) pair, not {pair!r:.40}") from None
        seat = check_range(seat_value, f"plays[{i}] seat", 0, seats - 1, f"seats are 0 to {seats - 1}")
        card = Card(card_value)
        if any(seat == s for s, _ in checked):
            raise InvalidArgumentError(f"plays[{i}]: seat {seat} has already played to this trick")
        if any(card == c for _, c in checked):
            raise InvalidCardError(f"plays[{i}]: {card} is already in this trick")
        checked.append((seat, card))
    return checked


def _trick(
    plays: Sequence[tuple[int, Card | int | str]],
    cx: float,
    cy: float,
    seats: int,
    bottom: int,
    scale: float,
    trumps: CardSet,
) -> str:
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    # Bottom, left, top, right: play passes to the left, clockwise seen from above.
    offsets = ((0, 0.62), (-0.75, 0), (0, -0.62), (0.75, 0))
    parts = []
    for seat, played in plays:
        dx, dy = offsets[(int(seat) - bottom) % seats]
        c = Card(played)
        parts.append(_face(c, cx + dx * h - w / 2, cy + dy * h - h / 2, scale, c in trumps))
    return "".join(parts)


class _Table:
    """What a picture of a table needs, read from either game's deal or observation."""

    def __init__(self, subject: Picturable) -> None:
        from pytrick.spidge.deal import SpidgeDeal
        from pytrick.spidge.observation import SpidgeObservation
        from pytrick.spitzer.deal import SpitzerDeal
        from pytrick.spitzer.observation import SpitzerObservation

        self.labels: list[str]
        self.held: list[list[Card | None]]
        if isinstance(subject, (SpitzerDeal, SpitzerObservation)):
            obs = subject.observation(0) if isinstance(subject, SpitzerDeal) else subject
            self.bottom = obs.seat
            self.trumps = CardSet(c for c in trickcore.spitzer.PACK if trickcore.spitzer.is_trump(c))
            self.labels = [f"seat {s}" for s in range(4)]
            self.dealer_position = obs.dealer
            self.to_move = obs.to_move if obs.to_move >= 0 else None
            self.plays = [(seat, c) for seat, c in obs.plays]
            self.winners = list(obs.trick_winners)
            played_by = [sum(1 for seat, _ in obs.plays if seat == s) for s in range(4)]
            if isinstance(subject, SpitzerDeal):
                self.held = [list(spitzer_text.hand_order(subject.hand(s))) for s in range(4)]
            else:
                self.held = [
                    list(spitzer_text.hand_order(obs.hand)) if s == obs.seat else [None] * (8 - played_by[s])
                    for s in range(4)
                ]
            self.title = f"Spitzer, seat {obs.seat}'s view" if not isinstance(
                subject, SpitzerDeal
            ) else "Spitzer deal"
            return
        if isinstance(subject, (SpidgeDeal, SpidgeObservation)):
            sobs = subject.observation(0) if isinstance(subject, SpidgeDeal) else subject
            dealer = sobs.dealer
            # Positions are the four hands in play order from the dealer's left;
            # a whole deal is drawn from the dealer's left, a view from its own hand.
            self.bottom = 0 if isinstance(subject, SpidgeDeal) else int(sobs.seat)
            self.trumps = CardSet(
                c for c in trickcore.spidge.pack(sobs.rules.jokers) if trickcore.spidge.is_trump(c)
            )
            from pytrick.spidge.table import Hand, player_of

            self.labels = [
                "dummy" if h == Hand.DUMMY else f"player {player_of(h, dealer)}" for h in Hand
            ]
            self.dealer_position = int(Hand.DEALER)
            self.to_move = int(sobs.to_move.hand) if sobs.to_move is not None else None
            self.plays = [(int(h), c) for h, c in sobs.plays]
            self.winners = [int(w) for w in sobs.trick_winners]
            if isinstance(subject, SpidgeDeal):
                self.held = [list(spidge_text.hand_order(subject.hand(h))) for h in Hand]
            else:
                played_by = [sum(1 for h, _ in sobs.plays if h == hand) for hand in Hand]
                self.held = [
                    list(spidge_text.hand_order(sobs.hand))
                    if h == sobs.seat
                    else list(spidge_text.hand_order(sobs.dummy))
                    if h == Hand.DUMMY
                    else [None] * (13 - played_by[h])
                    for h in Hand
                ]
            self.title = (
                "Spidge deal"
                if isinstance(subject, SpidgeDeal)
                else f"Spidge, player {sobs.player}'s view"
            )
            return
        raise ArgumentTypeError(
            "svg.deal draws a SpitzerDeal, SpidgeDeal or one of their observations, "
            f"not {type(subject).__name__}"
        )


def deal(subject: Picturable, *, size: float = 1.0) -> str:
    """A whole table: the four hands around it, the trick in the middle (the last
    complete trick, faded, between tricks), the dealer's button and the seat to move.

    Given a deal, every hand is face up, with seat 0 (Spidge: the dealer's left)
    at the bottom; given an observation, the observing seat is at the bottom
    and the hands it cannot see are card backs.

    >>> from pytrick import svg, SpidgeDeal
    >>> spidge = SpidgeDeal.from_seed(7)
    >>> view = svg.deal(spidge.observation(0))
    >>> view.count('class="card back"')      # two hidden hands; the dummy is face up
    26
    """
    scale = _scale(size)
    table = _Table(subject)
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    longest = max(13 if len(cards) > 8 else 8 for cards in table.held)
    row = _row_width(longest, scale)
    label_h = 16 * scale
    centre_w = 3.4 * w
    width = 2 * row + centre_w + 4 * 10 * scale
    height = 2 * (h + label_h) + 2.6 * h + 4 * 10 * scale
    cx, cy = width / 2, height / 2
    pad = 10 * scale
    # Where each position's hand starts (top-left), and its name plate: bottom, left, top, right.
    anchors = (
        (cx - row / 2, height - pad - h),
        (pad, cy - h / 2),
        (cx - row / 2, pad + label_h),
        (width - pad - row, cy - h / 2),
    )
    parts = [f'<rect width="{width:g}" height="{height:g}" rx="{12 * scale:g}" fill="{_FELT}"/>']
    font = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"'
    for seat in range(4):
        position = (seat - table.bottom) % 4
        x, y = anchors[position]
        parts.append(f'<g class="seat" data-seat="{seat}">')
        parts.append(_row(table.held[seat], x, y, scale, table.trumps))
        label_y = y - 4 * scale
        moving = table.to_move == seat
        label = escape(table.labels[seat])
        text_w = (len(label) * 7.2 + 12) * scale
        parts.append(
            f'<rect class="{"to-move" if moving else "name"}" x="{x:g}" '
            f'y="{label_y - 12 * scale:g}" width="{text_w:g}" height="{15 * scale:g}" '
            f'rx="{3 * scale:g}" fill="{"#f5c518" if moving else "#1b4228"}"/>'
            f'<text x="{x + 6 * scale:g}" y="{label_y:g}" font-size="{11 * scale:g}" {font} '
            f'fill="{_BLACK if moving else "white"}">{label}</text>'
        )
        if seat == table.dealer_position:
            bx = x + text_w + 9 * scale
            parts.append(
                f'<g class="dealer"><circle cx="{bx:g}" cy="{label_y - 4.5 * scale:g}" '
                f'r="{7 * scale:g}" fill="white" stroke="{_BLACK}"/>'
                f'<text x="{bx:g}" y="{label_y - 1 * scale:g}" font-size="{9 * scale:g}" {font} '
                f'font-weight="bold" text-anchor="middle" fill="{_BLACK}">D</text></g>'
            )
        parts.append("</g>")
    n_complete = len(table.winners)
    current = table.plays[4 * n_complete :]
    if current or not table.plays:
        parts.append(f'<g class="trick">{_trick(current, cx, cy, 4, table.bottom, scale, table.trumps)}</g>')
    else:
        last = table.plays[4 * (n_complete - 1) : 4 * n_complete]
        winner = table.labels[table.winners[-1]]
        parts.append(
            f'<g class="last-trick" opacity="0.55">'
            f"{_trick(last, cx, cy, 4, table.bottom, scale, table.trumps)}</g>"
            f'<text x="{cx:g}" y="{cy + 1.45 * h:g}" font-size="{10 * scale:g}" {font} '
            f'fill="white" text-anchor="middle">last trick: {escape(winner)}</text>'
        )
    return _svg(width, height, "".join(parts), table.title)
