"""What the search bots hand to the compiled kernels: the observation's hidden
seats, cards, hand sizes and cases, and one deal consistent with it.

The kernels redeal every hidden seat of that deal from the cases before they
look at it, so all they take from it is what the observation shows (the
history and the observer's hand).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pytrick.inference import hidden_constraints
from pytrick.spidge.observation import SpidgeObservation
from pytrick.spitzer.observation import SpitzerObservation

__all__ = ["SearchInputs", "search_inputs"]


@dataclasses.dataclass(frozen=True)
class SearchInputs:
    """An observation as the kernels take it."""

    #: A deal consistent with the observation (its hidden hands are redealt).
    template: Any
    seats: tuple[int, ...]
    hidden: int
    sizes: tuple[int, ...]
    cases: tuple[tuple[int, ...], ...]

    def args(self) -> tuple[Any, ...]:
        return (self.template, self.seats, self.hidden, self.sizes, self.cases)


def search_inputs(observation: SpitzerObservation | SpidgeObservation) -> SearchInputs:
    """The kernel inputs for *observation* (raises PytrickError if no deal fits it)."""
    constraints = hidden_constraints(observation)
    if isinstance(observation, SpitzerObservation):
        from pytrick.inference import spitzer as game
    else:
        from pytrick.inference import spidge as game  # type: ignore[no-redef]
    # Any consistent deal will do as the template: one drawn with a fixed seed.
    template = game.replay(observation, constraints.sample(1, seed=0)[0])  # type: ignore[arg-type]
    return SearchInputs(
        template,
        tuple(int(seat) for seat in constraints.seats),
        int(constraints.hidden),
        tuple(constraints.sizes),
        tuple(tuple(case) for case in constraints.cases()),
    )
