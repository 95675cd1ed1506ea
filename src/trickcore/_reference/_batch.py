"""Batched random playouts and vectorised environments (reference twin).

The same names, signatures and numbers as the compiled ``trickcore._batch``,
written plainly on top of the reference game classes: the generator is
xoshiro256** seeded by splitmix64 in pure Python (as ``trickcore/_rng.h``),
so for a seed both backends deal the same cards and make the same choices.
See the compiled module for the conventions (seeding, shuffle, dealing,
choice of a random legal option).  Slow: for tests and small runs.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import numpy as np

from trickcore._arguments import (
    SEED_LIMIT,
    as_int,
    check_count,
    check_range,
    check_results,
    check_seed,
    check_threads,
    first_wide_int,
    not_initialised,
)
from trickcore._reference import _spidge, _spitzer
from trickcore._reference._observe import spidge_observation, spitzer_observation
from trickcore.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidArgumentError,
    PytrickError,
    RulesError,
)

__all__ = [
    "GAMES",
    "MAX_BATCH_SIZE",
    "SPIDGE_BATCH_ACTIONS",
    "SPIDGE_DEFAULT_OPTIONS",
    "SPITZER_ANNOUNCE_OFFSET",
    "SPITZER_BATCH_ACTIONS",
    "SPITZER_DEFAULT_OPTIONS",
    "SpidgeBatch",
    "SpitzerBatch",
    "deal_seed",
    "random_playouts",
]

GAMES = ("spitzer", "spidge")
SPITZER_DEFAULT_OPTIONS = 0
SPIDGE_DEFAULT_OPTIONS = _spidge.OPT_JOKERS
SPITZER_ANNOUNCE_OFFSET = 32
SPITZER_BATCH_ACTIONS = 32 + _spitzer.N_ANNOUNCEMENTS
SPIDGE_BATCH_ACTIONS = 54
#: The most deals a batch holds (as the compiled module).
MAX_BATCH_SIZE = 1 << 24

_M64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _splitmix64(x: int) -> tuple[int, int]:
    """(next state, output) of one splitmix64 step."""
    x = (x + _GOLDEN) & _M64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return x, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _M64


class _Rng:
    """xoshiro256** 1.0, seeded with four splitmix64 outputs."""

    def __init__(self, seed: int) -> None:
        x = seed & _M64
        self.s = []
        for _ in range(4):
            x, out = _splitmix64(x)
            self.s.append(out)

    def next(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & _M64, 7) * 9) & _M64
        t = (s[1] << 17) & _M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, bound: int) -> int:
        """Uniform in [0, bound): Lemire's multiply-and-reject on the high 32 bits."""
        m = (self.next() >> 32) * bound
        if m & 0xFFFFFFFF < bound:
            threshold = ((1 << 32) - bound) % bound
            while m & 0xFFFFFFFF < threshold:
                m = (self.next() >> 32) * bound
        return m >> 32

    def choose(self, options: Sequence[int]) -> int:
        """A uniformly random member of a sorted non-empty sequence (one: no draw)."""
        if len(options) == 1:
            return options[0]
        return options[self.below(len(options))]

    def shuffle(self, cards: list[int]) -> None:
        for i in range(len(cards) - 1, 0, -1):
            j = self.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]


def deal_seed(seed: int, index: int) -> int:
    """The value the generator of deal *index* is seeded with: splitmix64(seed) + index
    (both 0 to 2**64 - 1; the sum wraps modulo 2**64)."""
    return (_splitmix64(check_seed(seed))[1] + check_seed(index, "index")) & _M64


def _rng_for(seed: int, index: int) -> _Rng:
    return _Rng(deal_seed(seed, index & _M64))


def _bits(mask: int) -> list[int]:
    return [n for n in range(64) if mask >> n & 1]


def _why(state: _spitzer.SpitzerState | _spidge.SpidgeState, a: int) -> PytrickError:
    """The error one deal raises for batch action *a* (the deal is a copy)."""
    try:
        if isinstance(state, _spidge.SpidgeState):
            state.play(a)
        elif a >= SPITZER_ANNOUNCE_OFFSET:
            state.announce(a - SPITZER_ANNOUNCE_OFFSET)
        else:
            state.play(_spitzer.card_of_action(a))
    except PytrickError as error:
        return error
    raise AssertionError(f"action {a} is legal")  # pragma: no cover


