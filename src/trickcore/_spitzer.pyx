# cython: language_level=3, binding=True, embedsignature=True
"""Spitzer (RULES.md §1), compiled: card tables, the deal state and its kernels."""

from trickcore._arguments import as_int, card_number, check_range, check_seat, not_initialised
from trickcore._deprecated_call import int_view, tuple_view
from trickcore.card import Card
from trickcore.errors import InvalidCardError, RulesError

__all__ = [
    "CLUBS",
    "HEARTS",
    "SPADES",
    "TRUMPS",
    "FAIL_SUITS",
    "N_ACTIONS",
    "PACK",
    "TRUMP_ORDER",
    "FAIL_ORDER",
    "is_trump",
    "effective_suit",
    "strength",
    "card_points",
    "suit_mask",
    "action_index",
    "card_of_action",
    "AUCTION",
    "PLAY",
    "OVER",
    "PASS",
    "ZOLA",
    "ZOLA_SCHNEIDER",
    "ZOLA_SCHNEIDER_SCHWARZ",
    "ACE_CALL_CLUBS",
    "ACE_CALL_SPADES",
    "ACE_CALL_HEARTS",
    "VOID_CALL_CLUBS",
    "VOID_CALL_SPADES",
    "VOID_CALL_HEARTS",
    "VOID_CALL",
    "FIRST_TRICK_CALL",
    "SCHNEIDER",
    "N_ANNOUNCEMENTS",
    "GAME_NORMAL",
    "GAME_SNEAKER",
    "GAME_ZOLA",
    "GAME_ZOLA_SCHNEIDER",
    "GAME_ZOLA_SCHNEIDER_SCHWARZ",
    "GAME_ACE_CALL",
    "GAME_VOID_CALL",
    "GAME_FIRST_TRICK_CALL",
    "GAME_SCHNEIDER",
    "N_GAME_TYPES",
    "COLUMN_NO_TRICKS",
    "COLUMN_0_30",
    "COLUMN_31_60",
    "COLUMN_61_89",
    "COLUMN_90_120",
    "COLUMN_ALL_TRICKS",
    "OPT_ZOLA_REQUIRES_BOTH_QUEENS",
    "OPT_VOID_CALL_FIRST_VOID_PLAYER",
    "OPT_FIRST_TRICK_WON_BY_OTHER",
    "OPT_CALL_REQUIRES_LEAD",
    "OPT_SCHNEIDER_ANNOUNCEMENT",
    "ALL_OPTIONS",
    "SCORING_TABLE",
    "QUEEN_OF_CLUBS",
    "QUEEN_OF_SPADES",
    "BLACK_QUEENS",
    "FAIL_ACES",
    "STATE_SIZE",
    "scoring_column",
    "deal_pack",
    "trick_winner",
    "SpitzerState",
]


CLUBS, HEARTS, SPADES = 0, 2, 3
TRUMPS = SPITZER_TRUMPS
FAIL_SUITS = (CLUBS, SPADES, HEARTS)
N_ACTIONS = SPITZER_N_ACTIONS

PACK = tuple(spitzer_card(a) for a in range(SPITZER_N_ACTIONS))
TRUMP_ORDER = tuple(sorted((c for c in PACK if SPITZER_SUIT[c] == SPITZER_TRUMPS),
                           key=lambda c: -SPITZER_STRENGTH[c]))
# Fail ranks, highest first, as rank numbers (A=12, 10=8, K=11, 9=7, 8=6, 7=5).
FAIL_ORDER = tuple(sorted((c % 13 for c in PACK if SPITZER_SUIT[c] == 0),
                          key=lambda r: -SPITZER_STRENGTH[r]))


cdef int _check(object card) except -1:
    """The number of a Spitzer card given as a Card, a Python or numpy integer or text."""
    cdef int n
    if (type(card) is int or type(card) is Card) and 0 <= card < 54:
        n = card
    else:
        n = card_number(card)
    if SPITZER_SUIT[n] < 0:
        raise InvalidCardError(
            f"{Card(n)} is not a Spitzer card (the pack is 7 to A in each suit; rules §1.2)")
    return n


def is_trump(card):
    """Queens, jacks and diamonds are trumps."""
    return SPITZER_SUIT[_check(card)] == SPITZER_TRUMPS


def effective_suit(card):
    """TRUMPS for a trump, else the printed suit (a queen or jack is only a trump)."""
    return SPITZER_SUIT[_check(card)]


def strength(card):
    """Rank within the effective suit, higher beats lower: trumps 14 (Q♣) to 1 (8♦),
    fail cards 6 (A) to 1 (7)."""
    return SPITZER_STRENGTH[_check(card)]


def card_points(card):
    """A 11, 10 10, K 4, Q 3, J 2, the rest 0."""
    return SPITZER_POINTS[_check(card)]


_SUITS_RANGE = "effective suits are 0 (clubs), 2 (hearts), 3 (spades) and 4 (TRUMPS); 1 is empty"


def suit_mask(suit):
    """The mask of the cards whose effective suit is *suit* (0 to 4; 1, diamonds,
    is empty: they are trumps)."""
    return SPITZER_SUIT_MASK[<int>check_range(suit, "suit", 0, 4, _SUITS_RANGE)]


def action_index(card):
    """The dense action number 0..31 of a card: 8 per printed suit, 7 to A."""
    return spitzer_action(_check(card))


def card_of_action(action):
    """The card with dense action number *action* (0..31)."""
    cdef object a = action if type(action) is int else as_int(action, "action")
    if not 0 <= a < SPITZER_N_ACTIONS:
        raise InvalidCardError(f"invalid Spitzer action {a!r}: actions are 0 to 31")
    return spitzer_card(a)


# ---------------------------------------------------------------------------
# The deal: announcements, play, scoring (RULES.md 1.3-1.8).
# ---------------------------------------------------------------------------

from collections.abc import Iterable, Sequence

from libc.stdint cimport uint64_t
from libc.string cimport memcmp, memset
from cpython.bytes cimport PyBytes_FromStringAndSize

from trickcore._cards cimport (bits_tuple, cardset_from_mask, random_draw, to_mask, tc_lowest64,
                               tc_popcount64)
from trickcore import _spitzer_messages as _msg
from trickcore.card import ALL_CARDS, parse_card
from trickcore._arguments import check_range

