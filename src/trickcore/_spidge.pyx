# cython: language_level=3, binding=True, embedsignature=True
"""Spidge (RULES.md §2), compiled: card tables, the deal state and its kernels.

The pure-Python twin is ``trickcore._reference._spidge``; both raise the same
messages, from ``trickcore._spidge_messages``.
"""

from libc.string cimport memcmp, memcpy, memset
from libc.stdint cimport uint8_t, uint64_t
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.long cimport PyLong_AsLongAndOverflow

from trickcore._cards cimport (CardSet, bits_tuple, cardset_from_mask, card_count, lowest_card,
                               nth_card, random_draw, to_mask)
from trickcore import _spidge_messages as messages
from trickcore._arguments import as_int, card_number, check_range, check_seed, not_initialised
from trickcore._deprecated_call import tuple_view
from trickcore.card import ALL_CARDS, Card
from trickcore._arguments import check_range
from trickcore.errors import (
    ArgumentTypeError, IllegalMoveError, InvalidArgumentError, InvalidCardError, RulesError,
)

__all__ = [
    "SPADES", "NO_SUIT", "N_ACTIONS", "JOKERS", "REPLACED_BY_JOKERS",
    "pack", "effective_suit", "strength", "is_trump", "action_index", "card_of_action",
    "LEFT", "DUMMY", "RIGHT", "DEALER",
    "OPT_JOKERS", "OPT_WILD_JOKERS", "OPT_SPADES_MUST_BE_BROKEN", "OPT_GRAND_SLAM_ALL_TRICKS",
    "DEFAULT_FLAGS", "NO_CATEGORY", "NILL", "SPIDGE", "SLAM", "GRAND_SLAM", "CATEGORY_POINTS",
    "trick_winner", "SpidgeState", "STATE_SIZE",
]

SPADES = SPIDGE_SPADES
NO_SUIT = SPIDGE_NO_SUIT
N_ACTIONS = SPIDGE_N_ACTIONS
JOKERS = (SPIDGE_JOKER_1, SPIDGE_JOKER_2)
REPLACED_BY_JOKERS = (13, 26)


cdef int _check(object card) except -1:
    """A card number, from a Card, a Python or numpy integer or card text."""
    if (type(card) is int or type(card) is Card) and 0 <= card < 54:
        return card
    return card_number(card)


cdef bint _wild(str joker_suit) except -1:
    if joker_suit == "trump":
        return False
    if joker_suit == "wild":
        return True
    raise InvalidArgumentError(f"invalid joker_suit {joker_suit!r}: choose 'trump' or 'wild'")


def pack(jokers=True):
    """The 52 cards in play: with jokers, 2♦ and 2♥ out and the two jokers in."""
    cdef mask_t m = spidge_pack_mask(jokers)
    return tuple(c for c in range(54) if (m >> c) & 1)


def effective_suit(card, joker_suit="trump"):
    """The printed suit; a joker is a spade (trump) or, when wild, NO_SUIT."""
    return spidge_suit(_check(card), _wild(joker_suit))


def strength(card):
    """2 is 1 … A is 13; both jokers 14 (they are equal)."""
    return spidge_strength(_check(card))


def is_trump(card, joker_suit="trump"):
    """Spades are always trumps; jokers too when they belong to the trump suit."""
    return spidge_suit(_check(card), _wild(joker_suit)) == SPIDGE_SPADES


def action_index(card):
    """The dense action number of a card: its card number."""
    return _check(card)


def card_of_action(action):
    """The card with dense action number *action* (0..53)."""
    return _check(action)


# --- The deal state -----------------------------------------------------------

