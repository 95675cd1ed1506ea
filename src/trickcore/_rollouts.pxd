# Random rollouts from given positions at C level: finish a copy of *start*
# with uniformly random legal moves drawn from *rng* and score it.  The
# position itself is not changed.  noexcept nogil.
from libc.stdint cimport int32_t
from trickcore._rng cimport tc_rng
from trickcore._spitzer cimport SpitzerDeal
from trickcore._spidge cimport spidge_state

# The announcements still to be made (random_playouts' way), then the play;
# scores[0..3]: game points per seat.
cdef void spitzer_rollout(const SpitzerDeal* start, tc_rng* rng,
                          int32_t* scores) noexcept nogil
# points[0..3]: points per hand (left, dummy, right, dealer).
cdef void spidge_rollout(const spidge_state* start, tc_rng* rng,
                         int32_t* points) noexcept nogil