def _in_deal(i: int, a: int, error: PytrickError, legal: list[int],
             unit: str = "deal") -> PytrickError:
    """*error* (what one deal says of action *a*) said of deal *i* of a batch
    (*unit*: 'lane' for the lanes of trickcore._vector)."""
    if isinstance(error, IllegalMoveError):
        return IllegalMoveError(f"{unit} {i}: action {a}: {error.message} (legal actions: {legal})",
                                error.reason, error.rule)
    return type(error)(f"{unit} {i}: action {a}: {error}")


def _out_of_range(i: int, a: int, n: int, unit: str = "deal") -> InvalidArgumentError:
    """The error for action *a* of deal (or lane) *i*, outside 0 to n - 1."""
    return InvalidArgumentError(f"{unit} {i}: action {a} is out of range: actions are 0 to {n - 1}")


def _spitzer_deal(rng: _Rng, dealer: int, options: int) -> _spitzer.SpitzerState:
    pack = sorted(_spitzer.PACK)
    rng.shuffle(pack)
    return _spitzer.SpitzerState(_spitzer.deal_pack(pack, dealer), dealer, options)


def _spitzer_announce(state: _spitzer.SpitzerState, rng: _Rng) -> None:
    while state.phase == _spitzer.AUCTION:
        state.announce(rng.choose(state.legal_announcements))


def _spitzer_playout(state: _spitzer.SpitzerState, rng: _Rng) -> None:
    while not state.is_over:
        state.play(rng.choose(_bits(state.legal_mask)))


def _spidge_deal(rng: _Rng, flags: int, slam: int, spidge: int) -> _spidge.SpidgeState:
    pack = list(_spidge.pack(bool(flags & _spidge.OPT_JOKERS)))
    rng.shuffle(pack)
    hands = [sum(1 << c for c in pack[h::4]) for h in range(4)]
    return _spidge.SpidgeState(hands, flags, slam, spidge)


def _spidge_playout(state: _spidge.SpidgeState, rng: _Rng) -> None:
    while not state.is_over:
        state.play(rng.choose(_bits(state.legal_mask)))


def _option_int(value: object, name: str) -> int:
    """An option as an int (numpy integers too); anything else is a RulesError."""
    try:
        return as_int(value, name)
    except ArgumentTypeError:
        raise RulesError(f"{name} must be an int, not {type(value).__name__}") from None


def _game_options(game: object, options: object, slam_tricks: object,
                  spidge_tricks: object) -> tuple[int, int, int]:
    if game not in GAMES:
        raise InvalidArgumentError(f"unknown game {game!r}: choose 'spitzer' or 'spidge'")
    if game == "spitzer":
        if options is None:
            options = SPITZER_DEFAULT_OPTIONS
        options = _option_int(options, "options")
        if not 0 <= options <= _spitzer.ALL_OPTIONS:
            raise RulesError(f"invalid Spitzer option flags {options!r}: only bits 0 to 4 are options")
        return options, 0, 0
    if options is None:
        options = SPIDGE_DEFAULT_OPTIONS
    options = _option_int(options, "options")
    slam_tricks = _option_int(slam_tricks, "slam_tricks")
    spidge_tricks = _option_int(spidge_tricks, "spidge_tricks")
    assert isinstance(options, int) and isinstance(slam_tricks, int) and isinstance(spidge_tricks, int)
    if not 0 <= options <= 15:
        raise RulesError(f"invalid Spidge option flags {options}: only bits 0 to 3 are options")
    if not (1 <= spidge_tricks <= 13 and 1 <= slam_tricks <= 13):
        raise RulesError(
            f"invalid trick thresholds spidge_tricks={spidge_tricks}, slam_tricks={slam_tricks}: "
            "each must be 1 to 13 (in any order, as SpidgeRules allows)")
    return options, slam_tricks, spidge_tricks


