"""Batched random playouts and the vectorised environments, on both backends."""

from __future__ import annotations

import random
from types import ModuleType

import numpy as np
import pytest

from trickcore.errors import IllegalMoveError, InvalidArgumentError, RulesError

Backend = dict[str, ModuleType]


def _small(backend: Backend, compiled: int, reference: int) -> int:
    return reference if backend["_batch"].__name__.startswith("trickcore._reference") else compiled


# -- random playouts -------------------------------------------------------------------

@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_same_result_for_any_thread_count(backend: Backend, game: str) -> None:
    batch = backend["_batch"]
    n = _small(backend, 3001, 40)
    first = batch.random_playouts(game, n, seed=12)
    for threads in (2, 3, 7):
        again = batch.random_playouts(game, n, seed=12, threads=threads)
        assert first.keys() == again.keys()
        for key in first:
            assert np.array_equal(first[key], again[key]), (key, threads)
    other = batch.random_playouts(game, n, seed=13)
    assert not np.array_equal(first["scores"], other["scores"])


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_a_run_can_be_split_into_chunks(backend: Backend, game: str) -> None:
    batch = backend["_batch"]
    whole = batch.random_playouts(game, 30, seed=4)
    head = batch.random_playouts(game, 12, seed=4)
    tail = batch.random_playouts(game, 18, seed=4, start=12)
    for key in whole:
        assert np.array_equal(whole[key], np.concatenate([head[key], tail[key]]))


@pytest.mark.parametrize(("game", "options", "thresholds"), [
    ("spitzer", 0, {}), ("spitzer", 31, {}), ("spitzer", 10, {}),
    ("spidge", None, {}), ("spidge", 0, {}), ("spidge", 15, {"slam_tricks": 9, "spidge_tricks": 6}),
    ("spidge", 6, {"slam_tricks": 11, "spidge_tricks": 11}),
    # A spidge threshold above the slam threshold is allowed: spidge never scores.
    ("spidge", 0, {"slam_tricks": 5, "spidge_tricks": 8}),
])
def test_compiled_and_reference_playouts_are_identical(
        both_backends: tuple[Backend, Backend], game: str, options: int | None,
        thresholds: dict[str, int]) -> None:
    compiled, reference = both_backends
    c = compiled["_batch"].random_playouts(game, 120, 99, options, **thresholds)
    r = reference["_batch"].random_playouts(game, 120, 99, options, **thresholds)
    assert c.keys() == r.keys()
    for key in c:
        assert c[key].dtype == r[key].dtype and np.array_equal(c[key], r[key]), key
    assert compiled["_batch"].deal_seed(99, 5) == reference["_batch"].deal_seed(99, 5)


def test_spitzer_results_follow_the_scoring_table(backend: Backend) -> None:
    sp = backend["_spitzer"]
    n = _small(backend, 20000, 150)
    r = backend["_batch"].random_playouts("spitzer", n, seed=1, options=sp.ALL_OPTIONS)
    assert np.array_equal(r["dealer"], np.arange(n) % 4)
    assert (r["scores"] >= 0).all() and (r["points"] >= 0).all() and (r["points"] <= 120).all()
    assert (r["tricks"] >= 0).all() and (r["tricks"] <= 8).all()
    assert (r["points"][r["tricks"] == 0] == 0).all()
    assert (r["points"][r["tricks"] == 8] == 120).all()
    assert (r["declarers"] > 0).all() and (r["declarers"] < 16).all()
    for i in range(n):
        game, side = int(r["game_type"][i]), int(r["declarers"][i])
        code = int(r["announcement"][i])
        if code == sp.PASS:
            assert game in (sp.GAME_NORMAL, sp.GAME_SNEAKER)
            assert bin(side).count("1") == (1 if game == sp.GAME_SNEAKER else 2)
        entry = sp.SCORING_TABLE[game][sp.scoring_column(int(r["points"][i]), int(r["tricks"][i]))]
        expected = [entry if entry > 0 and side >> s & 1 else
                    -entry if entry < 0 and not side >> s & 1 else 0 for s in range(4)]
        assert list(r["scores"][i]) == expected
    # Uniformly random announcements: every kind of game happens.
    if n >= 20000:
        assert set(np.unique(r["game_type"])) == set(range(sp.N_GAME_TYPES))


