# cython: language_level=3, binding=True, embedsignature=True
"""The Spitzer double-dummy search (compiled, C level only): card points or
the score, alpha-beta with its table, bounds and move ordering
(trickcore._solve's docstring describes the search and its values).
_solve_spitzer.pxd declares what other modules call."""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

from trickcore._cards cimport tc_lowest64, tc_highest64
from trickcore._spitzer cimport (
    spitzer_card, spitzer_declarers, spitzer_game_type, spitzer_announcer, spitzer_leader,
    spitzer_legal, spitzer_play, spitzer_undo, spitzer_to_move, spitzer_called_ace,
    SPITZER_SUIT, SPITZER_STRENGTH, SPITZER_POINTS, SPITZER_SCORING,
    SP_ACE_CALL_CLUBS, SP_VOID_CALL, SP_GAME_FIRST_TRICK_CALL, SP_GAME_VOID_CALL,
)
from trickcore._solve_table cimport (
    tc_tt_entry, SOLVE_POINTS, SOLVE_NOT_LEGAL, _INF, _MEASURE_POINTS, _MEASURE_TRICKS,
    _SURE_TRUMPS, _RELATIVE_KEY, _LAST_TRICK, _BISECTION, _COLUMN_GUESS, _SUIT_SKIP, _RUN_KEY,
    _SURE_TRICK_CARDS, _RANK_WALK, _DIRECT_BISECTION, _Z_TRICK_GUESS, _Z_LAST_TWO, _Z_DOMINATED,
    _new_search, _hash, _slot, _probe, _store, _must_stop, _first,
)


cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define TC_PREFETCH(address) __builtin_prefetch(address)
    #else
    #define TC_PREFETCH(address) ((void)(address))
    #endif
    """
    void TC_PREFETCH(const void* address) nogil


# -- Spitzer ------------------------------------------------------------------------

# Tables by dense action, filled at import: effective suit, strength, points,
# and each effective suit's cards from the highest down.
cdef signed char Z_SUIT[32]
cdef signed char Z_STRENGTH[32]
cdef signed char Z_POINTS[32]
cdef int Z_ORDER[5][14]
cdef int Z_ORDER_N[5]
cdef int Z_BYTE_POINTS[256]   # card points of one printed suit's byte of a dense mask
cdef uint32_t Z_ABOVE[32]     # the cards of the same effective suit that beat a card
cdef uint32_t Z_BEATEN[32]    # the cards that beat a card: Z_ABOVE, and every trump over a fail card
cdef uint32_t Z_SUIT_MASK[5]  # the cards of each effective suit
cdef int Z_POINT_CLASS[32]    # 0..5: the card's points among 0, 2, 3, 4, 10, 11
cdef uint32_t Z_CLASS_MASK[6]  # the cards of each point class
cdef int Z_CLASS_POINTS[6]
cdef int Z_KEY_WORD[5]        # where each effective suit starts in the table key
cdef int Z_KEY_SHIFT[5]
cdef int Z_POP8[256]          # bits set in a byte
# The rank layout: the cards as bits, each effective suit's together from its
# lowest card up, so that a card's neighbours in its suit are its neighbouring bits.
cdef uint32_t Z_BY_RANK[4][256]   # a byte of a dense mask in the rank layout
cdef signed char Z_RANK_CARD[32]  # the card of each bit of the rank layout
cdef uint32_t Z_RANK_SUIT[5]      # each effective suit's bits
cdef uint32_t Z_RANK_ABOVE[32]    # the bits above one in its suit
cdef signed char Z_RANK_OF[32]    # the bit of each card in the rank layout
cdef signed char Z_RANK_SUIT_OF[32]  # the effective suit of each bit (suits lie from bit 0 up in order)
# By bit of the rank layout (the trick guess's tables): the card's points,
# what playing it costs (its strength, a trump's above every fail card's),
# and the bits of the cards that beat it.
cdef signed char Z_RANK_POINTS[32]
cdef signed char Z_RANK_COST[32]
cdef uint32_t Z_RANK_BEATEN[32]
cdef int Z_RANK_TOP_POINTS[2][256]   # points of the rank layout's top two bytes (the trumps')
# Runs of two or more cards of one effective suit, next to each other in
# order and worth the same points (9-8-7, the jacks...), and the cards whose
# being alive (or dead) a run needs: with the Spitzer dead, Q-clubs joins the
# other queens.
cdef int Z_RUN_N
cdef uint32_t Z_RUN_MASK[16]
cdef uint32_t Z_RUN_IF_ALIVE[16]
cdef uint32_t Z_RUN_IF_DEAD[16]
# A run packed by table: its cards lie within five bits of the rank layout
# from Z_RUN_LOW up (Z_RUN_PLACES: which of the five); bit k of
# Z_RUN_PACKED[run] says whether live cards k of them are packed already
# (the run's first cards); Z_RUN_PACK[run][live * 32 + held] is where a
# hand's *held* cards of those five bits go once the *live* ones are moved up
# (in the same five bits), Z_RUN_DENSE[run][bits] those bits as a dense mask.
cdef int Z_RUN_LOW[16]
cdef uint32_t Z_RUN_PLACES[16]
cdef uint32_t Z_RUN_PACKED[16]
cdef uint8_t Z_RUN_PACK[16][1024]
cdef uint32_t Z_RUN_DENSE[16][32]
# The runs not packed, found all at once: a run is packed unless a live card
# of it lies right below a dead one (bits of the rank layout).  Z_RUN_ADJ[c]:
# the bits whose next bit up is of the same run, with the lone card (the
# Spitzer, Z_RUN_LONE: between two runs that are one once it is dead) dead
# (c = 0) or alive (c = 1); while it is dead its bit stands for the card
# above it.  Z_RUN_AT[c][bit]: the run of a bit, Z_RUN_SPAN its bits.
cdef uint32_t Z_RUN_LONE
cdef uint32_t Z_RUN_ADJ[2]
cdef signed char Z_RUN_AT[2][32]
cdef uint32_t Z_RUN_SPAN[16]


def _fill_spitzer_tables():
    cdef int a, s, k, b
    for s in range(5):
        Z_ORDER_N[s] = 0
    for a in range(32):
        Z_SUIT[a] = SPITZER_SUIT[spitzer_card(a)]
        Z_STRENGTH[a] = SPITZER_STRENGTH[spitzer_card(a)]
        Z_POINTS[a] = SPITZER_POINTS[spitzer_card(a)]
    for s in range(5):
        ordered = sorted((a for a in range(32) if Z_SUIT[a] == s), key=lambda a: -Z_STRENGTH[a])
        for k, a in enumerate(ordered):
            Z_ORDER[s][k] = a
            Z_ABOVE[a] = sum(1 << b for b in ordered[:k])
        Z_ORDER_N[s] = len(ordered)
        Z_SUIT_MASK[s] = sum(1 << b for b in ordered)
    for a in range(32):
        Z_BEATEN[a] = Z_ABOVE[a] | (Z_SUIT_MASK[4] if Z_SUIT[a] != 4 else 0)
    for k in range(6):
        Z_CLASS_POINTS[k] = (0, 2, 3, 4, 10, 11)[k]
        Z_CLASS_MASK[k] = 0
    for a in range(32):
        Z_POINT_CLASS[a] = (0, 2, 3, 4, 10, 11).index(Z_POINTS[a])
        Z_CLASS_MASK[Z_POINT_CLASS[a]] |= (<uint32_t>1) << a
    for s, (k, b) in enumerate(((0, 0), (0, 0), (0, 30), (1, 0), (2, 0))):
        Z_KEY_WORD[s] = k
        Z_KEY_SHIFT[s] = b
    for b in range(256):
        Z_BYTE_POINTS[b] = sum(Z_POINTS[k] for k in range(8) if b >> k & 1)
        Z_POP8[b] = bin(b).count("1")
    rank_of = {}
    for s in range(5):
        base = len(rank_of)
        Z_RANK_SUIT[s] = ((1 << Z_ORDER_N[s]) - 1) << base
        for k in range(Z_ORDER_N[s]):
            rank_of[Z_ORDER[s][k]] = base + Z_ORDER_N[s] - 1 - k
    assert sorted(rank_of.values()) == list(range(32))
    for a, q in rank_of.items():
        Z_RANK_CARD[q] = a
        Z_RANK_ABOVE[q] = Z_RANK_SUIT[Z_SUIT[a]] & ~((2 << q) - 1)
        Z_RANK_OF[a] = q
        Z_RANK_SUIT_OF[q] = Z_SUIT[a]
        Z_RANK_POINTS[q] = Z_POINTS[a]
        Z_RANK_COST[q] = Z_STRENGTH[a] + (8 if Z_SUIT[a] == 4 else 0)
        Z_RANK_BEATEN[q] = Z_RANK_ABOVE[q] | (Z_RANK_SUIT[4] if Z_SUIT[a] != 4 else 0)
    assert not Z_RANK_SUIT[4] & 0xFFFF    # the trumps in the top two bytes (_z_sure_measure)
    for k in range(2):
        for b in range(256):
            Z_RANK_TOP_POINTS[k][b] = sum(Z_RANK_POINTS[16 + 8 * k + j] for j in range(8) if b >> j & 1)
    for k in range(4):
        for b in range(256):
            Z_BY_RANK[k][b] = sum(1 << rank_of[8 * k + j] for j in range(8) if b >> j & 1)
    orders = []
    for s in range(5):
        orders.append([])
        for k in range(Z_ORDER_N[s]):
            orders[s].append(Z_ORDER[s][k])
    points = []
    for a in range(32):
        points.append(Z_POINTS[a])
    runs = _spitzer_runs(orders, points)
    assert len(runs) <= 16 and all(len(r[0]) <= 5 for r in runs)
    global Z_RUN_N
    Z_RUN_N = len(runs)
    for k in range(Z_RUN_N):
        cards, needs_alive_mask, needs_dead_mask = runs[k]
        Z_RUN_MASK[k] = _bits(cards)
        Z_RUN_IF_ALIVE[k] = needs_alive_mask
        Z_RUN_IF_DEAD[k] = needs_dead_mask
        # The run's cards from the highest down, as bits of its five.
        low = rank_of[cards[len(cards) - 1]]
        places = [rank_of[card] - low for card in cards]
        assert places == sorted(places, reverse=True) and places[0] < 5
        Z_RUN_LOW[k] = low
        Z_RUN_PLACES[k] = _bits(places)
        Z_RUN_PACKED[k] = sum(1 << _bits(places[:b]) for b in range(len(places) + 1))
        for b in range(32):
            Z_RUN_DENSE[k][b] = sum(1 << card for card, place in zip(cards, places) if b >> place & 1)
        for live in range(32):
            # The j-th live card from the top goes to the run's j-th place.
            moved = dict(zip([place for place in places if live >> place & 1], places))
            for b in range(32):
                Z_RUN_PACK[k][live * 32 + b] = sum(1 << moved[place] for place in moved if b >> place & 1)
    lone = {runs[k][2] for k in range(Z_RUN_N) if runs[k][2]}
    assert len(lone) <= 1 and all(bin(m).count("1") == 1 for m in lone)
    global Z_RUN_LONE
    Z_RUN_LONE = sum(1 << rank_of[tc_lowest64(m)] for m in lone)
    for c in range(2):
        Z_RUN_ADJ[c] = 0
        for b in range(32):
            Z_RUN_AT[c][b] = -1
        for k in range(Z_RUN_N):
            cards, needs_alive_mask, needs_dead_mask = runs[k]
            if (needs_alive_mask and not c) or (needs_dead_mask and c):
                continue
            ranks = sorted(rank_of[card] for card in cards)
            Z_RUN_SPAN[k] = ((2 << ranks[len(ranks) - 1]) - 1) ^ ((1 << ranks[0]) - 1)
            for i in range(len(ranks) - 1):
                if ranks[i + 1] == ranks[i] + 1:
                    Z_RUN_ADJ[c] |= 1 << ranks[i]
                else:  # across the dead lone card, which stands for the card above it
                    assert ranks[i + 1] == ranks[i] + 2 and Z_RUN_LONE == 1 << (ranks[i] + 1) and not c
                    Z_RUN_ADJ[c] |= 3 << ranks[i]
            for b in range(ranks[0], ranks[len(ranks) - 1] + 1):
                assert Z_RUN_AT[c][b] < 0
                Z_RUN_AT[c][b] = k


def _bits(cards):
    return sum(1 << card for card in cards)


def _spitzer_runs(orders, points):
    """(cards, cards that must be alive, cards that must be dead) of each run:
    two or more cards next to each other in an effective suit's order, worth
    the same points."""
    runs = []
    for order in orders:
        groups = []
        for card in order:
            if groups and points[groups[len(groups) - 1][0]] == points[card]:  # (no wraparound)
                groups[len(groups) - 1].append(card)
            else:
                groups.append([card])
        needs_alive = [0] * len(groups)
        for i in range(1, len(groups) - 1):
            if len(groups[i]) == 1 and points[groups[i - 1][0]] == points[groups[i + 1][0]]:
                # A lone card between two groups of equal points: once it is
                # dead, they are one run.
                assert not needs_alive[i - 1] and not needs_alive[i + 1]
                runs.append((groups[i - 1] + groups[i + 1], 0, 1 << groups[i][0]))
                needs_alive[i - 1] = needs_alive[i + 1] = 1 << groups[i][0]
        runs.extend((group, needs_alive[i], 0) for i, group in enumerate(groups) if len(group) > 1)
    return runs


_fill_spitzer_tables()


cdef inline uint32_t _z_by_rank(uint32_t m) noexcept nogil:
    """Dense mask *m* in the rank layout."""
    return (Z_BY_RANK[0][m & 0xFF] | Z_BY_RANK[1][(m >> 8) & 0xFF]
            | Z_BY_RANK[2][(m >> 16) & 0xFF] | Z_BY_RANK[3][m >> 24])


cdef inline int _z_mask_points(uint32_t m) noexcept nogil:
    return (Z_BYTE_POINTS[m & 0xFF] + Z_BYTE_POINTS[(m >> 8) & 0xFF]
            + Z_BYTE_POINTS[(m >> 16) & 0xFF] + Z_BYTE_POINTS[m >> 24])


cdef inline int _z_pop(uint32_t m) noexcept nogil:
    """The cards in a mask, by table: x86 builds without -mpopcnt make
    tc_popcount64 a call into libgcc (6 % of a solve's time in a profile)."""
    return Z_POP8[m & 0xFF] + Z_POP8[(m >> 8) & 0xFF] + Z_POP8[(m >> 16) & 0xFF] + Z_POP8[m >> 24]


cdef inline uint32_t _z_sure(uint32_t mine, uint32_t theirs) noexcept nogil:
    """The trumps of *mine* that no card of *theirs* can beat (both in the
    rank layout): wherever one is played, the trick goes to a holder of
    *mine*.  The trumps are the layout's top bits in order, so those are
    mine above their highest trump.  (A fail card is never sure: it may
    have to be discarded to a trick of another suit.)"""
    return mine & Z_RANK_SUIT[4] & ~((<uint32_t>2 << tc_highest64((theirs & Z_RANK_SUIT[4]) | 1)) - 1)


cdef inline int _z_cheapest(uint32_t hand, int k) noexcept nogil:
    """The fewest points *k* cards of *hand* can be worth (counted only
    where the cheapest class may not hold them all: *k* is mostly 1 or 2)."""
    cdef int c, m, total = 0
    cdef uint32_t cards
    if k <= 0:
        return 0
    for c in range(6):
        cards = hand & Z_CLASS_MASK[c]
        if not cards:
            continue
        if k == 1 or (k == 2 and cards & (cards - 1)):
            return total + k * Z_CLASS_POINTS[c]
        m = _z_pop(cards)
        if m >= k:
            return total + k * Z_CLASS_POINTS[c]
        total += m * Z_CLASS_POINTS[c]
        k -= m
    return total


cdef inline int _z_sure_measure(tc_solver* s, const SpitzerDeal* d, const uint32_t* rh, int team,
                                uint32_t sure) noexcept nogil:
    """What the seats of *team* surely take with their *sure* cards (in the
    rank layout, *rh* the hands so laid out): as tricks, the most sure cards
    one seat holds (each falls in its own trick); as points, the cards'
    points and, from every other seat without a sure card, the cheapest
    cards it can play to those tricks (one to each).  The trumps lie in the
    layout's top two bytes."""
    cdef int seat, most = 0, k, total
    cdef uint32_t m
    if not sure:
        return 0
    for seat in range(4):
        if (team >> seat) & 1:
            m = rh[seat] & sure
            k = Z_POP8[(m >> 16) & 0xFF] + Z_POP8[m >> 24]
            if k > most:
                most = k
    if s.measure != _MEASURE_POINTS:
        return most
    total = Z_RANK_TOP_POINTS[0][(sure >> 16) & 0xFF] + Z_RANK_TOP_POINTS[1][sure >> 24]
    if not s.disabled & _SURE_TRICK_CARDS:
        for seat in range(4):
            if not rh[seat] & sure:
                total += _z_cheapest(d.hands[seat], most)
    return total


cdef inline void _z_key(const SpitzerDeal* d, uint64_t* key) noexcept nogil:
    """The live cards of each effective suit from the highest down, each as its
    holder and its points: only the order of the live cards and their points
    matter to the rest of the deal, so positions that differ in which cards
    of equal points were played share one entry (DDS's relative ranks, with
    points).  Five bits a card (zero ends a suit): clubs and hearts in key[0],
    spades in key[1], the trumps in key[2] and key[3]."""
    cdef uint32_t h1 = d.hands[1], h2 = d.hands[2], h3 = d.hands[3]
    cdef uint32_t alive = d.hands[0] | h1 | h2 | h3
    cdef int suit, k, a, shift, word
    cdef uint64_t code
    key[0] = 0
    key[1] = 0
    key[2] = 0
    key[3] = 0
    for suit in range(5):
        word = Z_KEY_WORD[suit]
        shift = Z_KEY_SHIFT[suit]
        for k in range(Z_ORDER_N[suit]):
            a = Z_ORDER[suit][k]
            if not (alive >> a) & 1:
                continue
            code = (Z_POINT_CLASS[a] | (((h1 >> a) & 1) + 2 * ((h2 >> a) & 1)
                                        + 3 * ((h3 >> a) & 1)) << 3) + 1
            key[word] |= code << shift
            shift += 5
            if shift == 60:
                word += 1
                shift = 0


cdef inline void _z_rank_hands(const SpitzerDeal* d, uint32_t* rh) noexcept nogil:
    """The four hands in the rank layout (the search keeps them beside the deal)."""
    rh[0] = _z_by_rank(d.hands[0])
    rh[1] = _z_by_rank(d.hands[1])
    rh[2] = _z_by_rank(d.hands[2])
    rh[3] = _z_by_rank(d.hands[3])


# What the search keeps beside the deal, updated as cards are played and
# taken back (each position worked them out anew before): the hands in the
# rank layout, and the current trick as _z_trick_rank gives it; and what
# holds for the whole search (each position tested it before): the usual
# case (the trick guess and the rank walk on, the sides fixed), and the
# dominated cards on.
ctypedef struct _z_ranks:
    uint32_t hands[4]
    uint32_t played
    int best
    int winner
    bint usual
    bint dominated


cdef inline void _z_ranks_of(tc_solver* s, const SpitzerDeal* d, _z_ranks* r) noexcept nogil:
    _z_rank_hands(d, r.hands)
    r.played = _z_trick_rank(d, d.n_played & 3, &r.best, &r.winner)
    r.usual = not s.dynamic and not s.disabled & (_Z_TRICK_GUESS | _RANK_WALK | _SUIT_SKIP)
    r.dominated = (not s.dynamic and not s.disabled & _Z_DOMINATED
                   and not SP_ACE_CALL_CLUBS <= d.announcement <= SP_VOID_CALL)


cdef inline void _z_run_key(const SpitzerDeal* d, const uint32_t* rh, uint64_t* key) noexcept nogil:
    """The hands with each run's live cards moved up to the run's top, in
    order, each staying with its holder: cards of equal points next to each
    other are interchangeable, so positions that differ in which of them were
    played share one entry.  The same equivalence as _z_key's live order
    (a little weaker: it does not match a live Q-clubs over the Spitzer with
    Q-spades over 9-diamonds), at a fraction of its cost: most runs are whole
    or already packed, and a check skips them; the others are moved by
    table (Z_RUN_PACK), on the hands in the rank layout (*rh*, kept by the
    search), where a run's cards are next to each other."""
    cdef uint32_t h0 = d.hands[0], h1 = d.hands[1], h2 = d.hands[2], h3 = d.hands[3]
    cdef uint32_t live, m
    cdef uint32_t r0 = rh[0], r1 = rh[1], r2 = rh[2], r3 = rh[3]
    cdef uint32_t ranked = r0 | r1 | r2 | r3, filled = ranked, unpacked
    cdef int r, low, c = 1
    cdef const uint8_t* pack
    if Z_RUN_LONE & ~ranked:
        c = 0
        filled |= (ranked >> 1) & Z_RUN_LONE
    # The runs with a live card right below a dead one: those not packed.
    unpacked = filled & ~(filled >> 1) & Z_RUN_ADJ[c]
    while unpacked:
        r = Z_RUN_AT[c][tc_lowest64(unpacked)]
        unpacked &= ~Z_RUN_SPAN[r]
        low = Z_RUN_LOW[r]
        live = (ranked >> low) & Z_RUN_PLACES[r]
        pack = &Z_RUN_PACK[r][live << 5]
        m = ~Z_RUN_MASK[r]
        h0 = (h0 & m) | Z_RUN_DENSE[r][pack[(r0 >> low) & 31]]
        h1 = (h1 & m) | Z_RUN_DENSE[r][pack[(r1 >> low) & 31]]
        h2 = (h2 & m) | Z_RUN_DENSE[r][pack[(r2 >> low) & 31]]
        h3 = (h3 & m) | Z_RUN_DENSE[r][pack[(r3 >> low) & 31]]
    key[0] = h0
    key[1] = h1
    key[2] = h2
    key[3] = h3


cdef inline bint _z_beats(int card, int best) noexcept nogil:
    """Whether *card* beats *best* (a higher card of its suit, or a trump over
    a fail card): a bit of Z_BEATEN, without branches."""
    return (Z_BEATEN[best] >> card) & 1


# Play inside the search: the deal's own spitzer_play, spitzer_undo and
# spitzer_legal live in another module, so every call went through a pointer
# and nothing could be inlined (a sixth of a solve's time in a profile).
# These do the same to the deal, bit for bit, at the search's positions.


cdef inline int _z_leader(const SpitzerDeal* d, int trick) noexcept nogil:
    return (d.leaders >> (2 * trick)) & 3


cdef inline int _z_trick_winner(const SpitzerDeal* d, int trick) noexcept nogil:
    """The seat that wins complete trick *trick* (from its cards)."""
    cdef int first = 4 * trick, best = 0, k
    for k in range(1, 4):
        if _z_beats(d.plays[first + k], d.plays[first + best]):
            best = k
    return (_z_leader(d, trick) + best) & 3


cdef inline uint32_t _z_legal(const SpitzerDeal* d, int pos, int seat) noexcept nogil:
    """spitzer_legal for *seat*, to play card *pos* of the trick: follow suit,
    else trump, else any card.  The games whose rules add to that (an ace or
    void call: the called ace, the caller's first lead) ask spitzer_legal."""
    cdef uint32_t hand = d.hands[seat], cards
    if SP_ACE_CALL_CLUBS <= d.announcement <= SP_VOID_CALL:
        return spitzer_legal(d)
    if pos == 0:
        return hand
    cards = hand & Z_SUIT_MASK[Z_SUIT[d.plays[d.n_played - pos]]]
    if cards:
        return cards
    cards = hand & Z_SUIT_MASK[4]
    return cards if cards else hand


cdef inline void _z_play(SpitzerDeal* d, int a, int seat) noexcept nogil:
    """spitzer_play(d, a) by *seat*, the seat to move."""
    cdef int n = d.n_played + 1
    d.hands[seat] &= ~((<uint32_t>1) << a)
    d.plays[n - 1] = a
    d.n_played = n
    if (n & 3) == 0 and n < 32:
        d.leaders |= <uint16_t>(_z_trick_winner(d, (n >> 2) - 1) << (n >> 1))


cdef inline void _z_undo(SpitzerDeal* d, int seat) noexcept nogil:
    """spitzer_undo(d) of the last card, which *seat* played."""
    cdef int n = d.n_played
    if (n & 3) == 0 and n < 32:
        d.leaders &= <uint16_t>~(3 << (n >> 1))
    n -= 1
    d.hands[seat] |= (<uint32_t>1) << d.plays[n]
    d.plays[n] = 0
    d.n_played = n


cdef inline void _z_play_won(SpitzerDeal* d, int a, int seat, int winner) noexcept nogil:
    """_z_play of a trick's last card, *winner* the seat that takes the trick
    (the search knows it from the trick's winning card so far)."""
    cdef int n = d.n_played + 1
    d.hands[seat] &= ~((<uint32_t>1) << a)
    d.plays[n - 1] = a
    d.n_played = n
    if n < 32:
        d.leaders |= <uint16_t>(winner << (n >> 1))


cdef inline int _z_winner(const SpitzerDeal* d, int trick) noexcept nogil:
    """The winner of a complete trick."""
    if trick < 7:
        return _z_leader(d, trick + 1)
    return _z_trick_winner(d, 7)


cdef inline int _z_trick_measure(tc_solver* s, const SpitzerDeal* d, int trick) noexcept nogil:
    cdef int first = 4 * trick
    if s.measure == _MEASURE_TRICKS:
        return 1
    return (Z_POINTS[d.plays[first]] + Z_POINTS[d.plays[first + 1]]
            + Z_POINTS[d.plays[first + 2]] + Z_POINTS[d.plays[first + 3]])


cdef int _z_counted(tc_solver* s, const SpitzerDeal* d, int side, int tricks) noexcept nogil:
    """The measure the seats of *side* took in the first *tricks* tricks."""
    cdef int t, total = 0
    for t in range(tricks):
        if (side >> _z_winner(d, t)) & 1:
            total += _z_trick_measure(s, d, t)
    return total


cdef inline int _z_side(tc_solver* s, const SpitzerDeal* d) noexcept nogil:
    return spitzer_declarers(d) if s.dynamic else s.count_side


cdef int _z_caller_has_led(const SpitzerDeal* d) noexcept nogil:
    cdef int caller = spitzer_announcer(d), t
    for t in range(d.n_played >> 2):
        if spitzer_leader(d, t) == caller:
            return 1
    return 0


cdef int _z_may_join(tc_solver* s, const SpitzerDeal* d, int side) noexcept nogil:
    """A first-void-player void call with the caller still alone and his first
    lead not complete: the most any other seat took in the tricks done (0
    otherwise).  The seat that joins him brings those tricks to his side, so
    the value from here can exceed what the cards left are worth by that
    much: the remaining-measure bounds must allow for it."""
    cdef int caller, seat, most = 0, taken
    if not (s.dynamic and d.announcement == SP_VOID_CALL and spitzer_called_ace(d) < 0):
        return 0
    caller = spitzer_announcer(d)
    if side != 1 << caller or _z_caller_has_led(d):
        return 0
    for seat in range(4):
        if seat != caller:
            taken = _z_counted(s, d, 1 << seat, d.n_played >> 2)
            if taken > most:
                most = taken
    return most


# The Spitzer trick guess (move ordering, as Spidge's _g_guess): each later
# seat of the trick whose side is not winning it plays its best reply (its
# highest card of the suit led, else its highest trump), and the card is
# ranked by who then takes the trick: first the cards after which the
# mover's side takes it, the most points for the least strength first (a
# partner who takes it gets the mover's ace or ten, the mover wins with its
# cheapest winner), then those after which the other side takes it, the
# fewest points and the weakest first.  It only reorders the moves _z_moves
# lists anyway, so no value changes.  Sides still open (s.dynamic) keep the
# order by the cards already in the trick.

cdef inline int _z_reply(uint32_t rank_hand, int led) noexcept nogil:
    """The card a hand (in the rank layout) plays to take a trick of effective
    suit *led*, as the trick guess sees it: its highest card of the suit, else
    its highest trump; -1 when it has neither (it cannot take the trick)."""
    cdef uint32_t m = rank_hand & Z_RANK_SUIT[led]
    if not m:
        m = rank_hand & Z_RANK_SUIT[4]
        if not m:
            return -1
    return Z_RANK_CARD[tc_highest64(m)]


cdef inline int _z_guess_score(int a, int pos, int seat, int side, int best, int winner,
                               const int* replies) noexcept nogil:
    """The ordering score of card *a* of *seat* (higher: tried earlier) under
    the trick guess; *best* and *winner* are the trick's winning card and
    seat so far, *replies* each seat's reply (_z_reply) to the suit led."""
    cdef int i, h, mine = (side >> seat) & 1, cost
    if pos == 0 or _z_beats(a, best):
        best = a
        winner = seat
    for i in range(1, 4 - pos):
        h = (seat + i) & 3
        if ((side >> h) & 1) != ((side >> winner) & 1) and replies[h] >= 0 and _z_beats(replies[h], best):
            best = replies[h]
            winner = h
    # What playing the card costs: its strength, a trump's above every fail card's.
    cost = Z_STRENGTH[a] + (8 if Z_SUIT[a] == 4 else 0)
    if ((side >> winner) & 1) == mine:
        return 100 + Z_POINTS[a] - cost
    return -2 * Z_POINTS[a] - cost


cdef inline int _z_add_move(int* out, int* scores, int n, int a, int pos, bint top, bint mine,
                            int best, const int* replies, int seat, int side, int winner) noexcept nogil:
    """Insert card *a* among the *n* moves so far by its score, highest first
    (after those of the same score); returns the new count.  With *replies*
    (not NULL) the score is the trick guess's."""
    cdef int sc, i
    if replies != NULL:
        sc = _z_guess_score(a, pos, seat, side, best, winner, replies)
    elif pos == 0:
        sc = 100 + Z_POINTS[a] if top else -Z_STRENGTH[a]
    elif mine:
        sc = Z_POINTS[a] - (20 if _z_beats(a, best) else 0)
    elif _z_beats(a, best):
        sc = 100 - Z_STRENGTH[a] + Z_POINTS[a]
    else:
        sc = -2 * Z_POINTS[a] - Z_STRENGTH[a]
    i = n
    while i > 0 and scores[i - 1] < sc:
        scores[i] = scores[i - 1]
        out[i] = out[i - 1]
        i -= 1
    scores[i] = sc
    out[i] = a
    return n + 1


cdef inline bint _z_beats_bit(int x, int b) noexcept nogil:
    """_z_beats on bits of the rank layout (Z_RANK_BEATEN)."""
    return (Z_RANK_BEATEN[b] >> x) & 1


cdef inline int _z_reply_bit(uint32_t rank_hand, int led) noexcept nogil:
    """_z_reply as a bit of the rank layout (-1: none)."""
    cdef uint32_t m = rank_hand & Z_RANK_SUIT[led]
    if not m:
        m = rank_hand & Z_RANK_SUIT[4]
        if not m:
            return -1
    return tc_highest64(m)


cdef inline uint32_t _z_trick_rank(const SpitzerDeal* d, int pos, int* best, int* winner) noexcept nogil:
    """The cards of the current trick in the rank layout; *best* gets the
    winning one's bit (-1: none played), *winner* its place in the trick."""
    cdef uint32_t played = 0
    cdef int k, q
    best[0] = -1
    winner[0] = 0
    for k in range(pos):
        q = Z_RANK_OF[d.plays[d.n_played - pos + k]]
        played |= (<uint32_t>1) << q
        if best[0] < 0 or _z_beats_bit(q, best[0]):
            best[0] = q
            winner[0] = k
    return played


cdef inline int _z_taker_side(int b, int w, int later, const int* sides, const int* replies) noexcept nogil:
    """The side that takes the trick in the trick guess: *b* the winning bit so
    far, of side *w*; each later seat of the other side plays its reply
    when it beats that."""
    cdef int k
    for k in range(later):
        if sides[k] != w and replies[k] >= 0 and _z_beats_bit(replies[k], b):
            b = replies[k]
            w = sides[k]
    return w


cdef int _z_guess_moves(const SpitzerDeal* d, const uint32_t* rh, uint32_t moves, uint32_t live,
                        int best, int winner, int pos, int seat, int side, int* out) noexcept nogil:
    """_z_moves with the trick guess and the rank walk (the search's usual
    case), on bits of the rank layout throughout: the same moves in the same
    order, at less cost (the cards compared by bit, the later seats' sides
    and replies laid out once).  *rh*: the hands in the rank layout,
    *moves*: the legal cards, *live*: the
    hands' and the trick's cards, *best* and *winner*: as _z_trick_rank
    gives them, all worked out once for the position (_z_search)."""
    cdef uint32_t rest
    cdef uint32_t rank_hands[3]
    cdef int replies[3]
    cdef int sides[3]
    cdef int scores[8]
    cdef int k, q, n = 0, suit, last, later = 3 - pos, w, sc, i
    cdef int mine = (side >> seat) & 1, won = 0, below = -1
    if pos:
        won = (side >> ((seat - pos + winner) & 3)) & 1   # the side winning the trick so far
    # Only the seats still to play after the mover reply (none after the last card).
    for k in range(later):
        q = (seat + 1 + k) & 3
        rank_hands[k] = rh[q]
        sides[k] = (side >> q) & 1
        if pos:
            replies[k] = _z_reply_bit(rank_hands[k], Z_SUIT[d.plays[d.n_played - pos]])
    while moves:
        # The suits with legal cards, in order (the lowest bits first).
        suit = Z_RANK_SUIT_OF[tc_lowest64(moves)]
        rest = moves & Z_RANK_SUIT[suit]
        moves ^= rest
        if pos == 0:
            for k in range(3):
                replies[k] = _z_reply_bit(rank_hands[k], suit)
        last = -1
        while rest:
            q = tc_highest64(rest)
            rest &= ~((<uint32_t>1) << q)
            # Equivalent to the legal card above it: no live card between, the same points.
            if (last >= 0 and Z_RANK_POINTS[last] == Z_RANK_POINTS[q]
                    and not live & ((<uint32_t>1 << last) - (<uint32_t>2 << q))):
                last = q
                continue
            last = q
            # The trick guess (_z_guess_score): who takes the trick after the
            # replies; the same for every card below the trick's winning one.
            if pos == 0 or _z_beats_bit(q, best):
                w = _z_taker_side(q, mine, later, sides, replies)
            else:
                if below < 0:
                    below = _z_taker_side(best, won, later, sides, replies)
                w = below
            if w == mine:
                sc = 100 + Z_RANK_POINTS[q] - Z_RANK_COST[q]
            else:
                sc = -2 * Z_RANK_POINTS[q] - Z_RANK_COST[q]
            # Inserted after the moves of the same score (_z_add_move).
            i = n
            while i > 0 and scores[i - 1] < sc:
                scores[i] = scores[i - 1]
                out[i] = out[i - 1]
                i -= 1
            scores[i] = sc
            out[i] = Z_RANK_CARD[q]
            n += 1
    return n


cdef int _z_moves(tc_solver* s, const SpitzerDeal* d, uint32_t legal, int pos, int seat, int side,
                  int* out) noexcept nogil:
    """The legal moves of *seat*, one per class of equivalent cards, best guesses first."""
    cdef uint32_t alive = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    cdef int k, a, prev, n = 0, suit, best = -1, winner = 0, q, last
    cdef int scores[8]
    cdef bint top, mine = False
    cdef uint32_t rest, scan = legal if not s.disabled & _SUIT_SKIP else 0xFFFFFFFF, live, moves
    cdef int replies_at[4]
    cdef int* replies = NULL
    cdef uint32_t rank_hands[4]
    if not s.dynamic and not s.disabled & (_Z_TRICK_GUESS | _RANK_WALK | _SUIT_SKIP):
        live = _z_trick_rank(d, pos, &best, &winner)
        _z_rank_hands(d, rank_hands)
        return _z_guess_moves(d, rank_hands, _z_by_rank(legal), live | _z_by_rank(alive), best,
                              winner, pos, seat, side, out)
    for k in range(pos):
        a = d.plays[d.n_played - pos + k]
        alive |= (<uint32_t>1) << a
        if best < 0 or _z_beats(a, best):
            best = a
            winner = k
    if pos:
        winner = (seat - pos + winner) & 3
        mine = ((side >> winner) & 1) == ((side >> seat) & 1)
    if not s.dynamic and not s.disabled & _Z_TRICK_GUESS:
        # Only the seats still to play after the mover reply (none after the last card).
        replies = replies_at
        for k in range(1, 4 - pos):
            q = (seat + k) & 3
            rank_hands[q] = _z_by_rank(d.hands[q])
            if pos:
                replies[q] = _z_reply(rank_hands[q], Z_SUIT[d.plays[d.n_played - pos]])
    if not s.disabled & (_RANK_WALK | _SUIT_SKIP):
        # The legal cards only, each effective suit's from the highest down, read
        # off the rank layout: the same moves in the same order as the walk below.
        live = _z_by_rank(alive)
        moves = _z_by_rank(legal)
        for suit in range(5):
            rest = moves & Z_RANK_SUIT[suit]
            if replies != NULL and pos == 0 and rest:
                for k in range(1, 4):
                    q = (seat + k) & 3
                    replies[q] = _z_reply(rank_hands[q], suit)
            last = -1
            while rest:
                q = tc_highest64(rest)
                rest &= ~((<uint32_t>1) << q)
                a = Z_RANK_CARD[q]
                # Equivalent to the legal card above it: no live card between, the same points.
                if (last >= 0 and Z_POINTS[Z_RANK_CARD[last]] == Z_POINTS[a]
                        and not live & ((<uint32_t>1 << last) - (<uint32_t>2 << q))):
                    last = q
                    continue
                last = q
                n = _z_add_move(out, scores, n, a, pos, not live & Z_RANK_ABOVE[q], mine, best,
                                replies, seat, side, winner)
        return n
    for suit in range(5):
        # Only the suits with legal cards, down to the lowest legal card.
        rest = scan & Z_SUIT_MASK[suit]
        if replies != NULL and pos == 0 and legal & Z_SUIT_MASK[suit]:
            for k in range(1, 4):
                q = (seat + k) & 3
                replies[q] = _z_reply(rank_hands[q], suit)
        prev = -1
        top = True
        k = 0
        while rest:
            a = Z_ORDER[suit][k]
            k += 1
            rest &= ~((<uint32_t>1) << a)
            if not (alive >> a) & 1:
                continue
            if (legal >> a) & 1:
                if prev >= 0 and Z_POINTS[prev] == Z_POINTS[a]:
                    prev = a
                    continue
                prev = a
                n = _z_add_move(out, scores, n, a, pos, top, mine, best, replies, seat, side, winner)
            else:
                prev = -1
            top = False
    return n


# Dominated cards.  Two cards x and y of one hand with no card of another
# hand between them in rank beat and lose to exactly the same cards in every
# later trick, and belong to the same effective suit, so they are legal alike;
# if both beat the trick's winning card so far, or neither does, they also
# take or lose this trick alike (a card of the trick between them lies below
# that winning card: then neither beats it).  Let the hand play y now
# and keep x: whatever it would have done holding y, it can do holding x, and
# every trick goes to the same seat as before.  The only change is where the
# two cards' points go: y's into this trick, x's into the trick where y would
# have fallen.  If this trick goes to the hand's own side whatever the later
# seats play, the hand is never worse off putting the card with more points
# into it (the other side may win the later trick and then gets fewer); if it
# goes to the other side, putting the card with fewer points into it.  So the
# other card need not be searched: the minimax value of the position is the
# same.  Under a trick measure points do not count, and any one card of such a
# class stands for all.  Where the taker is still open, both are searched, but
# the same argument bounds one's value by the other's: the two differ by at
# most the difference of their points (_z_sibling_bound), so a card whose
# run-mate's value lies that far outside the window is not searched.  Not while the sides are open or in an ace or void call
# (the called ace and the caller's duties name cards, not ranks), and never at
# the root of an every-card solve, whose cards each need their own value.

cdef int _z_test_moves(tc_solver* s, const SpitzerDeal* d, int* out) noexcept nogil:
    """The moves _z_moves lists at *d*, for trickcore._solve's test hook.
    Not _z_moves itself, nor a wrapper passing its arguments through:
    exported so, gcc no longer saw what they can be (the position in the
    trick is n_played & 3 in every call here, likely what mattered) and
    compiled the trick guess to 1.3 % more instructions."""
    return _z_moves(s, d, spitzer_legal(d), d.n_played & 3, spitzer_to_move(d), _z_side(s, d), out)


cdef inline int _z_trick_side(const SpitzerDeal* d, int a, int best, int winner, int pos, int seat,
                              int side) noexcept nogil:
    """The side that takes the trick once *seat* plays card *a* to it
    (*best* and *winner*: the winning card and seat so far), whatever the
    later seats play: 1 *side*, 0 the other; -1 when a later seat of the
    side not winning it has a legal card that beats it."""
    cdef int i, h, led
    cdef uint32_t cards
    if pos == 0 or _z_beats(a, best):
        best = a
        winner = seat
    led = Z_SUIT[a] if pos == 0 else Z_SUIT[d.plays[d.n_played - pos]]
    for i in range(1, 4 - pos):
        h = (seat + i) & 3
        if ((side >> h) & 1) == ((side >> winner) & 1):
            continue
        # Its legal cards: the suit led, else trumps, else any (which cannot win).
        cards = d.hands[h] & Z_SUIT_MASK[led]
        if not cards:
            cards = d.hands[h] & Z_SUIT_MASK[4]
            if cards and Z_SUIT[best] != 4:
                return -1
        if cards & Z_ABOVE[best]:
            return -1
    return (side >> winner) & 1


cdef inline uint32_t _z_dominated(tc_solver* s, const SpitzerDeal* d, uint32_t moves, uint32_t live,
                                  int best, int winner, int pos, int seat, int side,
                                  uint32_t* shared) noexcept nogil:
    """The dominated cards (see above) among *moves*, the legal cards of
    *seat* in the rank layout (*live*: the hands' cards, *best* and
    *winner*: the trick's, as _z_trick_rank gives them): in each run of
    legal cards that no other hand's card separates and that all beat the
    trick's winning card so far or all do not, the card with the most
    points where the trick goes to the hand's side for sure, the fewest
    where it goes to the other side (under a trick measure the highest card
    alone) stays; the run's other cards go unless the trick's taker is
    open (then both go to *shared*, in the card layout)."""
    cdef uint32_t rest, drop = 0
    cdef int suit, q, last, keep = 0, taker, best_card = -1
    cdef bint tricks = s.measure == _MEASURE_TRICKS, wins, last_wins = False
    if not moves & (moves - 1):
        return 0
    if pos:
        best_card = Z_RANK_CARD[best]
        winner = (seat - pos + winner) & 3
    while moves:
        suit = Z_RANK_SUIT_OF[tc_lowest64(moves)]   # the suits with legal cards, in order
        rest = moves & Z_RANK_SUIT[suit]
        moves ^= rest
        last = -1
        while rest:
            q = tc_highest64(rest)
            rest &= ~((<uint32_t>1) << q)
            wins = pos == 0 or _z_beats_bit(q, best)
            if last < 0 or wins != last_wins or live & ((<uint32_t>1 << last) - (<uint32_t>2 << q)):
                keep = q            # a new run
            elif tricks or Z_RANK_POINTS[q] == Z_RANK_POINTS[keep]:
                drop |= (<uint32_t>1) << q
            else:
                taker = _z_trick_side(d, Z_RANK_CARD[q], best_card, winner, pos, seat, side)
                if taker < 0:
                    shared[0] |= ((<uint32_t>1) << Z_RANK_CARD[q]) | ((<uint32_t>1) << Z_RANK_CARD[keep])
                    keep = q        # compared with the cards below it from here on
                elif (Z_RANK_POINTS[q] > Z_RANK_POINTS[keep]) == (taker == ((side >> seat) & 1)):
                    drop |= (<uint32_t>1) << keep
                    keep = q
                else:
                    drop |= (<uint32_t>1) << q
            last = q
            last_wins = wins
    return drop


cdef uint32_t _z_undominated(tc_solver* s, const SpitzerDeal* d, uint32_t legal, int pos,
                             int seat, int side, uint32_t* shared) noexcept nogil:
    """The *legal* cards of *seat* less the dominated ones (_z_dominated),
    in the card layout (the search without the trick guess)."""
    cdef int best, winner
    cdef uint32_t drop
    _z_trick_rank(d, pos, &best, &winner)
    drop = _z_dominated(s, d, _z_by_rank(legal), _z_by_rank(d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]),
                        best, winner, pos, seat, side, shared)
    while drop:
        legal &= ~((<uint32_t>1) << Z_RANK_CARD[tc_lowest64(drop)])
        drop &= drop - 1
    return legal


