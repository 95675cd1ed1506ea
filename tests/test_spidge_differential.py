"""The compiled Spidge core and the reference agree after every step.

Hypothesis draws a shuffle, the option flags and a sequence of choices
(which legal card, when to undo); both backends play the same moves and are
compared on everything observable, with the game's invariants checked too.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trickcore.errors import InvalidCardError

FLAG_SETS = st.sampled_from([1, 0, 1 | 2, 1 | 4, 1 | 8, 1 | 2 | 4 | 8, 4, 8])


def observe(state):
    return (
        tuple(int(h) for h in state.hands),
        state.hand_to_move,
        state.legal_mask,
        state.history,
        state.trick_winners,
        state.tricks_won,
        state.trumps_broken,
        state.current_trick,
        state.trick_leader,
        state.n_played,
    )


@settings(max_examples=250, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    flags=FLAG_SETS,
    thresholds=st.sampled_from([(13, 10), (12, 9), (10, 10), (13, 1), (9, 12)]),
)
def test_backends_agree_step_by_step(both_backends, seed, flags, thresholds):
    compiled, reference = both_backends[0]["_spidge"], both_backends[1]["_spidge"]
    rng = random.Random(seed)
    pack = list(compiled.pack(bool(flags & 1)))
    rng.shuffle(pack)
    hands = [pack[i::4] for i in range(4)]
    slam, spidge = thresholds
    a = compiled.SpidgeState(hands, flags, slam, spidge)
    b = reference.SpidgeState(hands, flags, slam, spidge)
    while not a.is_over:
        assert observe(a) == observe(b)
        hand = a.hand(a.hand_to_move)
        for card in hand:  # the same verdict and message for every card held
            assert a.illegal_reason(card) == b.illegal_reason(card)
        stranger = rng.choice([c for c in compiled.pack(bool(flags & 1)) if c not in hand])
        assert a.illegal_reason(stranger) == b.illegal_reason(stranger)
        legal = sorted(a.legal_moves)
        assert legal and set(legal) <= set(hand)
        card = rng.choice(legal)
        a.play(card)
        b.play(card)
        if rng.random() < 0.05:
            assert a.undo() == b.undo() == card
            assert observe(a) == observe(b)
            a.play(card)
            b.play(card)
    assert observe(a) == observe(b)
    # Invariants: 13 tricks, trick counts add up, nobody scores negative.
    assert len(a.trick_winners) == 13 and sum(a.tricks_won) == 13
    assert a.categories() == b.categories()
    assert a.points() == b.points()
    assert all(p >= 0 for p in a.points()) and a.points()[1] == 0
    assert a.initial_hands == compiled.SpidgeState(hands, flags).hands
    assert [int(h) for h in b.initial_hands] == [int(h) for h in a.initial_hands]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), flags=FLAG_SETS, deal=st.integers(0, 2**32))
def test_random_playouts_agree(both_backends, seed, flags, deal):
    compiled, reference = both_backends[0]["_spidge"], both_backends[1]["_spidge"]
    pack = list(compiled.pack(bool(flags & 1)))
    random.Random(deal).shuffle(pack)
    hands = [pack[i::4] for i in range(4)]
    a = compiled.SpidgeState(hands, flags)
    b = reference.SpidgeState(hands, flags)
    a.random_playout(seed)
    b.random_playout(seed)
    assert a.history == b.history and a.points() == b.points()


@settings(max_examples=100, deadline=None)
@given(cards=st.permutations(list(range(54))).map(lambda p: p[:4]))
def test_trick_winner_agrees(both_backends, cards):
    compiled, reference = both_backends[0]["_spidge"], both_backends[1]["_spidge"]
    # A trick no pack holds (a joker with 2♦ or 2♥) is refused by both, alike.
    answers = []
    for core in (compiled, reference):
        try:
            answers.append(core.trick_winner(cards))
        except InvalidCardError as error:
            answers.append(str(error))
    assert answers[0] == answers[1]
    impossible = any(c >= 52 for c in cards) and any(c in (13, 26) for c in cards)
    assert isinstance(answers[0], str) == impossible
