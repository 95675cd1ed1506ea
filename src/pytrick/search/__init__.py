"""Search primitives: random rollouts from any position, in compiled code.

See :doc:`/search` for a tour.  :func:`rollouts` evaluates one position (or
each of its legal moves); :func:`rollouts_many` evaluates many positions —
the worlds sampled from an observation, the leaves of a search tree — in one
call.
"""

from pytrick.search.rollouts import rollouts, rollouts_many

__all__ = ["rollouts", "rollouts_many"]
