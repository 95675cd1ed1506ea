# cython: language_level=3, binding=True, embedsignature=True
"""Observation tensors (compiled): what one seat may know, as float32 vectors.

Each game has a fixed-size, versioned layout: a list of planes
``(name, offset, size)``.  Seats are *relative to the observer*: relative
seat ``r`` is the seat ``r`` places clockwise from him (0 is the observer).
Only the observer's own hand and public facts are read (RULES.md 1.7 for
Spitzer; for Spidge the dummy is face up, 2.4), so two deals that differ only
in cards hidden from the observer give identical tensors.

Spitzer cards are indexed by dense action (0..31); Spidge cards by card
number (0..53).  The pure-Python twin is ``trickcore._reference._observe``.
"""

import numpy as np

from trickcore._arguments import check_range, check_seat, not_initialised
from trickcore.errors import ArgumentTypeError

from libc.string cimport memset
from libc.stdint cimport uint32_t

from trickcore._cards cimport mask_t
from trickcore._spitzer cimport (
    SpitzerDeal, SpitzerState, SPITZER_SUIT, SPITZER_TRUMPS, spitzer_card,
    spitzer_phase, spitzer_to_move, spitzer_leader, spitzer_seat_of_play,
    spitzer_announcer, spitzer_revealed, spitzer_trick_winner, spitzer_trick_points,
    SP_AUCTION,
)
from trickcore._spidge cimport spidge_state, SpidgeState, spidge_to_move, SPIDGE_OPT_WILD_JOKERS

__all__ = [
    "SPITZER_OBS_VERSION", "SPITZER_OBS_SIZE", "SPITZER_OBS_LAYOUT",
    "SPIDGE_OBS_VERSION", "SPIDGE_OBS_SIZE", "SPIDGE_OBS_LAYOUT",
    "spitzer_observation", "spidge_observation",
]

#: Bumped whenever the Spitzer layout changes.
SPITZER_OBS_VERSION = 1
#: (name, offset, size) of every Spitzer plane, in order.
SPITZER_OBS_LAYOUT = (
    ("own_hand", 0, 32),            # cards the observer holds now
    ("played_by", 32, 128),         # 4 x 32: cards each relative seat has played
    ("current_trick", 160, 128),    # 4 x 32: card at each position of the trick in progress
    ("trick_leaders", 288, 32),     # 8 x 4: relative leader of each trick begun (or next)
    ("trick_winners", 320, 32),     # 8 x 4: relative winner of each completed trick
    ("announcement", 352, 13),      # one-hot code once the announcements are over
    ("announcer", 365, 4),          # relative announcer, if any
    ("n_spoken", 369, 5),           # one-hot: announcements made so far (passes included)
    ("revealed", 374, 4),           # relative seats publicly on the declaring side
    ("voids", 378, 20),             # 4 x 5: relative seat shown void in effective suit
    ("to_move", 398, 4),            # relative seat to announce or play
    ("phase", 402, 3),              # auction, play, over
    ("dealer", 405, 4),             # relative dealer
    ("options", 409, 5),            # the OPT_* bits
    ("points_won", 414, 4),         # card points of completed tricks per relative seat / 120
)
SPITZER_OBS_SIZE = SPITZER_OBS_FLOATS

#: Bumped whenever the Spidge layout changes.
SPIDGE_OBS_VERSION = 1
#: (name, offset, size) of every Spidge plane, in order.
SPIDGE_OBS_LAYOUT = (
    ("own_hand", 0, 54),            # cards the observer holds now
    ("dummy_hand", 54, 54),         # the dummy's cards (face up)
    ("played_by", 108, 216),        # 4 x 54: cards each relative hand has played
    ("current_trick", 324, 216),    # 4 x 54: card at each position of the trick in progress
    ("trick_leaders", 540, 52),     # 13 x 4: relative leader of each trick begun (or next)
    ("trick_winners", 592, 52),     # 13 x 4: relative winner of each completed trick
    ("voids", 644, 16),             # 4 x 4: relative hand shown void in a suit
    ("tricks_won", 660, 4),         # tricks won per relative hand / 13
    ("to_move", 664, 4),            # relative hand to play (the dummy's turn: the dummy)
    ("is_dealer", 668, 1),          # 1 when the observer is the dealer
    ("dealer", 669, 4),             # relative dealer (the dummy sits opposite him)
    ("trumps_broken", 673, 1),      # a trump was played to an earlier trick
    ("options", 674, 4),            # the OPT_* bits
    ("thresholds", 678, 2),         # slam_tricks / 13, spidge_tricks / 13
    ("phase", 680, 2),              # play, over
)
SPIDGE_OBS_SIZE = SPIDGE_OBS_FLOATS

