"""Observation tensors: layouts, backends agree, and nothing hidden leaks in."""

from __future__ import annotations

import random
from types import ModuleType

import numpy as np
import pytest

from trickcore.errors import IllegalMoveError

Backend = dict[str, ModuleType]


# -- random positions ------------------------------------------------------------

def spitzer_position(m: Backend, rng: random.Random, options: int) -> object:
    """A random Spitzer deal after a random number of random announcements and cards."""
    sp = m["_spitzer"]
    pack = list(sp.PACK)
    rng.shuffle(pack)
    dealer = rng.randrange(4)
    state = sp.SpitzerState(sp.deal_pack(pack, dealer), dealer, options)
    steps = rng.randrange(40)
    for _ in range(steps):
        if state.is_over:
            break
        if state.phase == sp.AUCTION:
            state.announce(rng.choice(state.legal_announcements))
        else:
            state.play(rng.choice(list(state.legal_moves)))
    return state


def spidge_position(m: Backend, rng: random.Random, flags: int) -> object:
    sg = m["_spidge"]
    pack = list(sg.pack(bool(flags & sg.OPT_JOKERS)))
    rng.shuffle(pack)
    state = sg.SpidgeState([sum(1 << c for c in pack[h::4]) for h in range(4)], flags, 12, 9)
    for _ in range(rng.randrange(53)):
        state.play(rng.choice(list(state.legal_moves)))
    return state


SPITZER_OPTIONS = (0, 31, 8, 2, 4)
SPIDGE_FLAGS = (1, 0, 3, 5, 15)


# -- layout ----------------------------------------------------------------------

def test_layouts_are_contiguous_and_the_same_in_both_backends(backend: Backend) -> None:
    obs = backend["_observe"]
    for layout, size in ((obs.SPITZER_OBS_LAYOUT, obs.SPITZER_OBS_SIZE),
                         (obs.SPIDGE_OBS_LAYOUT, obs.SPIDGE_OBS_SIZE)):
        offset = 0
        names = set()
        for name, start, length in layout:
            assert start == offset and length > 0
            offset += length
            names.add(name)
        assert offset == size and len(names) == len(layout)
    assert (obs.SPITZER_OBS_SIZE, obs.SPIDGE_OBS_SIZE) == (418, 682)
    assert obs.SPITZER_OBS_VERSION == obs.SPIDGE_OBS_VERSION == 1


def test_encoding_has_the_documented_size_at_every_stage(backend: Backend) -> None:
    rng = random.Random(3)
    obs = backend["_observe"]
    for _ in range(20):
        s = spitzer_position(backend, rng, 0)
        v = obs.spitzer_observation(s, rng.randrange(4))
        assert v.shape == (obs.SPITZER_OBS_SIZE,) and v.dtype == np.float32
        g = spidge_position(backend, rng, 1)
        w = obs.spidge_observation(g, rng.randrange(4))
        assert w.shape == (obs.SPIDGE_OBS_SIZE,) and w.dtype == np.float32


def test_a_few_planes_mean_what_the_layout_says(backend: Backend) -> None:
    obs = backend["_observe"]
    sp = backend["_spitzer"]
    state = sp.SpitzerState(sp.deal_pack(sp.PACK, 2), 2, 0)
    while state.phase == sp.AUCTION:
        state.announce(sp.PASS)
    while state.n_played < 5:
        state.play(min(state.legal_moves))
    seat = state.to_move
    v = obs.spitzer_observation(state, seat)
    plane = {name: (start, size) for name, start, size in obs.SPITZER_OBS_LAYOUT}
    start, size = plane["own_hand"]
    assert {a for a in range(size) if v[start + a]} == {
        sp.action_index(int(c)) for c in state.hand(seat)}
    start, _ = plane["current_trick"]
    assert v[start + sp.action_index(int(state.current_trick[0][1]))] == 1
    start, _ = plane["to_move"]
    assert v[start] == 1                      # the observer is the seat to move
    start, _ = plane["announcement"]
    assert v[start + sp.PASS] == 1
    start, _ = plane["n_spoken"]
    assert v[start + 4] == 1


