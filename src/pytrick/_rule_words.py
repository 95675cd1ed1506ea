"""Rule options as the ``key=value`` words of the command line's ``--rules``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # each game's demo imports this module: no import back at run time
    from pytrick.spidge.rules import SpidgeRules
    from pytrick.spitzer.rules import SpitzerRules

__all__ = ["changed_rules", "rule_word"]


def changed_rules(rules: SpitzerRules | SpidgeRules) -> str:
    """The options of *rules* that differ from their game's defaults, as
    ``key=value`` words (the target aside: the demos' first line says it)."""
    defaults = type(rules)().to_dict()
    return " ".join(
        f"{key}={str(value).lower() if isinstance(value, bool) else value}"
        for key, value in rules.to_dict().items()
        if key != "target" and value != defaults[key]
    )


def rule_word(text: str) -> str:
    """The argparse type of one ``--rules`` word.  ``--rules`` takes every word
    after it, so ``pytrick play --rules target=21 spitzer`` swallowed the game
    and argparse said "the following arguments are required: game"; a game's
    name (or a Spitzer game type's, for ``pytrick score``) there is refused at
    once, naming it.  Any other word without ``=`` is refused later, in one
    line, by the rules' own reader."""
    from pytrick.records import GAMES
    from pytrick.spitzer.announcement import GameType

    if "=" not in text and text.lower() in {*GAMES, *(g.name.lower() for g in GameType)}:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a KEY=VALUE rule option: every word after --rules is read as "
            "one, so give the game (and any other argument without a dash) before --rules"
        )
    return text
