# cython: language_level=3, binding=True, embedsignature=True
"""Batched random playouts and vectorised environments (compiled).

Random deals are reproducible: deal *i* of a run seeded with *seed* draws
everything (the shuffle, the announcements, the cards) from its own
xoshiro256** generator seeded with ``splitmix64(seed) + i`` (see
``trickcore/_rng.h``), so results do not depend on the number of threads,
and the pure-Python twin ``trickcore._reference._batch`` gives the same
numbers.

Shuffle: Fisher-Yates over the pack in card order, ``j = below(i + 1)`` for
``i`` from the top index down to 1; card 0 of the result is the top card.
Spitzer deals 3-2-3 clockwise from the dealer's left (dealer = deal index
mod 4); Spidge deals one card at a time to hands 0, 1, 2, 3 (left, dummy,
right, dealer).  Every random choice picks the ``below(count)``-th of the legal
announcement codes / actions in increasing order, where ``below(b)`` is
Lemire's exactly uniform multiply-and-reject on the high 32 bits of the
generator's output: ``m = (next() >> 32) * b``; while ``m mod 2**32`` is
below ``(2**32 - b) mod b`` draw again; the result is ``m >> 32``.  A
forced choice (one legal option) draws nothing.
"""

import threading

import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from cpython.exc cimport PyErr_CheckSignals

from trickcore._cards cimport mask_t
from trickcore._rng cimport (
    tc_rng,
    tc_rng_below32,
    tc_rng_pick,
    tc_rng_seed,
    tc_splitmix64,
)
from trickcore._spitzer cimport (
    SpitzerDeal, SpitzerResult, SpitzerState, spitzer_init, spitzer_phase, spitzer_to_move,
    spitzer_legal_announcements, spitzer_announce, spitzer_legal, spitzer_play, spitzer_result,
    spitzer_random_auction, spitzer_random_playout,
    SP_AUCTION, SP_PLAY, SP_OVER, SP_PASS, SP_N_ANNOUNCEMENTS, SP_ALL_OPTIONS,
)
from trickcore._spidge cimport (
    spidge_state, SpidgeState, spidge_init, spidge_legal, spidge_play, spidge_to_move,
    spidge_points, spidge_category, spidge_pack_mask, SPIDGE_OPT_JOKERS,
)
from trickcore._observe cimport spitzer_encode, spidge_encode, SPITZER_OBS_FLOATS, SPIDGE_OBS_FLOATS
from trickcore._threads import run_chunks
from trickcore._arguments import (
    as_int, check_count, check_range, check_results, check_seed, check_threads, first_wide_int,
    not_initialised, SEED_LIMIT,
)
from trickcore._spitzer import card_of_action as spitzer_card_of_action
from trickcore.errors import (
    ArgumentTypeError, IllegalMoveError, InvalidArgumentError, PytrickError, RulesError,
)

__all__ = [
    "GAMES", "SPITZER_DEFAULT_OPTIONS", "SPIDGE_DEFAULT_OPTIONS",
    "SPITZER_BATCH_ACTIONS", "SPITZER_ANNOUNCE_OFFSET", "SPIDGE_BATCH_ACTIONS",
    "MAX_BATCH_SIZE", "deal_seed", "random_playouts", "SpitzerBatch", "SpidgeBatch",
]

#: The games random_playouts knows.
GAMES = ("spitzer", "spidge")
SPITZER_DEFAULT_OPTIONS = 0
SPIDGE_DEFAULT_OPTIONS = SPIDGE_OPT_JOKERS
cdef enum:
    _Z_OFFSET = 32
    _Z_ACTIONS = 32 + SP_N_ANNOUNCEMENTS
    _G_ACTIONS = 54

#: SpitzerBatch actions: 0..31 play a card (dense action), 32 + code announces.
SPITZER_ANNOUNCE_OFFSET = _Z_OFFSET
SPITZER_BATCH_ACTIONS = _Z_ACTIONS
#: SpidgeBatch actions: the card number 0..53.
SPIDGE_BATCH_ACTIONS = _G_ACTIONS

#: The most deals a SpitzerBatch or SpidgeBatch holds (2**24: about 1.5 GB
#: of Spitzer deals and 2.2 GB of Spidge deals); larger sizes are refused
#: before anything is allocated.
MAX_BATCH_SIZE = 1 << 24


# Long loops run in chunks of _CHUNK deals (trickcore._threads.run_chunks
# for random playouts; a PyErr_CheckSignals between chunks when a batch is
# dealt), so Ctrl-C raises KeyboardInterrupt within a few milliseconds.
cdef enum:
    _CHUNK = 1024


# -- kernels ---------------------------------------------------------------------

cdef void batch_seed(tc_rng* rng, uint64_t seed, uint64_t index) noexcept nogil:
    cdef uint64_t x = seed
    tc_rng_seed(rng, tc_splitmix64(&x) + index)


