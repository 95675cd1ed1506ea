# cython: language_level=3, binding=True, embedsignature=True
"""Vectorised single-agent lanes (compiled): one learning seat per deal, the
other seats played by the uniformly random policy in compiled code.

Each lane is a deal of :mod:`trickcore._batch`, dealt exactly as there: lane
*i* draws from the generator of deal *i* of a run seeded with *seed*
(``splitmix64(seed) + i``), its first Spitzer dealer is ``i % 4`` and the
deal passes left on each new deal.  The opponents' moves are drawn from the
same lane generator, a uniformly random legal option each (``tc_rng_pick``:
the ``below(count)``-th legal option in increasing order; a forced move
draws nothing).  :meth:`step` plays the agent's action, then the opponents
until the agent is to move again or the deal is over.  A lane whose deal
ended in the previous step deals its next deal instead and ignores its
action (Gymnasium's "next step" autoreset).  The pure-Python twin is
``trickcore._reference._vector``.
"""

import threading

import numpy as np

from libc.stdint cimport int8_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free

from trickcore._cards cimport mask_t
from trickcore._rng cimport tc_rng, tc_rng_pick
from trickcore._spitzer cimport (
    SpitzerDeal, SpitzerResult, SpitzerState, spitzer_phase, spitzer_to_move,
    spitzer_legal_announcements, spitzer_announce, spitzer_legal, spitzer_play, spitzer_result,
    SP_AUCTION, SP_OVER, SP_PASS, SP_N_ANNOUNCEMENTS,
)
from trickcore._spidge cimport spidge_state, SpidgeState, spidge_legal, spidge_play, spidge_to_move, spidge_points
from trickcore._batch cimport batch_seed, batch_spitzer_deal, batch_spidge_deal
from trickcore._observe cimport spitzer_encode, spidge_encode, SPITZER_OBS_FLOATS, SPIDGE_OBS_FLOATS
from trickcore._batch import (
    MAX_BATCH_SIZE, _actions, _game_options, _in_deal, _out_of_range, _refuse_second_set_up,
    _spidge_why, _spitzer_why,
)
from trickcore._arguments import (
    as_int, check_count, check_range, check_seat, check_seed, not_initialised,
)
from trickcore.errors import InvalidArgumentError, PytrickError

__all__ = ["AUCTION_MODES", "SpidgeLanes", "SpitzerLanes"]

#: How SpitzerLanes handles the announcements: 'play' (the agent announces,
#: the random opponents pass), 'random' (every seat, the agent too, makes a
#: uniformly random legal announcement) or 'pass' (everyone passes).
AUCTION_MODES = ("play", "random", "pass")

cdef enum:
    _Z_OFFSET = 32
    _Z_ACTIONS = 32 + SP_N_ANNOUNCEMENTS
    _G_ACTIONS = 54

def _check_auction(auction):
    if auction not in AUCTION_MODES:
        raise InvalidArgumentError(
            f"auction must be 'play', 'random' or 'pass', not {auction!r}")
    return auction


def _check_hand(hand):
    number = as_int(hand, "hand")
    if number not in (0, 2, 3):
        raise InvalidArgumentError(f"invalid hand {number}: the agent plays hand 0 (left), "
                                   "2 (right) or 3 (dealer); the dummy, 1, is the dealer's")
    return number


def _check_lane(i, int size):
    return check_range(i, "lane", 0, size - 1)


def _not_dealt(i):
    return PytrickError(f"lane {i} has not been dealt yet: call reset() first")


