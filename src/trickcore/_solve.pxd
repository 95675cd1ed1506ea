# Exact double-dummy solvers at C level (all hands known).  A tc_solver holds
# a transposition table; give each thread its own.  Kernels never validate:
# the deal must be in its play phase, the hand/objective in range.
#
#     cdef tc_solver* s = tc_solver_new(SOLVE_DEFAULT_TT_BITS)
#     value = spitzer_solve(s, &state.deal, SOLVE_POINTS)
#     tc_solver_free(s)
#
# Each is declared where it is defined, and gathered here: the solver, its
# table entries and the SOLVE_* constants in _solve_table.pxd, each game's
# search in _solve_spitzer.pxd and _solve_spidge.pxd.
from trickcore._solve_table cimport (
    SOLVE_POINTS, SOLVE_SCORE, SOLVE_MOST, SOLVE_FEWEST, SOLVE_DEFAULT_TT_BITS, SOLVE_NOT_LEGAL,
    tc_tt_entry, tc_solver,
)

# A solver with a table of 2**bits entries (48 bytes each, a signature byte and an age byte),
# for bits from 4 to 30; NULL for bits outside that range, or when the memory cannot be had.
# (A Spitzer search uses at most the first 2**15 entries; a Spidge solve, all of them.)
from trickcore._solve_table cimport tc_solver_new, tc_solver_free

# The exact value of the deal; *_moves also fills values[a] for every dense
# action / card number a (SOLVE_NOT_LEGAL for the cards that cannot be played)
# and returns the value.
from trickcore._solve_spitzer cimport spitzer_solve, spitzer_solve_moves
from trickcore._solve_spidge cimport spidge_solve, spidge_solve_moves