cdef int _z_sibling_bound(const SpitzerDeal* d, const int* moves, const int* values, int i, int pos,
                          int seat, bint maximise, int best) noexcept nogil:
    """What the cards searched before moves[i] say of its value (*values*:
    theirs, upper bounds or exact for the maximiser, lower bounds or exact
    for the minimiser): a card of the same run (as in _z_undominated) gives
    every trick to the same seat, and only the two cards' points change
    places, so the two values differ by at most the difference of their
    points.  The maximiser's least upper bound so found (_INF: none), the
    minimiser's greatest lower bound (-_INF).  *best*: the trick's winning
    card so far (_z_trick_rank's, as a card; -1 at a lead)."""
    cdef int a = moves[i], b, j, lo, hi, bound = _INF if maximise else -_INF, delta
    cdef uint32_t other = (d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]) & ~d.hands[seat]
    cdef bint wins_a = True
    if pos:
        wins_a = _z_beats(a, best)
    for j in range(i):
        b = moves[j]
        if Z_SUIT[b] != Z_SUIT[a] or (pos and _z_beats(b, best) != wins_a):
            continue
        hi, lo = (b, a) if Z_ABOVE[a] & ((<uint32_t>1) << b) else (a, b)
        if other & Z_ABOVE[lo] & ~Z_ABOVE[hi]:
            continue        # another hand's card between them: not one run
        delta = Z_POINTS[a] - Z_POINTS[b]
        if delta < 0:
            delta = -delta
        if maximise:
            if values[j] + delta < bound:
                bound = values[j] + delta
        elif values[j] - delta > bound:
            bound = values[j] - delta
    return bound


