"""The argument checks of the double-dummy solvers, shared by both backends.

Each backend checks the deal's type and phase itself; the words and the
checks of the plain arguments live here, so the compiled core and the
reference twin raise the same errors with the same messages.
"""

from __future__ import annotations

from trickcore._arguments import as_int
from trickcore.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidArgumentError,
    PytrickError,
)

SPITZER_OBJECTIVES = ("points", "score")
SPIDGE_OBJECTIVES = ("most", "fewest")


def objective(value: object, names: tuple[str, ...]) -> int:
    """An objective number, 0 .. len(names) - 1."""
    number = as_int(value, "objective")
    if not 0 <= number < len(names):
        choices = ", ".join(f"{i} ({name})" for i, name in enumerate(names))
        raise InvalidArgumentError(f"invalid objective {value!r}: choose {choices}")
    return number


def hand(value: object) -> int:
    """A Spidge hand a solve can be for: 0 (left), 2 (right) or 3 (dealer)."""
    number = as_int(value, "hand")
    if number not in (0, 2, 3):
        raise InvalidArgumentError(
            f"invalid hand {value!r}: solve for hand 0 (left), 2 (right) or 3 (dealer); "
            "the dummy (1) is played by the dealer")
    return number




def not_a_deal(game: str, value: object) -> ArgumentTypeError:
    return ArgumentTypeError(f"expected a {game} deal, not {type(value).__name__}")


def not_in_play(auction: bool) -> InvalidArgumentError:
    why = "its announcements are not finished" if auction else "it is over"
    return InvalidArgumentError(f"the deal must be in its play phase to be solved: {why}")


def in_batch(index: int, error: PytrickError) -> PytrickError:
    """*error*, raised for one deal of a batch, naming that deal (an
    IllegalMoveError keeps its reason and rule)."""
    if isinstance(error, IllegalMoveError):
        return IllegalMoveError(f"deals[{index}]: {error.message}", error.reason, error.rule)
    return type(error)(f"deals[{index}]: {error}")


def hands_count(hands: int, deals: int) -> InvalidArgumentError:
    return InvalidArgumentError(f"{hands} hands for {deals} deals: give one hand per deal")
