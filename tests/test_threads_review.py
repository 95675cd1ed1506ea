"""pytrick embedded in a multi-threaded program: several Python threads calling
the search, sampling and batch functions at once, on separate deals and on
one shared deal, and another thread playing on a deal while a search reads it.

Runs on the backend the environment selects (``TRICKCORE_PUREPYTHON=1`` for
the reference twin); the sizes shrink there, the assertions do not.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import numpy as np
import pytest

import pytrick
import trickcore
from pytrick.batch import SpidgeBatch, random_playouts
from pytrick.inference import sample_deals
from pytrick.search import rollouts, rollouts_many, solve, solve_announcements, solve_many
from pytrick.spidge import SpidgeDeal
from pytrick.spitzer import Announcement, SpitzerDeal

COMPILED = trickcore.BACKEND == "cython"


def _size(compiled: int, reference: int) -> int:
    return compiled if COMPILED else reference


def _spitzer(seed: int, n_played: int) -> SpitzerDeal:
    deal = SpitzerDeal.from_seed(seed)
    while deal.legal_announcements:
        deal.announce(Announcement.PASS)
    while deal.n_played < n_played:
        deal.play(deal.legal_moves.min())
    return deal


def _spidge(seed: int, n_played: int) -> SpidgeDeal:
    deal = SpidgeDeal.from_seed(seed)
    while deal.n_played < n_played:
        deal.play(deal.legal_moves.min())
    return deal


def _in_threads(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run every call at once, one thread each, released together; their
    results in order.  Any exception is raised here, after every thread ended."""
    start = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            start.wait()
            results[i] = calls[i]()
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return results


# -- many callers at once: the same results as one caller --------------------------------