LEFT, DUMMY, RIGHT, DEALER = 0, 1, 2, 3
OPT_JOKERS = SPIDGE_OPT_JOKERS
OPT_WILD_JOKERS = SPIDGE_OPT_WILD_JOKERS
OPT_SPADES_MUST_BE_BROKEN = SPIDGE_OPT_SPADES_MUST_BE_BROKEN
OPT_GRAND_SLAM_ALL_TRICKS = SPIDGE_OPT_GRAND_SLAM_ALL_TRICKS
DEFAULT_FLAGS = SPIDGE_OPT_JOKERS
NO_CATEGORY, NILL, SPIDGE, SLAM, GRAND_SLAM = 0, 1, 2, 3, 4
CATEGORY_POINTS = (0, 1, 1, 2, 4)
#: sizeof(spidge_state) in bytes.
STATE_SIZE = sizeof(spidge_state)

cdef tuple _ALL = ALL_CARDS
cdef int[5] _POINTS = [0, 1, 1, 2, 4]
cdef mask_t _SPADES_MASK = SPIDGE_SUIT_MASK(3)


cdef inline mask_t _trump_mask(int flags) noexcept nogil:
    if flags & SPIDGE_OPT_WILD_JOKERS:
        return _SPADES_MASK
    return _SPADES_MASK | SPIDGE_JOKER_MASK


cdef void spidge_init(spidge_state* s, const mask_t* hands, int flags,
                      int slam_tricks, int spidge_tricks) noexcept nogil:
    memset(s, 0, sizeof(spidge_state))
    cdef int i
    for i in range(4):
        s.hands[i] = hands[i]
    s.flags = <uint8_t>flags
    s.slam_tricks = <uint8_t>slam_tricks
    s.spidge_tricks = <uint8_t>spidge_tricks
    s.trumps_broken_at = SPIDGE_NO_TRICK


cdef int spidge_to_move(const spidge_state* s) noexcept nogil:
    if s.n_played == 52:
        return -1
    return (s.leaders[s.n_played >> 2] + (s.n_played & 3)) & 3


cdef inline int _suit_led(const spidge_state* s) noexcept nogil:
    """The suit the next card must follow, or -1 if free (a lead, or only wild jokers so far)."""
    cdef int start = s.n_played & ~3
    cdef int i, card
    if start == s.n_played:
        return -1
    if not (s.flags & SPIDGE_OPT_WILD_JOKERS):
        card = s.history[start]
        return 3 if card >= 52 else card // 13
    for i in range(start, s.n_played):
        card = s.history[i]
        if card < 52:
            return card // 13
    return -1


cdef inline mask_t _followers(int flags, int suit) noexcept nogil:
    """The cards that follow *suit* (a trump joker follows spades)."""
    if suit == 3 and not (flags & SPIDGE_OPT_WILD_JOKERS):
        return _SPADES_MASK | SPIDGE_JOKER_MASK
    return SPIDGE_SUIT_MASK(suit)


cdef mask_t spidge_legal(const spidge_state* s) noexcept nogil:
    cdef int h = spidge_to_move(s)
    if h < 0:
        return 0
    cdef mask_t hand = s.hands[h], free
    cdef int trick = s.n_played >> 2, suit
    if (s.n_played & 3) == 0:
        if trick == 0 or ((s.flags & SPIDGE_OPT_SPADES_MUST_BE_BROKEN)
                          and s.trumps_broken_at >= trick):
            free = hand & ~_trump_mask(s.flags)
            if free:
                return free
        return hand
    suit = _suit_led(s)
    if suit < 0:
        return hand
    free = hand & _followers(s.flags, suit)
    if not free:
        return hand
    if s.flags & SPIDGE_OPT_WILD_JOKERS:
        free |= hand & SPIDGE_JOKER_MASK   # a wild joker may be played at any time
    return free


cdef int spidge_check(const spidge_state* s, int card, mask_t* relevant, int* suit) noexcept nogil:
    cdef int h = spidge_to_move(s)
    cdef mask_t bit = (<mask_t>1) << card, legal
    relevant[0] = 0
    suit[0] = 0
    if h < 0:
        return SPIDGE_GAME_OVER
    if not (s.hands[h] & bit):
        relevant[0] = s.hands[h]
        return SPIDGE_NOT_HELD
    legal = spidge_legal(s)
    if legal & bit:
        return SPIDGE_OK
    relevant[0] = legal
    if (s.n_played & 3) == 0:
        return SPIDGE_OPENING_LEAD_TRUMP if s.n_played == 0 else SPIDGE_TRUMPS_NOT_BROKEN
    suit[0] = _suit_led(s)
    # The cards that follow, without the wild jokers that are also legal.
    relevant[0] = s.hands[h] & _followers(s.flags, suit[0])
    return SPIDGE_MUST_FOLLOW


