"""Batched random playouts and vectorised environments for search and RL.

:func:`random_playouts` plays many complete random deals in one call, in
compiled code with the GIL released, optionally on several threads; the
result is a small object of numpy arrays and does not depend on the number
of threads.

>>> from pytrick.batch import SpidgeBatch, random_playouts
>>> result = random_playouts("spitzer", 200, seed=7)
>>> result.scores.shape
(200, 4)
>>> bool((result.scores >= 0).all())
True
>>> same = random_playouts("spitzer", 200, seed=7, threads=2)
>>> bool((same.scores == result.scores).all())
True

:class:`SpitzerBatch` and :class:`SpidgeBatch` hold *k* deals side by side
for reinforcement learning: legal-action masks, one action per deal,
observation tensors (see :mod:`pytrick.tensors`), all as numpy arrays.

>>> env = SpidgeBatch(4, seed=1)
>>> masks = env.legal_masks()
>>> masks.shape
(4, 54)
>>> env.step(masks.argmax(axis=1))
>>> env.observations().shape
(4, 682)
"""

from __future__ import annotations

import dataclasses
import operator
import secrets
import sys
import threading
import warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

import numpy as np
import numpy.typing as npt

import trickcore
from pytrick.spidge import SpidgeDeal, SpidgeRules
from pytrick.spidge.deal import _Context
from pytrick.spitzer import SpitzerDeal, SpitzerRules
from trickcore._arguments import (
    check_count,
    check_flag,
    check_rules,
    check_seed,
    not_initialised,
)
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, RulesError

if TYPE_CHECKING:
    from trickcore import _batch as _core
else:
    _core = trickcore._modules["_batch"]  # the chosen backend's

__all__ = [
    "SPIDGE_ACTIONS",
    "SPITZER_ACTIONS",
    "SPITZER_ANNOUNCE_OFFSET",
    "SpidgeBatch",
    "SpidgePlayouts",
    "SpitzerBatch",
    "SpitzerPlayouts",
    "random_playouts",
]



def _fresh_seed(seed: int | None) -> int:
    """*seed* as a plain int (a numpy integer too: :attr:`seed` is what the
    lanes were dealt from, for a log or a JSON record), or a fresh one for None."""
    return secrets.randbits(64) if seed is None else check_seed(seed)


def _deprecated_options(cls: str, options: object, rules: object) -> None:
    if rules is not None:
        raise ArgumentTypeError(f"{cls} takes rules= or the deprecated options=, not both")
    warnings.warn(
        f"{cls}(options=...) is deprecated: pass rules= (a rules object), as random_playouts takes",
        DeprecationWarning,
        stacklevel=3,
    )


