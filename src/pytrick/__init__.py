"""pytrick: Spitzer and Spidge, the trick-taking card games.

Deal, announce, play and score either game through a typed API over a
compiled core; sample hidden hands and run batched playouts for search and
reinforcement learning; ask the rules.

>>> import pytrick
>>> pytrick.CardSet("QC 7D QS")
CardSet('QC 7D QS')
"""

from __future__ import annotations

from pytrick.cards import ALL_CARDS, Card, CardSet, Rank, Suit, parse_card
from pytrick.errors import (
    IllegalMoveError,
    InvalidCardError,
    PytrickError,
    RecordError,
    RulesError,
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

__all__ = [
    "ALL_CARDS",
    "BACKEND",
    "Card",
    "CardSet",
    "IllegalMoveError",
    "InvalidCardError",
    "PytrickError",
    "Rank",
    "RecordError",
    "RulesError",
    "SpitzerDeal",
    "SpitzerGame",
    "SpitzerObservation",
    "SpitzerResult",
    "SpitzerRules",
    "Suit",
    "parse_card",
]
