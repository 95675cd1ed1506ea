"""Card inference for Spidge: what a player's observation says about the two hidden hands.

The dummy is face up (RULES.md §2.4), so only the two other players' hands
are hidden — the dealer's own hand from the side players, a side player's
from the other two.  Every fact is a mask fact from the play rules (§2.3,
§2.5); Spidge has no announcements.  Together they are exact: a deal of the
hidden cards replays legally and gives the same observation iff it satisfies
them.  See ``docs/inference.rst``.
"""

from __future__ import annotations

from collections.abc import Callable

import trickcore
from pytrick.inference.constraints import Fact, HiddenConstraints
from pytrick.spidge import Hand, SpidgeDeal, SpidgeObservation, SpidgeRules
from trickcore import CardSet
from trickcore._arguments import card_number, check_range
from trickcore.card import ALL_CARDS
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, InvalidCardError

__all__ = ["hidden_constraints", "prepare_replay", "replay"]

_core = trickcore.spidge

SPADES = 3
_JOKERS = (1 << 52) | (1 << 53)
_SUIT_MASK = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
_SUIT_NAME = ("♣", "♦", "♥", "♠")
_R23, _R25 = "RULES.md §2.3", "RULES.md §2.5"


def _pack(jokers: bool) -> int:
    return sum(1 << int(card) for card in _core.pack(jokers))


def _is_joker(card: int) -> bool:
    return card >= 52


def _cards(mask: int) -> str:
    return CardSet.from_mask(mask).unicode()


def _checked(observation: object) -> SpidgeObservation:
    """*observation*, if its fields name hands, cards and rules of Spidge.

    A hand-built one (``dataclasses.replace``) seen from the dummy or with
    Spitzer rules would otherwise give a count for nobody, or a traceback.
    """
    if not isinstance(observation, SpidgeObservation):
        raise ArgumentTypeError(
            f"expected a SpidgeObservation (deal.observation(player)), not {type(observation).__name__}"
        )
    if not isinstance(observation.rules, SpidgeRules):
        raise ArgumentTypeError(
            f"observation.rules must be a SpidgeRules, not {type(observation.rules).__name__}"
        )
    seat = check_range(observation.seat, "observation.seat", 0, 3, "hands are 0 to 3 (a Hand)")
    if seat == Hand.DUMMY:
        raise InvalidArgumentError(
            "invalid observation.seat Hand.DUMMY: the dummy observes nothing; a player's "
            "hand is Hand.LEFT, Hand.RIGHT or Hand.DEALER"
        )
    check_range(observation.dealer, "observation.dealer", 0, 2, "the dealer is player 0, 1 or 2")
    pack = _pack(observation.rules.jokers)
    for name in ("hand", "dummy"):
        cards = getattr(observation, name)
        if not isinstance(cards, CardSet):
            raise ArgumentTypeError(
                f"observation.{name} must be a CardSet, not {type(cards).__name__}"
            )
        if int(cards) & ~pack:
            raise InvalidCardError(
                f"observation.{name}: {_cards(int(cards) & ~pack)} is not in this Spidge pack"
            )
    for hand, card in observation.plays:
        check_range(hand, "observation.plays: a hand", 0, 3, "hands are 0 to 3 (a Hand)")
        try:
            number = card_number(card, "observation.plays: a card")
        except InvalidCardError as error:
            raise InvalidCardError(f"observation.plays: {error}") from None
        if not pack >> number & 1:
            raise InvalidCardError(
                f"observation.plays: {ALL_CARDS[number].unicode()} is not in this Spidge pack"
            )
    return observation


