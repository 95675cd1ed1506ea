# cython: language_level=3, binding=True, embedsignature=True
"""Single-observer information-set MCTS (compiled): the search behind ISMCTSBot.

Cowling, Powley and Whitehouse (2012), SO-ISMCTS: one tree over the
observer's information sets, whose nodes are the moves played since the
observed position.  Each iteration

1. *determinizes*: draws one complete deal exactly and uniformly from those
   consistent with the observation (the cases of
   :class:`pytrick.inference.HiddenConstraints`, one count table each);
2. *selects* down the tree among the children legal in that deal, by UCB1
   with availability counts: ``mean + c * sqrt(log(available) / visits)``
   (ties: the child created first);
3. *expands* one untried legal move (``pick`` among them);
4. *rolls out* to the end of the deal: uniformly random cards, or the
   heuristic policy below; in the Spitzer auction every rollout passes;
5. *backs up* each node's reward for the seat that chose its move: that
   seat's game points minus the mean of the others' (Spitzer / 10,
   Spidge / 2; the dummy's moves are the dealer's).

The move played is the root child visited most (ties: created first).  The
whole loop runs without the GIL, and with a seed and no time limit it is a
pure function of its inputs: the reference twin
``trickcore._reference._ismcts`` makes the same draws and the same choices.

Random numbers: xoshiro256** (``_rng.h``) seeded with *seed*.  A deal is
drawn as one rank below the total count of all cases (``u128_below``: ``tc_rng_below`` when
the total is below 2**64, else two words masked to the total's bit length,
rejected until below it), the case found by subtracting case totals in
order, and the rank decoded by ``hand_sampler_unrank``.  ``pick`` draws the
``below32(count)``-th lowest move of a mask (``tc_rng_pick``).

Heuristic rollouts: in Spitzer, a leader leads his lowest fail ace, else his
card of fewest points (then lowest strength, then lowest card); a follower
in third or fourth place wins the trick with his cheapest winning card
(non-trumps first, then lowest strength) if he can, and otherwise throws his
card of fewest points.  In Spidge, whose scores reward taking no trick, the
last player to a trick plays his highest card that loses it (by strength,
then card number), or else his lowest winning card; everyone else plays his
lowest card.
"""

from libc.math cimport log, sqrt
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

cdef extern from "Python.h":
    # Declared without an exception value: the error it sets is re-raised by
    # _reraise once the search has returned with the GIL.
    int PyErr_CheckSignals()

from trickcore._cards cimport lowest_card, mask_t
from trickcore._rng cimport tc_rng, tc_rng_pick, tc_rng_seed
from trickcore._sampling cimport (
    SAMPLER_MAX_SEATS,
    hand_sampler_free,
    hand_sampler_init,
    hand_sampler_unrank,
    u128_add,
    u128_below,
    u128_less,
    u128_sub,
)
from trickcore._spidge cimport (
    SpidgeState,
    spidge_legal,
    spidge_play,
    spidge_points,
    spidge_state,
    spidge_strength,
    spidge_to_move,
    spidge_trick_winner,
)
from trickcore._spitzer cimport (
    SP_AUCTION,
    SP_OVER,
    SP_PASS,
    SPITZER_D_FAIL_ACES,
    SPITZER_POINTS,
    SPITZER_STRENGTH,
    SPITZER_SUIT,
    SPITZER_TRUMPS,
    SpitzerDeal,
    SpitzerResult,
    SpitzerState,
    spitzer_announce,
    spitzer_card,
    spitzer_dense,
    spitzer_legal,
    spitzer_legal_announcements,
    spitzer_phase,
    spitzer_play,
    spitzer_result,
    spitzer_sparse,
    spitzer_to_move,
)

from trickcore._ismcts_arguments import ROLLOUTS, not_to_move, search_arguments
from trickcore.errors import PytrickError

__all__ = ["ROLLOUTS", "spidge_ismcts", "spitzer_ismcts"]

cdef enum:
    ANNOUNCE_OFFSET = 32        # Spitzer tree moves: dense cards 0..31, then 32 + code
    SIGNAL_EVERY = 1024         # iterations between checks for Ctrl-C