cdef class SpitzerLanes:
    """*k* Spitzer deals, the agent at *seat* in each, random opponents.

    Actions are those of ``SpitzerBatch`` (0..31 cards by dense action,
    32 + code announcements).  :meth:`reset` and :meth:`step` return the
    lanes' numpy buffers, refilled in place by the next call (copy what you
    keep): observations (k, 418) float32 seen by *seat*, action masks
    (k, 45) int8 (all zero once a deal is over), and from :meth:`step` the
    rewards (k,) float64, the agent's game points in a deal that just ended,
    and terminated (k,) bool.
    """

    cdef SpitzerDeal* deals
    cdef tc_rng* rngs
    cdef uint8_t* over
    cdef int8_t* dealers
    cdef readonly int size
    cdef readonly int seat
    #: The output buffers, refilled by every reset and step (copy to keep).
    cdef readonly object obs, masks, rewards, terminated
    cdef readonly int options
    cdef int mode
    cdef readonly object auction
    cdef object lock

    def __cinit__(self, *args, **kwargs):
        self.deals = NULL
        self.rngs = NULL
        self.over = NULL
        self.dealers = NULL
        self.size = 0
        self.lock = threading.Lock()

    def __init__(self, k, seed, seat=0, options=0, auction="play"):
        _refuse_second_set_up(self, self.size != 0)
        k = check_count(k, "k", 1, MAX_BATCH_SIZE)
        cdef uint64_t useed = <uint64_t>check_seed(seed)
        seat = check_seat(seat)
        auction = _check_auction(auction)
        options = _game_options("spitzer", options, 13, 10)[0]
        cdef int mode = AUCTION_MODES.index(auction)
        cdef int i
        with self.lock:
            # Again: checking the arguments may run Python code (__index__),
            # and another thread's __init__ may have set the lanes up meanwhile.
            _refuse_second_set_up(self, self.size != 0)
            self.auction = auction
            self.options = options
            self.seat = seat
            self.mode = mode
            self._allocate(k)
            try:
                self.obs = np.zeros((k, SPITZER_OBS_FLOATS), dtype=np.float32)
                self.masks = np.zeros((k, _Z_ACTIONS), dtype=np.int8)
                self.rewards = np.zeros(k, dtype=np.float64)
                self.terminated = np.zeros(k, dtype=np.bool_)
            except BaseException:
                self._release()
                raise
            for i in range(k):
                batch_seed(&self.rngs[i], useed, i)
                self.dealers[i] = -1
                self.over[i] = 2  # never dealt: the first reset or step deals
            self.size = k  # last: a lane set is set up once its size is

    cdef int _allocate(self, int k) except -1:
        """calloc every per-lane array, or raise MemoryError with none allocated."""
        self.deals = <SpitzerDeal*>calloc(k, sizeof(SpitzerDeal))
        self.rngs = <tc_rng*>calloc(k, sizeof(tc_rng))
        self.over = <uint8_t*>calloc(k, sizeof(uint8_t))
        self.dealers = <int8_t*>calloc(k, sizeof(int8_t))
        if self.deals == NULL or self.rngs == NULL or self.over == NULL or self.dealers == NULL:
            self._release()
            raise MemoryError(f"no memory for {k} lanes")
        return 0

    cdef void _release(self) noexcept:
        free(self.deals)
        free(self.rngs)
        free(self.over)
        free(self.dealers)
        self.deals = NULL
        self.rngs = NULL
        self.over = NULL
        self.dealers = NULL

    def __dealloc__(self):
        self._release()

    cdef void _advance(self, int i) noexcept nogil:
        cdef SpitzerDeal* d = &self.deals[i]
        cdef tc_rng* rng = &self.rngs[i]
        cdef int phase
        while True:
            phase = spitzer_phase(d)
            if phase == SP_OVER:
                return
            if phase == SP_AUCTION:
                if self.mode == 1:
                    spitzer_announce(d, tc_rng_pick(rng, spitzer_legal_announcements(d)))
                elif self.mode == 0 and spitzer_to_move(d) == self.seat:
                    return
                else:
                    spitzer_announce(d, SP_PASS)
            elif spitzer_to_move(d) == self.seat:
                return
            else:
                spitzer_play(d, tc_rng_pick(rng, spitzer_legal(d)))

    cdef void _deal(self, int i) noexcept nogil:
        cdef int dealer = (i & 3) if self.dealers[i] < 0 else ((self.dealers[i] + 1) & 3)
        self.dealers[i] = <int8_t>dealer
        self.over[i] = 0
        batch_spitzer_deal(&self.deals[i], &self.rngs[i], dealer, self.options)
        self._advance(i)

    cdef uint64_t _legal(self, int i) noexcept nogil:
        cdef SpitzerDeal* d = &self.deals[i]
        cdef int phase = spitzer_phase(d)
        if phase == SP_AUCTION:
            return (<uint64_t>spitzer_legal_announcements(d)) << _Z_OFFSET
        if phase == SP_OVER:
            return 0
        return spitzer_legal(d)

    cdef void _emit(self, int i, float* obs, int8_t* mask) noexcept nogil:
        cdef uint64_t m = self._legal(i)
        cdef int a
        spitzer_encode(&self.deals[i], self.seat, obs)
        for a in range(_Z_ACTIONS):
            mask[a] = (m >> a) & 1

    cdef int _ready(self) except -1:
        if self.size == 0:
            raise not_initialised(self)
        return 0

    def reset(self):
        """Deal the next deal in every lane; return (observations, masks)."""
        self._ready()
        with self.lock:
            return self._reset()

    cdef object _reset(self):
        cdef float[:, ::1] o = self.obs
        cdef int8_t[:, ::1] m = self.masks
        cdef int i
        with nogil:
            for i in range(self.size):
                self._deal(i)
                self._emit(i, &o[i, 0], &m[i, 0])
        return self.obs, self.masks

    def step(self, actions):
        """Play one action per lane (ignored where the deal ended last step, which
        deals anew); return (observations, masks, rewards, terminated).  An
        illegal action raises IllegalMoveError naming the lane, and then no
        lane has changed."""
        self._ready()
        with self.lock:
            return self._step(actions)

    cdef object _step(self, actions):
        given = _actions(actions, self.size, _Z_ACTIONS, "lane")
        # A uint64 action above 2**63 wraps here: it is out of range either
        # way, and the error reports it as given.
        cdef Py_ssize_t[::1] act = np.ascontiguousarray(given, dtype=np.intp)
        cdef int i
        cdef Py_ssize_t a
        for i in range(self.size):
            a = act[i]
            if self.over[i]:
                continue
            if not 0 <= a < _Z_ACTIONS:
                raise _out_of_range(i, int(given[i]), _Z_ACTIONS, "lane")
            if not (self._legal(i) >> a) & 1:
                raise _in_deal(i, a, _spitzer_why(self._copy(i), <int>a),
                               [b for b in range(_Z_ACTIONS) if (self._legal(i) >> b) & 1], "lane")
        cdef float[:, ::1] o = self.obs
        cdef int8_t[:, ::1] m = self.masks
        cdef double[::1] r = self.rewards
        cdef uint8_t[::1] t = self.terminated.view(np.uint8)
        cdef SpitzerResult result
        cdef SpitzerDeal* d
        with nogil:
            for i in range(self.size):
                d = &self.deals[i]
                r[i] = 0
                t[i] = 0
                if self.over[i]:
                    self._deal(i)
                else:
                    a = act[i]
                    if a >= _Z_OFFSET:
                        spitzer_announce(d, <int>(a - _Z_OFFSET))
                    else:
                        spitzer_play(d, <int>a)
                    self._advance(i)
                    if spitzer_result(d, &result):
                        r[i] = result.scores[self.seat]
                        t[i] = 1
                        self.over[i] = 1
                self._emit(i, &o[i, 0], &m[i, 0])
        return self.obs, self.masks, self.rewards, self.terminated

    def state(self, i):
        """A copy of lane *i*'s deal as a SpitzerState."""
        self._ready()
        i = _check_lane(i, self.size)
        with self.lock:  # step plays on the deals without the GIL: never copy one half played
            if self.over[i] == 2:
                raise _not_dealt(i)
            return self._copy(i)

    cdef SpitzerState _copy(self, int i):
        cdef SpitzerState st = SpitzerState.__new__(SpitzerState)
        st.deal = self.deals[i]
        return st