cdef inline int _z_last_trick(tc_solver* s, const SpitzerDeal* d, int side) noexcept nogil:
    """The last trick, with one card in each hand: no choice is left."""
    cdef int leader = _z_leader(d, 7), k, seat, a, best = -1, winner = 0, points = 0
    for k in range(4):
        seat = (leader + k) & 3
        a = tc_lowest64(d.hands[seat])
        points += Z_POINTS[a]
        if best < 0 or _z_beats(a, best):
            best = a
            winner = seat
    if not (side >> winner) & 1:
        return 0
    return points if s.measure == _MEASURE_POINTS else 1


# The last two tricks: two cards in each hand, at most sixteen ways to play
# the seventh trick and the eighth forced.  Plain fail-soft alpha-beta over
# them (no table, no bounds, no ordering, no play and take-back on the deal:
# at that size the key, the probe and the move scoring cost more than the
# few cards they could save) is the same minimax as the full search, so the
# same value comes back.  Fixed sides only (the open ones need the tricks
# done to count), and not in ace or void calls (their legal cards follow
# rules of their own: spitzer_legal).

cdef int _z_last_two(const uint32_t* hands, int leader, int k, int best, int winner, int points,
                     uint32_t played, int side, bint count_points, int alpha, int beta) noexcept nogil:
    """The measure *side* takes in the last two tricks, *k* cards of the
    seventh trick played (*played*; *best* the winning card so far, by
    *winner*, *points* their points): fail-soft in [alpha, beta]."""
    cdef int seat = (leader + k) & 3, a, v, nbest, nwinner, j, card
    cdef uint32_t hand, legal
    cdef bint maximise
    if k == 4:
        v = (points if count_points else 1) if (side >> winner) & 1 else 0
        # The eighth trick: each hand's last card, led by the seventh's winner.
        best = tc_lowest64(hands[winner] & ~played)
        points = Z_POINTS[best]
        leader = winner
        for j in range(1, 4):
            seat = (leader + j) & 3
            card = tc_lowest64(hands[seat] & ~played)
            points += Z_POINTS[card]
            if _z_beats(card, best):
                best = card
                winner = seat
        if (side >> winner) & 1:
            v += points if count_points else 1
        return v
    hand = hands[seat]
    legal = hand
    if k:
        legal = hand & Z_SUIT_MASK[Z_SUIT[tc_lowest64(played & hands[leader])]]
        if not legal:
            legal = hand & Z_SUIT_MASK[4]
            if not legal:
                legal = hand
    maximise = (side >> seat) & 1
    v = -_INF if maximise else _INF
    while legal:
        a = tc_lowest64(legal)
        legal &= legal - 1
        nbest = best
        nwinner = winner
        if k == 0 or _z_beats(a, best):
            nbest = a
            nwinner = seat
        j = _z_last_two(hands, leader, k + 1, nbest, nwinner, points + Z_POINTS[a],
                        played | ((<uint32_t>1) << a), side, count_points, alpha, beta)
        if maximise:
            if j > v:
                v = j
                if v > alpha:
                    alpha = v
        elif j < v:
            v = j
            if v < beta:
                beta = v
        if alpha >= beta:
            break
    return v


