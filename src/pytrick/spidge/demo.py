"""``pytrick demo spidge``: a whole game between the built-in bots, printed."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import TextIO

from pytrick._rule_words import changed_rules
from pytrick.spidge.bots import HeuristicBot, RandomBot, SpidgeBot
from pytrick.spidge.deal import SpidgeDeal
from pytrick.spidge.game import SpidgeGame
from pytrick.spidge.rules import SpidgeRules
from pytrick.spidge.text import hands_lines, tricks_lines
from trickcore._arguments import seed_plus
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

__all__ = ["demo", "play_deal"]


def play_deal(deal: SpidgeDeal, bots: Sequence[SpidgeBot]) -> None:
    """Play *deal* to the end, each player's bot choosing from its own
    observation (the dealer's bot plays the dummy too).

    *bots* are three, by player; another number raises :class:`~pytrick.InvalidArgumentError`.
    """
    if not isinstance(deal, SpidgeDeal):
        raise ArgumentTypeError(f"deal must be a SpidgeDeal, not {type(deal).__name__}")
    if not isinstance(bots, Sequence):
        raise ArgumentTypeError(f"bots must be a sequence of 3 bots, one per player 0..2, not {type(bots).__name__}")
    if len(bots) != 3:
        raise InvalidArgumentError(
            f"bots: a Spidge deal needs 3 bots, one per player 0..2, not {len(bots)}"
        )
    while not deal.is_over:
        turn = deal.to_move
        assert turn is not None
        deal.play(bots[turn.player].play(deal.observation(turn.player)), turn.player)


def demo(
    seed: int | None = None,
    out: TextIO | None = None,
    rules: SpidgeRules | None = None,
    bots: str | Sequence[str] | None = None,
) -> SpidgeGame:
    """Play a whole game to the target between two heuristic bots (players 0
    and 2) and a random one (1), or *bots* by player (names as in
    :func:`pytrick.arena.parse_bots`, 1 to 3, repeated to fill the table), printing
    every deal; return the game.

    >>> import io
    >>> from pytrick.spidge import demo
    >>> game = demo(seed=1, out=io.StringIO())
    >>> game.winner is not None
    True
    """
    out = out if out is not None else sys.stdout
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    game = SpidgeGame(rules, seed=seed)
    from pytrick.arena import play_with_bots, seat_bots

    players: list[SpidgeBot]
    if bots is None:
        players = [HeuristicBot(seed=seed), RandomBot(seed=seed_plus(seed, 1)), HeuristicBot(seed=seed_plus(seed, 2))]
        who = "players 0 and 2 heuristic bots, 1 random"
        names = ["heuristic", "random", "heuristic"]
    else:
        players, names = seat_bots("spidge", bots, seed)
        who = ", ".join(f"player {player} {name}" for player, name in enumerate(names))
    print(f"Spidge to {game.rules.target}, seed {seed}: {who}", file=out)
    changed = changed_rules(game.rules)
    if changed:
        print(f"Rules: {changed}", file=out)
    while not game.is_over:
        deal = game.next_deal()
        print(
            f"\nDeal {len(game.deals)}: dealer player {deal.dealer}, "
            "the dummy sits opposite and is played by the dealer",
            file=out,
        )
        for line in hands_lines(deal):
            print(line, file=out)
        play_with_bots("spidge", deal, players, names)  # a failing bot is named, with its seat
        for line in tricks_lines(deal):
            print(line, file=out)
        result = deal.result
        for player in range(3):
            role = " (dealer, with the dummy)" if player == deal.dealer else ""
            print(
                f"  player {player}{role}: {result.tricks[player]} "
                f"trick{'' if result.tricks[player] == 1 else 's'} → "
                f"{result.categories[player]}, +{result.points[player]}",
                file=out,
            )
        game.finish_deal()
        print(
            "Totals: " + ", ".join(f"player {p} {t}" for p, t in enumerate(game.totals)), file=out
        )
    how = " with a grand slam" if game.won_by_grand_slam else ""
    assert game.winner is not None
    points = game.totals[game.winner]
    print(f"\nPlayer {game.winner} wins{how}, {points} point{'' if points == 1 else 's'}.", file=out)
    return game