# ---------------------------------------------------------------- world drawer

cdef int world_drawer_init(WorldDrawer* w, mask_t hidden, const int* sizes,
                           const mask_t* allowed, int n_cases, int k,
                           const int* seats) noexcept nogil:
    cdef int c, i
    w.n_cases = 0
    w.k = k
    w.total.lo = 0
    w.total.hi = 0
    for i in range(k):
        w.seats[i] = seats[i]
    w.cases = <HandSampler*>calloc(n_cases if n_cases > 0 else 1, sizeof(HandSampler))
    if w.cases == NULL:
        return -1
    for c in range(n_cases):
        if hand_sampler_init(&w.cases[c], hidden, sizes, allowed + c * k, k) != 0:
            world_drawer_free(w)
            return -1
        w.n_cases = c + 1
        w.total = u128_add(w.total, w.cases[c].total)
    return 0


cdef void world_drawer_free(WorldDrawer* w) noexcept nogil:
    cdef int c
    if w.cases != NULL:
        for c in range(w.n_cases):
            hand_sampler_free(&w.cases[c])
        free(w.cases)
    w.cases = NULL
    w.n_cases = 0


cdef void world_drawer_draw(const WorldDrawer* w, tc_rng* rng, mask_t* hands) noexcept nogil:
    cdef tc_u128 rank = u128_below(rng, w.total)
    cdef int c
    for c in range(w.n_cases):
        if u128_less(rank, w.cases[c].total):
            hand_sampler_unrank(&w.cases[c], rank, hands)
            return
        rank = u128_sub(rank, w.cases[c].total)


# ---------------------------------------------------------------- the games

ctypedef fused State:
    SpitzerDeal
    spidge_state


cdef inline uint64_t _legal(const State* s) noexcept nogil:
    if State is SpitzerDeal:
        if spitzer_phase(s) == SP_AUCTION:
            return (<uint64_t>spitzer_legal_announcements(s)) << ANNOUNCE_OFFSET
        return spitzer_legal(s)
    else:
        return spidge_legal(s)


cdef inline bint _over(const State* s) noexcept nogil:
    if State is SpitzerDeal:
        return spitzer_phase(s) == SP_OVER
    else:
        return s.n_played == 52


cdef inline int _owner(const State* s) noexcept nogil:
    """The seat that chooses the next move (the dealer for the dummy)."""
    cdef int h
    if State is SpitzerDeal:
        return spitzer_to_move(s)
    else:
        h = spidge_to_move(s)
        return 3 if h == 1 else h


cdef inline void _apply(State* s, int move) noexcept nogil:
    if State is SpitzerDeal:
        if move >= ANNOUNCE_OFFSET:
            spitzer_announce(s, move - ANNOUNCE_OFFSET)
        else:
            spitzer_play(s, move)
    else:
        spidge_play(s, move)


cdef void _rewards(const State* s, double* out) noexcept nogil:
    cdef SpitzerResult r
    cdef int i, total = 0
    cdef int p[4]
    if State is SpitzerDeal:
        spitzer_result(s, &r)
        for i in range(4):
            total += r.scores[i]
        for i in range(4):
            out[i] = (r.scores[i] - (total - r.scores[i]) / 3.0) / 10.0
    else:
        p[0] = spidge_points(s, 0)
        p[2] = spidge_points(s, 2)
        p[3] = spidge_points(s, 3)
        total = p[0] + p[2] + p[3]
        out[0] = (p[0] - (total - p[0]) / 2.0) / 2.0
        out[2] = (p[2] - (total - p[2]) / 2.0) / 2.0
        out[3] = (p[3] - (total - p[3]) / 2.0) / 2.0
        out[1] = out[3]


cdef inline bint _z_beats(int card, int best) noexcept nogil:
    if SPITZER_SUIT[card] == SPITZER_TRUMPS:
        return SPITZER_SUIT[best] != SPITZER_TRUMPS or SPITZER_STRENGTH[card] > SPITZER_STRENGTH[best]
    return (SPITZER_SUIT[best] != SPITZER_TRUMPS and SPITZER_SUIT[card] == SPITZER_SUIT[best]
            and SPITZER_STRENGTH[card] > SPITZER_STRENGTH[best])