class SpitzerBatch(_core.SpitzerBatch):
    """*k* Spitzer deals side by side, for reinforcement learning and search.

    One action space covers the whole deal: actions 0..31 play a card (its
    dense action number, as :attr:`SpitzerDeal.legal_actions
    <trickcore.spitzer.SpitzerState.legal_actions>` numbers them),
    ``SPITZER_ANNOUNCE_OFFSET + code`` makes an announcement;
    ``announcements='random'`` or ``'pass'`` makes the announcements
    automatically so that only cards are asked for.  *rules* is a
    :class:`~pytrick.spitzer.SpitzerRules` (the default rules when None);
    *seed* ``None`` draws a fresh one (see :attr:`seed`).

    :meth:`load` and :meth:`set_states` put given deals in lanes (the nodes
    of a search tree, sampled worlds), and :meth:`state` returns a lane as a
    :class:`~pytrick.spitzer.SpitzerDeal`, so bots can play in a batch.

    The batch holds one set of rules, ``target`` included: a deal whose rules
    differ from :attr:`rules` in any field is refused with
    :class:`~pytrick.RulesError` naming the field (``target`` too, though
    play does not depend on it: a lane keeps no rules of its own, so a deal
    to another target would come back from :meth:`state` changed).  Make
    the batch with ``rules=deal.rules`` to load such deals.
    """

    #: The class :meth:`state` returns.
    state_type = SpitzerDeal

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            return _missing(self, name, _core.SpitzerBatch)

    def __init__(self, k: int, seed: int | None = None, options: int | None = None,
                 announcements: str = "play", *, rules: SpitzerRules | None = None) -> None:
        if options is not None:
            _deprecated_options("SpitzerBatch", options, rules)
            flags = options
        else:
            flags = _rules_of(SpitzerRules, rules).flags
        fresh = _fresh_seed(seed)
        # The core refuses a second __init__: set nothing of ours before it
        # has accepted, or a refused call would change the seed and the rules.
        super().__init__(k, fresh, flags, announcements)
        #: The seed the lanes were dealt from (drawn afresh when None was given).
        self.seed = fresh
        # The rules as a plain SpitzerRules (a subclass's instance too), target kept.
        self._rules = SpitzerRules.from_flags(
            self.options, SpitzerRules.target if rules is None else rules.target)

    @property
    def rules(self) -> SpitzerRules:
        """The rules of every deal in the batch, ``target`` included."""
        return self._rules

    def load(self, i: int, deal: trickcore.spitzer.SpitzerState) -> None:
        """Put a copy of *deal* (a :class:`~pytrick.spitzer.SpitzerDeal`, at
        any point of the deal) in lane *i*; its rules must be the batch's
        (:class:`~pytrick.RulesError` naming the field otherwise).  See
        :meth:`set_states`."""
        self._check_rules(deal, None)
        super().load(i, deal)

    def set_states(self, deals: Iterable[trickcore.spitzer.SpitzerState], ids: Any = None) -> None:
        """Put a copy of ``deals[j]`` (:class:`~pytrick.spitzer.SpitzerDeal`
        objects) in lane ``ids[j]`` (lanes 0, 1, … when *ids* is None): the
        nodes of a search tree, sampled worlds.  Their rules must be the
        batch's, ``target`` included.  Every deal is checked before any lane
        changes; in the 'random' and 'pass' modes the announcements a deal
        still lacks are made as for a dealt deal."""
        deals = _deal_list(deals)
        for j, deal in enumerate(deals):
            self._check_rules(deal, j)
        super().set_states(deals, ids)

    def state(self, i: int) -> SpitzerDeal:
        """A copy of lane *i*'s deal as a :class:`~pytrick.spitzer.SpitzerDeal`,
        under the batch's :attr:`rules`."""
        deal = super().state(i)
        assert isinstance(deal, SpitzerDeal)
        deal._keep_rules(self._rules)
        return deal

    def _check_rules(self, deal: object, index: int | None) -> None:
        if not isinstance(deal, trickcore.spitzer.SpitzerState):
            raise ArgumentTypeError(
                f"{_which(index)} is a {type(deal).__name__}, not a SpitzerDeal")
        # A core state has no target: only its option bits can differ.
        rules = (deal.rules if isinstance(deal, SpitzerDeal)
                 else SpitzerRules.from_flags(deal.options, self._rules.target))
        _check_same_rules(rules, self._rules, index, "SpitzerBatch")


