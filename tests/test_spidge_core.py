"""Named scenario tests for every rule and option of RULES.md §2, on both backends.

Hands are given in the core's order: left, dummy, right, dealer (the play
order from the dealer's left).
"""

from __future__ import annotations

from types import ModuleType

import pytest

import trickcore
from trickcore.card import Card
from trickcore.errors import DealNotOverError, IllegalMoveError, InvalidCardError, RulesError


def C(text: str) -> list[Card]:
    return [Card(word) for word in text.split()]


def make(S: ModuleType, flags: int = 1, slam: int = 13, spidge: int = 10, **given: str):
    """A deal with the named hands holding at least the given cards; the rest
    of the pack goes round-robin to the hands that still need cards."""
    order = ["left", "dummy", "right", "dealer"]
    hands = [C(given.get(name, "")) for name in order]
    used = {c for hand in hands for c in hand}
    rest = [c for c in S.pack(bool(flags & S.OPT_JOKERS)) if c not in used]
    assert len(rest) + len(used) == 52, "test deal uses cards outside the pack"
    i = 0
    for card in rest:
        while len(hands[i % 4]) >= 13:
            i += 1
        hands[i % 4].append(Card(card))
        i += 1
    return S.SpidgeState(hands, flags, slam, spidge)


def play(state, text: str) -> None:
    for card in text.split():
        state.play(card)


def snapshot(state):
    return (state.hands, state.history, state.tricks_won, state.hand_to_move, state.legal_mask)


# One full suit per hand, no jokers: a fully determined deal.
SUITS = {
    "left": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "dummy": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "right": "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "dealer": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
}


@pytest.fixture
def S(backend: dict[str, ModuleType]) -> ModuleType:
    return backend["_spidge"]


# --- 2.3 the pack -------------------------------------------------------------


def test_pack_with_jokers_replaces_two_red_twos(S):
    cards = set(S.pack(True))
    assert len(cards) == 52
    assert Card("2D") not in cards and Card("2H") not in cards
    assert {52, 53} <= cards


def test_pack_without_jokers_is_standard(S):
    assert S.pack(False) == tuple(range(52))


def test_card_not_in_pack_is_rejected(S):
    state = make(S)
    before = snapshot(state)
    with pytest.raises(InvalidCardError, match="not in the Spidge pack with jokers"):
        state.play("2D")
    assert snapshot(state) == before
    with pytest.raises(InvalidCardError, match="without jokers"):
        make(S, flags=0).play("JK1")


@pytest.mark.parametrize("card", [-1, 54, 2**70, -(2**70)])
def test_card_numbers_out_of_range_are_rejected(S, card):
    state = make(S)
    with pytest.raises(InvalidCardError, match="cards are numbered 0 to 53"):
        state.play(card)
    with pytest.raises(TypeError):
        state.play(None)


def test_spades_are_always_trumps_and_jokers_per_option(S):
    assert S.is_trump(Card("2S")) and not S.is_trump(Card("AH"))
    assert S.is_trump(52, "trump") and not S.is_trump(52, "wild")
    assert S.effective_suit(53, "wild") == S.NO_SUIT


def test_ranks_ace_high_jokers_equal_and_highest(S):
    assert S.strength(Card("AC")) == 13 > S.strength(Card("KC")) > S.strength(Card("2C")) == 1
    assert S.strength(52) == S.strength(53) == 14


# --- 2.2 the table: play order -------------------------------------------------


def test_play_order_is_left_dummy_right_dealer(S):
    state = make(S, flags=0, **SUITS)
    order = []
    for card in C("2H 2S 2D 2C"):
        order.append(state.hand_to_move)
        state.play(card)
    assert order == [S.LEFT, S.DUMMY, S.RIGHT, S.DEALER]


def test_wrong_hand_card_names_the_holder(S):
    state = make(S, flags=0, **SUITS)
    state.play("2H")
    with pytest.raises(IllegalMoveError, match="the dummy does not hold it"):
        state.play("3H")
    state.play("2S")
    with pytest.raises(IllegalMoveError, match="you do not hold it"):
        state.play("3H")


