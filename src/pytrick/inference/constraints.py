"""What an observer knows about the hidden cards, and exact counting and sampling over it.

An observation leaves some cards *hidden* (not in the observer's hand, not
played, not in a face-up dummy), and each other hand holds a known number of
them.  The rules add facts: a void shown in play, a card a caller must hold, a
suit an announcement rules out.  Most facts are *mask facts* ("seat 2 may not
hold any heart", "seat 1 holds Q♣"), which the exact samplers of
:mod:`trickcore._sampling` take directly as per-seat allowed masks.  The rest
are disjunctions ("he holds at least one club", "he holds A♠ or no spade");
each is split into **disjoint** alternatives that are mask facts.  The product
of those alternatives gives *cases*: every consistent deal lies in exactly one
case, so counts add up and a uniform draw picks a case with probability
proportional to its count, then a uniform deal inside it — exact, with no
rejection.
"""

from __future__ import annotations

import dataclasses
import itertools
import secrets
from collections.abc import Sequence
from typing import Literal, Protocol

import trickcore
from trickcore import CardSet
from trickcore._arguments import check_results, check_seed
from trickcore._reference import _sampling as _reference_sampling
from trickcore.errors import InvalidArgumentError, PytrickError

__all__ = ["Alternative", "Fact", "HiddenConstraints", "SamplerBackend"]

#: Which sampler computes counts and draws: the compiled core, the reference
#: twin, or ``None`` for the backend :mod:`trickcore` chose (:data:`trickcore.BACKEND`).
SamplerBackend = Literal["cython", "python"] | None


class _Prepared(Protocol):
    @property
    def total(self) -> int: ...

    def sample(self, n: int, seed: int | None = None) -> list[tuple[int, ...]]: ...


class _Sampler(Protocol):
    def PreparedSampler(
        self, hidden: int, sizes: Sequence[int], allowed: Sequence[int]
    ) -> _Prepared: ...


def _sampler(backend: SamplerBackend) -> _Sampler:
    name = trickcore.BACKEND if backend is None else backend
    if name == "python":
        return _reference_sampling
    if name == "cython":
        try:
            from trickcore import _sampling
        except ImportError:  # a pure-Python install: say so, not "No module named"
            raise InvalidArgumentError(
                "sampler backend 'cython' is not available: the compiled core is not built "
                "here (see trickcore.available_backends()); use 'python' or None"
            ) from None
        return _sampling
    raise InvalidArgumentError(f"unknown sampler backend {backend!r}: choose 'cython', 'python' or None")


def _popcount(mask: int) -> int:
    return mask.bit_count()


@dataclasses.dataclass(frozen=True)
class Fact:
    """One thing the observer has inferred about another hand, with the rule it rests on."""

    #: The seat the fact is about (a :class:`~pytrick.spidge.Hand` in Spidge).
    seat: int
    #: What is known, e.g. ``'holds no ♥ (did not follow ♥ in trick 3)'``.
    text: str
    #: The rule that makes it so, e.g. ``'RULES.md §1.6'``.
    rule: str

    def __str__(self) -> str:
        # A Spidge Hand names itself ("the dealer's left"); a plain int is a seat.
        who = f"seat {self.seat}" if type(self.seat) is int else str(self.seat)
        return f"{who} {self.text} ({self.rule})"


@dataclasses.dataclass(frozen=True)
class Alternative:
    """One branch of a disjunctive fact: *seat* holds every card of ``holds``
    and none of ``lacks`` (both among the hidden cards)."""

    seat: int
    holds: CardSet
    lacks: CardSet