cdef int _z_cheapest(uint32_t legal) noexcept nogil:
    """The dense card of fewest points, then lowest strength, then lowest."""
    cdef int best = -1, a, card, key, best_key = 0
    while legal:
        a = lowest_card(legal)
        legal &= legal - 1
        card = spitzer_card(a)
        key = SPITZER_POINTS[card] * 64 + SPITZER_STRENGTH[card]
        if best < 0 or key < best_key:
            best, best_key = a, key
    return best


cdef int _z_heuristic(const SpitzerDeal* d) noexcept nogil:
    cdef uint32_t legal = spitzer_legal(d), m
    cdef int pos = d.n_played & 3, start = d.n_played - (d.n_played & 3), i
    cdef int best, card, a, key, pick = -1, pick_key = 0
    if pos == 0:
        if legal & SPITZER_D_FAIL_ACES:
            return lowest_card(legal & SPITZER_D_FAIL_ACES)
        return _z_cheapest(legal)
    best = spitzer_card(d.plays[start])
    for i in range(1, pos):
        card = spitzer_card(d.plays[start + i])
        if _z_beats(card, best):
            best = card
    if pos >= 2:
        m = legal
        while m:
            a = lowest_card(m)
            m &= m - 1
            card = spitzer_card(a)
            if _z_beats(card, best):
                key = (SPITZER_SUIT[card] == SPITZER_TRUMPS) * 64 + SPITZER_STRENGTH[card]
                if pick < 0 or key < pick_key:
                    pick, pick_key = a, key
        if pick >= 0:
            return pick
    return _z_cheapest(legal)


cdef int _g_heuristic(const spidge_state* s) noexcept nogil:
    cdef mask_t legal = spidge_legal(s)
    cdef int pos = s.n_played & 3, c, key, lose = -1, lose_key = 0, win = -1, win_key = 0
    cdef uint8_t cards[4]
    if pos == 3:
        cards[0] = s.history[s.n_played - 3]
        cards[1] = s.history[s.n_played - 2]
        cards[2] = s.history[s.n_played - 1]
    while legal:
        c = lowest_card(legal)
        legal &= legal - 1
        key = spidge_strength(c) * 64 + c
        if pos == 3:
            cards[3] = <uint8_t>c
            if spidge_trick_winner(cards) != 3:
                if lose < 0 or key > lose_key:
                    lose, lose_key = c, key
                continue
        if win < 0 or key < win_key:
            win, win_key = c, key
    return lose if lose >= 0 else win


cdef void _rollout(State* s, tc_rng* rng, int policy) noexcept nogil:
    if State is SpitzerDeal:
        while spitzer_phase(s) == SP_AUCTION:
            spitzer_announce(s, SP_PASS)
        while s.n_played < 32:
            if policy == ROLLOUT_HEURISTIC:
                spitzer_play(s, _z_heuristic(s))
            else:
                spitzer_play(s, tc_rng_pick(rng, spitzer_legal(s)))
    else:
        while s.n_played < 52:
            if policy == ROLLOUT_HEURISTIC:
                spidge_play(s, _g_heuristic(s))
            else:
                spidge_play(s, tc_rng_pick(rng, spidge_legal(s)))


cdef void _determinize(State* s, const WorldDrawer* w, tc_rng* rng) noexcept nogil:
    cdef mask_t hands[SAMPLER_MAX_SEATS]
    cdef int i
    world_drawer_draw(w, rng, hands)
    for i in range(w.k):
        if State is SpitzerDeal:
            s.hands[w.seats[i]] = spitzer_dense(hands[i])
        else:
            s.hands[w.seats[i]] = hands[i]


# ---------------------------------------------------------------- the tree

ctypedef struct Node:
    int first_child
    int next_sibling
    int move
    int owner
    int visits
    int available
    uint64_t children       # moves of the children, as a mask
    double total            # rewards backed up, for the owner


ctypedef struct Tree:
    Node* nodes
    int n
    int capacity


