"""Standard reinforcement-learning interfaces over pytrick's games.

Each adapter needs its framework, installed with an extra (``pytrick[envs]``
installs them all):

- ``pytrick[pettingzoo]``: :mod:`pytrick.envs.spitzer_v0` and
  :mod:`pytrick.envs.spidge_v0`, PettingZoo AEC environments (every seat an
  agent);
- ``pytrick[gymnasium]``: the single-agent environments ``pytrick/Spitzer-v0``
  and ``pytrick/Spidge-v0`` (one seat against pytrick bots) and vector
  environments over compiled lanes with uniformly random opponents
  (:mod:`pytrick.envs.gym`);
- ``pytrick[openspiel]``: importing :mod:`pytrick.envs.openspiel` registers
  ``python_spitzer`` and ``python_spidge`` with OpenSpiel.

Importing this package imports Gymnasium, if it is installed, and registers
the Gymnasium environments, so that ``gymnasium.make`` finds them after
``import pytrick.envs``; it imports neither PettingZoo nor OpenSpiel.  See
:doc:`/envs`.
"""

from __future__ import annotations

import importlib.util

__all__: list[str] = []

if importlib.util.find_spec("gymnasium") is not None:
    from pytrick.envs.gym import register_envs

    register_envs()
