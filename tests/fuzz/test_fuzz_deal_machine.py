"""A Hypothesis state machine over the deal API of both games, run on the
compiled core and the reference twin side by side.

Each step calls the same method on both backends' deal with the same
arguments, often invalid ones (cards out of the pack, seats 7, huge integers,
strings, None, floats).  After every step:

* both backends returned the same value, or raised the same error type;
* only :class:`~pytrick.PytrickError` subclasses escape for bad input;
* a rejected call left the deal exactly as it was;
* the two deals are indistinguishable through every view.

``copy`` forks the pair and later steps act on either fork, so a copy that
shares state with its original is found; ``play_action`` and ``random_move``
take the integer actions of RL code; ``sample`` draws deals consistent
with an observation from either backend's sampler and checks them.

The calls take a legal move three times in four (anything else the rest), so
that deals get on to their later phases; each test then asserts that its runs
reached those phases (see ``MUST_REACH``).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import trickcore
from pytrick import PytrickError
from pytrick.inference import count_deals, sample_deals
from pytrick.spidge import SpidgeDeal, SpidgeRules
from pytrick.spidge.table import Hand, player_of
from pytrick.spitzer import SpitzerDeal
from trickcore.card import ALL_CARDS

if "cython" not in trickcore.available_backends():  # pragma: no cover - CI builds it
    pytest.skip("the compiled extension is not built here", allow_module_level=True)

COMPILED, REFERENCE = trickcore.load_backend("cython"), trickcore.load_backend("python")
# A run of the machine is a whole sequence of steps: a few runs per test session
# (each ~0.5 s), more with PYTRICK_FUZZ_EXAMPLES.  Runs are the same every time
# (derandomized), so the check of what they reach cannot flake; a campaign
# draws afresh with PYTRICK_FUZZ_RANDOM=1.
CAMPAIGN = "PYTRICK_FUZZ_RANDOM" in os.environ
EXAMPLES = max(int(os.environ.get("PYTRICK_FUZZ_EXAMPLES", "60")) // 6, 4)
MACHINE = settings(max_examples=EXAMPLES, stateful_step_count=30, deadline=None,
                   derandomize=not CAMPAIGN,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

SPITZER_PACK = sorted(int(c) for c in ALL_CARDS if c.suit is not None and c.rank >= 5)
SPIDGE_PACK = list(range(54))

#: Arguments where an integer (card, seat, code) is expected: valid, out of range,
#: huge, and of the wrong type.
integers = st.integers(-3, 60) | st.sampled_from([2**31, 2**63 - 1, 2**63, -(2**63) - 1, 2**64])
card_texts = st.sampled_from(["QC", "10♥", "AS", "JK1", "2D", "XX", "", "Q♣ Q♠", "7c"])
wrong_types = st.sampled_from([None, 1.5, 0.0, True, False, b"QC", [0], (1,), {}, object()])
ARGS = integers | card_texts | wrong_types
SEATS = st.integers(-2, 5) | st.sampled_from([2**63, None, 1.0, True, "1"])


@dataclass(frozen=True)
class Pick:
    """An argument to be chosen when the step runs: the deal's legal move number
    *pick* (modulo their number), or, if not *legal*, a plausible one (a card
    of the hand to move, an announcement code), legal or not."""

    pick: int
    legal: bool


def mostly_legal(anything: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """A legal move half the time, a plausible one (held card, real code) a
    quarter, else *anything*."""
    return st.integers(0, 3).flatmap(
        lambda k: anything if k == 0 else st.builds(Pick, st.integers(0, 12), st.just(k > 1)))


def resolve(argument: object, legal: Any, plausible: Any) -> object:
    """*argument*, or the move a :class:`Pick` stands for (its number if none)."""
    if not isinstance(argument, Pick):
        return argument
    moves = sorted(int(m) for m in (legal if argument.legal else plausible))
    return moves[argument.pick % len(moves)] if moves else argument.pick


def outcome(action: Callable[[], object]) -> tuple[str, object]:
    """("ok", value) or (error type name, the reason of an illegal move or
    None); any error that is not a PytrickError is a finding and propagates."""
    try:
        return "ok", action()
    except PytrickError as error:
        return type(error).__name__, getattr(error, "reason", None)


def plain(value: object) -> object:
    """Values made comparable across backends (cards and sets as ints, arrays as lists)."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if hasattr(value, "mask"):
        return ("cards", int(value.mask))  # type: ignore[attr-defined]
    return value