def test_bad_seat_is_rejected(backend: Backend) -> None:
    state = spitzer_position(backend, random.Random(1), 0)
    with pytest.raises(ValueError, match="seat"):
        backend["_observe"].spitzer_observation(state, 4)


# -- compiled and reference agree ----------------------------------------------------

def test_compiled_and_reference_encoders_agree(both_backends: tuple[Backend, Backend]) -> None:
    compiled, reference = both_backends
    rng = random.Random(11)
    for i in range(150):
        seed = rng.randrange(1 << 30)
        c = spitzer_position(compiled, random.Random(seed), SPITZER_OPTIONS[i % 5])
        r = spitzer_position(reference, random.Random(seed), SPITZER_OPTIONS[i % 5])
        for seat in range(4):
            a = compiled["_observe"].spitzer_observation(c, seat)
            assert np.array_equal(a, reference["_observe"].spitzer_observation(r, seat))
            assert np.array_equal(a, reference["_observe"].spitzer_observation(c, seat))
        c = spidge_position(compiled, random.Random(seed), SPIDGE_FLAGS[i % 5])
        r = spidge_position(reference, random.Random(seed), SPIDGE_FLAGS[i % 5])
        for hand in range(4):
            a = compiled["_observe"].spidge_observation(c, hand)
            assert np.array_equal(a, reference["_observe"].spidge_observation(r, hand))


# -- nothing hidden leaks ---------------------------------------------------------------

def _redeal(rng: random.Random, hidden: dict[int, int], banned: dict[int, set[int]],
            tries: int = 300) -> dict[int, set[int]] | None:
    """Hidden cards re-dealt among the hidden seats, same sizes, no banned card (voids)."""
    cards = [c for seat in hidden for c in range(64) if hidden[seat] >> c & 1]
    for _ in range(tries):
        rng.shuffle(cards)
        out: dict[int, set[int]] = {}
        top = 0
        for seat in hidden:
            size = bin(hidden[seat]).count("1")
            out[seat] = set(cards[top:top + size])
            top += size
        if all(not (out[s] & banned.get(s, set())) for s in out):
            return out
    return None


def _spitzer_banned(m: Backend, state: object) -> dict[int, set[int]]:
    """Cards each seat is shown not to hold: the suits he failed to follow, and
    trumps if he also did not trump (RULES.md 1.6)."""
    sp = m["_spitzer"]
    banned: dict[int, set[int]] = {s: set() for s in range(4)}
    plays = state.plays  # type: ignore[attr-defined]
    for i, (seat, card) in enumerate(plays):
        if i % 4 == 0:
            led = sp.effective_suit(int(card))
            continue
        suit = sp.effective_suit(int(card))
        if suit != led:
            banned[seat] |= {c for c in sp.PACK if sp.effective_suit(c) == led}
            if suit != sp.TRUMPS:
                banned[seat] |= {c for c in sp.PACK if sp.effective_suit(c) == sp.TRUMPS}
    return banned


def _spitzer_twin(m: Backend, state: object, seat: int, rng: random.Random) -> object | None:
    """The same history and the same hand for *seat*, the hidden cards re-dealt."""
    sp = m["_spitzer"]
    others = [s for s in range(4) if s != seat]
    hidden = {s: int(state.hand(s)) for s in others}  # type: ignore[attr-defined]
    banned = _spitzer_banned(m, state)
    new = _redeal(rng, hidden, banned)
    if new is None:
        return None
    hands = []
    for s in range(4):
        played = {int(c) for who, c in state.plays if who == s}  # type: ignore[attr-defined]
        current = {int(c) for c in state.hand(s)} if s == seat else new[s]  # type: ignore[attr-defined]
        hands.append(sum(1 << c for c in current | played))
    try:
        return sp.SpitzerState(hands, state.dealer, state.options,  # type: ignore[attr-defined]
                               [code for _, code in state.announcements],  # type: ignore[attr-defined]
                               [int(c) for _, c in state.plays])  # type: ignore[attr-defined]
    except IllegalMoveError:
        return None  # the history is impossible with these hands: not a legal twin


