# The public C-level API of trickcore: `from trickcore cimport ...` gives every
# declaration below; docs/capi.rst describes the contract.
from trickcore._cards cimport *
from trickcore._rng cimport *
from trickcore._spitzer cimport *
from trickcore._spidge cimport *
from trickcore._sampling cimport *
from trickcore._observe cimport *
from trickcore._solve cimport *
from trickcore._rollouts cimport *
from trickcore._batch cimport *