cdef inline void _shuffle(uint8_t* cards, int n, tc_rng* rng) noexcept nogil:
    cdef int i, j
    cdef uint8_t t
    for i in range(n - 1, 0, -1):
        j = <int>tc_rng_below32(rng, i + 1)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t


cdef void batch_spitzer_deal(SpitzerDeal* d, tc_rng* rng, int dealer, int options) noexcept nogil:
    cdef uint8_t pack[32]
    cdef uint32_t hands[4]
    cdef int i, top = 0, packet, offset, k, size
    for i in range(32):
        pack[i] = i
    _shuffle(pack, 32, rng)
    hands[0] = hands[1] = hands[2] = hands[3] = 0
    for packet in range(3):
        size = 2 if packet == 1 else 3
        for offset in range(1, 5):
            for k in range(size):
                hands[(dealer + offset) & 3] |= (<uint32_t>1) << pack[top]
                top += 1
    spitzer_init(d, hands, dealer, options)


cdef void batch_spidge_deal(spidge_state* s, tc_rng* rng, int flags,
                            int slam_tricks, int spidge_tricks) noexcept nogil:
    cdef uint8_t pack[52]
    cdef mask_t hands[4]
    cdef mask_t m = spidge_pack_mask(flags & SPIDGE_OPT_JOKERS)
    cdef int i, n = 0
    for i in range(54):
        if m >> i & 1:
            pack[n] = i
            n += 1
    _shuffle(pack, 52, rng)
    hands[0] = hands[1] = hands[2] = hands[3] = 0
    for i in range(52):
        hands[i & 3] |= (<mask_t>1) << pack[i]
    spidge_init(s, hands, flags, slam_tricks, spidge_tricks)


cdef void batch_spidge_playout(spidge_state* s, tc_rng* rng) noexcept nogil:
    cdef mask_t legal
    while s.n_played < 52:
        legal = spidge_legal(s)
        spidge_play(s, tc_rng_pick(rng, legal))


# -- random playouts ---------------------------------------------------------------

cdef int _spitzer_slice(uint64_t seed, uint64_t start, Py_ssize_t lo, Py_ssize_t hi,
                        int options,
                        int32_t[:, ::1] scores, int8_t[::1] game_type, uint8_t[::1] declarers,
                        int16_t[::1] points, int8_t[::1] tricks, int8_t[::1] announcement,
                        int8_t[::1] dealer) except -1:
    cdef SpitzerDeal d
    cdef SpitzerResult r
    cdef tc_rng rng
    cdef Py_ssize_t i
    cdef uint64_t index
    cdef int s, who
    with nogil:
        for i in range(lo, hi):
            # Below 2**64: random_playouts refuses a start + n past it.
            index = start + <uint64_t>i
            batch_seed(&rng, seed, index)
            who = <int>(index & 3)
            batch_spitzer_deal(&d, &rng, who, options)
            spitzer_random_auction(&d, &rng)
            spitzer_random_playout(&d, &rng)
            spitzer_result(&d, &r)
            for s in range(4):
                scores[i, s] = r.scores[s]
            game_type[i] = <int8_t>r.game_type
            declarers[i] = <uint8_t>r.declarers
            points[i] = <int16_t>r.points
            tricks[i] = <int8_t>r.tricks
            announcement[i] = <int8_t>d.announcement
            dealer[i] = <int8_t>who
    return 0


cdef int _spidge_slice(uint64_t seed, uint64_t start, Py_ssize_t lo, Py_ssize_t hi,
                       int flags, int slam, int spidge,
                       int32_t[:, ::1] scores, int8_t[:, ::1] categories,
                       int8_t[:, ::1] tricks) except -1:
    cdef spidge_state st
    cdef tc_rng rng
    cdef Py_ssize_t i
    cdef int h
    with nogil:
        for i in range(lo, hi):
            batch_seed(&rng, seed, start + <uint64_t>i)
            batch_spidge_deal(&st, &rng, flags, slam, spidge)
            batch_spidge_playout(&st, &rng)
            for h in range(4):
                scores[i, h] = spidge_points(&st, h)
                categories[i, h] = <int8_t>spidge_category(&st, h)
                tricks[i, h] = <int8_t>st.tricks[h]
    return 0


def deal_seed(seed, index):
    """The value the generator of deal *index* is seeded with: splitmix64(seed) + index
    (both 0 to 2**64 - 1; the sum wraps modulo 2**64)."""
    cdef uint64_t x = <uint64_t>check_seed(seed)
    cdef uint64_t i = <uint64_t>check_seed(index, "index")
    return tc_splitmix64(&x) + i


def _option_int(value, name):
    """An option as an int (numpy integers too); anything else is a RulesError."""
    try:
        return as_int(value, name)
    except ArgumentTypeError:
        raise RulesError(f"{name} must be an int, not {type(value).__name__}") from None


