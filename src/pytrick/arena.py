"""Duplicate tournaments between bots: confidence intervals, a pairwise table, ratings.

Luck of the cards dominates a trick-taking game, so a fair match replays the
*same* deals with the bots rotated through the seats: with ``m`` bots, deal
``i`` is played ``m`` times, and in rotation ``r`` seat ``s`` is taken by bot
``(s + r) % m``.  Across the rotations every bot sits in every seat of every
deal exactly once, so every bot plays every hand once and the cards' luck
cancels in the differences.  A bot's score on a deal is the mean of its game
points over its seats; deals are independent, which gives the confidence
intervals.

>>> from pytrick.arena import run_tournament
>>> result = run_tournament("spitzer", ["heuristic", "random"], deals=4, seed=1,
...                         progress=False)
>>> [row.bot for row in result.standings()]
['heuristic', 'random']
>>> len(result.records), len(result.records[0]["rotations"])
(4, 2)

Everything is a pure function of the seed: the deal seeds and every bot's
seed are derived from it, so the same tournament gives the same records with
any executor (in-process, ``workers`` processes, or a Ray cluster) as long as
the bots decide by a seed and not by the clock.  The one exception is how
long each decision took (:meth:`TournamentResult.decision_times`): a
measurement of the machine that played it, kept beside the records, never in
them.
"""

from __future__ import annotations

import ast
import concurrent.futures
import dataclasses
import hashlib
import importlib
import inspect
import json
import math
import os
import signal
import statistics
import time
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from typing import Any, Literal, TextIO

import numpy as np

from pytrick._rule_words import changed_rules
from trickcore._arguments import as_int, check_count, check_rules, check_seed, seed_plus
from trickcore.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    PytrickError,
    RecordError,
)

__all__ = [
    "BUILTIN_BOTS",
    "MAX_WORKERS",
    "BotError",
    "BotSpec",
    "DecisionTimes",
    "Interval",
    "PairwiseRow",
    "Rating",
    "StandingRow",
    "TournamentResult",
    "bradley_terry",
    "deal_record",
    "derive_seed",
    "load",
    "mean_interval",
    "parse_bots",
    "play_duplicate_deal",
    "play_with_bots",
    "rotations",
    "run_tournament",
    "save",
    "seat_bots",
    "t_quantile",
]

Game = Literal["spitzer", "spidge"]
GAMES: tuple[Game, ...] = ("spitzer", "spidge")
SEATS = {"spitzer": 4, "spidge": 3}
#: The most worker processes a tournament starts (as ``threads=`` elsewhere).
MAX_WORKERS = 1024

#: The bots every game provides, by the name ``--bots`` takes.
BUILTIN_BOTS = {
    "random": "RandomBot",
    "heuristic": "HeuristicBot",
    "ismcts": "ISMCTSBot",
    "pimc": "PIMCBot",
}


# ------------------------------------------------------------------ bots


@dataclasses.dataclass(frozen=True)
class BotSpec:
    """A bot by name: a built-in (``'ismcts'``) or an import path
    (``'mypkg.mybot:MyBot'``), with keyword arguments for its constructor
    (``'ismcts[iterations=200]'``).  ``label`` names it in the tables."""

    name: str
    kwargs: tuple[tuple[str, Any], ...] = ()
    label: str = ""

    @property
    def title(self) -> str:
        return self.label or self.name

    def factory(self, game: Game) -> Callable[..., Any]:
        """The class (or any callable) that makes the bot."""
        if self.name in BUILTIN_BOTS:
            module = importlib.import_module(f"pytrick.{game}")
            factory: Callable[..., Any] = getattr(module, BUILTIN_BOTS[self.name])
            return factory
        module_name, _, attribute = self.name.partition(":")
        if not module_name or not attribute:
            raise InvalidArgumentError(
                f"unknown bot {self.name!r}: use one of {', '.join(BUILTIN_BOTS)} "
                "or an import path module:Class"
            )
        try:
            module = importlib.import_module(module_name)
        except ImportError as error:
            raise InvalidArgumentError(f"bot {self.name!r}: cannot import {module_name!r}: {error}") from None
        try:
            found: Callable[..., Any] = getattr(module, attribute)
        except AttributeError:
            raise InvalidArgumentError(f"bot {self.name!r}: {module_name} has no {attribute!r}") from None
        return found

    def make(self, game: Game, seed: int) -> Any:
        """A fresh bot seeded with *seed* (passed as ``seed=`` when the class takes one).

        Options the constructor refuses (an unknown name, a bad value), any
        other error of the constructor, and an object without the bot
        protocol's methods raise InvalidArgumentError naming the bot.
        """
        factory = self.factory(game)
        kwargs = dict(self.kwargs)
        try:
            parameters = inspect.signature(factory).parameters
        except (TypeError, ValueError):  # a callable without a signature: let it decide
            parameters = None
        if parameters is not None:
            self._check_options(factory, parameters)
            if "seed" in parameters:
                kwargs.setdefault("seed", seed)
        try:
            bot = factory(**kwargs)
        except ArgumentTypeError as error:
            raise ArgumentTypeError(f"bot {self.title!r}: {error}") from error
        except TypeError as error:  # an option the constructor does not take
            raise InvalidArgumentError(f"bot {self.title!r}: {error}") from error
        except PytrickError as error:
            raise InvalidArgumentError(f"bot {self.title!r}: {error}") from error
        except Exception as error:  # a user's constructor failing its own way
            raise InvalidArgumentError(f"bot {self.title!r}: {type(error).__name__}: {error}") from error
        missing = [name for name in _PROTOCOL[game] if not callable(getattr(bot, name, None))]
        if missing:
            raise InvalidArgumentError(
                f"bot {self.title!r}: a {type(bot).__name__} has no {' or '.join(missing)} method; "
                f"a {game.capitalize()} bot needs {' and '.join(_PROTOCOL[game])}"
            )
        return bot

    def _check_options(self, factory: Callable[..., Any], parameters: Mapping[str, inspect.Parameter]) -> None:
        """Options the constructor has no parameter for are named with the ones it has."""
        if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
            return
        accepted = [name for name, p in parameters.items()
                    if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)]
        unknown = [name for name, _ in self.kwargs if name not in accepted]
        if unknown:
            what = getattr(factory, "__name__", self.name)
            raise InvalidArgumentError(
                f"bot {self.title!r}: {what} has no option{'s' if len(unknown) > 1 else ''} "
                f"{', '.join(map(repr, unknown))}; "
                f"its options: {', '.join(accepted) or 'none'}"
            )


