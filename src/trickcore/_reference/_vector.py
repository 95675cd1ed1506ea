"""Vectorised single-agent lanes (reference twin of ``trickcore._vector``).

The same names, conventions and numbers as the compiled module, written
plainly on the reference deal classes and the reference generator of
``trickcore._reference._batch``: for a seed both backends deal the same
cards, make the same random moves for the opponents, and return the same
arrays.  Slow: for tests and small runs.
"""

from __future__ import annotations

import threading
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from trickcore._arguments import (
    as_int,
    check_count,
    check_range,
    check_seat,
    check_seed,
    not_initialised,
)
from trickcore._reference import _spidge, _spitzer
from trickcore._reference._batch import (
    MAX_BATCH_SIZE,
    SPITZER_ANNOUNCE_OFFSET,
    _actions,
    _bits,
    _game_options,
    _in_deal,
    _locked,
    _out_of_range,
    _rng_for,
    _spidge_deal,
    _spitzer_deal,
    _why,
)
from trickcore._reference._observe import spidge_observation, spitzer_observation
from trickcore.errors import InvalidArgumentError, PytrickError

__all__ = ["AUCTION_MODES", "SpidgeLanes", "SpitzerLanes"]

AUCTION_MODES = ("play", "random", "pass")

_Z_ACTIONS = SPITZER_ANNOUNCE_OFFSET + _spitzer.N_ANNOUNCEMENTS
_G_ACTIONS = 54


def _check_auction(auction: object) -> str:
    if auction not in AUCTION_MODES:
        raise InvalidArgumentError(
            f"auction must be 'play', 'random' or 'pass', not {auction!r}")
    return str(auction)


def _check_hand(hand: object) -> int:
    number = as_int(hand, "hand")
    if number not in (0, 2, 3):
        raise InvalidArgumentError(f"invalid hand {number}: the agent plays hand 0 (left), "
                                   "2 (right) or 3 (dealer); the dummy, 1, is the dealer's")
    return number


def _check_lane(i: object, size: int) -> int:
    return check_range(i, "lane", 0, size - 1)


def _not_dealt(i: int) -> PytrickError:
    return PytrickError(f"lane {i} has not been dealt yet: call reset() first")


_Self = TypeVar("_Self", bound="_Lanes")


class _Lanes:
    """What both lane sets share: set up once, one thread at a time (a lock
    made with the object, as the compiled __cinit__ makes it)."""

    _lock: threading.Lock

    def __new__(cls: type[_Self], *args: Any, **kwargs: Any) -> _Self:
        lanes = super().__new__(cls)
        lanes._lock = threading.Lock()
        return lanes

    def _refuse_second_set_up(self) -> None:
        """__init__ checks before its arguments and again under the lock
        (another thread's __init__ may have set the lanes up meanwhile)."""
        if getattr(self, "_rngs", None) is not None:
            raise PytrickError(f"this {type(self).__name__} is already set up: make a new one")

    def _ready(self) -> None:
        if getattr(self, "_rngs", None) is None:
            raise not_initialised(self)


class SpitzerLanes(_Lanes):
    """*k* Spitzer deals, the agent at *seat*, random opponents (see the compiled class)."""

    def __init__(self, k: int, seed: int, seat: int = 0, options: int = 0,
                 auction: str = "play") -> None:
        self._refuse_second_set_up()
        k = check_count(k, "k", 1, MAX_BATCH_SIZE)
        seed = check_seed(seed)
        seat = check_seat(seat)
        auction = _check_auction(auction)
        flags = _game_options("spitzer", options, 13, 10)[0]
        with self._lock:
            self._refuse_second_set_up()
            self.options = flags
            self.size = k
            self.seat = seat
            self.auction = auction
            self.obs = np.zeros((k, 418), dtype=np.float32)
            self.masks = np.zeros((k, _Z_ACTIONS), dtype=np.int8)
            self.rewards = np.zeros(k, dtype=np.float64)
            self.terminated = np.zeros(k, dtype=np.bool_)
            self._dealers = [-1] * k
            self._over = [True] * k
            self._deals: list[_spitzer.SpitzerState | None] = [None] * k
            # Last: lanes are set up once they have generators (see _ready), so a
            # MemoryError above leaves them refusing use, not half made.
            self._rngs = [_rng_for(seed, i) for i in range(k)]

    def _advance(self, i: int) -> None:
        deal, rng = self._deals[i], self._rngs[i]
        assert deal is not None
        while not deal.is_over:
            if deal.phase == _spitzer.AUCTION:
                if self.auction == "random":
                    deal.announce(rng.choose(sorted(deal.legal_announcements)))
                elif self.auction == "play" and deal.to_move == self.seat:
                    return
                else:
                    deal.announce(_spitzer.PASS)
            elif deal.to_move == self.seat:
                return
            else:
                deal.play(rng.choose(_bits(deal.legal_mask)))

    def _deal(self, i: int) -> None:
        dealer = i % 4 if self._dealers[i] < 0 else (self._dealers[i] + 1) % 4
        self._dealers[i] = dealer
        self._over[i] = False
        self._deals[i] = _spitzer_deal(self._rngs[i], dealer, self.options)
        self._advance(i)

    def _legal(self, i: int) -> list[int]:
        deal = self._deals[i]
        if deal is None or deal.is_over:
            return []
        if deal.phase == _spitzer.AUCTION:
            return sorted(SPITZER_ANNOUNCE_OFFSET + c for c in deal.legal_announcements)
        return sorted(_spitzer.action_index(c) for c in _bits(deal.legal_mask))

    def _emit(self, i: int) -> None:
        deal = self._deals[i]
        assert deal is not None
        self.obs[i] = spitzer_observation(deal, self.seat)
        self.masks[i] = 0
        self.masks[i, self._legal(i)] = 1

    @_locked
    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        self._ready()
        for i in range(self.size):
            self._deal(i)
            self._emit(i)
        return self.obs, self.masks

    @_locked
    def step(self, actions: object) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8],
                                             npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        self._ready()
        acts = _actions(actions, self.size, _Z_ACTIONS, "lane")
        for i, a in enumerate(acts):
            deal = self._deals[i]
            if self._over[i] or deal is None:
                continue
            if not 0 <= a < _Z_ACTIONS:
                raise _out_of_range(i, a, _Z_ACTIONS, "lane")
            if a not in self._legal(i):
                raise _in_deal(i, a, _why(deal.copy(), a), self._legal(i), "lane")
        self.rewards[:] = 0
        self.terminated[:] = False
        for i, a in enumerate(acts):
            deal = self._deals[i]
            if self._over[i] or deal is None:
                self._deal(i)
            else:
                if a >= SPITZER_ANNOUNCE_OFFSET:
                    deal.announce(a - SPITZER_ANNOUNCE_OFFSET)
                else:
                    deal.play(_spitzer.card_of_action(a))
                self._advance(i)
                if deal.is_over:
                    self.rewards[i] = deal.scores()[self.seat]
                    self.terminated[i] = True
                    self._over[i] = True
            self._emit(i)
        return self.obs, self.masks, self.rewards, self.terminated

    @_locked
    def state(self, i: int) -> _spitzer.SpitzerState:
        self._ready()
        i = _check_lane(i, self.size)
        deal = self._deals[i]
        if deal is None:
            raise _not_dealt(i)
        return deal.copy()