assert sum(size for _, _, size in SPITZER_OBS_LAYOUT) == SPITZER_OBS_SIZE
assert sum(size for _, _, size in SPIDGE_OBS_LAYOUT) == SPIDGE_OBS_SIZE

cdef enum:
    # Spitzer offsets (see SPITZER_OBS_LAYOUT).
    _Z_HAND = 0
    _Z_PLAYED = 32
    _Z_TRICK = 160
    _Z_LEADERS = 288
    _Z_WINNERS = 320
    _Z_ANNOUNCEMENT = 352
    _Z_ANNOUNCER = 365
    _Z_SPOKEN = 369
    _Z_REVEALED = 374
    _Z_VOIDS = 378
    _Z_TO_MOVE = 398
    _Z_PHASE = 402
    _Z_DEALER = 405
    _Z_OPTIONS = 409
    _Z_POINTS = 414
    # Spidge offsets (see SPIDGE_OBS_LAYOUT).
    _G_HAND = 0
    _G_DUMMY = 54
    _G_PLAYED = 108
    _G_TRICK = 324
    _G_LEADERS = 540
    _G_WINNERS = 592
    _G_VOIDS = 644
    _G_TRICKS = 660
    _G_TO_MOVE = 664
    _G_IS_DEALER = 668
    _G_DEALER = 669
    _G_BROKEN = 673
    _G_OPTIONS = 674
    _G_THRESHOLDS = 678
    _G_PHASE = 680


cdef inline int _dsuit(int action) noexcept nogil:
    return SPITZER_SUIT[spitzer_card(action)]


cdef void spitzer_encode(const SpitzerDeal* d, int seat, float* out) noexcept nogil:
    cdef int n = d.n_played, i, t, a, s, first, led, suit, pos, mover, begun
    cdef uint32_t hand = d.hands[seat]
    cdef int revealed
    memset(out, 0, SPITZER_OBS_FLOATS * sizeof(float))
    for a in range(32):
        if hand >> a & 1:
            out[_Z_HAND + a] = 1
    for i in range(n):
        s = (spitzer_seat_of_play(d, i) - seat) & 3
        out[_Z_PLAYED + 32 * s + d.plays[i]] = 1
    first = n & ~3
    for i in range(first, n):
        out[_Z_TRICK + 32 * (i - first) + d.plays[i]] = 1
    begun = (n >> 2) + 1 if n < 32 else 8
    for t in range(begun):
        out[_Z_LEADERS + 4 * t + ((spitzer_leader(d, t) - seat) & 3)] = 1
    cdef int points[4]
    points[0] = points[1] = points[2] = points[3] = 0
    for t in range(n >> 2):
        s = (spitzer_trick_winner(d, t) - seat) & 3
        out[_Z_WINNERS + 4 * t + s] = 1
        points[s] += spitzer_trick_points(d, t)
    for s in range(4):
        out[_Z_POINTS + s] = <float>(points[s] / 120.0)
    if spitzer_phase(d) != SP_AUCTION:
        out[_Z_ANNOUNCEMENT + d.announcement] = 1
    if spitzer_announcer(d) >= 0:
        out[_Z_ANNOUNCER + ((spitzer_announcer(d) - seat) & 3)] = 1
    out[_Z_SPOKEN + d.n_spoken] = 1
    revealed = spitzer_revealed(d)
    for s in range(4):
        if revealed >> s & 1:
            out[_Z_REVEALED + ((s - seat) & 3)] = 1
    # Voids: a seat that did not follow the effective suit led has none of
    # it; one that also did not trump has no trumps either (RULES.md 1.6).
    for i in range(n):
        pos = i & 3
        if pos == 0:
            led = _dsuit(d.plays[i])
            continue
        suit = _dsuit(d.plays[i])
        if suit != led:
            s = (spitzer_seat_of_play(d, i) - seat) & 3
            out[_Z_VOIDS + 5 * s + led] = 1
            if suit != SPITZER_TRUMPS:
                out[_Z_VOIDS + 5 * s + SPITZER_TRUMPS] = 1
    mover = spitzer_to_move(d)
    if mover >= 0:
        out[_Z_TO_MOVE + ((mover - seat) & 3)] = 1
    out[_Z_PHASE + spitzer_phase(d)] = 1
    out[_Z_DEALER + ((d.dealer - seat) & 3)] = 1
    for i in range(5):
        if d.options >> i & 1:
            out[_Z_OPTIONS + i] = 1