def _check_game(game: object) -> Game:
    if game not in GAMES:
        raise InvalidArgumentError(f"unknown game {game!r:.40}: choose spitzer or spidge")
    return game


#: The methods of the bot protocol, by game.
_PROTOCOL: dict[Game, tuple[str, ...]] = {"spitzer": ("announce", "play"), "spidge": ("play",)}


def _split_top(text: str) -> list[str]:
    """Split on commas outside brackets."""
    parts, depth, current = [], 0, ""
    for char in text:
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return [part.strip() for part in parts if part.strip()]


def _value(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text  # a bare word: a string option such as rollout=heuristic


def parse_bots(text: str | Sequence[str | BotSpec], minimum: int = 2) -> list[BotSpec]:
    """Bot specs from ``'ismcts,ismcts[iterations=200],heuristic,mypkg.bots:MyBot'``
    (or a list of such names).  Repeated names get ``#2``, ``#3`` labels.
    A tournament needs *minimum* bots.

    >>> from pytrick.arena import parse_bots
    >>> [spec.title for spec in parse_bots("heuristic,ismcts[iterations=50],heuristic")]
    ['heuristic', 'ismcts[iterations=50]', 'heuristic#2']
    """
    if isinstance(text, str):
        items: list[str | BotSpec] = list(_split_top(text))
    elif isinstance(text, Sequence):
        items = list(text)
    else:
        raise ArgumentTypeError(
            f"bots must be a string such as 'ismcts,heuristic' or a list of bot names, "
            f"not {type(text).__name__}"
        )
    specs: list[BotSpec] = []
    used: set[str] = set()
    for item in items:
        if isinstance(item, BotSpec):
            spec = item
        elif not isinstance(item, str):
            raise ArgumentTypeError(
                f"bots: a bot is a name such as 'heuristic' or a BotSpec, not {type(item).__name__} ({item!r:.40})"
            )
        else:
            if item.count("]") > item.count("["):
                # A stray ']' would hide the commas after it.
                raise InvalidArgumentError(f"bot {item!r}: a ']' without its '['")
            name, bracket, rest = item.partition("[")
            kwargs: list[tuple[str, Any]] = []
            if bracket:
                if not rest.endswith("]"):
                    raise InvalidArgumentError(f"bot {item!r}: options must end with ']'")
                for option in _split_top(rest[:-1]):
                    key, equals, value = option.partition("=")
                    if not equals or not key.strip().isidentifier():
                        raise InvalidArgumentError(
                            f"bot {item!r}: option {option!r} must be name=value"
                        )
                    kwargs.append((key.strip(), _value(value.strip())))
            spec = BotSpec(name.strip(), tuple(kwargs), item)
        if spec.title in used:
            # The titles key each deal's points: they must all differ, even
            # from a label such as "x#2" given by the caller.
            count = 2
            while f"{spec.title}#{count}" in used:
                count += 1
            spec = dataclasses.replace(spec, label=f"{spec.title}#{count}")
        used.add(spec.title)
        specs.append(spec)
    if len(specs) < minimum:
        raise InvalidArgumentError(
            f"bots: needs at least {minimum} {'bot' if minimum == 1 else 'bots'}, got {len(specs)}"
        )
    return specs


def seat_bots(game: Game, bots: str | Sequence[str | BotSpec], seed: int) -> tuple[list[Any], list[str]]:
    """A bot for every seat of *game* from *bots* (repeated in order to fill
    the table), seeded ``seed + seat`` (modulo ``2**64``); and their names.  More bots than
    seats are refused with :class:`~pytrick.InvalidArgumentError`.

    >>> from pytrick.arena import seat_bots
    >>> seat_bots("spidge", "heuristic,random", seed=1)[1]
    ['heuristic', 'random', 'heuristic']
    """
    game = _check_game(game)
    specs = parse_bots(bots, minimum=1)
    if len(specs) > SEATS[game]:
        # More bots than seats would leave some out without a word.
        table = "Spitzer table has 4 seats" if game == "spitzer" else "Spidge table has 3 players"
        raise InvalidArgumentError(
            f"bots: a {table}, so 1 to {SEATS[game]} bots (repeated in order to fill it), "
            f"not {len(specs)}"
        )
    chosen = [specs[seat % len(specs)] for seat in range(SEATS[game])]
    return [spec.make(game, seed_plus(seed, seat)) for seat, spec in enumerate(chosen)], [spec.title for spec in chosen]


# ------------------------------------------------------------------ seeds and rotations


def derive_seed(seed: int, *path: int | str) -> int:
    """A 64-bit seed for one part of a tournament (a deal, a bot in a seat),
    the same in every process and on every platform."""
    text = ":".join(str(part) for part in (seed, *path))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")


def rotations(n_bots: int, n_seats: int) -> list[tuple[int, ...]]:
    """The bot in each seat for every rotation: ``rotation[r][s] = (s + r) % m``.

    Every seat gets every bot exactly once over the ``m`` rotations:

    >>> from pytrick.arena import rotations
    >>> rotations(2, 4)
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    """
    return [tuple((seat + r) % n_bots for seat in range(n_seats)) for r in range(n_bots)]


def _rules_class(game: Game) -> Any:
    module = importlib.import_module(f"pytrick.{game}")
    return module.SpitzerRules if game == "spitzer" else module.SpidgeRules


def _new_deal(game: Game, deal_seed: int, rules: Any) -> Any:
    module = importlib.import_module(f"pytrick.{game}")
    cls = module.SpitzerDeal if game == "spitzer" else module.SpidgeDeal
    return cls.from_seed(deal_seed, rules=rules)


class BotError(PytrickError):
    """A bot's own code raised: the message names the bot and its seat (and
    the method and the exception); the bot's exception is ``__cause__``.  An
    illegal or malformed choice is not a BotError: it keeps the error class
    the deal raised (:class:`~pytrick.IllegalMoveError`...).

    >>> from pytrick.arena import BotError, play_with_bots
    >>> from pytrick.spidge import SpidgeDeal
    >>> class Broken:
    ...     def play(self, observation):
    ...         raise RuntimeError("out of ideas")
    >>> deal = SpidgeDeal.from_seed(1)
    >>> try:
    ...     play_with_bots("spidge", deal, [Broken()] * 3, ["a", "b", "c"])
    ... except BotError as error:
    ...     print(error)
    ...     print(type(error.__cause__).__name__)
    bot a (player 0): play() raised RuntimeError: out of ideas
    RuntimeError
    """


#: Per rotation, per seat: how long each of that seat's decisions took, in
#: whole microseconds, in the order they were asked for.
_DealTimes = list[list[list[int]]]


class _Seated:
    """A bot in a seat: an exception from its own code names it and the seat;
    the time of each decision is added to *microseconds*."""

    def __init__(self, bot: Any, where: str, microseconds: list[int]) -> None:
        self.bot = bot
        self.where = where
        self.microseconds = microseconds

    def announce(self, observation: Any) -> Any:
        return self._ask("announce", observation)

    def play(self, observation: Any) -> Any:
        return self._ask("play", observation)

    def _ask(self, method: str, observation: Any) -> Any:
        start = time.perf_counter()
        try:
            choice = getattr(self.bot, method)(observation)
        except Exception as error:
            raise BotError(f"{self.where}: {method}() raised {type(error).__name__}: {error}") from error
        self.microseconds.append(round((time.perf_counter() - start) * 1e6))
        return choice


def play_with_bots(game: Game, deal: Any, bots: Sequence[Any], labels: Sequence[str]) -> list[int]:
    """Play *deal* out with a bot in each seat, each seeing only its seat's
    observation; return the game points by seat.

    Unlike the game's ``play_deal``, an exception from a bot (a
    :class:`BotError`), or an illegal or malformed choice, is re-raised as a
    :class:`~pytrick.PytrickError` naming
    the bot by its label in *labels* and its seat (an illegal or malformed
    choice keeps its class: :class:`~pytrick.IllegalMoveError` with its
    ``reason`` and ``rule``, :class:`~pytrick.ArgumentTypeError`...); the deal
    is left as it was before the failed choice.

    >>> from pytrick.arena import play_with_bots, seat_bots
    >>> from pytrick.spidge import SpidgeDeal
    >>> bots, labels = seat_bots("spidge", "heuristic", seed=3)
    >>> points = play_with_bots("spidge", SpidgeDeal.from_seed(3), bots, labels)
    >>> len(points)
    3
    """
    return _play_timed(game, deal, bots, labels)[0]


def _play_timed(
    game: Game, deal: Any, bots: Sequence[Any], labels: Sequence[str]
) -> tuple[list[int], list[list[int]]]:
    """:func:`play_with_bots`, and the time of every decision by seat."""
    game = _check_game(game)
    module = importlib.import_module(f"pytrick.{game}")
    deal_class = module.SpitzerDeal if game == "spitzer" else module.SpidgeDeal
    if not isinstance(deal, deal_class):
        raise ArgumentTypeError(f"deal must be a {deal_class.__name__}, not {type(deal).__name__}")
    # Checked here, or the game's own refusal would be blamed on the bot to move.
    if len(bots) != SEATS[game] or len(labels) != SEATS[game]:
        raise InvalidArgumentError(
            f"bots and labels: a {game.capitalize()} deal needs {SEATS[game]} of each, "
            f"one per {'seat' if game == 'spitzer' else 'player'}, not {len(bots)} and {len(labels)}"
        )
    names = [
        f"bot {label} in seat {s}" if game == "spitzer" else f"bot {label} (player {s})"
        for s, label in enumerate(labels)
    ]
    microseconds: list[list[int]] = [[] for _ in names]
    seated = [_Seated(bot, name, times) for bot, name, times in zip(bots, names, microseconds, strict=True)]
    try:
        module.play_deal(deal, seated)
    except BotError:
        raise
    except PytrickError as error:  # an illegal move, or no move at all (a card 99)
        # A rejected move leaves the deal as it was: the mover is still to move.
        # The message may name the mover's cards; the tournament's log is omniscient.
        mover = deal.to_move if game == "spitzer" else deal.to_move.player
        raise _naming(error, names[mover]) from error
    result = deal.result
    return list(result.scores if game == "spitzer" else result.points), microseconds


def _naming(error: PytrickError, who: str) -> PytrickError:
    """*error* with *who* before its message, of the same class, so that a
    caller can still catch an IllegalMoveError (and read its reason and rule)
    or an ArgumentTypeError."""
    if isinstance(error, IllegalMoveError):
        return IllegalMoveError(f"{who}: {error.message}", error.reason, error.rule)
    if type(error) in (ArgumentTypeError, InvalidArgumentError, InvalidCardError):
        return type(error)(f"{who}: {error}")
    return PytrickError(f"{who}: {error}")


def play_duplicate_deal(
    game: Game, specs: str | Sequence[str | BotSpec], seed: int, index: int, rules: Any = None
) -> dict[str, Any]:
    """Deal *index* of a tournament seeded *seed*, played once per rotation.

    *specs* are the bots, as :func:`parse_bots` takes them.  The record
    holds, per rotation, the bot in each seat, the game points by seat and
    the JSON record of the deal; ``points`` is each bot's mean game points
    over its seats.
    """
    return _play_duplicate_timed(game, specs, seed, index, rules)[0]


def _play_duplicate_timed(
    game: Game, specs: str | Sequence[str | BotSpec], seed: int, index: int, rules: Any
) -> tuple[dict[str, Any], _DealTimes]:
    """:func:`play_duplicate_deal`, and the time of every decision by rotation and seat."""
    game = _check_game(game)
    specs = parse_bots(specs, minimum=1)
    seed, index = check_seed(seed), check_count(index, "index")
    n_seats = SEATS[game]
    deal_seed = derive_seed(seed, "deal", index)
    labels = [spec.title for spec in specs]
    totals = [0.0] * len(specs)
    counts = [0] * len(specs)
    played = []
    microseconds: _DealTimes = []
    for r, lineup in enumerate(rotations(len(specs), n_seats)):
        deal = _new_deal(game, deal_seed, rules)
        bots = [
            specs[b].make(game, derive_seed(seed, "bot", index, r, seat)) for seat, b in enumerate(lineup)
        ]
        scores, times = _play_timed(game, deal, bots, [labels[b] for b in lineup])
        microseconds.append(times)
        for seat, b in enumerate(lineup):
            totals[b] += scores[seat]
            counts[b] += 1
        played.append({"seats": [labels[b] for b in lineup], "scores": scores, "record": deal.to_record()})
    record = {
        "game": game,
        "seed": seed,
        "deal": index,
        "deal_seed": deal_seed,
        "rotations": played,
        "points": {labels[b]: totals[b] / counts[b] for b in range(len(specs))},
    }
    return record, microseconds


# ------------------------------------------------------------------ statistics


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile: exact for ``df`` 1 and 2 (closed forms), else a
    Cornish–Fisher expansion around the normal one (within 0.3 % of the exact
    value for ``df >= 3``, and exact as df grows).

    >>> from pytrick.arena import t_quantile
    >>> round(t_quantile(0.975, 1_000_000), 3)
    1.96
    >>> round(t_quantile(0.975, 1), 3)
    12.706
    """
    df = as_int(df, "df")
    if df < 1:
        raise InvalidArgumentError(f"df = {df}: needs at least one degree of freedom")
    if not 0 < p < 1:
        raise InvalidArgumentError(f"p = {p!r}: a probability strictly between 0 and 1")
    # The expansion is 11 % short at df = 1 (a tournament of two deals).
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = statistics.NormalDist().inv_cdf(p)
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * df**4)
    )


@dataclasses.dataclass(frozen=True)
class Interval:
    """A mean with its confidence interval (``level`` 0.95 by default)."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.half_width:.3f}"


def _finite(value: float) -> float | None:
    """*value*, or None where it is infinite or NaN (strict JSON has neither)."""
    return value if math.isfinite(value) else None


def mean_interval(values: Sequence[float], level: float = 0.95) -> Interval:
    """The mean of independent *values* with its Student-t confidence interval.

    >>> from pytrick.arena import mean_interval
    >>> mean_interval([1, 2, 3, 4, 5])
    Interval(mean=3.0, low=1.03..., high=4.96..., n=5)
    """
    n = len(values)
    if n == 0:
        raise InvalidArgumentError("no values: a mean needs at least one")
    if not 0 < level < 1:
        raise InvalidArgumentError(f"level = {level!r}: a confidence level strictly between 0 and 1")
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    half = t_quantile(0.5 + level / 2, n - 1) * statistics.stdev(values) / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)


