# Single-observer information-set MCTS (SO-ISMCTS) at C level, and the exact
# world drawer it determinizes with.  See _ismcts.pyx.
from libc.stdint cimport uint64_t
from trickcore._cards cimport mask_t
from trickcore._rng cimport tc_rng
from trickcore._sampling cimport HandSampler, tc_u128

# The complete deals consistent with an observation, as a union of disjoint
# cases (see pytrick.inference.constraints): one HandSampler per case, and a
# draw that is exactly uniform over the union.
ctypedef struct WorldDrawer:
    int n_cases
    int k                       # hidden seats
    int seats[4]                # the state's seat (hand) of each hidden seat
    HandSampler* cases
    tc_u128 total

# 0 on success, -1 out of memory (then nothing needs freeing).  allowed holds
# n_cases rows of k masks.  No validation: the caller checked every case.
cdef int world_drawer_init(WorldDrawer* w, mask_t hidden, const int* sizes,
                           const mask_t* allowed, int n_cases, int k,
                           const int* seats) noexcept nogil
cdef void world_drawer_free(WorldDrawer* w) noexcept nogil
# hands[i] = the hidden cards of seat w.seats[i] in a uniformly drawn deal.
cdef void world_drawer_draw(const WorldDrawer* w, tc_rng* rng,
                           mask_t* hands) noexcept nogil

cdef enum:
    ROLLOUT_RANDOM = 0
    ROLLOUT_HEURISTIC = 1