AUCTION, PLAY, OVER = SP_AUCTION, SP_PLAY, SP_OVER
PASS = SP_PASS
ZOLA = SP_ZOLA
ZOLA_SCHNEIDER = SP_ZOLA_SCHNEIDER
ZOLA_SCHNEIDER_SCHWARZ = SP_ZOLA_SCHNEIDER_SCHWARZ
ACE_CALL_CLUBS = SP_ACE_CALL_CLUBS
ACE_CALL_SPADES = SP_ACE_CALL_SPADES
ACE_CALL_HEARTS = SP_ACE_CALL_HEARTS
VOID_CALL_CLUBS = SP_VOID_CALL_CLUBS
VOID_CALL_SPADES = SP_VOID_CALL_SPADES
VOID_CALL_HEARTS = SP_VOID_CALL_HEARTS
VOID_CALL = SP_VOID_CALL
FIRST_TRICK_CALL = SP_FIRST_TRICK_CALL
SCHNEIDER = SP_SCHNEIDER
N_ANNOUNCEMENTS = SP_N_ANNOUNCEMENTS
GAME_NORMAL = SP_GAME_NORMAL
GAME_SNEAKER = SP_GAME_SNEAKER
GAME_ZOLA = SP_GAME_ZOLA
GAME_ZOLA_SCHNEIDER = SP_GAME_ZOLA_SCHNEIDER
GAME_ZOLA_SCHNEIDER_SCHWARZ = SP_GAME_ZOLA_SCHNEIDER_SCHWARZ
GAME_ACE_CALL = SP_GAME_ACE_CALL
GAME_VOID_CALL = SP_GAME_VOID_CALL
GAME_FIRST_TRICK_CALL = SP_GAME_FIRST_TRICK_CALL
GAME_SCHNEIDER = SP_GAME_SCHNEIDER
N_GAME_TYPES = 9
COLUMN_NO_TRICKS, COLUMN_0_30, COLUMN_31_60, COLUMN_61_89, COLUMN_90_120, COLUMN_ALL_TRICKS = range(6)
OPT_ZOLA_REQUIRES_BOTH_QUEENS = SP_OPT_ZOLA_REQUIRES_BOTH_QUEENS
OPT_VOID_CALL_FIRST_VOID_PLAYER = SP_OPT_VOID_CALL_FIRST_VOID_PLAYER
OPT_FIRST_TRICK_WON_BY_OTHER = SP_OPT_FIRST_TRICK_WON_BY_OTHER
OPT_CALL_REQUIRES_LEAD = SP_OPT_CALL_REQUIRES_LEAD
OPT_SCHNEIDER_ANNOUNCEMENT = SP_OPT_SCHNEIDER_ANNOUNCEMENT
ALL_OPTIONS = SP_ALL_OPTIONS
SCORING_TABLE = tuple(tuple(SPITZER_SCORING[g][c] for c in range(6)) for g in range(9))
QUEEN_OF_CLUBS = spitzer_card(SPITZER_D_QC)
QUEEN_OF_SPADES = spitzer_card(SPITZER_D_QS)
BLACK_QUEENS = (QUEEN_OF_CLUBS, QUEEN_OF_SPADES)
FAIL_ACES = (spitzer_card(SPITZER_D_AC), spitzer_card(SPITZER_D_AS), spitzer_card(SPITZER_D_AH))

# Tables by dense action number, filled once at import.
cdef signed char D_SUIT[32]
cdef signed char D_STRENGTH[32]
cdef signed char D_POINTS[32]
cdef int _a
for _a in range(32):
    D_SUIT[_a] = SPITZER_SUIT[spitzer_card(_a)]
    D_STRENGTH[_a] = SPITZER_STRENGTH[spitzer_card(_a)]
    D_POINTS[_a] = SPITZER_POINTS[spitzer_card(_a)]

cdef uint32_t D_TRUMPS = SPITZER_DENSE_SUIT_MASK[SPITZER_TRUMPS]
cdef uint32_t BLACK_QUEENS_D = (1u << SPITZER_D_QC) | (1u << SPITZER_D_QS)


cdef inline uint32_t _bit(int action) noexcept nogil:
    return (<uint32_t>1) << action


cdef inline int _popcount32(uint32_t m) noexcept nogil:
    return tc_popcount64(m)


# -- kernels -------------------------------------------------------------------

cdef void spitzer_init(SpitzerDeal* d, const uint32_t* hands, int dealer, int options) noexcept nogil:
    memset(d, 0, sizeof(SpitzerDeal))
    cdef int s
    for s in range(4):
        d.hands[s] = hands[s]
    d.dealer = dealer
    d.options = options
    d.leaders = (dealer + 1) & 3


cdef int spitzer_phase(const SpitzerDeal* d) noexcept nogil:
    if d.n_played == 32:
        return SP_OVER
    if d.announcement != SP_PASS or d.n_spoken == 4:
        return SP_PLAY
    return SP_AUCTION


cdef inline int spitzer_leader(const SpitzerDeal* d, int trick) noexcept nogil:
    return (d.leaders >> (2 * trick)) & 3


cdef inline int spitzer_seat_of_play(const SpitzerDeal* d, int i) noexcept nogil:
    return (spitzer_leader(d, i >> 2) + (i & 3)) & 3


cdef int spitzer_to_move(const SpitzerDeal* d) noexcept nogil:
    cdef int phase = spitzer_phase(d)
    if phase == SP_PLAY:
        return spitzer_seat_of_play(d, d.n_played)
    if phase == SP_AUCTION:
        return (d.dealer + 1 + d.n_spoken) & 3
    return -1


cdef int spitzer_announcer(const SpitzerDeal* d) noexcept nogil:
    # The first announcement ends the round, so the announcer spoke last.
    if d.announcement == SP_PASS:
        return -1
    return (d.dealer + d.n_spoken) & 3


cdef int spitzer_holder(const SpitzerDeal* d, int action) noexcept nogil:
    cdef int s, i
    for s in range(4):
        if d.hands[s] & _bit(action):
            return s
    for i in range(d.n_played):
        if d.plays[i] == action:
            return spitzer_seat_of_play(d, i)
    return -1


cdef uint32_t spitzer_original_hand(const SpitzerDeal* d, int seat) noexcept nogil:
    cdef uint32_t m = d.hands[seat]
    cdef int i
    for i in range(d.n_played):
        if spitzer_seat_of_play(d, i) == seat:
            m |= _bit(d.plays[i])
    return m


cdef int spitzer_game_type(const SpitzerDeal* d) noexcept nogil:
    cdef int code = d.announcement
    if code == SP_PASS:
        if d.n_spoken < 4:
            return -1
        if spitzer_holder(d, SPITZER_D_QC) == spitzer_holder(d, SPITZER_D_QS):
            return SP_GAME_SNEAKER
        return SP_GAME_NORMAL
    if code <= SP_ZOLA_SCHNEIDER_SCHWARZ:
        return SP_GAME_ZOLA + code - SP_ZOLA
    if code <= SP_ACE_CALL_HEARTS:
        return SP_GAME_ACE_CALL
    if code <= SP_VOID_CALL:
        return SP_GAME_VOID_CALL
    if code == SP_FIRST_TRICK_CALL:
        return SP_GAME_FIRST_TRICK_CALL
    return SP_GAME_SCHNEIDER


