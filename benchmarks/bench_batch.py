"""Batched random playouts: compiled core (1 and 2 threads) vs reference vs
the per-step Python API vs OpenSpiel, side by side in one run.

    python benchmarks/bench_batch.py [--quick]

Rates are whole scored random deals (games) per second.  "cpu" is the rate
per CPU second of the calling process (the one-thread run), which is what a
core delivers when the machine is shared; wall-clock rates are printed too.
OpenSpiel (``pip install open_spiel``) is measured, if importable, on its
``skat`` and ``hearts`` with a Python loop of ``apply_action`` and with whole
games played inside its C++ (``pyspiel.evaluate_bots`` with uniform random
bots, one Python call per game).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

# numpy's OpenBLAS threads spin for a while after import and steal a core.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).parent))

from _timing import best_rate, spidge_state, spitzer_state

import trickcore
from trickcore._reference import _batch as reference_batch

try:
    from trickcore import _batch as compiled_batch
except ImportError:  # the extension is not built: reference only
    compiled_batch = None  # type: ignore[assignment]


def playout_rate(module: object, game: str, n: int, threads: int = 1) -> Callable[[int], int]:
    def run(count: int) -> int:
        module.random_playouts(game, count, 12345, threads=threads)  # type: ignore[attr-defined]
        return count
    return run


def cpu_rate(module: object, game: str, n: int, repeats: int = 3) -> float:
    """Deals per CPU second of this process (one thread)."""
    return best_rate(playout_rate(module, game, n), n, repeats, clock=time.process_time)


def per_step_rate(game: str, deals: int) -> tuple[float, str]:
    """Random deals per second through the per-step Python API (legal_moves +
    play per card; Spitzer: everyone passes)."""
    if game == "spitzer":
        from pytrick.spitzer import SpitzerDeal

        states = [spitzer_state(trickcore.spitzer, i, SpitzerDeal) for i in range(deals)]
        label = "pytrick.spitzer.SpitzerDeal"
    else:
        states = [spidge_state(trickcore.spidge, i) for i in range(deals)]
        label = "trickcore SpidgeState"
    rng = random.Random(1)
    choice = rng.choice
    start = time.perf_counter()
    for state in states:
        while not state.is_over:  # type: ignore[attr-defined]
            state.play(choice(list(state.legal_moves)))  # type: ignore[attr-defined]
    return deals / (time.perf_counter() - start), label


def pyspiel_rates(name: str, python_games: int, cpp_games: int) -> tuple[float, float, float]:
    """(games/s via a Python loop, steps/s of that loop, games/s inside C++)."""
    import numpy as np
    import pyspiel

    game = pyspiel.load_game(name)
    rng = np.random.default_rng(1)
    steps = 0
    start = time.perf_counter()
    for _ in range(python_games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.integers(len(actions)))])
            steps += 1
    elapsed = time.perf_counter() - start
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(game.num_players())]
    start = time.perf_counter()
    for i in range(cpp_games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
    cpp = cpp_games / (time.perf_counter() - start)
    return python_games / elapsed, steps / elapsed, cpp


def fmt(rate: float) -> str:
    if rate != rate:
        return "-"
    if rate >= 1e6:
        return f"{rate / 1e6:.2f} M/s"
    if rate >= 1e3:
        return f"{rate / 1e3:.1f} k/s"
    return f"{rate:.0f} /s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (a few seconds)")
    args = parser.parse_args()
    n = 20_000 if args.quick else 1_000_000
    n_ref = 10 if args.quick else 200
    n_step = 100 if args.quick else 3_000
    n_spiel = (5, 50) if args.quick else (200, 3_000)
    repeats = 1 if args.quick else 5
    try:
        import pyspiel  # noqa: F401
        have_spiel = True
    except ImportError:
        have_spiel = False
    print(f"backend {trickcore.BACKEND}; {os.cpu_count()} CPUs; whole random scored deals per second")
    header = (f"{'game':<8}{'1 thread':>12}{'cpu 1 thr':>12}{'2 threads':>12}{'2/1':>7}"
              f"{'reference':>12}{'1thr/ref':>10}{'per-step API':>14}{'1thr/step':>10}")
    rows = []
    for game in ("spitzer", "spidge"):
        if compiled_batch is not None:
            # Interleaved, best of each: the machine may be shared, so both
            # get the same chances of a quiet moment.
            one = two = 0.0
            for _ in range(repeats):
                one = max(one, best_rate(playout_rate(compiled_batch, game, n), n, 1))
                two = max(two, best_rate(playout_rate(compiled_batch, game, n, threads=2), n, 1))
            cpu = cpu_rate(compiled_batch, game, n, repeats)
        else:
            one = cpu = two = float("nan")
        ref = best_rate(playout_rate(reference_batch, game, n_ref), n_ref, 1)
        step, label = per_step_rate(game, n_step)
        rows.append((game, one, cpu, two, ref, step, label))
    print(header)
    for game, one, cpu, two, ref, step, _ in rows:
        print(f"{game:<8}{fmt(one):>12}{fmt(cpu):>12}{fmt(two):>12}{two / one:>6.2f}x"
              f"{fmt(ref):>12}{one / ref:>9.0f}x{fmt(step):>14}{one / step:>9.0f}x")
    print("per-step API: " + "; ".join(f"{g}: {label}" for g, *_, label in rows))
    if not have_spiel:
        print("\npyspiel not importable (pip install open_spiel): OpenSpiel columns skipped")
        return
    print(f"\nOpenSpiel, whole random games per second ({'quick' if args.quick else 'full'})")
    print(f"{'peer':<16}{'py loop':>12}{'py steps':>12}{'C++ games':>12}"
          f"{'ours 1thr/py':>14}{'ours 1thr/C++':>15}{'ours 2thr/C++':>15}")
    for ours, peer in (("spitzer", "skat"), ("spidge", "hearts")):
        py_games, py_steps, cpp = pyspiel_rates(peer, *n_spiel)
        one, two = next((r[1], r[3]) for r in rows if r[0] == ours)
        print(f"{ours + ' vs ' + peer:<16}{fmt(py_games):>12}{fmt(py_steps):>12}{fmt(cpp):>12}"
              f"{one / py_games:>13.0f}x{one / cpp:>14.0f}x{two / cpp:>14.0f}x")


if __name__ == "__main__":
    main()