class DealMachine(RuleBasedStateMachine):
    """What both games' machines share: pairs of deals, copies, the checks."""

    GAME = ""
    VIEWS: tuple[str, ...] = ()
    N_HANDS = 4
    #: What the runs of one test reached: kinds of outcome and phases of the deal.
    reached: ClassVar[Counter[str]] = Counter()
    #: What they must reach, or the strategies have drifted off the deep parts.
    MUST_REACH: ClassVar[frozenset[str]] = frozenset()

    def __init__(self) -> None:
        super().__init__()
        self.pairs: list[tuple[Any, Any]] = []
        self.current = 0

    # -- the pair being driven -------------------------------------------------------

    @property
    def pair(self) -> tuple[Any, Any]:
        return self.pairs[self.current]

    def view(self, deal: Any) -> tuple[object, ...]:
        """Everything observable of a deal, for comparisons and 'unchanged' checks."""
        seen: list[object] = []
        for name in self.VIEWS:
            value = getattr(deal, name)
            # A method is called; a property (even one still callable for one
            # release, a deprecated alias) is read.
            is_view = isinstance(value, (tuple, int))
            seen.append(plain(value if is_view or not callable(value) else value()))
        seen += [plain(deal.hand(h)) for h in range(self.N_HANDS)]
        return (*seen, repr(deal))

    def both(self, call: Callable[[Any], object]) -> tuple[str, object]:
        """*call* on both deals of the pair: same outcome; a refusal changes nothing
        (the deal equals a copy taken before, and so does its repr)."""
        before = [(deal.copy(), repr(deal)) for deal in self.pair]
        results = [outcome(lambda deal=deal: call(deal)) for deal in self.pair]
        assert results[0][0] == results[1][0], results
        kind, detail = results[0]
        self.reach("accepted" if kind == "ok" else f"refused: {detail or kind}")
        if results[0][0] != "ok":
            assert results[0] == results[1], "the backends refused for different reasons"
            for deal, (copy, text) in zip(self.pair, before, strict=True):
                assert deal == copy and repr(deal) == text, "a refused call changed the deal"
        else:
            assert plain(results[0][1]) == plain(results[1][1]), results
        return results[0]

    def reach(self, what: str) -> None:
        event(what)
        type(self).reached[what] += 1

    def held(self, deal: Any) -> list[int]:
        """The cards of the hand to move (none once the deal is over)."""
        raise NotImplementedError

    def phases(self, deal: Any) -> list[str]:
        """The phases *deal* is in, for the record of what was reached."""
        return ["over"] if deal.is_over else []

    @invariant()
    def backends_agree(self) -> None:
        if self.pairs:
            compiled, reference = self.pair
            assert self.view(compiled) == self.view(reference)
            assert compiled == compiled.copy() and reference == reference.copy()
            for phase in self.phases(reference):
                self.reach(phase)

    # -- rules both games have -----------------------------------------------------------

    @precondition(lambda self: bool(self.pairs))
    @rule(card=mostly_legal(ARGS))
    def play_anything(self, card: object) -> None:
        card = resolve(card, self.pair[1].legal_moves, self.held(self.pair[1]))
        self.both(lambda deal: deal.play(card))

    @precondition(lambda self: bool(self.pairs))
    @rule(pick=st.integers(0, 12))
    def play_legal(self, pick: int) -> None:
        legal = sorted(int(c) for c in self.pair[1].legal_moves)
        if legal:
            assert self.both(lambda deal: deal.play(legal[pick % len(legal)]))[0] == "ok"

    @precondition(lambda self: bool(self.pairs))
    @rule(action=mostly_legal(ARGS))
    def play_action(self, action: object) -> None:
        action = resolve(action, self.pair[1].legal_actions, range(60))
        self.both(lambda deal: deal.play_action(action))

    @precondition(lambda self: bool(self.pairs))
    @rule(seed=st.integers(0, 2**32))
    def random_move(self, seed: int) -> None:
        """The same random.Random state picks the same move on both backends."""
        self.both(lambda deal: deal.random_move(random.Random(seed)))

    @precondition(lambda self: bool(self.pairs))
    @rule(steps=st.integers(1, 60), seed=st.integers(0, 2**32))
    def advance(self, steps: int, seed: int) -> None:
        """Up to *steps* random moves, so that deals reach their end: legal
        ones, and one time in four any card of the hand to move, whose refusal
        (must follow suit, must trump...) must leave both deals as they were."""
        rng = random.Random(seed)
        for _ in range(steps):
            held = self.held(self.pair[1])
            if held and rng.random() < 0.25:
                card = rng.choice(held)
                self.both(lambda deal, card=card: deal.play(card))
                continue
            moves = self.legal_steps(self.pair[1])
            if not moves:
                break
            move = rng.choice(moves)
            for deal in self.pair:
                move(deal)
            assert repr(self.pair[0]) == repr(self.pair[1])

    def legal_steps(self, deal: Any) -> list[Callable[[Any], object]]:
        """Each legal move of *deal* as a call to make on either backend's deal."""
        return [lambda d, c=int(card): d.play(c) for card in deal.legal_moves]

    @precondition(lambda self: bool(self.pairs))
    @rule()
    def undo(self) -> None:
        done = self.can_undo(self.pair[1])
        kind, _ = self.both(lambda deal: deal.undo())
        assert (kind == "ok") == done, kind
        if done:
            self.reach("undone")

    def can_undo(self, deal: Any) -> bool:
        return bool(deal.n_played)

    @precondition(lambda self: bool(self.pairs) and len(self.pairs) < 6)
    @rule()
    def copy(self) -> None:
        fork = (self.pair[0].copy(), self.pair[1].copy())
        assert self.view(fork[0]) == self.view(self.pair[0])
        self.pairs.append(fork)

    @precondition(lambda self: len(self.pairs) > 1)
    @rule(which=st.integers(0, 5))
    def switch(self, which: int) -> None:
        self.current = which % len(self.pairs)

    @precondition(lambda self: bool(self.pairs))
    @rule(hand=SEATS)
    def hand(self, hand: object) -> None:
        self.both(lambda deal: deal.hand(hand))

    @precondition(lambda self: bool(self.pairs))
    @rule(hand=SEATS)
    def observation(self, hand: object) -> None:
        name = f"{self.GAME}_observation"
        results = []
        for backend, deal in zip((COMPILED, REFERENCE), self.pair, strict=True):
            results.append(outcome(lambda b=backend, d=deal: getattr(b["_observe"], name)(d, hand)))
        assert results[0][0] == results[1][0], results
        if results[0][0] == "ok":
            assert np.array_equal(results[0][1], results[1][1])  # type: ignore[arg-type]

    def check_sample(self, deal: Any, seat: int, n: object, seed: object) -> None:
        """count_deals agrees across samplers; samples replay to the observation."""
        observation = deal.observation(seat)
        counts = {count_deals(observation, backend=b) for b in ("cython", "python")}
        assert len(counts) == 1 and counts.pop() >= 1
        kinds = set()
        for backend in ("cython", "python"):
            kind, drawn = outcome(lambda b=backend: sample_deals(observation, n, seed, backend=b))  # type: ignore[arg-type]
            kinds.add(kind)
            if kind == "ok":
                assert len(drawn) == n  # type: ignore[arg-type]
                for other in drawn:  # type: ignore[attr-defined]
                    assert other.observation(seat) == observation
        assert len(kinds) == 1, kinds
        if kinds == {"ok"} and n > 0:
            self.reach("sampled")


