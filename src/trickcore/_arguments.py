"""Argument checks shared by both backends: integers, seats, counts, seeds,
random number generators.

Every public function that takes a card number, an action, a seat, a count
or a seed accepts Python and numpy integers (anything with ``__index__``)
and refuses bools and floats with :class:`~trickcore.errors.ArgumentTypeError`;
a value out of range raises :class:`~trickcore.errors.InvalidArgumentError`
naming the argument and its range.  The compiled core keeps a fast path for
plain ``int`` and calls these for everything else, so both backends raise
the same errors with the same messages.
"""

from __future__ import annotations

import enum
import numbers
import operator
from typing import TypeVar

from trickcore.card import N_CARDS, parse_card
from trickcore.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    InvalidCardError,
    PytrickError,
)

__all__ = [
    "MAX_RESULTS",
    "MAX_THREADS",
    "SEED_LIMIT",
    "as_int",
    "card_mask",
    "card_number",
    "check_count",
    "check_range",
    "check_results",
    "check_rules",
    "check_seat",
    "check_seed",
    "check_threads",
    "first_wide_int",
    "not_initialised",
    "random_fraction",
    "random_fraction_of",
    "seed_plus",
]

#: Seeds are 64-bit: 0 to SEED_LIMIT - 1.
SEED_LIMIT = 1 << 64


def _is_bool(value: object) -> bool:
    # numpy.bool_ is not a bool subclass; refuse it by name so that numpy
    # need not be imported here.
    return isinstance(value, bool) or (
        type(value).__module__ == "numpy" and type(value).__name__ in ("bool_", "bool"))


def as_int(value: object, name: str) -> int:
    """*value* as a Python int: Python and numpy integers, not bools or floats."""
    if type(value) is int:
        return value
    if _is_bool(value):
        raise ArgumentTypeError(f"{name} must be an integer, not a bool ({value!r})")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise ArgumentTypeError(
            f"{name} must be an integer, not {type(value).__name__} ({value!r:.40})"
        ) from None


def first_wide_int(values: object) -> tuple[int, int] | None:
    """(index, value) of the first integer too wide for int64 or uint64 in
    *values*, a flat object array (numpy's for a list holding such an int),
    if every item is an integer; else None.  So a batch reports an action or
    a lane out of range as such, not as "not integers, but object"."""
    items = list(values)  # type: ignore[call-overload]
    if not all(isinstance(v, numbers.Integral) and not _is_bool(v) for v in items):
        return None
    for i, v in enumerate(items):
        if not -(1 << 63) <= int(v) < (1 << 64):
            return i, int(v)
    return None


def int_in_range(value: object, low: int, high: int) -> int | None:
    """*value* as a Python int if it is an integer (Python or numpy, not a
    bool) from *low* to *high*; else None, for callers with their own message."""
    try:
        number = as_int(value, "value")
    except ArgumentTypeError:
        return None
    return number if low <= number <= high else None


def check_range(value: object, name: str, low: int, high: int, what: str = "") -> int:
    """An integer from *low* to *high* inclusive; *what* explains the range."""
    number = as_int(value, name)
    if not low <= number <= high:
        raise InvalidArgumentError(
            f"invalid {name} {number}: {what or f'it must be from {low} to {high}'}")
    return number


def check_seat(value: object, name: str = "seat") -> int:
    """A seat, 0 to 3."""
    return check_range(value, name, 0, 3, "seats are 0 to 3")


def check_count(value: object, name: str, low: int = 0, high: int | None = None) -> int:
    """A count of at least *low* (and at most *high* when given)."""
    number = as_int(value, name)
    if number < low:
        raise InvalidArgumentError(f"invalid {name} {number}: it must be at least {low}")
    if high is not None and number > high:
        raise InvalidArgumentError(f"invalid {name} {number}: it must be at most {high}")
    return number


#: The most results (rows of scores) one rollout or playout call returns: its
#: arrays would take 64 GB, and a larger n is a mistake, not a workload.
MAX_RESULTS = 1 << 32


def check_results(n: object, positions: int = 1) -> int:
    """A number of rollouts or playouts *n* for each of *positions*: a count
    whose results, n x positions, are at most MAX_RESULTS.  n alone is
    held to it too, so that no positions and a huge n is refused as well
    (numpy cannot shape even an empty array that long)."""
    number = check_count(n, "n")
    if number * max(positions, 1) > MAX_RESULTS:
        of = "" if positions <= 1 else f" (n x {positions} positions)"
        raise InvalidArgumentError(
            f"invalid n {number}: a call returns at most 2**32 results{of}")
    return number


#: The most worker threads a batch call starts: more than one per core only
#: costs, and a typo (threads=100000) would start that many OS threads.
MAX_THREADS = 1024


def check_threads(value: object) -> int:
    """A number of worker threads, 1 to MAX_THREADS."""
    return check_range(value, "threads", 1, MAX_THREADS,
                       f"it must be from 1 to {MAX_THREADS} (one a core is enough)")