def random_playouts(game: str, n: int, seed: int, options: int | None = None, threads: int = 1,
                    slam_tricks: int = 13, spidge_tricks: int = 10,
                    start: int = 0) -> dict[str, Any]:
    """Play *n* complete uniformly random deals; return a dict of numpy arrays
    (see the compiled module; *threads* is accepted and has no effect here)."""
    flags, slam, spidge = _game_options(game, options, slam_tricks, spidge_tricks)
    n = check_results(n)
    check_threads(threads)
    start = check_count(start, "start")
    if start + n > SEED_LIMIT:
        raise InvalidArgumentError(
            f"invalid start {start}: deals start .. start + n - 1 are numbered below 2**64")
    seed = check_seed(seed)
    result: dict[str, Any]
    if game == "spitzer":
        result = {
            "scores": np.zeros((n, 4), dtype=np.int32),
            "game_type": np.zeros(n, dtype=np.int8),
            "declarers": np.zeros(n, dtype=np.uint8),
            "points": np.zeros(n, dtype=np.int16),
            "tricks": np.zeros(n, dtype=np.int8),
            "announcement": np.zeros(n, dtype=np.int8),
            "dealer": np.zeros(n, dtype=np.int8),
        }
        for i in range(n):
            rng = _rng_for(seed, start + i)
            dealer = (start + i) % 4
            state = _spitzer_deal(rng, dealer, flags)
            _spitzer_announce(state, rng)
            _spitzer_playout(state, rng)
            game_type, declarers, points, tricks, _, scores = state.raw_result()
            result["scores"][i] = scores
            result["game_type"][i] = game_type
            result["declarers"][i] = declarers
            result["points"][i] = points
            result["tricks"][i] = tricks
            result["announcement"][i] = state.announcement
            result["dealer"][i] = dealer
        return result
    result = {
        "scores": np.zeros((n, 4), dtype=np.int32),
        "categories": np.zeros((n, 4), dtype=np.int8),
        "tricks": np.zeros((n, 4), dtype=np.int8),
    }
    for i in range(n):
        rng = _rng_for(seed, start + i)
        sstate = _spidge_deal(rng, flags, slam, spidge)
        _spidge_playout(sstate, rng)
        result["scores"][i] = sstate.points()
        result["categories"][i] = sstate.categories()
        result["tricks"][i] = sstate.tricks_won
    return result


