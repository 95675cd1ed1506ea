from collections.abc import Iterator, Sequence
from typing import Final

from typing_extensions import Self, disjoint_base

__all__ = [
    "MAX_SEATS",
    "PreparedSampler",
    "count_assignments",
    "enumerate_assignments",
    "sample_assignments",
]

MAX_SEATS: Final[int]

@disjoint_base
class PreparedSampler:
    def __new__(cls, hidden: int, sizes: Sequence[int], allowed: Sequence[int]) -> Self: ...
    @property
    def total(self) -> int: ...
    def sample(self, n: int, seed: int | None = None) -> list[tuple[int, ...]]: ...

def count_assignments(hidden: int, sizes: Sequence[int], allowed: Sequence[int]) -> int: ...
def sample_assignments(
    hidden: int,
    sizes: Sequence[int],
    allowed: Sequence[int],
    n: int,
    seed: int | None = None,
) -> list[tuple[int, ...]]: ...
def enumerate_assignments(
    hidden: int, sizes: Sequence[int], allowed: Sequence[int]
) -> Iterator[tuple[int, ...]]: ...