class SpidgeBatch(_core.SpidgeBatch):
    """*k* Spidge deals side by side, for reinforcement learning and search.

    Actions are card numbers 0..53 (as :attr:`SpidgeDeal.legal_actions
    <trickcore.spidge.SpidgeState.legal_actions>`); the dummy's turn is
    observed by the dealer.  *rules* is a :class:`~pytrick.spidge.SpidgeRules`
    (the default rules when None); *seed* ``None`` draws a fresh one.  The
    dealer of lane *i*'s first deal is player ``i % 3`` and the deal passes
    to the left at each :meth:`reset`; a loaded deal keeps its dealer.

    :meth:`load` and :meth:`set_states` put given deals in lanes, and
    :meth:`state` returns a lane as a :class:`~pytrick.spidge.SpidgeDeal`.
    A deal whose rules differ from :attr:`rules` in any field, ``target``
    included, is refused with :class:`~pytrick.RulesError` naming the field:
    a lane keeps no rules of its own (as :class:`SpitzerBatch`).
    """

    #: The class :meth:`state` returns.
    state_type = SpidgeDeal

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            return _missing(self, name, _core.SpidgeBatch)

    def __init__(self, k: int, seed: int | None = None, options: int | None = None,
                 slam_tricks: int | None = None, spidge_tricks: int | None = None, *,
                 rules: SpidgeRules | None = None) -> None:
        if options is not None or slam_tricks is not None or spidge_tricks is not None:
            _deprecated_options("SpidgeBatch", options, rules)
            default = SpidgeRules()
            flags = default.flags if options is None else options
            slam = default.slam_tricks if slam_tricks is None else slam_tricks
            spidge = default.spidge_tricks if spidge_tricks is None else spidge_tricks
            fresh = _fresh_seed(seed)
            super().__init__(k, fresh, flags, slam, spidge)
            self._rules = SpidgeRules.from_flags(self.options, self.slam_tricks,
                                                 self.spidge_tricks)
        else:
            checked = _rules_of(SpidgeRules, rules)
            fresh = _fresh_seed(seed)
            # Set only once the core has accepted (it refuses a second __init__).
            super().__init__(k, fresh, checked.flags, checked.slam_tricks, checked.spidge_tricks)
            self._rules = checked
        #: The seed the lanes were dealt from (drawn afresh when None was given).
        self.seed = fresh
        self._dealers = np.arange(self.size, dtype=np.int64) % 3
        # Held while a lane's deal and its dealer change or are read together:
        # the core's lock covers only the deal, so another thread could see a
        # new deal with the old dealer.  Always taken before the core's.
        self._lanes_lock = threading.Lock()

    @property
    def rules(self) -> SpidgeRules:
        """The rule options of every deal in the batch."""
        return self._rules

    def dealers(self) -> npt.NDArray[np.int64]:
        """(k,) the player dealing each lane's deal."""
        with self._lanes_lock:
            dealers: npt.NDArray[np.int64] = self._dealers.copy()
        return dealers

    def reset(self, ids: Any = None) -> None:
        """Deal the next deal in the given lanes (all when None), the deal passing left."""
        with self._lanes_lock:
            super().reset(ids)
            # The core has checked *ids*; a lane named twice is dealt twice, so
            # its deal passes twice (np.add.at counts repeats, += would not).
            lanes = np.arange(self.size) if ids is None else _lane_array(ids)
            np.add.at(self._dealers, lanes, 1)
            self._dealers %= 3

    def load(self, i: int, deal: trickcore.spidge.SpidgeState) -> None:
        """Put a copy of *deal* (a :class:`~pytrick.spidge.SpidgeDeal`) in lane
        *i*; its rules must be the batch's, ``target`` included
        (:class:`~pytrick.RulesError` naming the field otherwise).  See
        :meth:`set_states`."""
        dealer = _check_spidge_deal(deal, None, self._rules)
        with self._lanes_lock:
            super().load(i, deal)
            self._dealers[i] = dealer

    def set_states(self, deals: Iterable[trickcore.spidge.SpidgeState], ids: Any = None) -> None:
        """Put a copy of ``deals[j]`` (:class:`~pytrick.spidge.SpidgeDeal`
        objects) in lane ``ids[j]`` (lanes 0, 1, … when *ids* is None): the
        nodes of a search tree, sampled worlds.  Their rules must be the
        batch's, ``target`` included; every deal is checked before any lane
        changes, and each lane keeps its deal's dealer."""
        deals = _deal_list(deals)
        dealers = [_check_spidge_deal(deal, j, self._rules) for j, deal in enumerate(deals)]
        with self._lanes_lock:
            super().set_states(deals, ids)
            lanes = np.arange(len(deals)) if ids is None else _lane_array(ids)
            self._dealers[lanes] = dealers

    def state(self, i: int) -> SpidgeDeal:
        """A copy of lane *i*'s deal as a :class:`~pytrick.spidge.SpidgeDeal`."""
        with self._lanes_lock:
            deal = super().state(i)
            dealer = int(self._dealers[operator.index(i)])
        assert isinstance(deal, SpidgeDeal)
        deal.context = _Context(dealer, self._rules)
        return deal


