# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""A flat Monte-Carlo Spitzer player written against trickcore's C-level API.

For each legal card it copies the deal (a struct copy), plays the card, and
finishes the deal with uniformly random legal cards many times, entirely in
C with the GIL released; it picks the card with the best average game-point
margin for the seat to move.  It is a consumer example, not a strong player:
it looks at every hand, so it is a "perfect information" Monte-Carlo player.
"""

from libc.stdint cimport uint32_t, uint64_t

# Everything comes from the package's public C API (trickcore/__init__.pxd).
from trickcore cimport (
    SP_PLAY,
    SpitzerDeal,
    SpitzerResult,
    SpitzerState,
    spitzer_card,
    spitzer_legal,
    spitzer_phase,
    spitzer_play,
    spitzer_result,
    spitzer_to_move,
    tc_rng,
    tc_rng_pick,
    tc_rng_seed,
    lowest_card,
)


cdef double playout_margin(SpitzerDeal deal, int seat, tc_rng* rng) noexcept nogil:
    """Finish *deal* (a copy) at random; the seat's game points minus the best other seat's."""
    cdef SpitzerResult result
    cdef int s
    cdef int best_other = 0
    while spitzer_phase(&deal) == SP_PLAY:
        spitzer_play(&deal, tc_rng_pick(rng, spitzer_legal(&deal)))
    spitzer_result(&deal, &result)
    for s in range(4):
        if s != seat and result.scores[s] > best_other:
            best_other = result.scores[s]
    return result.scores[seat] - best_other


def choose_card(SpitzerState state, int playouts=200, uint64_t seed=0):
    """The card number this player picks for the seat to move in the play phase."""
    cdef SpitzerDeal deal = state.deal
    cdef SpitzerDeal child
    cdef tc_rng rng
    cdef uint32_t legal, rest
    cdef int action, best_action = -1, seat, i
    cdef double total, best_total = -1e300
    if spitzer_phase(&deal) != SP_PLAY:
        raise ValueError("choose_card needs a deal in its play phase")
    tc_rng_seed(&rng, seed)
    seat = spitzer_to_move(&deal)
    legal = spitzer_legal(&deal)
    with nogil:
        rest = legal
        while rest:
            action = lowest_card(rest)
            rest &= rest - 1
            total = 0.0
            for i in range(playouts):
                child = deal
                spitzer_play(&child, action)
                total += playout_margin(child, seat, &rng)
            if total > best_total:
                best_total = total
                best_action = action
    return spitzer_card(best_action)