def bradley_terry(
    wins: np.ndarray[Any, Any], prior: float = 0.5, iterations: int = 10_000, tolerance: float = 1e-10
) -> np.ndarray[Any, Any]:
    """Bradley–Terry strengths fitted to ``wins[i, j]`` (how often *i* beat *j*;
    a tie counts one half to each), on the Elo scale: ``400·log10(strength)``,
    centred on 0.  *prior* adds that many virtual wins each way to every pair
    that met, so that a bot that won every game still gets a finite rating.
    Fitted by Hunter's (2004) minorisation–maximisation iteration.

    >>> import numpy as np
    >>> from pytrick.arena import bradley_terry
    >>> bradley_terry(np.array([[0.0, 3.0], [1.0, 0.0]]), prior=0).round(1)
    array([ 95.4, -95.4])
    """
    w = np.asarray(wins, dtype=float)
    games = w + w.T
    w = w + prior * (games > 0)
    games = w + w.T
    won = w.sum(axis=1)
    strength = np.ones(len(w))
    for _ in range(iterations):
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        updated = np.where(denominator > 0, won / np.where(denominator > 0, denominator, 1), strength)
        updated = np.maximum(updated, 1e-300)
        updated /= np.exp(np.mean(np.log(updated)))
        if np.max(np.abs(np.log(updated) - np.log(strength))) < tolerance:
            strength = updated
            break
        strength = updated
    elo: np.ndarray[Any, Any] = 400 * np.log10(strength)
    centred: np.ndarray[Any, Any] = elo - elo.mean()
    return centred