cdef int _z_search(tc_solver* s, SpitzerDeal* d, _z_ranks* r, int side, int alpha,
                   int beta) noexcept nogil:
    """Fail-soft alpha-beta: the measure *side* takes from the current trick on.
    *r*: the deal's hands in the rank layout and its trick (_z_ranks)."""
    cdef int n = d.n_played, pos = n & 3, seat, best, v, gain, i, nm, a, hi = 0, nside, t
    cdef int alpha0, beta0, tt_move = -1, best_move = 0, bound
    cdef bint maximise, use_tt = False
    cdef uint64_t key[4]
    cdef uint32_t extra = 0, mine, theirs, legal
    cdef tc_tt_entry* e = NULL
    cdef int moves[8]
    cdef int values[8]
    cdef uint32_t shared = 0   # cards that share a run with another legal card (_z_dominated)
    cdef uint32_t played, live, ranked
    cdef int trick_best, trick_winner, q
    cdef bint dominated, usual
    cdef uint32_t* rh = r.hands
    if n == 32:
        return 0
    s.nodes += 1
    if _must_stop(s):
        return 0
    if n == 28 and not s.dynamic and not s.disabled & _LAST_TRICK:
        return _z_last_trick(s, d, side)
    if pos == 0:
        if s.measure == _MEASURE_POINTS:
            hi = _z_mask_points(d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3])
        else:
            hi = 8 - (n >> 2)
        if s.dynamic:
            hi += _z_may_join(s, d, side)
        if hi <= alpha:
            return hi
        if beta <= 0:
            return 0
        if (n == 24 and not s.dynamic and not s.disabled & (_Z_LAST_TWO | _LAST_TRICK)
                and not SP_ACE_CALL_CLUBS <= d.announcement <= SP_VOID_CALL):
            return _z_last_two(d.hands, _z_leader(d, 6), 0, 0, 0, 0, 0, side,
                               s.measure == _MEASURE_POINTS, alpha, beta)
        # A first-void-player void call before the caller has led: tricks the
        # partner-to-be already took will count, so the future depends on the
        # past; no table there.
        use_tt = True
        if s.dynamic and spitzer_called_ace(d) < 0 and d.announcement == SP_VOID_CALL:
            use_tt = _z_caller_has_led(d) != 0
        if use_tt:
            if s.disabled & _RELATIVE_KEY:
                key[0] = d.hands[0]
                key[1] = d.hands[1]
                key[2] = d.hands[2]
                key[3] = d.hands[3]
            elif s.disabled & _RUN_KEY:
                _z_key(d, key)
            else:
                _z_run_key(d, rh, key)
            extra = (_z_leader(d, n >> 2) | (side << 2) | ((n == 0) << 7)
                     | (s.measure << 8))
            if SP_ACE_CALL_CLUBS <= d.announcement <= SP_VOID_CALL:
                extra |= _z_caller_has_led(d) << 6
            # Ask the memory for the position's two slots (_slot) now: the
            # table misses the cache, and the bounds below take the wait.
            # (Inline: gcc drops a prefetch alone in a function of its own.)
            e = &s.table[_hash(key, extra) & s.size_mask & ~(<uint64_t>1)]
            TC_PREFETCH(e)
            TC_PREFETCH((<char*>e) + 64)
            TC_PREFETCH(<char*>(e + 2) - 1)
        if not s.dynamic and not s.disabled & _SURE_TRUMPS:
            # Sure cards (nothing of the other side can beat them) bound the
            # value from both sides.
            # In the rank layout (kept beside the deal): the sure trumps by one mask.
            mine = ((rh[0] & (0 - <uint32_t>(side & 1))) | (rh[1] & (0 - <uint32_t>((side >> 1) & 1)))
                    | (rh[2] & (0 - <uint32_t>((side >> 2) & 1))) | (rh[3] & (0 - <uint32_t>((side >> 3) & 1))))
            theirs = (rh[0] | rh[1] | rh[2] | rh[3]) & ~mine
            bound = _z_sure_measure(s, d, rh, side, _z_sure(mine, theirs))
            if bound >= beta:
                return bound
            bound = hi - _z_sure_measure(s, d, rh, 15 & ~side, _z_sure(theirs, mine))
            if bound <= alpha:
                return bound
        if use_tt:
            e = _slot(s, key, extra, n)
            if _probe(s, e, key, extra, &alpha, &beta, &tt_move):
                return alpha
    alpha0 = alpha
    beta0 = beta
    seat = (_z_leader(d, n >> 2) + pos) & 3
    maximise = (side >> seat) & 1
    dominated = r.dominated
    usual = r.usual
    if usual:
        # The usual case: the rank layout and the trick's winning card worked
        # out once, for the dominated cards and the trick guess alike; the
        # legal cards read off the hand in the rank layout (_z_legal).
        played = r.played
        trick_best = r.best
        trick_winner = r.winner
        live = rh[0] | rh[1] | rh[2] | rh[3]
        if SP_ACE_CALL_CLUBS <= d.announcement <= SP_VOID_CALL:
            ranked = _z_by_rank(spitzer_legal(d))
        elif pos == 0:
            ranked = rh[seat]
        else:
            ranked = rh[seat] & Z_RANK_SUIT[Z_SUIT[d.plays[n - pos]]]
            if not ranked:
                ranked = rh[seat] & Z_RANK_SUIT[4]
                if not ranked:
                    ranked = rh[seat]
        if dominated:
            ranked &= ~_z_dominated(s, d, ranked, live, trick_best, trick_winner, pos, seat, side,
                                    &shared)
        nm = _z_guess_moves(d, rh, ranked, live | played, trick_best, trick_winner, pos, seat, side,
                            moves)
    else:
        legal = _z_legal(d, pos, seat)
        played = r.played
        trick_best = r.best
        trick_winner = r.winner
        if dominated:
            legal = _z_undominated(s, d, legal, pos, seat, side, &shared)
        nm = _z_moves(s, d, legal, pos, seat, side, moves)
    if tt_move >= 0:
        _first(moves, nm, tt_move)
    best = -_INF if maximise else _INF
    for i in range(nm):
        a = moves[i]
        if (shared >> a) & 1:
            # A card of the same run searched before may bound it out of the window.
            bound = _z_sibling_bound(d, moves, values, i, pos, seat, maximise,
                                     Z_RANK_CARD[trick_best] if pos else -1)
            if maximise and bound <= alpha:
                values[i] = bound
                if bound > best:
                    best = bound
                continue
            if not maximise and bound >= beta:
                values[i] = bound
                if bound < best:
                    best = bound
                continue
        q = Z_RANK_OF[a]
        if usual and pos == 3:
            # The trick's taker, from its winning card so far.
            _z_play_won(d, a, seat, seat if _z_beats_bit(q, trick_best) else (seat + 1 + trick_winner) & 3)
        else:
            _z_play(d, a, seat)
        rh[seat] &= ~((<uint32_t>1) << q)
        if pos < 3:
            r.played = played | ((<uint32_t>1) << q)
            if pos == 0 or _z_beats_bit(q, trick_best):
                r.best = q
                r.winner = pos
        else:
            r.played = 0
            r.best = -1
            r.winner = 0
        if pos == 3:
            t = n >> 2
            if s.dynamic:
                nside = spitzer_declarers(d)
                gain = _z_counted(s, d, nside, t + 1) - _z_counted(s, d, side, t)
            else:
                nside = side
                gain = _z_trick_measure(s, d, t) if (side >> _z_winner(d, t)) & 1 else 0
            v = gain + _z_search(s, d, r, nside, alpha - gain, beta - gain)
        else:
            v = _z_search(s, d, r, side, alpha, beta)
        _z_undo(d, seat)
        rh[seat] |= (<uint32_t>1) << q
        r.played = played
        r.best = trick_best
        r.winner = trick_winner
        values[i] = v
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
            break
    if use_tt:
        _store(s, e, key, extra, best, alpha0, beta0, hi, best_move, n)
    return best


