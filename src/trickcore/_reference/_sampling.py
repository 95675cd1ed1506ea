"""Exact uniform sampling of hidden hands, written plainly (the oracle).

The observer of a deal knows some cards (their own hand, the cards played, a
dummy) and not where the others are: those are the *hidden* cards.  Each of
``k`` unknown seats holds a known number of them (``sizes``), and may hold
only some of them (``allowed``: a void shown in play, a duty to keep a card).
A *deal consistent with the observation* gives every hidden card to exactly
one seat, ``sizes[i]`` cards to seat ``i``, all within ``allowed[i]``.

This module counts those deals and draws them exactly uniformly, for
determinized search (PIMC, ISMCTS).  Seats are numbered by their position in
``sizes`` (``0 .. k-1``); mapping them to real seats is the game layer's job.
Cards and masks are as in :mod:`trickcore.card` (bit *n* is card *n*).

It mirrors ``trickcore._sampling`` name for name, but by a different method:
it groups the hidden cards by the set of seats that may hold them, counts with
multinomial coefficients over the ways to split each group among its seats
(Python ints, so exactly), samples the split of each group in turn with
probability proportional to the deals that remain, then shuffles each group's
cards into its split.  Enumeration is plain brute force.

>>> hidden = 0b1111            # cards 0..3 (2♣ 3♣ 4♣ 5♣)
>>> count_assignments(hidden, [2, 2], [0b1111, 0b0111])   # seat 1 void of 5♣
3
>>> sorted(enumerate_assignments(hidden, [2, 2], [0b1111, 0b0111]))
[(9, 6), (10, 5), (12, 3)]
"""

from __future__ import annotations

import itertools
import math
import operator
import random
from collections.abc import Iterator, Sequence

from trickcore._arguments import MAX_RESULTS, as_int
from trickcore.card import ALL_CARDS, N_CARDS
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, InvalidCardError, PytrickError

__all__ = [
    "MAX_SEATS",
    "PreparedSampler",
    "count_assignments",
    "enumerate_assignments",
    "sample_assignments",
]

#: The most unknown seats an observation can have (Spidge: three players and the dummy).
MAX_SEATS = 4

_FULL_MASK = (1 << N_CARDS) - 1
_SEED_LIMIT = 1 << 64


def _cards_text(cards: Sequence[int]) -> str:
    return " ".join(ALL_CARDS[card].unicode() for card in cards)


def _seats_text(seats: Sequence[int]) -> str:
    names = [str(seat) for seat in seats]
    if len(names) == 1:
        return f"seat {names[0]}"
    return "seats " + ", ".join(names[:-1]) + " and " + names[-1]


def _hidden_cards(n: int) -> str:
    return f"{n} hidden card" if n == 1 else f"{n} hidden cards"


def _hidden_text(n: int) -> str:
    return "1 card is hidden" if n == 1 else f"{n} cards are hidden"


def _as_mask(value: object, field: str) -> int:
    if isinstance(value, bool):
        raise ArgumentTypeError(f"{field} must be a card mask (an int), not bool")
    try:
        mask = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise ArgumentTypeError(
            f"{field} must be a card mask (an int), not {type(value).__name__}"
        ) from None
    if not 0 <= mask <= _FULL_MASK:
        raise InvalidCardError(
            f"{field}: invalid card mask {mask:#x}: only bits 0 to 53 name cards"
        )
    return mask


def _as_count(value: object, field: str) -> int:
    number = as_int(value, field)
    if number < 0:
        raise InvalidArgumentError(f"{field} = {number}: must not be negative")
    return number


def _as_list(value: object, field: str, what: str) -> list[object]:
    # sizes=8 instead of [8, ...] was "'int' object is not iterable".
    if isinstance(value, (str, bytes)):
        raise ArgumentTypeError(f"{field} must be a sequence of {what}, one a seat, not {type(value).__name__}")
    try:
        values: list[object] = list(value)  # type: ignore[call-overload]
        return values
    except TypeError:
        raise ArgumentTypeError(
            f"{field} must be a sequence of {what}, one a seat, not {type(value).__name__}"
        ) from None


def _as_draws(value: object) -> int:
    # A list of 2**62 deals cannot be built: say so, not loop until memory runs out.
    number = _as_count(value, "n")
    if number > MAX_RESULTS:
        raise InvalidArgumentError(f"n = {number}: a call draws at most 2**32 deals")
    return number


def _cards_of(mask: int) -> list[int]:
    return [card for card in range(N_CARDS) if mask >> card & 1]


