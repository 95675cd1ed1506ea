# cython: language_level=3, binding=True, embedsignature=True
"""The Spidge double-dummy search (compiled, C level only): the tricks of
one hand, alpha-beta with partition search on its growing table, bounds and
move ordering (trickcore._solve's docstring describes the search and its
values).  _solve_spidge.pxd declares what other modules call."""

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from trickcore._cards cimport tc_lowest64, tc_highest64
from trickcore._spidge cimport (
    spidge_legal, spidge_play, spidge_undo, spidge_to_move,
    SPIDGE_OPT_WILD_JOKERS, SPIDGE_OPT_SPADES_MUST_BE_BROKEN, SPIDGE_JOKER_MASK, SPIDGE_SUIT_MASK,
)
from trickcore._solve_table cimport (
    SOLVE_MOST, SOLVE_NOT_LEGAL, _INF, _MEASURE_TRICKS,
    _SURE_TRUMPS, _SUIT_SKIP, _GROWING_TABLE, _SIBLING_GUESS, _PARTITION, _SIGNATURES,
    _SPOILED_SURE, _RANKED_SURE, _CROSS_QUICK, _CASH_THEN_TRUMPS, _TRICK_GUESS, _G_JOKER_PARTNER,
    _G_JOKERS_KEPT, _G_FAST_MOVES, _G_TOP_SPADE_LHO, _G_SURE_MEMO, _G_LATE_GUESS, _G_WON_ENOUGH,
    _G_TRICK_HELD,
    _new_search, _shrink, _slot, _probe, _store, _matches, _must_stop, _first,
)


# -- the growing table ----------------------------------------------------------------

# The growing table: a Spidge solve that has visited _GROW_AFTER times as many
# positions as the table has entries moves it to one 2**_GROW_BY_BITS times
# larger (at a trick start), up to 2**_GROW_MAX_BITS entries.
cdef enum:
    _GROW_AFTER = 4
    _GROW_BY_BITS = 2
    _GROW_MAX_BITS = 22


cdef void _grow(tc_solver* s, bint buckets=False) noexcept nogil:
    """Move the table to one 2**_GROW_BY_BITS times larger, keeping the
    current search's entries (nothing when memory is short), and set when to
    grow next: after _GROW_AFTER times as many positions as it has entries.
    A long Spidge solve from the first lead needs far more entries than a
    short one, which is slower with a large table (its entries are scattered
    over more memory); the solve returns to the table's size as made when it
    ends.  *buckets*: the entries are Spidge partition entries, each moved
    to its bucket (_g_bucket) rather than to its slot."""
    cdef uint64_t size = s.size_mask + 1, i
    cdef tc_tt_entry* old = s.table
    cdef tc_tt_entry* new
    cdef tc_tt_entry* e
    cdef uint8_t* sig
    s.grow_at = <uint64_t>-1
    if s.disabled & _GROWING_TABLE or size >= (<uint64_t>1) << _GROW_MAX_BITS:
        return
    new = <tc_tt_entry*>calloc(size << _GROW_BY_BITS, sizeof(tc_tt_entry))
    sig = <uint8_t*>calloc(2 * (size << _GROW_BY_BITS), 1)
    if new == NULL or sig == NULL:
        free(new)
        free(sig)
        return
    s.table = new
    free(s.sig)
    s.sig = sig
    s.size_mask = (size << _GROW_BY_BITS) - 1
    s.grow_at = s.nodes + _GROW_AFTER * (s.size_mask + 1)
    for i in range(size):
        if old[i].stamp == s.stamp:
            if buckets:
                e = _g_victim(s, _g_home(s, &old[i]), old[i].key)
                s.sig[e - new] = _g_sig(s, old[i].key[0], old[i].extra)
                s.sig[s.size_mask + 1 + (e - new)] = _g_age(s, old[i].played)
            else:
                e = _slot(s, old[i].key, old[i].extra, old[i].played)
            e[0] = old[i]
    free(old)


# -- Spidge ---------------------------------------------------------------------------

# spidge_play, spidge_undo and spidge_legal for the search (as _z_play,
# _z_undo): the kernels live in another module, so each call went through a
# function pointer and nothing could be inlined; and the search knows what
# they work out again (the hand to move, the trick's taker, the trumps
# broken before the card).  The same effect on the deal and the same legal
# cards, bit for bit (a test compares _g_legal with spidge_legal).

cdef inline void _g_play(spidge_state* d, int a, int hand, mask_t trumps, int broken, int w) noexcept nogil:
    """spidge_play(d, a) by *hand*, the hand to move; *trumps*: the cards
    that break trumps (_g_trumps), *broken*: d.trumps_broken_at, *w*: the
    trick's taker when *a* ends it."""
    cdef int n = d.n_played, trick = n >> 2
    d.hands[hand] &= ~((<mask_t>1) << a)
    d.history[n] = <uint8_t>a
    d.n_played = n + 1
    if broken > trick and (trumps >> a) & 1:
        d.trumps_broken_at = trick
    if (n & 3) == 3:
        d.tricks[w] += 1
        d.leaders[trick + 1] = w


cdef inline void _g_undo(spidge_state* d, int hand, int broken, int w) noexcept nogil:
    """spidge_undo(d) of the last card, which *hand* played; *broken*: the
    deal's trumps_broken_at before it (what the kernel's rescan of the
    trick finds again), *w*: the trick's taker if the card ended it."""
    cdef int n = d.n_played - 1, trick = n >> 2, a = d.history[n]
    if (n & 3) == 3:
        d.tricks[w] -= 1
        d.leaders[trick + 1] = 0
    d.hands[hand] |= (<mask_t>1) << a
    d.n_played = n
    d.history[n] = 0
    d.trumps_broken_at = broken


cdef inline mask_t _g_trumps(const spidge_state* d) noexcept nogil:
    """The cards that break trumps: the spades, and trump jokers."""
    return SPIDGE_SUIT_MASK(3) | (0 if d.flags & SPIDGE_OPT_WILD_JOKERS else SPIDGE_JOKER_MASK)