def check_flag(value: object, name: str) -> bool:
    """A yes/no argument: a Python or numpy bool.  Anything else is an
    ArgumentTypeError: ``pv="no"`` would otherwise count as true."""
    if not _is_bool(value):
        raise ArgumentTypeError(f"{name} must be True or False, not {type(value).__name__} ({value!r:.40})")
    return bool(value)


def check_seed(value: object, name: str = "seed") -> int:
    """A 64-bit seed, 0 to 2**64 - 1."""
    return check_range(value, name, 0, SEED_LIMIT - 1, "seeds are 0 to 2**64 - 1")


_Rules = TypeVar("_Rules")


def check_rules(value: object, expected: type[_Rules]) -> _Rules:
    """A game's rules object: an *expected* instance (a subclass's too), or
    *expected*'s defaults for None.  Anything else, the other game's rules
    above all, is an ArgumentTypeError: their option bits would be read as
    this game's and play another game silently."""
    if value is None:
        return expected()
    if not isinstance(value, expected):
        raise ArgumentTypeError(
            f"rules must be a {expected.__name__} (or None for the default rules), "
            f"not {type(value).__name__}")
    return value


def seed_plus(seed: int, k: int) -> int:
    """*seed* + *k* (a seat's or a deal's seed from one given seed), wrapped
    into a seed's range, 0 to 2**64 - 1."""
    return (check_seed(seed) + k) % SEED_LIMIT


def card_number(value: object, name: str = "card") -> int:
    """A card given as its number (a Python or numpy integer, a Card) or as
    card text: the number, 0 to 53.  A wrong type (None, a float, a bool) is
    an ArgumentTypeError, a number or text that names no card an InvalidCardError."""
    if isinstance(value, str):
        return int(parse_card(value))
    kind = type(value).__name__
    if kind == "CardSet":
        # Its __index__ is its mask, which would be read as some other card.
        raise ArgumentTypeError(
            f"{name}: a CardSet is not a card; give one of its cards (such as legal_moves.min())")
    if kind == "Announcement":
        # A Spitzer announcement is an int enum: its code would be read as a card.
        raise ArgumentTypeError(f"{name}: an Announcement is not a card (announce() takes it)")
    if isinstance(value, enum.Enum):
        # Other int enums too: Suit.CLUBS would be read as card 0, the 2 of
        # clubs, and Hand.DUMMY as card 1.
        raise ArgumentTypeError(
            f"{name}: a {kind} is not a card; give a card such as 'QC' ({value!r:.40})")
    if not hasattr(type(value), "__index__"):
        raise ArgumentTypeError(
            f"{name}: a card is a Card, a card number or card text such as 'QC', "
            f"not {type(value).__name__} ({value!r:.40})")
    number = as_int(value, name)
    if not 0 <= number < N_CARDS:
        raise InvalidCardError(f"invalid card number {number}: cards are numbered 0 to 53")
    return number


#: Bits 0 to 53: every card.
_FULL_MASK = (1 << N_CARDS) - 1


def card_mask(value: object, name: str = "card-set mask") -> int:
    """A mask of cards (bit n = card n): an integer using bits 0 to 53 only."""
    mask = as_int(value, name)
    if not 0 <= mask <= _FULL_MASK:
        raise InvalidCardError(f"invalid {name} {mask:#x}: only bits 0 to 53 name cards")
    return mask


def not_initialised(obj: object) -> PytrickError:
    """The error for an object whose ``__init__`` never ran (``cls.__new__(cls)``,
    or a subclass whose ``__init__`` does not call ``super().__init__()``)."""
    name = type(obj).__name__
    return PytrickError(
        f"this {name} was never set up: {name}.__init__ did not run (a subclass's "
        "__init__ must call super().__init__())")


_RNG_ACCEPTED = ("random.Random, numpy.random.Generator or any object whose "
                 "random() gives a float in [0, 1)")


def random_fraction(rng: object) -> float:
    """``rng.random()``, checked: what ``random_move`` draws.  *rng* without a
    ``random`` method (None, a seed given by mistake) is an ArgumentTypeError
    saying what is accepted, before anything is drawn."""
    draw = getattr(rng, "random", None)
    if not callable(draw):
        raise ArgumentTypeError(
            f"rng must be {_RNG_ACCEPTED}, not {type(rng).__name__} ({rng!r:.40}); "
            "to seed one, pass random.Random(seed)")
    return random_fraction_of(draw())


def random_fraction_of(value: object) -> float:
    """*value*, returned by ``rng.random()``, as a float in [0, 1)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentTypeError(
            f"rng.random() gave {type(value).__name__} ({value!r:.40}); rng must be {_RNG_ACCEPTED}")
    fraction = float(value)
    if not 0.0 <= fraction < 1.0:
        raise InvalidArgumentError(
            f"rng.random() gave {fraction!r}; rng must be {_RNG_ACCEPTED}")
    return fraction
