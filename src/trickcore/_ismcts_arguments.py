"""The argument checks of the ISMCTS search, shared by both backends.

``trickcore.ismcts`` is public, and the compiled search trusts its inputs
(a seat past 3 or a negative hand size would write out of bounds), so both
backends check every argument here, with the same errors and messages,
before anything is allocated or drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from trickcore._arguments import card_mask, check_count, check_seat, check_seed
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

#: Rollout policies by name (their index is the compiled policy number).
ROLLOUTS = ("random", "heuristic")


class SearchArguments(NamedTuple):
    observer: int
    seats: tuple[int, ...]
    hidden: int
    sizes: tuple[int, ...]
    cases: tuple[tuple[int, ...], ...]
    iterations: int
    seconds: float
    seed: int
    exploration: float
    policy: int


def _number(value: object, name: str) -> float:
    if isinstance(value, bool) or not hasattr(type(value), "__float__"):
        raise ArgumentTypeError(f"{name} must be a number, not {type(value).__name__} ({value!r:.40})")
    return float(value)  # type: ignore[arg-type]


def _sequence(value: object, name: str) -> list[object]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise ArgumentTypeError(f"{name} must be a sequence, not {type(value).__name__}")
    return list(value)


def not_to_move(observer: int) -> InvalidArgumentError:
    """The error for a search asked for a seat whose move it is not."""
    return InvalidArgumentError(f"seat {observer} is not to move")


def search_arguments(
    observer: object,
    seats: object,
    hidden: object,
    sizes: object,
    cases: object,
    iterations: object,
    seconds: object,
    seed: object,
    exploration: object,
    rollout: object,
    held: Callable[[int], int],
) -> SearchArguments:
    """Every argument checked and normalised.  *held(seat)* is the card mask
    the template deal gives *seat* now: the hidden seats must hold exactly the
    hidden cards there, as many as *sizes* says (the template is one deal
    consistent with the observation)."""
    if not isinstance(rollout, str) or rollout not in ROLLOUTS:
        raise InvalidArgumentError(f"rollout = {rollout!r}: choose 'random' or 'heuristic'")
    # Visit counts are C ints.
    n_iterations = check_count(iterations, "iterations", 0, 2**31 - 1)
    n_seconds = _number(seconds, "seconds")
    if n_iterations == 0 and not n_seconds > 0:
        raise InvalidArgumentError("give iterations > 0 or a time limit in seconds > 0")
    c_exploration = _number(exploration, "exploration")
    c_seed = check_seed(seed)
    c_observer = check_seat(observer, "observer")
    c_seats = tuple(check_seat(s, f"seats[{i}]") for i, s in enumerate(_sequence(seats, "seats")))
    k = len(c_seats)
    if not 0 < k <= 4 or len(set(c_seats)) != k:
        raise InvalidArgumentError(f"seats {list(c_seats)}: name 1 to 4 different hidden seats")
    c_hidden = card_mask(hidden, "hidden")
    c_sizes = tuple(check_count(s, f"sizes[{i}]") for i, s in enumerate(_sequence(sizes, "sizes")))
    if len(c_sizes) != k:
        raise InvalidArgumentError(f"{len(c_sizes)} sizes for {k} seats: give one size per seat")
    n_hidden = c_hidden.bit_count()
    if sum(c_sizes) != n_hidden:
        raise InvalidArgumentError(
            f"sizes {list(c_sizes)} add up to {sum(c_sizes)}, but "
            f"{n_hidden} {'card is' if n_hidden == 1 else 'cards are'} hidden")
    held_now = 0
    for seat, size in zip(c_seats, c_sizes, strict=True):
        mask = held(seat)
        held_now |= mask
        if mask.bit_count() != size:
            raise InvalidArgumentError(
                f"invalid size {size} for seat {seat}: it holds "
                f"{mask.bit_count()} card{'' if mask.bit_count() == 1 else 's'} in the deal")
    if held_now != c_hidden:
        raise InvalidArgumentError(
            "hidden must be the cards the hidden seats hold in the deal searched")
    c_cases = []
    for c, case in enumerate(_sequence(cases, "cases")):
        masks = tuple(card_mask(m, f"cases[{c}][{i}]")
                      for i, m in enumerate(_sequence(case, f"cases[{c}]")))
        if len(masks) != k:
            raise InvalidArgumentError(f"case {c} has {len(masks)} masks for {k} seats")
        for i, mask in enumerate(masks):
            if mask & ~c_hidden:
                raise InvalidArgumentError(
                    f"invalid cases[{c}][{i}] {mask:#x}: it allows cards that are not hidden")
        c_cases.append(masks)
    if not c_cases:
        raise InvalidArgumentError("give one case or more")
    return SearchArguments(c_observer, c_seats, c_hidden, c_sizes, tuple(c_cases), n_iterations,
                           n_seconds, c_seed, c_exploration, ROLLOUTS.index(rollout))


__all__ = ["ROLLOUTS", "SearchArguments", "not_to_move", "search_arguments"]
