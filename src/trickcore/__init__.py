"""trickcore: the compiled hot path of pytrick, and its pure-Python twin.

On import it loads the compiled modules, or the pure-Python reference twin
(``trickcore._reference``) when ``TRICKCORE_PUREPYTHON=1`` is set or the
extension was not built.  :data:`BACKEND` says which one is in use; both
expose the same names:

>>> import trickcore
>>> trickcore.BACKEND in ("cython", "python")
True
>>> trickcore.CardSet("QC 7D")
CardSet('QC 7D')
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Literal

from trickcore.card import ALL_CARDS, Card, Rank, Suit, parse_card
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
    "ALL_CARDS",
    "BACKEND",
    "ArgumentTypeError",
    "Card",
    "CardSet",
    "DealNotOverError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidCardError",
    "PytrickError",
    "Rank",
    "RecordError",
    "RulesError",
    "Suit",
    "available_backends",
    "load_backend",
    "parse_card",
]

__version__ = "0.1.0"

#: The modules every backend provides, by their compiled names.
MODULES = (
    "_cards",
    "_spitzer",
    "_spidge",
    "_sampling",
    "_observe",
    "_batch",
    "_rollouts",
    "_solve",
    "_ismcts",
    "_vector",
)


def load_backend(name: Literal["cython", "python"]) -> dict[str, ModuleType]:
    """The modules of one backend, by name (``'_cards'``, ``'_spitzer'``, …).

    Tests use this to run the compiled core and the reference side by side.
    Raises ``ImportError`` if the compiled backend is asked for but not built.
    """
    if name == "cython":
        package = "trickcore"
    elif name == "python":
        package = "trickcore._reference"
    else:
        raise ValueError(f"unknown backend {name!r}: choose 'cython' or 'python'")
    return {module: importlib.import_module(f"{package}.{module}") for module in MODULES}


def available_backends() -> tuple[str, ...]:
    """The backends that can be loaded here: always ``'python'``, and ``'cython'`` if built."""
    try:
        load_backend("cython")
    except ImportError:
        return ("python",)
    return ("cython", "python")


def _choose() -> tuple[Literal["cython", "python"], dict[str, ModuleType]]:
    if os.environ.get("TRICKCORE_PUREPYTHON", "") not in ("", "0"):
        return "python", load_backend("python")
    try:
        return "cython", load_backend("cython")
    except ImportError:
        return "python", load_backend("python")


BACKEND: Literal["cython", "python"]
BACKEND, _modules = _choose()

if TYPE_CHECKING:
    from trickcore import _ismcts as ismcts
    from trickcore import _spidge as spidge
    from trickcore import _spitzer as spitzer
    from trickcore._cards import CardSet
else:
    cards = _modules["_cards"]
    spitzer = _modules["_spitzer"]
    spidge = _modules["_spidge"]
    ismcts = _modules["_ismcts"]
    CardSet = cards.CardSet
    # Importable by these names too (``from trickcore.spitzer import
    # SpitzerState``, as the docs name the classes), not only as attributes.
    for _name in ("cards", "spitzer", "spidge", "ismcts"):
        sys.modules.setdefault(f"trickcore.{_name}", _modules[f"_{_name}"])
    del _name