cdef inline mask_t _g_legal(const spidge_state* d, int hand, int pos, int trick) noexcept nogil:
    """spidge_legal(d), bit for bit, for *hand* to move at *pos* of *trick*
    (the kernel lives in another module: a call through a pointer)."""
    cdef mask_t h = d.hands[hand], free
    cdef int c, i, suit = -1
    if pos == 0:
        if trick == 0 or ((d.flags & SPIDGE_OPT_SPADES_MUST_BE_BROKEN) and d.trumps_broken_at >= trick):
            free = h & ~_g_trumps(d)
            if free:
                return free
        return h
    if not d.flags & SPIDGE_OPT_WILD_JOKERS:
        c = d.history[d.n_played - pos]
        free = h & (SPIDGE_SUIT_MASK(3) | SPIDGE_JOKER_MASK if c >= 39 else SPIDGE_SUIT_MASK(c // 13))
        return free if free else h
    for i in range(d.n_played - pos, d.n_played):  # wild jokers: the first card that is not one
        c = d.history[i]
        if c < 52:
            suit = c // 13
            break
    if suit < 0:
        return h
    free = h & SPIDGE_SUIT_MASK(suit)
    return free | (h & SPIDGE_JOKER_MASK) if free else h


cdef inline mask_t _g_live(const spidge_state* d) noexcept nogil:
    """The cards held or in the current trick."""
    cdef mask_t alive = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    cdef int i
    for i in range(d.n_played & 3):
        alive |= (<mask_t>1) << d.history[d.n_played - 1 - i]
    return alive


# The move generator's per-card values by table, filled at import (the
# branches on whether a card is a joker, a spade or of the suit led do not
# predict): G_COST[a] is _g_cost, G_POWER[led + 1][a] a card's power in a
# trick of suit *led* (-1: none yet) as _g_trick_add defines it, -1 for a
# joker (which never becomes the highest power);
# G_TIE[a] where the card comes in the classes of _g_moves (the suits up,
# each from its highest card down, the jokers last: 53 first), higher first.
cdef uint8_t G_COST[54]
cdef signed char G_POWER[5][54]
cdef uint8_t G_TIE[54]


cdef inline int _g_cost(int a) noexcept nogil:
    """What a card is worth keeping, for ordering: its rank, a spade above
    every plain card, a joker above every spade."""
    return G_COST[a]


cdef inline int _g_reply(mask_t h, int led, bint wild) noexcept nogil:
    """The card a hand plays to take a trick of suit *led* (0-3), as the
    trick guess sees it: a joker where it may play one, else its highest
    card of the suit, else its highest spade; -1 when it has none of them."""
    cdef mask_t follow = h & SPIDGE_SUIT_MASK(led)
    if h & SPIDGE_JOKER_MASK and (led == 3 or wild or not follow):
        return tc_highest64(h & SPIDGE_JOKER_MASK)
    if follow:
        return tc_highest64(follow)
    if h & SPIDGE_SUIT_MASK(3):
        return tc_highest64(h & SPIDGE_SUIT_MASK(3))
    return -1


# The trick guess (move ordering, DDS's idea of weighing each card by the
# trick it is likely to bring, cut down to a cheap simulation): each later
# hand of the trick whose side is not winning it plays its best reply (its
# joker where it may play one, else its highest card of the suit led, else
# its highest spade), and the card is ranked by who then takes the trick:
# first the cards that take it for their side (the cheapest first: a plain
# card before a spade, a spade before a joker), then a card that wins for
# now and makes the other side spend a higher card, then the rest, cheapest
# first (the discards and the low leads); less 6 points for each card the
# next hand may reply with (its cards of the suit led, else its whole hand:
# fewer replies, a smaller subtree).  "Their side" is the maximising one,
# under "fewest" too.  It only reorders the moves that _g_moves lists
# anyway, so no value changes; the argument for partition search (above
# _g_search) holds for any order -- the cards relied on follow whichever
# card cut the search off.


cdef inline void _g_trick_start(_g_trick* t, int leader) noexcept nogil:
    t.jokers = 0
    t.joker = -1
    t.led = -1
    t.best = -1
    t.best_hand = leader


cdef inline void _g_trick_add(_g_trick* t, int card, int hand) noexcept nogil:
    cdef int power
    if card >= 52:
        t.jokers += 1
        t.joker = hand
        return
    if t.led < 0:
        t.led = card // 13
    # The power by table and the best by conditional moves (whether the card
    # is a spade or of the suit led, and whether it is higher, do not predict).
    power = G_POWER[t.led + 1][card]
    t.best_hand = hand if power > t.best else t.best_hand
    t.best = power if power > t.best else t.best


cdef inline int _g_trick_winner(const _g_trick* t) noexcept nogil:
    """The hand winning the trick so far (the leader's when it holds only two jokers)."""
    return t.joker if t.jokers == 1 else t.best_hand


cdef inline void _g_trick_of(const spidge_state* d, _g_trick* t) noexcept nogil:
    """*t*: the current trick's cards so far."""
    cdef int pos = d.n_played & 3, k, leader = d.leaders[d.n_played >> 2]
    _g_trick_start(t, leader)
    for k in range(pos):
        _g_trick_add(t, d.history[d.n_played - pos + k], (leader + k) & 3)


cdef inline int _g_guess(_g_trick t, int pos, int hand, int side, const int* replies) noexcept nogil:
    """The trick guess of the card of *hand* just added to *t* (at *pos*):
    the hands after it each play their reply (_g_reply) when the trick's
    winner so far is not on their side; 2 if the card then wins the trick,
    1 if another hand of its side does, 0 if the other side does."""
    cdef int i, h, w, mine = (side >> hand) & 1
    for i in range(1, 4 - pos):
        h = (hand + i) & 3
        w = _g_trick_winner(&t)
        if ((side >> h) & 1) == ((side >> w) & 1) or replies[h] < 0:
            continue
        _g_trick_add(&t, replies[h], h)
    w = _g_trick_winner(&t)
    if w == hand:
        return 2
    return 1 if ((side >> w) & 1) == mine else 0


cdef inline int _g_guess_score(const _g_trick* t, int a, int pos, int hand, int side,
                               const int* replies, int fewer) noexcept nogil:
    """The ordering score of the card *a* of *hand* (just added to *t*;
    higher: tried earlier) under the trick guess; *fewer*: 6 points for
    each card the next hand may reply with."""
    cdef int g = _g_guess(t[0], pos, hand, side, replies), sc
    sc = (100 if g else 0) - _g_cost(a)
    if g == 0 and pos and _g_trick_winner(t) == hand:
        sc += 30  # wins for now: the other side must spend a higher card
    return sc - fewer


cdef inline int _g_fewer(const spidge_state* d, int hand, int led) noexcept nogil:
    """The trick guess's 6 points for each card the hand after *hand* may
    reply with to a trick of suit *led*: its cards of the suit, else its
    whole hand (fewer replies, a smaller subtree)."""
    cdef mask_t nxt = d.hands[(hand + 1) & 3], follow = nxt & SPIDGE_SUIT_MASK(led)
    return 6 * (_g_suit_count(follow, led) if follow else _g_count(nxt))


cdef inline int _g_order_key(int sc, int a) noexcept nogil:
    """The ordering key of card *a* of score *sc*: the score first, then the
    classes' order (G_TIE, 0-76); no two cards share one."""
    return sc * 128 + G_TIE[a]


# The moves ranked, without branches (an insertion sort's comparisons did
# not predict): each move goes to the place the keys above its own say.
# With SSE2 (every x86-64) four keys are compared in one instruction; the
# keys past the last move (three are read) are below every key.
cdef extern from *:
    """
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static void tc_g_rank(const int* keys, int m, const int* reps, int* out) {
        static const unsigned char pop4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
        __m128i k[4], b;
        int v, nv = (m + 3) >> 2, i, r;
        for (v = 0; v < nv; v++)
            k[v] = _mm_loadu_si128((const __m128i*)(keys + 4 * v));
        for (i = 0; i < m; i++) {
            b = _mm_set1_epi32(keys[i]);
            r = 0;
            for (v = 0; v < nv; v++)
                r += pop4[_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpgt_epi32(k[v], b)))];
            out[r] = reps[i];
        }
    }
    #else
    static void tc_g_rank(const int* keys, int m, const int* reps, int* out) {
        int i, j, r;
        for (i = 0; i < m; i++) {
            for (r = 0, j = 0; j < m; j++)
                r += keys[j] > keys[i];
            out[r] = reps[i];
        }
    }
    #endif
    """
    void tc_g_rank(const int* keys, int m, const int* reps, int* out) nogil


cdef enum:
    _G_NO_KEY = -1000000  # below every ordering key
    _G_KEYS = 19          # the keys of up to 16 moves and three past them


cdef inline int _g_rank_moves(const int* reps, int* keys, int m, int* out) noexcept nogil:
    """The moves *reps* best first by their *keys* (_g_order_key: the order
    an insertion sort by score gave, ties in the classes' order)."""
    keys[m] = keys[m + 1] = keys[m + 2] = _G_NO_KEY
    tc_g_rank(keys, m, reps, out)
    return m


# Jokers kept (move ordering, a single player's solve under "most"): the
# trick guess ranks a joker lead among the leads that win the trick, but
# against one hand the three hands' jokers are worth more kept: each is a
# spoiler of one of his trumps (the spoiled sure trumps), while led it only
# draws the cheapest trump he holds.  Counted on the benchmark's first-lead
# solves, the leads tried before the one that cut a single player's search
# off were mostly such joker leads.  So their joker leads go after their
# other leads (100 points: with the losing leads).  An ordering changes no
# value, and partition search holds for any order (as the trick guess).

cdef inline int _g_jokers_kept(tc_solver* s, int pos, int hand, int a) noexcept nogil:
    """What the trick guess's score of card *a* of *hand* loses under
    "jokers kept" (above): 100 for a joker led by one of the three hands
    against a single player under "most", else 0."""
    if (a >= 52 and pos == 0 and not (s.count_side >> hand) & 1 and s.max_side == s.count_side
            and G_POP13[s.count_side] == 1 and not s.disabled & _G_JOKERS_KEPT):
        return 100
    return 0


cdef inline int _g_power(int card, int led) noexcept nogil:
    """A card's power in a trick of suit *led* (as _g_trick_add; -1 for a joker)."""
    return G_POWER[led + 1][card]


cdef inline void _g_reply_power(const spidge_state* d, int h, int suit, int led, bint wild,
                                int* power, int* joker) noexcept nogil:
    """The power of hand *h*'s reply (_g_reply) to a trick of suit *suit*
    whose suit led is *led* (-1 for none or a joker), and whether it is a joker."""
    cdef int r = _g_reply(d.hands[h], suit, wild)
    joker[0] = r >= 52
    power[0] = _g_power(r, led) if r >= 0 else -1


cdef int _g_guess_moves(tc_solver* s, const spidge_state* d, const int* reps, int m, const _g_trick* t0,
                        int pos, int hand, int side, int* out) noexcept nogil:
    """The trick guess's order of the classes *reps* (the moves of _g_moves,
    the same scores) where the suit led is known -- at a lead, the card's
    own -- with the replies' powers worked out once (at a lead, once a
    suit) instead of each reply added card by card for each card guessed."""
    cdef int keys[_G_KEYS]
    cdef int later[3]
    cdef int sides[3]
    cdef int power[3]
    cdef int joker_reply[3]
    cdef int nl = 3 - pos, i, j, a, k = 0, suit, last = -1, led = t0.led, fewer = 0, p, kept
    cdef int jokers, joker, best, best_hand, w, w1, sc, mine = (side >> hand) & 1, play, isj, g
    cdef bint wild = (d.flags & SPIDGE_OPT_WILD_JOKERS) != 0
    for j in range(3):  # the hands past the trick's last card reply nothing
        later[j] = (hand + 1 + j) & 3
        sides[j] = (side >> later[j]) & 1
        power[j] = -1
        joker_reply[j] = 0
    kept = _g_jokers_kept(s, pos, hand, 52)  # what a joker's score loses
    if pos:
        k = d.history[d.n_played - pos]
        k = 3 if k >= 52 else k // 13  # the suit the replies follow (a joker led: spades)
        for j in range(nl):
            _g_reply_power(d, later[j], k, led, wild, &power[j], &joker_reply[j])
        if pos < 3:
            fewer = _g_fewer(d, hand, k)
    for i in range(m):
        a = reps[i]
        if pos == 0:
            suit = a // 13
            if suit != last:
                # A joker lead's replies are spades or jokers: their power
                # is the same whatever suit is led.
                last = suit
                led = suit if suit < 4 else 3
                for j in range(3):
                    _g_reply_power(d, later[j], led, led, wild, &power[j], &joker_reply[j])
                fewer = _g_fewer(d, hand, led)
        # The card and the replies played out by conditional moves, not
        # branches (who wins the trick so far does not predict); a reply of
        # power -1 that is no joker changes nothing.
        isj = a >= 52
        jokers = t0.jokers + isj
        joker = hand if isj else t0.joker
        p = _g_power(a, led)
        best_hand = hand if p > t0.best else t0.best_hand
        best = p if p > t0.best else t0.best
        w1 = joker if jokers == 1 else best_hand
        w = w1
        for j in range(nl):
            play = sides[j] ^ ((side >> w) & 1)  # a hand of the winner's side lets it be
            p = power[j] | (play - 1)  # -1 where it lets it be (a conditional expression became a branch)
            jokers += joker_reply[j] & play
            joker = later[j] if joker_reply[j] & play else joker
            best_hand = later[j] if p > best else best_hand
            best = p if p > best else best
            w = joker if jokers == 1 else best_hand
        g = ((side >> w) & 1) == mine  # the mover's side takes the trick
        sc = 100 * g - _g_cost(a) - fewer - kept * isj
        sc += 30 * ((g ^ 1) & (pos != 0) & (w1 == hand))  # wins for now: the other side must spend a higher card
        keys[i] = _g_order_key(sc, a)
    return _g_rank_moves(reps, keys, m, out)


cdef inline int _g_last_moves(const int* reps, int m, const _g_trick* t0, int hand, int side,
                              int* out) noexcept nogil:
    """_g_guess_moves at a trick's last card (the suit led known): no hand
    replies and no next hand is counted, and no lead is kept back, so a
    card's score is 100 where it takes the trick for the mover's side, less
    its cost -- the same scores, worked out without the replies."""
    cdef int keys[_G_KEYS]
    cdef int i, a, isj, w, joker, best_hand, mine = (side >> hand) & 1
    cdef int led1 = t0.led + 1
    for i in range(m):
        a = reps[i]
        isj = a >= 52
        joker = hand if isj else t0.joker
        best_hand = hand if G_POWER[led1][a] > t0.best else t0.best_hand
        w = joker if t0.jokers + isj == 1 else best_hand
        keys[i] = _g_order_key(100 * (((side >> w) & 1) == mine) - _g_cost(a), a)
    return _g_rank_moves(reps, keys, m, out)


cdef inline int _g_late_moves(const spidge_state* d, const int* reps, int m, const _g_trick* t0, int pos,
                              int hand, int side, bint wild, int* out) noexcept nogil:
    """_g_guess_moves at a trick's second or third card (the suit led
    known): the same scores, with the one or two later hands' replies
    written out and no lead kept back."""
    cdef int keys[_G_KEYS]
    cdef int i, a, isj, p, jokers, joker, best, best_hand, w, w1, g, play
    cdef int mine = (side >> hand) & 1, led = t0.led, led1 = t0.led + 1, k, fewer
    cdef int h1 = (hand + 1) & 3, h2 = (hand + 2) & 3
    cdef int s1 = (side >> h1) & 1, s2 = (side >> h2) & 1
    cdef int p1 = -1, j1 = 0, p2 = -1, j2 = 0
    k = d.history[d.n_played - pos]
    k = 3 if k >= 52 else k // 13  # the suit the replies follow (a joker led: spades)
    _g_reply_power(d, h1, k, led, wild, &p1, &j1)
    if pos == 1:
        _g_reply_power(d, h2, k, led, wild, &p2, &j2)
    fewer = _g_fewer(d, hand, k)
    for i in range(m):
        a = reps[i]
        isj = a >= 52
        jokers = t0.jokers + isj
        joker = hand if isj else t0.joker
        p = G_POWER[led1][a]
        best_hand = hand if p > t0.best else t0.best_hand
        best = p if p > t0.best else t0.best
        w1 = joker if jokers == 1 else best_hand
        # The next hand's reply, where its side is not winning the trick.
        play = s1 ^ ((side >> w1) & 1)
        p = p1 | (play - 1)
        jokers += j1 & play
        joker = h1 if j1 & play else joker
        best_hand = h1 if p > best else best_hand
        best = p if p > best else best
        w = joker if jokers == 1 else best_hand
        if pos == 1:  # and the hand after it
            play = s2 ^ ((side >> w) & 1)
            p = p2 | (play - 1)
            jokers += j2 & play
            joker = h2 if j2 & play else joker
            best_hand = h2 if p > best else best_hand
            w = joker if jokers == 1 else best_hand
        g = ((side >> w) & 1) == mine
        keys[i] = _g_order_key(100 * g - _g_cost(a) - fewer + 30 * ((g ^ 1) & (w1 == hand)), a)
    return _g_rank_moves(reps, keys, m, out)


cdef int _g_moves(tc_solver* s, const spidge_state* d, mask_t legal, mask_t alive, const _g_trick* t0,
                  int pos, int hand, int side, int* out) noexcept nogil:
    """The legal moves of *hand*, one per class of equivalent cards, best
    guesses first; *alive*: the cards held or in the trick (_g_live), *t0*:
    the trick so far (_g_trick_of)."""
    cdef int k, a, b, m = 0, suit, i, winner = 0, sc, fewer = 0, last = -1
    cdef bint mine = False, top, wins
    cdef _g_trick t
    cdef int keys[_G_KEYS]
    cdef int reps[16]
    cdef mask_t rest, cards, lg
    cdef int replies[4]
    cdef bint guess, wild = (d.flags & SPIDGE_OPT_WILD_JOKERS) != 0
    # The classes first, suit by suit from the highest card down (only the
    # suits with legal cards); one class needs no scores.
    if G_FAST_PEXT and not s.disabled & (_SUIT_SKIP | _G_FAST_MOVES):
        # Each class's highest card from the live order in a few steps.
        lg = tc_g_classes_pext(legal, alive)
        if not lg & (lg - 1):
            if not lg:
                return 0
            out[0] = tc_lowest64(lg)
            return 1
        while lg:  # lowest first (the order of ties is G_TIE's)
            reps[m] = tc_lowest64(lg)
            lg &= lg - 1
            m += 1
    else:
        lg = legal if not s.disabled & _SUIT_SKIP else (((<mask_t>1) << 52) - 1) | SPIDGE_JOKER_MASK
    while lg:
        suit = tc_lowest64(lg) // 13
        cards = SPIDGE_SUIT_MASK(suit)
        rest = lg & cards
        lg &= ~cards
        b = -1  # the last legal card seen, while no other live card lies below it
        while rest:
            a = tc_highest64(rest)
            rest &= ~((<mask_t>1) << a)
            if not (legal >> a) & 1:  # (the suit skip off: each suit walked card by card)
                if (alive >> a) & 1:
                    b = -1
                continue
            # Equivalent to the legal card above it when no live card lies between.
            if b >= 0 and not alive & (((<mask_t>1) << b) - ((<mask_t>2) << a)):
                b = a
                continue
            b = a
            reps[m] = a
            m += 1
        # The two jokers are one class; they never merge with spades.
    if m <= 1:
        if m:
            out[0] = reps[0]
        return m
    guess = not s.disabled & _TRICK_GUESS
    if guess and (pos == 0 or t0.led >= 0) and not s.disabled & _G_FAST_MOVES:
        if pos and not s.disabled & _G_LATE_GUESS:
            if pos == 3:
                return _g_last_moves(reps, m, t0, hand, side, out)
            return _g_late_moves(d, reps, m, t0, pos, hand, side, wild, out)
        return _g_guess_moves(s, d, reps, m, t0, pos, hand, side, out)
    if pos:
        winner = _g_trick_winner(t0)
        mine = ((side >> winner) & 1) == ((side >> hand) & 1)
    if guess and pos:
        k = d.history[d.n_played - pos]
        k = 3 if k >= 52 else k // 13  # the suit led (a joker led: spades)
        for i in range(1, 4 - pos):  # only the hands still to play to the trick reply
            replies[(hand + i) & 3] = _g_reply(d.hands[(hand + i) & 3], k, wild)
        if pos < 3:
            fewer = _g_fewer(d, hand, k)
    for i in range(m):
        a = reps[i]
        suit = a // 13
        if guess and pos == 0 and suit != last:
            last = suit
            for k in range(1, 4):
                replies[(hand + k) & 3] = _g_reply(d.hands[(hand + k) & 3], suit if suit < 4 else 3, wild)
            fewer = _g_fewer(d, hand, suit if suit < 4 else 3)
        t = t0[0]
        _g_trick_add(&t, a, hand)
        if guess:
            sc = _g_guess_score(&t, a, pos, hand, side, replies, fewer)
            sc -= _g_jokers_kept(s, pos, hand, a)
        elif pos == 0:
            top = not alive & SPIDGE_SUIT_MASK(suit) & ~(((<mask_t>2) << a) - 1)
            sc = 100 if top else -(a % 13)
        else:
            wins = _g_trick_winner(&t) == hand
            if mine:
                sc = -(a % 13) - (50 if wins else 0)
            elif wins:
                sc = 100 - (a % 13)
            else:
                sc = -(a % 13)
        if a >= 52 and not guess:
            sc += 20
        keys[i] = _g_order_key(sc, a)
    return _g_rank_moves(reps, keys, m, out)


# The relative key by the BMI2 instruction PEXT where the processor has it
# and does it fast (_g_pext_fast_on): each hand's cards of a suit gathered
# by the suit's live cards in one step.
# The same key as the loop in _g_key, bit for bit (tests compare them).
# Not under clang-cl (_MSC_VER): its immintrin.h declares _pext_u64 only
# with -mbmi2, and __builtin_cpu_supports there needs compiler-rt.
cdef extern from *:
    """
    #if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(_MSC_VER)
    #include <cpuid.h>
    #include <immintrin.h>
    __attribute__((target("bmi2"))) static void tc_g_key_pext(const uint64_t* hands, uint64_t* key) {
        const uint64_t jokers = 3ULL << 52;
        uint64_t alive = hands[0] | hands[1] | hands[2] | hands[3], a, live = 0;
        uint64_t k0 = hands[0] & jokers, k1 = hands[1] & jokers, k2 = hands[2] & jokers;
        int suit;
        for (suit = 0; suit < 4; suit++) {
            a = alive & (0x1FFFULL << (13 * suit));
            k0 |= _pext_u64(hands[0], a) << (13 * suit);
            k1 |= _pext_u64(hands[1], a) << (13 * suit);
            k2 |= _pext_u64(hands[2], a) << (13 * suit);
            live |= _pext_u64(a, a) << (13 * suit);
        }
        key[0] = k0;
        key[1] = k1;
        key[2] = k2;
        key[3] = (live & ~(k0 | k1 | k2)) | (hands[3] & jokers);
    }
    __attribute__((target("bmi2,popcnt"))) static uint64_t tc_g_classes_pext(uint64_t legal, uint64_t alive) {
        /* The highest card of each class of _g_moves: the legal cards
           gathered by the live ones (the live order), a legal card dropped
           where the next live card above it is a legal one of its suit (not
           the lowest of the next suit: the bottoms), the rest put back. */
        uint64_t l = _pext_u64(legal, alive);
        uint64_t bottoms = (1ULL << __builtin_popcountll(alive & ((1ULL << 13) - 1)))
                           | (1ULL << __builtin_popcountll(alive & ((1ULL << 26) - 1)))
                           | (1ULL << __builtin_popcountll(alive & ((1ULL << 39) - 1)))
                           | (1ULL << __builtin_popcountll(alive & ((1ULL << 52) - 1)));
        return _pdep_u64(l & ~((l & ~bottoms) >> 1), alive);
    }
    __attribute__((target("bmi2"))) static uint64_t tc_g_spread(uint64_t m, uint64_t alive) {
        /* The cards of *alive* at the relative ranks *m* (each suit's live
           cards numbered from the bottom, from bit 13 * suit). */
        uint64_t out = 0;
        int suit;
        for (suit = 0; suit < 4; suit++)
            out |= _pdep_u64(m >> (13 * suit), (alive >> (13 * suit)) & 0x1FFFULL) << (13 * suit);
        return out;
    }
    static void tc_cpu(int* bmi2, int* intel, int* amd, unsigned int* family) {
        unsigned int a, b, c, d;
        __builtin_cpu_init();
        *bmi2 = __builtin_cpu_supports("bmi2");
        *intel = __builtin_cpu_is("intel");
        *amd = __builtin_cpu_is("amd");
        *family = 0;
        if (__get_cpuid(1, &a, &b, &c, &d)) {
            *family = (a >> 8) & 0xF;
            if (*family == 0xF)
                *family += (a >> 20) & 0xFF;
        }
    }
    #else
    static void tc_g_key_pext(const uint64_t* hands, uint64_t* key) { (void)hands; (void)key; }
    static uint64_t tc_g_classes_pext(uint64_t legal, uint64_t alive) { (void)alive; return legal; }
    static uint64_t tc_g_spread(uint64_t m, uint64_t alive) { (void)alive; return m; }
    static void tc_cpu(int* bmi2, int* intel, int* amd, unsigned int* family) {
        *bmi2 = *intel = *amd = 0;
        *family = 0;
    }
    #endif
    """
    void tc_g_key_pext(const uint64_t* hands, uint64_t* key) nogil
    uint64_t tc_g_classes_pext(uint64_t legal, uint64_t alive) nogil
    uint64_t tc_g_spread(uint64_t m, uint64_t alive) nogil
    void tc_cpu(int* bmi2, int* intel, int* amd, unsigned int* family) nogil


cdef bint _g_pext_fast_on(bint bmi2, bint intel, bint amd, unsigned int family) noexcept nogil:
    """Whether PEXT and PDEP are fast on a processor with (or without) BMI2,
    of that maker and family: Intel's, and AMD's from Zen 3 (family 0x19)
    on; AMD's before it ran them as microcode, dozens of cycles each."""
    return bmi2 and (intel or (amd and family >= 0x19))


cdef bint _g_fast_pext() noexcept nogil:
    cdef int bmi2, intel, amd
    cdef unsigned int family
    tc_cpu(&bmi2, &intel, &amd, &family)
    return _g_pext_fast_on(bmi2, intel, amd, family)


cdef bint G_FAST_PEXT = _g_fast_pext()


cdef inline void _g_key(const spidge_state* d, uint64_t* key) noexcept nogil:
    """The hands with each suit's live cards renumbered from the bottom: only
    the order of the cards matters to tricks, so positions that differ in the
    ranks of the cards already played share one entry (DDS's relative ranks)."""
    if G_FAST_PEXT:
        tc_g_key_pext(d.hands, key)
        return
    _g_key_loop(d, key)


cdef inline void _g_key_loop(const spidge_state* d, uint64_t* key) noexcept nogil:
    """_g_key without PEXT: each live card's bit copied into hands 0-2
    without a branch (whose card it is does not predict); hand 3 holds the rest."""
    cdef mask_t h0 = d.hands[0], h1 = d.hands[1], h2 = d.hands[2]
    cdef mask_t alive = h0 | h1 | h2 | d.hands[3], rest, k0, k1, k2, live = 0
    cdef int suit, c, rank
    k0 = h0 & SPIDGE_JOKER_MASK
    k1 = h1 & SPIDGE_JOKER_MASK
    k2 = h2 & SPIDGE_JOKER_MASK
    for suit in range(4):
        rest = alive & SPIDGE_SUIT_MASK(suit)
        rank = 13 * suit
        while rest:
            c = tc_lowest64(rest)
            k0 |= ((h0 >> c) & 1) << rank
            k1 |= ((h1 >> c) & 1) << rank
            k2 |= ((h2 >> c) & 1) << rank
            rank += 1
            rest &= rest - 1
        live |= ((<mask_t>1) << rank) - ((<mask_t>1) << (13 * suit))
    key[0] = k0
    key[1] = k1
    key[2] = k2
    key[3] = (live & ~(k0 | k1 | k2)) | (d.hands[3] & SPIDGE_JOKER_MASK)


cdef inline mask_t _g_top(mask_t cards, int k) noexcept nogil:
    """The k highest of *cards*."""
    cdef mask_t out = 0, top
    while k > 0 and cards:
        top = (<mask_t>1) << tc_highest64(cards)
        out |= top
        cards &= ~top
        k -= 1
    return out


cdef int _g_quick_tricks(const spidge_state* d, int leader, int side, mask_t* rel,
                         mask_t alive, mask_t theirs, int* capped) noexcept nogil:
    """Tricks the leader's side (*side* holds the leader, or is its complement)
    can surely cash from the top of the plain suits before losing the lead: a
    run of top cards in the leader's hand counts while every opponent must
    follow to it or holds no trump.  0 when an opponent holds a wild joker
    (it may be played at any time).  The cards counted are added to *rel*:
    the bound holds wherever the same hands hold them (and the suit lengths
    and jokers are the same).  (*alive* and *theirs*: the live cards and the
    opponents'; *capped* gets each plain suit's run as counted, for
    _g_cash_tricks.)"""
    cdef int team = side if (side >> leader) & 1 else 15 & ~side
    cdef mask_t trumps = SPIDGE_SUIT_MASK(3) | SPIDGE_JOKER_MASK
    cdef mask_t hand = d.hands[leader], top
    cdef int total = 0, suit, run, full
    cdef bint ruffers = (theirs & trumps) != 0
    capped[0] = capped[1] = capped[2] = 0
    if (d.flags & SPIDGE_OPT_WILD_JOKERS) and theirs & SPIDGE_JOKER_MASK:
        return 0
    for suit in range(3):
        top = _g_run_mask(hand, alive & SPIDGE_SUIT_MASK(suit))
        if not top:
            continue
        full = run = _g_suit_count(top, suit)
        if ruffers:
            run = min(run, _g_ruff_length(d, team, trumps, suit))
        capped[suit] = run
        total += run
        rel[0] |= _g_drop_low(top, full - run)
    return total


# Cashing (DDS's QuickTricks, with leads to the partner's winners): the
# leader's side plays off top cards in the plain suits without playing a
# trump, so that its sure trumps still count afterwards.  First the leader
# cashes his own top runs (each limited, as in _g_quick_tricks, to the
# length of every opponent holding a trump -- a joker too; an opponent's
# wild joker gives 0), every other hand of his side playing a plain card
# that is not one it cashes later: a card of the suit led lies below the
# leader's, a discard of another plain suit never wins.  Then, on a side of
# two hands, the leader leads a plain suit in which his partner holds the
# top card and he a card, and the partner wins it and cashes his own top
# runs (limited the same way) while the leader plays plain cards.  An
# opponent holding a trump follows to every trick counted (the suits are
# played one after another, each no longer than his holding), one without
# never takes a trick led in a plain suit whose top card is played.  So
# the side takes every trick counted, and plays no trump: the sure trumps
# of its hands (_g_spoiled_sure_tricks) are still sure, against the same
# trumps, and add to them.  The cards counted are added to *rel*; the suit
# lengths (so who may ruff and how many plain cards a hand holds) and the
# jokers' holders a table entry keeps anyway.

cdef inline mask_t _g_run_mask(mask_t hand, mask_t suit_cards) noexcept nogil:
    """The top cards of *suit_cards* (live cards of one suit) that *hand*
    holds in a row: those above the highest card it lacks."""
    cdef mask_t gap = suit_cards & ~hand
    if gap:
        return suit_cards & ~((((<mask_t>1) << tc_highest64(gap)) << 1) - 1)
    return suit_cards


cdef inline int _g_run(mask_t hand, mask_t suit_cards, int suit) noexcept nogil:
    """How many of the top cards of *suit_cards* (live cards of *suit*)
    *hand* holds in a row."""
    return _g_suit_count(_g_run_mask(hand, suit_cards), suit)


cdef inline mask_t _g_drop_low(mask_t cards, int k) noexcept nogil:
    """*cards* without its k lowest."""
    while k > 0:
        cards &= cards - 1
        k -= 1
    return cards


cdef inline int _g_plain(mask_t cards) noexcept nogil:
    """How many plain cards (clubs, diamonds, hearts) *cards* holds."""
    return G_POP13[cards & 0x1FFF] + G_POP13[(cards >> 13) & 0x1FFF] + G_POP13[(cards >> 26) & 0x1FFF]


cdef inline int _g_ruff_length(const spidge_state* d, int team, mask_t trumps, int suit) noexcept nogil:
    """The fewest cards of *suit* an opponent of *team* holding one of
    *trumps* holds (13 if none does): how many tricks of the suit the side
    can cash before one may ruff."""
    cdef int o, length = 13
    for o in range(4):
        if not (team >> o) & 1 and d.hands[o] & trumps:
            length = min(length, _g_suit_count(d.hands[o], suit))
    return length


cdef int _g_cash_tricks(const spidge_state* d, int leader, int side, bint across, int need,
                        mask_t* rel, mask_t trumps=SPIDGE_SUIT_MASK(3) | SPIDGE_JOKER_MASK,
                        int spent=0, const int* capped=NULL) noexcept nogil:
    """Tricks the leader's side surely takes by cashing top cards of the
    plain suits without playing a trump (see above), up to *need* (the
    fewer cards relied on, the more positions a table entry serves); with
    *across*, also by leading to the partner's top cards.  (*trumps* 0 and
    *spent*: after the opponents' trumps were drawn, the partner having
    discarded *spent* plain cards; -1 if he cannot.  *capped*: the leader's
    runs as _g_quick_tricks limited them, against these *trumps*.)"""
    cdef int team = side if (side >> leader) & 1 else 15 & ~side
    cdef mask_t alive, suit_cards, own = 0, theirs, top
    cdef int partner = -1, o, suit, run, full, length, mine = 0, his, h, k, left, entry = -1
    cdef int runs[3]
    cdef int pfull[3]
    cdef mask_t ptop[3]
    alive = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    if d.flags & SPIDGE_OPT_WILD_JOKERS:
        for o in range(4):
            if not (team >> o) & 1 and d.hands[o] & SPIDGE_JOKER_MASK:
                return 0
    if G_POP13[team] != 2:
        across = False
    else:
        partner = tc_lowest64(team & ~(1 << leader))
    for suit in range(3):
        suit_cards = alive & SPIDGE_SUIT_MASK(suit)
        top = _g_run_mask(d.hands[leader], suit_cards)
        full = _g_suit_count(top, suit)
        length = -1
        if capped != NULL:
            run = capped[suit]
        else:
            run = full
            if full:
                length = _g_ruff_length(d, team, trumps, suit)
                run = min(full, length)
        run = min(run, need - mine)
        mine += run
        own |= _g_drop_low(top, full - run)
        runs[suit] = 0
        if across:  # 0 where the leader holds the top card
            ptop[suit] = _g_run_mask(d.hands[partner], suit_cards)
            if ptop[suit]:
                if length < 0:
                    length = _g_ruff_length(d, team, trumps, suit)
                pfull[suit] = _g_suit_count(ptop[suit], suit)
                runs[suit] = min(pfull[suit], length)
                if runs[suit] and d.hands[leader] & suit_cards:
                    entry = suit
    for k in range(2):
        # The partner's runs, the entry suit first, as far as still needed
        # and the leader has plain cards to play to them.
        his = 0
        theirs = 0
        if entry >= 0:
            left = min(need - mine, _g_plain(d.hands[leader]) - mine)
            for o in range(4):
                suit = entry if o == 0 else o - 1
                if o and suit == entry:
                    continue
                run = min(runs[suit], left - his)
                if run > 0:
                    his += run
                    theirs |= _g_drop_low(ptop[suit], pfull[suit] - run)
        # The leader's runs count if every other hand of his side has a
        # plain card to spare for each (the partner's runs kept for later).
        for h in range(4):
            if h != leader and (team >> h) & 1 and _g_plain(d.hands[h] & ~theirs) < mine + spent:
                if not mine:
                    return -1
                mine = 0
                own = 0
                break
        else:
            break
    rel[0] |= own | theirs
    return mine + his


# Drawing trumps first: on a side of two hands against opponents without
# jokers, a leader holding the d top spades, d the most spades an opponent
# holds, leads them and every opponent is out of trumps (each follows while
# he can); the partner plays a lower spade to each, or a plain card he does
# not cash later where he has none (not a joker: one he would have to
# play).  Then the side cashes as above with no opponent able to ruff, and
# every trump it still holds is sure (the highest spade of a trick is its,
# a single joker too; jokers in both hands may cancel and count for
# neither).  The drawing relies on the d top spades.

cdef int _g_draw_tricks(const spidge_state* d, int leader, int side, bint across, int need,
                        mask_t* rel) noexcept nogil:
    """Tricks the leader's side surely takes by drawing the opponents'
    trumps, cashing and then its trumps (see above), or 0."""
    cdef int team = side if (side >> leader) & 1 else 15 & ~side
    cdef int partner = -1, o, most = 0, drawn, spent, sure = 0, cash = 0, left, n, k
    cdef int spades_of[2]
    cdef mask_t spades = SPIDGE_SUIT_MASK(3), alive, jokers = 0, counted = 0
    if G_POP13[team] != 2 or d.n_played == 0:
        return 0  # (the opening lead may not be a trump)
    if (d.flags & SPIDGE_OPT_SPADES_MUST_BE_BROKEN) and d.trumps_broken_at >= (d.n_played >> 2):
        return 0
    alive = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    for o in range(4):
        if (team >> o) & 1:
            jokers |= d.hands[o] & SPIDGE_JOKER_MASK
            if o != leader:
                partner = o
        else:
            if d.hands[o] & SPIDGE_JOKER_MASK:
                return 0
            most = max(most, G_POP13[(d.hands[o] >> 39) & 0x1FFF])
    if not most or _g_run(d.hands[leader], alive & spades, 3) < most:
        return 0
    drawn = most
    spades_of[0] = G_POP13[(d.hands[leader] >> 39) & 0x1FFF] - drawn
    n = G_POP13[(d.hands[partner] >> 39) & 0x1FFF]
    spades_of[1] = n - min(n, drawn)
    spent = max(drawn - n, 0)  # the partner's discards to the drawing
    if spent and d.hands[partner] & SPIDGE_JOKER_MASK and not (d.flags & SPIDGE_OPT_WILD_JOKERS):
        return 0
    if _g_plain(d.hands[partner]) < spent:
        return 0
    for k in range(2):
        o = partner if k else leader
        n = spades_of[k]
        if jokers and d.hands[o] & SPIDGE_JOKER_MASK == jokers:
            n += _g_suit_count(jokers, 4)
        sure = max(sure, n)
    left = need - drawn - sure
    if left > 0:
        cash = _g_cash_tricks(d, leader, side, across, left, &counted, 0, spent)
        if cash < 0:
            return 0
    rel[0] |= counted | _g_top(alive & spades, drawn)
    return drawn + cash + sure


cdef int _g_cashing_bound(tc_solver* s, const spidge_state* d, int trick, int hi, int alpha, int beta,
                          int sure_mine, int sure_theirs, mask_t* rel, const int* capped, int tops,
                          int plain, mask_t sure_rel, mask_t alive, mask_t opp) noexcept nogil:
    """For _g_search at a trick start where neither the quick tricks nor the
    sure trumps cut the search off (*sure_mine*, *sure_theirs*: the sure
    trumps of the counted side and of the other; *sure_rel*: the cards the
    count of the side on lead relied on): the bound that cashing, then the
    sure trumps of the side on lead -- or drawing trumps, cashing and the
    trumps left -- puts on the value if it cuts the search off (the cards it
    relied on added to *rel*), else -1.  (*capped*: the leader's runs as
    the quick tricks counted them; *tops*: the most the cashing may count,
    _g_cash_most; *plain*: his plain cards; *alive*, *opp*: the live cards
    and his opponents'.)"""
    cdef int leader = d.leaders[trick], sure = 0, gain, need
    cdef bint counted = (s.count_side >> leader) & 1
    cdef mask_t found = 0
    if not s.disabled & (_CASH_THEN_TRUMPS | _SURE_TRUMPS):
        sure = sure_mine if counted else sure_theirs
    need = beta - sure if counted else hi - alpha - sure
    # The cashing cuts only where the side may cash as many tricks as it
    # needs, and the leader plays a plain card to every trick cashed.
    if need <= plain and need <= tops:
        gain = _g_cash_tricks(d, leader, s.count_side, not s.disabled & _CROSS_QUICK, need, &found,
                              SPIDGE_SUIT_MASK(3) | SPIDGE_JOKER_MASK, 0, capped)
        if gain and ((gain + sure >= beta) if counted else (hi - gain - sure <= alpha)):
            rel[0] |= found
            if sure:  # the cards the sure trumps relied on
                rel[0] |= sure_rel
            return gain + sure if counted else hi - gain - sure
    # Drawing counts nothing (and 0 cuts nothing) where an opponent holds a
    # joker or none holds a spade, or the leader lacks the top spade.
    if (not s.disabled & _CASH_THEN_TRUMPS and not opp & SPIDGE_JOKER_MASK and opp & SPIDGE_SUIT_MASK(3)
            and (d.hands[leader] >> tc_highest64(alive & SPIDGE_SUIT_MASK(3))) & 1):
        found = 0
        gain = _g_draw_tricks(d, leader, s.count_side, not s.disabled & _CROSS_QUICK,
                              beta if counted else hi - alpha, &found)
        if (gain >= beta) if counted else (hi - gain <= alpha):
            rel[0] |= found
            return gain if counted else hi - gain
    return -1


cdef inline int _g_cash_most(mask_t alive, mask_t cards, mask_t hand, const int* capped) noexcept nogil:
    """The most tricks _g_cash_tricks may count for the side holding *cards*
    whose leader holds *hand*, given his runs as the quick tricks counted
    them (*capped*): in each plain suit only the hand holding the top card
    cashes, the leader his counted run, his partner at most the side's run."""
    cdef int suit, n = 0
    cdef mask_t live
    for suit in range(3):
        live = alive & SPIDGE_SUIT_MASK(suit)
        if live and not (hand >> tc_highest64(live)) & 1:
            n += _g_suit_count(_g_run_mask(cards, live), suit)
        else:
            n += capped[suit]
    return n


cdef int _g_sure_tricks(const spidge_state* d, int team, mask_t* rel) noexcept nogil:
    """Tricks the hands of *team* surely take, however anyone plays: the most
    sure trumps one of its hands holds (each falls in its own trick).  A spade
    is sure when no other hand holds a higher spade or a joker; a joker when
    it is the only one left and no other hand holds the other (two jokers in
    one trick cancel).  A plain card is never sure: it may be discarded.
    The spades from the other side's highest one up are added to *rel*."""
    cdef mask_t mine = 0, theirs = 0, sure, spades = SPIDGE_SUIT_MASK(3), top
    cdef int h, k, most = 0
    for h in range(4):
        if (team >> h) & 1:
            mine |= d.hands[h]
        else:
            theirs |= d.hands[h]
    if theirs & SPIDGE_JOKER_MASK:
        return 0
    sure = mine & SPIDGE_JOKER_MASK
    if _g_suit_count(sure, 4) != 1:
        sure = 0
    if theirs & spades:
        top = (<mask_t>1) << tc_highest64(theirs & spades)
        sure |= mine & spades & ~((top << 1) - 1)
        rel[0] |= (mine | theirs) & spades & ~(top - 1)
    else:
        sure |= mine & spades
    if not sure:
        return 0
    for h in range(4):
        if (team >> h) & 1:
            k = _g_suit_count(d.hands[h] & sure, 3) + _g_suit_count(d.hands[h] & sure, 4)
            if k > most:
                most = k
    return most


cdef int _g_spoiled_sure_tricks(const spidge_state* d, int team, bint ranked, mask_t* rel) noexcept nogil:
    """_g_spoiled_sure_tricks_of, the sides' cards worked out here."""
    cdef mask_t mine = 0, theirs = 0
    cdef int h
    for h in range(4):
        if (team >> h) & 1:
            mine |= d.hands[h]
        else:
            theirs |= d.hands[h]
    return _g_spoiled_sure_tricks_of(d, team, ranked, rel, mine, theirs)


cdef int _g_spoiled_sure_tricks_of(const spidge_state* d, int team, bint ranked, mask_t* rel,
                                   mask_t mine, mask_t theirs) noexcept nogil:
    """Tricks the hands of *team* surely take, however anyone plays, while
    the other side may hold jokers and (*ranked*) higher spades: for one hand
    of *team*, its m highest trumps less the spoilers -- the other side's
    jokers and (with *ranked*; else only m with none of them) its spades
    above the m-th; the most over the hands and m.  A hand's jokers count
    unless another hand of *team* holds the other joker (the two may fall in
    one trick and cancel).  Why: one hand's m cards fall in m different
    tricks, and such a trick goes to *team* unless a spoiler is in it --
    with no joker in it the highest spade wins, and a spade of the other
    side that beats one of the m cards is a spoiler; a single joker is a
    spoiler or one of *team*'s; two jokers cancel: for a spade of the m the
    highest spade decides as before, and beside a joker of the m the other
    joker is the other side's (no other hand of *team* holds it, and a hand
    plays one card a trick).  Each spoiler sits in one trick.
    The spades from the m-th up are added to *rel* (the jokers' holders and
    the suit lengths the entry keeps anyway).  (*mine* and *theirs*: the
    cards of *team* and of the other side.)
    The walk takes a hand's spades a block at a time, those between two
    spades of the other side (the same spoilers above each; the count
    grows down the block, so its lowest card is where it peaks)."""
    cdef mask_t spades = SPIDGE_SUIT_MASK(3), jokers, rest, c, low = 0, above_c, block
    cdef int h, m, v, above, spoilers, most = 0, hands = team & 15
    spoilers = _g_suit_count(theirs, 4)
    theirs &= spades
    while hands:
        h = tc_lowest64(hands)
        hands &= hands - 1
        jokers = d.hands[h] & SPIDGE_JOKER_MASK
        m = _g_suit_count(jokers, 4) if jokers == mine & SPIDGE_JOKER_MASK else 0
        if m - spoilers > most:
            most = m - spoilers
            low = 0
        rest = d.hands[h] & spades
        while rest:
            c = (<mask_t>1) << tc_highest64(rest)
            above_c = ~((c << 1) - 1)
            above = _g_suit_count(theirs & above_c, 3)
            if above and not ranked:
                break
            block = rest
            if theirs & ~above_c:  # the next spade of theirs below ends the block
                block &= ~((((<mask_t>1) << tc_highest64(theirs & ~above_c)) << 1) - 1)
            rest &= ~block
            m += _g_suit_count(block, 3)
            v = m - spoilers - above
            if v > most:
                most = v
                low = block & (~block + 1)
    if most > 0 and low:
        rel[0] |= (mine | theirs) & spades & ~(low - 1)
    return most


# The jokers and the partner's spades (the dealer's solve): on a side of two
# hands, let A hold every live joker (j of them) and k spades, and B, his
# partner, his m highest spades (M), m <= k; the other side's spades above
# the m-th of M are s.  The side takes at least j + m - s.  Each joker wins
# its trick (a single joker: A plays one card a trick and nobody else holds
# one); a trick with a card of M and no joker goes to the highest spade, so
# it is lost only to a spade above the m-th, and each such sits in one
# trick.  These j + m tricks are all different if no trick holds both a
# joker and a card of M, and the side can see to that: the one of A and B
# who plays second in a trick avoids it (A with a non-joker, B with a card
# not in M) unless all his legal cards are of that kind.  A leads a plain
# card where he has one, else a joker where B holds a spade not in M or no
# spade (so that B need not play a card of M, whatever suit the trick
# takes, wild jokers too), else a spade; following, he plays a spade only
# where B plays a card of M (else a joker or a plain card).  So A spends a
# spade only beside a card of M, and as k >= m he holds a spade -- a legal
# non-joker -- whenever B still holds a card of M.  It is what the side can
# make, so it bounds only where each side wants its own tricks.  B's m-th
# spade and the spades above it are relied on (the jokers' holders and the
# suit lengths an entry keeps).

cdef inline int _g_joker_partner_tricks(const spidge_state* d, int team, int floor, mask_t* rel) noexcept nogil:
    """Tricks *team* (two hands) surely takes by the jokers of one hand and
    the top spades of the other (see above), or 0 -- 0 too where that
    could not exceed *floor* (the count is then not made)."""
    cdef mask_t spades = SPIDGE_SUIT_MASK(3), jokers, rest, theirs, c, low = 0
    cdef int a, b, j, k, m = 0, v, best = 0
    jokers = (d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]) & SPIDGE_JOKER_MASK
    if not jokers or (team != 10 and team != 5):
        return 0
    a = 0 if team == 5 else 1  # the hand holding every live joker, if one does
    b = a + 2
    if d.hands[a] & SPIDGE_JOKER_MASK != jokers:
        a, b = b, a
        if d.hands[a] & SPIDGE_JOKER_MASK != jokers:
            return 0  # (a joker in each hand may cancel the other)
    j = G_POP13[jokers >> 52]
    k = G_POP13[(d.hands[a] >> 39) & 0x1FFF]
    rest = d.hands[b] & spades
    if j + min(k, G_POP13[rest >> 39]) <= floor:
        return 0
    theirs = (d.hands[a ^ 1] | d.hands[b ^ 1]) & spades
    while rest and m < k:
        c = (<mask_t>1) << tc_highest64(rest)
        rest &= ~c
        m += 1
        v = m - G_POP13[(theirs & ~((c << 1) - 1)) >> 39]
        if v > best:
            best = v
            low = c
    if low:
        rel[0] |= (d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]) & spades & ~(low - 1)
    return j + best