@dataclasses.dataclass(frozen=True)
class HiddenConstraints:
    """Everything an observer knows about where the hidden cards are.

    ``seats[i]`` holds exactly ``sizes[i]`` of the ``hidden`` cards, all within
    ``allowed[i]`` and including ``known[i]`` (``known`` cards are already
    removed from the other seats' ``allowed``).  ``choices`` are the disjunctive
    facts: a deal is consistent iff it satisfies the mask facts and, in every
    choice, exactly one alternative (the alternatives of a choice are disjoint
    and cover the fact).  ``facts`` lists every inference in words.
    """

    seats: tuple[int, ...]
    hidden: CardSet
    sizes: tuple[int, ...]
    allowed: tuple[CardSet, ...]
    known: tuple[CardSet, ...]
    choices: tuple[tuple[Alternative, ...], ...]
    facts: tuple[Fact, ...]

    def cases(self) -> list[tuple[int, ...]]:
        """The allowed masks of every case that has at least one deal.

        A case picks one alternative of every choice; different cases are
        disjoint and together they are exactly the consistent deals.
        """
        return list(self._cases())

    def _cases(self) -> tuple[tuple[int, ...], ...]:
        # Computed once per instance (the dataclass is frozen: store in __dict__).
        cached = self.__dict__.get("_cases_cache")
        if cached is None:
            cached = self.__dict__["_cases_cache"] = tuple(self._compute_cases())
        return cached

    def _samplers(self, backend: SamplerBackend) -> tuple[tuple[_Prepared, ...], tuple[int, ...]]:
        # One prepared sampler per case and backend, made once, and the
        # cases' counts: the count tables are most of the cost of one draw.
        name = trickcore.BACKEND if backend is None else backend
        memo = self.__dict__.setdefault("_samplers_cache", {})
        if name not in memo:
            module = _sampler(backend)
            hidden = int(self.hidden)
            samplers = tuple(
                module.PreparedSampler(hidden, self.sizes, case) for case in self._cases()
            )
            memo[name] = (samplers, tuple(sampler.total for sampler in samplers))
        found: tuple[tuple[_Prepared, ...], tuple[int, ...]] = memo[name]
        return found

    def _counts(self, backend: SamplerBackend) -> tuple[int, ...]:
        return self._samplers(backend)[1]

    def _compute_cases(self) -> list[tuple[int, ...]]:
        index = {seat: i for i, seat in enumerate(self.seats)}
        hidden = int(self.hidden)
        result = []
        for picks in itertools.product(*self.choices):
            allowed = [int(mask) for mask in self.allowed]
            holds = [0] * len(self.seats)
            for alt in picks:
                i = index[alt.seat]
                allowed[i] &= ~int(alt.lacks)
                holds[i] |= int(alt.holds)
            if any(h & ~a for h, a in zip(holds, allowed, strict=True)):
                continue
            for i, h in enumerate(holds):
                for j in range(len(allowed)):
                    if j != i:
                        allowed[j] &= ~h
            if _feasible(hidden, self.sizes, allowed):
                result.append(tuple(allowed))
        return result

    def count(self, backend: SamplerBackend = None) -> int:
        """The number of consistent deals of the hidden cards."""
        return sum(self._counts(backend))

    def possible(self) -> dict[int, CardSet]:
        """For each hidden seat, the cards it holds in at least one consistent deal (exact)."""
        hidden = int(self.hidden)
        cases = self._cases()
        result = {}
        for i, seat in enumerate(self.seats):
            found = 0
            for case in cases:
                for card_bit in _bits(case[i] & ~found):
                    forced = [mask if j == i else mask & ~card_bit for j, mask in enumerate(case)]
                    if _feasible(hidden, self.sizes, forced):
                        found |= card_bit
            result[seat] = CardSet.from_mask(found)
        return result

    def sample(
        self, n: int, seed: int | None = None, backend: SamplerBackend = None
    ) -> list[dict[int, int]]:
        """*n* independent, exactly uniform deals of the hidden cards, each a dict
        seat → mask.  The same constraints, *seed* and backend give the same deals."""
        n = check_results(n)  # 2**62 deals is a mistake: an error, not MemoryError
        samplers, counts = self._samplers(backend)
        if not samplers:
            raise PytrickError("no deal is consistent with the observation")
        stream = _SeedStream(secrets.randbits(64) if seed is None else check_seed(seed))
        if len(samplers) == 1:  # the common case: one batch, no bookkeeping
            batch = samplers[0].sample(n, stream.next())
            return [dict(zip(self.seats, hands, strict=True)) for hands in batch]
        # Pick each draw's case with probability count/total (exact: big ints).
        total = sum(counts)
        picks = [0] * n
        for draw in range(n):
            r = stream.below(total)
            k = 0
            while r >= counts[k]:
                r -= counts[k]
                k += 1
            picks[draw] = k
        if n == 1:  # one deal per call: a search loop's way
            hands = samplers[picks[0]].sample(1, stream.next())[0]
            return [dict(zip(self.seats, hands, strict=True))]
        batches: dict[int, list[tuple[int, ...]]] = {}
        for k in sorted(set(picks)):
            batches[k] = samplers[k].sample(picks.count(k), stream.next())
        cursor = dict.fromkeys(batches, 0)
        deals = []
        for k in picks:
            hands = batches[k][cursor[k]]
            cursor[k] += 1
            deals.append(dict(zip(self.seats, hands, strict=True)))
        return deals


class _SeedStream:
    """The draws of one :meth:`HiddenConstraints.sample` call: splitmix64 from
    the seed (a seed costs nothing to set up, unlike ``random.Random``, and
    search loops sample one deal per call)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _M64

    def next(self) -> int:
        """64 random bits."""
        self.state = x = (self.state + 0x9E3779B97F4A7C15) & _M64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
        return x ^ (x >> 31)

    def below(self, bound: int) -> int:
        """Exactly uniform in [0, bound): whole 64-bit words, rejecting the top
        ``span mod bound`` values."""
        if bound <= _M64:
            limit = _M64 + 1 - (_M64 + 1) % bound
            while True:
                r = self.next()
                if r < limit:
                    return r % bound
        words = (bound.bit_length() + 63) // 64
        span = 1 << (64 * words)
        limit = span - span % bound
        while True:
            r = 0
            for _ in range(words):
                r = (r << 64) | self.next()
            if r < limit:
                return r % bound


_M64 = (1 << 64) - 1


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _feasible(hidden: int, sizes: Sequence[int], allowed: Sequence[int]) -> bool:
    """Does a deal exist?  Hall's condition: for every group of seats, the cards
    that may only go to that group fit in it (sizes add up to the hidden count)."""
    k = len(sizes)
    if sum(sizes) != _popcount(hidden):
        return False
    for r in range(1, k + 1):
        for group in itertools.combinations(range(k), r):
            outside = 0
            for j in range(k):
                if j not in group:
                    outside |= allowed[j]
            inside = 0
            for j in group:
                inside |= allowed[j]
            confined = hidden & ~outside
            if confined & ~inside:
                return False  # a card no seat may hold
            if _popcount(confined) > sum(sizes[j] for j in group):
                return False
    return True