# ------------------------------------------------------------------ results


@dataclasses.dataclass(frozen=True)
class StandingRow:
    """A bot's mean game points per deal, and its margin over the field."""

    bot: str
    points: Interval
    #: Its points minus the mean of the other bots' points on the same deals.
    margin: Interval


@dataclasses.dataclass(frozen=True)
class PairwiseRow:
    """*bot* against *other* on the same deals: the mean difference in game
    points per deal, and the deals won, tied and lost by that difference."""

    bot: str
    other: str
    difference: Interval
    wins: int
    ties: int
    losses: int


@dataclasses.dataclass(frozen=True)
class Rating:
    """A Bradley–Terry rating (Elo scale) and its bootstrap standard error."""

    bot: str
    elo: float
    stderr: float


@dataclasses.dataclass(frozen=True)
class DecisionTimes:
    """How long a bot took to decide, over a whole tournament: every
    announcement and every card, timed around the bot's own ``announce`` or
    ``play`` call with ``time.perf_counter()``, in seconds (to the
    microsecond).

    A measurement of the machine that played the tournament and of its load
    (other workers included), not a function of the seed: the same tournament
    gives other times on another run.
    """

    bot: str
    decisions: int
    total: float
    mean: float
    median: float
    #: The 95th percentile (nearest rank): 95 % of the decisions took no longer.
    p95: float
    longest: float
    #: Where the longest decision was: (deal, rotation, seat), as
    #: :func:`deal_record` and ``pytrick replay --deal --rotation`` take them.
    longest_at: tuple[int, int, int]
    #: Decisions that took longer than the tournament's ``move_seconds`` (0 without one).
    overruns: int