cdef inline int _named_suit(int code) noexcept nogil:
    """The fail suit an ace call or void call names, or -1."""
    if code == SP_ACE_CALL_CLUBS or code == SP_VOID_CALL_CLUBS:
        return 0
    if code == SP_ACE_CALL_SPADES or code == SP_VOID_CALL_SPADES:
        return 3
    if code == SP_ACE_CALL_HEARTS or code == SP_VOID_CALL_HEARTS:
        return 2
    return -1


cdef inline int _ace_of(int suit) noexcept nogil:
    return suit * 8 + 7


cdef int spitzer_called_ace(const SpitzerDeal* d) noexcept nogil:
    cdef int suit = _named_suit(d.announcement)
    return _ace_of(suit) if suit >= 0 else -1


cdef int spitzer_announcement_fault(const SpitzerDeal* d, int seat, int code, uint32_t* cards) noexcept nogil:
    cdef uint32_t hand = spitzer_original_hand(d, seat)
    cdef uint32_t queens = hand & BLACK_QUEENS_D
    cdef bint both = queens == BLACK_QUEENS_D
    cdef bint first_void = (d.options & SP_OPT_VOID_CALL_FIRST_VOID_PLAYER) != 0
    cdef uint32_t aces = hand & SPITZER_D_FAIL_ACES
    cdef uint32_t unguarded = 0, suit_cards
    cdef int suit, i
    cards[0] = 0
    if code == SP_PASS:
        return 0
    if code <= SP_ZOLA_SCHNEIDER_SCHWARZ:
        if (d.options & SP_OPT_ZOLA_REQUIRES_BOTH_QUEENS) and not both:
            cards[0] = queens
            return _ZOLA_NEEDS_BOTH_QUEENS
        return 0
    if code == SP_SCHNEIDER:
        return 0 if d.options & SP_OPT_SCHNEIDER_ANNOUNCEMENT else _SCHNEIDER_OFF
    if SP_VOID_CALL_CLUBS <= code <= SP_VOID_CALL_HEARTS and first_void:
        return _WRONG_VOID_FORM
    if code == SP_VOID_CALL and not first_void:
        return _WRONG_VOID_FORM
    if not both:
        cards[0] = queens
        return _NEEDS_BOTH_QUEENS
    suit = _named_suit(code)
    if code <= SP_ACE_CALL_HEARTS:
        if hand & _bit(_ace_of(suit)):
            cards[0] = _bit(_ace_of(suit))
            return _HOLDS_CALLED_ACE
        if not hand & SPITZER_DENSE_SUIT_MASK[suit]:
            return _NO_CARD_OF_SUIT
        return 0
    if code == SP_FIRST_TRICK_CALL:
        if aces != SPITZER_D_FAIL_ACES:
            cards[0] = SPITZER_D_FAIL_ACES & ~aces
            return _LACKS_AN_ACE
        return 0
    for i in range(4):
        if i == 1:
            continue
        suit_cards = hand & SPITZER_DENSE_SUIT_MASK[i]
        if suit_cards and not hand & _bit(_ace_of(i)):
            unguarded |= suit_cards
    if unguarded:
        cards[0] = unguarded
        return _UNGUARDED_SUIT
    if code == SP_VOID_CALL:
        return 0 if aces else _NO_FAIL_ACE
    if hand & SPITZER_DENSE_SUIT_MASK[suit]:
        cards[0] = hand & SPITZER_DENSE_SUIT_MASK[suit]
        return _HOLDS_NAMED_SUIT
    # Void in the named suit, he lacks its ace: the missing fail ace of 1.5 holds.
    return 0


cdef uint32_t spitzer_legal_announcements(const SpitzerDeal* d) noexcept nogil:
    cdef uint32_t result = 0, cards
    cdef int code, seat
    cdef bint both
    if spitzer_phase(d) != SP_AUCTION:
        return 0
    seat = spitzer_to_move(d)
    # Without both black queens only the Zolas and Schneider can be legal
    # (every call needs both, RULES.md 1.5): skip the calls' checks.
    both = (d.hands[seat] & BLACK_QUEENS_D) == BLACK_QUEENS_D
    for code in range(SP_N_ANNOUNCEMENTS):
        if not both and SP_ACE_CALL_CLUBS <= code <= SP_FIRST_TRICK_CALL:
            continue
        if spitzer_announcement_fault(d, seat, code, &cards) == 0:
            result |= _bit(code)
    return result


cdef void spitzer_announce(SpitzerDeal* d, int code) noexcept nogil:
    d.n_spoken += 1
    if code != SP_PASS:
        d.announcement = code


cdef inline bint _has_led(const SpitzerDeal* d, int seat) noexcept nogil:
    """Has *seat* led a trick before the current one?"""
    cdef int t
    for t in range(d.n_played >> 2):
        if spitzer_leader(d, t) == seat:
            return True
    return False


cdef int spitzer_lead_duty(const SpitzerDeal* d, int seat, uint32_t* cards) noexcept nogil:
    """The caller's duty on his first lead: a reason code, and in *cards* the
    cards he must lead from (0 when the duty lapses for lack of them)."""
    cdef int code = d.announcement
    cards[0] = 0
    if code == SP_PASS or seat != spitzer_announcer(d) or _has_led(d, seat):
        return 0
    if SP_ACE_CALL_CLUBS <= code <= SP_ACE_CALL_HEARTS and d.options & SP_OPT_CALL_REQUIRES_LEAD:
        cards[0] = d.hands[seat] & SPITZER_DENSE_SUIT_MASK[_named_suit(code)]
        return _CALL_LEAD
    if code == SP_VOID_CALL:
        cards[0] = d.hands[seat] & SPITZER_D_FAIL_ACES
        return _VOID_CALL_LEAD
    return 0


cdef uint32_t spitzer_legal(const SpitzerDeal* d) noexcept nogil:
    cdef int seat, pos, led, ace
    cdef uint32_t hand, follow, duty, trumps
    if d.n_played == 32 or (d.announcement == SP_PASS and d.n_spoken < 4):
        return 0
    pos = d.n_played & 3
    seat = (spitzer_leader(d, d.n_played >> 2) + pos) & 3
    hand = d.hands[seat]
    if pos == 0:
        if d.announcement != SP_PASS and spitzer_lead_duty(d, seat, &duty) and duty:
            return duty
        return hand
    led = D_SUIT[d.plays[d.n_played - pos]]
    follow = hand & SPITZER_DENSE_SUIT_MASK[led]
    ace = spitzer_called_ace(d)
    if follow:
        # The called ace must be played when its suit is led by another.
        if ace >= 0 and follow & _bit(ace):
            return _bit(ace)
        return follow
    trumps = hand & D_TRUMPS
    if trumps:
        return trumps
    # A free discard, but not of the called ace while another card is legal.
    if ace >= 0 and hand & _bit(ace) and hand != _bit(ace):
        return hand & ~_bit(ace)
    return hand


