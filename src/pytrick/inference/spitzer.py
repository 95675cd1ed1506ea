"""Card inference for Spitzer: what a seat's observation says about the other hands.

Every fact below follows from a rule that the real deal obeyed (RULES.md §1.5,
§1.6) and from what the observation shows (§1.7).  Together they are exact:
a deal of the hidden cards is consistent with the observation (it replays
legally and gives the observer the same observation) iff it satisfies them.
See ``docs/inference.rst`` for the list and the argument.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import trickcore
from pytrick.batch import SPITZER_ANNOUNCE_OFFSET
from pytrick.inference.constraints import Alternative, Fact, HiddenConstraints
from pytrick.spitzer import Announcement, SpitzerDeal, SpitzerObservation, SpitzerRules
from trickcore import CardSet
from trickcore._arguments import card_number, check_seat
from trickcore.card import ALL_CARDS
from trickcore.errors import ArgumentTypeError, InvalidCardError

__all__ = ["hidden_constraints", "prepare_replay", "replay"]

_core = trickcore.spitzer

CLUBS, SPADES, HEARTS = 0, 3, 2
TRUMPS = int(_core.TRUMPS)
FAIL_SUITS = (CLUBS, SPADES, HEARTS)
_SUIT_NAME = {CLUBS: "♣", SPADES: "♠", HEARTS: "♥", TRUMPS: "trumps"}
_SUIT_MASK = {suit: int(_core.suit_mask(suit)) for suit in (*FAIL_SUITS, TRUMPS)}
_PACK = sum(1 << int(card) for card in _core.PACK)
_ACE_OF = {suit: int(ALL_CARDS[suit * 13 + 12]) for suit in FAIL_SUITS}
_FAIL_ACES = sum(1 << ace for ace in _ACE_OF.values())
_Q_CLUBS, _Q_SPADES = int(_core.QUEEN_OF_CLUBS), int(_core.QUEEN_OF_SPADES)

_ACE_CALLS = {
    Announcement.ACE_CALL_CLUBS: CLUBS,
    Announcement.ACE_CALL_SPADES: SPADES,
    Announcement.ACE_CALL_HEARTS: HEARTS,
}
_VOID_CALLS = {
    Announcement.VOID_CALL_CLUBS: CLUBS,
    Announcement.VOID_CALL_SPADES: SPADES,
    Announcement.VOID_CALL_HEARTS: HEARTS,
}
_ZOLAS = (Announcement.ZOLA, Announcement.ZOLA_SCHNEIDER, Announcement.ZOLA_SCHNEIDER_SCHWARZ)

_R15, _R16 = "RULES.md §1.5", "RULES.md §1.6"


def _card(card: int) -> str:
    return ALL_CARDS[card].unicode()


def _cards(mask: int) -> str:
    return CardSet.from_mask(mask).unicode()


def _checked(observation: object) -> SpitzerObservation:
    """*observation*, if its fields name seats, cards and rules of Spitzer.

    A hand-built one (``dataclasses.replace``) with seat 5 or Spidge rules
    would otherwise give an IndexError, or a count for the wrong seat.
    """
    if not isinstance(observation, SpitzerObservation):
        raise ArgumentTypeError(
            f"expected a SpitzerObservation (deal.observation(seat)), not {type(observation).__name__}"
        )
    check_seat(observation.seat, "observation.seat")
    check_seat(observation.dealer, "observation.dealer")
    if not isinstance(observation.rules, SpitzerRules):
        raise ArgumentTypeError(
            f"observation.rules must be a SpitzerRules, not {type(observation.rules).__name__}"
        )
    if not isinstance(observation.hand, CardSet):
        raise ArgumentTypeError(
            f"observation.hand must be a CardSet, not {type(observation.hand).__name__}"
        )
    if int(observation.hand) & ~_PACK:
        raise InvalidCardError(
            f"observation.hand: {_cards(int(observation.hand) & ~_PACK)} is not in the Spitzer pack"
        )
    for seat, card in observation.plays:
        check_seat(seat, "observation.plays: a seat")
        try:
            number = card_number(card, "observation.plays: a card")
        except InvalidCardError as error:
            raise InvalidCardError(f"observation.plays: {error}") from None
        if not _PACK >> number & 1:
            raise InvalidCardError(f"observation.plays: {_card(number)} is not in the Spitzer pack")
    for seat, _ in observation.announcements:
        check_seat(seat, "observation.announcements: a seat")
    return observation


class _Builder:
    """Collects the facts about the hands of the seats other than the observer."""

    def __init__(self, observation: SpitzerObservation) -> None:
        self.me = observation.seat
        self.seats = tuple(s for s in range(4) if s != observation.seat)
        self.played_by = dict.fromkeys(range(4), 0)
        for seat, card in observation.plays:
            self.played_by[seat] |= 1 << int(card)
        played = sum(self.played_by.values())
        hand = int(observation.hand)
        # A card played twice, or both played and in the observer's hand, or
        # a hand of the wrong size: no deal gives that observation.
        self.impossible = (
            played.bit_count() != len(observation.plays)
            or bool(hand & played)
            or hand.bit_count() != 8 - self.played_by[self.me].bit_count()
            or any(mask.bit_count() > 8 for mask in self.played_by.values())
        )
        self.hidden = _PACK & ~played & ~int(observation.hand)
        self.sizes = tuple(8 - bin(self.played_by[s]).count("1") for s in self.seats)
        self.allowed = dict.fromkeys(self.seats, self.hidden)
        self.known = dict.fromkeys(self.seats, 0)
        self.choices: list[tuple[Alternative, ...]] = []
        self.facts: list[Fact] = []

    def fact(self, seat: int, text: str, rule: str) -> None:
        self.facts.append(Fact(seat, text, rule))

    def lacks(self, seat: int, mask: int, text: str, rule: str) -> None:
        """*seat* holds none of *mask* now."""
        if self.allowed[seat] & mask:
            self.allowed[seat] &= ~mask
            self.fact(seat, text, rule)

    def dealt_none(self, seat: int, mask: int, text: str, rule: str) -> None:
        """*seat* was dealt none of *mask*."""
        if self.played_by[seat] & mask:
            self.impossible = True
        self.lacks(seat, mask, text, rule)

    def dealt(self, seat: int, card: int, text: str, rule: str) -> None:
        """*seat* was dealt *card*."""
        bit = 1 << card
        if self.played_by[seat] & bit:
            return
        if not self.hidden & bit:
            self.impossible = True  # played by another, or in the observer's hand
            return
        self.known[seat] |= bit
        self.fact(seat, text, rule)

    def choice(self, alternatives: Iterable[Alternative]) -> None:
        self.choices.append(tuple(alternatives))

    def build(self) -> HiddenConstraints:
        allowed = dict(self.allowed)
        for seat, known in self.known.items():
            if known & ~allowed[seat]:
                self.impossible = True
            for other in self.seats:
                if other != seat:
                    allowed[other] &= ~known
        choices = tuple(self.choices)
        if self.impossible:
            choices = ((),)  # no alternative: no case, no deal
        return HiddenConstraints(
            seats=self.seats,
            hidden=CardSet.from_mask(self.hidden),
            sizes=self.sizes,
            allowed=tuple(CardSet.from_mask(allowed[s]) for s in self.seats),
            known=tuple(CardSet.from_mask(self.known[s]) for s in self.seats),
            choices=choices,
            facts=tuple(self.facts),
        )


def hidden_constraints(observation: SpitzerObservation) -> HiddenConstraints:
    """Every fact a Spitzer observation gives about the other three hands.

    >>> from pytrick.spitzer import SpitzerDeal
    >>> deal = SpitzerDeal.from_seed(7)
    >>> for _ in range(4):
    ...     deal.announce("pass")
    >>> for card in ("8D", "QC", "JD", "JC", "9C", "7C", "KC", "TD"):
    ...     deal.play(card)
    >>> constraints = hidden_constraints(deal.observation(2))
    >>> constraints.seats, constraints.sizes
    ((0, 1, 3), (6, 6, 6))
    >>> print(constraints.facts[0])
    seat 1 holds no ♣ (did not follow ♣ in trick 2) (RULES.md §1.6)
    """
    b = _Builder(_checked(observation))
    _announcement_facts(b, observation)
    _play_facts(b, observation)
    return b.build()


def _both_queens(b: _Builder, seat: int, what: str) -> None:
    for queen in (_Q_CLUBS, _Q_SPADES):
        b.dealt(seat, queen, f"holds {_card(queen)} ({what} needs both black queens)", _R15)


def _guarded_suit(b: _Builder, seat: int, suit: int, what: str) -> list[tuple[Alternative, bool]]:
    """'Every fail suit he holds contains its ace', for one *suit*: the disjoint
    ways it can hold, each with whether the seat then holds the ace."""
    ace = _ACE_OF[suit]
    suit_mask = _SUIT_MASK[suit]
    empty = CardSet()
    if b.played_by[seat] & (1 << ace):
        return [(Alternative(seat, empty, empty), True)]
    if not b.hidden & (1 << ace):
        b.dealt_none(
            seat, suit_mask, f"holds no {_SUIT_NAME[suit]} ({what}: he lacks {_card(ace)})", _R15
        )
        return [(Alternative(seat, empty, empty), False)]
    if b.played_by[seat] & suit_mask:
        b.dealt(seat, ace, f"holds {_card(ace)} ({what}: he has shown {_SUIT_NAME[suit]})", _R15)
        return [(Alternative(seat, empty, empty), True)]
    b.fact(seat, f"holds {_card(ace)} or no {_SUIT_NAME[suit]} ({what})", _R15)
    return [
        (Alternative(seat, CardSet.from_mask(1 << ace), empty), True),
        (Alternative(seat, empty, CardSet.from_mask(suit_mask & b.hidden)), False),
    ]


def _announcement_facts(b: _Builder, observation: SpitzerObservation) -> None:
    code = observation.announcement
    seat = observation.announcer
    rules = observation.rules
    if seat is None or seat == b.me:
        return  # passes are always legal; the observer knows his own hand
    if code in _ZOLAS and rules.zola_requires_both_queens:
        _both_queens(b, seat, "a Zola")
    elif code in _ACE_CALLS:
        suit = _ACE_CALLS[code]
        _both_queens(b, seat, "an ace call")
        ace = _ACE_OF[suit]
        b.dealt_none(seat, 1 << ace, f"holds no {_card(ace)} (he called it)", _R15)
        if not b.played_by[seat] & _SUIT_MASK[suit]:
            # At least one card of the suit: split on the first one he holds.
            b.fact(seat, f"holds a {_SUIT_NAME[suit]} (an ace call names a suit he holds)", _R15)
            options = b.hidden & _SUIT_MASK[suit] & ~(1 << ace)
            before = 0
            alternatives = []
            for bit in _bits(options):
                alternatives.append(
                    Alternative(seat, CardSet.from_mask(bit), CardSet.from_mask(before))
                )
                before |= bit
            b.choice(alternatives)
    elif code in _VOID_CALLS:
        suit = _VOID_CALLS[code]
        what = "a void call"
        _both_queens(b, seat, what)
        b.dealt_none(
            seat, _SUIT_MASK[suit], f"holds no {_SUIT_NAME[suit]} (a void call names a suit he lacks)", _R15
        )
        for other in FAIL_SUITS:
            if other != suit:
                b.choice(alt for alt, _ in _guarded_suit(b, seat, other, what))
    elif code == Announcement.VOID_CALL:
        what = "a void call"
        _both_queens(b, seat, what)
        per_suit = [_guarded_suit(b, seat, suit, what) for suit in FAIL_SUITS]
        b.fact(seat, "holds at least one fail ace (a void call)", _R15)
        combined = []
        for picks in _product(per_suit):
            if any(has_ace for _, has_ace in picks):
                combined.append(_merge(seat, [alt for alt, _ in picks]))
        b.choice(combined)
    elif code == Announcement.FIRST_TRICK_CALL:
        _both_queens(b, seat, "a first-trick call")
        for ace in _ACE_OF.values():
            b.dealt(seat, ace, f"holds {_card(ace)} (a first-trick call needs the three fail aces)", _R15)


def _play_facts(b: _Builder, observation: SpitzerObservation) -> None:
    code = observation.announcement
    announcer = observation.announcer
    called_ace = -1
    if code in _ACE_CALLS:
        called_ace = _ACE_OF[_ACE_CALLS[code]]
    elif code in _VOID_CALLS and observation.rules.void_call == "called_ace_holder":
        called_ace = _ACE_OF[_VOID_CALLS[code]]
    plays = observation.plays
    has_led: set[int] = set()
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        number = start // 4 + 1
        leader, led_card = trick[0]
        led = int(_core.effective_suit(int(led_card)))
        if leader != b.me and leader == announcer and leader not in has_led:
            _lead_duty_facts(b, observation, leader, int(led_card), led, number)
        has_led.add(leader)
        for seat, card in trick[1:]:
            if seat == b.me:
                continue
            suit = int(_core.effective_suit(int(card)))
            if suit != led:
                b.lacks(
                    seat,
                    _SUIT_MASK[led],
                    f"holds no {_SUIT_NAME[led]} (did not follow {_SUIT_NAME[led]} in trick {number})",
                    _R16,
                )
                if led != TRUMPS and suit != TRUMPS:
                    b.lacks(
                        seat,
                        _SUIT_MASK[TRUMPS],
                        f"holds no trumps (neither followed {_SUIT_NAME[led]} nor trumped in trick {number})",
                        _R16,
                    )
            elif called_ace >= 0 and int(card) != called_ace and led == _core.effective_suit(called_ace):
                b.lacks(
                    seat,
                    1 << called_ace,
                    f"holds no {_card(called_ace)} (did not play the called ace when "
                    f"{_SUIT_NAME[led]} was led in trick {number})",
                    _R16,
                )


def _lead_duty_facts(
    b: _Builder, observation: SpitzerObservation, seat: int, card: int, led: int, number: int
) -> None:
    """The caller's first lead (RULES.md §1.5 options)."""
    code = observation.announcement
    if code in _ACE_CALLS and observation.rules.call_requires_lead:
        suit = _ACE_CALLS[code]
        if led != suit:
            b.lacks(
                seat,
                _SUIT_MASK[suit],
                f"holds no {_SUIT_NAME[suit]} (his first lead, in trick {number}, "
                f"was not the called suit)",
                _R15,
            )
    elif code == Announcement.VOID_CALL and not _FAIL_ACES >> card & 1:
        b.lacks(
            seat,
            _FAIL_ACES,
            f"holds no fail ace (his first lead, in trick {number}, was not one)",
            _R15,
        )


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _product(
    lists: list[list[tuple[Alternative, bool]]],
) -> list[list[tuple[Alternative, bool]]]:
    result: list[list[tuple[Alternative, bool]]] = [[]]
    for options in lists:
        result = [[*done, option] for done in result for option in options]
    return result