# --- 2.5 leads ------------------------------------------------------------------


def test_opening_lead_may_not_be_a_trump(S):
    state = make(S, left="5C 9H AS KS JK1")
    before = snapshot(state)
    with pytest.raises(
        IllegalMoveError, match=r"the opening lead may not be a trump: you hold .*5♣"
    ) as err:
        state.play("AS")
    assert "9♥" in str(err.value) and "K♠" not in str(err.value)
    assert snapshot(state) == before
    with pytest.raises(IllegalMoveError, match="opening lead may not be a trump"):
        state.play("JK1")  # a joker in the trump suit is a trump
    assert not any(S.is_trump(c) for c in state.legal_moves)
    assert state.illegal_reason("AS") is not None and state.illegal_reason("5C") is None


def test_opening_lead_trump_allowed_when_holding_only_trumps(S):
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    state = make(S, flags=0, left=spades)
    assert state.legal_moves == state.hand(S.LEFT)
    state.play("AS")
    joker_and_spades = "JK1 JK2 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
    state = make(S, left=joker_and_spades)
    state.play("JK1")
    assert state.current_trick == (Card("JK1"),)


def test_wild_joker_may_be_the_opening_lead(S):
    state = make(S, flags=S.OPT_JOKERS | S.OPT_WILD_JOKERS, left="JK1 5C AS")
    assert Card("JK1") in state.legal_moves and Card("AS") not in state.legal_moves
    state.play("JK1")


def test_wild_joker_must_be_led_before_spades_when_only_spades_otherwise(S):
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
    state = make(S, flags=S.OPT_JOKERS | S.OPT_WILD_JOKERS, left=spades + " JK1")
    assert set(state.legal_moves) == {Card("JK1")}  # the wild joker is not a trump


def test_later_leads_are_free_by_default(S):
    state = make(S, flags=0, left="2C 3C", dummy="AC", right="4C", dealer="5C 6C 2S")
    play(state, "2C AC 4C 5C")  # no trump played; the dummy wins
    assert state.hand_to_move == S.DUMMY and not state.trumps_broken
    assert all(c in state.legal_moves for c in state.hand(S.DUMMY))


def test_spades_must_be_broken_forbids_trump_lead_until_broken(S):
    flags = S.OPT_SPADES_MUST_BE_BROKEN
    state = make(S, flags=flags, left="2C 3C", dummy="AC 2S", right="4C", dealer="5C 6C")
    play(state, "2C AC 4C 5C")
    assert state.hand_to_move == S.DUMMY
    with pytest.raises(IllegalMoveError, match=r"spades_must_be_broken\): the dummy holds"):
        state.play("2S")
    assert not any(S.is_trump(c) for c in state.legal_moves)


def test_spades_broken_after_a_trump_in_an_earlier_trick(S):
    flags = S.OPT_SPADES_MUST_BE_BROKEN
    # Right holds no club and discards a spade to trick 1: spades are broken.
    right = "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3S"
    state = make(S, flags=flags, left="2C 3C", dummy="AC 2S", right=right, dealer="5C 6C")
    play(state, "2C AC 3S")
    assert not state.trumps_broken  # not before the trick is complete
    state.play("5C")
    assert state.trick_winners == (S.RIGHT,) and state.trumps_broken
    assert state.legal_moves == state.hand(S.RIGHT)


def test_trump_joker_breaks_spades_but_wild_joker_does_not(S):
    right = "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD JK1"
    for flags, broken in (
        (S.OPT_JOKERS | S.OPT_SPADES_MUST_BE_BROKEN, True),
        (S.OPT_JOKERS | S.OPT_SPADES_MUST_BE_BROKEN | S.OPT_WILD_JOKERS, False),
    ):
        state = make(S, flags=flags, left="3C 4C", dummy="AC", right=right, dealer="5C 6C")
        play(state, "3C AC JK1 5C")
        assert state.trumps_broken is broken