cdef int spidge_trick_winner(const uint8_t* cards) noexcept nogil:
    cdef int i, joker = -1, jokers = 0, best = -1, led = -1
    for i in range(4):
        if cards[i] >= 52:
            jokers += 1
            joker = i
    if jokers == 1:
        return joker
    # No joker, or two that cancel: highest spade, else highest of the suit led
    # (the first non-joker card's suit).  Within a suit a higher number is higher.
    for i in range(4):
        if cards[i] < 52 and cards[i] // 13 == 3 and (best < 0 or cards[i] > cards[best]):
            best = i
    if best >= 0:
        return best
    for i in range(4):
        if cards[i] < 52:
            if led < 0:
                led = cards[i] // 13
                best = i
            elif cards[i] // 13 == led and cards[i] > cards[best]:
                best = i
    return best


cdef void spidge_play(spidge_state* s, int card) noexcept nogil:
    cdef int n = s.n_played, trick = n >> 2, h, start
    h = (s.leaders[trick] + (n & 3)) & 3
    s.hands[h] &= ~((<mask_t>1) << card)
    s.history[n] = <uint8_t>card
    s.n_played = n + 1
    if s.trumps_broken_at > trick and (_trump_mask(s.flags) >> card) & 1:
        s.trumps_broken_at = trick
    if (n & 3) == 3:
        start = n - 3
        h = (s.leaders[trick] + spidge_trick_winner(s.history + start)) & 3
        s.tricks[h] += 1
        s.leaders[trick + 1] = h


cdef void spidge_undo(spidge_state* s) noexcept nogil:
    cdef int n = s.n_played - 1, trick, card, i
    cdef mask_t trumps
    if n < 0:  # nothing played: nothing to take back (as spitzer_undo)
        return
    trick = n >> 2
    card = s.history[n]
    trumps = _trump_mask(s.flags)
    if (n & 3) == 3:
        s.tricks[s.leaders[trick + 1]] -= 1
        s.leaders[trick + 1] = 0
    s.hands[(s.leaders[trick] + (n & 3)) & 3] |= (<mask_t>1) << card
    s.n_played = n
    s.history[n] = 0
    if s.trumps_broken_at == trick and (trumps >> card) & 1:
        s.trumps_broken_at = SPIDGE_NO_TRICK
        for i in range(trick * 4, n):
            if (trumps >> s.history[i]) & 1:
                s.trumps_broken_at = trick


cdef int spidge_category(const spidge_state* s, int hand) noexcept nogil:
    if hand == 1:
        return SPIDGE_NO_CATEGORY
    cdef int tricks = s.tricks[hand]
    cdef bint grand
    if hand == 3:
        tricks += s.tricks[1]
        grand = tricks == 13 if s.flags & SPIDGE_OPT_GRAND_SLAM_ALL_TRICKS else tricks == 0
        if grand:
            return SPIDGE_GRAND_SLAM
    if tricks >= s.slam_tricks:
        return SPIDGE_SLAM
    if tricks >= s.spidge_tricks:
        return SPIDGE_SPIDGE
    if tricks == 0:
        return SPIDGE_NILL
    return SPIDGE_NO_CATEGORY


cdef int spidge_points(const spidge_state* s, int hand) noexcept nogil:
    return _POINTS[spidge_category(s, hand)]


cdef void spidge_random_playout(spidge_state* s, uint64_t* rng) noexcept nogil:
    cdef uint64_t x = rng[0]
    cdef mask_t legal
    if x == 0:
        x = 0x9E3779B97F4A7C15ULL
    while s.n_played < 52:
        x ^= x << 13
        x ^= x >> 7
        x ^= x << 17
        legal = spidge_legal(s)
        if not legal:       # only in a state that was never set up
            break
        spidge_play(s, nth_card(legal, <int>((x >> 32) % <uint64_t>card_count(legal))))
    rng[0] = x


