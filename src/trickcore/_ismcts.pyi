from collections.abc import Sequence
from typing import Any, Final

__all__ = ["ROLLOUTS", "spidge_ismcts", "spitzer_ismcts"]

ROLLOUTS: Final[tuple[str, str]]

def spitzer_ismcts(
    state: Any,
    observer: int,
    seats: Sequence[int],
    hidden: int,
    sizes: Sequence[int],
    cases: Sequence[Sequence[int]],
    iterations: int = 1000,
    seconds: float = 0.0,
    seed: int = 0,
    exploration: float = 0.7,
    rollout: str = "random",
) -> tuple[int, list[tuple[int, int, float]]]: ...
def spidge_ismcts(
    state: Any,
    observer: int,
    seats: Sequence[int],
    hidden: int,
    sizes: Sequence[int],
    cases: Sequence[Sequence[int]],
    iterations: int = 1000,
    seconds: float = 0.0,
    seed: int = 0,
    exploration: float = 0.7,
    rollout: str = "random",
) -> tuple[int, list[tuple[int, int, float]]]: ...