cdef class SpidgeLanes:
    """*k* Spidge deals, the agent playing *hand* in each (0 the dealer's left,
    2 his right, 3 the dealer, who also plays the dummy), random opponents.

    Actions are card numbers (0..53); observations (k, 682) float32 seen by
    *hand*; masks (k, 54) int8; rewards the hand's points in a deal that
    just ended (see :class:`SpitzerLanes` for the rest).
    """

    cdef spidge_state* deals
    cdef tc_rng* rngs
    cdef uint8_t* over
    cdef readonly int size
    cdef readonly int hand
    #: The output buffers, refilled by every reset and step (copy to keep).
    cdef readonly object obs, masks, rewards, terminated
    cdef readonly int options
    cdef readonly int slam_tricks
    cdef readonly int spidge_tricks
    cdef object lock

    def __cinit__(self, *args, **kwargs):
        self.deals = NULL
        self.rngs = NULL
        self.over = NULL
        self.size = 0
        self.lock = threading.Lock()

    def __init__(self, k, seed, hand=0, options=None, slam_tricks=13, spidge_tricks=10):
        _refuse_second_set_up(self, self.size != 0)
        k = check_count(k, "k", 1, MAX_BATCH_SIZE)
        cdef uint64_t useed = <uint64_t>check_seed(seed)
        hand = _check_hand(hand)
        options, slam_tricks, spidge_tricks = _game_options(
            "spidge", options, slam_tricks, spidge_tricks)
        cdef int i
        with self.lock:
            _refuse_second_set_up(self, self.size != 0)  # again: see SpitzerLanes
            self.options, self.slam_tricks, self.spidge_tricks = options, slam_tricks, spidge_tricks
            self.hand = hand
            self._allocate(k)
            try:
                self.obs = np.zeros((k, SPIDGE_OBS_FLOATS), dtype=np.float32)
                self.masks = np.zeros((k, _G_ACTIONS), dtype=np.int8)
                self.rewards = np.zeros(k, dtype=np.float64)
                self.terminated = np.zeros(k, dtype=np.bool_)
            except BaseException:
                self._release()
                raise
            for i in range(k):
                batch_seed(&self.rngs[i], useed, i)
                self.over[i] = 2  # never dealt: the first reset or step deals
            self.size = k  # last: a lane set is set up once its size is

    cdef int _allocate(self, int k) except -1:
        """calloc every per-lane array, or raise MemoryError with none allocated."""
        self.deals = <spidge_state*>calloc(k, sizeof(spidge_state))
        self.rngs = <tc_rng*>calloc(k, sizeof(tc_rng))
        self.over = <uint8_t*>calloc(k, sizeof(uint8_t))
        if self.deals == NULL or self.rngs == NULL or self.over == NULL:
            self._release()
            raise MemoryError(f"no memory for {k} lanes")
        return 0

    cdef void _release(self) noexcept:
        free(self.deals)
        free(self.rngs)
        free(self.over)
        self.deals = NULL
        self.rngs = NULL
        self.over = NULL

    def __dealloc__(self):
        self._release()

    cdef bint _agent_to_move(self, int i) noexcept nogil:
        cdef int h = spidge_to_move(&self.deals[i])
        return h == self.hand or (h == 1 and self.hand == 3)

    cdef void _advance(self, int i) noexcept nogil:
        cdef spidge_state* s = &self.deals[i]
        while s.n_played < 52 and not self._agent_to_move(i):
            spidge_play(s, tc_rng_pick(&self.rngs[i], spidge_legal(s)))

    cdef void _deal(self, int i) noexcept nogil:
        self.over[i] = 0
        batch_spidge_deal(&self.deals[i], &self.rngs[i], self.options, self.slam_tricks,
                          self.spidge_tricks)
        self._advance(i)

    cdef void _emit(self, int i, float* obs, int8_t* mask) noexcept nogil:
        cdef mask_t m = 0
        cdef int a
        if self.deals[i].n_played < 52:
            m = spidge_legal(&self.deals[i])
        spidge_encode(&self.deals[i], self.hand, obs)
        for a in range(_G_ACTIONS):
            mask[a] = (m >> a) & 1

    cdef int _ready(self) except -1:
        if self.size == 0:
            raise not_initialised(self)
        return 0

    def reset(self):
        """Deal the next deal in every lane; return (observations, masks)."""
        self._ready()
        with self.lock:
            return self._reset()

    cdef object _reset(self):
        cdef float[:, ::1] o = self.obs
        cdef int8_t[:, ::1] m = self.masks
        cdef int i
        with nogil:
            for i in range(self.size):
                self._deal(i)
                self._emit(i, &o[i, 0], &m[i, 0])
        return self.obs, self.masks

    def step(self, actions):
        """Play one card per lane; see :meth:`SpitzerLanes.step`."""
        self._ready()
        with self.lock:
            return self._step(actions)

    cdef object _step(self, actions):
        given = _actions(actions, self.size, _G_ACTIONS, "lane")
        # A uint64 action above 2**63 wraps here: it is out of range either
        # way, and the error reports it as given.
        cdef Py_ssize_t[::1] act = np.ascontiguousarray(given, dtype=np.intp)
        cdef int i
        cdef Py_ssize_t a
        cdef mask_t legal
        for i in range(self.size):
            if self.over[i]:
                continue
            a = act[i]
            legal = spidge_legal(&self.deals[i])
            if not 0 <= a < _G_ACTIONS:
                raise _out_of_range(i, int(given[i]), _G_ACTIONS, "lane")
            if not (legal >> a) & 1:
                raise _in_deal(i, a, _spidge_why(self._copy(i), <int>a),
                               [b for b in range(_G_ACTIONS) if (legal >> b) & 1], "lane")
        cdef float[:, ::1] o = self.obs
        cdef int8_t[:, ::1] m = self.masks
        cdef double[::1] r = self.rewards
        cdef uint8_t[::1] t = self.terminated.view(np.uint8)
        with nogil:
            for i in range(self.size):
                r[i] = 0
                t[i] = 0
                if self.over[i]:
                    self._deal(i)
                else:
                    spidge_play(&self.deals[i], <int>act[i])
                    self._advance(i)
                    if self.deals[i].n_played == 52:
                        r[i] = spidge_points(&self.deals[i], self.hand)
                        t[i] = 1
                        self.over[i] = 1
                self._emit(i, &o[i, 0], &m[i, 0])
        return self.obs, self.masks, self.rewards, self.terminated

    def state(self, i):
        """A copy of lane *i*'s deal as a SpidgeState."""
        self._ready()
        i = _check_lane(i, self.size)
        with self.lock:  # as SpitzerLanes.state
            if self.over[i] == 2:
                raise _not_dealt(i)
            return self._copy(i)

    cdef SpidgeState _copy(self, int i):
        cdef SpidgeState st = SpidgeState.__new__(SpidgeState)
        st.s = self.deals[i]
        st.context = None
        return st