# The top spade against the jokers (a timing trick): on a side of two hands
# (the dealer's solve), let hand H hold the
# highest live spade S and t other spades, every live joker (j of them) sit
# in J, H's left-hand opponent (who plays right after H), and P, H's
# right-hand opponent, hold p spades; the jokers not wild.  If t >= j + p +
# l + e -- l = 1 where H's side is on lead, e = 1 where J holds a spade
# above H's second spade -- H's side takes a trick.  H keeps S and plays it
# where no joker can come after it: J led the trick with another card, or
# P led a plain suit that J must follow; else he follows suit, follows a
# trump lead with his lowest spade, discards a plain card, or (no plain
# card left) ruffs with his highest spade but S, and leads a plain card,
# else his lowest spade.  S so played wins (no other joker, no higher
# spade).  Say the other side takes every trick: it leads every trick
# after this one, and S falls where H must play it, beside a joker of J
# (at the last trick, or to a trump lead with no low spade left), so J
# plays at most j - 1 jokers before.  Count the tricks where H plays a low
# spade: this trick (l); a trump lead, by J a joker (his spade lead lets S
# win) or by P a spade; or a ruff, which past this trick only P's lead of
# a suit J lacks brings (where H cannot follow J's plain lead, S wins).
# J must overruff that ruff, with a joker or a spade above H's, and then
# leads jokers only: one such ruff at most, paid by J's joker or by e --
# H ruffs with his highest low spade, his second unless this trick took
# it, and then the other side beat his second here with a joker or a
# spade of P's or one of J's above it, which pays instead.  So t <= j - 1
# + p + l + e: a contradiction.  It counts what a side can make, so only
# under "most".
# The top spade is relied on, and where e was not needed, every spade from
# H's second up (the jokers' holders and the lengths the entry keeps).