def _game_options(game, options, slam_tricks, spidge_tricks):
    """Validated (options, slam_tricks, spidge_tricks) for *game*."""
    if game not in GAMES:
        raise InvalidArgumentError(f"unknown game {game!r}: choose 'spitzer' or 'spidge'")
    if game == "spitzer":
        if options is None:
            options = SPITZER_DEFAULT_OPTIONS
        options = _option_int(options, "options")
        if not 0 <= options <= SP_ALL_OPTIONS:
            raise RulesError(
                f"invalid Spitzer option flags {options!r}: only bits 0 to 4 are options")
        return options, 0, 0
    if options is None:
        options = SPIDGE_DEFAULT_OPTIONS
    options = _option_int(options, "options")
    slam_tricks = _option_int(slam_tricks, "slam_tricks")
    spidge_tricks = _option_int(spidge_tricks, "spidge_tricks")
    if not 0 <= options <= 15:
        raise RulesError(f"invalid Spidge option flags {options}: only bits 0 to 3 are options")
    if not (1 <= spidge_tricks <= 13 and 1 <= slam_tricks <= 13):
        raise RulesError(
            f"invalid trick thresholds spidge_tricks={spidge_tricks}, slam_tricks={slam_tricks}: "
            "each must be 1 to 13 (in any order, as SpidgeRules allows)")
    return options, slam_tricks, spidge_tricks


def random_playouts(game, n, seed, options=None, threads=1, slam_tricks=13, spidge_tricks=10,
                    start=0):
    """Play *n* complete uniformly random deals; return a dict of numpy arrays.

    *game* is ``'spitzer'`` or ``'spidge'``; *options* the core's option flags
    (None: the game's default); Spidge also takes *slam_tricks* and
    *spidge_tricks*.  Deals are numbered ``start .. start + n - 1`` (deal *i*
    is seeded from ``(seed, i)``), so a run can be split into chunks.  The
    GIL is released throughout; *threads* workers each play a contiguous
    slice, and the result is the same for any number of threads.

    Spitzer keys: ``scores`` (n, 4) game points per seat, ``game_type``,
    ``declarers`` (mask of seats), ``points`` and ``tricks`` (the declaring
    side's), ``announcement``, ``dealer``.  Spidge keys: ``scores`` (n, 4)
    points per hand (left, dummy, right, dealer), ``categories`` (n, 4),
    ``tricks`` (n, 4).
    """
    options, slam_tricks, spidge_tricks = _game_options(game, options, slam_tricks, spidge_tricks)
    n = check_results(n)
    threads = check_threads(threads)
    start = check_count(start, "start")
    if start + n > SEED_LIMIT:
        raise InvalidArgumentError(
            f"invalid start {start}: deals start .. start + n - 1 are numbered below 2**64")
    cdef uint64_t useed = <uint64_t>check_seed(seed)
    cdef uint64_t ustart = <uint64_t>start
    if game == "spitzer":
        result = {
            "scores": np.zeros((n, 4), dtype=np.int32),
            "game_type": np.zeros(n, dtype=np.int8),
            "declarers": np.zeros(n, dtype=np.uint8),
            "points": np.zeros(n, dtype=np.int16),
            "tricks": np.zeros(n, dtype=np.int8),
            "announcement": np.zeros(n, dtype=np.int8),
            "dealer": np.zeros(n, dtype=np.int8),
        }

        def work(lo, hi):
            _spitzer_slice(useed, ustart, lo, hi, options, result["scores"], result["game_type"],
                           result["declarers"], result["points"], result["tricks"],
                           result["announcement"], result["dealer"])
    else:
        result = {
            "scores": np.zeros((n, 4), dtype=np.int32),
            "categories": np.zeros((n, 4), dtype=np.int8),
            "tricks": np.zeros((n, 4), dtype=np.int8),
        }

        def work(lo, hi):
            _spidge_slice(useed, ustart, lo, hi, options, slam_tricks, spidge_tricks,
                          result["scores"], result["categories"], result["tricks"])
    run_chunks(work, n, threads, _CHUNK)
    return result


# -- vectorised environments -----------------------------------------------------------

_NO_PICKLE = ("cannot pickle a {0}: it is a buffer of running deals; keep its seed and "
              "actions, or its deals as states (batch.state(i)), instead")


def _refuse_second_set_up(batch, set_up):
    """A batch (or lane set) is set up once: __init__ checks before its
    arguments and again under the lock, before it allocates."""
    if set_up:
        raise PytrickError(f"this {type(batch).__name__} is already set up: make a new one")


cdef int _allocate(void** deals, void** rngs, int k, size_t deal_size) except -1:
    """calloc k deals and k generators, or raise MemoryError with neither allocated."""
    deals[0] = calloc(k, deal_size)
    rngs[0] = calloc(k, sizeof(tc_rng))
    if deals[0] == NULL or rngs[0] == NULL:
        _release(deals, rngs)
        raise MemoryError(f"no memory for a batch of {k} deals")
    return 0


cdef void _release(void** deals, void** rngs) noexcept:
    free(deals[0])
    free(rngs[0])
    deals[0] = NULL
    rngs[0] = NULL