cdef inline bint _beats(int card, int best) noexcept nogil:
    if D_SUIT[card] == SPITZER_TRUMPS:
        return D_SUIT[best] != SPITZER_TRUMPS or D_STRENGTH[card] > D_STRENGTH[best]
    return D_SUIT[best] == D_SUIT[card] and D_STRENGTH[card] > D_STRENGTH[best]


cdef int spitzer_trick_winner(const SpitzerDeal* d, int trick) noexcept nogil:
    cdef int first = 4 * trick, best = 0, k
    for k in range(1, 4):
        if _beats(d.plays[first + k], d.plays[first + best]):
            best = k
    return (spitzer_leader(d, trick) + best) & 3


cdef int spitzer_trick_points(const SpitzerDeal* d, int trick) noexcept nogil:
    cdef int first = 4 * trick
    return (D_POINTS[d.plays[first]] + D_POINTS[d.plays[first + 1]]
            + D_POINTS[d.plays[first + 2]] + D_POINTS[d.plays[first + 3]])


cdef void spitzer_play(SpitzerDeal* d, int action) noexcept nogil:
    cdef int n = d.n_played
    cdef int seat = spitzer_seat_of_play(d, n)
    cdef int t
    d.hands[seat] &= ~_bit(action)
    d.plays[n] = action
    n += 1
    d.n_played = n
    if (n & 3) == 0 and n < 32:
        t = n >> 2
        d.leaders |= <uint16_t>(spitzer_trick_winner(d, t - 1) << (2 * t))


cdef int spitzer_undo(SpitzerDeal* d) noexcept nogil:
    cdef int n = d.n_played
    if n > 0:
        if (n & 3) == 0 and n < 32:
            d.leaders &= <uint16_t>~(3 << (2 * (n >> 2)))
        n -= 1
        d.hands[spitzer_seat_of_play(d, n)] |= _bit(d.plays[n])
        d.plays[n] = 0
        d.n_played = n
        return 1
    if d.n_spoken > 0:
        d.n_spoken -= 1
        d.announcement = SP_PASS
        return 1
    return 0


cdef void spitzer_random_auction(SpitzerDeal* d, tc_rng* rng) noexcept nogil:
    """Finish the auction with uniformly random legal announcements."""
    while spitzer_phase(d) == SP_AUCTION:
        spitzer_announce(d, tc_rng_pick(rng, spitzer_legal_announcements(d)))


cdef void spitzer_random_playout(SpitzerDeal* d, tc_rng* rng) noexcept nogil:
    """Finish the play with uniformly random legal cards: the same cards and
    the same deal as ``spitzer_play(d, tc_rng_pick(rng, spitzer_legal(d)))``
    until the end, with the seat, the suit led and the trick's best card
    kept as the trick goes instead of worked out again for every card."""
    cdef int n = d.n_played, pos, seat, leader, led = 0, best = 0, best_pos = 0, card, k
    cdef int ace
    cdef uint32_t hand, legal, follow, ace_bit
    if n >= 32 or spitzer_phase(d) != SP_PLAY:
        return
    ace = spitzer_called_ace(d)
    ace_bit = _bit(ace) if ace >= 0 else 0
    leader = spitzer_leader(d, n >> 2)
    pos = n & 3
    if pos:
        led = D_SUIT[d.plays[n - pos]]
        best = d.plays[n - pos]
        for k in range(1, pos):
            if _beats(d.plays[n - pos + k], best):
                best = d.plays[n - pos + k]
                best_pos = k
    while True:
        seat = (leader + pos) & 3
        hand = d.hands[seat]
        if pos == 0:
            legal = spitzer_legal(d)  # the lead: the caller's duties live there
        else:
            follow = hand & SPITZER_DENSE_SUIT_MASK[led]
            if follow:
                # The called ace must be played when its suit is led by another.
                legal = ace_bit if follow & ace_bit else follow
            elif hand & D_TRUMPS:
                legal = hand & D_TRUMPS
            elif hand & ace_bit and hand != ace_bit:
                legal = hand & ~ace_bit  # no discarding the called ace
            else:
                legal = hand
        card = tc_rng_pick(rng, legal)
        d.hands[seat] = hand & ~_bit(card)
        d.plays[n] = card
        n += 1
        d.n_played = n
        if pos == 0:
            led = D_SUIT[card]
            best = card
            best_pos = 0
        elif _beats(card, best):
            best = card
            best_pos = pos
        pos += 1
        if pos == 4:
            if n == 32:
                return
            leader = (leader + best_pos) & 3
            d.leaders |= <uint16_t>(leader << (2 * (n >> 2)))
            pos = 0


cdef int _deciding_trick(const SpitzerDeal* d) noexcept nogil:
    """First-trick call: the trick that settles the partner (-1 unsettled, 8 if
    the caller won every trick)."""
    cdef int caller = spitzer_announcer(d), t, done = d.n_played >> 2
    if d.options & SP_OPT_FIRST_TRICK_WON_BY_OTHER:
        for t in range(done):
            if spitzer_trick_winner(d, t) != caller:
                return t
        return 8 if done == 8 else -1
    return 0 if done > 0 else -1


cdef int _void_partner(const SpitzerDeal* d) noexcept nogil:
    """void_call='first_void_player': the first seat not to follow the caller's
    first lead, if he led a fail ace (-1 alone or unsettled)."""
    cdef int caller = spitzer_announcer(d), t, k, first, led
    for t in range((d.n_played + 3) >> 2):
        if spitzer_leader(d, t) != caller:
            continue
        first = 4 * t
        led = d.plays[first]
        if not SPITZER_D_FAIL_ACES & _bit(led):
            return -1
        for k in range(1, 4):
            if first + k >= d.n_played:
                return -1
            if D_SUIT[d.plays[first + k]] != D_SUIT[led]:
                return (caller + k) & 3
        return -1
    return -1


cdef int spitzer_partner(const SpitzerDeal* d) noexcept nogil:
    cdef int game = spitzer_game_type(d), ace, t, w
    if game == SP_GAME_ACE_CALL or game == SP_GAME_VOID_CALL:
        ace = spitzer_called_ace(d)
        if ace >= 0:
            return spitzer_holder(d, ace)
        return _void_partner(d)
    if game == SP_GAME_FIRST_TRICK_CALL:
        t = _deciding_trick(d)
        if 0 <= t < 8:
            w = spitzer_trick_winner(d, t)
            return w if w != spitzer_announcer(d) else -1
    return -1


