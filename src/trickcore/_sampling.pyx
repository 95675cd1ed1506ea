# cython: language_level=3, binding=True, embedsignature=True
"""Exact uniform sampling of hidden hands (compiled backend).

The observer of a deal knows some cards (their own hand, the cards played, a
dummy) and not where the others are: those are the *hidden* cards.  Each of
``k`` unknown seats holds a known number of them (``sizes``), and may hold
only some of them (``allowed``: a void shown in play, a duty to keep a card).
A *deal consistent with the observation* gives every hidden card to exactly
one seat, ``sizes[i]`` cards to seat ``i``, all within ``allowed[i]``.

This module counts those deals and draws them exactly uniformly, for
determinized search (PIMC, ISMCTS).  Seats are numbered by their position in
``sizes`` (``0 .. k-1``); mapping them to real seats is the game layer's job.

How: deal the hidden cards one at a time.  ``ways[j][need]`` counts the deals
of cards ``j..`` that give each seat exactly the number of cards it still
needs (``need``); it is the sum over the seats that may take card ``j`` (and
still need one) of ``ways[j+1][need - that seat]``.  That table numbers the deals 0..total-1 (a
deal's rank is found card by card, seats in order), so one exactly uniform
draw of a rank below the total, decoded card by card, is one exactly uniform
deal: no rejection of shuffles, no floating point.  Counts are 128-bit
integers (at most 4**54 deals exist), and the random numbers come from
xoshiro256** (``_rng.h``), so a seed gives the same deals on every platform.

>>> hidden = 0b1111            # cards 0..3 (2♣ 3♣ 4♣ 5♣)
>>> count_assignments(hidden, [2, 2], [0b1111, 0b0111])   # seat 1 void of 5♣
3
>>> sorted(enumerate_assignments(hidden, [2, 2], [0b1111, 0b0111]))
[(9, 6), (10, 5), (12, 3)]
"""

import operator
import os

from libc.stdlib cimport calloc, free
from cpython.exc cimport PyErr_CheckSignals

from trickcore._cards cimport N_CARDS, TC_FULL_MASK, card_count, lowest_card
from trickcore._rng cimport tc_rng_seed

from trickcore.card import ALL_CARDS
from trickcore._arguments import MAX_RESULTS, as_int
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, InvalidCardError, PytrickError

__all__ = [
    "MAX_SEATS",
    "PreparedSampler",
    "count_assignments",
    "enumerate_assignments",
    "sample_assignments",
]

#: The most unknown seats an observation can have (Spidge: three players and the dummy).
MAX_SEATS = SAMPLER_MAX_SEATS

cdef object _SEED_LIMIT = 1 << 64
cdef object _LOW64 = (1 << 64) - 1


# ---------------------------------------------------------------- C kernels