cdef int _z_mtdf(tc_solver* s, SpitzerDeal* d, int side, int lower, int upper,
                 int guess) noexcept nogil:
    """The exact measure from the current trick on, in [lower, upper], by
    null-window searches: two MTD(f) steps from a first *guess* (a sibling's
    value is often right), then bisection (card points span 0..120, and
    MTD(f)'s small steps cost more there than halving the range).  Without
    a guess (*guess* < 0) bisection from the first test: MTD(f)'s steps from
    the middle would test 61 right after 60."""
    cdef int g = guess if lower <= guess <= upper else lower, b
    cdef int step = 0 if guess >= 0 else 2
    cdef _z_ranks r
    _z_ranks_of(s, d, &r)
    while lower < upper:
        if step < 2 or s.disabled & _BISECTION:
            b = g + 1 if g == lower else g
        else:
            b = (lower + upper + 1) // 2
        step += 1
        g = _z_search(s, d, &r, side, b - 1, b)
        if g < b:
            upper = g
        else:
            lower = g
    return lower


cdef inline bint _z_reaches(tc_solver* s, SpitzerDeal* d, int side, int target) noexcept nogil:
    """Can the maximising seats make the measure from here on reach *target*?"""
    cdef _z_ranks r
    if target <= 0:
        return True
    _z_ranks_of(s, d, &r)
    return _z_search(s, d, &r, side, target - 1, target) >= target