class SpidgeLanes(_Lanes):
    """*k* Spidge deals, the agent playing *hand*, random opponents (see the compiled class)."""

    def __init__(self, k: int, seed: int, hand: int = 0, options: int | None = None,
                 slam_tricks: int = 13, spidge_tricks: int = 10) -> None:
        self._refuse_second_set_up()
        k = check_count(k, "k", 1, MAX_BATCH_SIZE)
        seed = check_seed(seed)
        hand = _check_hand(hand)
        rules = _game_options("spidge", options, slam_tricks, spidge_tricks)
        with self._lock:
            self._refuse_second_set_up()
            self.options, self.slam_tricks, self.spidge_tricks = rules
            self.size = k
            self.hand = hand
            self.obs = np.zeros((k, 682), dtype=np.float32)
            self.masks = np.zeros((k, _G_ACTIONS), dtype=np.int8)
            self.rewards = np.zeros(k, dtype=np.float64)
            self.terminated = np.zeros(k, dtype=np.bool_)
            self._over = [True] * k
            self._deals: list[_spidge.SpidgeState | None] = [None] * k
            self._rngs = [_rng_for(seed, i) for i in range(k)]  # last, as in SpitzerLanes

    def _agent_to_move(self, deal: _spidge.SpidgeState) -> bool:
        hand = deal.hand_to_move
        return hand == self.hand or (hand == 1 and self.hand == 3)

    def _deal(self, i: int) -> None:
        self._over[i] = False
        deal = _spidge_deal(self._rngs[i], self.options, self.slam_tricks, self.spidge_tricks)
        self._deals[i] = deal
        self._advance(i)

    def _advance(self, i: int) -> None:
        deal = self._deals[i]
        assert deal is not None
        while not deal.is_over and not self._agent_to_move(deal):
            deal.play(self._rngs[i].choose(_bits(deal.legal_mask)))

    def _emit(self, i: int) -> None:
        deal = self._deals[i]
        assert deal is not None
        self.obs[i] = spidge_observation(deal, self.hand)
        self.masks[i] = 0
        if not deal.is_over:
            self.masks[i, _bits(deal.legal_mask)] = 1

    @_locked
    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        self._ready()
        for i in range(self.size):
            self._deal(i)
            self._emit(i)
        return self.obs, self.masks

    @_locked
    def step(self, actions: object) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8],
                                             npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        self._ready()
        acts = _actions(actions, self.size, _G_ACTIONS, "lane")
        for i, a in enumerate(acts):
            deal = self._deals[i]
            if self._over[i] or deal is None:
                continue
            if not 0 <= a < _G_ACTIONS:
                raise _out_of_range(i, a, _G_ACTIONS, "lane")
            legal = _bits(deal.legal_mask)
            if a not in legal:
                raise _in_deal(i, a, _why(deal.copy(), a), legal, "lane")
        self.rewards[:] = 0
        self.terminated[:] = False
        for i, a in enumerate(acts):
            if self._over[i]:
                self._deal(i)
            else:
                deal = self._deals[i]
                assert deal is not None
                deal.play(a)
                self._advance(i)
                if deal.is_over:
                    self.rewards[i] = deal.points()[self.hand]
                    self.terminated[i] = True
                    self._over[i] = True
            self._emit(i)
        return self.obs, self.masks, self.rewards, self.terminated

    @_locked
    def state(self, i: int) -> _spidge.SpidgeState:
        self._ready()
        i = _check_lane(i, self.size)
        deal = self._deals[i]
        if deal is None:
            raise _not_dealt(i)
        return deal.copy()
