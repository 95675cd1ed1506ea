"""OpenSpiel peers for the benchmarks (optional: `pip install open_spiel`).

States are dealt first (chance nodes resolved by a seeded RNG), so the timed
loops measure player steps and clones only, as our own loops do.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def dealt_states(game_name: str, count: int = 16) -> list[Any]:
    """*count* states of *game_name* with every chance node of the deal resolved."""
    import pyspiel

    game = pyspiel.load_game(game_name)
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        states.append(state)
    return states


def per_step(game_name: str) -> Callable[[int], int]:
    """Clone a dealt state, then apply ``legal_actions()[0]`` to the end: steps/s."""
    starts = dealt_states(game_name)

    def run(count: int) -> int:
        steps = 0
        i = 0
        while steps < count:
            steps += _first_actions_to_end(starts[i & 15].clone())
            i += 1
        return steps

    return run


def clones(game_name: str) -> Callable[[int], int]:
    """``state.clone()`` of a dealt state: clones/s."""
    starts = dealt_states(game_name)

    def run(count: int) -> int:
        for i in range(count):
            starts[i & 15].clone()
        return count

    return run


def compare(peer: str, ours_label: str, our_steps: float, our_copies: float, n: int) -> None:
    """Time OpenSpiel *peer*'s per-step loop and clone() now, and print them
    beside our rates (measured in the same run) with the ratios."""
    from _timing import best_rate, print_table

    if not available():
        print(f"\npyspiel not importable: skipping the OpenSpiel {peer} comparison")
        return
    spiel_steps = best_rate(per_step(peer), max(n // 4, 200))
    spiel_clones = best_rate(clones(peer), max(n, 1000))
    print_table(
        f"{ours_label} vs OpenSpiel {peer} (pyspiel), per second",
        ["pytrick", f"pyspiel {peer}"],
        [("legal moves + play (steps)", [our_steps, spiel_steps]),
         ("copy() vs clone()", [our_copies, spiel_clones])],
    )


def playouts(game_name: str, left: int) -> Callable[[int], int]:
    """``clone()`` a dealt state moved on by random actions until *left* card
    plays remain, then uniformly random legal actions to the end: rollouts/s.
    Counting what is left, not what was played, skips the phases before the
    play (hearts' passing, skat's bidding and discard), so a rollout plays as
    many cards as ours from the same point of the deal."""
    rng = random.Random(1)
    start = dealt_states(game_name, 1)[0]
    while _steps_left(start) > left:
        actions = start.legal_actions()
        start.apply_action(actions[rng.randrange(len(actions))])

    def run(count: int) -> int:
        for _ in range(count):
            state = start.clone()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.chance_outcomes()[0][0])
                    continue
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.random() * len(actions))])
            state.returns()
        return count

    return run


def _steps_left(state: Any) -> int:
    """Player actions from *state* to the end (a clone played out): once the
    card play has begun, the cards still to play."""
    return _first_actions_to_end(state.clone())


def _first_actions_to_end(state: Any) -> int:
    """Play *state* to the end with ``legal_actions()[0]`` (chance: its first
    outcome); the number of player actions."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        state.apply_action(state.legal_actions()[0])
        steps += 1
    return steps