class SpitzerMachine(DealMachine):
    GAME = "spitzer"
    VIEWS = ("phase", "to_move", "announcement", "announcer", "game_type", "called_ace",
             "trick_leader", "partner", "n_played", "is_over", "trick_number", "legal_moves",
             "dealer", "options", "legal_actions", "legal_announcements", "legal_mask",
             "trick_winners", "trick_points", "tricks_taken", "points_taken", "declarers",
             "revealed", "announcements", "plays", "current_trick")

    MUST_REACH = frozenset({"accepted", "undone", "sampled", "auction", "play", "over",
                            "announced a game", "refused: must_follow_suit",
                            "refused: wrong_phase", "refused: InvalidCardError",
                            "refused: ArgumentTypeError"})

    def held(self, deal: Any) -> list[int]:
        return [] if deal.to_move < 0 else [int(c) for c in deal.hand(deal.to_move)]

    def phases(self, deal: Any) -> list[str]:
        phases = [("auction", "play", "over")[deal.phase]]
        if deal.game_type not in (-1, COMPILED["_spitzer"].GAME_NORMAL,
                                  COMPILED["_spitzer"].GAME_SNEAKER):
            phases.append("announced a game")
        return phases

    @initialize(order=st.permutations(SPITZER_PACK), dealer=st.integers(0, 3),
                options=st.integers(0, 31))
    def deal(self, order: list[int], dealer: int, options: int) -> None:
        masks = [sum(1 << c for c in order[8 * s : 8 * s + 8]) for s in range(4)]
        self.pairs = [(COMPILED["_spitzer"].SpitzerState(masks, dealer, options),
                       REFERENCE["_spitzer"].SpitzerState(masks, dealer, options))]

    def can_undo(self, deal: Any) -> bool:
        return bool(deal.n_played or deal.announcements)

    def legal_steps(self, deal: Any) -> list[Callable[[Any], object]]:
        codes = deal.legal_announcements
        if codes:  # passing half the time keeps normal games common
            return [lambda d, c=code: d.announce(c) for code in codes] + \
                   [lambda d: d.announce(codes[0])] * len(codes)
        return super().legal_steps(deal)

    @precondition(lambda self: bool(self.pairs))
    @rule(code=mostly_legal(ARGS), seat=st.none() | SEATS)
    def announce_anything(self, code: object, seat: object) -> None:
        code = resolve(code, self.pair[1].legal_announcements, range(13))
        if seat is None:
            self.both(lambda deal: deal.announce(code))
        else:
            self.both(lambda deal: deal.announce(code, seat))

    @precondition(lambda self: bool(self.pairs))
    @rule(pick=st.integers(0, 12), pass_often=st.booleans())
    def announce_legal(self, pick: int, pass_often: bool) -> None:
        legal = self.pair[1].legal_announcements
        if legal:
            code = legal[0] if pass_often else legal[pick % len(legal)]
            assert self.both(lambda deal: deal.announce(code))[0] == "ok"

    @precondition(lambda self: bool(self.pairs))
    @rule(card=mostly_legal(ARGS), seat=SEATS)
    def play_as_seat(self, card: object, seat: object) -> None:
        card = resolve(card, self.pair[1].legal_moves, self.held(self.pair[1]))
        self.both(lambda deal: deal.play(card, seat))

    @precondition(lambda self: bool(self.pairs))
    @rule(card=ARGS)
    def holder(self, card: object) -> None:
        self.both(lambda deal: deal.holder(card))

    @precondition(lambda self: bool(self.pairs) and self.pair[1].is_over)
    @rule()
    def result(self) -> None:
        assert self.both(lambda deal: deal.raw_result())[0] == "ok"

    @precondition(lambda self: bool(self.pairs))
    @rule(seat=st.integers(0, 3), n=st.integers(-1, 3), seed=st.none() | st.integers(0, 2**64))
    def sample(self, seat: int, n: int, seed: int | None) -> None:
        compiled = self.pair[0]
        deal = SpitzerDeal(
            [compiled.original_hand(s) for s in range(4)], compiled.dealer, compiled.options,
            [code for _, code in compiled.announcements], [card for _, card in compiled.plays],
        )
        self.check_sample(deal, seat, n, seed)