def _missing(batch: object, name: str, core: type) -> Any:
    """An attribute not found: for one __init__ sets, the batch's __init__ did
    not run (or was refused), as the core says of its own fields."""
    if name in ("seed", "_rules", "_dealers", "_lanes_lock"):
        raise not_initialised(batch)
    base = getattr(core, "__getattr__", None)  # the reference core's own check
    if base is not None:
        return base(batch, name)
    raise AttributeError(f"{type(batch).__name__!r} object has no attribute {name!r}")


def _lane_array(ids: Any) -> npt.NDArray[np.intp]:
    """Lane numbers the core has accepted, as an index array (an empty list too)."""
    return np.asarray(ids, dtype=np.intp).reshape(-1)


def _check_spidge_deal(deal: object, index: int | None, rules: SpidgeRules) -> int:
    """The dealer of *deal*, which must be a SpidgeDeal (a core state has none)
    under *rules*."""
    if not isinstance(deal, SpidgeDeal):
        raise ArgumentTypeError(
            f"{_which(index)} is a {type(deal).__name__}, not a SpidgeDeal (a Spidge batch "
            "needs the deal's dealer)")
    _check_same_rules(deal.rules, rules, index, "SpidgeBatch")
    return deal.dealer


def _deal_list(deals: object) -> list[Any]:
    """The deals given to ``set_states``, as a list: one deal alone is an
    ArgumentTypeError saying so (not "object is not iterable")."""
    if isinstance(deals, (trickcore.spitzer.SpitzerState, trickcore.spidge.SpidgeState)):
        raise ArgumentTypeError(
            "set_states takes a sequence of deals, not one deal: use load(i, deal), "
            "or wrap it in a list")
    if not isinstance(deals, Iterable):
        raise ArgumentTypeError(
            f"set_states takes a sequence of deals, not {type(deals).__name__}")
    return list(deals)


def _which(index: int | None) -> str:
    """The deal an error is about: load's only one, or set_states' *index*-th."""
    return "the deal" if index is None else f"deal {index}"


def _check_same_rules(rules: _Rules, batch: _Rules, index: int | None, cls: str) -> None:
    """A RulesError naming each field in which a deal's *rules* differ from the batch's."""
    # Field by field: rules of a subclass are the same rules when every field is.
    fields = [f.name for f in dataclasses.fields(batch) if getattr(rules, f.name) != getattr(batch, f.name)]
    if not fields:
        return
    mine = ", ".join(f"{name}={getattr(rules, name)!r}" for name in fields)
    theirs = ", ".join(f"{name}={getattr(batch, name)!r}" for name in fields)
    raise RulesError(
        f"{_which(index)} is played under {mine}, the batch under {theirs}: a batch holds "
        f"deals of its own rules (make it with {cls}(k, rules=deal.rules))")


_Rules = TypeVar("_Rules", SpitzerRules, SpidgeRules)


def _rules_of(expected: type[_Rules], rules: object) -> _Rules:
    """*rules*, or the default rules when None; anything else is refused."""
    return check_rules(rules, expected)


#: Size of the SpitzerBatch action space (32 cards + 13 announcements).
SPITZER_ACTIONS: int = _core.SPITZER_BATCH_ACTIONS
#: The first announcement action of SpitzerBatch (PASS).
SPITZER_ANNOUNCE_OFFSET: int = _core.SPITZER_ANNOUNCE_OFFSET
#: Size of the SpidgeBatch action space (card numbers).
SPIDGE_ACTIONS: int = _core.SPIDGE_BATCH_ACTIONS

_CHUNK = 50_000


@dataclasses.dataclass(frozen=True)
class SpitzerPlayouts:
    """The outcome of *n* random Spitzer deals, one row per deal.

    Deal *i* had dealer ``i % 4``; seats are absolute (0..3).
    """

    #: (n, 4) int32: game points per seat.
    scores: npt.NDArray[np.int32]
    #: (n,) int8: the game type (``trickcore.spitzer.GAME_*``).
    game_type: npt.NDArray[np.int8]
    #: (n,) uint8: the declaring side as a mask of seats.
    declarers: npt.NDArray[np.uint8]
    #: (n,) int16: the declaring side's card points.
    points: npt.NDArray[np.int16]
    #: (n,) int8: the declaring side's tricks.
    tricks: npt.NDArray[np.int8]
    #: (n,) int8: the announcement (``trickcore.spitzer.PASS`` if all passed).
    announcement: npt.NDArray[np.int8]
    #: (n,) int8: the dealer.
    dealer: npt.NDArray[np.int8]

    def __len__(self) -> int:
        return int(self.scores.shape[0])