cdef int spitzer_declarers(const SpitzerDeal* d) noexcept nogil:
    cdef int game = spitzer_game_type(d), queens, announcer, partner
    if game < 0:
        return 0
    queens = (1 << spitzer_holder(d, SPITZER_D_QC)) | (1 << spitzer_holder(d, SPITZER_D_QS))
    if game == SP_GAME_NORMAL or game == SP_GAME_SNEAKER:
        return queens
    announcer = spitzer_announcer(d)
    if game == SP_GAME_SCHNEIDER:
        return queens if queens & (1 << announcer) else 15 & ~queens
    partner = spitzer_partner(d)
    return (1 << announcer) | ((1 << partner) if partner >= 0 else 0)


cdef int spitzer_revealed(const SpitzerDeal* d) noexcept nogil:
    cdef int game = spitzer_game_type(d), i, a, seat, side = 0, queen_players = 0
    cdef int queens_played = 0, announcer, ace, partner
    if game < 0:
        return 0
    ace = spitzer_called_ace(d)
    for i in range(d.n_played):
        a = d.plays[i]
        seat = spitzer_seat_of_play(d, i)
        if a == SPITZER_D_QC or a == SPITZER_D_QS:
            queen_players |= 1 << seat
            queens_played += 1
        elif a == ace:
            side |= 1 << seat
    if game == SP_GAME_NORMAL or game == SP_GAME_SNEAKER:
        return queen_players
    announcer = spitzer_announcer(d)
    if game == SP_GAME_SCHNEIDER:
        side = 1 << announcer
        if queen_players & side:
            side |= queen_players
        elif queens_played == 2:
            # Both queens fell to others: the announcer's side is everyone else.
            side |= 15 & ~queen_players
        return side
    side |= 1 << announcer
    if game == SP_GAME_VOID_CALL and ace < 0:
        partner = _void_partner(d)
        if partner >= 0:
            side |= 1 << partner
    if game == SP_GAME_FIRST_TRICK_CALL:
        partner = spitzer_partner(d)
        if partner >= 0:
            side |= 1 << partner
    return side


cdef int spitzer_scoring_column(int points, int tricks) noexcept nogil:
    if tricks == 8:
        return 5
    if tricks == 0:
        return 0
    if points <= 30:
        return 1
    if points <= 60:
        return 2
    if points <= 89:
        return 3
    return 4


cdef int spitzer_result(const SpitzerDeal* d, SpitzerResult* r) noexcept nogil:
    """Fill *r* once the deal is over; return 0 (and leave *r*) before that."""
    cdef int t, w, entry, s, side
    if d.n_played != 32:
        return 0
    side = spitzer_declarers(d)
    r.game_type = spitzer_game_type(d)
    r.declarers = side
    r.points = 0
    r.tricks = 0
    for t in range(8):
        # The winner of each trick but the last leads the next one.
        w = spitzer_leader(d, t + 1) if t < 7 else spitzer_trick_winner(d, 7)
        if side & (1 << w):
            r.tricks += 1
            r.points += spitzer_trick_points(d, t)
    r.column = spitzer_scoring_column(r.points, r.tricks)
    entry = SPITZER_SCORING[r.game_type][r.column]
    for s in range(4):
        if entry > 0 and side & (1 << s):
            r.scores[s] = entry
        elif entry < 0 and not side & (1 << s):
            r.scores[s] = -entry
        else:
            r.scores[s] = 0
    return 1


# -- reason codes, as in trickcore._spitzer_messages ---------------------------

cdef enum:
    _NOT_IN_HAND = 1
    _MUST_FOLLOW = 2
    _MUST_TRUMP = 3
    _CALLED_ACE_MUST_PLAY = 4
    _CALLED_ACE_DISCARD = 5
    _CALL_LEAD = 6
    _VOID_CALL_LEAD = 7
    _SCHNEIDER_OFF = 1
    _WRONG_VOID_FORM = 2
    _NEEDS_BOTH_QUEENS = 3
    _HOLDS_CALLED_ACE = 4
    _NO_CARD_OF_SUIT = 5
    _UNGUARDED_SUIT = 6
    _HOLDS_NAMED_SUIT = 7
    _NO_FAIL_ACE = 9
    _LACKS_AN_ACE = 10
    _ZOLA_NEEDS_BOTH_QUEENS = 11

assert (_msg.NOT_IN_HAND, _msg.VOID_CALL_LEAD, _msg.ZOLA_NEEDS_BOTH_QUEENS) == (1, 7, 11)


# -- the Python boundary ---------------------------------------------------------

_DISPLAY_SUIT_ORDER = (SPITZER_TRUMPS, CLUBS, SPADES, HEARTS)


cdef list _display(uint32_t dense):
    """Cards in the order the rules list them: trumps, then ♣ ♠ ♥, strongest first."""
    cards = [spitzer_card(a) for a in range(32) if dense & _bit(a)]
    cards.sort(key=lambda c: (_DISPLAY_SUIT_ORDER.index(SPITZER_SUIT[c]), -SPITZER_STRENGTH[c]))
    return cards


cdef int _as_action(object card) except -1:
    """The dense action of a Spitzer card given as a Card, an integer or card text."""
    return spitzer_action(_check(card))


cdef int _seat(object seat) except -1:
    if type(seat) is int and 0 <= seat <= 3:
        return seat
    return check_seat(seat)


cdef int _check_dealer(object dealer) except -1:
    return check_range(dealer, "dealer", 0, 3, "seats are 0 to 3")


cdef int _check_options(object options) except -1:
    cdef object value = as_int(options, "options")
    if value < 0 or value & ~SP_ALL_OPTIONS:
        raise RulesError(_msg.bad_options(value))
    return value


def trick_winner(cards):
    """The position (0 = the card led) of the card winning a trick of 1 to 4
    cards: the highest trump, else the highest card of the fail suit led."""
    played = [_as_action(c) for c in cards]
    cdef int best = 0, k
    if not 1 <= len(played) <= 4 or len(set(played)) != len(played):
        raise InvalidCardError(f"a trick is 1 to 4 different cards, not {len(played)}")
    for k in range(1, len(played)):
        if _beats(played[k], played[best]):
            best = k
    return best


def scoring_column(int points, int tricks):
    """The column of RULES.md 1.8 for a declaring side's card points and tricks."""
    return spitzer_scoring_column(points, tricks)


def deal_pack(pack, int dealer):
    """The four hands (as masks, by seat) dealt 3-2-3 from *pack*, top card first.

    The dealer deals clockwise starting on his left: three cards to each
    player, then two, then three (RULES.md 1.3).
    """
    _check_dealer(dealer)
    if isinstance(pack, (str, bytes)) or not isinstance(pack, Sequence):
        raise InvalidCardError(_msg.bad_pack("give a sequence of 32 cards, top card first"))
    cards = list(pack)
    if len(cards) != 32:
        raise InvalidCardError(_msg.bad_pack(f"{_msg.cards_count(len(cards))}; the pack has 32"))
    cdef mask_t seen = 0
    cdef mask_t hands[4]
    cdef int i, c, top = 0, packet, offset, k
    numbers = []
    for card in cards:
        c = spitzer_card(_as_action(card))
        if seen >> c & 1:
            raise InvalidCardError(_msg.bad_pack(f"{ALL_CARDS[c]} appears twice"))
        seen |= (<mask_t>1) << c
        numbers.append(c)
    hands[0] = hands[1] = hands[2] = hands[3] = 0
    for packet in (3, 2, 3):
        for offset in range(1, 5):
            for k in range(packet):
                hands[(dealer + offset) & 3] |= (<mask_t>1) << <int>numbers[top]
                top += 1
    return (hands[0], hands[1], hands[2], hands[3])


