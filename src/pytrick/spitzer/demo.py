"""``pytrick demo spitzer``: a whole game between the built-in bots, printed."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import TextIO

from pytrick._rule_words import changed_rules
from pytrick.spitzer.bots import HeuristicBot, RandomBot, SpitzerBot
from pytrick.spitzer.deal import SpitzerDeal
from pytrick.spitzer.game import SpitzerGame
from pytrick.spitzer.rules import SpitzerRules
from pytrick.spitzer.text import hand_text, tricks_lines
from trickcore._arguments import seed_plus
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

__all__ = ["demo", "play_deal"]


def play_deal(deal: SpitzerDeal, bots: Sequence[SpitzerBot]) -> None:
    """Play *deal* to the end, each seat's bot choosing from its own observation.

    *bots* are four, by seat; another number raises :class:`~pytrick.InvalidArgumentError`.
    """
    if not isinstance(deal, SpitzerDeal):
        raise ArgumentTypeError(f"deal must be a SpitzerDeal, not {type(deal).__name__}")
    if not isinstance(bots, Sequence):
        raise ArgumentTypeError(f"bots must be a sequence of 4 bots, one per seat 0..3, not {type(bots).__name__}")
    if len(bots) != 4:
        raise InvalidArgumentError(
            f"bots: a Spitzer deal needs 4 bots, one per seat 0..3, not {len(bots)}"
        )
    while not deal.is_over:
        seat = deal.to_move
        observation = deal.observation(seat)
        if observation.legal_announcements:
            deal.announce(bots[seat].announce(observation), seat)
        else:
            deal.play(bots[seat].play(observation), seat)


def demo(
    seed: int | None = None,
    out: TextIO | None = None,
    rules: SpitzerRules | None = None,
    bots: str | Sequence[str] | None = None,
) -> SpitzerGame:
    """Play a whole game to the target between two heuristic bots (seats 0 and 2)
    and two random ones (1 and 3), or *bots* by seat (names as in
    :func:`pytrick.arena.parse_bots`, 1 to 4, repeated to fill the table), printing
    every deal; return the game.

    >>> import io
    >>> from pytrick.spitzer import demo
    >>> game = demo(seed=1, out=io.StringIO())
    >>> game.winner is not None and max(game.totals) >= 42
    True
    """
    out = out if out is not None else sys.stdout
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    game = SpitzerGame(rules, seed=seed)
    from pytrick.arena import play_with_bots, seat_bots

    players: list[SpitzerBot]
    if bots is None:
        players = [HeuristicBot(seed=seed), RandomBot(seed=seed_plus(seed, 1)),
                   HeuristicBot(seed=seed_plus(seed, 2)), RandomBot(seed=seed_plus(seed, 3))]
        who = "seats 0 and 2 heuristic bots, 1 and 3 random"
        names = ["heuristic", "random", "heuristic", "random"]
    else:
        players, names = seat_bots("spitzer", bots, seed)
        who = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(names))
    print(f"Spitzer to {game.rules.target}, seed {seed}: {who}", file=out)
    changed = changed_rules(game.rules)
    if changed:
        print(f"Rules: {changed}", file=out)
    while not game.is_over:
        deal = game.next_deal()
        print(f"\nDeal {len(game.deals)}, dealer seat {deal.dealer}", file=out)
        for seat in range(4):
            print(f"  seat {seat}: {hand_text(deal.hand(seat))}", file=out)
        play_with_bots("spitzer", deal, players, names)  # a failing bot is named, with its seat
        said = ", ".join(f"seat {s} {_announcement_name(c)}" for s, c in deal.announcements)
        print(f"Announcements: {said}", file=out)
        for line in tricks_lines(deal):
            print(line, file=out)
        result = deal.result
        print(f"Result: {result.describe()}", file=out)
        game.finish_deal()
        print(f"Totals: {', '.join(f'seat {s} {t}' for s, t in enumerate(game.totals))}", file=out)
    print(f"\nSeat {game.winner} wins with {max(game.totals)} game points.", file=out)
    return game


def _announcement_name(code: int) -> str:
    from pytrick.spitzer.announcement import Announcement

    return str(Announcement(code))