cdef bint _z_reaches_column(tc_solver* s, SpitzerDeal* d, int side, int done,
                            int column) noexcept nogil:
    """Can the maximising seats force scoring *column* (1..5) or better: a
    trick, 31, 61 or 90 card points, every trick?"""
    if column == 1 or column == 5:
        s.measure = _MEASURE_TRICKS
        return _z_reaches(s, d, side, (1 if column == 1 else 8) - _z_counted(s, d, side, done))
    s.measure = _MEASURE_POINTS
    return _z_reaches(s, d, side, (31 if column == 2 else 61 if column == 3 else 90)
                      - _z_counted(s, d, side, done))


cdef int _z_value(tc_solver* s, SpitzerDeal* d, int objective) noexcept nogil:
    """The exact value of *d* (a working copy) for *objective*."""
    cdef int side = _z_side(s, d), done = d.n_played >> 2, k, column
    cdef int current = 0, hi, taken, guess
    for k in range(d.n_played & 3):
        current += Z_POINTS[d.plays[d.n_played - 1 - k]]
    if objective == SOLVE_POINTS:
        s.measure = _MEASURE_POINTS
        hi = (_z_mask_points(d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]) + current
              + _z_may_join(s, d, side))
        taken = _z_counted(s, d, side, done)
        # The last value found (a sibling's) is a good first guess; without
        # one, bisection from the first test (off: MTD(f) steps from the middle).
        if s.guess >= 0:
            guess = s.guess - taken
        else:
            guess = hi // 2 if s.disabled & (_DIRECT_BISECTION | _BISECTION) else -1
        return taken + _z_mtdf(s, d, side, 0, hi, guess)
    # The score is a step function of the side's points and tricks, rising
    # with the scoring column: find the highest column the side can force.
    # Columns are tested from the last one found (a sibling's), upwards
    # while reached, else downwards: the tests far from the answer are skipped.
    column = s.guess_column
    if column < 1 or s.disabled & _COLUMN_GUESS:
        column = 1
    if _z_reaches_column(s, d, side, done, column):
        while column < 5 and _z_reaches_column(s, d, side, done, column + 1):
            column += 1
    else:
        column -= 1
        while column > 0 and not _z_reaches_column(s, d, side, done, column):
            column -= 1
    s.guess_column = column
    return SPITZER_SCORING[spitzer_game_type(d)][column]


