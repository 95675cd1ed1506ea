"""What the built-in bots of both games share: a seeded random source."""

from __future__ import annotations

import random
import warnings

__all__ = ["SeededBot"]


class SeededBot:
    """A bot with its own ``random.Random``, seeded by the keyword *seed*
    (None: from the system).  ``HeuristicBot(0)`` read like "the bot of seat
    0", so the seed is keyword-only: the positional form still works for one
    release, with a :class:`DeprecationWarning`."""

    def __init__(self, _positional_seed: int | None = None, /, *, seed: int | None = None) -> None:
        if _positional_seed is not None:
            if seed is not None:
                raise TypeError(f"{type(self).__name__}: give the seed once, as seed=")
            warnings.warn(
                f"{type(self).__name__}({_positional_seed}): the seed is keyword-only now, "
                f"write {type(self).__name__}(seed={_positional_seed})",
                DeprecationWarning,
                stacklevel=2,
            )
            seed = _positional_seed
        #: The bot's random source; a bot uses nothing else, so a seed replays it.
        self.rng = random.Random(seed)