cdef void spidge_encode(const spidge_state* s, int hand, float* out) noexcept nogil:
    cdef int n = s.n_played, i, t, c, h, first, led, pos, mover, begun
    cdef mask_t own, dummy = s.hands[1]
    cdef bint wild = (s.flags & SPIDGE_OPT_WILD_JOKERS) != 0
    if hand == 1:
        hand = 3
    own = s.hands[hand]
    memset(out, 0, SPIDGE_OBS_FLOATS * sizeof(float))
    for c in range(54):
        if own >> c & 1:
            out[_G_HAND + c] = 1
        if dummy >> c & 1:
            out[_G_DUMMY + c] = 1
    for i in range(n):
        h = (s.leaders[i >> 2] + (i & 3) - hand) & 3
        out[_G_PLAYED + 54 * h + s.history[i]] = 1
    first = n & ~3
    for i in range(first, n):
        out[_G_TRICK + 54 * (i - first) + s.history[i]] = 1
    begun = (n >> 2) + 1 if n < 52 else 13
    for t in range(begun):
        out[_G_LEADERS + 4 * t + ((s.leaders[t] - hand) & 3)] = 1
    for t in range(n >> 2):
        out[_G_WINNERS + 4 * t + ((s.leaders[t + 1] - hand) & 3)] = 1
    # Voids: a hand that did not follow the suit led has none of it.  A wild
    # joker may always be played and shows nothing; a trump joker is a spade.
    led = -1
    for i in range(n):
        pos = i & 3
        c = s.history[i]
        if pos == 0:
            led = -1
        if c >= 52:
            if wild:
                continue
            c = 39     # a trump joker counts as a spade
        if led < 0:
            led = c // 13
        elif c // 13 != led:
            h = (s.leaders[i >> 2] + pos - hand) & 3
            out[_G_VOIDS + 4 * h + led] = 1
    for h in range(4):
        out[_G_TRICKS + ((h - hand) & 3)] = <float>(s.tricks[h] / 13.0)
    mover = spidge_to_move(s)
    if mover >= 0:
        out[_G_TO_MOVE + ((mover - hand) & 3)] = 1
    if hand == 3:
        out[_G_IS_DEALER] = 1
    out[_G_DEALER + ((3 - hand) & 3)] = 1
    if s.trumps_broken_at < (n >> 2):
        out[_G_BROKEN] = 1
    for i in range(4):
        if s.flags >> i & 1:
            out[_G_OPTIONS + i] = 1
    out[_G_THRESHOLDS] = <float>(s.slam_tricks / 13.0)
    out[_G_THRESHOLDS + 1] = <float>(s.spidge_tricks / 13.0)
    out[_G_PHASE + (1 if n == 52 else 0)] = 1


def spitzer_observation(state, seat):
    """The observation of *seat* (0..3) in a Spitzer deal, a float32 array of
    SPITZER_OBS_SIZE laid out as SPITZER_OBS_LAYOUT."""
    if not isinstance(state, SpitzerState):
        raise ArgumentTypeError(f"expected a compiled SpitzerState, not {type(state).__name__}")
    cdef int o = check_seat(seat)
    cdef const SpitzerDeal* d = &(<SpitzerState>state).deal
    # A state whose __init__ never ran is all zeros (no card anywhere): refused,
    # as by every method of the state, not encoded as if it were a deal.
    if d.n_played == 0 and (d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]) == 0:
        raise not_initialised(state)
    out = np.zeros(SPITZER_OBS_FLOATS, dtype=np.float32)
    cdef float[::1] view = out
    spitzer_encode(d, o, &view[0])
    return out


def spidge_observation(state, hand):
    """The observation of *hand* (0 left, 1 dummy → seen by the dealer,
    2 right, 3 dealer) in a Spidge deal, a float32 array of SPIDGE_OBS_SIZE
    laid out as SPIDGE_OBS_LAYOUT."""
    if not isinstance(state, SpidgeState):
        raise ArgumentTypeError(f"expected a compiled SpidgeState, not {type(state).__name__}")
    cdef int o = check_range(hand, "hand", 0, 3, "hands are 0 (the dealer's left), 1 (the "
                             "dummy), 2 (his right) and 3 (the dealer)")
    if (<SpidgeState>state).s.slam_tricks == 0:  # the zeroed struct of an __init__ never run
        raise not_initialised(state)
    out = np.zeros(SPIDGE_OBS_FLOATS, dtype=np.float32)
    cdef float[::1] view = out
    spidge_encode(&(<SpidgeState>state).s, o, &view[0])
    return out
