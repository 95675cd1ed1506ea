"""Random rollouts from given positions: the core kernels on both backends
(bit for bit the same), the thread runner, and pytrick.search."""

from __future__ import annotations

import threading
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _positions import spidge_position, spitzer_position
from trickcore._threads import run_chunks
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

Backend = dict[str, ModuleType]
Backends = tuple[Backend, Backend]


def _small(backend: Backend, compiled: int, reference: int) -> int:
    return reference if backend["_rollouts"].__name__.startswith("trickcore._reference") else compiled


# -- the core kernels -----------------------------------------------------------------

@settings(max_examples=12)
@given(seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 40), options=st.integers(0, 31),
       flags=st.integers(0, 15), same=st.booleans())
def test_compiled_and_reference_rollouts_are_identical(
        both_backends: Backends, seed: int, moves: int, options: int, flags: int,
        same: bool) -> None:
    compiled, reference = both_backends
    positions = [(spitzer_position(b, seed % 1000, moves, options),
                  spitzer_position(b, seed % 1000 + 1, moves // 2, options)) for b in both_backends]
    c = compiled["_rollouts"].spitzer_rollouts(positions[0], 6, seed, same_streams=same)
    r = reference["_rollouts"].spitzer_rollouts(positions[1], 6, seed, same_streams=same)
    assert c.dtype == r.dtype == np.int32 and c.shape == (2, 6, 4)
    assert np.array_equal(c, r)
    spidge = [[spidge_position(b, seed % 1000, moves, flags)] for b in both_backends]
    c = compiled["_rollouts"].spidge_rollouts(spidge[0], 5, seed, same_streams=same)
    r = reference["_rollouts"].spidge_rollouts(spidge[1], 5, seed, same_streams=same)
    assert np.array_equal(c, r)


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_same_rollouts_for_any_thread_count(backend: Backend, game: str) -> None:
    kernel = backend["_rollouts"].spitzer_rollouts if game == "spitzer" \
        else backend["_rollouts"].spidge_rollouts
    make = spitzer_position if game == "spitzer" else spidge_position
    positions = [make(backend, s, 3 * s) for s in range(3)]
    n = _small(backend, 3000, 4)
    first = kernel(positions, n, 77)
    for threads in (2, 3, 5):
        assert np.array_equal(first, kernel(positions, n, 77, threads=threads))
    assert not np.array_equal(first, kernel(positions, n, 78))


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_a_huge_n_is_refused_naming_n(backend: Backend, game: str) -> None:
    """n = 2**63 was an OverflowError or numpy's "Maximum allowed dimension
    exceeded", naming neither n nor the limit."""
    kernel = backend["_rollouts"].spitzer_rollouts if game == "spitzer" \
        else backend["_rollouts"].spidge_rollouts
    make = spitzer_position if game == "spitzer" else spidge_position
    positions = [make(backend, s, 5) for s in range(4)]
    with pytest.raises(InvalidArgumentError, match=r"^invalid n 9223372036854775808: .* 2\*\*32"):
        kernel(positions[:1], 2**63, 1)
    # The limit counts every position's results.
    with pytest.raises(InvalidArgumentError, match=r"invalid n 1073741825: .*n x 4 positions"):
        kernel(positions, 2**30 + 1, 1)
    with pytest.raises(InvalidArgumentError, match=r"^invalid n 9223372036854775808: .* 2\*\*32"):
        backend["_batch"].random_playouts(game, 2**63, seed=1)


def test_rollouts_leave_the_positions_unchanged_and_finish_them_legally(backend: Backend) -> None:
    deal = spitzer_position(backend, 9, 11)
    before = deal.copy()  # type: ignore[attr-defined]
    n = _small(backend, 2000, 20)
    scores = backend["_rollouts"].spitzer_rollouts([deal], n, 1)[0]
    assert deal == before
    # Every row is an entry of the scoring table, and someone scores it.
    table = {abs(entry) for row in backend["_spitzer"].SCORING_TABLE for entry in row}
    assert set(np.unique(scores).tolist()) <= table | {0}
    assert (scores.max(axis=1) > 0).all()


def test_a_finished_deal_rolls_out_to_its_own_score(backend: Backend) -> None:
    deal = spitzer_position(backend, 4, 100)
    assert deal.is_over  # type: ignore[attr-defined]
    scores = backend["_rollouts"].spitzer_rollouts([deal], 5, 0)
    assert (scores == np.array(deal.scores())).all()  # type: ignore[attr-defined]
    spidge = spidge_position(backend, 4, 52)
    points = backend["_rollouts"].spidge_rollouts([spidge], 3, 0)
    assert (points == np.array(spidge.points())).all()  # type: ignore[attr-defined]


def test_same_streams_give_every_position_the_same_random_numbers(backend: Backend) -> None:
    deal = spitzer_position(backend, 5, 7)
    n = _small(backend, 200, 12)
    rows = backend["_rollouts"].spitzer_rollouts([deal, deal], n, 3, same_streams=True)
    assert np.array_equal(rows[0], rows[1])
    independent = backend["_rollouts"].spitzer_rollouts([deal, deal], n, 3)
    assert np.array_equal(independent[0], rows[0])  # position 0: streams 0..n-1 either way
    assert not np.array_equal(independent[1], rows[1])


def test_bad_arguments_are_named(backend: Backend) -> None:
    rollouts = backend["_rollouts"].spitzer_rollouts
    deal = spitzer_position(backend, 1, 0)
    with pytest.raises(InvalidArgumentError, match="n"):
        rollouts([deal], -1, 0)
    with pytest.raises(ArgumentTypeError, match="n"):
        rollouts([deal], 2.0, 0)
    with pytest.raises(InvalidArgumentError, match="threads"):
        rollouts([deal], 1, 0, threads=0)
    with pytest.raises(InvalidArgumentError, match="seed"):
        rollouts([deal], 1, -5)
    with pytest.raises(ArgumentTypeError, match="wrap it in a list"):
        rollouts(deal, 1, 0)
    with pytest.raises(ArgumentTypeError, match="position 1"):
        rollouts([deal, spidge_position(backend, 1, 0)], 1, 0)
    assert rollouts([], 3, 0).shape == (0, 3, 4)
    assert rollouts([deal], np.int64(0), np.uint64(3)).shape == (1, 0, 4)
    # No positions and a huge n: the limit on n holds alone too (numpy's
    # ValueError on the array's shape before).
    for kind in ("spitzer_rollouts", "spidge_rollouts"):
        with pytest.raises(InvalidArgumentError, match=r"invalid n 4611686018427387904: .* 2\*\*32"):
            backend["_rollouts"].__dict__[kind]([], 2**62, 0)


# -- the thread runner ----------------------------------------------------------------

def test_run_chunks_covers_every_item_once_in_chunks() -> None:
    seen: list[tuple[int, int]] = []
    lock = threading.Lock()

    def work(lo: int, hi: int) -> None:
        with lock:
            seen.append((lo, hi))

    for threads in (1, 3):
        seen.clear()
        run_chunks(work, 1000, threads, 64)
        covered = sorted(i for lo, hi in seen for i in range(lo, hi))
        assert covered == list(range(1000))
        assert max(hi - lo for lo, hi in seen) <= 64


def test_a_worker_error_reaches_the_caller_and_stops_the_others() -> None:
    calls = []

    def work(lo: int, hi: int) -> None:
        calls.append(lo)
        if lo == 500:
            raise MemoryError("worker out of memory")

    with pytest.raises(MemoryError, match="worker out of memory"):
        run_chunks(work, 100_000, 2, 100)
    # The other worker's own slice is 500 chunks: fewer calls means it stopped early.
    assert len(calls) < 500


# -- pytrick.search -------------------------------------------------------------------

def test_public_rollouts_shapes_and_per_player_spidge_columns() -> None:
    import trickcore
    from pytrick.search import rollouts, rollouts_many
    from pytrick.spidge import Hand, SpidgeDeal
    from pytrick.spitzer import SpitzerDeal

    spitzer = SpitzerDeal.from_seed(3)
    scores = rollouts(spitzer, 50, seed=2)
    assert scores.shape == (50, 4) and scores.dtype == np.int32
    assert np.array_equal(scores, rollouts(spitzer, 50, seed=2, threads=2))
    spidge = SpidgeDeal.from_seed(3, dealer=2)
    points = rollouts(spidge, 40, seed=2)
    assert points.shape == (40, 3)
    core = trickcore.load_backend(trickcore.BACKEND)["_rollouts"]
    by_hand = core.spidge_rollouts([spidge], 40, 2)[0]
    for player in range(3):
        assert np.array_equal(points[:, player], by_hand[:, spidge.hand_of(player)])
    assert spidge.hand_of(2) == Hand.DEALER
    many = rollouts_many([spidge, spidge], 40, seed=2)
    assert many.shape == (2, 40, 3) and np.array_equal(many[0], points)


def test_per_move_rollouts_are_those_of_each_move_made() -> None:
    from pytrick.search import rollouts
    from pytrick.spidge import SpidgeDeal
    from pytrick.spitzer import Announcement, SpitzerDeal

    deal = SpitzerDeal.from_seed(2)
    by_move = rollouts(deal, 30, seed=5, per_move=True)
    assert list(by_move) == [Announcement(a - 32) for a in deal.legal_actions]
    for move, scores in by_move.items():
        after = deal.copy()
        after.announce(move)
        assert np.array_equal(scores, rollouts(after, 30, seed=5))
    for _ in range(4):
        deal.announce("pass")
    deal.play(deal.legal_actions and sorted(deal.legal_moves)[0])
    cards = rollouts(deal, 30, seed=5, per_move=True)
    assert list(cards) == list(deal.legal_moves)
    spidge = SpidgeDeal.from_seed(1)
    moves = rollouts(spidge, 10, seed=1, per_move=True)
    assert set(moves) == set(spidge.legal_moves)
    card = next(iter(moves))
    after_card = spidge.copy()
    after_card.play(card)
    assert np.array_equal(moves[card], rollouts(after_card, 10, seed=1))
    while not spidge.is_over:
        spidge.play_action(spidge.legal_actions[0])
    assert rollouts(spidge, 10, seed=1, per_move=True) == {}


def test_public_rollouts_refuse_what_they_cannot_roll_out() -> None:
    import trickcore
    from pytrick.search import rollouts, rollouts_many
    from pytrick.spidge import SpidgeDeal
    from pytrick.spitzer import SpitzerDeal

    with pytest.raises(ArgumentTypeError, match="SpitzerDeal or a SpidgeDeal"):
        rollouts("QC", 3)  # type: ignore[call-overload]
    with pytest.raises(ArgumentTypeError, match=r"core SpidgeState: .* knows no dealer"):
        # A core Spidge state knows no dealer, so it has no players.
        core = trickcore.spidge.SpidgeState(list(SpidgeDeal.from_seed(1).initial_hands))
        rollouts(core, 3)  # type: ignore[call-overload]
    with pytest.raises(ArgumentTypeError, match="one game"):
        rollouts_many([SpitzerDeal.from_seed(1), SpidgeDeal.from_seed(1)], 3)  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="sequence"):
        rollouts_many(SpitzerDeal.from_seed(1), 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="invalid threads 100000: it must be from 1 to 1024"):
        rollouts(SpitzerDeal.from_seed(1), 3, threads=100000)  # refused before a thread starts
    with pytest.raises(InvalidArgumentError, match="at least one"):
        rollouts_many([], 3)
    with pytest.raises(ArgumentTypeError, match="per_move must be True or False, not str"):
        rollouts(SpitzerDeal.from_seed(1), 3, per_move="no")  # type: ignore[call-overload]
    with pytest.raises(InvalidArgumentError, match="n"):
        rollouts(SpitzerDeal.from_seed(1), -2)