@dataclasses.dataclass(frozen=True)
class SpidgePlayouts:
    """The outcome of *n* random Spidge deals, one row per deal; columns are
    the hands in play order from the dealer's left (left, dummy, right, dealer)."""

    #: (n, 4) int32: points per hand (the dummy: 0).
    scores: npt.NDArray[np.int32]
    #: (n, 4) int8: the category each hand scored (``trickcore.spidge.NILL`` …).
    categories: npt.NDArray[np.int8]
    #: (n, 4) int8: tricks won per hand (the dummy's separately).
    tricks: npt.NDArray[np.int8]

    def __len__(self) -> int:
        return int(self.scores.shape[0])


@overload
def random_playouts(game: Literal["spitzer"], n: int, *, seed: int, rules: Any = None,
                    threads: int = 1, progress: bool = False) -> SpitzerPlayouts: ...


@overload
def random_playouts(game: Literal["spidge"], n: int, *, seed: int, rules: Any = None,
                    threads: int = 1, progress: bool = False) -> SpidgePlayouts: ...


def random_playouts(game: Literal["spitzer", "spidge"], n: int, *, seed: int,
                    rules: Any = None, threads: int = 1,
                    progress: bool = False) -> SpitzerPlayouts | SpidgePlayouts:
    """Play *n* complete uniformly random deals of *game* and score them.

    Each deal is shuffled and dealt as the rules say (Spitzer 3-2-3, the
    deal passing left each deal; Spidge one card at a time); in Spitzer each
    seat in turn makes a uniformly random legal announcement (passes
    included), then every card is uniformly random among the legal ones.
    *rules* is a ``SpitzerRules`` / ``SpidgeRules`` (default rules when
    None).  Deal *i* draws from its own generator seeded from
    ``(seed, i)``, so the result is the same for any *threads*.  With
    *progress*, long runs report their progress on stderr.

    >>> from pytrick.batch import random_playouts
    >>> r = random_playouts("spidge", 100, seed=3)
    >>> bool((r.tricks.sum(axis=1) == 13).all())
    True
    """
    options, slam, spidge = _core_options(game, rules)
    n = check_count(n, "n")
    progress = check_flag(progress, "progress")  # progress="no" would print
    chunk = n if not progress else max(_CHUNK, n // 20)
    parts: list[dict[str, npt.NDArray[Any]]] = []
    done = 0
    while True:
        size = min(chunk, n - done)
        parts.append(_core.random_playouts(game, size, seed, options, threads, slam, spidge,
                                           done))
        done += size
        if progress:
            print(f"{game} random playouts: {done}/{n} ({100 * done // max(n, 1)}%)",
                  file=sys.stderr, flush=True)
        if done >= n:
            break
    arrays = parts[0] if len(parts) == 1 else {
        key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    if game == "spitzer":
        return SpitzerPlayouts(**arrays)
    return SpidgePlayouts(**arrays)


def _core_options(game: str, rules: Any) -> tuple[int | None, int, int]:
    """The core's (option flags, slam_tricks, spidge_tricks) for *rules*."""
    if game not in ("spitzer", "spidge"):
        raise InvalidArgumentError(f"unknown game {game!r}: choose 'spitzer' or 'spidge'")
    if rules is None:
        return None, 13, 10
    if game == "spitzer":
        if not isinstance(rules, SpitzerRules):
            raise ArgumentTypeError(f"spitzer playouts take a SpitzerRules, not {type(rules).__name__}")
        return rules.flags, 13, 10
    if not isinstance(rules, SpidgeRules):
        raise ArgumentTypeError(f"spidge playouts take a SpidgeRules, not {type(rules).__name__}")
    return rules.flags, rules.slam_tricks, rules.spidge_tricks