cdef int _g_top_spade_trick(const spidge_state* d, int team, int leader, mask_t* rel) noexcept nogil:
    """1 if *team* surely takes a trick by its top spade against jokers
    all in the left-hand opponent of its holder (see above), else 0."""
    cdef mask_t spades = SPIDGE_SUIT_MASK(3), alive, jokers, top, second
    cdef int h, j, t, need
    if (team != 5 and team != 10) or d.flags & SPIDGE_OPT_WILD_JOKERS:
        return 0  # (H's neighbours must be the other side's)
    alive = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    jokers = alive & SPIDGE_JOKER_MASK
    if not jokers or not alive & spades:
        return 0
    top = (<mask_t>1) << tc_highest64(alive & spades)
    h = 0
    while not d.hands[h] & top:
        h += 1
    if not (team >> h) & 1 or d.hands[(h + 1) & 3] & SPIDGE_JOKER_MASK != jokers:
        return 0
    j = G_POP13[jokers >> 52]
    t = G_POP13[(d.hands[h] >> 39) & 0x1FFF] - 1
    need = j + G_POP13[(d.hands[(h + 3) & 3] >> 39) & 0x1FFF] + ((team >> leader) & 1)
    if t < need:
        return 0
    if t > need:
        rel[0] |= top
        return 1
    second = (<mask_t>1) << tc_highest64(d.hands[h] & spades & ~top)
    if d.hands[(h + 1) & 3] & spades & ~((second << 1) - 1):
        return 0
    rel[0] |= alive & spades & ~(second - 1)
    return 1