class SpidgeMachine(DealMachine):
    GAME = "spidge"
    VIEWS = ("flags", "slam_tricks", "spidge_tricks", "n_played", "tricks_played", "is_over",
             "current_trick", "trick_leader", "hand_to_move", "history", "history_hands",
             "trick_winners", "tricks_won", "trumps_broken", "hands", "initial_hands", "played",
             "legal_moves", "legal_mask", "legal_actions")

    rules = SpidgeRules()
    dealer = 0
    MUST_REACH = frozenset({"accepted", "undone", "sampled", "playing", "trumps broken",
                            "over", "refused: must_follow_suit", "refused: deal_over",
                            "refused: ArgumentTypeError"})

    def held(self, deal: Any) -> list[int]:
        hand = deal.hand_to_move
        return [] if hand is None else [int(c) for c in deal.hands[hand]]

    def phases(self, deal: Any) -> list[str]:
        phases = ["over"] if deal.is_over else ["playing"] if deal.n_played else []
        return phases + (["trumps broken"] if deal.trumps_broken else [])

    @initialize(order=st.permutations(SPIDGE_PACK), dealer=st.integers(0, 2),
                rules=st.builds(SpidgeRules, jokers=st.booleans(),
                                joker_suit=st.sampled_from(["trump", "wild"]),
                                spades_must_be_broken=st.booleans(),
                                grand_slam=st.sampled_from(["no_tricks", "all_tricks"]),
                                slam_tricks=st.integers(1, 13), spidge_tricks=st.integers(1, 13)))
    def deal(self, order: list[int], dealer: int, rules: SpidgeRules) -> None:
        pack = [c for c in order if c in COMPILED["_spidge"].pack(rules.jokers)]
        masks = [sum(1 << c for c in pack[h::4]) for h in range(4)]
        args = (masks, rules.flags, rules.slam_tricks, rules.spidge_tricks)
        self.pairs = [(COMPILED["_spidge"].SpidgeState(*args),
                       REFERENCE["_spidge"].SpidgeState(*args))]
        self.rules, self.dealer = rules, dealer

    @precondition(lambda self: bool(self.pairs))
    @rule(card=mostly_legal(ARGS))
    def illegal_reason(self, card: object) -> None:
        card = resolve(card, self.pair[1].legal_moves, self.held(self.pair[1]))
        self.both(lambda deal: deal.illegal_reason(card))

    @precondition(lambda self: bool(self.pairs) and self.pair[1].is_over)
    @rule()
    def result(self) -> None:
        assert self.both(lambda deal: (deal.categories(), deal.points()))[0] == "ok"

    @precondition(lambda self: bool(self.pairs))
    @rule(player=st.integers(0, 2), n=st.integers(-1, 3), seed=st.none() | st.integers(0, 2**64))
    def sample(self, player: int, n: int, seed: int | None) -> None:
        compiled = self.pair[0]
        initial = compiled.initial_hands
        hands: list[object] = [None, None, None]
        for hand in (Hand.LEFT, Hand.RIGHT, Hand.DEALER):
            hands[player_of(hand, self.dealer)] = initial[hand]
        deal = SpidgeDeal.from_hands(hands, initial[Hand.DUMMY], self.dealer, self.rules)
        for card in compiled.history:
            deal.play(card)
        self.check_sample(deal, player, n, seed)


@pytest.mark.parametrize("machine", [SpitzerMachine, SpidgeMachine], ids=["spitzer", "spidge"])
def test_the_deal_machine(machine: type[DealMachine]) -> None:
    """The machine's runs pass their checks and reach what they must."""
    machine.reached = Counter()
    run_state_machine_as_test(machine, settings=MACHINE)
    missing = machine.MUST_REACH - set(machine.reached)
    assert not missing, f"no run reached {sorted(missing)}: {dict(machine.reached)}"