cdef object _play_fault(const SpitzerDeal* d, int action, uint32_t legal):
    """The error for an illegal play of *action* (shared text, see _spitzer_messages)."""
    cdef int seat = spitzer_to_move(d), pos = d.n_played & 3, led = -1, reason
    cdef int ace = spitzer_called_ace(d)
    cdef uint32_t hand = d.hands[seat], duty
    cdef bint played = False
    for i in range(d.n_played):
        if d.plays[i] == action:
            played = True
    if pos:
        led = D_SUIT[d.plays[d.n_played - pos]]
    if not hand & _bit(action):
        reason = _NOT_IN_HAND
    elif pos == 0:
        reason = spitzer_lead_duty(d, seat, &duty)
    elif hand & SPITZER_DENSE_SUIT_MASK[led]:
        if ace >= 0 and hand & _bit(ace) and D_SUIT[ace] == led:
            reason = _CALLED_ACE_MUST_PLAY
        else:
            reason = _MUST_FOLLOW
    elif hand & D_TRUMPS:
        reason = _MUST_TRUMP
    else:
        reason = _CALLED_ACE_DISCARD
    return _msg.play_error(reason, seat, spitzer_card(action), led,
                           spitzer_card(ace) if ace >= 0 else -1, played, _display(legal))


cdef enum:
    _ANNOUNCE_ACTIONS = 32      # the first announcement action (PASS)
    _N_ALL_ACTIONS = 32 + SP_N_ANNOUNCEMENTS


cdef inline uint64_t _legal_actions(const SpitzerDeal* d) noexcept nogil:
    """The legal cards (bits 0..31) or announcements (bits 32..44) as one mask."""
    if spitzer_phase(d) == SP_AUCTION:
        return (<uint64_t>spitzer_legal_announcements(d)) << _ANNOUNCE_ACTIONS
    return spitzer_legal(d)


cdef inline bint _is_set_up(const SpitzerDeal* d) noexcept nogil:
    """False only for the all-zero struct of a state whose __init__ never ran:
    a dealt deal always has its 32 cards in the hands or the plays."""
    return d.n_played != 0 or (d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3]) != 0


cdef inline int _need_deal(SpitzerState state) except -1:
    if not _is_set_up(&state.deal):
        raise not_initialised(state)
    return 0


# The views that were methods: callable one more release, with a DeprecationWarning.
_Announcements = tuple_view("announcements")
_Plays = tuple_view("plays")
_CurrentTrick = tuple_view("current_trick")
_TrickWinners = tuple_view("trick_winners")
_TrickPoints = tuple_view("trick_points")
_TricksTaken = tuple_view("tricks_taken")
_PointsTaken = tuple_view("points_taken")
_LegalAnnouncements = tuple_view("legal_announcements")
_LegalMask = int_view("legal_mask")
_Declarers = int_view("declarers")
_Revealed = int_view("revealed")


