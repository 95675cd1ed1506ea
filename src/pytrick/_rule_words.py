"""Rule options as the ``key=value`` words of the command line's ``--rules``."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # each game's demo imports this module: no import back at run time
    from pytrick.spidge.rules import SpidgeRules
    from pytrick.spitzer.rules import SpitzerRules

__all__ = ["changed_rules"]


def changed_rules(rules: SpitzerRules | SpidgeRules) -> str:
    """The options of *rules* that differ from their game's defaults, as
    ``key=value`` words (the target aside: the demos' first line says it)."""
    defaults = type(rules)().to_dict()
    return " ".join(
        f"{key}={str(value).lower() if isinstance(value, bool) else value}"
        for key, value in rules.to_dict().items()
        if key != "target" and value != defaults[key]
    )