def _lanes(ids: object, k: int) -> list[int]:
    if ids is None:
        return list(range(k))
    arr = np.asarray(ids)
    if arr.ndim == 0:
        arr = arr.reshape(1)
    if arr.ndim != 1:
        raise InvalidArgumentError(
            f"deal indices must be an int or a flat sequence of ints, not shape {arr.shape}")
    if arr.size and arr.dtype.kind not in "iu":
        if arr.dtype == object and first_wide_int(arr) is not None:  # [2**70]: ints, too large
            raise InvalidArgumentError(f"deal indices must be ints in 0..{k - 1}")
        raise ArgumentTypeError(f"deal indices must be integers, not {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() >= k):
        raise InvalidArgumentError(f"deal indices must be ints in 0..{k - 1}")
    return [int(i) for i in arr.reshape(-1)]


def _deal_index(i: object, k: int) -> int:
    """One deal of a batch of *k*: a Python or numpy integer from 0 to k - 1."""
    return check_range(i, "deal", 0, k - 1, f"deals are 0 to {k - 1}")


def _actions(actions: object, k: int, n: int, unit: str = "deal") -> list[int]:
    """One integer action per deal (or lane), as Python ints: exactly as
    given, a uint64 above 2**63 too (out of range, and reported so)."""
    arr = np.asarray(actions)
    if arr.dtype.kind not in "iu":
        # numpy holds an int too large for 64 bits as an object: out of range
        # (of the n actions), not "not integers".
        wide = first_wide_int(arr) if arr.dtype == object and arr.shape == (k,) else None
        if wide is not None:
            raise _out_of_range(wide[0], wide[1], n, unit)
        raise ArgumentTypeError(f"actions must be integers, one per {unit}, not {arr.dtype}")
    if arr.shape != (k,):
        raise InvalidArgumentError(f"actions must be {k} ints, one per {unit}, not shape "
                                   f"{arr.shape}")
    return [int(a) for a in arr]


_Method = TypeVar("_Method", bound=Any)

_NO_PICKLE = ("cannot pickle a {0}: it is a buffer of running deals; keep its seed and "
              "actions, or its deals as states (batch.state(i)), instead")


def _locked(method: _Method) -> _Method:
    """Hold the batch's lock for the call: two threads using one batch take turns."""
    @functools.wraps(method)
    def call(self: _Batch, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)
    return call  # type: ignore[return-value]


_Self = TypeVar("_Self", bound="_Batch")


class _Batch:
    """What both batches share: set up once, refused before that, not pickled,
    one thread at a time."""

    _deals: list[Any]
    _lock: threading.Lock

    def __new__(cls: type[_Self], *args: Any, **kwargs: Any) -> _Self:
        batch = super().__new__(cls)
        batch._lock = threading.Lock()  # made with the object, as the compiled __cinit__ does
        return batch

    def _refuse_second_set_up(self) -> None:
        """Set up once: __init__ checks before its arguments and again under
        the lock (another thread's __init__ may have set the batch up while
        the arguments were checked), as the compiled classes do."""
        if "_deals" in self.__dict__:
            raise PytrickError(f"this {type(self).__name__} is already set up: make a new one")

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> NoReturn:
            # Only reached for a field __init__ sets but never set.
            if name in ("_deals", "_rngs", "size", "options", "announcements",
                        "slam_tricks", "spidge_tricks"):
                raise not_initialised(self)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __reduce__(self) -> NoReturn:
        raise TypeError(_NO_PICKLE.format(type(self).__name__))


class SpitzerBatch(_Batch):
    """*k* Spitzer deals side by side (reference twin of the compiled class;
    see there for the action space and the announcement modes)."""

    def __init__(self, k: int, seed: int, options: int = 0, announcements: str = "play") -> None:
        self._refuse_second_set_up()
        k = check_count(k, "k", 1, MAX_BATCH_SIZE)
        flags = _game_options("spitzer", options, 13, 10)[0]
        seed = check_seed(seed)
        if announcements not in ("play", "random", "pass"):
            raise InvalidArgumentError(
                f"announcements must be 'play', 'random' or 'pass', not {announcements!r}")
        with self._lock:
            self._refuse_second_set_up()
            self.size = k
            self.options = flags
            self.announcements = announcements
            self._rngs = [_rng_for(seed, i) for i in range(k)]
            self._deals = [self._deal(i, i % 4) for i in range(k)]

    #: The class :meth:`state` returns (pytrick's batch: its deal class).
    state_type: type[_spitzer.SpitzerState] = _spitzer.SpitzerState

    def _deal(self, i: int, dealer: int) -> _spitzer.SpitzerState:
        return self._announce(i, _spitzer_deal(self._rngs[i], dealer, self.options))

    def _announce(self, i: int, state: _spitzer.SpitzerState) -> _spitzer.SpitzerState:
        if self.announcements == "random":
            _spitzer_announce(state, self._rngs[i])
        elif self.announcements == "pass":
            while state.phase == _spitzer.AUCTION:
                state.announce(_spitzer.PASS)
        return state

    def _legal(self, i: int) -> list[int]:
        state = self._deals[i]
        if state.phase == _spitzer.AUCTION:
            return [SPITZER_ANNOUNCE_OFFSET + code for code in state.legal_announcements]
        return sorted(_spitzer.action_index(c) for c in _bits(state.legal_mask))

    @_locked
    def reset(self, ids: object = None) -> None:
        for i in _lanes(ids, self.size):
            self._deals[i] = self._deal(i, (self._deals[i].dealer + 1) % 4)

    @_locked
    def legal_masks(self) -> np.ndarray:
        out = np.zeros((self.size, SPITZER_BATCH_ACTIONS), dtype=np.bool_)
        for i in range(self.size):
            out[i, self._legal(i)] = True
        return out

    @_locked
    def step(self, actions: object) -> None:
        acts = _actions(actions, self.size, SPITZER_BATCH_ACTIONS)
        for i, a in enumerate(acts):
            state = self._deals[i]
            if state.is_over:
                continue
            if not 0 <= a < SPITZER_BATCH_ACTIONS:
                raise _out_of_range(i, a, SPITZER_BATCH_ACTIONS)
            legal = self._legal(i)
            if a not in legal:
                raise _in_deal(i, a, _why(state.copy(), a), legal)
        for i, a in enumerate(acts):
            state = self._deals[i]
            if state.is_over:
                continue
            if a >= SPITZER_ANNOUNCE_OFFSET:
                state.announce(a - SPITZER_ANNOUNCE_OFFSET)
            else:
                state.play(_spitzer.card_of_action(a))

    @_locked
    def to_move(self) -> np.ndarray:
        return np.array([d.to_move for d in self._deals], dtype=np.int8)

    @_locked
    def phase(self) -> np.ndarray:
        return np.array([d.phase for d in self._deals], dtype=np.int8)

    @_locked
    def is_over(self) -> np.ndarray:
        return np.array([d.is_over for d in self._deals], dtype=np.bool_)

    @_locked
    def scores(self) -> np.ndarray:
        out = np.zeros((self.size, 4), dtype=np.int32)
        for i, d in enumerate(self._deals):
            if d.is_over:
                out[i] = d.scores()
        return out

    @_locked
    def observations(self) -> np.ndarray:
        out = np.zeros((self.size, 418), dtype=np.float32)
        for i, d in enumerate(self._deals):
            if not d.is_over:
                out[i] = spitzer_observation(d, d.to_move)
        return out

    @_locked
    def state(self, i: int) -> _spitzer.SpitzerState:
        out = self.state_type.__new__(self.state_type)
        _spitzer.SpitzerState._copy_into(self._deals[_deal_index(i, self.size)], out)
        return out

    @_locked
    def load(self, i: int, state: _spitzer.SpitzerState) -> None:
        self._load([state], [_deal_index(i, self.size)])

    def set_states(self, states: Iterable[_spitzer.SpitzerState], ids: object = None) -> None:
        # Listed before the lock is taken: a generator may read this batch.
        self._set_states(list(states), ids)

    @_locked
    def _set_states(self, states: list[Any], ids: object) -> None:
        self._load(states, _load_lanes(ids, len(states), self.size))

    def _load(self, states: list[Any], lanes: list[int]) -> None:
        for j, state in enumerate(states):
            if not isinstance(state, _spitzer.SpitzerState):
                raise ArgumentTypeError(
                    f"state {j} is a {type(state).__name__}, not a SpitzerState")
            if state.options != self.options:
                raise RulesError(f"state {j} is played under option flags {state.options}, "
                                 f"the batch under {self.options}")
        for j, state in enumerate(states):
            plain = _spitzer.SpitzerState.__new__(_spitzer.SpitzerState)
            _spitzer.SpitzerState._copy_into(state, plain)
            plain.context = None  # a lane keeps the deal, not its context (as compiled)
            self._deals[lanes[j]] = self._announce(lanes[j], plain)


class SpidgeBatch(_Batch):
    """*k* Spidge deals side by side (reference twin of the compiled class)."""

    def __init__(self, k: int, seed: int, options: int | None = None, slam_tricks: int = 13,
                 spidge_tricks: int = 10) -> None:
        self._refuse_second_set_up()
        k = check_count(k, "k", 1, MAX_BATCH_SIZE)
        rules = _game_options("spidge", options, slam_tricks, spidge_tricks)
        seed = check_seed(seed)
        with self._lock:
            self._refuse_second_set_up()
            self.options, self.slam_tricks, self.spidge_tricks = rules
            self.size = k
            self._rngs = [_rng_for(seed, i) for i in range(k)]
            self._deals = [self._deal(i) for i in range(k)]

    #: The class :meth:`state` returns (pytrick's batch: its deal class).
    state_type: type[_spidge.SpidgeState] = _spidge.SpidgeState

    def _deal(self, i: int) -> _spidge.SpidgeState:
        return _spidge_deal(self._rngs[i], self.options, self.slam_tricks, self.spidge_tricks)

    @_locked
    def reset(self, ids: object = None) -> None:
        for i in _lanes(ids, self.size):
            self._deals[i] = self._deal(i)

    @_locked
    def legal_masks(self) -> np.ndarray:
        out = np.zeros((self.size, SPIDGE_BATCH_ACTIONS), dtype=np.bool_)
        for i, d in enumerate(self._deals):
            out[i, _bits(d.legal_mask)] = True
        return out

    @_locked
    def step(self, actions: object) -> None:
        acts = _actions(actions, self.size, SPIDGE_BATCH_ACTIONS)
        for i, a in enumerate(acts):
            d = self._deals[i]
            if d.is_over:
                continue
            if not 0 <= a < SPIDGE_BATCH_ACTIONS:
                raise _out_of_range(i, a, SPIDGE_BATCH_ACTIONS)
            legal = _bits(d.legal_mask)
            if a not in legal:
                raise _in_deal(i, a, _why(d.copy(), a), legal)
        for i, a in enumerate(acts):
            if not self._deals[i].is_over:
                self._deals[i].play(a)

    @_locked
    def to_move(self) -> np.ndarray:
        return np.array([-1 if d.hand_to_move is None else d.hand_to_move for d in self._deals],
                        dtype=np.int8)

    @_locked
    def is_over(self) -> np.ndarray:
        return np.array([d.is_over for d in self._deals], dtype=np.bool_)

    @_locked
    def scores(self) -> np.ndarray:
        out = np.zeros((self.size, 4), dtype=np.int32)
        for i, d in enumerate(self._deals):
            if d.is_over:
                out[i] = d.points()
        return out

    @_locked
    def observations(self) -> np.ndarray:
        out = np.zeros((self.size, 682), dtype=np.float32)
        for i, d in enumerate(self._deals):
            if not d.is_over:
                hand = d.hand_to_move
                assert hand is not None
                out[i] = spidge_observation(d, hand)
        return out

    @_locked
    def state(self, i: int) -> _spidge.SpidgeState:
        return _spidge_copy(self._deals[_deal_index(i, self.size)], self.state_type, None)

    @_locked
    def load(self, i: int, state: _spidge.SpidgeState) -> None:
        self._load([state], [_deal_index(i, self.size)])

    def set_states(self, states: Iterable[_spidge.SpidgeState], ids: object = None) -> None:
        # Listed before the lock is taken: a generator may read this batch.
        self._set_states(list(states), ids)

    @_locked
    def _set_states(self, states: list[Any], ids: object) -> None:
        self._load(states, _load_lanes(ids, len(states), self.size))

    def _load(self, states: list[Any], lanes: list[int]) -> None:
        for j, state in enumerate(states):
            if not isinstance(state, _spidge.SpidgeState):
                raise ArgumentTypeError(
                    f"state {j} is a {type(state).__name__}, not a SpidgeState")
            if (state.flags, state.slam_tricks, state.spidge_tricks) != (
                    self.options, self.slam_tricks, self.spidge_tricks):
                raise RulesError(
                    f"state {j} is played under options {state.flags}, slam_tricks="
                    f"{state.slam_tricks}, spidge_tricks={state.spidge_tricks}; the batch under "
                    f"{self.options}, {self.slam_tricks}, {self.spidge_tricks}")
        for j, state in enumerate(states):
            self._deals[lanes[j]] = _spidge_copy(state, _spidge.SpidgeState, None)


def _spidge_copy(state: _spidge.SpidgeState, cls: type[_spidge.SpidgeState],
                 context: object) -> _spidge.SpidgeState:
    """A copy of *state* as an instance of *cls*, with *context*."""
    copy = state.copy()
    out = cls.__new__(cls)
    for name in _spidge.SpidgeState.__slots__:
        setattr(out, name, getattr(copy, name))
    out.context = context
    return out


def _load_lanes(ids: object, count: int, k: int) -> list[int]:
    """The lanes set_states loads *count* states into: 0, 1, … or *ids*, each once."""
    if ids is None:
        if count > k:
            raise InvalidArgumentError(f"{count} states for a batch of {k} deals")
        return list(range(count))
    lanes = _lanes(ids, k)
    if len(lanes) != count:
        raise InvalidArgumentError(f"{count} states for {len(lanes)} lanes in ids")
    if len(set(lanes)) != count:
        raise InvalidArgumentError("ids names a lane twice")
    return lanes
