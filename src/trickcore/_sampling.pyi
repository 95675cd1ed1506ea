from collections.abc import Iterator, Sequence
from typing import Final

__all__ = ["MAX_SEATS", "count_assignments", "enumerate_assignments", "sample_assignments"]

MAX_SEATS: Final[int]

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
