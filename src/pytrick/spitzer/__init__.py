"""Spitzer (RULES.md §1): rules, deals, observations, games, bots, records.

>>> from pytrick.spitzer import SpitzerDeal, SpitzerRules
>>> deal = SpitzerDeal.from_seed(2024, rules=SpitzerRules(call_requires_lead=True))
>>> deal.rules.call_requires_lead, len(deal.hand(0))
(True, 8)
"""

from __future__ import annotations

from pytrick.spitzer.announcement import Announcement, GameType
from pytrick.spitzer.bots import HeuristicBot, ISMCTSBot, PIMCBot, RandomBot, SpitzerBot
from pytrick.spitzer.deal import SpitzerDeal, shuffled_pack
from pytrick.spitzer.demo import demo, play_deal
from pytrick.spitzer.game import SpitzerGame
from pytrick.spitzer.observation import SpitzerObservation
from pytrick.spitzer.phase import Phase
from pytrick.spitzer.position import format_position, parse_position
from pytrick.spitzer.result import ScoringColumn, SpitzerResult, scoring_entry
from pytrick.spitzer.rules import SpitzerRules

__all__ = [
    "Announcement",
    "GameType",
    "HeuristicBot",
    "ISMCTSBot",
    "PIMCBot",
    "Phase",
    "RandomBot",
    "ScoringColumn",
    "SpitzerBot",
    "SpitzerDeal",
    "SpitzerGame",
    "SpitzerObservation",
    "SpitzerResult",
    "SpitzerRules",
    "demo",
    "format_position",
    "parse_position",
    "play_deal",
    "scoring_entry",
    "shuffled_pack",
]
