"""Spidge (RULES.md §2): rules, deals, observations, games, bots, records.

Three players and a dummy opposite the dealer, who plays it.  Players are
numbered 0, 1, 2 for the whole game; the hands of a deal are
:class:`Hand` ``LEFT``, ``DUMMY``, ``RIGHT``, ``DEALER`` in play order.

>>> from pytrick.spidge import SpidgeDeal, SpidgeRules
>>> deal = SpidgeDeal.from_seed(2024, rules=SpidgeRules(joker_suit="wild"))
>>> deal.rules.joker_suit, len(deal.dummy)
('wild', 13)
"""

from __future__ import annotations

from pytrick.spidge.bots import HeuristicBot, ISMCTSBot, PIMCBot, RandomBot, SpidgeBot
from pytrick.spidge.deal import SpidgeDeal, Trick
from pytrick.spidge.dealing import cut_for_dealer, deal_pack, shuffled_pack
from pytrick.spidge.demo import demo, play_deal
from pytrick.spidge.game import SpidgeGame
from pytrick.spidge.observation import SpidgeObservation
from pytrick.spidge.position import format_position, parse_position
from pytrick.spidge.result import Category, SpidgeResult, SpidgeScore
from pytrick.spidge.rules import GrandSlam, JokerSuit, SpidgeRules
from pytrick.spidge.table import Hand, Turn, hand_of, player_of

__all__ = [
    "Category",
    "GrandSlam",
    "Hand",
    "HeuristicBot",
    "ISMCTSBot",
    "JokerSuit",
    "PIMCBot",
    "RandomBot",
    "SpidgeBot",
    "SpidgeDeal",
    "SpidgeGame",
    "SpidgeObservation",
    "SpidgeResult",
    "SpidgeRules",
    "SpidgeScore",
    "Trick",
    "Turn",
    "cut_for_dealer",
    "deal_pack",
    "demo",
    "format_position",
    "hand_of",
    "parse_position",
    "play_deal",
    "player_of",
    "shuffled_pack",
]