def _search_calls(spitzer: list[SpitzerDeal], spidge: list[SpidgeDeal]
                  ) -> dict[str, Callable[[], object]]:
    """Calls whose results are plain values, to compare across runs."""
    shared = spitzer[0]
    n = _size(2000, 20)
    return {
        "solve": lambda: [solve(d) for d in spitzer] + [solve(d, player=1) for d in spidge],
        "solve_shared": lambda: solve(shared, objective="score"),
        "solve_many": lambda: solve_many(spitzer, threads=2, pv=True),
        "solve_many_spidge": lambda: solve_many(spidge, player=[0, 1, 2][:len(spidge)],
                                                objective="fewest", threads=2),
        "rollouts": lambda: rollouts(shared, n, seed=5, threads=2).tolist(),
        "per_move": lambda: {m: v.tolist() for m, v in
                             rollouts(spidge[0], n // 10, seed=6, per_move=True, threads=2).items()},
        "rollouts_many": lambda: rollouts_many(spitzer, n // 10, seed=7, threads=2).tolist(),
        "sample_deals": lambda: sample_deals(shared.observation(shared.to_move), 20, seed=8),
        "sample_spidge": lambda: sample_deals(spidge[0].observation(0), 20, seed=8),
        "playouts": lambda: random_playouts("spidge", _size(3000, 10), seed=9,
                                            threads=2).scores.tolist(),
    }


def test_search_calls_from_many_threads_give_the_serial_results() -> None:
    """Six threads at once, each making every call (on deals they all share,
    read only): results equal to one thread's, the deals unchanged, and no
    worker thread left behind."""
    spitzer = [_spitzer(seed, _size(16, 24)) for seed in range(4)]
    spidge = [_spidge(seed, _size(36, 44)) for seed in range(3)]
    before = [d.copy() for d in spitzer + spidge]
    calls = _search_calls(spitzer, spidge)
    expected = {name: call() for name, call in calls.items()}
    threads_before = threading.active_count()

    def everything(offset: int) -> dict[str, object]:
        names = list(calls)
        names = names[offset:] + names[:offset]  # each thread in its own order
        return {name: calls[name]() for name in names}

    for got in _in_threads([lambda k=k: everything(k) for k in range(6)]):
        assert got == expected
    assert spitzer + spidge == before  # read, never changed
    assert threading.active_count() == threads_before


def test_concurrent_solve_many_calls_share_the_idle_solvers_safely() -> None:
    """solve_many's worker solvers are kept between calls in one pool: calls
    from several threads at once each take their own, and give every value
    of a serial run, whatever the order the pool hands them out in."""
    deals = [_spitzer(seed, _size(12, 24)) for seed in range(8)]
    expected = [solve(d, pv=False) for d in deals]
    rotations = _in_threads([lambda k=k: solve_many(deals[k:] + deals[:k], threads=3)
                             for k in range(4)])
    for k, got in enumerate(rotations):
        assert got == expected[k:] + expected[:k]
    again = _in_threads([lambda: solve_many(deals, threads=2) for _ in range(3)])
    assert again == [expected] * 3


def test_one_batch_object_per_thread_is_independent_of_the_others() -> None:
    """A game server's tables: one batch per thread, stepped at once, each
    ending as it ends alone."""
    def play(seed: int) -> list[list[int]]:
        batch = SpidgeBatch(8, seed=seed)
        rng = np.random.default_rng(seed)
        while not batch.is_over().all():
            masks = batch.legal_masks()
            batch.step(np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0
                                 for m in masks]))
        scores: list[list[int]] = batch.scores().tolist()
        return scores

    expected = [play(seed) for seed in range(4)]
    assert _in_threads([lambda s=s: play(s) for s in range(4)]) == expected


# -- another thread playing on while a search reads the deal ------------------------------


class _PlayedOn(SpitzerDeal):
    """A deal that another thread plays on at the worst moment: right after
    a search function first copies it (a thread switch there, made certain).
    Copies are plain deals of this class without the hook."""

    def arm(self, move: Callable[[SpitzerDeal], None]) -> None:
        self.__dict__["move"] = move

    def copy(self) -> _PlayedOn:
        copied = super().copy()
        move = self.__dict__.pop("move", None)
        if move is not None:  # once, on the original only
            move(self)
        return copied


def test_solve_announcements_values_the_deal_as_it_was_when_called() -> None:
    """It read the speaker and his announcements from the deal, then copied
    the deal once per announcement: a pass made by another thread meanwhile
    gave the next seat's announcements to the speaker (silently wrong
    values) or an IllegalMoveError for a move the caller never made."""
    if not COMPILED:
        pytest.skip("whole-deal solves: hours on the reference twin")
    expected = solve_announcements(SpitzerDeal.from_seed(11))
    deal = _PlayedOn.from_seed(11)
    deal.arm(lambda d: d.announce(Announcement.PASS))
    assert solve_announcements(deal) == expected
    assert deal.n_played == 0 and deal.legal_announcements  # the other thread's pass was made
    assert deal != SpitzerDeal.from_seed(11)


@pytest.mark.parametrize("phase", ["auction", "play"])
def test_per_move_rollouts_read_the_deal_as_it_was_when_called(phase: str) -> None:
    """The moves were read from the deal, then each child copied from it
    again: a move made meanwhile by another thread raised IllegalMoveError
    from inside rollouts (or, where the move stayed legal, gave the rollouts
    of another position under its name)."""
    if phase == "auction":
        plain = SpitzerDeal.from_seed(2)
        deal = _PlayedOn.from_seed(2)
        deal.arm(lambda d: d.announce(Announcement.PASS))
    else:
        plain = _spitzer(2, 5)
        deal = _PlayedOn.from_seed(2)
        while deal.legal_announcements:
            deal.announce(Announcement.PASS)
        while deal.n_played < 5:
            deal.play(deal.legal_moves.min())
        deal.arm(lambda d: d.play(d.legal_moves.max()))
    n = _size(300, 8)
    expected = rollouts(plain, n, seed=3, per_move=True)
    got = rollouts(deal, n, seed=3, per_move=True)
    assert list(got) == list(expected)
    for move in expected:
        assert np.array_equal(got[move], expected[move]), move
    assert deal != plain  # the other thread's move was made


def test_a_solve_while_another_thread_plays_on_gives_a_position_the_deal_passed() -> None:
    """Compiled: each solve copies its deal under the GIL, so one thread may
    play on while another solves it: every result is the solution of a
    position the deal passed through, and the deal ends intact.  (The
    reference twin copies in Python code, which the other thread can
    interleave with: the docs say so.)"""
    if not COMPILED:
        pytest.skip("the reference twin's copies can interleave with the other thread")
    deal = _spitzer(3, 16)
    line = [deal.copy()]
    while not line[-1].is_over:
        line.append(line[-1].copy())
        line[-1].play(line[-1].legal_moves.min())
    solutions = [solve(d, pv=False) for d in line[:-1]]
    seen: list[pytrick.search.Solution] = []
    done = threading.Event()

    def search() -> None:
        while not done.is_set():
            try:
                seen.append(solve(deal, pv=False))
            except pytrick.InvalidArgumentError:  # the deal is over
                return

    searcher = threading.Thread(target=search)
    searcher.start()
    try:
        while not deal.is_over:
            done.wait(0.001)  # a switch to the searcher between plays (not a timing assertion)
            deal.play(deal.legal_moves.min())
    finally:
        done.set()
        searcher.join()
    assert deal == line[-1]
    assert all(solution in solutions for solution in seen)


def test_the_deal_classes_never_release_the_gil() -> None:
    """SpidgeState.random_playout played the deal with the GIL released: a
    Python thread reading the deal meanwhile could see it half played, and
    one playing on it wrote the same C struct at the same time.  A deal's
    methods all hold the GIL (a playout takes a microsecond), so another
    thread sees each call whole.  No test can catch that window without
    timing it, so this reads the core's shipped source."""
    folder = Path(trickcore.__file__).parent
    for name in ("_spitzer.pyx", "_spidge.pyx"):
        source = (folder / name).read_text(encoding="utf-8")
        assert "with nogil" not in source, f"{name} releases the GIL in a deal's method"


def test_solve_many_keeps_at_most_a_core_count_of_idle_solvers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every worker solver went back to the idle pool: solve_many(...,
    threads=64) kept 64 tables (13 MB each) for the life of the process.
    Now at most _MAX_IDLE (the number of cores; 2 here) are kept."""
    if not COMPILED:
        pytest.skip("the reference twin keeps no solvers")
    from trickcore import _solve

    monkeypatch.setattr(_solve, "_MAX_IDLE", 2, raising=False)
    # A new thread id for each deal, so six solvers for certain: a worker
    # ending before the next one starts hands its id (and solver) on to it.
    monkeypatch.setattr(_solve, "threading", SimpleNamespace(get_ident=itertools.count().__next__))
    deals = [_spitzer(seed, 24) for seed in range(6)]
    expected = [solve(d, pv=False) for d in deals]
    assert solve_many(deals, threads=6) == expected  # six workers: one deal, one solver each
    assert _solve._idle_solvers() == 2
    assert solve_many(deals, threads=6) == expected  # two kept, four made again
    assert _solve._idle_solvers() == 2
    monkeypatch.undo()
    assert _solve._MAX_IDLE == (os.cpu_count() or 1)


class _HeldCount:
    """A batch size whose ``__index__`` holds the __init__ that reads it
    until another thread has set the same object up."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.reading = threading.Event()
        self.other_done = threading.Event()

    def __index__(self) -> int:
        self.reading.set()
        self.other_done.wait(timeout=60)
        return self.k


_SET_UP_ONCE = [("_batch", "SpitzerBatch"), ("_batch", "SpidgeBatch"),
                ("_vector", "SpitzerLanes"), ("_vector", "SpidgeLanes")]


@pytest.mark.parametrize(("module", "name"), _SET_UP_ONCE)
def test_two_inits_at_once_set_an_object_up_once(
        backend: dict[str, ModuleType], module: str, name: str) -> None:
    """__init__ checked "already set up" before reading its arguments, which
    can run Python code (a size's __index__): a second thread's __init__
    could set the object up meanwhile, and the first then allocated again
    over it -- the second's C arrays leaked, and the object changed size
    under the second caller.  Now the check is made again under the lock:
    the later __init__ is refused and the object is the earlier's."""
    cls = getattr(backend[module], name)
    target = cls.__new__(cls)
    held = _HeldCount(64)
    outcome: list[object] = []

    def first() -> None:
        try:
            target.__init__(held, 1)
            outcome.append("set up")
        except BaseException as error:  # reported below
            outcome.append(error)

    thread = threading.Thread(target=first, daemon=True)
    thread.start()
    try:
        assert held.reading.wait(timeout=60)
        target.__init__(3, 5)  # meanwhile: the second caller's set-up
    finally:
        held.other_done.set()
        thread.join(timeout=60)
    assert len(outcome) == 1 and isinstance(outcome[0], pytrick.PytrickError), outcome
    assert str(outcome[0]) == f"this {name} is already set up: make a new one"
    assert target.size == 3

    def first_look(made: Any) -> Any:
        return made.observations() if module == "_batch" else made.reset()[0]

    assert np.array_equal(first_look(target), first_look(cls(3, 5)))


# -- errors and interrupts in worker threads ------------------------------------------------


@pytest.mark.parametrize("function", ["solve_many", "rollouts_many"])
def test_a_deal_never_set_up_is_named_in_a_batch_call_on_threads(function: str) -> None:
    """solve_many named the deal ("deals[2]: ... never set up"), rollouts_many
    did not: the same error, without the item."""
    deals: list[SpitzerDeal] = [_spitzer(seed, 24) for seed in range(4)]
    deals.insert(2, SpitzerDeal.__new__(SpitzerDeal))
    threads_before = threading.active_count()
    with pytest.raises(pytrick.PytrickError, match=r"^deals\[2\]: this SpitzerDeal was never set up"):
        if function == "solve_many":
            solve_many(deals, threads=2)
        else:
            rollouts_many(deals, 5, seed=1, threads=2)
    assert threading.active_count() == threads_before


def test_a_bad_deal_in_solve_many_on_threads_is_named_and_starts_no_thread() -> None:
    over = _spitzer(9, 32)
    deals = [_spitzer(seed, 24) for seed in range(3)] + [over]
    threads_before = threading.active_count()
    with pytest.raises(pytrick.InvalidArgumentError, match=r"^deals\[3\]: .*it is over"):
        solve_many(deals, threads=2)
    assert threading.active_count() == threads_before
    # the next call on threads is exact
    assert solve_many(deals[:3], threads=2) == [solve(d, pv=False) for d in deals[:3]]


# -- a batch's lock and the caller's own iterables -------------------------------------------


@pytest.mark.parametrize("name", ["SpitzerBatch", "SpidgeBatch"])
def test_set_states_takes_a_generator_that_reads_the_same_batch(
        backend: dict[str, ModuleType], name: str) -> None:
    """The core's set_states listed its states inside the batch's lock, which
    is not reentrant: ``batch.set_states(batch.state(i) for i in lanes)``
    waited for itself for ever (both backends)."""
    batch = getattr(backend["_batch"], name)(4, 7)
    batch.step(batch.legal_masks().argmax(axis=1))
    states = [batch.state(i) for i in range(4)]
    outcome: list[object] = []

    def swap() -> None:
        try:
            batch.set_states(batch.state(i) for i in (3, 2, 1, 0))
            outcome.append("done")
        except BaseException as error:  # reported below
            outcome.append(error)

    caller = threading.Thread(target=swap, daemon=True)  # daemon: a hang must not block exit
    caller.start()
    caller.join(timeout=60)  # it takes microseconds; a deadlock never ends
    assert not caller.is_alive(), "set_states deadlocked on the batch's own lock"
    assert outcome == ["done"]
    assert [batch.state(i) for i in range(4)] == states[::-1]


# -- Ctrl-C while run_chunks starts its workers ------------------------------------------------


def _threads_interrupted_at_start(launched: bool) -> tuple[list[threading.Thread], Any]:
    """A Thread class whose second start() raises KeyboardInterrupt, as Ctrl-C
    does there (Thread.start waits for the new thread, and that wait takes
    signals) -- after launching the thread when *launched* -- and a stand-in
    for trickcore._threads' threading module that makes it; the threads
    started, in a list."""
    made: list[threading.Thread] = []

    class Interrupted(threading.Thread):
        def start(self) -> None:
            made.append(self)
            if len(made) == 2:
                if launched:
                    super().start()
                raise KeyboardInterrupt("Ctrl-C while the workers start")
            super().start()

    module = SimpleNamespace(Thread=Interrupted, Event=threading.Event,
                             Condition=threading.Condition)
    return made, module


@pytest.mark.parametrize("launched", [False, True])
def test_ctrl_c_while_the_workers_start_stops_them_before_raising(
        monkeypatch: pytest.MonkeyPatch, launched: bool) -> None:
    """The workers were started outside the interrupt handler: Ctrl-C there
    raised at once while the first worker went on calling work() -- for
    solve_many, on a solver already handed back to the idle pool, which the
    next call could take while the old worker still searched on it."""
    from trickcore import _threads

    made, module = _threads_interrupted_at_start(launched)
    monkeypatch.setattr(_threads, "threading", module)
    release = threading.Event()
    raised = threading.Event()
    late: list[int] = []

    def work(lo: int, hi: int) -> None:
        release.wait(timeout=60)  # until the caller is interrupted (on_interrupt)
        if raised.is_set():
            late.append(lo)

    with pytest.raises(KeyboardInterrupt, match="while the workers start"):
        _threads.run_chunks(work, 8, 2, 1, on_interrupt=release.set)
    raised.set()
    release.set()  # without the fix: let the forgotten worker go on, to see it
    for thread in made:
        if thread.ident is not None:
            thread.join(timeout=60)
    assert late == []  # no work after the call raised


def test_ctrl_c_while_solve_many_starts_its_workers_leaves_the_solvers_sound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from trickcore import _threads

    deals = [_spitzer(seed, _size(16, 24)) for seed in range(4)]
    expected = [solve(d, pv=False) for d in deals]
    threads_before = threading.active_count()
    _made, module = _threads_interrupted_at_start(launched=False)
    monkeypatch.setattr(_threads, "threading", module)
    with pytest.raises(KeyboardInterrupt):
        solve_many(deals, threads=2)
    monkeypatch.undo()
    assert threading.active_count() == threads_before
    assert solve_many(deals, threads=2) == expected
