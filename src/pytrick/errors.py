"""The exceptions pytrick raises; every one is a :class:`ValueError`.

All derive from :class:`PytrickError` and show as ``pytrick.…`` in
tracebacks.  An :class:`IllegalMoveError` says why in a stable word
(:attr:`~IllegalMoveError.reason`) and which rule forbids the move
(:attr:`~IllegalMoveError.rule`); :data:`ILLEGAL_MOVE_REASONS` lists them all
(see :doc:`/errors`).

>>> from pytrick import Card, InvalidCardError
>>> try:
...     Card("ZZ")
... except InvalidCardError as error:
...     print(error)
invalid card text 'ZZ': no suit (suits are C D H S or ♣ ♦ ♥ ♠)
"""

from __future__ import annotations

from trickcore.errors import (
    ILLEGAL_MOVE_REASONS,
    ArgumentTypeError,
    DealNotOverError,
    IllegalMoveError,
    IllegalMoveReason,
    InvalidArgumentError,
    InvalidCardError,
    PytrickError,
    RecordError,
    RulesError,
)

__all__ = [
    "ILLEGAL_MOVE_REASONS",
    "ArgumentTypeError",
    "DealNotOverError",
    "IllegalMoveError",
    "IllegalMoveReason",
    "InvalidArgumentError",
    "InvalidCardError",
    "PytrickError",
    "RecordError",
    "RulesError",
]
