"""No Python call crashes the interpreter: objects used before (or without)
their __init__, batches set up twice or out of memory, errors in worker
threads, Ctrl-C in long compiled loops (issue 13, defects 1, 5, 6, 8, 9)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
import threading
import time
from types import ModuleType

import numpy as np
import pytest

import trickcore
from trickcore.errors import InvalidArgumentError, PytrickError

Backend = dict[str, ModuleType]


def _states(backend: Backend) -> list[type]:
    return [backend["_spitzer"].SpitzerState, backend["_spidge"].SpidgeState]


# -- defect 1: states whose __init__ never ran ----------------------------------------


def test_a_spidge_state_never_set_up_is_refused_not_a_crash(backend: Backend) -> None:
    state_class = backend["_spidge"].SpidgeState
    state = state_class.__new__(state_class)
    # random_playout divided by zero (SIGFPE) on the compiled core.
    for use in (lambda: state.random_playout(1), lambda: state.legal_moves,
                lambda: state.play(3), lambda: state.copy(), lambda: state.points(),
                lambda: state.hand_to_move, lambda: pickle.dumps(state)):
        with pytest.raises(PytrickError, match=r"never set up: SpidgeState.__init__ did not run"):
            use()


def test_a_spitzer_state_never_set_up_is_refused(backend: Backend) -> None:
    state_class = backend["_spitzer"].SpitzerState
    state = state_class.__new__(state_class)
    for use in (lambda: state.play("QC"), lambda: state.announce(0), lambda: state.to_move,
                lambda: state.legal_moves, lambda: state.legal_announcements(),
                lambda: state.copy(), lambda: state.raw_result(), lambda: state.undo()):
        with pytest.raises(PytrickError, match=r"never set up: SpitzerState.__init__ did not run"):
            use()


def test_a_subclass_that_skips_super_init_is_refused(backend: Backend) -> None:
    for base in _states(backend):
        subclass = type("Forgetful", (base,), {"__init__": lambda self, *args: None})
        state = subclass()
        with pytest.raises(PytrickError, match="a subclass's __init__ must call super"):
            state.legal_moves  # noqa: B018


def test_the_api_deal_classes_never_set_up_are_refused() -> None:
    """The reported crash: ``SpidgeDeal.__new__(SpidgeDeal).random_playout(1)``."""
    from pytrick.spidge import SpidgeDeal
    from pytrick.spitzer import SpitzerDeal

    with pytest.raises(PytrickError, match=r"SpidgeDeal\.__init__ did not run"):
        SpidgeDeal.__new__(SpidgeDeal).random_playout(1)
    with pytest.raises(PytrickError, match=r"SpitzerDeal\.__init__ did not run"):
        SpitzerDeal.__new__(SpitzerDeal).play("QC")


# -- defect 1: batches never set up, set up twice, out of memory ----------------------


@pytest.mark.parametrize("name", ["SpitzerBatch", "SpidgeBatch"])
def test_a_batch_never_set_up_is_refused(backend: Backend, name: str) -> None:
    cls = getattr(backend["_batch"], name)
    batch = cls.__new__(cls)
    for use in (batch.to_move, batch.legal_masks, batch.observations, batch.scores,
                lambda: batch.step([]), lambda: batch.reset(), lambda: batch.state(0)):
        with pytest.raises(PytrickError, match=f"never set up: {name}.__init__ did not run"):
            use()


@pytest.mark.parametrize("name", ["SpitzerBatch", "SpidgeBatch"])
def test_setting_up_a_batch_twice_is_refused_and_leaves_it_unchanged(
        backend: Backend, name: str) -> None:
    cls = getattr(backend["_batch"], name)
    batch = cls(3, seed=5)
    before = batch.observations()
    # Calling __init__ again leaked the old buffers (1.7 GB after 2,000 calls).
    with pytest.raises(PytrickError, match=f"this {name} is already set up"):
        batch.__init__(7, seed=1)
    assert batch.size == 3
    assert (batch.observations() == before).all()


@pytest.mark.parametrize("name", ["SpitzerBatch", "SpidgeBatch"])
@pytest.mark.parametrize("k", [2**40, 2**24 + 1])
def test_huge_batches_are_refused_before_allocating(backend: Backend, name: str, k: int) -> None:
    with pytest.raises(InvalidArgumentError, match=f"invalid k {k}: it must be at most 16777216"):
        getattr(backend["_batch"], name)(k, seed=1)


@pytest.mark.parametrize("name", ["SpitzerBatch", "SpidgeBatch"])
def test_batches_refuse_pickling_clearly(backend: Backend, name: str) -> None:
    batch = getattr(backend["_batch"], name)(2, seed=1)
    with pytest.raises(TypeError, match=f"cannot pickle a {name}: .*batch.state"):
        pickle.dumps(batch)
    # What the message suggests works.
    assert pickle.loads(pickle.dumps(batch.state(1))) == batch.state(1)


def _run_child(code: str, *, env: dict[str, str] | None = None,
               **popen: object) -> subprocess.Popen[str]:
    return subprocess.Popen(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-c", textwrap.dedent(code)], text=True, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env={**os.environ, **(env or {})}, **popen)


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_AS is POSIX")
def test_a_batch_whose_allocation_failed_stays_usable_after_a_new_init() -> None:
    """calloc failing left ``size`` set and ``deals`` NULL, and ``to_move()`` segfaulted."""
    if "cython" not in trickcore.available_backends():
        pytest.skip("the compiled extension is not built here (the reference allocates lazily)")
    child = _run_child("""
        import resource
        from trickcore import _batch
        from trickcore.errors import PytrickError
        batch = _batch.SpidgeBatch.__new__(_batch.SpidgeBatch)
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, resource.RLIM_INFINITY))
        try:
            batch.__init__(_batch.MAX_BATCH_SIZE, seed=1)   # 2.2 GB: more than 1 GB
        except MemoryError as error:
            print("MemoryError:", error)
        try:
            batch.to_move()
        except PytrickError as error:
            print("refused:", error)
        batch.__init__(3, seed=1)
        print("then", batch.to_move().tolist())
    """)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    assert out.splitlines() == [
        "MemoryError: no memory for a batch of 16777216 deals",
        "refused: this SpidgeBatch was never set up: SpidgeBatch.__init__ did not run "
        "(a subclass's __init__ must call super().__init__())",
        "then [0, 0, 0]",
    ]


# -- defect 6: errors in worker threads ----------------------------------------------------


def test_an_error_in_a_worker_thread_reaches_the_caller() -> None:
    from trickcore._threads import run_chunks

    done = []
    before = threading.active_count()

    def work(lo: int, hi: int) -> None:
        if lo == 50:
            raise ZeroDivisionError(f"chunk {lo}..{hi} failed")
        time.sleep(0.1)
        done.append(lo)

    # An exception was printed by the thread and the call returned zeros.
    with pytest.raises(ZeroDivisionError, match=r"chunk 50\.\.60 failed"):
        run_chunks(work, 100, 4, 10)
    assert threading.active_count() == before  # every worker has ended
    assert set(done) <= {0, 25, 75}  # the others stopped after the chunk they were in


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_starts_near_2_63_give_the_same_deals_for_any_thread_count(
        backend: Backend, game: str) -> None:
    """start + i overflowed a signed integer: with threads the workers failed
    (printed, swallowed: all-zero scores), with one thread the call raised."""
    start = 2**63 - 3
    one = backend["_batch"].random_playouts(game, 6, seed=9, start=start)
    three = backend["_batch"].random_playouts(game, 6, seed=9, start=start, threads=3)
    for key in one:
        assert (one[key] == three[key]).all(), key
    assert one["tricks"].any()  # real deals, not the zeros a failed worker left
    tail = backend["_batch"].random_playouts(game, 3, seed=9, start=2**63)
    for key in one:
        assert (tail[key] == one[key][3:]).all(), key


def test_starts_near_2_63_agree_between_backends(both_backends: tuple[Backend, Backend]) -> None:
    compiled, reference = both_backends
    for start in (2**63 - 2, 2**64 - 4):
        ours = compiled["_batch"].random_playouts("spitzer", 4, seed=3, start=start, threads=2)
        twin = reference["_batch"].random_playouts("spitzer", 4, seed=3, start=start)
        for key in ours:
            assert (ours[key] == twin[key]).all(), key


@pytest.mark.parametrize("start", [-1, 2**64 - 3, 2**70])
def test_deal_numbers_past_2_64_are_refused(backend: Backend, start: int) -> None:
    with pytest.raises(InvalidArgumentError, match="invalid start"):
        backend["_batch"].random_playouts("spidge", 4, seed=1, start=start)


# -- defect 5: Ctrl-C -----------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT via os.kill is POSIX")
@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_long_random_playout_run_promptly(threads: int) -> None:
    """KeyboardInterrupt came only when the run ended (31 s later); with threads
    the call returned but the workers ran on for 16 s."""
    if "cython" not in trickcore.available_backends():
        pytest.skip("the compiled extension is not built here")
    child = _run_child(f"""
        import threading, time
        from trickcore import _batch
        print("started", flush=True)
        began = time.monotonic()
        try:
            _batch.random_playouts("spitzer", 3 * 10**7, seed=1, threads={threads})
            print("finished")
        except KeyboardInterrupt:
            print("interrupted", threading.active_count(), flush=True)
    """)
    assert child.stdout is not None
    assert child.stdout.readline() == "started\n"
    time.sleep(0.5)
    child.send_signal(2)  # SIGINT
    sent = time.monotonic()
    out, err = child.communicate(timeout=60)
    # The full run takes 30 s or more; a prompt stop well under that.
    assert time.monotonic() - sent < 10, "the interrupt waited for the run to finish"
    assert child.returncode == 0, err
    assert out == "interrupted 1\n"  # and no worker thread is left running


def test_batch_results_do_not_depend_on_the_chunking(backend: Backend) -> None:
    """The signal checks between chunks change nothing: deals are the same
    whether played in one call or in pieces that cross chunk boundaries."""
    n = 2100 if backend["_batch"].__name__ == "trickcore._batch" else 40  # chunks of 1024
    whole = backend["_batch"].random_playouts("spidge", n, seed=4, threads=2)
    parts = [backend["_batch"].random_playouts("spidge", m, seed=4, start=s)
             for s, m in ((0, n // 3), (n // 3, n - n // 3))]
    assert (np.concatenate([p["scores"] for p in parts]) == whole["scores"]).all()
