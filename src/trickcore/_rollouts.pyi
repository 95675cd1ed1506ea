from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from trickcore._spidge import SpidgeState
from trickcore._spitzer import SpitzerState

__all__ = ["spidge_rollouts", "spitzer_rollouts"]

def spitzer_rollouts(
    states: Iterable[SpitzerState], n: int, seed: int, threads: int = 1,
    same_streams: bool = False,
) -> npt.NDArray[np.int32]: ...
def spidge_rollouts(
    states: Iterable[SpidgeState], n: int, seed: int, threads: int = 1,
    same_streams: bool = False,
) -> npt.NDArray[np.int32]: ...
