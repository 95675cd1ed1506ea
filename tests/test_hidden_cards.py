"""No error message reveals a card hidden from the player making the move.

For many random positions, the worlds pytrick.sample_deals draws from the
observation of the seat to move agree on everything that seat can see and
differ in the hidden hands.  Every card and every announcement, legal or not,
tried for every seat in each world must give the same answer: the same error
class, reason, rule and message (or the same success).  Both backends are
checked, on the same worlds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType

import pytest

import pytrick
import trickcore
from pytrick import SpidgeDeal, SpidgeRules, SpitzerDeal, SpitzerRules
from pytrick.spidge.table import Hand, player_of
from trickcore.errors import PytrickError

Backend = dict[str, ModuleType]
WORLDS = 3


def positions(backend: Backend) -> int:
    """Positions to sweep: fewer on the slower reference backend."""
    compiled = not backend["_spitzer"].__name__.startswith("trickcore._reference")
    return 24 if compiled and trickcore.BACKEND == "cython" else 8

SPITZER_RULES = (
    SpitzerRules(),
    SpitzerRules(void_call="first_void_player", call_requires_lead=True,
                 schneider_announcement=True, zola_requires_both_queens=True),
)
SPIDGE_RULES = (SpidgeRules(), SpidgeRules(jokers=False, spades_must_be_broken=True))


def outcome(attempt: Callable[..., object], *args: object) -> tuple[object, ...]:
    """What a player is told when he tries a move: ``attempt(*args)``."""
    try:
        answer = attempt(*args)
    except PytrickError as error:
        return (type(error).__name__, getattr(error, "reason", None),
                getattr(error, "rule", None), str(error))
    return ("ok", answer)


def spitzer_answers(S: ModuleType, world: SpitzerDeal) -> list[tuple[object, ...]]:
    """Every card and announcement, for every seat, on a copy of *world* in core *S*."""
    state = S.SpitzerState(
        [world.original_hand(s) for s in range(4)], world.dealer, world.options,
        [int(code) for _, code in world.announcements],
        [card for _, card in world.plays],
    )
    answers = []
    for seat in (None, 0, 1, 2, 3):
        for card in sorted(S.PACK):
            answers.append(outcome(state.copy().play, card, seat))
        for code in range(S.N_ANNOUNCEMENTS + 1):  # one beyond the last code
            answers.append(outcome(state.copy().announce, code, seat))
    return answers


def spidge_answers(S: ModuleType, world: SpidgeDeal) -> list[tuple[object, ...]]:
    state = S.SpidgeState(world.initial_hands, world.flags, world.slam_tricks,
                          world.spidge_tricks)
    for card in world.history:
        state.play(card)
    answers = []
    for card in range(54):
        answers.append(outcome(state.copy().play, card))
        answers.append(outcome(state.illegal_reason, card))
    return answers


def spidge_public_answers(world: SpidgeDeal) -> list[tuple[object, ...]]:
    """play(card, player), which checks the turn first, for every player."""
    return [outcome(world.copy().play, card, player)
            for player in range(3) for card in range(54)]


def random_position(deal: SpitzerDeal | SpidgeDeal, rng: random.Random, most: int) -> None:
    """Up to *most* random moves (short of the end, where nothing is hidden)."""
    steps = rng.randrange(most)
    while steps and not deal.is_over:
        deal.play_action(deal.random_move(rng))
        steps -= 1


def test_spitzer_errors_are_the_same_in_every_world_the_seat_cannot_tell_apart(
    backend: Backend,
) -> None:
    rng = random.Random(11)
    differing = 0
    for n in range(positions(backend)):
        deal = SpitzerDeal.from_seed(n, rules=SPITZER_RULES[n % 2])
        random_position(deal, rng, 30)
        seat = deal.to_move
        worlds = [deal, *pytrick.sample_deals(deal.observation(seat), WORLDS, seed=n)]
        assert all(w.observation(seat) == deal.observation(seat) for w in worlds)
        differing += any(w.original_hand(s) != deal.original_hand(s)
                         for w in worlds for s in range(4))
        expected = spitzer_answers(backend["_spitzer"], deal)
        for world in worlds[1:]:
            assert spitzer_answers(backend["_spitzer"], world) == expected, (n, seat)
    assert differing >= positions(backend) // 2  # the worlds really hide different cards


def test_spidge_errors_are_the_same_in_every_world_the_player_cannot_tell_apart(
    backend: Backend,
) -> None:
    rng = random.Random(12)
    differing = 0
    for n in range(positions(backend)):
        deal = SpidgeDeal.from_seed(n, rules=SPIDGE_RULES[n % 2])
        random_position(deal, rng, 48)
        assert deal.to_move is not None
        player = deal.to_move.player
        worlds = [deal, *pytrick.sample_deals(deal.observation(player), WORLDS, seed=n)]
        assert all(w.observation(player) == deal.observation(player) for w in worlds)
        differing += any(w.initial_hands != deal.initial_hands for w in worlds)
        expected = spidge_answers(backend["_spidge"], deal)
        public = spidge_public_answers(deal)
        for world in worlds[1:]:
            assert spidge_answers(backend["_spidge"], world) == expected, (n, player)
            assert spidge_public_answers(world) == public, (n, player)
    assert differing >= positions(backend) // 2


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_a_card_held_by_another_seat_gets_the_same_refusal_whoever_holds_it(
    backend: Backend, game: str
) -> None:
    """Two deals the mover cannot tell apart, two hidden hands swapped: each
    card of those hands is refused as not held, with the same message in both
    (so it never names, or hints at, the holder), naming the card tried."""
    if game == "spitzer":
        deal = SpitzerDeal.from_seed(3)
        for _ in range(4):
            deal.announce("pass")
        me = deal.to_move
        hands = [deal.original_hand(s) for s in range(4)]
        a, b = (me + 1) % 4, (me + 2) % 4
        swapped = list(hands)
        swapped[a], swapped[b] = hands[b], hands[a]
        twin = SpitzerDeal(swapped, deal.dealer, deal.options, (0,) * 4)
        assert twin.observation(me) == deal.observation(me)
        states = [backend["_spitzer"].SpitzerState(h, deal.dealer, deal.options, (0,) * 4)
                  for h in (hands, swapped)]
    else:
        deal = SpidgeDeal.from_seed(3)
        hands = list(deal.initial_hands)
        mover = deal.to_move.player
        a, b = (deal.hand_to_move + 2) % 4, (deal.hand_to_move + 3) % 4  # the hidden ones
        swapped = list(hands)
        swapped[a], swapped[b] = hands[b], hands[a]
        states = [backend["_spidge"].SpidgeState(h, deal.flags) for h in (hands, swapped)]
        by_player: list[object] = [None, None, None]
        for hand in (Hand.LEFT, Hand.RIGHT, Hand.DEALER):
            by_player[player_of(hand, deal.dealer)] = swapped[hand]
        twin = SpidgeDeal(by_player, swapped[Hand.DUMMY], deal.dealer, deal.rules)
        assert twin.observation(mover) == deal.observation(mover)
    tried = 0
    for card in sorted(hands[a] | hands[b]):
        told = [outcome(state.copy().play, card) for state in states]
        assert told[0] == told[1], (card, told)
        kind, reason, _rule, message = told[0]
        assert (kind, reason) == ("IllegalMoveError", "card_not_held")
        assert trickcore.Card(card).unicode() in str(message)
        tried += 1
    assert tried == len(hands[a]) + len(hands[b]) >= 16
