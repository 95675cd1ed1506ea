"""Search primitives: exact double-dummy solvers and random rollouts from any
position, in compiled code with the GIL released.

See :doc:`/solving` for a tour.  :func:`solve` solves one position exactly
(the value of each legal card, a principal variation); :func:`solve_many`
solves many (the worlds sampled from an observation) on several threads;
:func:`solve_announcements` values each announcement of the seat to speak.
:func:`rollouts` evaluates one position (or each of its legal moves) by
random play; :func:`rollouts_many` evaluates many positions in one call.

>>> import pytrick
>>> from pytrick.search import solve
>>> deal = pytrick.SpitzerDeal.from_seed(7)
>>> while deal.legal_announcements:
...     deal.announce("pass")
>>> for _ in range(24):
...     deal.play(deal.legal_moves.min())
>>> solution = solve(deal)
>>> solution.value == max(solution.moves.values())  # the declaring side is to move
True
"""

from pytrick.search.double_dummy import Solution, solve, solve_announcements, solve_many
from pytrick.search.rollouts import rollouts, rollouts_many

__all__ = ["Solution", "rollouts", "rollouts_many", "solve", "solve_announcements", "solve_many"]
