"""Standard reinforcement-learning interfaces over pytrick's games.

Each adapter needs its framework, installed with an extra:

- ``pytrick[pettingzoo]``: :mod:`pytrick.envs.spitzer_v0` and
  :mod:`pytrick.envs.spidge_v0`, PettingZoo AEC environments;
- ``pytrick[gymnasium]``: the single-agent environments ``pytrick/Spitzer-v0``
  and ``pytrick/Spidge-v0`` (one seat against pytrick bots) and their
  vectorised forms on the compiled batch (:mod:`pytrick.envs.gym`);
- ``pytrick[openspiel]``: :mod:`pytrick.envs.openspiel` registers
  ``python_spitzer`` and ``python_spidge`` with OpenSpiel.

Importing this package imports no framework; it registers the Gymnasium
environments if Gymnasium is installed, so that ``gymnasium.make`` finds
them after ``import pytrick.envs``.  See :doc:`/envs`.
"""

from __future__ import annotations

import importlib.util

__all__: list[str] = []

if importlib.util.find_spec("gymnasium") is not None:
    from pytrick.envs.gym import register_envs

    register_envs()
