"""Observation tensors (reference twin): what one seat may know, as float32 vectors.

The same layouts and numbers as the compiled ``trickcore._observe``, built
only from the public methods of a deal (its own hand for the observer, the
dummy's for Spidge, and the history), so it works on a deal of either
backend.  See the compiled module for the layout tables.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from trickcore._arguments import check_range, check_seat
from trickcore._reference import _spidge, _spitzer
from trickcore.errors import ArgumentTypeError

__all__ = [
    "SPIDGE_OBS_LAYOUT",
    "SPIDGE_OBS_SIZE",
    "SPIDGE_OBS_VERSION",
    "SPITZER_OBS_LAYOUT",
    "SPITZER_OBS_SIZE",
    "SPITZER_OBS_VERSION",
    "spidge_observation",
    "spitzer_observation",
]

SPITZER_OBS_VERSION = 1
SPITZER_OBS_LAYOUT = (
    ("own_hand", 0, 32),
    ("played_by", 32, 128),
    ("current_trick", 160, 128),
    ("trick_leaders", 288, 32),
    ("trick_winners", 320, 32),
    ("announcement", 352, 13),
    ("announcer", 365, 4),
    ("n_spoken", 369, 5),
    ("revealed", 374, 4),
    ("voids", 378, 20),
    ("to_move", 398, 4),
    ("phase", 402, 3),
    ("dealer", 405, 4),
    ("options", 409, 5),
    ("points_won", 414, 4),
)
SPITZER_OBS_SIZE = 418

SPIDGE_OBS_VERSION = 1
SPIDGE_OBS_LAYOUT = (
    ("own_hand", 0, 54),
    ("dummy_hand", 54, 54),
    ("played_by", 108, 216),
    ("current_trick", 324, 216),
    ("trick_leaders", 540, 52),
    ("trick_winners", 592, 52),
    ("voids", 644, 16),
    ("tricks_won", 660, 4),
    ("to_move", 664, 4),
    ("is_dealer", 668, 1),
    ("dealer", 669, 4),
    ("trumps_broken", 673, 1),
    ("options", 674, 4),
    ("thresholds", 678, 2),
    ("phase", 680, 2),
)
SPIDGE_OBS_SIZE = 682


class _Planes:
    """Named views into one observation vector."""

    def __init__(self, layout: tuple[tuple[str, int, int], ...], size: int) -> None:
        self.out = np.zeros(size, dtype=np.float32)
        self.offset = {name: offset for name, offset, _ in layout}

    def set(self, plane: str, index: int, value: float = 1.0) -> None:
        self.out[self.offset[plane] + index] = np.float32(value)


def _check_state(state: object, name: str) -> None:
    """*state* must be a core state called *name*, of either backend (so
    checked by class name): another object is refused as the compiled
    encoder refuses it, not misread through methods it happens to share."""
    if not any(cls.__name__ == name for cls in type(state).__mro__):
        raise ArgumentTypeError(f"expected a {name}, not {type(state).__name__}")


def spitzer_observation(state: Any, seat: int) -> np.ndarray:
    """The observation of *seat* (0..3) in a Spitzer deal (SPITZER_OBS_LAYOUT)."""
    _check_state(state, "SpitzerState")
    seat = check_seat(seat)
    p = _Planes(SPITZER_OBS_LAYOUT, SPITZER_OBS_SIZE)

    def rel(s: int) -> int:
        return (s - seat) % 4

    for card in state.hand(seat):
        p.set("own_hand", _spitzer.action_index(int(card)))
    plays = [(s, int(c)) for s, c in state.plays]
    for s, c in plays:
        p.set("played_by", 32 * rel(s) + _spitzer.action_index(c))
    for position, (_, c) in enumerate(state.current_trick):
        p.set("current_trick", 32 * position + _spitzer.action_index(int(c)))
    n = len(plays)
    winners = list(state.trick_winners)
    leaders = [(state.dealer + 1) % 4, *winners]
    for t in range(n // 4 + 1 if n < 32 else 8):
        p.set("trick_leaders", 4 * t + rel(leaders[t]))
    points = [0, 0, 0, 0]
    for t, (w, pts) in enumerate(zip(winners, state.trick_points, strict=False)):
        p.set("trick_winners", 4 * t + rel(w))
        points[rel(w)] += pts
    for r in range(4):
        p.set("points_won", r, points[r] / 120.0)
    if state.phase != _spitzer.AUCTION:
        p.set("announcement", state.announcement)
    if state.announcer >= 0:
        p.set("announcer", rel(state.announcer))
    p.set("n_spoken", len(state.announcements))
    for s in range(4):
        if state.revealed >> s & 1:
            p.set("revealed", rel(s))
    for i, (s, c) in enumerate(plays):
        if i % 4 == 0:
            led = _spitzer.effective_suit(c)
            continue
        suit = _spitzer.effective_suit(c)
        if suit != led:
            p.set("voids", 5 * rel(s) + led)
            if suit != _spitzer.TRUMPS:
                p.set("voids", 5 * rel(s) + _spitzer.TRUMPS)
    if state.to_move >= 0:
        p.set("to_move", rel(state.to_move))
    p.set("phase", state.phase)
    p.set("dealer", rel(state.dealer))
    for bit in range(5):
        if state.options >> bit & 1:
            p.set("options", bit)
    return p.out


def spidge_observation(state: Any, hand: int) -> np.ndarray:
    """The observation of *hand* (0 left, 1 dummy → seen by the dealer,
    2 right, 3 dealer) in a Spidge deal (SPIDGE_OBS_LAYOUT)."""
    _check_state(state, "SpidgeState")
    hand = check_range(hand, "hand", 0, 3, "hands are 0 (the dealer's left), 1 (the dummy), "
                       "2 (his right) and 3 (the dealer)")
    if hand == _spidge.DUMMY:
        hand = _spidge.DEALER
    p = _Planes(SPIDGE_OBS_LAYOUT, SPIDGE_OBS_SIZE)

    def rel(h: int) -> int:
        return (h - hand) % 4

    for card in state.hand(hand):
        p.set("own_hand", int(card))
    for card in state.hand(_spidge.DUMMY):
        p.set("dummy_hand", int(card))
    history = [int(c) for c in state.history]
    who = list(state.history_hands)
    for c, h in zip(history, who, strict=False):
        p.set("played_by", 54 * rel(h) + c)
    n = len(history)
    for position, c in enumerate(history[n - n % 4:] if n < 52 else []):
        p.set("current_trick", 54 * position + c)
    winners = list(state.trick_winners)
    leaders = [_spidge.LEFT, *winners]
    for t in range(n // 4 + 1 if n < 52 else 13):
        p.set("trick_leaders", 4 * t + rel(leaders[t]))
    for t, w in enumerate(winners):
        p.set("trick_winners", 4 * t + rel(w))
    wild = bool(state.flags & _spidge.OPT_WILD_JOKERS)
    led: int | None = None
    for i, (c, h) in enumerate(zip(history, who, strict=False)):
        if i % 4 == 0:
            led = None
        if c in _spidge.JOKERS:
            if wild:
                continue  # a wild joker may always be played: it shows nothing
            suit = _spidge.SPADES
        else:
            suit = c // 13
        if led is None:
            led = suit
        elif suit != led:
            p.set("voids", 4 * rel(h) + led)
    for h, tricks in enumerate(state.tricks_won):
        p.set("tricks_won", rel(h), tricks / 13.0)
    if state.hand_to_move is not None:
        p.set("to_move", rel(state.hand_to_move))
    if hand == _spidge.DEALER:
        p.set("is_dealer", 0)
    p.set("dealer", rel(_spidge.DEALER))
    if state.trumps_broken:
        p.set("trumps_broken", 0)
    for bit in range(4):
        if state.flags >> bit & 1:
            p.set("options", bit)
    p.set("thresholds", 0, state.slam_tricks / 13.0)
    p.set("thresholds", 1, state.spidge_tricks / 13.0)
    p.set("phase", 1 if n == 52 else 0)
    return p.out
