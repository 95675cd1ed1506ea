# The public C-level API of trickcore: `from trickcore cimport ...` or
# `cimport trickcore`.  See docs/capi.rst for the contract.
from trickcore._cards cimport *
