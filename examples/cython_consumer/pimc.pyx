# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""A determinized (PIMC) Spitzer player written against trickcore's C-level API.

The seat to move sees its own hand and the cards played.  For each of
*worlds* worlds it draws the other three hands exactly uniformly among those
consistent with the voids shown by play (trickcore's hand sampler), solves
the world double-dummy (trickcore's solver) for the value of each legal
card, and plays the card with the best total for its own side.  Sampling and
solving run with the GIL released.

It is a consumer example: it uses the voids, not every duty of the called
ace (``pytrick.sample_deals`` does), and card points as its measure.
"""

from libc.stdint cimport uint32_t, uint64_t

from trickcore cimport (
    SOLVE_DEFAULT_TT_BITS,
    SOLVE_NOT_LEGAL,
    SOLVE_POINTS,
    SP_PLAY,
    HandSampler,
    SpitzerDeal,
    SpitzerState,
    SPITZER_DENSE_SUIT_MASK,
    SPITZER_SUIT,
    mask_t,
    hand_sampler_draw,
    hand_sampler_free,
    hand_sampler_init,
    spitzer_card,
    spitzer_declarers,
    spitzer_dense,
    spitzer_leader,
    spitzer_legal,
    spitzer_phase,
    spitzer_seat_of_play,
    spitzer_solve_moves,
    spitzer_sparse,
    spitzer_to_move,
    tc_rng,
    tc_rng_seed,
    tc_solver,
    tc_solver_free,
    tc_solver_new,
)

cdef enum:
    TRUMPS = 4


cdef uint32_t shown_out(const SpitzerDeal* d, int seat) noexcept nogil:
    """The dense cards *seat* cannot hold: the effective suits it failed to follow,
    and the trumps when it also failed to trump."""
    cdef uint32_t banned = 0
    cdef int i, led, suit
    for i in range(d.n_played):
        if (i & 3) == 0 or spitzer_seat_of_play(d, i) != seat:
            continue
        led = SPITZER_SUIT[spitzer_card(d.plays[i & ~3])]
        suit = SPITZER_SUIT[spitzer_card(d.plays[i])]
        if suit != led:
            banned |= SPITZER_DENSE_SUIT_MASK[led]
            if suit != TRUMPS:
                banned |= SPITZER_DENSE_SUIT_MASK[TRUMPS]
    return banned


def choose_card(SpitzerState state, int worlds=20, uint64_t seed=0):
    """The card number this player picks for the seat to move in the play phase."""
    cdef SpitzerDeal deal = state.deal
    cdef SpitzerDeal world
    cdef HandSampler sampler
    cdef tc_rng rng
    cdef tc_solver* solver
    cdef mask_t hidden = 0
    cdef mask_t allowed[3]
    cdef mask_t drawn[3]
    cdef int sizes[3]
    cdef int others[3]
    cdef int values[32]
    cdef double totals[32]
    cdef uint32_t legal
    cdef int seat, k = 0, s, w, a, best = -1
    if spitzer_phase(&deal) != SP_PLAY:
        raise ValueError("choose_card needs a deal in its play phase")
    if worlds < 1:
        raise ValueError("worlds must be >= 1")
    seat = spitzer_to_move(&deal)
    legal = spitzer_legal(&deal)
    for s in range(4):
        if s != seat:
            others[k] = s
            sizes[k] = bin(deal.hands[s]).count("1")
            hidden |= spitzer_sparse(deal.hands[s])
            k += 1
    for k in range(3):
        allowed[k] = hidden & ~spitzer_sparse(shown_out(&deal, others[k]))
    if hand_sampler_init(&sampler, hidden, sizes, allowed, 3) != 0:
        raise MemoryError("no memory for the hand sampler")
    solver = tc_solver_new(SOLVE_DEFAULT_TT_BITS - 2)
    if solver == NULL:
        hand_sampler_free(&sampler)
        raise MemoryError("no memory for the solver")
    tc_rng_seed(&rng, seed)
    for a in range(32):
        totals[a] = 0.0
    with nogil:
        for w in range(worlds):
            hand_sampler_draw(&sampler, &rng, drawn)
            world = deal
            for k in range(3):
                world.hands[others[k]] = spitzer_dense(drawn[k])
            spitzer_solve_moves(solver, &world, SOLVE_POINTS, values)
            for a in range(32):
                if values[a] != SOLVE_NOT_LEGAL:
                    # The value is the declaring side's points: turn it into ours.
                    if (spitzer_declarers(&world) >> seat) & 1:
                        totals[a] += values[a]
                    else:
                        totals[a] += 120 - values[a]
        for a in range(32):
            if (legal >> a) & 1 and (best < 0 or totals[a] > totals[best]):
                best = a
    tc_solver_free(solver)
    hand_sampler_free(&sampler)
    return spitzer_card(best)