def test_spades_must_be_broken_exception_when_only_trumps(S):
    flags = S.OPT_SPADES_MUST_BE_BROKEN
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    state = make(S, flags=flags, left="2C", dummy=spades, right="3C", dealer="4C")
    play(state, "2C")
    # The dummy cannot follow clubs: it plays a spade, so spades are broken anyway;
    # check the exception on a fresh deal where the leader holds only spades.
    state = make(S, flags=flags, left="2C", dummy="5C", right=spades, dealer="4C")
    play(state, "2C 5C 2S 4C")
    assert state.hand_to_move == S.RIGHT
    assert state.legal_moves == state.hand(S.RIGHT)


# --- 2.5 following ----------------------------------------------------------------


def test_must_follow_suit(S):
    state = make(S, left="5C", dummy="9C 9H AS")
    state.play("5C")
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match=r"must follow clubs: the dummy holds .*9♣"):
        state.play("9H")
    assert snapshot(state) == before


def test_no_obligation_to_trump(S):
    right = "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD AS"
    state = make(S, left="5C", dummy="9C", right=right)
    play(state, "5C 9C")
    assert state.legal_moves == state.hand(S.RIGHT)  # any card, trump or not


def test_trump_joker_follows_a_spade_lead(S):
    left = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    state = make(S, left=left, dummy="JK1 5C")  # the dummy's only trump is a joker
    state.play("AS")
    assert set(state.legal_moves) == {Card("JK1")}
    with pytest.raises(IllegalMoveError, match="must follow spades: the dummy holds 🃏1"):
        state.play("5C")


def test_trump_joker_may_not_be_played_while_following_a_plain_suit(S):
    state = make(S, left="5C", dummy="9C JK1")
    state.play("5C")
    assert Card("JK1") not in state.legal_moves


def test_trump_joker_may_be_played_when_void_in_plain_suit(S):
    dummy = "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD JK1"
    state = make(S, left="5C", dummy=dummy)
    state.play("5C")
    assert Card("JK1") in state.legal_moves


def test_wild_joker_may_be_played_even_when_able_to_follow(S):
    state = make(S, flags=S.OPT_JOKERS | S.OPT_WILD_JOKERS, left="5C", dummy="9C JK1 9H")
    state.play("5C")
    clubs = {c for c in state.hand(S.DUMMY) if c.suit == 0}
    assert set(state.legal_moves) == clubs | {Card("JK1")}
    assert Card("9H") not in state.legal_moves


def test_wild_joker_led_next_player_free_then_first_card_sets_suit(S):
    flags = S.OPT_JOKERS | S.OPT_WILD_JOKERS
    state = make(S, flags=flags, left="JK1 5C", dummy="9H 9C", right="3H 3C", dealer="4C")
    state.play("JK1")
    assert state.legal_moves == state.hand(S.DUMMY)  # any card after a wild joker lead
    state.play("9H")
    assert Card("3C") not in state.legal_moves and Card("3H") in state.legal_moves


def test_trump_joker_led_requires_spades(S):
    left = "JK1 JK2 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
    state = make(S, left=left, dummy="AS 9C")
    state.play("JK1")
    assert set(state.legal_moves) == {Card("AS")}


# --- 2.5 winning a trick ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("5C AS KS 2C", 1),  # highest spade
        ("5C 9C KC 2C", 2),  # highest of the suit led, no trump
        ("5C 9H AH 2D", 0),  # off-suit cards never win
        ("5C AS JK1 2C", 2),  # a single joker wins, above every trump
        ("JK2 AS KS 2C", 0),  # a single joker led wins
        ("5C JK1 AS JK2", 2),  # two jokers cancel: the spade wins
        ("5C JK1 9C JK2", 2),  # two jokers, no spade: the suit led (clubs)
        ("JK1 5H AH JK2", 2),  # joker led, no spade: suit of first non-joker card
        ("JK1 5H 2S JK2", 2),  # joker led, cancelled: the spade wins
        ("JK1 JK2 5D 9D", 3),  # both jokers first: the first non-joker suit
    ],
)
def test_trick_winner(S, trick, winner):
    assert S.trick_winner(C(trick)) == winner