def test_spidge_results_are_consistent(backend: Backend) -> None:
    sg = backend["_spidge"]
    n = _small(backend, 20000, 100)
    slam, spidge = 12, 9
    r = backend["_batch"].random_playouts("spidge", n, seed=2, slam_tricks=slam,
                                          spidge_tricks=spidge)
    tricks, cats, scores = r["tricks"], r["categories"], r["scores"]
    assert (tricks.sum(axis=1) == 13).all()
    assert (cats[:, 1] == sg.NO_CATEGORY).all() and (scores[:, 1] == 0).all()
    assert np.array_equal(scores, np.array(sg.CATEGORY_POINTS)[cats])
    for hand in (0, 2):
        t = tricks[:, hand]
        expected = np.where(t >= slam, sg.SLAM, np.where(t >= spidge, sg.SPIDGE,
                            np.where(t == 0, sg.NILL, sg.NO_CATEGORY)))
        assert np.array_equal(cats[:, hand], expected)
    dealer = tricks[:, 3] + tricks[:, 1]
    assert (cats[dealer == 0, 3] == sg.GRAND_SLAM).all()   # RULES.md 2.6, default option
    assert ((cats[:, 3] == sg.NILL) == np.zeros(n, dtype=bool)).all()


def test_bad_arguments_are_rejected(backend: Backend) -> None:
    batch = backend["_batch"]
    with pytest.raises(InvalidArgumentError, match="unknown game"):
        batch.random_playouts("skat", 1, 0)
    with pytest.raises(RulesError, match="Spitzer option"):
        batch.random_playouts("spitzer", 1, 0, options=32)
    with pytest.raises(RulesError, match="thresholds"):
        batch.random_playouts("spidge", 1, 0, slam_tricks=14, spidge_tricks=6)
    with pytest.raises(RulesError, match="thresholds"):
        batch.random_playouts("spidge", 1, 0, slam_tricks=5, spidge_tricks=0)
    with pytest.raises(InvalidArgumentError, match="invalid threads 0: it must be from 1 to 1024"):
        batch.random_playouts("spidge", 1, 0, threads=0)
    with pytest.raises(InvalidArgumentError, match="invalid n -1: it must be at least 0"):
        batch.random_playouts("spidge", -1, 0)
    assert batch.random_playouts("spitzer", 0, 0)["scores"].shape == (0, 4)


# -- vectorised environments --------------------------------------------------------------

def _spitzer_mask(m: Backend, state: object) -> np.ndarray:
    sp = m["_spitzer"]
    out = np.zeros(m["_batch"].SPITZER_BATCH_ACTIONS, dtype=bool)
    if state.phase == sp.AUCTION:  # type: ignore[attr-defined]
        for code in state.legal_announcements:  # type: ignore[attr-defined]
            out[m["_batch"].SPITZER_ANNOUNCE_OFFSET + code] = True
    for card in state.legal_moves:  # type: ignore[attr-defined]
        out[sp.action_index(int(card))] = True
    return out


def _spitzer_copy(other: Backend, state: object) -> object:
    """The same deal as a state of the other backend, replayed through its API."""
    return other["_spitzer"].SpitzerState(
        [int(state.original_hand(s)) for s in range(4)], state.dealer,  # type: ignore[attr-defined]
        state.options, [c for _, c in state.announcements],  # type: ignore[attr-defined]
        [int(c) for _, c in state.plays])  # type: ignore[attr-defined]


