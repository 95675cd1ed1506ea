"""``pytrick score``: the scoring rules as a question and its answer.

``pytrick score spitzer GAME --points P [--tricks T] [--side SEATS]`` scores a
Spitzer deal with :meth:`SpitzerRules.score` (RULES.md 1.8), and ``pytrick
score spidge --tricks A,B,C --dealer D`` a Spidge deal with
:meth:`SpidgeRules.score` (RULES.md 2.6); both take ``--rules key=value`` as
``pytrick play`` does.  The answer names the table row and column, or the
category, that decides each score, and cites the rule.
"""

from __future__ import annotations

import argparse
import re
from typing import TextIO

import trickcore
from pytrick._rule_words import rule_word
from pytrick.play import parse_rules
from pytrick.spidge import Category, SpidgeRules
from pytrick.spitzer import GameType, ScoringColumn, SpitzerRules
from pytrick.spitzer.rules import _REACHABLE
from trickcore.errors import InvalidArgumentError, PytrickError, RulesError

__all__ = ["add_parser", "run"]

#: The rows of the table of RULES.md 1.8, by game.
_ROWS = {
    GameType.NORMAL: "Normal and every call",
    GameType.ACE_CALL: "Normal and every call",
    GameType.VOID_CALL: "Normal and every call",
    GameType.FIRST_TRICK_CALL: "Normal and every call",
    GameType.SNEAKER: "Sneaker",
    GameType.ZOLA: "Zola",
    GameType.ZOLA_SCHNEIDER: "Zola Schneider",
    GameType.ZOLA_SCHNEIDER_SCHWARZ: "Zola Schneider Schwarz",
    GameType.SCHNEIDER: "Schneider (house rule)",
}
#: The games whose declaring side is one seat (RULES.md 1.8).
_ONE_SEAT = frozenset({GameType.SNEAKER, GameType.ZOLA, GameType.ZOLA_SCHNEIDER,
                       GameType.ZOLA_SCHNEIDER_SCHWARZ})
#: The options of the command, by the name of the argument they give.
_OPTIONS = {"points": "--points", "tricks": "--tricks", "declaring_side": "--side",
            "side": "--side", "tricks_by_player": "--tricks", "dealer": "--dealer"}
_GAME_NAMES = ", ".join(game.name.lower() for game in GameType)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``score`` and its two games to the subcommands *commands*.

    Values are read as text and checked here, so that a bad one is refused in
    one line naming the argument.
    """
    score = commands.add_parser(
        "score", help="what a deal scores: the table row or category used, and the rule"
    )
    games = score.add_subparsers(dest="game", required=True, metavar="GAME")
    spitzer = games.add_parser(
        "spitzer", help="score a Spitzer deal (rules §1.8)",
        description="Game points per seat for a declaring side's card points and tricks "
        "(rules §1.8).",
    )
    spitzer.add_argument("game_type", nargs="?", default=None, metavar="GAME_TYPE",
                         help=f"the game: {_GAME_NAMES}")
    spitzer.add_argument("--points", default=None, metavar="P",
                         help="the declaring side's card points, 0 to 120")
    spitzer.add_argument("--tricks", default=None, metavar="T",
                         help="its tricks, 0 to 8 (needed only when P is 0 or 120)")
    spitzer.add_argument("--side", default=None, metavar="SEATS",
                         help="its seats, e.g. 0,2 (default: seat 0 in a Sneaker or a Zola, "
                         "else seats 0 and 2)")
    spitzer.add_argument("--rules", nargs="*", type=rule_word, metavar="KEY=VALUE",
                         help="rule options, e.g. schneider_announcement=true")
    spidge = games.add_parser(
        "spidge", help="score a Spidge deal (rules §2.6)",
        description="The category and points of each player for the tricks they took "
        "(rules §2.6).",
    )
    spidge.add_argument("--tricks", default=None, metavar="A,B,C",
                        help="the tricks of players 0, 1 and 2 (the dealer's with the dummy's)")
    spidge.add_argument("--dealer", default=None, metavar="D", help="the dealer: 0, 1 or 2")
    spidge.add_argument("--rules", nargs="*", type=rule_word, metavar="KEY=VALUE",
                        help="rule options, e.g. spidge_tricks=9 grand_slam=all_tricks")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the answer; a bad argument is one line on *err* and exit status 2."""
    try:
        rules = parse_rules(args.game, args.rules or [])
    except PytrickError as error:
        print(" ".join(f"pytrick score: --rules: {error}".split()), file=err)
        return 2
    try:
        if isinstance(rules, SpitzerRules):
            lines = _spitzer(rules, args.game_type, args.points, args.tricks, args.side)
        else:
            lines = _spidge(rules, args.tricks, args.dealer)
    except PytrickError as error:
        # The message names the scoring function's argument: name the option instead.
        name, sep, rest = str(error).partition(": ")
        option = _OPTIONS.get(name)
        message = f"{option}: {rest}" if sep and option else str(error)
        print(" ".join(f"pytrick score: {message}".split()), file=err)
        return 2
    print("\n".join(lines), file=out)
    return 0


def _number(text: str) -> int | str:
    """*text* as an int if it is one, else itself, for the scoring functions to refuse."""
    try:
        return int(text.strip())
    except ValueError:
        return text