def _spidge_twin(m: Backend, state: object, hand: int, rng: random.Random) -> object | None:
    sg = m["_spidge"]
    observer = 3 if hand == 1 else hand
    others = [h for h in (0, 2, 3) if h != observer]
    hidden = {h: int(state.hand(h)) for h in others}  # type: ignore[attr-defined]
    wild = bool(state.flags & sg.OPT_WILD_JOKERS)  # type: ignore[attr-defined]
    banned: dict[int, set[int]] = {h: set() for h in range(4)}
    history = [int(c) for c in state.history]  # type: ignore[attr-defined]
    who = state.history_hands  # type: ignore[attr-defined]
    led = None
    for i, (c, h) in enumerate(zip(history, who, strict=False)):
        if i % 4 == 0:
            led = None
        if c >= 52 and wild:
            continue
        suit = 3 if c >= 52 else c // 13
        if led is None:
            led = suit
        elif suit != led:
            banned[h] |= {x for x in range(54) if (3 if x >= 52 and not wild else x // 13) == led
                          and not (x >= 52 and wild)}
    new = _redeal(rng, hidden, banned)
    if new is None:
        return None
    hands = []
    for h in range(4):
        played = {c for c, w in zip(history, who, strict=False) if w == h}
        current = new[h] if h in new else {int(c) for c in state.hand(h)}  # type: ignore[attr-defined]
        hands.append(sum(1 << c for c in current | played))
    twin = sg.SpidgeState(hands, state.flags, state.slam_tricks,  # type: ignore[attr-defined]
                          state.spidge_tricks)  # type: ignore[attr-defined]
    try:
        for c in history:
            twin.play(c)
    except IllegalMoveError:
        return None
    return twin


def _hidden_independence(m: Backend, positions: int, seed: int) -> None:
    obs = m["_observe"]
    rng = random.Random(seed)
    compared = changed = 0
    for i in range(positions):
        state = spitzer_position(m, rng, SPITZER_OPTIONS[i % 5])
        for seat in range(4):
            twin = _spitzer_twin(m, state, seat, rng)
            if twin is None:
                continue
            compared += 1
            changed += any(twin.hand(s) != state.hand(s) for s in range(4))  # type: ignore[attr-defined]
            assert np.array_equal(obs.spitzer_observation(state, seat),
                                  obs.spitzer_observation(twin, seat))
        gstate = spidge_position(m, rng, SPIDGE_FLAGS[i % 5])
        for hand in range(4):
            gtwin = _spidge_twin(m, gstate, hand, rng)
            if gtwin is None:
                continue
            compared += 1
            changed += gtwin.hands != gstate.hands  # type: ignore[attr-defined]
            assert np.array_equal(obs.spidge_observation(gstate, hand),
                                  obs.spidge_observation(gtwin, hand))
    # The test is only worth something if most positions had a legal twin
    # that really differs in hidden cards.
    assert compared >= positions * 8 * 0.6
    assert changed >= compared * 0.5


def test_hidden_cards_do_not_change_the_observation(backend: Backend) -> None:
    _hidden_independence(backend, 120 if backend["_observe"].__name__.startswith("trickcore._ref")
                         else 400, seed=5)


def test_pytrick_tensors_encode_any_deal(both_backends: tuple[Backend, Backend]) -> None:
    from pytrick import tensors

    compiled, reference = both_backends
    rng = random.Random(4)
    for _ in range(10):
        seed = rng.randrange(1 << 20)
        for m in (compiled, reference):
            state = spitzer_position(m, random.Random(seed), 0)
            v = tensors.encode_observation(state, 2)
            assert np.array_equal(v, compiled["_observe"].spitzer_observation(
                spitzer_position(compiled, random.Random(seed), 0), 2))
            g = spidge_position(m, random.Random(seed), 1)
            assert tensors.encode_observation(g, hand=1).shape == (tensors.OBS_SIZE["spidge"],)
        hand = tensors.plane(v, "spitzer", "own_hand")
        assert hand.sum() == len(state.hand(2))  # type: ignore[attr-defined]
    assert [p.name for p in tensors.layout("spitzer")] == [
        name for name, _, _ in compiled["_observe"].SPITZER_OBS_LAYOUT]
    with pytest.raises(ValueError, match="no plane"):
        tensors.plane(v, "spitzer", "dummy_hand")
    with pytest.raises(TypeError, match="Spitzer or Spidge"):
        tensors.encode_observation(object(), 0)


def _hands_of(hands: np.ndarray, cards: list[int]) -> list[set[int]]:
    """The rows of an encode_hands array as sets of the cards they mark."""
    return [{cards[i] for i in np.flatnonzero(row)} for row in hands]


def test_public_observation_is_the_same_for_every_twin_and_hands_show_them(
        backend: Backend) -> None:
    """Two deals with the same history that differ in cards some seat keeps
    hidden have the same public observation for every observer; the hands
    array decodes to the hands, so it differs between them."""
    from pytrick import tensors

    rng = random.Random(13)
    spitzer_cards = list(backend["_spitzer"].PACK)
    compared = differed = 0
    for i in range(40 if backend["_observe"].__name__.startswith("trickcore._ref") else 120):
        state = spitzer_position(backend, rng, SPITZER_OPTIONS[i % 5])
        twin = _spitzer_twin(backend, state, rng.randrange(4), rng)
        gstate = spidge_position(backend, rng, SPIDGE_FLAGS[i % 5])
        gtwin = _spidge_twin(backend, gstate, rng.choice((0, 2, 3)), rng)
        for observer in range(4):
            public = tensors.encode_public_observation(state, observer)
            mine = tensors.encode_observation(state, observer)
            assert not tensors.plane(public, "spitzer", "own_hand").any()
            tensors.plane(mine, "spitzer", "own_hand")[:] = 0
            assert np.array_equal(public, mine)  # the rest of the observation is public
            hands = tensors.encode_hands(state, observer)
            assert _hands_of(hands, spitzer_cards) == [
                {int(c) for c in state.hand((observer + r) % 4)} for r in range(4)]
            gpublic = tensors.encode_public_observation(gstate, hand=observer)
            assert not tensors.plane(gpublic, "spidge", "own_hand").any()
            seen = 3 if observer == 1 else observer  # the dealer sees for the dummy
            assert _hands_of(tensors.encode_hands(gstate, hand=observer), list(range(54))) == [
                {int(c) for c in gstate.hand((seen + r) % 4)} for r in range(4)]
            if twin is not None:
                compared += 1
                assert np.array_equal(public, tensors.encode_public_observation(twin, observer))
                same = all(twin.hand(s) == state.hand(s) for s in range(4))
                differed += not same
                assert np.array_equal(hands, tensors.encode_hands(twin, observer)) == same
            if gtwin is not None:
                assert np.array_equal(
                    gpublic, tensors.encode_public_observation(gtwin, hand=observer))
                assert np.array_equal(tensors.encode_hands(gstate, hand=observer),
                                      tensors.encode_hands(gtwin, hand=observer)) == (
                    gtwin.hands == gstate.hands)
    assert compared >= 100 and differed >= compared // 2


def test_public_and_hands_encoders_name_the_observer_as_the_game_does(backend: Backend) -> None:
    from pytrick import tensors
    from pytrick.spidge import SpidgeDeal

    state = spitzer_position(backend, random.Random(1), 0)
    with pytest.raises(ValueError, match="seat"):
        tensors.encode_hands(state, 4)
    with pytest.raises(ValueError, match="Spitzer observers are seats"):
        tensors.encode_public_observation(state, player=1)
    deal = SpidgeDeal.from_seed(5, dealer=1)
    with pytest.raises(ValueError, match=r"player= .* or hand="):
        tensors.encode_hands(deal, 0)
    assert np.array_equal(tensors.encode_hands(deal, player=1), tensors.encode_hands(deal, hand=3))
    with pytest.raises(TypeError, match="Spitzer or Spidge"):
        tensors.encode_public_observation(object(), 0)