cdef int hand_sampler_init(HandSampler* sampler, mask_t hidden, const int* sizes,
                           const mask_t* allowed, int k) noexcept nogil:
    cdef int i, j, t, state, need_sum, derived_need, seat_bits, n, ns
    cdef int need[SAMPLER_MAX_SEATS]
    cdef mask_t rest = hidden
    cdef tc_u128 acc
    cdef tc_u128* here
    cdef tc_u128* after
    n = card_count(hidden) if hidden else 0
    sampler.k = k
    sampler.n_cards = n
    sampler.ways = NULL
    sampler.total.lo = 0
    sampler.total.hi = 0
    for j in range(n):
        sampler.card[j] = <uint8_t>lowest_card(rest)
        rest &= rest - 1
        seat_bits = 0
        for i in range(k):
            if (allowed[i] >> sampler.card[j]) & 1:
                seat_bits |= 1 << i
        sampler.seats_of[j] = <uint8_t>seat_bits
    if k == 0:
        # Nothing to deal: exactly one (empty) deal, since the caller checked n == 0.
        sampler.derived = -1
        sampler.n_states = 1
        sampler.start = 0
        sampler.total.lo = 1
        return 0
    # The seat with the largest hand is left out of the state index (its need
    # is the number of cards left minus the others' needs): fewest states.
    sampler.derived = 0
    for i in range(k):
        sampler.sizes[i] = sizes[i]
        if sizes[i] > sizes[sampler.derived]:
            sampler.derived = i
    ns = 1
    sampler.start = 0
    for i in range(k):
        if i == sampler.derived:
            sampler.stride[i] = 0
        else:
            sampler.stride[i] = ns
            sampler.start += sizes[i] * ns
            ns *= sizes[i] + 1
    sampler.n_states = ns
    sampler.ways = <tc_u128*>calloc(<size_t>(n + 1) * ns, sizeof(tc_u128))
    if sampler.ways == NULL:
        return -1
    sampler.ways[n * ns].lo = 1          # no card left, no seat needs any: one way
    for j in range(n - 1, -1, -1):
        here = sampler.ways + j * ns
        after = sampler.ways + (j + 1) * ns
        seat_bits = sampler.seats_of[j]
        # Walk the states in index order, keeping each seat's need as an
        # odometer (no division per state).
        for i in range(k):
            need[i] = 0
        need_sum = 0
        for state in range(ns):
            derived_need = n - j - need_sum
            if 0 <= derived_need <= sizes[sampler.derived]:
                need[sampler.derived] = derived_need
                acc.lo = 0
                acc.hi = 0
                for t in range(k):
                    if (seat_bits >> t) & 1 and need[t] > 0:
                        acc = u128_add(acc, after[state - sampler.stride[t]])
                here[state] = acc
            for i in range(k):
                if i == sampler.derived:
                    continue
                if need[i] < sizes[i]:
                    need[i] += 1
                    need_sum += 1
                    break
                need_sum -= need[i]
                need[i] = 0
    sampler.total = sampler.ways[sampler.start]
    return 0


cdef void hand_sampler_free(HandSampler* sampler) noexcept nogil:
    free(sampler.ways)
    sampler.ways = NULL


cdef void hand_sampler_unrank(const HandSampler* sampler, tc_u128 rank,
                              mask_t* hands) noexcept nogil:
    cdef int i, j, t, seat_bits, next_state
    cdef int k = sampler.k
    cdef int ns = sampler.n_states
    cdef int state = sampler.start
    cdef int need[SAMPLER_MAX_SEATS]
    cdef tc_u128 w
    for i in range(k):
        need[i] = sampler.sizes[i]
        hands[i] = 0
    for j in range(sampler.n_cards):
        seat_bits = sampler.seats_of[j]
        t = 0
        # Deals where card j goes to a lower seat come first: skip them.
        while True:
            if (seat_bits >> t) & 1 and need[t] > 0:
                next_state = state - sampler.stride[t]
                w = sampler.ways[(j + 1) * ns + next_state]
                if u128_less(rank, w):
                    break
                rank = u128_sub(rank, w)
            t += 1
        hands[t] |= (<mask_t>1) << sampler.card[j]
        need[t] -= 1
        state = next_state


cdef void hand_sampler_draw(const HandSampler* sampler, tc_rng* rng,
                            mask_t* hands) noexcept nogil:
    hand_sampler_unrank(sampler, u128_below(rng, sampler.total), hands)


# ------------------------------------------------------- the Python boundary

cdef str _cards_text(mask_t mask):
    cards = []
    while mask:
        cards.append(ALL_CARDS[lowest_card(mask)].unicode())
        mask &= mask - 1
    return " ".join(cards)


cdef str _seats_text(tuple seats):
    names = [str(seat) for seat in seats]
    if len(names) == 1:
        return f"seat {names[0]}"
    last = len(names) - 1      # no negative indices: this module is built with wraparound=False
    return "seats " + ", ".join(names[:last]) + " and " + names[last]


cdef str _hidden_cards(int n):
    return f"{n} hidden card" if n == 1 else f"{n} hidden cards"


cdef str _hidden_text(int n):
    return "1 card is hidden" if n == 1 else f"{n} cards are hidden"


cdef mask_t _as_mask(object value, str field) except? 0xFFFFFFFFFFFFFFFF:
    if isinstance(value, bool):
        raise ArgumentTypeError(f"{field} must be a card mask (an int), not bool")
    try:
        mask = operator.index(value)
    except TypeError:
        raise ArgumentTypeError(
            f"{field} must be a card mask (an int), not {type(value).__name__}"
        ) from None
    if not 0 <= mask <= TC_FULL_MASK:
        raise InvalidCardError(f"{field}: invalid card mask {mask:#x}: only bits 0 to 53 name cards")
    return <mask_t>mask


