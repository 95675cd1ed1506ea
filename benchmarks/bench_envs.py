"""The RL environments side by side: the compiled vector environment against
the PettingZoo AEC environment, the single-agent Gymnasium environment, the
reference lanes and OpenSpiel, in one run.

    python benchmarks/bench_envs.py [--quick] [--lanes N]

An *env step* is one action of the learning agent(s).  For the vector
environment it is one lane's step that takes an action: the agent's
action, the random opponents' moves up to the agent's next turn, its
observation tensor and action mask (the step that deals a lane's next deal
takes none and is not counted, though its time is); the rate counts only
the time inside ``step()`` (the policy's
time is the user's), and "with policy" adds a numpy first-legal-action
policy.  Rates are per CPU second of this process (``time.process_time``),
what one core delivers even when the machine is shared.  The AEC environment counts every seat's move as a step (each one
is an agent's action); the single-agent environment counts the agent's
actions (pytrick's RandomBot plays the others in Python).  OpenSpiel, if
installed, runs ``python_spitzer`` (:mod:`pytrick.envs.openspiel`) in a
plain pyspiel loop (``legal_actions`` + ``apply_action`` +
``observation_tensor``), and its own C++ ``hearts`` in the same loop
(with ``information_state_tensor``, hearts' only tensor).
Needs the extras: ``pip install pytrick[gymnasium,pettingzoo]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).parent))

import numpy as np
from _timing import best_rate, print_table

import trickcore


def vector_rates(make: Callable[[], Any], count: int, repeats: int = 3) -> tuple[float, float]:
    """(agent steps per second inside step(), the same for the whole loop with
    a first-legal-action numpy policy), best of *repeats*.  A lane whose deal
    ended on the last call is dealt anew and takes no action (Gymnasium's
    next-step autoreset): that lane step is not an agent's step, as the
    other environments count none."""
    envs = make()
    _, infos = envs.reset(seed=1)
    calls = max(count // envs.num_envs, 1)
    ended = np.zeros(envs.num_envs, dtype=bool)
    best_inside = best_loop = 0.0
    for _ in range(repeats):
        inside = 0.0
        steps = 0
        start = time.process_time()
        for _ in range(calls):
            actions = infos["action_mask"].argmax(axis=1)
            t = time.process_time()
            _, _, terminated, truncated, infos = envs.step(actions)
            inside += time.process_time() - t
            steps += envs.num_envs - int(np.count_nonzero(ended))
            ended = terminated | truncated
        loop = time.process_time() - start
        best_inside = max(best_inside, steps / inside)
        best_loop = max(best_loop, steps / loop)
    return best_inside, best_loop


def cpu_rate(run: Callable[[int], int], n: int) -> float:
    """Operations per CPU second of *run(n)*, best of three."""
    return best_rate(run, n, clock=time.process_time)


def aec_rate(module: Any) -> Callable[[int], int]:
    env = module.raw_env()

    def run(count: int) -> int:
        steps = 0
        seed = 0
        while steps < count:
            env.reset(seed=seed)
            seed += 1
            for agent in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                env.step(int(np.flatnonzero(observation["action_mask"])[0]))
                steps += 1
                del agent
        return steps

    return run


def single_rate(env_id: str) -> Callable[[int], int]:
    import gymnasium

    env = gymnasium.make(env_id, opponents="random")

    def run(count: int) -> int:
        steps = 0
        seed = 0
        while steps < count:
            _, info = env.reset(seed=seed)
            seed += 1
            terminated = False
            while not terminated:
                action = int(np.flatnonzero(info["action_mask"])[0])
                _, _, terminated, _, info = env.step(action)
                steps += 1
        return steps

    return run


def pyspiel_rate(game_name: str, tensor: str = "observation_tensor") -> Callable[[int], int]:
    """A plain pyspiel loop: chance by a fixed outcome, first legal action,
    the *tensor* of the player to move."""
    import pyspiel

    game = pyspiel.load_game(game_name)

    def run(count: int) -> int:
        steps = 0
        while steps < count:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[steps % len(outcomes)][0])
                    continue
                getattr(state, tensor)(state.current_player())
                state.apply_action(state.legal_actions()[0])
                steps += 1
        return steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tiny run (CI)")
    parser.add_argument("--lanes", type=int, default=None,
                        help="lanes per vector env (default 1024; 256 with --quick)")
    args = parser.parse_args()
    n = 4_000 if args.quick else 400_000
    small = 300 if args.quick else 20_000
    lanes = args.lanes or (256 if args.quick else 1024)
    missing = [m for m in ("gymnasium", "pettingzoo") if importlib.util.find_spec(m) is None]
    if missing:
        print(f"bench_envs: {', '.join(missing)} not installed "
              "(pip install pytrick[gymnasium,pettingzoo]): nothing to measure")
        return
    from pytrick.envs import spidge_v0, spitzer_v0
    from pytrick.envs.gym import SpidgeVectorEnv, SpitzerVectorEnv
    from trickcore._reference import _vector as reference_vector

    print(f"backend: {trickcore.BACKEND}; {lanes} lanes per vector env")
    for name, make, aec, env_id, peer in (
        ("Spitzer", lambda: SpitzerVectorEnv(lanes, copy=False), spitzer_v0, "pytrick/Spitzer-v0",
         "python_spitzer"),
        ("Spidge", lambda: SpidgeVectorEnv(lanes, copy=False), spidge_v0, "pytrick/Spidge-v0",
         "python_spidge"),
    ):
        vector, with_policy = vector_rates(make, n)
        copied = vector_rates(lambda m=make: _with_copy(m()), n)[0]
        reference = vector_rates(lambda g=name: _reference(reference_vector, g), 32, repeats=1)[0]
        columns = ["vector env", "vector+policy", "vector copy=True", "AEC env", "single env",
                   "reference lanes"]
        rates = [vector, with_policy, copied, cpu_rate(aec_rate(aec), small),
                 cpu_rate(single_rate(env_id), small // 4), reference]
        if importlib.util.find_spec("pyspiel") is not None \
                and importlib.util.find_spec("pytrick.envs.openspiel") is not None:
            import pytrick.envs.openspiel  # noqa: F401 (registers the games)

            columns.append(f"pyspiel {peer}")
            rates.append(cpu_rate(pyspiel_rate(peer), small))
            columns.append("pyspiel hearts (C++)")
            rates.append(cpu_rate(pyspiel_rate("hearts", "information_state_tensor"), small))
        print_table(f"{name}: env steps per CPU second", columns,
                    [("env steps", rates)])
        goal = "meets" if vector >= 1e6 else "misses"
        print(f"{name} vector env: {vector / 1e6:.2f} M env steps/s ({goal} the 1 M/s goal)")


def _with_copy(envs: Any) -> Any:
    envs.copy = True
    return envs


def _reference(module: Any, game: str) -> Any:
    """A vector env over the reference lanes (the compiled module's twin)."""
    from pytrick.envs.gym import SpidgeVectorEnv, SpitzerVectorEnv

    envs = (SpitzerVectorEnv if game == "Spitzer" else SpidgeVectorEnv)(16, copy=False)
    envs._new_lanes = lambda seed: (module.SpitzerLanes if game == "Spitzer"  # type: ignore[method-assign]
                                    else module.SpidgeLanes)(16, seed, **envs._args)
    return envs


if __name__ == "__main__":
    main()