def hidden_constraints(observation: SpidgeObservation) -> HiddenConstraints:
    """Every fact a Spidge observation gives about the two hidden hands.

    The hidden hands are keyed by :class:`~pytrick.spidge.Hand` (the dummy is
    public, and the dealer's own hand is ``Hand.DEALER``).

    >>> from pytrick.spidge import Hand, SpidgeDeal
    >>> deal = SpidgeDeal.from_seed(7)
    >>> deal.play("AC")
    >>> constraints = hidden_constraints(deal.observation(deal.dealer))
    >>> constraints.seats, constraints.sizes
    ((<Hand.LEFT: 0>, <Hand.RIGHT: 2>), (12, 13))
    """
    rules = _checked(observation).rules
    wild = rules.joker_suit == "wild"
    me = Hand(observation.seat)
    seats = tuple(h for h in Hand if h not in (me, Hand.DUMMY))
    played_by = dict.fromkeys(Hand, 0)
    for who, what in observation.plays:
        played_by[Hand(who)] |= 1 << int(what)
    hidden = (
        _pack(rules.jokers)
        & ~sum(played_by.values())
        & ~int(observation.hand)
        & ~int(observation.dummy)
    )
    allowed = dict.fromkeys(seats, hidden)
    facts: list[Fact] = []

    def lacks(hand: Hand, mask: int, text: str, rule: str) -> None:
        if hand in allowed and allowed[hand] & mask:
            allowed[hand] &= ~mask
            facts.append(Fact(hand, text, rule))

    def is_trump(card: int) -> bool:
        return card // 13 == SPADES if card < 52 else not wild

    trumps = _SUIT_MASK[SPADES] | (0 if wild else _JOKERS)
    plays = observation.plays
    trumps_broken = False
    for start in range(0, len(plays), 4):
        trick = [(Hand(h), int(c)) for h, c in plays[start : start + 4]]
        number = start // 4 + 1
        leader, led = trick[0]
        if is_trump(led) and (number == 1 or (rules.spades_must_be_broken and not trumps_broken)):
            why = "the opening lead" if number == 1 else "a lead before trumps were broken"
            lacks(
                leader,
                ~trumps,
                f"holds only trumps (led {ALL_CARDS[led].unicode()} to trick {number}, "
                f"{why})",
                _R25,
            )
        suit: int | None = None
        if not _is_joker(led):
            suit = led // 13
        elif not wild:
            suit = SPADES
        for hand, card in trick[1:]:
            if suit is None:  # a wild joker was led: the first other card sets the suit
                if not _is_joker(card):
                    suit = card // 13
                continue
            follows = (card // 13 == suit) if not _is_joker(card) else (suit == SPADES and not wild)
            if follows or (wild and _is_joker(card)):
                continue
            followers = _SUIT_MASK[suit] | (_JOKERS if suit == SPADES and not wild else 0)
            name = _SUIT_NAME[suit] + (" or joker" if followers & _JOKERS else "")
            lacks(
                hand,
                followers,
                f"holds no {name} (did not follow {_SUIT_NAME[suit]} in trick {number})",
                _R25 if not followers & _JOKERS else f"{_R23}, {_R25}",
            )
        if len(trick) == 4 and any(is_trump(c) for _, c in trick):
            trumps_broken = True

    sizes = tuple(13 - bin(played_by[h]).count("1") for h in seats)
    seen, dummy, played = int(observation.hand), int(observation.dummy), sum(played_by.values())
    # A card played twice, or shown twice, or a hand of the wrong size: no
    # deal gives that observation (no case: no deal).
    impossible = (
        played.bit_count() != len(plays)
        or bool(seen & dummy or (seen | dummy) & played)
        or seen.bit_count() != 13 - played_by[me].bit_count()
        or dummy.bit_count() != 13 - played_by[Hand.DUMMY].bit_count()
        or any(mask.bit_count() > 13 for mask in played_by.values())
    )
    return HiddenConstraints(
        seats=seats,
        hidden=CardSet.from_mask(hidden),
        sizes=sizes,
        allowed=tuple(CardSet.from_mask(allowed[h]) for h in seats),
        known=tuple(CardSet() for _ in seats),
        choices=((),) if impossible else (),
        facts=tuple(facts),
    )


def replay(observation: SpidgeObservation, hidden_hands: dict[int, int]) -> SpidgeDeal:
    """The complete deal whose hidden hands are *hidden_hands* (hand → mask), with
    the observed plays replayed on it."""
    return prepare_replay(observation)(hidden_hands)


def prepare_replay(observation: SpidgeObservation) -> Callable[[dict[int, int]], SpidgeDeal]:
    """:func:`replay` for one observation, with what does not depend on the
    hidden cards (the cards each hand is known to have been dealt, the plays)
    worked out once."""
    observation = _checked(observation)
    known = [0, 0, 0, 0]
    for who, what in observation.plays:
        known[who] |= 1 << int(what)
    known[observation.seat] |= int(observation.hand)
    known[Hand.DUMMY] |= int(observation.dummy)
    plays = [int(card) for _, card in observation.plays]
    dealer, rules = observation.dealer, observation.rules

    def deal_for(hidden_hands: dict[int, int]) -> SpidgeDeal:
        by_hand = list(known)
        for index, mask in hidden_hands.items():
            by_hand[index] |= mask
        deal = SpidgeDeal._from_masks(by_hand, dealer, rules)
        for card in plays:
            deal.play_action(card)
        return deal

    return deal_for