def _duration(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.0f} µs"


@dataclasses.dataclass
class TournamentResult:
    """What a tournament measured: the per-deal records and the statistics over them."""

    game: Game
    bots: list[str]
    seed: int
    records: list[dict[str, Any]]
    #: The rules every deal was played under (a SpitzerRules or SpidgeRules;
    #: None for the game's defaults).
    rules: Any = None
    #: For each record, by rotation and seat, how long each decision took in
    #: whole microseconds; None when not measured (a tournament saved before
    #: pytrick timed decisions).
    microseconds: list[_DealTimes] | None = None
    #: The soft limit on a decision, in seconds, or None.
    move_seconds: float | None = None

    def points(self) -> np.ndarray[Any, Any]:
        """``points[deal, bot]``: each bot's mean game points on each deal."""
        return np.array([[record["points"][bot] for bot in self.bots] for record in self.records])

    def standings(self) -> list[StandingRow]:
        """Bots by mean game points per deal, best first."""
        table = self.points()
        rows = []
        for b, bot in enumerate(self.bots):
            others = np.delete(table, b, axis=1).mean(axis=1)
            rows.append(
                StandingRow(bot, mean_interval(table[:, b].tolist()), mean_interval((table[:, b] - others).tolist()))
            )
        return sorted(rows, key=lambda row: -row.points.mean)

    def pairwise(self) -> list[PairwiseRow]:
        """Every ordered pair of bots, compared deal by deal."""
        table = self.points()
        rows = []
        for i, bot in enumerate(self.bots):
            for j, other in enumerate(self.bots):
                if i == j:
                    continue
                diff = table[:, i] - table[:, j]
                rows.append(
                    PairwiseRow(
                        bot,
                        other,
                        mean_interval(diff.tolist()),
                        int((diff > 0).sum()),
                        int((diff == 0).sum()),
                        int((diff < 0).sum()),
                    )
                )
        return rows

    def _wins(self, table: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        diff = table[:, :, None] - table[:, None, :]
        wins: np.ndarray[Any, Any] = (diff > 0).sum(axis=0) + 0.5 * (diff == 0).sum(axis=0)
        np.fill_diagonal(wins, 0)
        return wins

    def ratings(self, bootstrap: int = 200) -> list[Rating]:
        """Bradley–Terry ratings from the deal-by-deal comparisons (a deal is
        won by the bot with more game points on it; ties count half), with
        standard errors from *bootstrap* resamples of the deals (seeded by the
        tournament's seed, so they are reproducible)."""
        table = self.points()
        elo = bradley_terry(self._wins(table))
        rng = np.random.default_rng(derive_seed(self.seed, "bootstrap"))
        samples = np.array(
            [bradley_terry(self._wins(table[rng.integers(0, len(table), len(table))])) for _ in range(bootstrap)]
        )
        spread = samples.std(axis=0, ddof=1) if bootstrap > 1 else np.full(len(self.bots), math.nan)
        return sorted(
            (Rating(bot, float(elo[b]), float(spread[b])) for b, bot in enumerate(self.bots)),
            key=lambda rating: -rating.elo,
        )

    def decision_times(self) -> list[DecisionTimes]:
        """Each bot's decision times over all the deals (in the order of
        ``bots``); empty when they were not measured."""
        if self.microseconds is None:
            return []
        times: dict[str, list[int]] = {bot: [] for bot in self.bots}
        longest: dict[str, tuple[int, int, int, int]] = {}  # microseconds, deal, rotation, seat
        for record, deal_times in zip(self.records, self.microseconds, strict=True):
            for r, (rotation, by_seat) in enumerate(zip(record["rotations"], deal_times, strict=True)):
                for seat, (bot, seat_times) in enumerate(zip(rotation["seats"], by_seat, strict=True)):
                    times[bot] += seat_times
                    if seat_times and (bot not in longest or max(seat_times) > longest[bot][0]):
                        longest[bot] = (max(seat_times), int(record["deal"]), r, seat)
        limit = math.inf if self.move_seconds is None else self.move_seconds * 1e6
        rows = []
        for bot in self.bots:
            ordered = sorted(times[bot])
            if not ordered:
                continue
            n = len(ordered)
            rows.append(DecisionTimes(
                bot,
                n,
                sum(ordered) / 1e6,
                sum(ordered) / n / 1e6,
                statistics.median(ordered) / 1e6,
                ordered[math.ceil(0.95 * n) - 1] / 1e6,
                ordered[-1] / 1e6,
                longest[bot][1:],
                sum(1 for t in ordered if t > limit),
            ))
        return rows

    def summary(self) -> dict[str, Any]:
        """The statistics as one JSON-ready object, with the game, seed and
        rules (``"rules"``: every option, as a deal record writes them) they
        were measured under (strict JSON: a bound or rating that is infinite
        or undefined, as the interval of a single deal, is None, which JSON
        writes as null).

        ``"decision_times"`` (None when not measured) and ``"move_seconds"``
        are the only part that is not a function of the seed: times in
        seconds, as :meth:`decision_times` gives them.
        """

        def interval(i: Interval) -> dict[str, float | None]:
            return {"mean": _finite(i.mean), "low": _finite(i.low), "high": _finite(i.high)}

        return {
            "game": self.game,
            "deals": len(self.records),
            "seed": self.seed,
            # As the deal records write them, so that the summary says which game was measured.
            "rules": check_rules(self.rules, _rules_class(self.game)).to_dict(),
            "bots": self.bots,
            "standings": [
                {"bot": row.bot, "points": interval(row.points), "margin": interval(row.margin)}
                for row in self.standings()
            ],
            "pairwise": [
                {
                    "bot": row.bot,
                    "other": row.other,
                    "difference": interval(row.difference),
                    "wins": row.wins,
                    "ties": row.ties,
                    "losses": row.losses,
                }
                for row in self.pairwise()
            ],
            "ratings": [{"bot": r.bot, "elo": _finite(r.elo), "stderr": _finite(r.stderr)}
                        for r in self.ratings()],
            "move_seconds": self.move_seconds,
            "decision_times": None if self.microseconds is None else [
                {
                    key: dict(zip(("deal", "rotation", "seat"), value, strict=True)) if key == "longest_at" else value
                    for key, value in dataclasses.asdict(row).items()
                }
                for row in self.decision_times()
            ],
        }

    def table(self) -> str:
        """The summary for people: standings, ratings and the pairwise table."""
        n = len(self.records)
        width = max(len(bot) for bot in self.bots) + 2
        lines = [
            f"{self.game.capitalize()} duplicate tournament: {n} deals x {len(self.bots)} rotations, seed {self.seed}",
        ]
        changed = changed_rules(check_rules(self.rules, _rules_class(self.game)))
        if changed:
            lines.append(f"Rules: {changed}")  # as --rules takes them
        lines += [
            "",
            f"{'bot':<{width}} {'points/deal (95% CI)':>24} {'vs field (95% CI)':>24} {'rating':>14}",
        ]
        ratings = {r.bot: r for r in self.ratings()}
        for row in self.standings():
            r = ratings[row.bot]
            lines.append(
                f"{row.bot:<{width}} {row.points.mean:>11.3f} ± {row.points.half_width:<10.3f}"
                f" {row.margin.mean:>+11.3f} ± {row.margin.half_width:<10.3f}"
                f" {r.elo:>+7.0f} ± {r.stderr:<4.0f}"
            )
        lines += ["", "Row minus column, game points per deal (95% CI half-width):"]
        head = "".join(f"{bot:>{max(18, len(bot) + 2)}}" for bot in self.bots)
        lines.append(f"{'':<{width}}{head}")
        pairs = {(row.bot, row.other): row for row in self.pairwise()}
        for bot in self.bots:
            cells = []
            for other in self.bots:
                cell_width = max(18, len(other) + 2)
                if bot == other:
                    cells.append(f"{'—':>{cell_width}}")
                else:
                    d = pairs[bot, other].difference
                    cells.append(f"{f'{d.mean:+.2f} ± {d.half_width:.2f}':>{cell_width}}")
            lines.append(f"{bot:<{width}}{''.join(cells)}")
        return "\n".join(lines + self._time_table(width))

    def _time_table(self, width: int) -> list[str]:
        """The decision times, said to be this run's measurement."""
        rows = self.decision_times()
        if not rows:
            return []
        limit = self.move_seconds
        over = "" if limit is None else f"over {limit:g} s"
        lines = [
            "",
            "Decision times, as measured on this run (not set by the seed):",
            f"{'bot':<{width}} {'decisions':>9} {'mean':>10} {'median':>10} {'p95':>10} {'longest':>10}"
            + (f"   {over}" if over else ""),
        ]
        for row in rows:
            lines.append(
                f"{row.bot:<{width}} {row.decisions:>9} {_duration(row.mean):>10} {_duration(row.median):>10}"
                f" {_duration(row.p95):>10} {_duration(row.longest):>10}"
                + (f"   {row.overruns:>{len(over)}}" if over else "")
            )
        for row in rows:
            if row.overruns:
                deal, rotation, seat = row.longest_at
                lines.append(
                    f"{row.bot}: {row.overruns} of {row.decisions} decisions over {limit:g} s; the longest, "
                    f"{_duration(row.longest)}, in deal {deal}, rotation {rotation}, "
                    f"{'seat' if self.game == 'spitzer' else 'player'} {seat}"
                )
        return lines

    def plot(self, path: str) -> bool:
        """Draw the ratings with their ±2 standard errors to *path*; False
        (and nothing drawn) when matplotlib is not installed."""
        try:
            matplotlib = importlib.import_module("matplotlib")
            matplotlib.use("Agg")
            plt = importlib.import_module("matplotlib.pyplot")
        except ImportError:
            return False
        ratings = self.ratings()[::-1]
        figure, axes = plt.subplots(figsize=(6, 0.6 * len(ratings) + 1.2))
        axes.errorbar(
            [r.elo for r in ratings],
            range(len(ratings)),
            xerr=[2 * r.stderr for r in ratings],
            fmt="o",
            capsize=4,
        )
        axes.set_yticks(range(len(ratings)), [r.bot for r in ratings])
        axes.set_xlabel("Bradley–Terry rating (Elo scale), ±2 s.e.")
        axes.set_title(f"{self.game.capitalize()}: {len(self.records)} duplicate deals")
        axes.axvline(0, color="grey", linewidth=0.5)
        figure.tight_layout()
        figure.savefig(path)
        plt.close(figure)
        return True


# ------------------------------------------------------------------ running


@dataclasses.dataclass(frozen=True)
class _Task:
    game: Game
    specs: tuple[BotSpec, ...]
    seed: int
    index: int
    rules: Any


#: A deal's record and the times of its decisions, as every executor returns them.
_Played = tuple[dict[str, Any], _DealTimes]


def _run_task(task: _Task) -> _Played:
    return _play_duplicate_timed(task.game, task.specs, task.seed, task.index, task.rules)


def _serial(tasks: list[_Task]) -> Generator[_Played, None, None]:
    for task in tasks:
        yield _run_task(task)


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C: the terminal sends SIGINT to every process of
    the job, and a worker interrupted on its own prints a traceback of its own.
    The parent stops the workers instead (see _processes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """End the worker processes now, dropping the deals they are playing."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    # Earlier Pythons have no public way; shutdown() forgets the processes, so
    # take them first.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _processes(tasks: list[_Task], workers: int) -> Generator[_Played, None, None]:
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, initializer=_leave_interrupts_to_the_parent
    )
    try:
        futures = [pool.submit(_run_task, task) for task in tasks]
        for future in concurrent.futures.as_completed(futures):
            yield future.result()
    except (KeyboardInterrupt, GeneratorExit):
        # Ctrl-C (here or in the caller's loop, which closes this generator):
        # stop at once rather than wait for the deals being played.
        _stop_workers(pool)
        raise
    finally:
        # A failed deal (or an interrupted run) drops the deals not yet started.
        pool.shutdown(wait=True, cancel_futures=True)


def _ray(tasks: list[_Task], address: str | None) -> Generator[_Played, None, None]:
    try:
        ray = importlib.import_module("ray")
    except ImportError:
        raise PytrickError("the Ray executor needs Ray: pip install 'pytrick[ray]'") from None
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(_run_task)
    pending = [remote.remote(task) for task in tasks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:  # a failed deal (or an interrupted run) drops the rest
            ray.cancel(ref)


def run_tournament(
    game: Game,
    bots: str | Sequence[str | BotSpec],
    deals: int,
    seed: int = 0,
    *,
    rules: Any = None,
    workers: int = 1,
    ray: bool | str = False,
    progress: bool | TextIO = True,
    out_dir: str | None = None,
    move_seconds: float | None = None,
) -> TournamentResult:
    """Play *deals* duplicate deals of *game* between *bots* and return the result.

    *workers* > 1 plays deals in that many processes; *ray* runs them as Ray
    tasks (``True``: ``ray.init()`` on this machine, or a cluster address).
    *progress* shows a tqdm bar with an ETA (``True`` on standard error, or a
    file).  *out_dir*, if given, receives ``deals.jsonl`` (one JSON record per
    deal, in deal order) and ``summary.json`` (:meth:`TournamentResult.summary`,
    the rules included).  *rules* (a
    :class:`~pytrick.spitzer.SpitzerRules` or :class:`~pytrick.spidge.SpidgeRules`;
    the defaults if None) are those of every deal, and every deal record keeps
    them.  Results do not depend on the executor.

    Every decision of every bot is timed (:meth:`TournamentResult.decision_times`).
    *move_seconds*, if given, is a soft limit: a decision that takes longer
    is counted as an overrun of its bot, and nothing more — it is not
    interrupted, and the tournament goes on.
    """
    game = _check_game(game)
    seed = check_seed(seed)
    rules = check_rules(rules, _rules_class(game))
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise InvalidArgumentError(f"deals = {deals!r}: must be a whole number, 1 or more")
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        # A typo (workers=100000) would start that many processes.
        raise InvalidArgumentError(
            f"workers = {workers!r}: must be a whole number from 1 to {MAX_WORKERS} (one a core is enough)")
    if not isinstance(ray, (bool, str)):
        raise ArgumentTypeError(f"ray must be True, False or a cluster address, not {type(ray).__name__}")
    if not isinstance(progress, bool) and not callable(getattr(progress, "write", None)):
        raise ArgumentTypeError(
            f"progress must be True, False or a file to draw the bar on, not {type(progress).__name__}"
        )
    move_seconds = _check_move_seconds(move_seconds)
    specs = tuple(parse_bots(bots))
    for spec in specs:
        spec.make(game, seed)  # an unknown bot or a bad option fails now, not in a worker
    tasks = [_Task(game, specs, seed, index, rules) for index in range(deals)]
    if ray is not False:
        stream = _ray(tasks, None if ray is True else str(ray))
    elif workers > 1:
        stream = _processes(tasks, workers)
    else:
        stream = _serial(tasks)
    tqdm = importlib.import_module("tqdm").tqdm
    records: list[dict[str, Any]] = []
    times: dict[int, _DealTimes] = {}
    bar_file = None if progress is True else progress if progress else None
    # A long run keeps every finished deal on disk as it comes (in the order
    # they finish); save() rewrites the file in deal order at the end.
    partial = None
    if out_dir is not None:
        os.makedirs(out_dir, exist_ok=True)
        # An earlier run's summary must not sit beside this run's deals if it stops.
        for stale in ("summary.json", "ratings.png"):
            if os.path.isfile(os.path.join(out_dir, stale)):
                os.remove(os.path.join(out_dir, stale))
        partial = open(os.path.join(out_dir, "deals.jsonl"), "w", encoding="utf-8")
    try:
        with tqdm(total=deals, unit="deal", disable=progress is False, file=bar_file, desc=game) as bar:
            for record, microseconds in stream:
                records.append(record)
                times[record["deal"]] = microseconds
                if partial is not None:
                    partial.write(_line(record, microseconds, move_seconds))
                    partial.flush()
                bar.update(1)
    finally:
        stream.close()  # stops the executor's remaining deals if the loop ended early
        if partial is not None:
            partial.close()
    records.sort(key=lambda record: int(record["deal"]))
    result = TournamentResult(
        game, [spec.title for spec in specs], seed, records, rules,
        [times[record["deal"]] for record in records], move_seconds,
    )
    if out_dir is not None:
        save(result, out_dir)
    return result


def _check_move_seconds(move_seconds: object) -> float | None:
    if move_seconds is None:
        return None
    if isinstance(move_seconds, bool) or not isinstance(move_seconds, (int, float)):
        raise ArgumentTypeError(
            f"move_seconds must be a number of seconds or None, not {type(move_seconds).__name__}"
        )
    if not (math.isfinite(move_seconds) and move_seconds > 0):
        raise InvalidArgumentError(f"move_seconds = {move_seconds!r}: must be a number of seconds above 0")
    return float(move_seconds)


def _line(record: dict[str, Any], microseconds: _DealTimes | None, move_seconds: float | None) -> str:
    """A line of ``deals.jsonl``: the deal's record, and under ``"timing"``
    the times of its decisions (kept out of the record, which the seed decides)."""
    if microseconds is not None:
        record = {**record, "timing": {"move_seconds": move_seconds, "microseconds": microseconds}}
    return json.dumps(record, ensure_ascii=False) + "\n"


def save(result: TournamentResult, out_dir: str) -> None:
    """Write ``deals.jsonl``, ``summary.json`` and (with matplotlib) ``ratings.png``."""
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "deals.jsonl"), "w", encoding="utf-8") as file:
        for d, record in enumerate(result.records):
            microseconds = None if result.microseconds is None else result.microseconds[d]
            file.write(_line(record, microseconds, result.move_seconds))
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as file:
        json.dump(result.summary(), file, indent=2, ensure_ascii=False, allow_nan=False)
    result.plot(os.path.join(out_dir, "ratings.png"))


def deal_record(lines: Iterable[bytes | str], deal: int, rotation: int = 0) -> dict[str, Any]:
    """The deal record of rotation *rotation* of deal *deal* in the lines of a
    tournament's ``deals.jsonl`` (an open file, or the file's text, will do),
    for :func:`pytrick.records.from_record` or ``pytrick replay``.

    Each line is parsed within the record limits
    (:data:`pytrick.records.MAX_RECORD_BYTES`); a line that is not a tournament
    line, a missing deal or rotation raise :class:`~pytrick.RecordError`
    naming it.

    >>> import json
    >>> from pytrick.arena import deal_record, run_tournament
    >>> from pytrick.records import from_record
    >>> result = run_tournament("spidge", "heuristic,random", deals=2, seed=5,
    ...                         progress=False)
    >>> lines = [json.dumps(record) for record in result.records]
    >>> from_record(deal_record(lines, deal=1, rotation=1)).is_over
    True
    """
    from pytrick import records

    deal, rotation = as_int(deal, "deal"), as_int(rotation, "rotation")
    if isinstance(lines, (str, bytes)):
        # The whole text: iterating it would give one character at a time.
        lines = lines.splitlines()
    elif not isinstance(lines, Iterable):
        raise ArgumentTypeError(f"lines must be the lines of a deals.jsonl or an open file, not {type(lines).__name__}")
    seen = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        entry = records.parse_record_text(line)
        if not isinstance(entry, dict) or not isinstance(entry.get("rotations"), list) or "deal" not in entry:
            raise records.record_error(
                f"line {number} is not a tournament's deal line (deals.jsonl): no 'deal' and 'rotations'"
            )
        seen += 1
        if entry["deal"] != deal:
            continue
        played = entry["rotations"]
        if not 0 <= rotation < len(played):
            raise records.record_error(f"deal {deal} has rotations 0 to {len(played) - 1}, not {rotation}")
        record = played[rotation].get("record") if isinstance(played[rotation], dict) else None
        if not isinstance(record, dict):
            raise records.record_error(f"deal {deal}, rotation {rotation}: no 'record' object")
        return record
    raise records.record_error(f"no deal {deal} among the {seen} deal lines")


def load(out_dir: str) -> TournamentResult:
    """A tournament saved by :func:`save` — or the deals finished so far by a
    run still going or stopped — read back from its records, with the rules
    its deal records were played under.

    A line that is not a tournament's deal line (a line cut short by a run
    that was killed, say) raises :class:`~pytrick.RecordError` naming it.
    The decision times come back too, from the lines' ``"timing"``; lines
    saved before pytrick timed decisions have none, and a tournament read
    from them has no decision times (``decision_times()`` is empty).
    """
    from pytrick import records as rec

    path = os.path.join(out_dir, "deals.jsonl")
    entries: list[dict[str, Any]] = []
    timings: list[dict[str, Any] | None] = []
    with open(path, "rb") as file:
        for number, line in enumerate(file, 1):
            if not line.strip():
                continue
            try:
                entry = rec.parse_record_text(line)
            except RecordError as error:
                raise rec.record_error(f"{path}: line {number}: {error}") from None
            if (
                not isinstance(entry, dict)
                or entry.get("game") not in GAMES
                or type(entry.get("deal")) is not int
                or not isinstance(entry.get("points"), dict)
                or not isinstance(entry.get("rotations"), list)
            ):
                raise rec.record_error(
                    f"{path}: line {number} is not a tournament's deal line "
                    "(an object with 'game', 'deal', 'points' and 'rotations')"
                )
            timing = entry.pop("timing", None)
            if timing is not None and not _is_timing(timing, len(entry["rotations"]), SEATS[entry["game"]]):
                raise rec.record_error(
                    f"{path}: line {number}: 'timing' is not an object with 'move_seconds' (None or "
                    "seconds above 0) and 'microseconds' (whole microseconds by rotation and seat)"
                )
            entries.append(entry)
            timings.append(timing)
    if not entries:
        raise PytrickError(f"{out_dir}: no deal records yet")
    order = sorted(range(len(entries)), key=lambda i: int(entries[i]["deal"]))
    entries = [entries[i] for i in order]
    first = entries[0]
    # Older lines have no timing: then none of the deals counts.
    timed = [timing for i in order if (timing := timings[i]) is not None]
    microseconds = [timing["microseconds"] for timing in timed] if len(timed) == len(entries) else None
    move_seconds = timed[0]["move_seconds"] if microseconds is not None else None
    game: Game = first["game"]
    bots = list(first["points"])
    seed = first.get("seed", 0)
    rules = None
    if first["rotations"]:
        played = rec.RecordReader(first["rotations"][0], f"deal {first['deal']}, rotations[0]")
        record = played.object("record")
        cls = _rules_class(game)
        rules = rec.read_rules(record, cls.from_dict, cls)
    return TournamentResult(game, bots, seed, entries, rules, microseconds, move_seconds)


def _is_timing(timing: object, n_rotations: int, n_seats: int) -> bool:
    """Whether *timing* is a deal line's ``"timing"``, for that many rotations and seats."""
    if not isinstance(timing, dict) or set(timing) != {"move_seconds", "microseconds"}:
        return False
    limit, rotations = timing["move_seconds"], timing["microseconds"]
    if limit is not None:
        try:
            _check_move_seconds(limit)
        except PytrickError:
            return False
    return (
        isinstance(rotations, list)
        and len(rotations) == n_rotations
        and all(isinstance(seats, list) and len(seats) == n_seats for seats in rotations)
        and all(
            isinstance(times, list) and all(type(t) is int and t >= 0 for t in times)
            for seats in rotations
            for times in seats
        )
    )
