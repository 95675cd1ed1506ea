"""What the PIMC bots of both games share: their settings, checked when the
bot is made, and the loop that samples worlds from an observation and
evaluates them in batches within the time budget.

Perfect-information Monte Carlo (PIMC) is the method of the Skat and Bridge
programs that beat humans (Kermit, GIB): deal the hidden cards at random,
consistently with what the seat has seen, solve each world double-dummy, and
play the move with the best average.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from pytrick._bots import load_search_modules, time_budget
from trickcore._arguments import as_int, check_seed
from trickcore.errors import InvalidArgumentError

__all__ = ["PIMCSearch"]

#: Solves a batch of worlds: for each world, the value of each candidate
#: move, in the candidates' order, seen from the deciding seat.
Evaluate = Callable[[Sequence[Any]], list[list[float]]]


class PIMCSearch:
    """The settings of a PIMC bot: at most *worlds* worlds per decision, a
    time budget of *seconds* (None: no budget, every world is evaluated), and
    a *seed*."""

    def __init__(self, worlds: int, seconds: float | None, seed: int | None) -> None:
        count = as_int(worlds, "worlds")
        if count < 1:
            raise InvalidArgumentError(f"invalid worlds {count}: a PIMC bot needs at least 1 world")
        seconds = time_budget(seconds)
        #: The most worlds drawn and solved per decision.
        self.worlds = count
        #: The time budget of a decision in seconds (None: every world is solved).
        self.seconds = seconds
        #: The bot's random source: each decision's worlds are drawn with a seed from it.
        self.rng = random.Random(None if seed is None else check_seed(seed))
        #: ``(move, worlds evaluated, mean value)`` of each candidate of the
        #: last decision (the move as an int: a card number or announcement code).
        self.last_stats: list[tuple[int, int, float]] = []
        load_search_modules()

    def _choose(self, observation: Any, moves: Sequence[int], evaluate: Evaluate) -> int:
        """The index in *moves* of the move with the best mean value over the
        worlds sampled from *observation* (the first of equals: *moves* come
        in order of preference).

        All the worlds are drawn at once from one seed, so the k-th world is
        the same whatever the clock; the budget only decides how many are
        evaluated.  The first batch is one world; each later batch is sized
        to fill half the time left at the rate measured so far, so that a
        decision overruns its budget by at most about one world.
        """
        from pytrick.inference import sample_deals

        start = time.perf_counter()
        worlds = sample_deals(observation, self.worlds, seed=self.rng.getrandbits(64))
        totals = [0.0] * len(moves)
        done = 0
        while done < len(worlds):
            if self.seconds is None:
                size = len(worlds)
            elif done == 0:
                size = 1
            else:
                elapsed = time.perf_counter() - start
                left = self.seconds - elapsed
                if left <= 0:
                    break
                size = max(1, int(left / 2 / (elapsed / done)))
            batch = worlds[done : done + size]
            for values in evaluate(batch):
                for i, value in enumerate(values):
                    totals[i] += value
            done += len(batch)
        self.last_stats = [(move, done, total / done) for move, total in zip(moves, totals, strict=True)]
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        return best