def trick_winner(cards):
    """The position (0 = the card led) of the card that wins a complete trick.

    A single joker wins.  Two jokers cancel; then, as without jokers, the
    highest spade wins, or if there is none the highest card of the suit led,
    which is the suit of the first non-joker card (RULES.md 2.5; the same for
    both ``joker_suit`` values).  Four cards no pack holds together (a joker
    with 2♦ or 2♥, which the jokers replace: RULES.md 2.3) raise
    :class:`~pytrick.InvalidCardError`.
    """
    cdef uint8_t trick[4]
    cdef list numbers = [_check(c) for c in cards]
    if len(numbers) != 4 or len(set(numbers)) != 4:
        raise InvalidCardError("a trick is four different cards")
    messages.check_trick_pack(numbers)
    for i in range(4):
        trick[i] = numbers[i]
    return spidge_trick_winner(trick)


def _restore(cls, hands, flags, slam_tricks, spidge_tricks, plays, context):
    """Rebuild a pickled state (see ``SpidgeState.__reduce__``)."""
    cdef SpidgeState state = cls.__new__(cls)
    SpidgeState.__init__(state, hands, flags, slam_tricks, spidge_tricks)
    for card in plays:
        state.play(card)
    state.context = context
    return state


def _option_ints(*values):
    """The options as ints (numpy integers too); anything else is a RulesError."""
    result = []
    for name, value in zip(("flags", "slam_tricks", "spidge_tricks"), values):
        try:
            result.append(as_int(value, name))
        except ArgumentTypeError:
            raise RulesError(f"{name} must be an int, not {type(value).__name__}") from None
    return result


_HANDS_RANGE = "hands are 0 (left), 1 (dummy), 2 (right), 3 (dealer)"


cdef int _check_options(object flags, object slam_tricks, object spidge_tricks) except -1:
    flags, slam_tricks, spidge_tricks = _option_ints(flags, slam_tricks, spidge_tricks)
    if not 0 <= flags <= 15:
        raise RulesError(f"invalid Spidge option flags {flags}: only bits 0 to 3 are options")
    if not (1 <= spidge_tricks <= 13 and 1 <= slam_tricks <= 13):
        raise RulesError(
            f"invalid trick thresholds spidge_tricks={spidge_tricks}, slam_tricks={slam_tricks}: "
            "each must be from 1 to 13"
        )
    return 0


cdef inline int _need_deal(SpidgeState state) except -1:
    # Every set-up state has slam_tricks 1..13; the zeroed struct of a state
    # whose __init__ never ran has 0.
    if state.s.slam_tricks == 0:
        raise not_initialised(state)
    return 0


# history_hands was a method: callable one more release, with a DeprecationWarning.
_HistoryHands = tuple_view("history_hands")