cdef object _as_count(object value, str field):
    number = as_int(value, field)
    if number < 0:
        raise InvalidArgumentError(f"{field} = {number}: must not be negative")
    return number


cdef list _as_list(object value, str field, str what):
    # sizes=8 instead of [8, ...] was "'int' object is not iterable".
    if isinstance(value, (str, bytes)):
        raise ArgumentTypeError(f"{field} must be a sequence of {what}, one a seat, not {type(value).__name__}")
    try:
        return list(value)
    except TypeError:
        raise ArgumentTypeError(
            f"{field} must be a sequence of {what}, one a seat, not {type(value).__name__}"
        ) from None


cdef object _as_draws(object value):
    # A list of 2**62 deals cannot be built: say so, not MemoryError or OverflowError.
    number = _as_count(value, "n")
    if number > MAX_RESULTS:
        raise InvalidArgumentError(f"n = {number}: a call draws at most 2**32 deals")
    return number


cdef str _why_no_deal(mask_t hidden, int k, const int* sizes, const mask_t* allowed):
    """Name a group of seats that cannot be filled (Hall's condition fails for it)."""
    import itertools

    cdef mask_t anywhere = 0, reachable, confined, outside
    cdef int i, need
    for i in range(k):
        anywhere |= allowed[i]
    if hidden & ~anywhere:
        return f"no seat may hold {_cards_text(hidden & ~anywhere)}"
    for n_seats in range(1, k + 1):
        for group in itertools.combinations(range(k), n_seats):
            need = 0
            reachable = 0
            outside = 0
            for i in range(k):
                if i in group:
                    need += sizes[i]
                    reachable |= allowed[i]
                else:
                    outside |= allowed[i]
            one, them = ("it", "") if n_seats == 1 else ("them", " between them")
            if (card_count(reachable) if reachable else 0) < need:
                return (
                    f"{_seats_text(group)} must hold {_hidden_cards(need)}{them} but only "
                    f"{card_count(reachable) if reachable else 0} may go to {one}: "
                    f"{_cards_text(reachable) or 'none'}"
                )
            confined = hidden & ~outside
            if (card_count(confined) if confined else 0) > need:
                holds = "holds" if n_seats == 1 else "hold"
                return (
                    f"{_seats_text(group)} {holds} {_hidden_cards(need)}{them} but "
                    f"{card_count(confined)} may go nowhere else: {_cards_text(confined)}"
                )
    raise AssertionError("a deal exists")  # Hall's theorem: unreachable


