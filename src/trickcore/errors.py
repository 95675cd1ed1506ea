"""The exceptions of pytrick and trickcore.

Every error a caller can provoke with bad input is one of these, and each is a
:class:`ValueError`, so ``except ValueError`` keeps working for code that does
not care which.  Messages name the rule, field or text at fault.
"""

from __future__ import annotations

__all__ = [
    "ArgumentTypeError",
    "DealNotOverError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidCardError",
    "PytrickError",
    "RecordError",
    "RulesError",
]


class PytrickError(ValueError):
    """Base class of every error pytrick raises for bad input."""


class InvalidCardError(PytrickError):
    """Text or a number that names no card, or a card that is not in this game's pack."""


class IllegalMoveError(PytrickError):
    """A play or announcement the rules forbid, or made out of turn or out of phase.

    The message names the rule and the cards involved.  The deal is left
    exactly as it was before the rejected move.
    """


class RulesError(PytrickError):
    """An invalid rule option (an unknown value, an out-of-range number)."""


class RecordError(PytrickError):
    """A corrupt, inconsistent or illegal game record.

    The message names the first bad field or move.
    """


class InvalidArgumentError(PytrickError):
    """An argument out of its range: a seat or dealer outside 0..3, a negative
    or too large count or seed, unknown option bits.  The message names the
    argument and the range it must be in."""


class ArgumentTypeError(InvalidArgumentError, TypeError):
    """An argument of the wrong type: a float, a bool or a string where an
    integer is expected (Python and numpy integers are accepted).  It is also a
    :class:`TypeError`, as Python's own argument checks raise."""


class DealNotOverError(PytrickError):
    """A question only a finished deal can answer (its result, its scores),
    asked before the last card was played."""