cdef inline int _g_side_sure(tc_solver* s, const spidge_state* d, int team, int need,
                             mask_t* rel, mask_t mine, mask_t theirs) noexcept nogil:
    """The sure trumps of *team* as the search counts them (the techniques
    of s.disabled off), or on a side of two hands the jokers and the
    partner's spades where they count more (only where each side wants its
    own tricks: the count is what the side can make, not what it cannot
    avoid) and could reach *need*, the count that cuts the search off (the
    cashing bound asks with the same *need*, so gets the same count); the
    cards the count taken relied on are added to *rel*.  (*mine*, *theirs*:
    the cards of *team* and of the other side.)"""
    cdef int sure, more
    cdef mask_t found = 0, other = 0
    if s.disabled & _SPOILED_SURE:
        sure = _g_sure_tricks(d, team, &found)
    else:
        sure = _g_spoiled_sure_tricks_of(d, team, not s.disabled & _RANKED_SURE, &found, mine, theirs)
    if s.max_side == s.count_side and not s.disabled & _G_JOKER_PARTNER:
        more = _g_joker_partner_tricks(d, team, max(sure, need - 1), &other)
        if more > sure:
            rel[0] |= other
            return more
    rel[0] |= found
    return sure


# The sure trumps remembered: a side's count (_g_side_sure) depends only on
# who holds which live spade and joker and on the count asked for, which
# change far less often than the trick starts come; a small table of counts
# a solve step (_g_value), by those, saves the walks where they recur.
ctypedef struct _g_memo:
    uint64_t trumps         # hand h's spades and jokers at bits 15 * h up
    uint32_t tag            # the side, the count asked for (0: an empty slot)
    int count
    mask_t rel

cdef enum:
    _G_MEMO_BITS = 10


cdef inline int _g_side_sure_memo(tc_solver* s, _g_memo* memo, const spidge_state* d, int team, int need,
                                  mask_t* rel, mask_t mine, mask_t theirs) noexcept nogil:
    """_g_side_sure, remembered in *memo* (NULL: not)."""
    cdef uint64_t trumps
    cdef uint32_t tag = <uint32_t>(team | (need << 4) | 4096)
    cdef _g_memo* e
    cdef mask_t found = 0
    cdef int count
    if memo == NULL:
        return _g_side_sure(s, d, team, need, rel, mine, theirs)
    trumps = ((d.hands[0] >> 39) | ((d.hands[1] >> 39) << 15) | ((d.hands[2] >> 39) << 30)
              | ((d.hands[3] >> 39) << 45))
    e = &memo[((trumps ^ (<uint64_t>tag << 49)) * <uint64_t>0x9E3779B97F4A7C15) >> (64 - _G_MEMO_BITS)]
    if e.trumps == trumps and e.tag == tag:
        rel[0] |= e.rel
        return e.count
    count = _g_side_sure(s, d, team, need, &found, mine, theirs)
    e.trumps = trumps
    e.tag = tag
    e.count = count
    e.rel = found
    rel[0] |= found
    return count