cdef enum:
    # A Spitzer search uses at most the first 2**_Z_TABLE_BITS entries of the
    # table (1.5 MB, within a core's L2 cache): its hard deals ran faster
    # there than spread over the 12 MB the Spidge solves want, with 0.4 %
    # more positions (docs/solver_notes.rst, "a corner of the table").
    _Z_TABLE_BITS = 15


cdef void _z_setup(tc_solver* s, const SpitzerDeal* d) noexcept nogil:
    cdef int game = spitzer_game_type(d)
    _new_search(s)
    if s.size_mask == s.base_mask and s.base_mask >= (<uint64_t>1) << _Z_TABLE_BITS:
        s.size_mask = ((<uint64_t>1) << _Z_TABLE_BITS) - 1  # _shrink gives the rest back
    s.options = d.options
    s.dynamic = game == SP_GAME_FIRST_TRICK_CALL or (
        game == SP_GAME_VOID_CALL and spitzer_called_ace(d) < 0)
    s.count_side = spitzer_declarers(d)
    s.max_side = s.count_side
    s.guess = -1
    s.guess_column = -1


cdef int spitzer_solve(tc_solver* s, const SpitzerDeal* d, int objective) noexcept nogil:
    cdef SpitzerDeal work = d[0]
    _z_setup(s, d)
    return _z_value(s, &work, objective)


cdef int spitzer_solve_moves(tc_solver* s, const SpitzerDeal* d, int objective,
                             int* values) noexcept nogil:
    cdef SpitzerDeal work = d[0]
    cdef uint32_t legal = spitzer_legal(d), alive
    cdef int moves[8]
    cdef int a, b, i, nm, v, best, pos = d.n_played & 3, seat = spitzer_to_move(d), side
    cdef bint maximise
    _z_setup(s, d)
    side = _z_side(s, d)
    maximise = (side >> seat) & 1
    for a in range(32):
        values[a] = SOLVE_NOT_LEGAL
    nm = _z_moves(s, &work, legal, pos, seat, side, moves)
    best = -_INF if maximise else _INF
    for i in range(nm):
        spitzer_play(&work, moves[i])
        v = _z_value(s, &work, objective)
        spitzer_undo(&work)
        s.guess = v
        values[moves[i]] = v
        if (maximise and v > best) or (not maximise and v < best):
            best = v
    # Equivalent cards share their representative's value: the nearest
    # evaluated card above or below in the same suit with nothing alive between.
    alive = d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]
    for i in range(pos):
        alive |= (<uint32_t>1) << d.plays[d.n_played - 1 - i]
    for b in range(5):
        v = SOLVE_NOT_LEGAL
        for i in range(Z_ORDER_N[b]):
            a = Z_ORDER[b][i]
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

cdef int _z_pv(tc_solver* s, SpitzerDeal* d, int objective, int value, uint8_t* out) noexcept nogil:
    """Follow optimal cards from *d* to the end of the deal; return how many."""
    cdef int moves[8]
    cdef int n = 0, nm, i = 0, v, side, seat  # i: a deal in play has a legal card, so the loop sets it
    while d.n_played < 32:
        side = _z_side(s, d)
        seat = spitzer_to_move(d)
        nm = _z_moves(s, d, spitzer_legal(d), d.n_played & 3, seat, side, moves)
        for i in range(nm):
            spitzer_play(d, moves[i])
            v = _z_value(s, d, objective)
            if v == value or i == nm - 1:
                break
            spitzer_undo(d)
        out[n] = <uint8_t>moves[i]
        n += 1
    return n

