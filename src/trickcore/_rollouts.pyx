# cython: language_level=3, binding=True, embedsignature=True
"""Random rollouts from given positions (compiled).

A rollout finishes a copy of a position with uniformly random legal moves
(in Spitzer the announcements still to be made first, as
``random_playouts`` makes them) and scores it.  Rollout *j* of position *i*
draws from its own xoshiro256** generator, seeded as deal ``i * n + j`` of a
``random_playouts`` run (``deal_seed(seed, i * n + j)``), or as deal *j*
with ``same_streams=True`` (every position then sees the same random
numbers: common random numbers, which make the comparison of moves less
noisy).  Results do not depend on the number of threads, and the pure-Python
twin ``trickcore._reference._rollouts`` gives the same numbers.
"""

import numpy as np

from libc.stdint cimport int32_t, uint64_t
from libc.stdlib cimport free, malloc

from trickcore._batch cimport batch_seed, batch_spidge_playout
from trickcore._rng cimport tc_rng
from trickcore._spitzer cimport (
    SpitzerDeal, SpitzerResult, SpitzerState, spitzer_random_auction, spitzer_random_playout,
    spitzer_result,
)
from trickcore._spidge cimport (
    spidge_state, SpidgeState, spidge_points,
)
from trickcore._arguments import check_results, check_seed, check_threads
from trickcore._threads import run_chunks
from trickcore.errors import ArgumentTypeError

__all__ = ["spidge_rollouts", "spitzer_rollouts"]

# Rollouts per chunk between two returns to Python (a few milliseconds).
cdef Py_ssize_t _CHUNK = 4096


# -- kernels ---------------------------------------------------------------------

cdef void spitzer_rollout(const SpitzerDeal* start, tc_rng* rng, int32_t* scores) noexcept nogil:
    cdef SpitzerDeal d = start[0]
    cdef SpitzerResult r
    cdef int s
    spitzer_random_auction(&d, rng)
    spitzer_random_playout(&d, rng)
    spitzer_result(&d, &r)
    for s in range(4):
        scores[s] = r.scores[s]


cdef void spidge_rollout(const spidge_state* start, tc_rng* rng, int32_t* points) noexcept nogil:
    cdef spidge_state s = start[0]
    cdef int h
    batch_spidge_playout(&s, rng)
    for h in range(4):
        points[h] = spidge_points(&s, h)


# -- the Python boundary -----------------------------------------------------------

cdef object _arguments(object states, object n, object seed, object threads, type kind):
    if isinstance(states, kind):
        raise ArgumentTypeError(f"give a sequence of {kind.__name__} positions, not one position "
                        f"(wrap it in a list)")
    positions = list(states)
    for k, state in enumerate(positions):
        if not isinstance(state, kind):
            raise ArgumentTypeError(f"position {k} is a {type(state).__name__}, not a {kind.__name__}")
        state.legal_moves   # refuses a state whose __init__ never ran (PytrickError)
    return (positions, check_results(n, len(positions)), check_seed(seed),
            check_threads(threads))


def spitzer_rollouts(states, n, seed, threads=1, same_streams=False):
    """(len(states), n, 4) int32: the game points per seat of *n* random
    rollouts from each Spitzer position in *states*."""
    positions, count, useed, workers = _arguments(states, n, seed, threads, SpitzerState)
    cdef Py_ssize_t p = len(positions), per = count, i
    out = np.zeros((p, count, 4), dtype=np.int32)
    if p == 0 or count == 0:
        return out
    cdef SpitzerDeal* deals = <SpitzerDeal*>malloc(p * sizeof(SpitzerDeal))
    if deals == NULL:
        raise MemoryError()
    for i in range(p):
        deals[i] = (<SpitzerState>positions[i]).deal
    cdef int32_t[:, :, ::1] view = out
    cdef int32_t* base = &view[0, 0, 0]
    cdef uint64_t s64 = useed
    cdef bint same = bool(same_streams)

    def work(Py_ssize_t lo, Py_ssize_t hi):
        cdef Py_ssize_t k
        cdef tc_rng rng
        with nogil:
            for k in range(lo, hi):
                batch_seed(&rng, s64, <uint64_t>(k % per if same else k))
                spitzer_rollout(&deals[k // per], &rng, base + 4 * k)

    try:
        run_chunks(work, p * per, workers, _CHUNK)
    finally:
        free(deals)
    return out


def spidge_rollouts(states, n, seed, threads=1, same_streams=False):
    """(len(states), n, 4) int32: the points per hand (left, dummy, right,
    dealer) of *n* random rollouts from each Spidge position in *states*."""
    positions, count, useed, workers = _arguments(states, n, seed, threads, SpidgeState)
    cdef Py_ssize_t p = len(positions), per = count, i
    out = np.zeros((p, count, 4), dtype=np.int32)
    if p == 0 or count == 0:
        return out
    cdef spidge_state* deals = <spidge_state*>malloc(p * sizeof(spidge_state))
    if deals == NULL:
        raise MemoryError()
    for i in range(p):
        deals[i] = (<SpidgeState>positions[i]).s
    cdef int32_t[:, :, ::1] view = out
    cdef int32_t* base = &view[0, 0, 0]
    cdef uint64_t s64 = useed
    cdef bint same = bool(same_streams)

    def work(Py_ssize_t lo, Py_ssize_t hi):
        cdef Py_ssize_t k
        cdef tc_rng rng
        with nogil:
            for k in range(lo, hi):
                batch_seed(&rng, s64, <uint64_t>(k % per if same else k))
                spidge_rollout(&deals[k // per], &rng, base + 4 * k)

    try:
        run_chunks(work, p * per, workers, _CHUNK)
    finally:
        free(deals)
    return out