def _merge(seat: int, alternatives: list[Alternative]) -> Alternative:
    holds = CardSet()
    lacks = CardSet()
    for alt in alternatives:
        holds |= alt.holds
        lacks |= alt.lacks
    return Alternative(seat, holds, lacks)


def replay(observation: SpitzerObservation, hidden_hands: dict[int, int]) -> SpitzerDeal:
    """The complete deal whose hidden cards are *hidden_hands* (seat → mask), with
    the observed announcements and plays replayed on it."""
    return prepare_replay(observation)(hidden_hands)


def prepare_replay(observation: SpitzerObservation) -> Callable[[dict[int, int]], SpitzerDeal]:
    """:func:`replay` for one observation, with what does not depend on the
    hidden cards worked out once: the cards each seat is known to have been
    dealt (its plays, and the observer's hand) and the moves as actions."""
    observation = _checked(observation)
    known = [0, 0, 0, 0]
    for seat, card in observation.plays:
        known[seat] |= 1 << int(card)
    known[observation.seat] |= int(observation.hand)
    actions = [SPITZER_ANNOUNCE_OFFSET + int(code) for _, code in observation.announcements]
    actions += [int(_core.action_index(card)) for _, card in observation.plays]
    dealer, rules = observation.dealer, observation.rules

    def deal_for(hidden_hands: dict[int, int]) -> SpitzerDeal:
        hands = list(known)
        for seat, mask in hidden_hands.items():
            hands[seat] |= mask
        deal = SpitzerDeal._from_masks(hands, dealer, rules)
        for action in actions:
            deal.play_action(action)
        return deal

    return deal_for