cdef class SpitzerState:
    """One Spitzer deal, from the announcements to the score (compiled core).

    *hands* are four card sets (anything :class:`~pytrick.CardSet` accepts), by seat;
    *announcements* and *plays* are replayed after setting up, so
    ``eval(repr(state))`` rebuilds the state.  The state is a 56-byte C struct
    (:c:type:`SpitzerDeal`); ``copy()`` copies it.  :attr:`context` is an
    immutable object the layer above keeps with the state (``None`` here):
    copies, pickles and equality carry it.
    """

    def __init__(self, hands, dealer=0, options=0, announcements=(), plays=()):
        cdef mask_t masks[4]
        cdef mask_t overlap
        cdef uint32_t dense[4]
        cdef int seat, other, c
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != 4:
            raise InvalidCardError(_msg.bad_hands("give four hands, one per seat"))
        for seat in range(4):
            masks[seat] = to_mask(hands[seat])
            if masks[seat] & ~SPITZER_PACK_MASK:
                c = tc_lowest64(masks[seat] & ~SPITZER_PACK_MASK)
                raise InvalidCardError(_msg.bad_hands(
                    f"hand {seat}: {ALL_CARDS[c]} is not in the Spitzer pack (7 to A)"))
            if tc_popcount64(masks[seat]) != 8:
                raise InvalidCardError(_msg.bad_hands(
                    f"hand {seat} has {_msg.cards_count(tc_popcount64(masks[seat]))}; each hand has 8"))
        overlap = 0
        for seat in range(4):
            for other in range(seat + 1, 4):
                overlap |= masks[seat] & masks[other]
        if overlap:
            c = tc_lowest64(overlap)
            owners = [s for s in range(4) if masks[s] >> c & 1]
            raise InvalidCardError(_msg.bad_hands(
                f"{ALL_CARDS[c]} is in hands {owners[0]} and {owners[1]}"))
        cdef int the_dealer = _check_dealer(dealer), the_options = _check_options(options)
        for seat in range(4):
            dense[seat] = spitzer_dense(masks[seat])
        spitzer_init(&self.deal, dense, the_dealer, the_options)
        for code in announcements:
            self.announce(code)
        for card in plays:
            self.play(card)

    # -- basic facts -------------------------------------------------------------

    @property
    def dealer(self):
        """The seat that dealt, 0 to 3; the seat on its left speaks first."""
        return self.deal.dealer

    @property
    def options(self):
        """The rule options as ``OPT_*`` bits (``SpitzerRules.flags``)."""
        return self.deal.options

    @property
    def phase(self):
        """The phase: ``AUCTION`` (0), ``PLAY`` (1) or ``OVER`` (2)."""
        _need_deal(self)
        return spitzer_phase(&self.deal)

    @property
    def is_over(self):
        """True once all 32 cards are played."""
        return self.deal.n_played == 32

    @property
    def n_played(self):
        """How many cards have been played, 0 to 32."""
        return self.deal.n_played

    @property
    def trick_number(self):
        """The current trick, 0 to 7 (8 once the deal is over)."""
        return self.deal.n_played >> 2

    @property
    def to_move(self):
        """The seat to announce or play, or -1 when the deal is over."""
        _need_deal(self)
        return spitzer_to_move(&self.deal)

    @property
    def announcement(self):
        """The announcement made (PASS while none has been, or if all passed)."""
        return self.deal.announcement

    @property
    def announcer(self):
        """The seat that made the announcement, or -1 if nobody has (or all passed)."""
        return spitzer_announcer(&self.deal)

    @property
    def game_type(self):
        """The game being played, once the announcements are over (-1 before)."""
        return spitzer_game_type(&self.deal)

    @property
    def called_ace(self):
        """The called ace of an ace call or a void call naming a suit, else -1."""
        cdef int ace = spitzer_called_ace(&self.deal)
        return spitzer_card(ace) if ace >= 0 else -1

    def holder(self, card):
        """The seat the card was dealt to."""
        return spitzer_holder(&self.deal, _as_action(card))

    def hand(self, seat):
        """The cards *seat* holds now."""
        return cardset_from_mask(spitzer_sparse(self.deal.hands[_seat(seat)]))

    def original_hand(self, seat):
        """The eight cards *seat* was dealt."""
        return cardset_from_mask(spitzer_sparse(spitzer_original_hand(&self.deal, _seat(seat))))

    @property
    def announcements(self):
        """(seat, code) of every announcement so far, passes included."""
        cdef int i
        return _Announcements([((self.deal.dealer + 1 + i) & 3,
                                self.deal.announcement if i == self.deal.n_spoken - 1 else SP_PASS)
                               for i in range(self.deal.n_spoken)])

    @property
    def plays(self):
        """(seat, card) of every card played so far, in order."""
        cdef int i
        return _Plays([(spitzer_seat_of_play(&self.deal, i),
                        ALL_CARDS[spitzer_card(self.deal.plays[i])])
                       for i in range(self.deal.n_played)])

    @property
    def current_trick(self):
        """(seat, card) of the cards in the trick being played."""
        cdef int i, first = self.deal.n_played & ~3
        return _CurrentTrick([(spitzer_seat_of_play(&self.deal, i),
                               ALL_CARDS[spitzer_card(self.deal.plays[i])])
                              for i in range(first, self.deal.n_played)])

    @property
    def trick_leader(self):
        """The seat leading the current trick (-1 when the deal is over)."""
        if self.deal.n_played == 32:
            return -1
        return spitzer_leader(&self.deal, self.deal.n_played >> 2)

    @property
    def trick_winners(self):
        """The winner of every completed trick: the highest trump, else the
        highest card of the fail suit led (RULES.md 1.6)."""
        cdef int t
        return _TrickWinners([spitzer_trick_winner(&self.deal, t)
                              for t in range(self.deal.n_played >> 2)])

    @property
    def trick_points(self):
        """The card points in every completed trick."""
        cdef int t
        return _TrickPoints([spitzer_trick_points(&self.deal, t)
                             for t in range(self.deal.n_played >> 2)])

    @property
    def tricks_taken(self):
        """Completed tricks won by each seat."""
        cdef int counts[4]
        cdef int t
        counts[0] = counts[1] = counts[2] = counts[3] = 0
        for t in range(self.deal.n_played >> 2):
            counts[spitzer_trick_winner(&self.deal, t)] += 1
        return _TricksTaken((counts[0], counts[1], counts[2], counts[3]))

    @property
    def points_taken(self):
        """Card points won by each seat in completed tricks."""
        cdef int totals[4]
        cdef int t
        totals[0] = totals[1] = totals[2] = totals[3] = 0
        for t in range(self.deal.n_played >> 2):
            totals[spitzer_trick_winner(&self.deal, t)] += spitzer_trick_points(&self.deal, t)
        return _PointsTaken((totals[0], totals[1], totals[2], totals[3]))

    # -- announcements (RULES.md 1.5) --------------------------------------------

    @property
    def legal_announcements(self):
        """The announcement codes the seat to speak may make (PASS first);
        empty once the announcements are over."""
        _need_deal(self)
        cdef uint32_t m = spitzer_legal_announcements(&self.deal)
        cdef int code
        return _LegalAnnouncements([code for code in range(SP_N_ANNOUNCEMENTS) if m & _bit(code)])

    def announce(self, code, seat=None):
        """Pass (PASS) or announce *code* for the seat to speak.

        The first announcement ends the round (RULES.md 1.5).
        """
        cdef int phase = spitzer_phase(&self.deal), me, reason
        cdef uint32_t cards
        _need_deal(self)
        if phase != SP_AUCTION:
            if phase == SP_OVER:
                raise _msg.deal_over()
            raise _msg.announcements_over()
        if type(code) is not int:
            code = as_int(code, "announcement")
        if not 0 <= code < SP_N_ANNOUNCEMENTS:
            raise _msg.unknown_announcement(code)
        me = spitzer_to_move(&self.deal)
        if seat is not None and _seat(seat) != me:
            raise _msg.wrong_seat(seat, me, True)
        reason = spitzer_announcement_fault(&self.deal, me, code, &cards)
        if reason:
            raise _msg.announcement_error(reason, code, _display(cards))
        spitzer_announce(&self.deal, code)

    def illegal_announcement_reason(self, code):
        """Why the seat to speak may not announce *code* now, or None if it may:
        the message of the IllegalMoveError :meth:`announce` would raise (its
        rule is 1.5).  A code that names no announcement is an
        InvalidArgumentError, as in :meth:`announce`."""
        cdef int phase = spitzer_phase(&self.deal), reason
        cdef uint32_t cards
        _need_deal(self)
        if phase != SP_AUCTION:
            return (_msg.deal_over() if phase == SP_OVER else _msg.announcements_over()).message
        if type(code) is not int:
            code = as_int(code, "announcement")
        if not 0 <= code < SP_N_ANNOUNCEMENTS:
            raise _msg.unknown_announcement(code)
        reason = spitzer_announcement_fault(&self.deal, spitzer_to_move(&self.deal), code, &cards)
        if reason:
            return _msg.announcement_error(reason, code, _display(cards)).message
        return None

    # -- play (RULES.md 1.6) -------------------------------------------------------

    @property
    def legal_mask(self):
        """The legal cards for the seat to play, as a mask (0 outside play)."""
        _need_deal(self)
        return _LegalMask(spitzer_sparse(spitzer_legal(&self.deal)))

    @property
    def legal_moves(self):
        """The legal cards for the seat to play (empty outside play)."""
        _need_deal(self)
        return cardset_from_mask(spitzer_sparse(spitzer_legal(&self.deal)))

    def play(self, card, seat=None):
        """Play *card* for the seat to move; an illegal card raises IllegalMoveError
        naming the rule, and leaves the deal unchanged."""
        cdef int phase = spitzer_phase(&self.deal), action, me
        cdef uint32_t legal
        if phase != SP_PLAY:
            _need_deal(self)
            if phase == SP_OVER:
                raise _msg.deal_over()
            raise _msg.auction_not_over(spitzer_to_move(&self.deal))
        action = _as_action(card)
        if seat is not None:
            me = spitzer_to_move(&self.deal)
            if _seat(seat) != me:
                raise _msg.wrong_seat(seat, me, False)
        legal = spitzer_legal(&self.deal)
        if not legal & _bit(action):
            raise _play_fault(&self.deal, action, legal)
        spitzer_play(&self.deal, action)

    def illegal_reason(self, card):
        """Why the seat to move may not play *card* now, or None if it may: the
        message of the IllegalMoveError :meth:`play` would raise (the rule is
        its ``rule``), as ``SpidgeState.illegal_reason``.  A card outside the
        Spitzer pack is an InvalidCardError, as in :meth:`play`."""
        _need_deal(self)
        cdef int phase = spitzer_phase(&self.deal), action = _as_action(card)
        cdef uint32_t legal
        if phase != SP_PLAY:
            if phase == SP_OVER:
                return _msg.deal_over().message
            return _msg.auction_not_over(spitzer_to_move(&self.deal)).message
        legal = spitzer_legal(&self.deal)
        if legal & _bit(action):
            return None
        return _play_fault(&self.deal, action, legal).message

    # -- integer actions (the action space of pytrick.batch.SpitzerBatch) ----------

    @property
    def legal_actions(self):
        """The legal actions of the seat to move, as ints in increasing order:
        ``32 + code`` for each legal announcement during the announcements,
        the dense action number (0..31) of each legal card during play;
        empty once the deal is over."""
        _need_deal(self)
        return bits_tuple(_legal_actions(&self.deal))

    def play_action(self, action):
        """Make the move with action number *action* (see :attr:`legal_actions`):
        a card 0..31 or an announcement ``32 + code``.  Python and numpy
        integers are accepted; an illegal action raises IllegalMoveError naming
        the rule and leaves the deal unchanged."""
        cdef long a
        _need_deal(self)
        if type(action) is int and 0 <= action < _N_ALL_ACTIONS:
            a = action
        else:
            a = check_range(action, "action", 0, _N_ALL_ACTIONS - 1,
                            "Spitzer actions are 0 to 31 (cards) and 32 to 44 (announcements)")
        if (_legal_actions(&self.deal) >> a) & 1:
            if a >= _ANNOUNCE_ACTIONS:
                spitzer_announce(&self.deal, <int>(a - _ANNOUNCE_ACTIONS))
            else:
                spitzer_play(&self.deal, <int>a)
        elif a >= _ANNOUNCE_ACTIONS:
            SpitzerState.announce(self, a - _ANNOUNCE_ACTIONS)  # raises, naming the rule
        else:
            SpitzerState.play(self, spitzer_card(<int>a))  # raises, naming the rule

    def random_move(self, rng):
        """A uniformly random legal action (see :attr:`legal_actions`), not yet
        made; *rng* is anything whose ``random()`` gives a float in [0, 1)
        (:class:`random.Random`, :class:`numpy.random.Generator`); anything
        else (None, a seed) raises ArgumentTypeError naming ``rng``.  Raises
        IllegalMoveError once the deal is over."""
        _need_deal(self)
        cdef uint64_t m = _legal_actions(&self.deal)
        cdef int count = tc_popcount64(m), k
        if count == 0:
            raise _msg.deal_over()
        k = <int>(random_draw(rng) * count)
        if k >= count:
            k = count - 1
        while k > 0:
            m &= m - 1
            k -= 1
        return tc_lowest64(m)

    def undo(self):
        """Take back the last card played, or else the last announcement."""
        if not spitzer_undo(&self.deal):
            _need_deal(self)
            raise _msg.nothing_to_undo()

    def copy(self):
        """An independent copy (of the same class)."""
        _need_deal(self)
        # cls.__new__(cls) on a typed class compiles to a direct tp_new call;
        # SpitzerState.__new__(type(self)) went through a Python attribute lookup.
        cdef type cls = type(self)
        cdef SpitzerState other = cls.__new__(cls)
        other.deal = self.deal
        other.context = self.context
        return other

    def __copy__(self):
        return self.copy()

    # -- sides and scoring (RULES.md 1.4, 1.7, 1.8) --------------------------------

    @property
    def partner(self):
        """The caller's partner in a call game, once settled (-1 if alone,
        unsettled, or not a call game)."""
        return spitzer_partner(&self.deal)

    @property
    def declarers(self):
        """The declaring side as a mask of seats (bit *s* = seat *s*), as far as
        it is settled; complete once the deal is over."""
        return _Declarers(spitzer_declarers(&self.deal))

    @property
    def revealed(self):
        """Seats publicly known to be on the declaring side (RULES.md 1.7), as a
        mask: it depends only on the announcements and the cards played."""
        return _Revealed(spitzer_revealed(&self.deal))

    def raw_result(self):
        """(game type, declarers mask, their card points, their tricks, scoring
        column, game points per seat), once the deal is over (RULES.md 1.8)."""
        cdef SpitzerResult r
        if not spitzer_result(&self.deal, &r):
            _need_deal(self)
            raise _msg.not_over(self.deal.n_played >> 2)
        return (r.game_type, r.declarers, r.points, r.tricks, r.column,
                (r.scores[0], r.scores[1], r.scores[2], r.scores[3]))

    def scores(self):
        """Game points per seat for this deal, once it is over."""
        return self.raw_result()[5]

    # -- identity -----------------------------------------------------------------

    def __eq__(self, other):
        if not isinstance(other, SpitzerState):
            return NotImplemented
        return (memcmp(&self.deal, &(<SpitzerState>other).deal, sizeof(SpitzerDeal)) == 0
                and self.context == (<SpitzerState>other).context)

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash((PyBytes_FromStringAndSize(<char*>&self.deal, sizeof(SpitzerDeal)), self.context))

    def __repr__(self):
        _need_deal(self)
        hands = tuple(str(self.original_hand(s)) for s in range(4))
        codes = tuple([int(code) for _, code in self.announcements])
        plays = tuple([str(card) for _, card in self.plays])
        return (f"{type(self).__name__}({hands!r}, dealer={self.deal.dealer}, "
                f"options={self.deal.options}, announcements={codes!r}, plays={plays!r})")

    def __reduce__(self):
        _need_deal(self)
        hands = tuple([int(self.original_hand(s)) for s in range(4)])
        codes = tuple([int(code) for _, code in self.announcements])
        plays = tuple([int(card) for _, card in self.plays])
        return (_restore, (type(self), hands, self.deal.dealer, self.deal.options, codes, plays,
                           self.context))


def _restore(cls, hands, dealer, options, announcements, plays, context):
    """Rebuild a pickled state (see ``SpitzerState.__reduce__``)."""
    cdef SpitzerState state = cls.__new__(cls)
    SpitzerState.__init__(state, hands, dealer, options, announcements, plays)
    state.context = context
    return state


#: sizeof(SpitzerDeal) in bytes.
STATE_SIZE = sizeof(SpitzerDeal)
