"""The phase of a Spitzer deal: the announcements, the play, or over (RULES.md 1.5-1.8)."""

from __future__ import annotations

import enum

import trickcore

__all__ = ["Phase"]

_core = trickcore.spitzer


class Phase(enum.IntEnum):
    """Where a deal stands.  The values are the core's ``AUCTION``, ``PLAY`` and
    ``OVER`` (``trickcore.spitzer``), so a phase compares equal to them.

    >>> import trickcore
    >>> from pytrick.spitzer import Phase, SpitzerDeal
    >>> deal = SpitzerDeal.from_seed(2)
    >>> deal.phase
    <Phase.AUCTION: 0>
    >>> for _ in range(4):
    ...     deal.announce("pass")
    >>> deal.phase, deal.phase == trickcore.spitzer.PLAY
    (<Phase.PLAY: 1>, True)
    """

    #: The seats pass or announce, from the dealer's left (1.5).
    AUCTION = _core.AUCTION
    #: The cards are played (1.6).
    PLAY = _core.PLAY
    #: All 32 cards are played: the deal has a result (1.8).
    OVER = _core.OVER
