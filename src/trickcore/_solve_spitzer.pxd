# The Spitzer double-dummy search (_solve_spitzer.pyx) on the table of
# _solve_table.pxd.  _solve.pxd re-exports the public part, which comes
# first, and says what it promises.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from trickcore._spitzer cimport SpitzerDeal
from trickcore._solve_table cimport tc_solver

cdef int spitzer_solve(tc_solver* s, const SpitzerDeal* d,
                       int objective) noexcept nogil
cdef int spitzer_solve_moves(tc_solver* s, const SpitzerDeal* d, int objective,
                             int* values) noexcept nogil

# -- for trickcore._solve, not the C API: its principal variations and test hooks ---

cdef int _z_pv(tc_solver* s, SpitzerDeal* d, int objective, int value, uint8_t* out) noexcept nogil
cdef void _z_setup(tc_solver* s, const SpitzerDeal* d) noexcept nogil
cdef int _z_side(tc_solver* s, const SpitzerDeal* d) noexcept nogil
cdef int _z_test_moves(tc_solver* s, const SpitzerDeal* d, int* out) noexcept nogil
cdef int _z_counted(tc_solver* s, const SpitzerDeal* d, int side, int tricks) noexcept nogil
cdef uint32_t _z_by_rank(uint32_t m) noexcept nogil
cdef int _z_mask_points(uint32_t m) noexcept nogil
cdef void _z_rank_hands(const SpitzerDeal* d, uint32_t* rh) noexcept nogil
cdef uint32_t _z_sure(uint32_t mine, uint32_t theirs) noexcept nogil
cdef int _z_sure_measure(tc_solver* s, const SpitzerDeal* d, const uint32_t* rh, int team,
                         uint32_t sure) noexcept nogil
cdef void _z_run_key(const SpitzerDeal* d, const uint32_t* rh, uint64_t* key) noexcept nogil