# -- Spidge partition search (DDS's winning ranks) ----------------------------------
#
# A search returns, beside its value, the cards whose ranks it relied on
# (*rel*): the winner of each trick that it won by rank over another card of
# its suit, the cards that the quick-trick and sure-trump bounds counted, and
# those of the table entries it took.  At a trick start the entry then keeps,
# for each suit, only the k highest live cards down to the lowest relied-on
# one ("the ranks that mattered", in relative terms) with their holders, and
# the suit lengths of each hand, the jokers' holders and the rule state
# (leader, first trick, spades broken, sides) exactly: the bound holds for
# every position that agrees on those.
#
# Why: let Q agree with P so.  Map P's live cards (the hands and the cards of
# the trick so far) to Q's, each suit of each hand in order: the top k of
# each suit map to the same top k, the others to cards below them, and a
# card keeps its suit and holder.  Legality depends only on suits and
# holders, so every line of play from P maps to one from Q.  A trick is won
# by a single joker, else by its only spade or only card of the suit led,
# else by comparing ranks within one suit -- and the winner is then a
# relied-on card, whose order against every other card of its suit the map
# keeps.  So each trick goes to the same hand, and each bound counted
# (quick tricks, sure trumps) counts at least as much in Q.  Where the
# search cut off, one card proved the bound and only its line's cards count;
# where it searched every card, every card of Q must be covered: a card that
# the move generator skipped as equivalent to a higher one of the same hand
# (no other live card between them) is, in Q, still equivalent to that
# card's image unless the map separated them -- which it can only do when
# the higher one is among the top k and the lower one is not, so then the
# whole run is relied on.  A map of the positions one card or one trick
# later is the restriction of this one, and relies on no more; the bound
# follows by induction.  tests/test_search_solve.py checks it against plain
# minimax, and a mutation (the trick winner not relied on) fails it.
#
# Where the entries live: in buckets of _BUCKET neighbouring slots, found by
# the suit lengths, the jokers' holders and the rule state; an entry that
# keeps the top card of every suit goes to a second, finer bucket salted
# with those cards' holders (else the many positions of one length pattern
# crowd into one bucket); a lookup scans both.  Beside the table, a byte a
# slot (_g_sig) hashes its entry's lengths, rule state and stamp: a lookup
# reads the 32 bytes of a bucket and only the few entries whose byte agrees
# (about 3 of 64 from the first lead), not 24 cache lines of entries.

# The slots of a bucket whose signature byte is *sb*, as bits (slot i: bit
# i): a whole bucket's 32 bytes by two SSE2 compares (every x86-64), else
# eight bytes compared at a time (SWAR; a byte at a time where the byte
# order is not known to be little-endian): the same slots in the same order
# as a byte-by-byte scan, without a branch a byte.
cdef extern from *:
    """
    #include <string.h>
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    static inline uint32_t tc_sig_hits(const uint8_t* sig, int size, uint8_t sb) {
        uint32_t hits = 0;
        int i;
    #if defined(__SSE2__)
        if (size == 32) {
            const __m128i pattern = _mm_set1_epi8((char)sb);
            uint32_t lo = (uint32_t)_mm_movemask_epi8(
                _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)sig), pattern));
            uint32_t hi = (uint32_t)_mm_movemask_epi8(
                _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(sig + 16)), pattern));
            return lo | (hi << 16);
        }
    #endif
    #if (defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) || defined(_M_X64) || defined(_M_ARM64)
        const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL, pattern = 0x0101010101010101ULL * sb;
        uint64_t x, zero;
        for (i = 0; i + 8 <= size; i += 8) {
            memcpy(&x, sig + i, 8);
            x ^= pattern;
            zero = ~(((x & low7) + low7) | x | low7);  /* the top bit of each byte that is 0 */
            hits |= (uint32_t)(((zero >> 7) * 0x0102040810204080ULL) >> 56) << i;
        }
        for (; i < size; i++)
            hits |= (uint32_t)(sig[i] == sb) << i;
    #else
        for (i = 0; i < size; i++)
            hits |= (uint32_t)(sig[i] == sb) << i;
    #endif
        return hits;
    }
    """
    uint32_t tc_sig_hits(const uint8_t* sig, int size, uint8_t sb) nogil


cdef uint8_t G_POP13[8192]   # the number of cards in a 13-bit suit (no popcount instruction assumed)
cdef uint64_t G_LENGTH_BIT[4][54]  # a card's 1 in _g_lengths when *hand* holds it (0: a joker)


cdef inline int _g_suit_count(mask_t cards, int suit) noexcept nogil:
    """How many cards of *suit* (4: the jokers) *cards* holds, by the table
    (tc_popcount64 is a call into libgcc on a build without -mpopcnt)."""
    return G_POP13[(cards >> (13 * suit)) & 0x1FFF]


cdef inline int _g_count(mask_t cards) noexcept nogil:
    """How many cards *cards* holds, by the table."""
    return (G_POP13[cards & 0x1FFF] + G_POP13[(cards >> 13) & 0x1FFF] + G_POP13[(cards >> 26) & 0x1FFF]
            + G_POP13[(cards >> 39) & 0x1FFF] + G_POP13[cards >> 52])


