"""Spitzer as a PettingZoo AEC environment: four agents ``seat_0`` … ``seat_3`` (the seats); 45 actions: the card of dense action 0..31, or announcement ``32 + code``.

>>> from pytrick.envs import spitzer_v0
>>> env = spitzer_v0.env()
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
from pytrick.envs._games import SPITZER

__all__ = ["env", "raw_env"]


class raw_env(TrickAECEnv):
    """Spitzer without the wrappers (see :func:`env`)."""

    game_spec = SPITZER
    metadata = {  # noqa: RUF012 (PettingZoo reads a plain dict)
        "name": "spitzer_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }


def env(**kwargs: Any) -> AECEnv:
    """Spitzer in PettingZoo's standard wrappers: an illegal move ends the episode
    with reward -1 for the offender (the others get 0)."""
    return make_env(raw_env, **kwargs)