cdef int _new_node(Tree* t, int parent, int move, int owner) noexcept nogil:
    """Append a child to *parent* (-1: the root); its index, or -1 out of memory."""
    cdef Node* grown
    cdef int i, last
    if t.n == t.capacity:
        grown = <Node*>realloc(t.nodes, 2 * t.capacity * sizeof(Node))
        if grown == NULL:
            return -1
        t.nodes = grown
        t.capacity *= 2
    i = t.n
    t.n += 1
    t.nodes[i].first_child = -1
    t.nodes[i].next_sibling = -1
    t.nodes[i].move = move
    t.nodes[i].owner = owner
    t.nodes[i].visits = 0
    t.nodes[i].available = 1
    t.nodes[i].children = 0
    t.nodes[i].total = 0.0
    if parent >= 0:
        t.nodes[parent].children |= (<uint64_t>1) << move
        last = t.nodes[parent].first_child
        if last < 0:
            t.nodes[parent].first_child = i
        else:
            while t.nodes[last].next_sibling >= 0:
                last = t.nodes[last].next_sibling
            t.nodes[last].next_sibling = i
    return i


cdef inline double _now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef int _search(const State* root_state, const WorldDrawer* w, Tree* t, long iterations,
                 double seconds, uint64_t seed, double exploration, int policy) noexcept nogil:
    """Run the iterations; 0 done, -1 out of memory, -2 interrupted (Python error set)."""
    cdef State s
    cdef tc_rng rng
    cdef double rewards[4]
    cdef double deadline = _now() + seconds if seconds > 0 else 0.0
    cdef double score, best_score
    cdef int path[64]
    cdef int depth, node, child, best, i, owner, signal
    cdef long it = 0
    cdef uint64_t legal, untried
    tc_rng_seed(&rng, seed)
    while (iterations <= 0 or it < iterations) and (deadline == 0.0 or it == 0 or _now() < deadline):
        it += 1
        if it % SIGNAL_EVERY == 0:
            with gil:
                signal = PyErr_CheckSignals()
            if signal != 0:
                return -2
        s = root_state[0]
        _determinize(&s, w, &rng)
        node = 0
        depth = 0
        while not _over(&s):
            legal = _legal(&s)
            owner = _owner(&s)
            # Availability: every child legal in this deal was available.
            child = t.nodes[node].first_child
            while child >= 0:
                if (legal >> t.nodes[child].move) & 1:
                    t.nodes[child].available += 1
                child = t.nodes[child].next_sibling
            untried = legal & ~t.nodes[node].children
            if untried:
                child = _new_node(t, node, tc_rng_pick(&rng, untried), owner)
                if child < 0:
                    return -1
                _apply(&s, t.nodes[child].move)
                path[depth] = child
                depth += 1
                break
            best = -1
            best_score = 0.0
            child = t.nodes[node].first_child
            while child >= 0:
                if (legal >> t.nodes[child].move) & 1:
                    score = (t.nodes[child].total / t.nodes[child].visits
                             + exploration * sqrt(log(<double>t.nodes[child].available)
                                                  / t.nodes[child].visits))
                    if best < 0 or score > best_score:
                        best, best_score = child, score
                child = t.nodes[child].next_sibling
            _apply(&s, t.nodes[best].move)
            node = best
            path[depth] = node
            depth += 1
        _rollout(&s, &rng, policy)
        _rewards(&s, rewards)
        t.nodes[0].visits += 1
        for i in range(depth):
            t.nodes[path[i]].visits += 1
            t.nodes[path[i]].total += rewards[t.nodes[path[i]].owner]
    return 0


# ---------------------------------------------------------------- the Python boundary

cdef int _reraise() except -1:
    """Propagate the exception a signal handler set during the search."""
    return -1