def test_dummy_leads_after_winning(S):
    state = make(S, left="2C", dummy="AC", right="3C", dealer="4C")
    play(state, "2C AC 3C 4C")
    assert state.trick_winners == (S.DUMMY,)
    assert state.hand_to_move == S.DUMMY and state.trick_leader == S.DUMMY
    assert state.tricks_won == (0, 1, 0, 0)


def test_winner_leads_and_order_continues_clockwise(S):
    state = make(S, flags=0, left="2C", dummy="3C", right="AC", dealer="4C")
    play(state, "2C 3C AC 4C")
    order = []
    for _ in range(4):
        order.append(state.hand_to_move)
        state.play(min(state.legal_moves))
    assert order == [S.RIGHT, S.DEALER, S.LEFT, S.DUMMY]


# --- 2.6 scoring ---------------------------------------------------------------


def play_lowest(state) -> None:
    while not state.is_over:
        state.play(min(state.legal_moves))


SPIDGE_DEAL = {
    "left": "5S 6S 7S 8S 9S TS JS QS KS AS 2C 3C 4C",
    "dummy": "5C 6C 7C 8C 9C TC JC QC KC AC 2S 3S 4S",
    "right": "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "dealer": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
}


def test_spidge_ten_tricks_and_dealer_counts_dummy(S):
    state = make(S, flags=0, **SPIDGE_DEAL)
    play_lowest(state)
    # The dummy wins three club tricks, then the left hand's spades take ten.
    assert state.tricks_won == (10, 3, 0, 0)
    assert state.categories() == (S.SPIDGE, S.NO_CATEGORY, S.NILL, S.NO_CATEGORY)
    assert state.points() == (1, 0, 1, 0)  # the dealer's 0 + dummy's 3 is not nill


def test_spidge_at_or_above_slam_threshold_never_scores(S):
    state = make(S, flags=0, slam=10, spidge=10, **SPIDGE_DEAL)
    play_lowest(state)
    assert state.categories()[S.LEFT] == S.SLAM
    state = make(S, flags=0, slam=9, spidge=12, **SPIDGE_DEAL)
    play_lowest(state)
    assert state.categories()[S.LEFT] == S.SLAM


def test_spidge_and_slam_thresholds_are_options(S):
    state = make(S, flags=0, spidge=11, **SPIDGE_DEAL)
    play_lowest(state)
    assert state.categories()[S.LEFT] == S.NO_CATEGORY
    state = make(S, flags=0, slam=10, spidge=9, **SPIDGE_DEAL)
    play_lowest(state)
    assert state.categories()[S.LEFT] == S.SLAM and state.points()[S.LEFT] == 2


LEFT_SWEEPS = {
    "left": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "dummy": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "right": "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "dealer": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
}


def test_slam_grand_slam_no_tricks_and_one_category_each(S):
    state = make(S, flags=0, **LEFT_SWEEPS)
    play_lowest(state)
    assert state.tricks_won == (13, 0, 0, 0)
    # Left: slam only (not also spidge); right: nill; dealer with dummy: no trick,
    # the grand slam (not also nill).
    assert state.categories() == (S.SLAM, S.NO_CATEGORY, S.NILL, S.GRAND_SLAM)
    assert state.points() == (2, 0, 1, 4)


def test_grand_slam_all_tricks_option(S):
    state = make(S, flags=S.OPT_GRAND_SLAM_ALL_TRICKS, **LEFT_SWEEPS)
    play_lowest(state)
    assert state.categories()[S.DEALER] == S.NILL  # no trick is only nill now
    state = make(S, flags=S.OPT_GRAND_SLAM_ALL_TRICKS, **SUITS)  # the dummy holds the spades
    play_lowest(state)
    assert state.tricks_won == (0, 13, 0, 0)
    assert state.categories() == (S.NILL, S.NO_CATEGORY, S.NILL, S.GRAND_SLAM)
    state = make(S, flags=0, **SUITS)
    play_lowest(state)
    assert state.categories()[S.DEALER] == S.SLAM  # default: 13 with the dummy is a slam


def test_result_before_the_end_is_an_error(S):
    state = make(S)
    with pytest.raises(DealNotOverError, match="the deal is not over: 0 of 13"):
        state.points()
    with pytest.raises(DealNotOverError):
        state.categories()


