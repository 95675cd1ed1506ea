# cython: language_level=3, binding=True, embedsignature=True
"""The transposition table and the solver object of the double-dummy
searches (compiled, C level only; _solve_table.pxd declares them, with the
lookups each search inlines)."""

from libc.stdint cimport uint8_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset


cdef tc_solver* tc_solver_new(int bits) noexcept nogil:
    cdef tc_solver* s
    if bits < _MIN_TABLE_BITS or bits > _MAX_TABLE_BITS:
        return NULL
    s = <tc_solver*>calloc(1, sizeof(tc_solver))
    if s == NULL:
        return NULL
    s.table = <tc_tt_entry*>calloc((<uint64_t>1) << bits, sizeof(tc_tt_entry))
    s.sig = <uint8_t*>calloc((<uint64_t>2) << bits, 1)  # the signatures, then the ages
    if s.table == NULL or s.sig == NULL:
        free(s.table)
        free(s.sig)
        free(s)
        return NULL
    s.size_mask = ((<uint64_t>1) << bits) - 1
    s.base_mask = s.size_mask
    return s


cdef void tc_solver_free(tc_solver* s) noexcept nogil:
    if s != NULL:
        free(s.table)
        free(s.sig)
        free(s)


cdef void _new_search(tc_solver* s) noexcept nogil:
    """Forget the table (a new deal or objective) in O(1): entries of an
    older stamp do not match.  A search stopped before is forgotten too."""
    cdef uint64_t size = (s.size_mask if s.size_mask > s.base_mask else s.base_mask) + 1
    s.stopped = 0
    s.stamp += 1
    if s.stamp == 0:  # the whole table, even while a Spitzer search uses a corner of it
        memset(s.table, 0, size * sizeof(tc_tt_entry))
        memset(s.sig, 0, 2 * size)
        s.stamp = 1
    elif s.stamp & 3 == 0 and s.size_mask > s.base_mask:  # the ages' tags begin again (_g_age)
        memset(s.sig + s.size_mask + 1, 0, s.size_mask + 1)

cdef void _shrink(tc_solver* s) noexcept nogil:
    """Back to the table's size as made, after a solve that grew it (or a
    Spitzer search that used a corner of it, _z_setup): the next solve
    starts from the same table whatever came before (the positions it
    visits do not depend on the solver's history)."""
    cdef tc_tt_entry* new
    cdef uint8_t* sig
    if s.size_mask <= s.base_mask:
        s.size_mask = s.base_mask
        return
    new = <tc_tt_entry*>calloc(s.base_mask + 1, sizeof(tc_tt_entry))
    sig = <uint8_t*>calloc(2 * (s.base_mask + 1), 1)
    if new == NULL or sig == NULL:
        free(new)
        free(sig)
        return
    free(s.table)
    free(s.sig)
    s.table = new
    s.sig = sig
    s.size_mask = s.base_mask