cdef class PreparedSampler:
    """The deals of the ``hidden`` cards consistent with ``sizes`` and
    ``allowed`` (as :func:`sample_assignments` takes them), counted once, to
    draw from again and again: a search loop that samples one deal per
    iteration pays for the count table once.  Raises if no deal exists.
    """

    cdef HandSampler c
    cdef int sizes[SAMPLER_MAX_SEATS]
    cdef mask_t allowed[SAMPLER_MAX_SEATS]

    def __cinit__(self, hidden, sizes, allowed):
        cdef mask_t hidden_mask = _as_mask(hidden, "hidden")
        cdef int i, k, total_size = 0
        self.c.ways = NULL
        sizes_list = _as_list(sizes, "sizes", "hand sizes")
        allowed_list = _as_list(allowed, "allowed", "card masks")
        k = len(sizes_list)
        if k > SAMPLER_MAX_SEATS:
            raise PytrickError(
                f"sizes names {k} seats: at most {SAMPLER_MAX_SEATS} unknown seats are supported"
            )
        if len(allowed_list) != k:
            raise PytrickError(
                f"allowed has {len(allowed_list)} masks but sizes names {k} seats"
            )
        size_values = [_as_count(size, f"sizes[{i}]") for i, size in enumerate(sizes_list)]
        for i in range(k):
            self.allowed[i] = _as_mask(allowed_list[i], f"allowed[{i}]")
        for i in range(k):
            if self.allowed[i] & ~hidden_mask:
                raise PytrickError(
                    f"allowed[{i}] holds cards that are not hidden: "
                    f"{_cards_text(self.allowed[i] & ~hidden_mask)}"
                )
        n_hidden = card_count(hidden_mask) if hidden_mask else 0
        if sum(size_values) != n_hidden:
            raise PytrickError(f"sizes add up to {sum(size_values)} but {_hidden_text(n_hidden)}")
        for i in range(k):
            self.sizes[i] = size_values[i]
        if hand_sampler_init(&self.c, hidden_mask, self.sizes, self.allowed, k) != 0:
            raise MemoryError("no memory for the deal-count table")
        if self.c.total.lo == 0 and self.c.total.hi == 0:
            reason = _why_no_deal(hidden_mask, k, self.sizes, self.allowed)
            raise PytrickError(f"no deal is consistent with the observation: {reason}")

    def __dealloc__(self):
        hand_sampler_free(&self.c)

    @property
    def total(self):
        """The number of consistent deals."""
        return (<object>self.c.total.hi << 64) | <object>self.c.total.lo

    def sample(self, n, seed=None):
        """``n`` deals drawn independently and exactly uniformly, as
        :func:`sample_assignments` draws them for the same *seed*."""
        cdef Py_ssize_t count = _as_draws(n), s
        cdef tc_rng rng
        cdef mask_t hands[SAMPLER_MAX_SEATS]
        if seed is not None:
            seed = as_int(seed, "seed")
            if not 0 <= seed < _SEED_LIMIT:
                raise InvalidArgumentError(f"seed = {seed}: must be from 0 to 2**64 - 1")
        else:
            seed = int.from_bytes(os.urandom(8), "little")
        tc_rng_seed(&rng, <uint64_t>seed)
        result = [None] * count
        for s in range(count):
            if s % 1024 == 1023:
                PyErr_CheckSignals()    # Ctrl-C: this loop runs no Python bytecode
            hand_sampler_draw(&self.c, &rng, hands)
            result[s] = self.hands_tuple(hands)
        return result

    cdef tuple hands_tuple(self, const mask_t* hands):
        cdef int k = self.c.k
        if k == 3:
            return (hands[0], hands[1], hands[2])
        if k == 4:
            return (hands[0], hands[1], hands[2], hands[3])
        if k == 2:
            return (hands[0], hands[1])
        if k == 1:
            return (hands[0],)
        return ()


def count_assignments(hidden, sizes, allowed):
    """The number of deals of the ``hidden`` cards consistent with the observation.

    Seat ``i`` gets exactly ``sizes[i]`` cards, all within ``allowed[i]``.
    Raises :class:`~trickcore.errors.PytrickError` (a ``ValueError``) if the
    inputs are inconsistent or no deal exists.
    """
    return PreparedSampler(hidden, sizes, allowed).total


def sample_assignments(hidden, sizes, allowed, n, seed=None):
    """``n`` deals drawn independently and exactly uniformly from the consistent ones.

    Each deal is a tuple of ``k`` masks, seat ``i``'s hidden cards.  The same
    inputs and ``seed`` (an int from 0 to 2**64 - 1) give the same deals;
    ``seed=None`` draws fresh entropy.
    """
    _as_draws(n)  # a bad n is reported before bad inputs
    return PreparedSampler(hidden, sizes, allowed).sample(n, seed)


def _deals_in_rank_order(PreparedSampler sampler):
    cdef mask_t hands[SAMPLER_MAX_SEATS]
    cdef tc_u128 rank
    for number in range(sampler.total):
        rank.lo = <uint64_t>(number & _LOW64)
        rank.hi = <uint64_t>(number >> 64)
        hand_sampler_unrank(&sampler.c, rank, hands)
        yield sampler.hands_tuple(hands)


def enumerate_assignments(hidden, sizes, allowed):
    """Every consistent deal once, in rank order (small inputs only).

    The inputs are checked at the call, before the first deal is asked for.
    """
    return _deals_in_rank_order(PreparedSampler(hidden, sizes, allowed))