@pytest.mark.parametrize("mode", ["play", "random", "pass"])
def test_spitzer_batch_follows_the_deal_class(
        backend: Backend, both_backends: tuple[Backend, Backend], mode: str) -> None:
    other = both_backends[1] if backend is not both_backends[1] else both_backends[0]
    batch = backend["_batch"]
    k = _small(backend, 12, 4)
    env = batch.SpitzerBatch(k, seed=7, options=backend["_spitzer"].OPT_CALL_REQUIRES_LEAD,
                             announcements=mode)
    mirrors = [_spitzer_copy(other, env.state(i)) for i in range(k)]
    if mode != "play":
        assert (env.phase() == backend["_spitzer"].PLAY).all()
    rng = random.Random(5)
    for step in range(_small(backend, 120, 50)):
        masks = env.legal_masks()
        assert np.array_equal(env.to_move(), [s.to_move for s in mirrors])
        assert np.array_equal(env.is_over(), [s.is_over for s in mirrors])
        for i, mirror in enumerate(mirrors):
            assert np.array_equal(masks[i], _spitzer_mask(other, mirror)), (step, i)
        observations = env.observations()
        for i, mirror in enumerate(mirrors):
            if not mirror.is_over:
                assert np.array_equal(observations[i],
                                      other["_observe"].spitzer_observation(mirror, mirror.to_move))
            else:
                assert not observations[i].any()
                assert list(env.scores()[i]) == list(mirror.scores())
                assert sum(mirror.points_taken) == 120
        actions = np.array([rng.choice(np.flatnonzero(mk)) if mk.any() else 0 for mk in masks])
        env.step(actions)
        for i, mirror in enumerate(mirrors):
            if mirror.is_over:
                continue
            a = int(actions[i])
            if a >= batch.SPITZER_ANNOUNCE_OFFSET:
                mirror.announce(a - batch.SPITZER_ANNOUNCE_OFFSET)
            else:
                mirror.play(other["_spitzer"].card_of_action(a))
        done = np.flatnonzero(env.is_over())
        if len(done) and step % 3 == 0:
            dealers = [env.state(int(i)).dealer for i in done]
            env.reset(done)
            for j, i in enumerate(done):
                mirrors[i] = _spitzer_copy(other, env.state(int(i)))
                assert mirrors[i].dealer == (dealers[j] + 1) % 4
                assert mirrors[i].n_played == 0


def test_spitzer_batch_starts_from_the_playout_deals(backend: Backend) -> None:
    batch = backend["_batch"]
    env = batch.SpitzerBatch(8, seed=21, announcements="random")
    r = batch.random_playouts("spitzer", 8, 21)
    assert np.array_equal([env.state(i).announcement for i in range(8)], r["announcement"])
    assert np.array_equal([env.state(i).dealer for i in range(8)], r["dealer"])


def test_spidge_batch_follows_the_deal_class(
        backend: Backend, both_backends: tuple[Backend, Backend]) -> None:
    other = both_backends[1] if backend is not both_backends[1] else both_backends[0]
    batch = backend["_batch"]
    k = _small(backend, 10, 3)
    env = batch.SpidgeBatch(k, seed=3, options=7, slam_tricks=11, spidge_tricks=8)

    def copy(state: object) -> object:
        mirror = other["_spidge"].SpidgeState(
            [int(h) for h in state.initial_hands], state.flags, 11, 8)  # type: ignore[attr-defined]
        for card in state.history:  # type: ignore[attr-defined]
            mirror.play(int(card))
        return mirror

    mirrors = [copy(env.state(i)) for i in range(k)]
    rng = random.Random(2)
    for _step in range(_small(backend, 150, 60)):
        masks = env.legal_masks()
        assert np.array_equal(env.to_move(),
                              [-1 if s.hand_to_move is None else s.hand_to_move for s in mirrors])
        observations = env.observations()
        for i, mirror in enumerate(mirrors):
            expected = np.zeros(54, dtype=bool)
            expected[[int(c) for c in mirror.legal_moves]] = True
            assert np.array_equal(masks[i], expected)
            if mirror.is_over:
                assert list(env.scores()[i]) == list(mirror.points())
            else:
                assert np.array_equal(observations[i], other["_observe"].spidge_observation(
                    mirror, mirror.hand_to_move))
        actions = np.array([rng.choice(np.flatnonzero(mk)) if mk.any() else 0 for mk in masks])
        env.step(actions)
        for i, mirror in enumerate(mirrors):
            if not mirror.is_over:
                mirror.play(int(actions[i]))
        done = np.flatnonzero(env.is_over())
        if len(done):
            env.reset(done)
            for i in done:
                mirrors[i] = copy(env.state(int(i)))
                assert mirrors[i].n_played == 0


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_an_illegal_action_changes_no_deal(backend: Backend, game: str) -> None:
    batch = backend["_batch"]
    env = batch.SpitzerBatch(5, seed=1) if game == "spitzer" else batch.SpidgeBatch(5, seed=1)
    masks = env.legal_masks()
    actions = masks.argmax(axis=1)
    bad = int(np.flatnonzero(~masks[3])[0])
    actions[3] = bad
    before = [env.state(i) for i in range(5)]
    with pytest.raises(IllegalMoveError, match=rf"deal 3: action {bad}: .*legal actions") as info:
        env.step(actions)
    # The reason is the one a single deal gives for the same move.
    assert info.value.reason == ("wrong_phase" if game == "spitzer" else "card_not_held")
    assert [env.state(i) for i in range(5)] == before
    actions[3] = 999
    with pytest.raises(InvalidArgumentError, match="deal 3: action 999 is out of range"):
        env.step(actions)
    with pytest.raises(ValueError, match="one per deal"):
        env.step(actions[:4])
    with pytest.raises(ValueError, match="deal indices"):
        env.reset([5])
    assert [env.state(i) for i in range(5)] == before
    actions[3] = masks[3].argmax()
    env.step(actions)
    assert all(env.state(i) != before[i] for i in range(5))