# --- state API -----------------------------------------------------------------


def test_undo_restores_everything(S):
    state = make(S, flags=S.OPT_JOKERS | S.OPT_SPADES_MUST_BE_BROKEN)
    states = [state.copy()]
    for _ in range(52):
        state.play(min(state.legal_moves))
        states.append(state.copy())
    assert state.is_over and sum(state.tricks_won) == 13
    for expected in reversed(states[:-1]):
        state.undo()
        assert state == expected and hash(state) == hash(expected)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        state.undo()


def test_play_after_the_end_is_rejected(S):
    state = make(S, flags=0, **SUITS)
    play_lowest(state)
    with pytest.raises(IllegalMoveError, match="the deal is over"):
        state.play("2C")
    assert not state.legal_moves and state.hand_to_move is None


def test_copy_is_independent_and_keeps_subclass(S):
    class Sub(S.SpidgeState):
        __slots__ = ()

    state = Sub([h for h in make(S).hands])
    state.context = ("x", 1)
    other = state.copy()
    assert type(other) is Sub and other == state and other.context == ("x", 1)
    other.play(min(other.legal_moves))
    assert other != state and state.n_played == 0
    assert state.initial_hands == other.initial_hands


def test_initial_hands_and_history_hands(S):
    state = make(S, flags=0, **SUITS)
    play(state, "2H 2S 2D 2C")
    assert state.history_hands == (0, 1, 2, 3)
    assert set(state.initial_hands[S.DUMMY]) == set(C(SUITS["dummy"]))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"flags": 16}, "only bits 0 to 3"),
        ({"slam_tricks": 14}, "slam_tricks=14: each must be from 1 to 13"),
        ({"spidge_tricks": 0}, "spidge_tricks=0, slam_tricks=13: each must be"),
        ({"flags": True}, "flags must be an int"),
    ],
)
def test_bad_options(S, kwargs, message):
    hands = make(S).hands
    with pytest.raises(RulesError, match=message):
        S.SpidgeState(hands, **kwargs)


def test_bad_hands(S):
    hands = list(make(S).hands)
    with pytest.raises(InvalidCardError, match="four hands"):
        S.SpidgeState(hands[:3])
    with pytest.raises(InvalidCardError, match="the dummy hand has 12 cards"):
        S.SpidgeState([hands[0], list(hands[1])[:12], hands[2], hands[3]])
    with pytest.raises(InvalidCardError, match="dealt to two hands"):
        S.SpidgeState([hands[0], hands[0], hands[2], hands[3]])
    with pytest.raises(InvalidCardError, match="not in the Spidge pack"):
        S.SpidgeState(hands, flags=0)


def test_random_playout_is_legal_and_reproducible(S):
    a, b = make(S), make(S)
    a.random_playout(7)
    b.random_playout(7)
    assert a.is_over and a.history == b.history
    replay = make(S)
    for card in a.history:
        replay.play(card)  # every card was legal
    assert replay == a


def test_pickle_and_deepcopy_keep_state_class_and_context(S):
    import copy
    import pickle

    Sub = PICKLABLE_SUBCLASSES[S.__name__]
    state = Sub(list(make(S).hands), S.OPT_JOKERS | S.OPT_WILD_JOKERS, 12, 9)
    state.context = ("ctx", 2)
    for _ in range(11):
        state.play(min(state.legal_moves))
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert type(other) is Sub and other == state and other.context == ("ctx", 2)
        assert other.slam_tricks == 12 and other.history == state.history


def _subclass(module: ModuleType) -> type:
    module_name = module.__name__
    base = module.SpidgeState
    cls = type(f"Sub_{module_name.replace('.', '_')}", (base,), {"__slots__": ()})
    cls.__module__ = __name__
    globals()[cls.__name__] = cls
    return cls


# Module-level subclasses of each backend's state, so pickle can find them.
PICKLABLE_SUBCLASSES = {
    trickcore.load_backend(name)["_spidge"].__name__: _subclass(
        trickcore.load_backend(name)["_spidge"]
    )
    for name in trickcore.available_backends()
}