cdef class SpidgeState:
    """One Spidge deal in play: four hands, the tricks so far, the options.

    *hands* are the four hands of 13 cards in play order from the dealer's
    left: ``[left, dummy, right, dealer]``, each anything ``CardSet`` accepts;
    together they must be the pack.  *flags* are the ``OPT_*`` options.
    Copying is a struct copy; subclasses keep their class through ``copy()``.
    """

    def __init__(self, hands=(), flags=DEFAULT_FLAGS, slam_tricks=13, spidge_tricks=10):
        cdef mask_t masks[4]
        cdef mask_t seen = 0, the_pack, outside
        cdef int i
        _check_options(flags, slam_tricks, spidge_tricks)
        if isinstance(hands, (str, bytes)) or len(hands) != 4:
            raise InvalidCardError("a Spidge deal needs four hands: left, dummy, right, dealer")
        the_pack = spidge_pack_mask(flags & SPIDGE_OPT_JOKERS)
        for i in range(4):
            masks[i] = to_mask(hands[i])
        for i in range(4):
            if card_count(masks[i]) != 13:
                raise InvalidCardError(
                    f"the {messages.HAND_NAMES[i]} hand has {messages.cards_count(card_count(masks[i]))}, not 13"
                )
            outside = masks[i] & ~the_pack
            if outside:
                raise InvalidCardError(
                    messages.not_in_pack_message(lowest_card(outside), flags & SPIDGE_OPT_JOKERS)
                )
            if masks[i] & seen:
                raise InvalidCardError(
                    f"{_ALL[lowest_card(masks[i] & seen)].unicode()} is dealt to two hands"
                )
            seen |= masks[i]
        spidge_init(&self.s, masks, flags, slam_tricks, spidge_tricks)
        self.context = None

    # -- options ---------------------------------------------------------------
    @property
    def flags(self):
        """The rule options as ``OPT_*`` bits (``SpidgeRules.flags``)."""
        return self.s.flags

    @property
    def slam_tricks(self):
        """The tricks a player needs for a slam (option ``slam_tricks``, RULES.md 2.6)."""
        return self.s.slam_tricks

    @property
    def spidge_tricks(self):
        """The tricks a player needs for a spidge (option ``spidge_tricks``, RULES.md 2.6)."""
        return self.s.spidge_tricks

    # -- position --------------------------------------------------------------
    @property
    def n_played(self):
        """Cards played so far (0..52)."""
        return self.s.n_played

    @property
    def tricks_played(self):
        """Complete tricks so far (0..13)."""
        return self.s.n_played >> 2

    @property
    def is_over(self):
        """True once all 52 cards are played."""
        return self.s.n_played == 52

    @property
    def current_trick(self):
        """The cards of the trick in progress, in play order (empty between tricks)."""
        cdef int start = self.s.n_played & ~3
        return tuple([_ALL[self.s.history[i]] for i in range(start, self.s.n_played)])

    @property
    def trick_leader(self):
        """The hand that led (or leads) the trick in progress; None when over."""
        return None if self.s.n_played == 52 else self.s.leaders[self.s.n_played >> 2]

    @property
    def hand_to_move(self):
        """The hand whose card is next (1: the dealer plays the dummy); None when over."""
        _need_deal(self)
        cdef int h = spidge_to_move(&self.s)
        return None if h < 0 else h

    @property
    def history(self):
        """Every card played, in order."""
        return tuple([_ALL[self.s.history[i]] for i in range(self.s.n_played)])

    @property
    def history_hands(self):
        """The hand that played each card of :attr:`history`."""
        return _HistoryHands([(self.s.leaders[i >> 2] + (i & 3)) & 3 for i in range(self.s.n_played)])

    @property
    def trick_winners(self):
        """The hand that won each complete trick."""
        return tuple([self.s.leaders[t + 1] for t in range(self.s.n_played >> 2)])

    @property
    def tricks_won(self):
        """Tricks won by each hand (the dummy's separately)."""
        return (self.s.tricks[0], self.s.tricks[1], self.s.tricks[2], self.s.tricks[3])

    @property
    def trumps_broken(self):
        """True once a trump has been played to a trick before the current one."""
        return self.s.trumps_broken_at < (self.s.n_played >> 2)

    @property
    def hands(self):
        """The cards each hand still holds, ``(left, dummy, right, dealer)``."""
        return (cardset_from_mask(self.s.hands[0]), cardset_from_mask(self.s.hands[1]),
                cardset_from_mask(self.s.hands[2]), cardset_from_mask(self.s.hands[3]))

    def hand(self, index):
        """The cards hand *index* (0 left, 1 dummy, 2 right, 3 dealer) still holds."""
        cdef int h = check_range(index, "hand", 0, 3, _HANDS_RANGE)
        return cardset_from_mask(self.s.hands[h])

    @property
    def initial_hands(self):
        """The four hands as dealt."""
        cdef mask_t m[4]
        cdef int i
        for i in range(4):
            m[i] = self.s.hands[i]
        for i in range(self.s.n_played):
            m[(self.s.leaders[i >> 2] + (i & 3)) & 3] |= (<mask_t>1) << self.s.history[i]
        return (cardset_from_mask(m[0]), cardset_from_mask(m[1]),
                cardset_from_mask(m[2]), cardset_from_mask(m[3]))

    @property
    def played(self):
        """The cards played so far, as a card set."""
        cdef mask_t m = 0
        for i in range(self.s.n_played):
            m |= (<mask_t>1) << self.s.history[i]
        return cardset_from_mask(m)

    # -- rules -----------------------------------------------------------------
    @property
    def legal_moves(self):
        """The cards the hand to move may play (empty when the deal is over)."""
        _need_deal(self)
        return cardset_from_mask(spidge_legal(&self.s))

    @property
    def legal_mask(self):
        """:attr:`legal_moves` as a mask over card numbers (= action numbers)."""
        _need_deal(self)
        return spidge_legal(&self.s)

    cdef int _card_number(self, object card) except -1:
        cdef int number = _check(card)
        if not (spidge_pack_mask(self.s.flags & SPIDGE_OPT_JOKERS) >> number) & 1:
            raise InvalidCardError(messages.not_in_pack_message(number, self.s.flags & SPIDGE_OPT_JOKERS))
        return number

    cdef int _led_card(self):
        """The card led to the trick in progress, or -1 before its lead."""
        if (self.s.n_played & 3) == 0:
            return -1
        return self.s.history[self.s.n_played & ~3]

    cdef str _message(self, int reason, int number, mask_t relevant, int suit):
        return messages.illegal_play_message(
            reason, number, max(spidge_to_move(&self.s), 0), cardset_from_mask(relevant), suit,
            self._led_card(), bool(self.s.flags & SPIDGE_OPT_WILD_JOKERS))

    def illegal_reason(self, card):
        """Why *card* may not be played now, or None if it may."""
        _need_deal(self)
        cdef int number = self._card_number(card), suit
        cdef mask_t relevant
        cdef int reason = spidge_check(&self.s, number, &relevant, &suit)
        if reason == SPIDGE_OK:
            return None
        return self._message(reason, number, relevant, suit)

    def play(self, card):
        """Play *card* from the hand to move; ``IllegalMoveError`` (state unchanged) if illegal."""
        cdef int number, suit, reason
        cdef mask_t relevant
        cdef int overflow = 0
        cdef long value = -1
        if type(card) is Card or type(card) is int:
            value = PyLong_AsLongAndOverflow(card, &overflow)
        if 0 <= value <= 53 and not overflow:
            number = <int>value
        else:
            number = self._card_number(card)
        if self.s.n_played < 52 and (spidge_legal(&self.s) >> number) & 1:
            spidge_play(&self.s, number)
            return
        _need_deal(self)
        number = self._card_number(card)
        reason = spidge_check(&self.s, number, &relevant, &suit)
        raise messages.illegal_play(
            reason, number, max(spidge_to_move(&self.s), 0), cardset_from_mask(relevant), suit,
            self._led_card(), bool(self.s.flags & SPIDGE_OPT_WILD_JOKERS))

    # -- integer actions: the card numbers (pytrick.batch.SpidgeBatch's actions) --

    @property
    def legal_actions(self):
        """The card numbers the hand to move may play, as ints in increasing
        order (empty once the deal is over)."""
        _need_deal(self)
        return bits_tuple(spidge_legal(&self.s))

    def play_action(self, action):
        """Play the card with number *action* (0..53) from the hand to move.
        Python and numpy integers are accepted; an illegal card raises
        IllegalMoveError naming the rule and leaves the deal unchanged."""
        cdef long a
        if type(action) is int and 0 <= action < SPIDGE_N_ACTIONS:
            a = action
        else:
            a = check_range(action, "action", 0, SPIDGE_N_ACTIONS - 1,
                            "Spidge actions are the card numbers 0 to 53")
        if (spidge_legal(&self.s) >> a) & 1:
            spidge_play(&self.s, <int>a)
        else:
            _need_deal(self)
            SpidgeState.play(self, a)  # raises, naming the rule

    def random_move(self, rng):
        """A uniformly random legal card number, not yet played; *rng* is
        anything whose ``random()`` gives a float in [0, 1)
        (:class:`random.Random`, :class:`numpy.random.Generator`); anything
        else (None, a seed) raises ArgumentTypeError naming ``rng``.  Raises
        IllegalMoveError once the deal is over."""
        _need_deal(self)
        cdef mask_t m = spidge_legal(&self.s)
        cdef int count = card_count(m), k
        if count == 0:
            raise messages.no_move()
        k = <int>(random_draw(rng) * count)
        return nth_card(m, k if k < count else count - 1)

    def undo(self):
        """Take back the last card played and return it."""
        _need_deal(self)
        if self.s.n_played == 0:
            raise messages.nothing_to_undo()
        cdef int card = self.s.history[self.s.n_played - 1]
        spidge_undo(&self.s)
        return _ALL[card]

    def copy(self):
        """An independent copy (of the same class)."""
        _need_deal(self)
        cdef type cls = type(self)
        cdef SpidgeState other = cls.__new__(cls)
        memcpy(&other.s, &self.s, sizeof(spidge_state))
        other.context = self.context
        return other

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()  # the context is immutable by contract

    def __reduce__(self):
        # Pickle as the deal as dealt plus the cards played: replaying restores
        # every derived field, and the class (a subclass too) is kept.
        _need_deal(self)
        return (_restore, (type(self), tuple([int(h) for h in self.initial_hands]),
                           self.s.flags, self.s.slam_tricks, self.s.spidge_tricks,
                           bytes(self.s.history[:self.s.n_played]), self.context))

    # -- scoring ---------------------------------------------------------------
    cdef int _need_over(self) except -1:
        _need_deal(self)
        if self.s.n_played != 52:
            raise messages.not_over(self.s.n_played >> 2)
        return 0

    def categories(self):
        """The category each hand scores (the dummy: NO_CATEGORY); the deal must be over."""
        self._need_over()
        return (spidge_category(&self.s, 0), spidge_category(&self.s, 1),
                spidge_category(&self.s, 2), spidge_category(&self.s, 3))

    def points(self):
        """The points each hand scores (the dummy: 0); the deal must be over."""
        self._need_over()
        return (spidge_points(&self.s, 0), 0, spidge_points(&self.s, 2), spidge_points(&self.s, 3))

    def random_playout(self, seed):
        """Play uniformly random legal cards to the end of the deal.

        The generator is xorshift64 seeded with *seed* (0 → a fixed constant),
        card ``(x >> 32) % len(legal)`` of the legal cards in card-number
        order, so both backends play the same cards for the same seed.
        """
        _need_deal(self)
        cdef uint64_t x = <uint64_t>check_seed(seed)
        # With the GIL held, as every method of a deal: another Python thread
        # sees the deal before or after the playout, never half played (a
        # playout takes a microsecond; releasing the GIL would buy nothing).
        spidge_random_playout(&self.s, &x)

    # -- identity --------------------------------------------------------------
    cdef bytes _bytes(self):
        return PyBytes_FromStringAndSize(<char*>&self.s, sizeof(spidge_state))

    def __eq__(self, other):
        if not isinstance(other, SpidgeState):
            return NotImplemented
        return (memcmp(&self.s, &(<SpidgeState>other).s, sizeof(spidge_state)) == 0
                and self.context == (<SpidgeState>other).context)

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash((self._bytes(), self.context))

    def __repr__(self):
        _need_deal(self)
        cdef int h = spidge_to_move(&self.s)
        where = "over" if h < 0 else f"{messages.HAND_NAMES[h]} to play"
        return (f"<{type(self).__name__} trick {min((self.s.n_played >> 2) + 1, 13)}, {where}, "
                f"tricks {'/'.join(map(str, self.tricks_won))}>")