def _numbers(text: str) -> list[int | str]:
    return [_number(word) for word in re.split(r"[,\s]+", text.strip()) if word]


def _game_type(text: str | None) -> GameType:
    if text is None:
        raise InvalidArgumentError(f"GAME_TYPE: missing: one of {_GAME_NAMES}")
    key = re.sub(r"[\s\-]+", "_", text.strip()).upper()
    try:
        return GameType[key]
    except KeyError:
        raise InvalidArgumentError(
            f"GAME_TYPE: {text!r} is not a Spitzer game: one of {_GAME_NAMES}"
        ) from None


def _seats(seats: list[int]) -> str:
    names = [str(s) for s in sorted(seats)]
    if len(names) == 1:
        return f"seat {names[0]}"
    return "seats " + ", ".join(names[:-1]) + " and " + names[-1]


def _spitzer(rules: SpitzerRules, game_text: str | None, points_text: str | None,
             tricks_text: str | None, side_text: str | None) -> list[str]:
    game = _game_type(game_text)
    if game == GameType.SCHNEIDER and not rules.schneider_announcement:
        raise RulesError(
            "GAME_TYPE: a Schneider is only played under the house rule: add --rules "
            "schneider_announcement=true (rules §1.5)"
        )
    if points_text is None:
        raise InvalidArgumentError("points: missing: the declaring side's card points, "
                                   "0 to 120")
    points = _number(points_text)
    if side_text is None:
        side: list[int | str] = [0] if game in _ONE_SEAT else [0, 2]
    else:
        side = _numbers(side_text)
        if len(set(side)) != len(side):
            raise InvalidArgumentError(f"side: {side_text!r} names a seat twice")
    if tricks_text is not None:
        tricks: int | str = _number(tricks_text)
        scores = rules.score(game, side, points, tricks)  # type: ignore[arg-type]
        tricks_said = f" in {tricks} trick{'' if tricks == 1 else 's'}"
    else:
        # Between 1 and 119 card points the side took 1 to 7 tricks, and the
        # points alone pick the column; 0 and 120 may also be no or all tricks.
        if points in (0, 120):
            raise InvalidArgumentError(
                f"tricks: missing: {points} card points may be "
                f"{'no trick' if points == 0 else 'all 8 tricks'} or not, two "
                "different columns (rules §1.8)"
            )
        possible = [t for t in range(1, 8) if points in _REACHABLE[t]]
        if isinstance(points, int) and 0 < points < 120 and not possible:
            raise InvalidArgumentError(
                f"points: no number of tricks holds exactly {points} card points "
                "(rules §1.2: A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing)"
            )
        tricks = possible[0] if possible else 1  # the scoring function refuses the rest
        scores = rules.score(game, side, points, tricks)  # type: ignore[arg-type]
        tricks_said = ""
    # score() has checked the figures: they are ints now.
    points, tricks = int(points), int(tricks)
    column = ScoringColumn(trickcore.spitzer.scoring_column(points, tricks))
    entry = int(trickcore.spitzer.SCORING_TABLE[game][column])
    amount = abs(entry)
    cell = f"+{amount}" if entry > 0 else f"opp {amount}"
    who = f"each {'declarer' if entry > 0 else 'opponent'} scores {amount}"
    alone = " alone" if len(side) == 1 and game not in _ONE_SEAT else ""
    why = " (60 loses: a side needs 61)" if points == 60 else ""
    return [
        f"{game}, declaring side {_seats([int(s) for s in side])}{alone}: "
        f"{points} card points{tricks_said}{why}.",
        f"Rules §1.8, row {_ROWS[game]!r}, column {str(column)!r}: {cell}, {who}.",
        "   ".join(f"seat {seat}: {score}" for seat, score in enumerate(scores)),
    ]


def _spidge(rules: SpidgeRules, tricks_text: str | None, dealer_text: str | None) -> list[str]:
    if tricks_text is None:
        raise InvalidArgumentError("tricks: missing: the tricks of players 0, 1 and 2, "
                                   "e.g. 10,3,0 (the dealer's with the dummy's)")
    if dealer_text is None:
        raise InvalidArgumentError("dealer: missing: the dealer, 0, 1 or 2 (rules §2.6: "
                                   "the dealer counts the dummy's tricks)")
    dealer = _number(dealer_text)
    score = rules.score(_numbers(tricks_text), dealer)  # type: ignore[arg-type]
    tricks = [int(t) for t in _numbers(tricks_text)]
    grand = "all 13 tricks" if rules.grand_slam == "all_tricks" else "no trick"
    reasons = {
        Category.GRAND_SLAM: f"{grand}, with the dummy: it wins the game at once",
        Category.SLAM: f"at least {rules.slam_tricks} tricks",
        Category.SPIDGE: f"at least {rules.spidge_tricks} tricks",
        Category.NILL: "no trick",
        Category.NONE: "no category applies",
    }
    lines = []
    for player, (taken, category, points) in enumerate(
            zip(tricks, score.categories, score.points, strict=True)):
        role = " (dealer, with the dummy)" if player == int(dealer) else ""
        lines.append(
            f"player {player}{role}: {taken} trick{'' if taken == 1 else 's'}, "
            f"{category} ({reasons[category]}): {points} point{'' if points == 1 else 's'}"
        )
    lines.append("Rules §2.6: each player scores the highest category that applies.")
    return lines
