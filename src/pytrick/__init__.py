"""pytrick: Spitzer and Spidge, the trick-taking card games.

Deal, announce, play and score either game through a typed API over a
compiled core; sample hidden hands and run batched playouts for search and
reinforcement learning; ask the rules.

>>> import pytrick
>>> deal = pytrick.SpitzerDeal.from_seed(7)
>>> while not deal.is_over:
...     if deal.legal_announcements:
...         deal.announce(deal.legal_announcements[0])
...     else:
...         deal.play(deal.legal_moves.min())
>>> sum(deal.result.scores) > 0
True

Search code samples the hidden hands of an observation, exactly and uniformly:

>>> spidge = pytrick.SpidgeDeal.from_seed(3)
>>> spidge.play(spidge.legal_moves.min())
>>> worlds = pytrick.sample_deals(spidge.observation(0), 5, seed=1)
>>> all(w.observation(0) == spidge.observation(0) for w in worlds)
True

The submodules for search, learning and tools (:mod:`pytrick.search`,
:mod:`pytrick.batch`, :mod:`pytrick.tensors`, :mod:`pytrick.records`,
:mod:`pytrick.arena`, :mod:`pytrick.envs`, :mod:`pytrick.play`) are
attributes of the package too, each imported on first use, so that
``import pytrick`` stays quick:

>>> pytrick.search.solve.__name__
'solve'
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from pytrick import svg
from pytrick.cards import ALL_CARDS, Card, CardSet, Rank, Suit, parse_card
from pytrick.errors import (
    ArgumentTypeError,
    DealNotOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    PytrickError,
    RecordError,
    RulesError,
)
from pytrick.inference import count_deals, possible_cards, sample_deals
from pytrick.spidge import (
    SpidgeDeal,
    SpidgeGame,
    SpidgeObservation,
    SpidgeResult,
    SpidgeRules,
)
from pytrick.spitzer import (
    SpitzerDeal,
    SpitzerGame,
    SpitzerObservation,
    SpitzerResult,
    SpitzerRules,
)
from trickcore import BACKEND
from trickcore import __version__ as __version__

if TYPE_CHECKING:
    from pytrick import arena as arena
    from pytrick import batch as batch
    from pytrick import envs as envs
    from pytrick import play as play
    from pytrick import records as records
    from pytrick import search as search
    from pytrick import tensors as tensors

#: Submodules imported on first access as attributes (PEP 562), not by
#: ``import pytrick``: they pull in numpy-heavy or optional code.
_LAZY_SUBMODULES = frozenset({"arena", "batch", "envs", "play", "records", "search", "tensors"})


def __getattr__(name: str) -> ModuleType:
    if name in _LAZY_SUBMODULES:
        return importlib.import_module(f"pytrick.{name}")  # also binds pytrick.<name>
    raise AttributeError(f"module 'pytrick' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY_SUBMODULES})

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
    "SpidgeDeal",
    "SpidgeGame",
    "SpidgeObservation",
    "SpidgeResult",
    "SpidgeRules",
    "SpitzerDeal",
    "SpitzerGame",
    "SpitzerObservation",
    "SpitzerResult",
    "SpitzerRules",
    "Suit",
    "count_deals",
    "parse_card",
    "possible_cards",
    "sample_deals",
    "svg",
]