def _validate(
    hidden: object, sizes: Sequence[int], allowed: Sequence[int]
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """Check the inputs and return them as plain ints; raise a specific error otherwise."""
    hidden_mask = _as_mask(hidden, "hidden")
    sizes_list = _as_list(sizes, "sizes", "hand sizes")
    allowed_list = _as_list(allowed, "allowed", "card masks")
    if len(sizes_list) > MAX_SEATS:
        raise PytrickError(
            f"sizes names {len(sizes_list)} seats: at most {MAX_SEATS} unknown seats are supported"
        )
    if len(allowed_list) != len(sizes_list):
        raise PytrickError(
            f"allowed has {len(allowed_list)} masks but sizes names {len(sizes_list)} seats"
        )
    size_values = tuple(_as_count(size, f"sizes[{i}]") for i, size in enumerate(sizes_list))
    allowed_masks = tuple(_as_mask(mask, f"allowed[{i}]") for i, mask in enumerate(allowed_list))
    for i, mask in enumerate(allowed_masks):
        stray = [card for card in _cards_of(mask) if card not in _cards_of(hidden_mask)]
        if stray:
            raise PytrickError(
                f"allowed[{i}] holds cards that are not hidden: {_cards_text(stray)}"
            )
    n_hidden = len(_cards_of(hidden_mask))
    if sum(size_values) != n_hidden:
        raise PytrickError(f"sizes add up to {sum(size_values)} but {_hidden_text(n_hidden)}")
    return hidden_mask, size_values, allowed_masks


def _why_no_deal(hidden: int, sizes: tuple[int, ...], allowed: tuple[int, ...]) -> str:
    """Name a group of seats that cannot be filled (Hall's condition fails for it)."""
    cards = _cards_of(hidden)
    seats_of = {card: {i for i, mask in enumerate(allowed) if mask >> card & 1} for card in cards}
    nowhere = [card for card in cards if not seats_of[card]]
    if nowhere:
        return f"no seat may hold {_cards_text(nowhere)}"
    for n_seats in range(1, len(sizes) + 1):
        for group in itertools.combinations(range(len(sizes)), n_seats):
            need = sum(sizes[i] for i in group)
            one, them = ("it", "") if n_seats == 1 else ("them", " between them")
            reachable = [card for card in cards if seats_of[card] & set(group)]
            if len(reachable) < need:
                return (
                    f"{_seats_text(group)} must hold {_hidden_cards(need)}{them} but only "
                    f"{len(reachable)} may go to {one}: {_cards_text(reachable) or 'none'}"
                )
            confined = [card for card in cards if seats_of[card] <= set(group)]
            if len(confined) > need:
                holds = "holds" if n_seats == 1 else "hold"
                return (
                    f"{_seats_text(group)} {holds} {_hidden_cards(need)}{them} but "
                    f"{len(confined)} may go nowhere else: {_cards_text(confined)}"
                )
    raise AssertionError("a deal exists")  # pragma: no cover - Hall's theorem


def _compositions(total: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every tuple of counts, count ``i`` at most ``caps[i]``, adding up to ``total``."""
    if not caps:
        if total == 0:
            yield ()
        return
    room_after = sum(caps[1:])
    for first in range(max(0, total - room_after), min(caps[0], total) + 1):
        for rest in _compositions(total - first, caps[1:]):
            yield (first, *rest)


class _Counter:
    """The number of deals, by groups of cards that the same seats may hold."""

    def __init__(self, hidden: int, sizes: tuple[int, ...], allowed: tuple[int, ...]) -> None:
        groups: dict[tuple[int, ...], list[int]] = {}
        for card in _cards_of(hidden):
            seats = tuple(i for i, mask in enumerate(allowed) if mask >> card & 1)
            groups.setdefault(seats, []).append(card)
        self.groups = sorted(groups.items())
        self.hidden = hidden
        self.sizes = sizes
        self.allowed = allowed
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def splits(self, group: int, left: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
        """Each way to split a group among its seats within ``left``, with its multinomial."""
        seats, cards = self.groups[group]
        for counts in _compositions(len(cards), [left[i] for i in seats]):
            split = [0] * len(left)
            for seat, count in zip(seats, counts, strict=True):
                split[seat] = count
            ways = math.factorial(len(cards))
            for count in counts:
                ways //= math.factorial(count)
            yield ways, tuple(split)

    def ways(self, group: int, left: tuple[int, ...]) -> int:
        """Deals of groups ``group..`` that fill exactly ``left`` cards per seat."""
        if group == len(self.groups):
            return 1 if not any(left) else 0
        key = (group, left)
        if key not in self._memo:
            self._memo[key] = sum(
                ways * self.ways(group + 1, tuple(a - b for a, b in zip(left, split, strict=True)))
                for ways, split in self.splits(group, left)
            )
        return self._memo[key]

    def total(self) -> int:
        return self.ways(0, self.sizes)

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        hands = [0] * len(self.sizes)
        left = self.sizes
        for group, (_, cards) in enumerate(self.groups):
            # Choose the split with probability (its deals) / (all deals from here).
            pick = rng.randrange(self.ways(group, left))
            for ways, split in self.splits(group, left):
                after = tuple(a - b for a, b in zip(left, split, strict=True))
                weight = ways * self.ways(group + 1, after)
                if pick < weight:
                    break
                pick -= weight
            shuffled = list(cards)
            rng.shuffle(shuffled)
            for seat, count in enumerate(split):
                for card in shuffled[:count]:
                    hands[seat] |= 1 << card
                shuffled = shuffled[count:]
            left = after
        return tuple(hands)


def _counter(hidden: object, sizes: Sequence[int], allowed: Sequence[int]) -> _Counter:
    hidden_mask, size_values, allowed_masks = _validate(hidden, sizes, allowed)
    counter = _Counter(hidden_mask, size_values, allowed_masks)
    if counter.total() == 0:
        reason = _why_no_deal(hidden_mask, size_values, allowed_masks)
        raise PytrickError(f"no deal is consistent with the observation: {reason}")
    return counter


def count_assignments(hidden: int, sizes: Sequence[int], allowed: Sequence[int]) -> int:
    """The number of deals of the ``hidden`` cards consistent with the observation.

    Seat ``i`` gets exactly ``sizes[i]`` cards, all within ``allowed[i]``.
    Raises :class:`~trickcore.errors.PytrickError` (a ``ValueError``) if the
    inputs are inconsistent or no deal exists.
    """
    return _counter(hidden, sizes, allowed).total()


class PreparedSampler:
    """The consistent deals of the hidden cards, counted once, to draw from
    again and again (see the compiled twin)."""

    def __init__(self, hidden: int, sizes: Sequence[int], allowed: Sequence[int]) -> None:
        self._counter = _counter(hidden, sizes, allowed)

    @property
    def total(self) -> int:
        """The number of consistent deals."""
        return self._counter.total()

    def sample(self, n: int, seed: int | None = None) -> list[tuple[int, ...]]:
        """``n`` deals drawn independently and exactly uniformly, as
        :func:`sample_assignments` draws them for the same *seed*."""
        count = _as_draws(n)
        if seed is not None:
            seed = as_int(seed, "seed")
            if not 0 <= seed < _SEED_LIMIT:
                raise InvalidArgumentError(f"seed = {seed}: must be from 0 to 2**64 - 1")
        rng = random.Random(seed)
        return [self._counter.sample(rng) for _ in range(count)]


def sample_assignments(
    hidden: int,
    sizes: Sequence[int],
    allowed: Sequence[int],
    n: int,
    seed: int | None = None,
) -> list[tuple[int, ...]]:
    """``n`` deals drawn independently and exactly uniformly from the consistent ones.

    Each deal is a tuple of ``k`` masks, seat ``i``'s hidden cards.  The same
    inputs and ``seed`` (an int from 0 to 2**64 - 1) give the same deals;
    ``seed=None`` draws fresh entropy.
    """
    _as_draws(n)  # a bad n is reported before bad inputs
    return PreparedSampler(hidden, sizes, allowed).sample(n, seed)


def enumerate_assignments(
    hidden: int, sizes: Sequence[int], allowed: Sequence[int]
) -> Iterator[tuple[int, ...]]:
    """Every consistent deal once, by brute force over each card's seats (small inputs only).

    The inputs are checked at the call, before the first deal is asked for.
    """
    counter = _counter(hidden, sizes, allowed)
    return _brute_force(counter.hidden, counter.sizes, counter.allowed)


def _brute_force(
    hidden: int, sizes: tuple[int, ...], allowed: tuple[int, ...]
) -> Iterator[tuple[int, ...]]:
    cards = _cards_of(hidden)
    k = len(sizes)
    choices = [[i for i in range(k) if allowed[i] >> card & 1] for card in cards]
    for seats in itertools.product(*choices):
        if all(seats.count(i) == sizes[i] for i in range(k)):
            hands = [0] * k
            for card, seat in zip(cards, seats, strict=True):
                hands[seat] |= 1 << card
            yield tuple(hands)
