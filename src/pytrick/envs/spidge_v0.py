"""Spidge as a PettingZoo AEC environment: three agents ``player_0`` … ``player_2`` (the players; the dealer also plays the dummy); 54 actions: the card numbers.

>>> from pytrick.envs import spidge_v0
>>> env = spidge_v0.env()
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     if termination or truncation:
...         env.step(None)
...     else:
...         mask = observation["action_mask"]
...         env.step(env.action_space(agent).sample(mask))
>>> env.close()

See :class:`pytrick.envs._aec.TrickAECEnv` for the options (*episode*,
*max_cycles*, *rules*, *render_mode*).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from pytrick.envs._aec import TrickAECEnv, make_env
from pytrick.envs._games import SPIDGE

__all__ = ["env", "raw_env"]


class raw_env(TrickAECEnv):
    """Spidge without the wrappers (see :func:`env`)."""

    game_spec = SPIDGE
    metadata = {  # noqa: RUF012 (PettingZoo reads a plain dict)
        "name": "spidge_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }


def env(**kwargs: Any) -> AECEnv:
    """Spidge in PettingZoo's standard wrappers: an illegal move ends the episode
    with reward -1 for the offender (the others get 0)."""
    return make_env(raw_env, **kwargs)
