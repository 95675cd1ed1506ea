"""Single-observer information-set MCTS (reference twin).

The same search as the compiled ``trickcore._ismcts``, written plainly: a
world is drawn as a rank over all cases' deals and decoded card by card
from memoised counts, each iteration replays the observed history on a fresh
reference deal, and the tree is a list of small objects.  It makes the same
random draws and the same choices, so for a seed both backends return the
same move and the same visit counts.  See the compiled module for the
algorithm; slow, for tests.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from trickcore._ismcts_arguments import ROLLOUTS, not_to_move, search_arguments
from trickcore._reference import _spidge, _spitzer
from trickcore._reference._batch import _Rng
from trickcore.errors import PytrickError

__all__ = ["ROLLOUTS", "spidge_ismcts", "spitzer_ismcts"]

_ANNOUNCE_OFFSET = 32
_FAIL_ACES = tuple(suit * 13 + 12 for suit in (0, 2, 3))


def _bits(mask: int) -> list[int]:
    return [n for n in range(64) if mask >> n & 1]


def _below64(rng: _Rng, bound: int) -> int:
    """tc_rng_below: reject the low 2**64 mod bound words."""
    threshold = ((1 << 64) - bound) % bound
    while True:
        r = rng.next()
        if r >= threshold:
            return r % bound


def _pick(rng: _Rng, mask: int) -> int:
    """tc_rng_pick: the below32(count)-th lowest member (one member: no draw)."""
    members = _bits(mask)
    return members[0] if len(members) == 1 else members[rng.below(len(members))]


class _Case:
    """The deals of one case, numbered as hand_sampler_unrank numbers them."""

    def __init__(self, hidden: int, sizes: tuple[int, ...], allowed: tuple[int, ...]) -> None:
        self.cards = _bits(hidden)
        self.seats_of = [[t for t in range(len(sizes)) if allowed[t] >> c & 1] for c in self.cards]
        self.sizes = sizes
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.total = self.ways(0, sizes)

    def ways(self, j: int, need: tuple[int, ...]) -> int:
        """The deals of cards j.. that give each seat exactly *need* more cards."""
        key = (j, need)
        if key not in self.memo:
            if j == len(self.cards):
                self.memo[key] = 1 if not any(need) else 0
            else:
                self.memo[key] = sum(
                    self.ways(j + 1, (*need[:t], need[t] - 1, *need[t + 1 :]))
                    for t in self.seats_of[j]
                    if need[t] > 0
                )
        return self.memo[key]

    def unrank(self, rank: int) -> list[int]:
        hands = [0] * len(self.sizes)
        need = self.sizes
        for j, card in enumerate(self.cards):
            for t in self.seats_of[j]:
                if need[t] == 0:
                    continue
                after = (*need[:t], need[t] - 1, *need[t + 1:])
                w = self.ways(j + 1, after)
                if rank < w:
                    hands[t] |= 1 << card
                    need = after
                    break
                rank -= w
        return hands


def _draw(cases: list[_Case], total: int, rng: _Rng) -> list[int]:
    if total < 1 << 64:
        rank = _below64(rng, total)
    else:
        top = (1 << (total >> 64).bit_length()) - 1
        while True:
            high = rng.next() & top
            rank = (high << 64) | rng.next()
            if rank < total:
                break
    for case in cases:
        if rank < case.total:
            return case.unrank(rank)
        rank -= case.total
    raise AssertionError("the rank is below the total")


# ---------------------------------------------------------------- the games


class _Spitzer:
    def __init__(self, template: Any) -> None:
        self.template = template
        self.played_by = [0, 0, 0, 0]
        for seat, card in template.plays:
            self.played_by[seat] |= 1 << int(card)

    def held(self, seat: int) -> int:
        return int(self.template.hand(seat))

    def world(self, seats: Sequence[int], hands: Sequence[int]) -> Any:
        t = self.template
        now = [int(t.hand(seat)) for seat in range(4)]
        for seat, mask in zip(seats, hands, strict=True):
            now[seat] = mask
        dealt = [now[seat] | self.played_by[seat] for seat in range(4)]
        return _spitzer.SpitzerState(
            dealt,
            t.dealer,
            t.options,
            [code for _, code in t.announcements],
            [card for _, card in t.plays],
        )

    @staticmethod
    def legal(s: Any) -> int:
        if s.phase == _spitzer.AUCTION:
            return sum(1 << (_ANNOUNCE_OFFSET + code) for code in s.legal_announcements)
        return sum(1 << _spitzer.action_index(c) for c in _bits(s.legal_mask))

    @staticmethod
    def over(s: Any) -> bool:
        return bool(s.is_over)

    @staticmethod
    def owner(s: Any) -> int:
        return int(s.to_move)

    @staticmethod
    def apply(s: Any, move: int) -> None:
        if move >= _ANNOUNCE_OFFSET:
            s.announce(move - _ANNOUNCE_OFFSET)
        else:
            s.play(_spitzer.card_of_action(move))

    @staticmethod
    def rewards(s: Any) -> list[float]:
        scores = s.scores()
        total = sum(scores)
        return [(scores[i] - (total - scores[i]) / 3.0) / 10.0 for i in range(4)]

    @staticmethod
    def _beats(card: int, best: int) -> bool:
        z = _spitzer
        if z.is_trump(card):
            return not z.is_trump(best) or z.strength(card) > z.strength(best)
        return (
            not z.is_trump(best)
            and z.effective_suit(card) == z.effective_suit(best)
            and z.strength(card) > z.strength(best)
        )

    @staticmethod
    def _cheapest(cards: list[int]) -> int:
        return min(cards, key=lambda c: (_spitzer.card_points(c), _spitzer.strength(c), c))

    def heuristic(self, s: Any) -> int:
        legal = _bits(s.legal_mask)
        trick = [int(c) for _, c in s.current_trick]
        if not trick:
            aces = [c for c in legal if c in _FAIL_ACES]
            card = min(aces) if aces else self._cheapest(legal)
        else:
            best = trick[0]
            for c in trick[1:]:
                if self._beats(c, best):
                    best = c
            winners = [c for c in legal if self._beats(c, best)]
            if winners and len(trick) >= 2:
                card = min(winners, key=lambda c: (_spitzer.is_trump(c), _spitzer.strength(c), c))
            else:
                card = self._cheapest(legal)
        return int(_spitzer.action_index(card))

    def rollout(self, s: Any, rng: _Rng, heuristic: bool) -> None:
        while s.phase == _spitzer.AUCTION:
            s.announce(_spitzer.PASS)
        while not s.is_over:
            move = self.heuristic(s) if heuristic else _pick(rng, self.legal(s))
            s.play(_spitzer.card_of_action(move))


class _Spidge:
    def __init__(self, template: Any) -> None:
        self.template = template

    def held(self, seat: int) -> int:
        return int(self.template.hands[seat])

    def world(self, seats: Sequence[int], hands: Sequence[int]) -> Any:
        t = self.template
        history = list(t.history)
        played_by = [0, 0, 0, 0]
        for hand, card in zip(t.history_hands, history, strict=True):
            played_by[hand] |= 1 << int(card)
        now = [int(h) for h in t.hands]
        for seat, mask in zip(seats, hands, strict=True):
            now[seat] = mask
        state = _spidge.SpidgeState(
            [now[h] | played_by[h] for h in range(4)], t.flags, t.slam_tricks, t.spidge_tricks
        )
        for card in history:
            state.play(int(card))
        return state

    @staticmethod
    def legal(s: Any) -> int:
        return int(s.legal_mask)

    @staticmethod
    def over(s: Any) -> bool:
        return bool(s.is_over)

    @staticmethod
    def owner(s: Any) -> int:
        hand = int(s.hand_to_move)
        return 3 if hand == 1 else hand

    @staticmethod
    def apply(s: Any, move: int) -> None:
        s.play(move)

    @staticmethod
    def rewards(s: Any) -> list[float]:
        p = s.points()
        total = p[0] + p[2] + p[3]
        out = [(p[i] - (total - p[i]) / 2.0) / 2.0 for i in range(4)]
        out[1] = out[3]
        return out

    @staticmethod
    def heuristic(s: Any) -> int:
        legal = _bits(int(s.legal_mask))
        trick = [int(c) for c in s.current_trick]

        def key(c: int) -> int:
            return int(_spidge.strength(c)) * 64 + c

        if len(trick) == 3:
            losers = [c for c in legal if _spidge.trick_winner([*trick, c]) != 3]
            if losers:
                return max(losers, key=key)
        return min(legal, key=key)

    def rollout(self, s: Any, rng: _Rng, heuristic: bool) -> None:
        while not s.is_over:
            s.play(self.heuristic(s) if heuristic else _pick(rng, int(s.legal_mask)))


# ---------------------------------------------------------------- the tree


class _Node:
    __slots__ = ("available", "children", "move", "owner", "total", "visits")

    def __init__(self, move: int, owner: int) -> None:
        self.move = move
        self.owner = owner
        self.visits = 0
        self.available = 1
        self.total = 0.0
        self.children: list[_Node] = []


def _search(
    game: Any,
    observer: int,
    seats: Sequence[int],
    hidden: int,
    sizes: Sequence[int],
    cases: Sequence[Sequence[int]],
    iterations: int,
    seconds: float,
    seed: int,
    exploration: float,
    rollout: str,
) -> tuple[int, list[tuple[int, int, float]]]:
    a = search_arguments(observer, seats, hidden, sizes, cases, iterations, seconds, seed,
                         exploration, rollout, game.held)
    if game.over(game.template) or game.owner(game.template) != a.observer:
        raise not_to_move(a.observer)
    drawers = [_Case(a.hidden, a.sizes, case) for case in a.cases]
    total = sum(d.total for d in drawers)
    if total == 0:
        raise PytrickError("no deal is consistent with the observation")
    seats, iterations, seconds, seed, exploration = a.seats, a.iterations, a.seconds, a.seed, a.exploration
    heuristic = a.policy == ROLLOUTS.index("heuristic")
    rng = _Rng(seed)
    root = _Node(0, a.observer)
    deadline = time.monotonic() + seconds if seconds > 0 else 0.0
    it = 0
    while (iterations <= 0 or it < iterations) and (deadline == 0.0 or it == 0 or time.monotonic() < deadline):
        it += 1
        s = game.world(seats, _draw(drawers, total, rng))
        node = root
        path = []
        while not game.over(s):
            legal = game.legal(s)
            owner = game.owner(s)
            for child in node.children:
                if legal >> child.move & 1:
                    child.available += 1
            tried = sum(1 << child.move for child in node.children)
            untried = legal & ~tried
            if untried:
                child = _Node(_pick(rng, untried), owner)
                node.children.append(child)
                game.apply(s, child.move)
                path.append(child)
                break
            best = None
            best_score = 0.0
            for child in node.children:
                if legal >> child.move & 1:
                    score = child.total / child.visits + exploration * math.sqrt(
                        math.log(float(child.available)) / child.visits
                    )
                    if best is None or score > best_score:
                        best, best_score = child, score
            assert best is not None
            game.apply(s, best.move)
            node = best
            path.append(node)
        game.rollout(s, rng, heuristic)
        rewards = game.rewards(s)
        root.visits += 1
        for node in path:
            node.visits += 1
            node.total += rewards[node.owner]
    stats = []
    best_move, best_visits = 0, -1
    for child in root.children:
        move = game.decode(child.move)
        stats.append((move, child.visits, child.total / child.visits if child.visits else 0.0))
        if child.visits > best_visits:
            best_move, best_visits = move, child.visits
    return best_move, stats


def spitzer_ismcts(
    state: Any,
    observer: int,
    seats: Sequence[int],
    hidden: int,
    sizes: Sequence[int],
    cases: Sequence[Sequence[int]],
    iterations: int = 1000,
    seconds: float = 0.0,
    seed: int = 0,
    exploration: float = 0.7,
    rollout: str = "random",
) -> tuple[int, list[tuple[int, int, float]]]:
    """See the compiled ``trickcore._ismcts.spitzer_ismcts``."""
    game = _Spitzer(state)
    game.decode = lambda m: m - _ANNOUNCE_OFFSET if m >= _ANNOUNCE_OFFSET else int(_spitzer.card_of_action(m))  # type: ignore[attr-defined]
    return _search(game, observer, seats, hidden, sizes, cases, iterations, seconds, seed, exploration, rollout)


def spidge_ismcts(
    state: Any,
    observer: int,
    seats: Sequence[int],
    hidden: int,
    sizes: Sequence[int],
    cases: Sequence[Sequence[int]],
    iterations: int = 1000,
    seconds: float = 0.0,
    seed: int = 0,
    exploration: float = 0.7,
    rollout: str = "random",
) -> tuple[int, list[tuple[int, int, float]]]:
    """See the compiled ``trickcore._ismcts.spidge_ismcts``."""
    game = _Spidge(state)
    game.decode = int  # type: ignore[attr-defined]
    return _search(game, observer, seats, hidden, sizes, cases, iterations, seconds, seed, exploration, rollout)