def _fill_spidge_tables():
    cdef int m, a, led, h
    for m in range(8192):
        G_POP13[m] = bin(m).count("1")
    for a in range(54):
        for h in range(4):
            G_LENGTH_BIT[h][a] = 0 if a >= 52 else (<uint64_t>1) << (16 * h + 4 * (a // 13))
        G_COST[a] = 28 if a >= 52 else (a - 26 if a >= 39 else a % 13)
        G_TIE[a] = 64 + a % 13 - 16 * (a // 13)
        for led in range(-1, 4):
            G_POWER[led + 1][a] = -1 if a >= 52 else (50 + a if a >= 39 else (20 + a if a // 13 == led else 0))


_fill_spidge_tables()


cdef inline uint64_t _g_lengths(const spidge_state* d) noexcept nogil:
    """Each hand's length in each suit, 4 bits each."""
    cdef uint64_t lengths = 0
    cdef int h, suit
    for h in range(4):
        for suit in range(4):
            lengths |= (<uint64_t>G_POP13[(d.hands[h] >> (13 * suit)) & 0x1FFF]) << (16 * h + 4 * suit)
    return lengths


cdef inline int _g_bucket_len(tc_solver* s) noexcept nogil:
    return _BUCKET if s.size_mask >= _BUCKET - 1 else <int>(s.size_mask + 1)


cdef inline tc_tt_entry* _g_bucket(tc_solver* s, uint64_t lengths, uint32_t extra) noexcept nogil:
    cdef uint64_t h = lengths * <uint64_t>0x9E3779B97F4A7C15 ^ extra * <uint64_t>0xFF51AFD7ED558CCD
    h ^= h >> 29
    return &s.table[h & s.size_mask & ~(<uint64_t>(_g_bucket_len(s) - 1))]


cdef inline uint8_t _g_sig(tc_solver* s, uint64_t lengths, uint32_t extra) noexcept nogil:
    """The signature byte of a slot (never 0, the byte of an empty slot):
    a hash of its entry's suit lengths, rule state and stamp.  A lookup reads
    an entry only where the byte agrees -- one cache line for the bucket
    instead of 24 -- and the full test still decides."""
    cdef uint64_t h = (lengths * <uint64_t>0xC2B2AE3D27D4EB4F
                       ^ (((<uint64_t>extra) << 32) | s.stamp) * <uint64_t>0x165667B19E3779F9)
    h ^= h >> 31
    h = (h * <uint64_t>0x9E3779B97F4A7C15) >> 56
    return <uint8_t>h if h else 1


cdef inline uint32_t _g_tops(const uint64_t* hands3, const int* total) noexcept nogil:
    """The holders of each suit's top live card (hands 0-2 from the relative
    holdings *hands3*, else hand 3), as a salt for the finer bucket."""
    cdef uint32_t tops = 1 << 28
    cdef int suit, h, bit
    for suit in range(4):
        if total[suit]:
            bit = 13 * suit + total[suit] - 1
            h = 0
            while h < 3 and not (hands3[h] >> bit) & 1:
                h += 1
            tops |= (<uint32_t>h) << (20 + 2 * suit)
    return tops


cdef inline bint _g_keeps_tops(uint64_t k01, uint64_t k23, const int* total) noexcept nogil:
    """Whether an entry keeps the top card of every suit with cards (then
    it lives in the finer bucket, salted with their holders)."""
    cdef uint64_t k = k01 | (k23 << 8)
    cdef int suit
    for suit in range(4):
        if total[suit] and not (k >> (4 * suit)) & 15:
            return False
    return True


cdef inline tc_tt_entry* _g_home(tc_solver* s, const tc_tt_entry* e) noexcept nogil:
    """The bucket of a stored entry (for a growing table)."""
    cdef int total[4]
    cdef int suit, h
    for suit in range(4):
        total[suit] = 0
        for h in range(4):
            total[suit] += (e.key[0] >> (16 * h + 4 * suit)) & 15
    if _g_keeps_tops((e.key[1] >> _K_SHIFT) & 0xFF, (e.key[2] >> _K_SHIFT) & 0xFF, total):
        return _g_bucket(s, e.key[0], e.extra | _g_tops(&e.key[1], total))
    return _g_bucket(s, e.key[0], e.extra)


# Ages in a grown table: there the buckets are full and the victim scan
# below read the stamps of all 32 entries (24 cache lines) for each store.
# A grown table's age bytes (s.sig + entries + slot) say it from one line:
# 0 or another stamp tag for a stale entry, else the current stamp's tag
# (its low 2 bits, the byte's top 2) and the cards played at the entry + 1
# (at most 52: 6 bits).  _grow sets them for the entries it moves into its
# new (zeroed) table and every store of a partition entry sets them after;
# should a grown table outlive its solve (_g_setup shrinks it first), the
# tags begin again every 4th stamp with the ages cleared (_new_search).  A
# table as made keeps no ages (the scan reads the stamps: few entries); nor
# does the scan read them with "bucket signatures" off (a test compares).

cdef inline uint8_t _g_age(tc_solver* s, int played) noexcept nogil:
    """The age byte of an entry of the current stamp with *played* cards."""
    return <uint8_t>(((s.stamp & 3) << 6) | (played + 1))


cdef inline tc_tt_entry* _g_victim(tc_solver* s, tc_tt_entry* bucket, const uint64_t* key) noexcept nogil:
    """The slot of a bucket for the entry of *key*: a stale one, else one of
    those nearest the end of the deal (their subtrees were the cheapest),
    the search starting at a slot that the key picks (a bucket's entries
    mostly have as many cards; the solve's history must not matter).  In a
    grown table, read off the slots' age bytes (above)."""
    cdef int i, size = _g_bucket_len(s), j, most = -1
    cdef int start = <int>(((key[0] * <uint64_t>0xC2B2AE3D27D4EB4F ^ key[1] ^ key[2])
                             * <uint64_t>0x9E3779B97F4A7C15) >> 58) & (size - 1)
    cdef const uint8_t* age
    cdef uint32_t tag, a
    cdef tc_tt_entry* e = NULL
    if s.size_mask > s.base_mask and not s.disabled & _SIGNATURES:
        age = s.sig + s.size_mask + 1 + (bucket - s.table)
        tag = (s.stamp & 3) << 6
        for i in range(size):
            j = (start + i) & (size - 1)
            a = age[j] ^ tag
            if a - 1 >= 63:  # 0 or another tag: stale
                return &bucket[j]
            if <int>a > most:
                most = a
                e = &bucket[j]
        return e
    for i in range(size):
        j = (start + i) & (size - 1)
        if bucket[j].stamp != s.stamp:
            return &bucket[j]
        if e == NULL or bucket[j].played > e.played:
            e = &bucket[j]
    return e


cdef inline mask_t _g_above(const int* total, int* top) noexcept nogil:
    """*top*: 13 * suit + its cards *total*, just above each suit's top
    relative rank; returns the sum of 2**top (for _g_rel_mask)."""
    cdef mask_t above = 0
    cdef int suit
    for suit in range(4):
        top[suit] = 13 * suit + total[suit]
        above += (<mask_t>1) << top[suit]  # a sum: a full suit's top is the next empty suit's
    return above


cdef inline mask_t _g_rel_mask(const tc_tt_entry* e, const int* top, mask_t above) noexcept nogil:
    """The relative ranks an entry keeps: each suit's top k, the bits from
    top[suit] - k up to top[suit] = 13 * suit + its cards: the sum of
    2**top[suit] (*above*, the position's) less that of 2**(top[suit] - k)."""
    return above - (((<mask_t>1) << (top[0] - <int>((e.key[1] >> _K_SHIFT) & 15)))
                    + ((<mask_t>1) << (top[1] - <int>((e.key[1] >> (_K_SHIFT + 4)) & 15)))
                    + ((<mask_t>1) << (top[2] - <int>((e.key[2] >> _K_SHIFT) & 15)))
                    + ((<mask_t>1) << (top[3] - <int>((e.key[2] >> (_K_SHIFT + 4)) & 15))))


cdef inline bint _g_part_matches(tc_solver* s, const tc_tt_entry* e, uint64_t lengths, uint32_t extra,
                                 const uint64_t* key, const int* top, mask_t above) noexcept nogil:
    cdef mask_t m, low = ((<mask_t>1) << _K_SHIFT) - 1
    if e.key[0] != lengths or e.extra != extra or e.stamp != s.stamp:
        return False
    m = _g_rel_mask(e, top, above)
    return ((key[0] & m) == (e.key[1] & low) and (key[1] & m) == (e.key[2] & low)
            and (key[2] & m) == (e.key[3] & low))


cdef inline mask_t _g_entry_rel(mask_t alive, mask_t m) noexcept nogil:
    """The cards an entry that matched relies on: the live cards *alive*
    (all held: a trick start) at the relative ranks *m* (_g_rel_mask)."""
    if G_FAST_PEXT:
        return tc_g_spread(m, alive)
    return _g_entry_rel_loop(alive, m)


cdef inline mask_t _g_entry_rel_loop(mask_t alive, mask_t m) noexcept nogil:
    """_g_entry_rel without PDEP: each suit's top cards, as many as *m* holds."""
    cdef mask_t out = 0
    cdef int suit
    for suit in range(4):
        out |= _g_top(alive & SPIDGE_SUIT_MASK(suit), G_POP13[(m >> (13 * suit)) & 0x1FFF])
    return out


cdef inline mask_t _g_rank_winner(mask_t cards, int c) noexcept nogil:
    """The winning card *c* of a whole trick (*cards*, as a mask) if it won
    by rank (another card of its suit in the trick), else 0 (a single
    joker, the only spade, the only card of the suit led)."""
    cdef mask_t same
    if c >= 52:
        return 0
    same = cards & SPIDGE_SUIT_MASK(c // 13)
    return (<mask_t>1) << c if same & (same - 1) else 0


cdef mask_t _g_runs_relied(const int* moves, int nm, mask_t legal, mask_t alive, mask_t rel) noexcept nogil:
    """*rel* with, for each card searched whose rank is relied on (at or
    above its suit's lowest relied-on card), the lowest card of the run of
    legal cards it stood for (*alive*: the cards held or in the trick)."""
    cdef mask_t r
    cdef int i, a, b, c
    for i in range(nm):
        a = moves[i]
        if a >= 52:
            continue
        r = rel & SPIDGE_SUIT_MASK(a // 13)
        if not r or tc_lowest64(r) > a:
            continue
        b = a
        c = a - 1
        while c >= 13 * (a // 13):
            if (alive >> c) & 1:
                if not (legal >> c) & 1:
                    break
                b = c
            c -= 1
        rel |= (<mask_t>1) << b
    return rel


# A trick held (inside a trick, before its last card): the trick so far
# holds no joker, its highest card is the counted side's, and no later
# hand of the other side may play a joker (it holds none, or the jokers are
# trumps, not wild, and it must follow the plain suit led) or holds a card
# that beats that card -- a higher card of the suit led, or, void in it, a
# higher spade (cards of one suit compare by power; a spade beats every
# plain card).  Then the counted side
# takes the trick whatever is played (a later hand of its own side that
# beats the card takes it for the side too, a joker of its own being the
# only one), so the value is at least 1.  The bound relies on the winning
# card where another card of its suit is in the trick or among the cards
# such a later hand may play (an entry then keeps the cards above it with
# their holders; the map of partition search keeps the order of the
# others against it), and
# on the lengths (who can follow, who holds a spade) and the jokers'
# holders, which an entry keeps anyway.
cdef inline bint _g_trick_held(const spidge_state* d, const _g_trick* t, int a, int hand, int pos,
                               int side, mask_t* rel) noexcept nogil:
    """Whether the counted side *side* surely takes the trick *t* (card *a*
    of *hand* just added at *pos*, not yet played); *rel*: the winning card
    where its rank is relied on (see above), else 0."""
    cdef int j, h, c, n = d.n_played
    cdef mask_t held, follow, others = 0
    if t.jokers or not (side >> t.best_hand) & 1:
        return False
    for j in range(1, 4 - pos):
        h = (hand + j) & 3
        if (side >> h) & 1:
            continue
        held = d.hands[h]
        follow = held & SPIDGE_SUIT_MASK(t.led)
        if held & SPIDGE_JOKER_MASK and (t.led == 3 or not follow or d.flags & SPIDGE_OPT_WILD_JOKERS):
            return False  # (a joker it may play; one that must follow a plain suit it cannot)
        others |= follow if follow else held  # the cards it may play
        if not follow:
            follow = held & SPIDGE_SUIT_MASK(3)
        if follow and G_POWER[t.led + 1][tc_highest64(follow)] > t.best:
            return False
    c = a if t.best_hand == hand else d.history[n - pos + ((t.best_hand - d.leaders[n >> 2]) & 3)]
    others |= (<mask_t>1) << a
    for j in range(pos):
        others |= (<mask_t>1) << d.history[n - 1 - j]
    rel[0] = (<mask_t>1) << c if others & SPIDGE_SUIT_MASK(c // 13) & ~((<mask_t>1) << c) else 0
    return True


cdef int _g_search(tc_solver* s, spidge_state* d, int alpha, int beta, mask_t* rel,
                   mask_t live, uint64_t lens, const _g_trick* tr, _g_memo* memo) noexcept nogil:
    """Fail-soft alpha-beta: the tricks of the counted hands from the current
    trick on; *rel* gets the cards whose ranks the value relied on.  The
    caller passes what it knows (a trick start finds the first and the last
    itself): *live*, the cards held or in the trick (_g_live), *lens*,
    _g_lengths(d), and *tr*, the trick so far (_g_trick_of); *memo*: the sure
    trumps remembered (NULL: none)."""
    cdef int n = d.n_played, pos = n & 3, hand, best, v, gain, i, nm, a, hi = 0, w, suit, k
    cdef int alpha0, beta0, trick = n >> 2, tt_move = -1, best_move = 0, quick
    cdef bint maximise, use_tt = False, part = not s.disabled & _PARTITION, cut = False, cashing
    cdef uint64_t key[4]
    cdef uint64_t lengths = 0, k01, k23, sums
    cdef uint32_t extra = 0, tops = 0
    cdef int level
    cdef int sure_mine = 0, sure_theirs = 0  # the sure trumps of the counted side and of the other
    cdef int most_mine, most_theirs, held, leader, plain = 0
    cdef int capped[3]
    cdef bint lead_counted
    cdef int lead_tops = 0
    cdef mask_t mine, theirs, sure_rel = 0
    cdef tc_tt_entry* e = NULL
    cdef tc_tt_entry* table = NULL
    cdef uint32_t hits
    cdef uint8_t sb = 0
    cdef bint scan_all = s.disabled & _SIGNATURES
    cdef int moves[16]
    cdef int total[4]
    cdef int top[4]  # 13 * suit + its cards: just above each suit's top relative rank
    cdef mask_t legal, child_rel, node_rel = 0, bound_rel, r, above
    cdef mask_t alive = 0  # 0 for gcc: the trick start sets it before the store reads it
    cdef mask_t trumps, trick_cards = 0
    cdef int broken
    cdef _g_trick t0, t
    rel[0] = 0
    if n == 52:
        return 0
    s.nodes += 1
    if _must_stop(s):
        return 0
    if s.node_limit and s.nodes >= s.node_limit:
        return 0  # the benchmark's cap: the solve is reported as unfinished
    if pos == 0:
        hi = 13 - trick
        if hi <= alpha:
            return hi
        if beta <= 0:
            return 0
        # Sure tricks of the side on lead bound the value from one side --
        # when each side wants tricks for itself ("most"); under "fewest"
        # nobody wants to cash winners.  The live cards and each side's are
        # worked out once for the bounds below.
        leader = d.leaders[trick]
        lead_counted = (s.count_side >> leader) & 1
        alive = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
        mine = 0
        most_mine = 0
        most_theirs = 0
        for k in range(4):
            # (neither count of a side's sure trumps exceeds the most
            # trumps one of its hands holds: each counts one hand's)
            held = G_POP13[(d.hands[k] >> 39) & 0x1FFF] + G_POP13[d.hands[k] >> 52]
            if (s.count_side >> k) & 1:
                mine |= d.hands[k]
                most_mine = max(most_mine, held)
            else:
                most_theirs = max(most_theirs, held)
        theirs = alive & ~mine
        quick = 0
        bound_rel = 0
        if s.max_side == s.count_side:
            quick = _g_quick_tricks(d, leader, s.count_side, &bound_rel, alive,
                                    theirs if lead_counted else mine, capped)
        if quick:
            if lead_counted:
                if quick >= beta:
                    rel[0] = bound_rel
                    return quick
            elif hi - quick <= alpha:
                rel[0] = bound_rel
                return hi - quick
        # A side's sure trumps are counted only when its most trumps in one
        # hand could reach the bound, or (the side on lead in the dealer's
        # solve) the cashing bound below could add them to a cut: the leader
        # holds as many plain cards as it then needs and the side may cash
        # them (_g_cash_most).  Else 0 stands in, which no bound after tells
        # apart from the count (the top spade's need 0 sure trumps anyway).
        cashing = (s.max_side == s.count_side and G_POP13[s.count_side] == 2
                   and (s.disabled & (_CROSS_QUICK | _CASH_THEN_TRUMPS)) != _CROSS_QUICK | _CASH_THEN_TRUMPS)
        if cashing:
            plain = _g_plain(d.hands[leader])
            lead_tops = _g_cash_most(alive, mine if lead_counted else theirs, d.hands[leader], capped)
        if not s.disabled & _SURE_TRUMPS:
            bound_rel = 0
            if most_mine < beta and not (cashing and lead_counted and beta - most_mine <= plain
                                         and lead_tops + most_mine >= beta
                                         and not s.disabled & _CASH_THEN_TRUMPS):
                quick = 0
            else:
                quick = _g_side_sure_memo(s, memo, d, s.count_side, beta, &bound_rel, mine, theirs)
                if lead_counted:
                    sure_rel = bound_rel  # the cashing bound's, if it adds them
            sure_mine = quick
            if quick >= beta:
                rel[0] = bound_rel
                return quick
            bound_rel = 0
            if most_theirs < hi - alpha and not (cashing and not lead_counted and hi - alpha - most_theirs <= plain
                                                 and lead_tops + most_theirs >= hi - alpha
                                                 and not s.disabled & _CASH_THEN_TRUMPS):
                quick = hi
            else:
                quick = hi - _g_side_sure_memo(s, memo, d, 15 & ~s.count_side, hi - alpha, &bound_rel, theirs,
                                                 mine)
                if not lead_counted:
                    sure_rel = bound_rel
            sure_theirs = hi - quick
            if quick <= alpha:
                rel[0] = bound_rel
                return quick
        if (s.max_side == s.count_side and G_POP13[s.count_side] == 2
                and not s.disabled & _G_TOP_SPADE_LHO):
            # A trick by the top spade against the jokers (the dealer's
            # solve), where one trick is what the cut needs and the sure
            # trumps found none.
            bound_rel = 0
            if sure_theirs == 0 and alpha >= hi - 1 and _g_top_spade_trick(
                    d, 15 & ~s.count_side, leader, &bound_rel):
                rel[0] = bound_rel
                return hi - 1
            if sure_mine == 0 and beta <= 1 and _g_top_spade_trick(d, s.count_side, leader, &bound_rel):
                rel[0] = bound_rel
                return 1
        if cashing:
            # The dealer's solve: cashing top cards, then the sure trumps.
            bound_rel = 0
            quick = _g_cashing_bound(s, d, trick, hi, alpha, beta, sure_mine, sure_theirs, &bound_rel,
                                     capped, lead_tops, plain, sure_rel, alive,
                                     theirs if lead_counted else mine)
            if quick >= 0:
                rel[0] = bound_rel
                return quick
        use_tt = True
        if s.nodes >= s.grow_at:
            _grow(s, part)
        table = s.table
        _g_key(d, key)
        extra = d.leaders[trick] | ((n == 0) << 2) | (s.count_side << 4) | (s.max_side << 8)
        if (d.flags & SPIDGE_OPT_SPADES_MUST_BE_BROKEN) and d.trumps_broken_at < trick:
            extra |= 1 << 3
        if part:
            # The bucket of the hands' suit lengths, the jokers' holders and
            # the rule state; an entry there matches when the holders of the
            # relative ranks it keeps agree (only null windows come here, so
            # an entry either decides or only suggests its card).
            lengths = lens
            sums = lens + (lens >> 16) + (lens >> 32) + (lens >> 48)  # each suit's cards (at most 13: a nibble)
            for k in range(4):
                extra |= (<uint32_t>G_POP13[(d.hands[k] >> 52) & 3]) << (12 + 2 * k)
                total[k] = (sums >> (4 * k)) & 15
            above = _g_above(total, top)
            tops = _g_tops(key, total)
            sb = _g_sig(s, lengths, extra)
            for level in range(2):
                # The finer bucket holds the entries that keep every suit's
                # top card; the coarse one the others.
                e = _g_bucket(s, lengths, extra | tops) if level else _g_bucket(s, lengths, extra)
                if scan_all:
                    hits = <uint32_t>(((<uint64_t>1) << _g_bucket_len(s)) - 1)
                else:
                    hits = tc_sig_hits(s.sig + (e - s.table), _g_bucket_len(s), sb)
                while hits:
                    i = tc_lowest64(hits)
                    hits &= hits - 1
                    if _g_part_matches(s, &e[i], lengths, extra, key, top, above):
                        if e[i].lower >= beta:
                            rel[0] = _g_entry_rel(alive, _g_rel_mask(&e[i], top, above))
                            return e[i].lower
                        if e[i].upper <= alpha:
                            rel[0] = _g_entry_rel(alive, _g_rel_mask(&e[i], top, above))
                            return e[i].upper
                        if tt_move < 0:
                            tt_move = e[i].move
        else:
            e = _slot(s, key, extra, n)
            if _probe(s, e, key, extra, &alpha, &beta, &tt_move):
                return alpha
    alpha0 = alpha
    beta0 = beta
    hand = (d.leaders[trick] + pos) & 3
    maximise = (s.max_side >> hand) & 1
    if pos == 0:
        live = alive  # (the trick start's: no card in the trick yet)
        _g_trick_start(&t0, hand)
    else:
        t0 = tr[0]
    legal = _g_legal(d, hand, pos, trick)
    nm = _g_moves(s, d, legal, live, &t0, pos, hand, s.max_side, moves)
    if tt_move >= 0:
        _first(moves, nm, tt_move)
    best = -_INF if maximise else _INF
    trumps = _g_trumps(d)
    broken = d.trumps_broken_at
    w = 0
    if pos == 3:  # the trick's first three cards, for each last card's trick
        for k in range(3):
            trick_cards |= (<mask_t>1) << d.history[n - 3 + k]
    for i in range(nm):
        a = moves[i]
        t = t0
        _g_trick_add(&t, a, hand)
        if pos == 3:
            w = _g_trick_winner(&t)
            gain = (s.count_side >> w) & 1
            if gain >= beta and not s.disabled & _G_WON_ENOUGH:
                # The trick gives the counted side what the window asks
                # for: the trick start after it would return 0 at once
                # (beta - gain <= 0, and alpha - gain < 0 <= its tricks
                # left).  It is counted as visited, and polled, as it was.
                if n < 51:
                    s.nodes += 1
                    _must_stop(s)
                v = gain
                child_rel = 0
            else:
                _g_play(d, a, hand, trumps, broken, w)
                v = gain + _g_search(s, d, alpha - gain, beta - gain, &child_rel, 0,
                                     lens - G_LENGTH_BIT[hand][a], NULL, memo)
                _g_undo(d, hand, broken, w)
            if part:
                child_rel |= _g_rank_winner(trick_cards | ((<mask_t>1) << a),
                                            a if w == hand else d.history[n - 3 + ((w - d.leaders[trick]) & 3)])
        elif beta <= 1 and not s.disabled & _G_TRICK_HELD and _g_trick_held(d, &t, a, hand, pos, s.count_side,
                                                                          &child_rel):
            # The counted side takes this trick whatever the later hands
            # play, and one trick is all the window asks for.
            v = 1
        else:
            _g_play(d, a, hand, trumps, broken, w)
            v = _g_search(s, d, alpha, beta, &child_rel, live, lens - G_LENGTH_BIT[hand][a], &t, memo)
            _g_undo(d, hand, broken, w)
        if maximise:
            if v > best:
                best = v
                best_move = a
                if best > alpha:
                    alpha = best
        else:
            if v < best:
                best = v
                best_move = a
                if best < beta:
                    beta = best
        if alpha >= beta:
            # This card alone proves the bound: only its line's ranks count.
            node_rel = child_rel
            cut = True
            break
        node_rel |= child_rel
    if part and not cut:
        node_rel = _g_runs_relied(moves, nm, legal, live, node_rel)
    rel[0] = node_rel
    if use_tt:
        if s.table != table:  # the table grew below: find the entry again
            e = _slot(s, key, extra, n) if not part else NULL
        if part:
            # Each suit's top k down to the lowest relied-on card, k kept
            # beside the holders of those ranks (hand 3's are the rest).
            r = 0
            k01 = 0
            k23 = 0
            for suit in range(4):
                k = 0
                if node_rel & SPIDGE_SUIT_MASK(suit):
                    k = G_POP13[((alive & ~(((<mask_t>1) << tc_lowest64(node_rel & SPIDGE_SUIT_MASK(suit))) - 1))
                                 >> (13 * suit)) & 0x1FFF]
                    r |= (((<mask_t>1) << k) - 1) << (13 * suit + total[suit] - k)
                if suit < 2:
                    k01 |= (<uint64_t>k) << (4 * suit)
                else:
                    k23 |= (<uint64_t>k) << (4 * (suit - 2))
            _g_part_store(s, d, lengths, extra, tops if _g_keeps_tops(k01, k23, total) else 0,
                          key, r, k01, k23, best, alpha0, beta0, hi, best_move, n)
        else:
            _store(s, e, key, extra, best, alpha0, beta0, hi, best_move, n)
    return best


cdef void _g_part_store(tc_solver* s, const spidge_state* d, uint64_t lengths, uint32_t extra,
                        uint32_t tops, const uint64_t* key, mask_t r, uint64_t k01, uint64_t k23,
                        int best, int alpha, int beta, int hi, int move, int played) noexcept nogil:
    """Store a bound under the relied-on ranks *r* (relative, hands 0-2's
    holdings of them in the key words, with each suit's k), in the finer
    bucket salted with *tops* when it is not 0."""
    cdef uint64_t word[4]
    cdef tc_tt_entry* bucket = _g_bucket(s, lengths, extra | tops)
    cdef tc_tt_entry* e = NULL
    cdef uint8_t* sig = s.sig + (bucket - s.table)
    cdef uint8_t sb = _g_sig(s, lengths, extra)
    cdef bint scan_all = s.disabled & _SIGNATURES
    cdef uint32_t hits
    cdef int i
    word[0] = lengths
    word[1] = (key[0] & r) | (k01 << _K_SHIFT)
    word[2] = (key[1] & r) | (k23 << _K_SHIFT)
    word[3] = key[2] & r
    hits = (<uint32_t>(((<uint64_t>1) << _g_bucket_len(s)) - 1) if scan_all
            else tc_sig_hits(sig, _g_bucket_len(s), sb))
    while hits:
        i = tc_lowest64(hits)
        hits &= hits - 1
        if _matches(s, &bucket[i], word, extra):
            e = &bucket[i]
            break
    if e == NULL:
        e = _g_victim(s, bucket, key)
        e.stamp = 0  # a new entry (_store fills it)
        sig[e - bucket] = sb
    _store(s, e, word, extra, best, alpha, beta, hi, move, played)
    if s.size_mask > s.base_mask:
        s.sig[s.size_mask + 1 + (e - s.table)] = _g_age(s, played)


cdef int _g_value(tc_solver* s, spidge_state* d) noexcept nogil:
    cdef int g, lower = 0, upper = 13 - (d.n_played >> 2), b, h, taken = 0
    cdef mask_t rel
    cdef _g_trick t
    cdef _g_memo memo[1 << _G_MEMO_BITS]
    # (not for a short ending: there clearing the counts would cost more)
    cdef bint remember = not s.disabled & _G_SURE_MEMO and d.n_played <= 32
    _g_trick_of(d, &t)
    if remember:
        memset(memo, 0, sizeof(memo))
    for h in range(4):
        if (s.count_side >> h) & 1:
            taken += d.tricks[h]
    g = lower
    if s.guess >= 0 and not s.disabled & _SIBLING_GUESS:
        g = min(max(s.guess - taken, lower), upper)
    while lower < upper:
        b = g + 1 if g == lower else g
        g = _g_search(s, d, b - 1, b, &rel, _g_live(d), _g_lengths(d), &t, memo if remember else NULL)
        if g < b:
            upper = g
        else:
            lower = g
    return taken + lower


cdef void _g_setup(tc_solver* s, const spidge_state* d, int hand, int objective) noexcept nogil:
    _new_search(s)
    s.options = d.flags
    s.dynamic = 0
    s.measure = _MEASURE_TRICKS
    _shrink(s)
    s.grow_at = s.nodes + _GROW_AFTER * (s.size_mask + 1)
    # The dealer (hand 3) plays the dummy (hand 1) for himself; any other
    # hand has the dealer playing the dummy against it.
    s.count_side = (1 << 3) | (1 << 1) if hand == 3 else 1 << hand
    s.max_side = s.count_side if objective == SOLVE_MOST else 15 & ~s.count_side
    s.guess = -1


cdef int spidge_solve(tc_solver* s, const spidge_state* d, int hand, int objective) noexcept nogil:
    cdef spidge_state work = d[0]
    cdef int value
    _g_setup(s, d, hand, objective)
    value = _g_value(s, &work)
    _shrink(s)
    return value


cdef int spidge_solve_moves(tc_solver* s, const spidge_state* d, int hand, int objective,
                            int* values) noexcept nogil:
    cdef int value = _g_solve_moves(s, d, hand, objective, values)
    _shrink(s)
    return value


cdef int _g_solve_moves(tc_solver* s, const spidge_state* d, int hand, int objective,
                        int* values) noexcept nogil:
    """spidge_solve_moves, the table left as the solve left it (for the
    principal variation that follows, which reads its entries)."""
    cdef spidge_state work = d[0]
    cdef mask_t legal = spidge_legal(d), alive
    cdef int moves[16]
    cdef int a, i, k, nm, v, best, pos = d.n_played & 3, mover = spidge_to_move(d), suit
    cdef bint maximise
    cdef _g_trick t0
    _g_setup(s, d, hand, objective)
    maximise = (s.max_side >> mover) & 1
    for a in range(54):
        values[a] = SOLVE_NOT_LEGAL
    _g_trick_of(d, &t0)
    nm = _g_moves(s, &work, legal, _g_live(d), &t0, pos, mover, s.max_side, moves)
    best = -_INF if maximise else _INF
    for i in range(nm):
        spidge_play(&work, moves[i])
        v = _g_value(s, &work)
        spidge_undo(&work)
        values[moves[i]] = v
        s.guess = v  # the next card's value is often the same
        if (maximise and v > best) or (not maximise and v < best):
            best = v
    alive = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    for i in range(pos):
        alive |= (<mask_t>1) << d.history[d.n_played - 1 - i]
    for suit in range(5):
        v = SOLVE_NOT_LEGAL
        for k in range(13 if suit < 4 else 2):
            a = 13 * suit + 12 - k if suit < 4 else 53 - k
            if not (alive >> a) & 1:
                continue
            if (legal >> a) & 1:
                if values[a] == SOLVE_NOT_LEGAL:
                    values[a] = v
                v = values[a]
            else:
                v = SOLVE_NOT_LEGAL
    return best


# -- principal variations ---------------------------------------------------------------

cdef int _g_pv(tc_solver* s, spidge_state* d, int value, uint8_t* out) noexcept nogil:
    """Follow optimal cards from *d* to the end of the deal; return how many.
    The table returns to its size as made at the end."""
    cdef int moves[16]
    cdef int n = 0, nm, i = 0, v  # i: a deal in play has a legal card, so the loop sets it
    cdef _g_trick t0
    s.guess = value
    while d.n_played < 52:
        _g_trick_of(d, &t0)
        nm = _g_moves(s, d, spidge_legal(d), _g_live(d), &t0, d.n_played & 3, spidge_to_move(d), s.max_side,
                      moves)
        for i in range(nm):
            spidge_play(d, moves[i])
            v = _g_value(s, d)
            if v == value or i == nm - 1:
                break
            spidge_undo(d)
        out[n] = <uint8_t>moves[i]
        n += 1
    _shrink(s)
    return n