cdef object _lanes(object ids, int k):
    """Validated lane indices (all when None) as an int64 array."""
    if ids is None:
        return np.arange(k, dtype=np.int64)
    arr = np.asarray(ids)
    if arr.ndim == 0:
        arr = arr.reshape(1)
    if arr.ndim != 1:
        raise InvalidArgumentError(
            f"deal indices must be an int or a flat sequence of ints, not shape {arr.shape}")
    if arr.size and arr.dtype.kind not in "iu":
        if arr.dtype == object and first_wide_int(arr) is not None:  # [2**70]: ints, too large
            raise InvalidArgumentError(f"deal indices must be ints in 0..{k - 1}")
        raise ArgumentTypeError(f"deal indices must be integers, not {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() >= k):
        raise InvalidArgumentError(f"deal indices must be ints in 0..{k - 1}")
    return arr.astype(np.int64, copy=False)


def _deal_index(i, k):
    """One deal of a batch of *k*: a Python or numpy integer from 0 to k - 1."""
    return check_range(i, "deal", 0, k - 1, f"deals are 0 to {k - 1}")


cdef object _load_lanes(object ids, Py_ssize_t count, int k):
    """The lanes set_states loads *count* states into: 0, 1, … or *ids*, each once."""
    if ids is None:
        if count > k:
            raise InvalidArgumentError(f"{count} states for a batch of {k} deals")
        return np.arange(count, dtype=np.int64)
    lanes = _lanes(ids, k).reshape(-1)
    if lanes.shape[0] != count:
        raise InvalidArgumentError(f"{count} states for {lanes.shape[0]} lanes in ids")
    if np.unique(lanes).shape[0] != count:
        raise InvalidArgumentError("ids names a lane twice")
    return lanes


def _in_deal(i, a, error, legal, unit="deal"):
    """*error* (what one deal says of action *a*) said of deal *i* of a batch
    (*unit*: 'lane' for the lanes of trickcore._vector)."""
    if isinstance(error, IllegalMoveError):
        return IllegalMoveError(f"{unit} {i}: action {a}: {error.message} (legal actions: {legal})",
                                error.reason, error.rule)
    return type(error)(f"{unit} {i}: action {a}: {error}")


def _out_of_range(i, a, n, unit="deal"):
    """The error for action *a* of deal (or lane) *i*, outside 0 to n - 1."""
    return InvalidArgumentError(f"{unit} {i}: action {a} is out of range: actions are 0 to {n - 1}")


def _actions(actions, k, n, unit="deal"):
    """One integer action per deal (or lane): an integer array of shape (k,),
    of the dtype given.  The caller casts it to intp (a uint64 action above
    2**63 wraps negative, out of range as it should be) and reports an
    action out of range from this array, as given."""
    arr = np.asarray(actions)
    if arr.dtype.kind not in "iu":
        # numpy holds an int too large for 64 bits as an object: out of range
        # (of the n actions), not "not integers".
        wide = first_wide_int(arr) if arr.dtype == object and arr.shape == (k,) else None
        if wide is not None:
            raise _out_of_range(wide[0], wide[1], n, unit)
        raise ArgumentTypeError(f"actions must be integers, one per {unit}, not {arr.dtype}")
    if arr.shape != (k,):
        raise InvalidArgumentError(f"actions must be {k} ints, one per {unit}, not shape "
                                   f"{arr.shape}")
    return arr


def _spitzer_why(SpitzerState st, int a):
    """The error *st* (a copy) raises for batch action *a*."""
    try:
        if a >= _Z_OFFSET:
            st.announce(a - _Z_OFFSET)
        else:
            st.play(spitzer_card_of_action(a))
    except PytrickError as error:
        return error
    raise AssertionError(f"action {a} is legal")  # pragma: no cover


def _spidge_why(SpidgeState st, int a):
    """The error *st* (a copy) raises for card *a*."""
    try:
        st.play(a)
    except PytrickError as error:
        return error
    raise AssertionError(f"card {a} is legal")  # pragma: no cover


cdef class SpitzerBatch:
    """*k* Spitzer deals side by side for reinforcement learning.

    One action space of SPITZER_BATCH_ACTIONS (45) covers the whole deal:
    actions 0..31 play the card with that dense action number, and
    ``SPITZER_ANNOUNCE_OFFSET + code`` (32..44) makes announcement *code*
    (PASS is 32).  :meth:`legal_masks` shows the announcements during the
    announcements and the cards during play, so a policy with one masked
    softmax plays both phases.  With ``announcements='random'`` (uniformly
    random legal announcements) or ``'pass'`` (everyone passes: a normal game
    or a Sneaker) they are made automatically when a deal is dealt, and only
    cards are ever asked for.

    Lane *i* is first dealt from the generator of deal *i* of
    ``random_playouts(..., seed)`` with dealer ``i % 4``; each :meth:`reset`
    of a lane deals its next deal from the same generator, the deal passing
    to the left.  Finished deals ignore their action in :meth:`step`.
    """

    #: The class :meth:`state` returns (pytrick's batch: its deal class).
    state_type = SpitzerState

    cdef SpitzerDeal* deals
    cdef tc_rng* rngs
    cdef readonly int size
    cdef readonly int options
    cdef int auto
    cdef readonly object announcements
    # Held by every method: two threads using one batch take turns.
    cdef object lock

    def __cinit__(self, *args, **kwargs):
        self.deals = NULL
        self.rngs = NULL
        self.size = 0
        self.lock = threading.Lock()

    def __init__(self, k, seed, options=0, announcements="play"):
        _refuse_second_set_up(self, self.deals != NULL)
        k = check_count(k, "k", 1, MAX_BATCH_SIZE)
        options = _game_options("spitzer", options, 13, 10)[0]
        cdef uint64_t useed = <uint64_t>check_seed(seed)
        if announcements not in ("play", "random", "pass"):
            raise InvalidArgumentError(
                f"announcements must be 'play', 'random' or 'pass', not {announcements!r}")
        cdef int auto = ("play", "random", "pass").index(announcements)
        with self.lock:
            # Again: checking the arguments may run Python code (__index__),
            # and another thread's __init__ may have set the batch up meanwhile.
            _refuse_second_set_up(self, self.deals != NULL)
            self.options = options
            self.announcements = announcements
            self.auto = auto
            _allocate(<void**>&self.deals, <void**>&self.rngs, k, sizeof(SpitzerDeal))
            try:
                self._deal_all(k, useed)
            except BaseException:
                _release(<void**>&self.deals, <void**>&self.rngs)
                raise
            self.size = k

    cdef int _deal_all(self, int k, uint64_t seed) except -1:
        cdef int i
        with nogil:
            for i in range(k):
                if i % _CHUNK == 0:
                    with gil:
                        PyErr_CheckSignals()
                batch_seed(&self.rngs[i], seed, i)
                self._deal(i, i & 3)
        return 0

    def __dealloc__(self):
        _release(<void**>&self.deals, <void**>&self.rngs)

    cdef int _ready(self) except -1:
        if self.size == 0:
            raise not_initialised(self)
        return 0

    def __reduce__(self):
        raise TypeError(_NO_PICKLE.format(type(self).__name__))

    cdef void _deal(self, int i, int dealer) noexcept nogil:
        batch_spitzer_deal(&self.deals[i], &self.rngs[i], dealer, self.options)
        self._announce(i)

    cdef void _announce(self, int i) noexcept nogil:
        """The automatic announcements of the 'random' and 'pass' modes."""
        if self.auto == 1:
            spitzer_random_auction(&self.deals[i], &self.rngs[i])
        elif self.auto == 2:
            while spitzer_phase(&self.deals[i]) == SP_AUCTION:
                spitzer_announce(&self.deals[i], SP_PASS)

    cdef uint64_t _legal(self, int i) noexcept nogil:
        cdef SpitzerDeal* d = &self.deals[i]
        cdef int phase = spitzer_phase(d)
        if phase == SP_AUCTION:
            return (<uint64_t>spitzer_legal_announcements(d)) << 32
        if phase == SP_PLAY:
            return spitzer_legal(d)
        return 0

    def reset(self, ids=None):
        """Deal the next deal in the given lanes (all when None)."""
        with self.lock:
            self._ready()
            self._reset(ids)

    cdef object _reset(self, ids=None):
        lanes = _lanes(ids, self.size)
        cdef Py_ssize_t[::1] view = np.ascontiguousarray(lanes, dtype=np.intp)
        cdef Py_ssize_t j
        cdef int i
        with nogil:
            for j in range(view.shape[0]):
                i = <int>view[j]
                self._deal(i, (self.deals[i].dealer + 1) & 3)

    def legal_masks(self):
        """(k, 45) bool: the legal actions of the seat to move in each deal."""
        with self.lock:
            self._ready()
            return self._legal_masks()

    cdef object _legal_masks(self):
        out = np.zeros((self.size, SPITZER_BATCH_ACTIONS), dtype=np.bool_)
        cdef uint8_t[:, ::1] view = out.view(np.uint8)
        cdef int i, a
        cdef uint64_t m
        with nogil:
            for i in range(self.size):
                m = self._legal(i)
                for a in range(_Z_ACTIONS):
                    view[i, a] = (m >> a) & 1
        return out

    def step(self, actions):
        """Apply one action per deal; an illegal action raises IllegalMoveError
        naming the deal and the action, and then no deal has changed."""
        with self.lock:
            self._ready()
            self._step(actions)

    cdef object _step(self, actions):
        arr = _actions(actions, self.size, SPITZER_BATCH_ACTIONS)
        cdef Py_ssize_t[::1] view = np.ascontiguousarray(arr, dtype=np.intp)
        cdef int i
        cdef Py_ssize_t a
        for i in range(self.size):
            if self.deals[i].n_played == 32:
                continue
            a = view[i]
            if not 0 <= a < SPITZER_BATCH_ACTIONS:
                raise _out_of_range(i, int(arr[i]), SPITZER_BATCH_ACTIONS)
            if not (self._legal(i) >> a) & 1:
                raise _in_deal(i, a, self._why(i, <int>a),
                               [b for b in range(SPITZER_BATCH_ACTIONS) if (self._legal(i) >> b) & 1])
        with nogil:
            for i in range(self.size):
                if self.deals[i].n_played == 32:
                    continue
                a = view[i]
                if a >= _Z_OFFSET:
                    spitzer_announce(&self.deals[i], <int>(a - _Z_OFFSET))
                else:
                    spitzer_play(&self.deals[i], <int>a)

    cdef object _why(self, int i, int a):
        """The error one SpitzerState raises for action *a* in deal *i* (C
        level: it reads the lane unchecked, with step's lock held)."""
        cdef SpitzerState st = SpitzerState.__new__(SpitzerState)
        st.deal = self.deals[i]
        return _spitzer_why(st, a)

    def to_move(self):
        """(k,) int8: the seat to announce or play in each deal, -1 when over."""
        with self.lock:
            self._ready()
            return self._to_move()

    cdef object _to_move(self):
        out = np.empty(self.size, dtype=np.int8)
        cdef int8_t[::1] view = out
        cdef int i
        for i in range(self.size):
            view[i] = <int8_t>spitzer_to_move(&self.deals[i])
        return out

    def phase(self):
        """(k,) int8: AUCTION 0, PLAY 1, OVER 2."""
        with self.lock:
            self._ready()
            return self._phase()

    cdef object _phase(self):
        out = np.empty(self.size, dtype=np.int8)
        cdef int8_t[::1] view = out
        cdef int i
        for i in range(self.size):
            view[i] = <int8_t>spitzer_phase(&self.deals[i])
        return out

    def is_over(self):
        """(k,) bool: which deals are over."""
        with self.lock:
            self._ready()
            return self._is_over()

    cdef object _is_over(self):
        return self._phase() == SP_OVER

    def scores(self):
        """(k, 4) int32: game points per seat of finished deals (0 elsewhere)."""
        with self.lock:
            self._ready()
            return self._scores()

    cdef object _scores(self):
        out = np.zeros((self.size, 4), dtype=np.int32)
        cdef int32_t[:, ::1] view = out
        cdef SpitzerResult r
        cdef int i, s
        with nogil:
            for i in range(self.size):
                if spitzer_result(&self.deals[i], &r):
                    for s in range(4):
                        view[i, s] = r.scores[s]
        return out

    def observations(self):
        """(k, SPITZER_OBS_SIZE) float32: each deal seen by the seat to move
        (zeros for a finished deal); layout in trickcore._observe."""
        with self.lock:
            self._ready()
            return self._observations()

    cdef object _observations(self):
        out = np.zeros((self.size, SPITZER_OBS_FLOATS), dtype=np.float32)
        cdef float[:, ::1] view = out
        cdef int i, seat
        with nogil:
            for i in range(self.size):
                seat = spitzer_to_move(&self.deals[i])
                if seat >= 0:
                    spitzer_encode(&self.deals[i], seat, &view[i, 0])
        return out

    def state(self, i):
        """A copy of deal *i* as a SpitzerState."""
        with self.lock:
            self._ready()
            return self._state(i)

    cdef object _state(self, i):
        cdef int lane = _deal_index(i, self.size)
        cdef type cls = type(self).state_type
        cdef SpitzerState st = cls.__new__(cls)
        st.deal = self.deals[lane]
        return st

    def load(self, i, state):
        """Put a copy of *state* (a SpitzerState, at any point of the deal) in
        lane *i*; see :meth:`set_states`."""
        with self.lock:
            self._ready()
            self._load([state], np.array([_deal_index(i, self.size)], dtype=np.int64))

    def set_states(self, states, ids=None):
        """Put a copy of ``states[j]`` in lane ``ids[j]`` (lanes 0, 1, … when
        *ids* is None): the nodes of a search tree, sampled worlds.

        The states' rule options must be the batch's.  In the 'random' and
        'pass' modes the announcements a state still lacks are made as for a
        dealt deal.  Every state is checked before any lane changes; a lane's
        generator goes on, and :meth:`reset` deals its next deal with the
        dealer after the loaded deal's.
        """
        states = list(states)  # before the lock: a generator may read this batch
        with self.lock:
            self._ready()
            self._load(states, _load_lanes(ids, len(states), self.size))

    cdef object _load(self, list states, lanes):
        cdef Py_ssize_t j
        for j, state in enumerate(states):
            if not isinstance(state, SpitzerState):
                raise ArgumentTypeError(
                    f"state {j} is a {type(state).__name__}, not a SpitzerState")
            state.legal_moves   # refuses a state whose __init__ never ran (PytrickError)
            if (<SpitzerState>state).deal.options != self.options:
                raise RulesError(
                    f"state {j} is played under option flags {(<SpitzerState>state).deal.options}, "
                    f"the batch under {self.options}")
        for j, state in enumerate(states):
            lane = <int>lanes[j]
            self.deals[lane] = (<SpitzerState>state).deal
            self._announce(lane)


cdef class SpidgeBatch:
    """*k* Spidge deals side by side for reinforcement learning.

    Actions are card numbers (0..53, SPIDGE_BATCH_ACTIONS = 54).  The hand to
    move is 0 left, 1 dummy (played by the dealer), 2 right or 3 dealer;
    :meth:`observations` shows the dummy's turn from the dealer's seat.
    Lane *i* is first dealt from the generator of deal *i* of
    ``random_playouts('spidge', ..., seed)``; :meth:`reset` deals the lane's
    next deal from the same generator.  Finished deals ignore their action.
    """

    #: The class :meth:`state` returns (pytrick's batch: its deal class).
    state_type = SpidgeState

    cdef spidge_state* deals
    cdef tc_rng* rngs
    cdef readonly int size
    cdef readonly int options
    cdef readonly int slam_tricks
    cdef readonly int spidge_tricks
    # Held by every method: two threads using one batch take turns.
    cdef object lock

    def __cinit__(self, *args, **kwargs):
        self.deals = NULL
        self.rngs = NULL
        self.size = 0
        self.lock = threading.Lock()

    def __init__(self, k, seed, options=None, slam_tricks=13, spidge_tricks=10):
        _refuse_second_set_up(self, self.deals != NULL)
        k = check_count(k, "k", 1, MAX_BATCH_SIZE)
        options, slam_tricks, spidge_tricks = _game_options("spidge", options, slam_tricks,
                                                            spidge_tricks)
        cdef uint64_t useed = <uint64_t>check_seed(seed)
        with self.lock:
            _refuse_second_set_up(self, self.deals != NULL)  # again: see SpitzerBatch
            self.options = options
            self.slam_tricks = slam_tricks
            self.spidge_tricks = spidge_tricks
            _allocate(<void**>&self.deals, <void**>&self.rngs, k, sizeof(spidge_state))
            try:
                self._deal_all(k, useed)
            except BaseException:
                _release(<void**>&self.deals, <void**>&self.rngs)
                raise
            self.size = k

    cdef int _deal_all(self, int k, uint64_t seed) except -1:
        cdef int i
        with nogil:
            for i in range(k):
                if i % _CHUNK == 0:
                    with gil:
                        PyErr_CheckSignals()
                batch_seed(&self.rngs[i], seed, i)
                self._deal(i)
        return 0

    def __dealloc__(self):
        _release(<void**>&self.deals, <void**>&self.rngs)

    cdef int _ready(self) except -1:
        if self.size == 0:
            raise not_initialised(self)
        return 0

    def __reduce__(self):
        raise TypeError(_NO_PICKLE.format(type(self).__name__))

    cdef void _deal(self, int i) noexcept nogil:
        batch_spidge_deal(&self.deals[i], &self.rngs[i], self.options, self.slam_tricks,
                          self.spidge_tricks)

    def reset(self, ids=None):
        """Deal the next deal in the given lanes (all when None)."""
        with self.lock:
            self._ready()
            self._reset(ids)

    cdef object _reset(self, ids=None):
        lanes = _lanes(ids, self.size)
        cdef Py_ssize_t[::1] view = np.ascontiguousarray(lanes, dtype=np.intp)
        cdef Py_ssize_t j
        with nogil:
            for j in range(view.shape[0]):
                self._deal(<int>view[j])

    def legal_masks(self):
        """(k, 54) bool: the legal cards of the hand to move in each deal."""
        with self.lock:
            self._ready()
            return self._legal_masks()

    cdef object _legal_masks(self):
        out = np.zeros((self.size, SPIDGE_BATCH_ACTIONS), dtype=np.bool_)
        cdef uint8_t[:, ::1] view = out.view(np.uint8)
        cdef int i, a
        cdef mask_t m
        with nogil:
            for i in range(self.size):
                m = spidge_legal(&self.deals[i])
                for a in range(_G_ACTIONS):
                    view[i, a] = (m >> a) & 1
        return out

    def step(self, actions):
        """Play one card per deal; an illegal card raises IllegalMoveError
        naming the deal and the card, and then no deal has changed."""
        with self.lock:
            self._ready()
            self._step(actions)

    cdef object _step(self, actions):
        arr = _actions(actions, self.size, SPIDGE_BATCH_ACTIONS)
        cdef Py_ssize_t[::1] view = np.ascontiguousarray(arr, dtype=np.intp)
        cdef int i
        cdef Py_ssize_t a
        cdef mask_t legal
        for i in range(self.size):
            if self.deals[i].n_played == 52:
                continue
            a = view[i]
            legal = spidge_legal(&self.deals[i])
            if not 0 <= a < SPIDGE_BATCH_ACTIONS:
                raise _out_of_range(i, int(arr[i]), SPIDGE_BATCH_ACTIONS)
            if not (legal >> a) & 1:
                raise _in_deal(i, a, self._why(i, <int>a),
                               [b for b in range(SPIDGE_BATCH_ACTIONS) if (legal >> b) & 1])
        with nogil:
            for i in range(self.size):
                if self.deals[i].n_played != 52:
                    spidge_play(&self.deals[i], <int>view[i])

    cdef object _why(self, int i, int a):
        """The error one SpidgeState raises for card *a* in deal *i* (C level,
        as SpitzerBatch._why)."""
        cdef SpidgeState st = SpidgeState.__new__(SpidgeState)
        st.s = self.deals[i]
        st.context = None
        return _spidge_why(st, a)

    def to_move(self):
        """(k,) int8: the hand to move in each deal (1 = the dummy), -1 when over."""
        with self.lock:
            self._ready()
            return self._to_move()

    cdef object _to_move(self):
        out = np.empty(self.size, dtype=np.int8)
        cdef int8_t[::1] view = out
        cdef int i
        for i in range(self.size):
            view[i] = <int8_t>spidge_to_move(&self.deals[i])
        return out

    def is_over(self):
        """(k,) bool: which deals are over."""
        with self.lock:
            self._ready()
            return self._is_over()

    cdef object _is_over(self):
        out = np.empty(self.size, dtype=np.bool_)
        cdef uint8_t[::1] view = out.view(np.uint8)
        cdef int i
        for i in range(self.size):
            view[i] = self.deals[i].n_played == 52
        return out

    def scores(self):
        """(k, 4) int32: points per hand of finished deals (0 elsewhere)."""
        with self.lock:
            self._ready()
            return self._scores()

    cdef object _scores(self):
        out = np.zeros((self.size, 4), dtype=np.int32)
        cdef int32_t[:, ::1] view = out
        cdef int i, h
        with nogil:
            for i in range(self.size):
                if self.deals[i].n_played == 52:
                    for h in range(4):
                        view[i, h] = spidge_points(&self.deals[i], h)
        return out

    def observations(self):
        """(k, SPIDGE_OBS_SIZE) float32: each deal seen by the player to move
        (the dealer on the dummy's turn; zeros for a finished deal)."""
        with self.lock:
            self._ready()
            return self._observations()

    cdef object _observations(self):
        out = np.zeros((self.size, SPIDGE_OBS_FLOATS), dtype=np.float32)
        cdef float[:, ::1] view = out
        cdef int i, h
        with nogil:
            for i in range(self.size):
                h = spidge_to_move(&self.deals[i])
                if h >= 0:
                    spidge_encode(&self.deals[i], h, &view[i, 0])
        return out

    def state(self, i):
        """A copy of deal *i* as a SpidgeState."""
        with self.lock:
            self._ready()
            return self._state(i)

    cdef object _state(self, i):
        cdef int lane = _deal_index(i, self.size)
        cdef type cls = type(self).state_type
        cdef SpidgeState st = cls.__new__(cls)
        st.s = self.deals[lane]
        st.context = None
        return st

    def load(self, i, state):
        """Put a copy of *state* (a SpidgeState, at any point of the deal) in
        lane *i*; see :meth:`set_states`."""
        with self.lock:
            self._ready()
            self._load([state], np.array([_deal_index(i, self.size)], dtype=np.int64))

    def set_states(self, states, ids=None):
        """Put a copy of ``states[j]`` in lane ``ids[j]`` (lanes 0, 1, … when
        *ids* is None): the nodes of a search tree, sampled worlds.

        The states' rules (option flags and trick thresholds) must be the
        batch's.  Every state is checked before any lane changes; a lane's
        generator goes on for its next :meth:`reset`.
        """
        states = list(states)  # before the lock: a generator may read this batch
        with self.lock:
            self._ready()
            self._load(states, _load_lanes(ids, len(states), self.size))

    cdef object _load(self, list states, lanes):
        cdef Py_ssize_t j
        cdef SpidgeState st
        for j, state in enumerate(states):
            if not isinstance(state, SpidgeState):
                raise ArgumentTypeError(
                    f"state {j} is a {type(state).__name__}, not a SpidgeState")
            state.legal_moves   # refuses a state whose __init__ never ran (PytrickError)
            st = <SpidgeState>state
            if (st.s.flags, st.s.slam_tricks, st.s.spidge_tricks) != \
                    (self.options, self.slam_tricks, self.spidge_tricks):
                raise RulesError(
                    f"state {j} is played under options {st.s.flags}, slam_tricks="
                    f"{st.s.slam_tricks}, spidge_tricks={st.s.spidge_tricks}; the batch under "
                    f"{self.options}, {self.slam_tricks}, {self.spidge_tricks}")
        for j, state in enumerate(states):
            self.deals[<int>lanes[j]] = (<SpidgeState>state).s