def test_reset_deals_only_the_given_deals(backend: Backend) -> None:
    env = backend["_batch"].SpidgeBatch(4, seed=9)
    before = [env.state(i) for i in range(4)]
    env.reset([1, 2])
    after = [env.state(i) for i in range(4)]
    assert after[0] == before[0] and after[3] == before[3]
    assert after[1] != before[1] and after[2] != before[2]
    again = backend["_batch"].SpidgeBatch(4, seed=9)
    again.reset([1, 2])
    assert [again.state(i) for i in range(4)] == after


# -- the typed API -------------------------------------------------------------------------

def test_pytrick_random_playouts_takes_rules_and_reports_progress(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import trickcore
    from pytrick import batch
    from pytrick.spitzer import SpitzerRules

    rules = SpitzerRules(call_requires_lead=True, schneider_announcement=True)
    result = batch.random_playouts("spitzer", 100, seed=5, rules=rules)
    assert isinstance(result, batch.SpitzerPlayouts) and len(result) == 100
    core = batch._core.random_playouts("spitzer", 100, 5, rules.flags)
    assert np.array_equal(result.scores, core["scores"])
    assert not np.array_equal(
        result.announcement, batch.random_playouts("spitzer", 100, seed=5).announcement)
    assert capsys.readouterr().err == ""
    # Small chunks, so that the reference backend too reports in several steps.
    monkeypatch.setattr(batch, "_CHUNK", 40)
    chunked = batch.random_playouts("spidge", 100, seed=1, progress=True, threads=2)
    err = capsys.readouterr().err
    assert "100/100 (100%)" in err and err.count("\n") >= 2
    whole = batch._core.random_playouts("spidge", 100, 1)
    assert np.array_equal(chunked.categories, whole["categories"])
    assert isinstance(chunked, batch.SpidgePlayouts)
    with pytest.raises(TypeError, match="SpidgeRules"):
        batch.random_playouts("spidge", 1, seed=0, rules=rules)
    with pytest.raises(ValueError, match="unknown game"):
        batch.random_playouts("hearts", 1, seed=0)  # type: ignore[call-overload]
    assert issubclass(batch.SpitzerBatch, batch._core.SpitzerBatch)
    expected = "trickcore._batch" if trickcore.BACKEND == "cython" else "trickcore._reference._batch"
    assert batch._core.__name__ == expected


def test_pytrick_random_playouts_takes_spidge_rules() -> None:
    from pytrick import batch
    from pytrick.spidge import SpidgeRules

    rules = SpidgeRules(jokers=False, slam_tricks=11, spidge_tricks=8)
    result = batch.random_playouts("spidge", 400, seed=6, rules=rules)
    core = batch._core.random_playouts("spidge", 400, 6, rules.flags, 1, 11, 8)
    assert np.array_equal(result.categories, core["categories"])
    default = batch.random_playouts("spidge", 400, seed=6)
    assert not np.array_equal(result.categories, default.categories)
