"""Search primitives side by side: rollouts from a mid-game position, copy(),
integer actions against Card objects, and sample_deals one deal per call.

    python benchmarks/bench_rollouts.py [--quick]

Every row is measured in this run, interleaved, and printed with its ratios:

* rollouts from a Spitzer and a Spidge position after two tricks and a card
  (:func:`pytrick.search.rollouts`): compiled on 1 and 2 threads, the
  pure-Python reference, a Python loop over the deal API (``copy`` +
  ``random_move`` + ``play_action``), and OpenSpiel's ``skat`` / ``hearts``
  (``clone`` + random ``apply_action`` to the end, from a state with as many
  cards left to play as ours) when pyspiel is importable;
* ``copy()`` of the public deal types;
* the rest of a deal from the same mid-game positions played from Python
  with integer actions (``legal_actions`` + ``play_action``) against the
  Card-object loop (``legal_moves`` + ``play``);
* ``sample_deals(observation, 1)``: one consistent deal per call, as a search
  loop asks for them, for a mid-game observation of each game.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).parent))

import _openspiel
from _timing import best_rate, copy_loop, print_table

import trickcore
from pytrick.inference import sample_deals
from pytrick.search import rollouts
from pytrick.spidge import SpidgeDeal
from pytrick.spitzer import SpitzerDeal


def spitzer_midgame(seed: int = 3) -> SpitzerDeal:
    """A Spitzer deal after the announcements (all pass), two tricks and a card."""
    deal = SpitzerDeal.from_seed(seed)
    rng = random.Random(seed)
    for _ in range(4):
        deal.announce("pass")
    for _ in range(9):
        deal.play_action(deal.random_move(rng))
    return deal


def spidge_midgame(seed: int = 3) -> SpidgeDeal:
    """A Spidge deal after two tricks and a card."""
    deal = SpidgeDeal.from_seed(seed)
    rng = random.Random(seed)
    for _ in range(9):
        deal.play_action(deal.random_move(rng))
    return deal


def cards_left(deal: Any) -> int:
    """The plays a rollout from *deal* makes (a copy played out)."""
    copy = deal.copy()
    plays = 0
    while not copy.is_over:
        copy.play_action(copy.legal_actions[0])
        plays += 1
    return plays


def compiled_rollouts(deal: Any, threads: int) -> Callable[[int], int]:
    def run(count: int) -> int:
        rollouts(deal, count, seed=count, threads=threads)
        return count
    return run


def reference_rollouts(deal: Any, game: str) -> Callable[[int], int]:
    from trickcore._reference import _rollouts
    from trickcore._reference import _spidge as ref_spidge
    from trickcore._reference import _spitzer as ref_spitzer

    if game == "spitzer":
        state: Any = ref_spitzer.SpitzerState(
            [deal.original_hand(s) for s in range(4)], deal.dealer, deal.options,
            [code for _, code in deal.announcements], [card for _, card in deal.plays])
        kernel = _rollouts.spitzer_rollouts
    else:
        state = ref_spidge.SpidgeState(list(deal.initial_hands), deal.flags, deal.slam_tricks,
                                       deal.spidge_tricks)
        for card in deal.history:
            state.play(card)
        kernel = _rollouts.spidge_rollouts

    def run(count: int) -> int:
        kernel([state], count, count)
        return count
    return run


def python_rollouts(deal: Any, score: Callable[[Any], object]) -> Callable[[int], int]:
    """The same rollouts as a Python loop over the deal API: copy, then
    random_move + play_action to the end, then score."""
    rng = random.Random(1)

    def run(count: int) -> int:
        for _ in range(count):
            copy = deal.copy()
            while not copy.is_over:
                copy.play_action(copy.random_move(rng))
            score(copy)
        return count
    return run


def action_loop(deals: list[Any]) -> Callable[[int], int]:
    """The rest of each mid-game deal from Python with integer actions: steps."""
    def run(count: int) -> int:
        steps = 0
        i = 0
        while steps < count:
            deal = deals[i & 15].copy()
            i += 1
            while not deal.is_over:
                deal.play_action(deal.legal_actions[0])
                steps += 1
        return steps
    return run


def card_loop(deals: list[Any]) -> Callable[[int], int]:
    """The same plays with Card objects (legal_moves + play): steps."""
    def run(count: int) -> int:
        steps = 0
        i = 0
        while steps < count:
            deal = deals[i & 15].copy()
            i += 1
            while not deal.is_over:
                deal.play(deal.legal_moves.min())
                steps += 1
        return steps
    return run


def sampling(observation: Any, backend: str) -> Callable[[int], int]:
    def run(count: int) -> int:
        for seed in range(count):
            sample_deals(observation, 1, seed=seed, backend=backend)  # type: ignore[arg-type]
        return count
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for CI")
    quick = parser.parse_args().quick
    n_roll, n_ref, n_py = (20_000, 20, 200) if quick else (500_000, 200, 5_000)
    n_copy, n_steps, n_sample = (20_000, 5_000, 500) if quick else (1_000_000, 200_000, 20_000)
    repeats = 1 if quick else 3
    compiled = trickcore.BACKEND == "cython"
    print(f"backend {trickcore.BACKEND}; {os.cpu_count()} CPUs")

    positions = [("Spitzer", spitzer_midgame(), "skat", lambda d: d.scores()),
                 ("Spidge", spidge_midgame(), "hearts", lambda d: d.points())]
    columns = ["1 thread", "2 threads", "reference", "Python loop"]
    have_spiel = _openspiel.available()
    if have_spiel:
        columns.append("pyspiel")
    rows = []
    for label, deal, peer, score in positions:
        one = two = 0.0
        for _ in range(repeats):  # interleaved: both get the quiet moments
            one = max(one, best_rate(compiled_rollouts(deal, 1), n_roll, 1))
            two = max(two, best_rate(compiled_rollouts(deal, 2), n_roll, 1))
        rates = [one, two, best_rate(reference_rollouts(deal, label.lower()), n_ref, 1),
                 best_rate(python_rollouts(deal, score), n_py, repeats)]
        if have_spiel:
            rates.append(best_rate(_openspiel.playouts(peer, cards_left(deal)), n_py, repeats))
        rows.append((f"{label} rollouts, mid-game", rates))
    print_table("rollouts from a position, per second (scored)", columns, rows)
    print("2 threads / 1 thread: " + ", ".join(
        f"{name.split()[0]} {rates[1] / rates[0]:.2f}x" for name, rates in rows))
    if not compiled:
        print("(the compiled core is not built: its columns are the reference's)")

    spitzer_ready = [spitzer_midgame(seed) for seed in range(16)]
    spidge_ready = [spidge_midgame(seed) for seed in range(16)]
    print_table("copy() per second", ["SpitzerDeal", "SpidgeDeal"], [
        ("copy() of a mid-game deal", [best_rate(copy_loop(spitzer_ready[0]), n_copy, repeats),
                                       best_rate(copy_loop(spidge_ready[0]), n_copy, repeats)])])
    print_table("steps per second from Python", ["int actions", "Card objects"], [
        ("Spitzer", [best_rate(action_loop(spitzer_ready), n_steps, repeats),
                     best_rate(card_loop(spitzer_ready), n_steps, repeats)]),
        ("Spidge", [best_rate(action_loop(spidge_ready), n_steps, repeats),
                    best_rate(card_loop(spidge_ready), n_steps, repeats)]),
    ])

    backends = list(trickcore.available_backends())
    scale = {"cython": 1, "python": 20}
    sample_rows = []
    for label, deal in (("Spitzer", spitzer_ready[0]), ("Spidge", spidge_ready[0])):
        seat = deal.to_move if label == "Spitzer" else deal.to_move.player
        observation = deal.observation(seat)
        sample_rows.append((f"{label} mid-game, n=1 per call", [
            best_rate(sampling(observation, name), max(n_sample // scale[name], 10), repeats)
            for name in backends]))
    print_table("sample_deals(observation, 1) per second, by sampler", backends, sample_rows)


if __name__ == "__main__":
    main()
