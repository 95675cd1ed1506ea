"""The exceptions pytrick raises; every one is a :class:`ValueError`.

>>> from pytrick import Card, InvalidCardError
>>> try:
...     Card("ZZ")
... except InvalidCardError as error:
...     print(error)
invalid card text 'ZZ': no suit (suits are C D H S or ♣ ♦ ♥ ♠)
"""

from __future__ import annotations

from trickcore.errors import (
    ArgumentTypeError,
    DealNotOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    PytrickError,
    RecordError,
    RulesError,
)

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
