from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "SPIDGE_OBS_LAYOUT",
    "SPIDGE_OBS_SIZE",
    "SPIDGE_OBS_VERSION",
    "SPITZER_OBS_LAYOUT",
    "SPITZER_OBS_SIZE",
    "SPITZER_OBS_VERSION",
    "spidge_observation",
    "spitzer_observation",
]

SPITZER_OBS_VERSION: int
SPITZER_OBS_SIZE: int
SPITZER_OBS_LAYOUT: tuple[tuple[str, int, int], ...]
SPIDGE_OBS_VERSION: int
SPIDGE_OBS_SIZE: int
SPIDGE_OBS_LAYOUT: tuple[tuple[str, int, int], ...]

def spitzer_observation(state: Any, seat: int) -> npt.NDArray[np.float32]: ...
def spidge_observation(state: Any, hand: int) -> npt.NDArray[np.float32]: ...