cdef object _run(object state, object observer, object seats, object hidden, object sizes,
                 object cases, object iterations, object seconds, object seed,
                 object exploration, object rollout, bint spitzer):
    cdef WorldDrawer w
    cdef Tree t
    cdef int k, n_cases, i, c, status
    cdef int c_sizes[SAMPLER_MAX_SEATS]
    cdef int c_seats[SAMPLER_MAX_SEATS]
    cdef mask_t* allowed
    cdef long n_iterations
    cdef double c_seconds, c_exploration
    cdef uint64_t c_seed
    cdef int policy
    cdef SpitzerDeal z
    cdef spidge_state g
    if spitzer:
        z = (<SpitzerState?>state).deal
        held = [spitzer_sparse(z.hands[i]) for i in range(4)]
    else:
        g = (<SpidgeState?>state).s
        held = [g.hands[i] for i in range(4)]
    a = search_arguments(observer, seats, hidden, sizes, cases, iterations, seconds, seed,
                         exploration, rollout, held.__getitem__)
    if (spitzer_phase(&z) == SP_OVER or spitzer_to_move(&z) != a.observer if spitzer
            else g.n_played == 52 or _owner(&g) != a.observer):
        raise not_to_move(a.observer)
    n_iterations = a.iterations
    c_seconds = a.seconds
    c_exploration = a.exploration
    c_seed = a.seed
    policy = a.policy
    k = len(a.seats)
    n_cases = len(a.cases)
    for i in range(k):
        c_sizes[i] = a.sizes[i]
        c_seats[i] = a.seats[i]
    allowed = <mask_t*>malloc(n_cases * k * sizeof(mask_t))
    if allowed == NULL:
        raise MemoryError()
    for c in range(n_cases):
        for i in range(k):
            allowed[c * k + i] = a.cases[c][i]
    status = world_drawer_init(&w, <mask_t>a.hidden, c_sizes, allowed, n_cases, k, c_seats)
    free(allowed)
    if status != 0:
        raise MemoryError()
    t.capacity = 1024
    t.n = 0
    t.nodes = <Node*>malloc(t.capacity * sizeof(Node))
    try:
        if t.nodes == NULL:
            raise MemoryError()
        if w.total.lo == 0 and w.total.hi == 0:
            raise PytrickError("no deal is consistent with the observation")
        _new_node(&t, -1, 0, a.observer)
        if spitzer:
            with nogil:
                status = _search(&z, &w, &t, n_iterations, c_seconds, c_seed, c_exploration,
                                 policy)
        else:
            with nogil:
                status = _search(&g, &w, &t, n_iterations, c_seconds, c_seed, c_exploration,
                                 policy)
        if status == -2:
            _reraise()
        if status == -1:
            raise MemoryError("no memory for the search tree")
        stats = []
        best = None
        best_visits = -1
        child = t.nodes[0].first_child
        while child >= 0:
            move = t.nodes[child].move
            if spitzer:
                move = move - ANNOUNCE_OFFSET if move >= ANNOUNCE_OFFSET else spitzer_card(move)
            visits = t.nodes[child].visits
            stats.append((move, visits, t.nodes[child].total / visits if visits else 0.0))
            if visits > best_visits:
                best, best_visits = move, visits
            child = t.nodes[child].next_sibling
        return best, stats
    finally:
        free(t.nodes)
        world_drawer_free(&w)


def spitzer_ismcts(state, observer, seats, hidden, sizes, cases, iterations=1000, seconds=0.0,
                   seed=0, exploration=0.7, rollout="random"):
    """Search the observer's move in a Spitzer deal; return ``(move, stats)``.

    *state* is any deal consistent with the observation (only its public part
    and the observer's hand are read: every hidden seat is redealt each
    iteration); *seats*, *hidden*, *sizes* and *cases* are the hidden seats,
    cards, hand sizes and the cases' allowed masks of
    :class:`pytrick.inference.HiddenConstraints`.  The move is an
    announcement code in the auction, else a card number; *stats* lists
    ``(move, visits, mean reward)`` for each root move tried.
    """
    return _run(state, observer, seats, hidden, sizes, cases, iterations, seconds, seed,
                exploration, rollout, True)


def spidge_ismcts(state, observer, seats, hidden, sizes, cases, iterations=1000, seconds=0.0,
                  seed=0, exploration=0.7, rollout="random"):
    """The same for Spidge: *observer* is the hand choosing (3 for the dealer,
    who also plays the dummy), and the move a card number."""
    return _run(state, observer, seats, hidden, sizes, cases, iterations, seconds, seed,
                exploration, rollout, False)
