"""Every built-in bot checks what it is asked before deciding: an observation of
its own game, the phase of the decision, and the observer to move.  The errors
are the ones the deal gives for the same move, and name no card."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from pytrick import ArgumentTypeError, IllegalMoveError, spidge, spitzer

SPITZER_BOTS: list[Callable[[], Any]] = [
    lambda: spitzer.RandomBot(seed=1),
    lambda: spitzer.HeuristicBot(seed=1),
    lambda: spitzer.ISMCTSBot(iterations=20, seed=1),
    lambda: spitzer.PIMCBot(worlds=2, seconds=None, seed=1),
]
SPIDGE_BOTS: list[Callable[[], Any]] = [
    lambda: spidge.RandomBot(seed=1),
    lambda: spidge.HeuristicBot(seed=1),
    lambda: spidge.ISMCTSBot(iterations=20, seed=1),
    lambda: spidge.PIMCBot(worlds=2, seconds=None, seed=1),
]
NAMES = ["random", "heuristic", "ismcts", "pimc"]


def _spitzer_in_play() -> spitzer.SpitzerDeal:
    """The review's position: four passes, one trick begun, seat 2 to play."""
    deal = spitzer.SpitzerDeal.from_seed(7)
    for _ in range(4):
        deal.announce("pass")
    for card in ("8D", "QC", "JD", "JC"):
        deal.play(card)
    assert deal.to_move == 2
    return deal


def _names_a_card(message: str, cards: object) -> bool:
    """Does *message* name one of *cards*, as text (``KS``) or symbols (``K♠``)?"""
    return any(re.search(rf"\b{card}\b", message) or card.unicode() in message
               for card in cards)  # type: ignore[attr-defined]


def _hidden_from(deal: spitzer.SpitzerDeal, seat: int) -> list[Any]:
    return [card for other in range(4) if other != seat for card in deal.hand(other)]


def _refused(decide: Callable[[Any], object], observation: object, error: type[Exception],
             reason: str | None, match: str) -> str:
    """The message of the *error* that ``decide(observation)`` raises, with *reason*."""
    with pytest.raises(error, match=match) as caught:
        decide(observation)
    if reason is not None:
        assert isinstance(caught.value, IllegalMoveError)
        assert caught.value.reason == reason
    return str(caught.value)


@pytest.mark.parametrize("make", SPITZER_BOTS, ids=NAMES)
def test_spitzer_bots_refuse_a_seat_not_to_play(make: Callable[[], Any]) -> None:
    deal = _spitzer_in_play()
    before = deal.position()
    message = _refused(make().play, deal.observation(3), IllegalMoveError, "not_your_turn",
                       r"\.play: seat 3 is not to play, seat 2 is \(rules §1\.6\)$")
    assert not _names_a_card(message, _hidden_from(deal, 3))
    assert deal.position() == before


@pytest.mark.parametrize("make", SPITZER_BOTS, ids=NAMES)
def test_spitzer_bots_refuse_an_announcement_during_play(make: Callable[[], Any]) -> None:
    deal = _spitzer_in_play()
    # Seat 2 is to move, but it is the play: no announcement, not even a quiet pass.
    _refused(make().announce, deal.observation(2), IllegalMoveError, "wrong_phase",
             r"\.announce: the announcements are over, ask play\(\) for a card \(rules §1\.5\)$")


@pytest.mark.parametrize("make", SPITZER_BOTS, ids=NAMES)
def test_spitzer_bots_refuse_a_card_during_the_auction_and_a_seat_not_to_speak(
    make: Callable[[], Any],
) -> None:
    deal = spitzer.SpitzerDeal.from_seed(7)
    speaker = deal.to_move
    _refused(make().play, deal.observation(speaker), IllegalMoveError, "wrong_phase",
             r"\.play: the announcements are not over, ask announce\(\) first \(rules §1\.5\)$")
    other = (speaker + 1) % 4
    message = _refused(make().announce, deal.observation(other), IllegalMoveError,
                       "not_your_turn", f"seat {other} is not to speak, seat {speaker} is")
    assert not _names_a_card(message, _hidden_from(deal, other))


@pytest.mark.parametrize("make", SPITZER_BOTS, ids=NAMES)
def test_spitzer_bots_refuse_a_finished_deal(make: Callable[[], Any]) -> None:
    deal = _spitzer_in_play()
    while not deal.is_over:
        deal.play(deal.legal_moves.min())
    _refused(make().play, deal.observation(0), IllegalMoveError, "deal_over",
             "the deal is over")


@pytest.mark.parametrize("make", SPITZER_BOTS, ids=NAMES)
def test_spitzer_bots_take_only_a_spitzer_observation(make: Callable[[], Any]) -> None:
    deal = _spitzer_in_play()
    other = spidge.SpidgeDeal.from_seed(1)
    for wrong in (deal, other.observation(other.to_move.player), None):
        for decision in ("play", "announce"):
            _refused(getattr(make(), decision), wrong, ArgumentTypeError, None,
                     rf"needs a SpitzerObservation \(deal\.observation\(seat\)\), "
                     rf"not {type(wrong).__name__}$")


@pytest.mark.parametrize("make", SPIDGE_BOTS, ids=NAMES)
def test_spidge_bots_refuse_a_player_not_to_play(make: Callable[[], Any]) -> None:
    deal = spidge.SpidgeDeal.from_seed(3)
    for _ in range(5):
        deal.play(deal.legal_moves.min())
    turn = deal.to_move
    assert turn is not None
    for player in {0, 1, 2} - {turn.player}:
        message = _refused(make().play, deal.observation(player), IllegalMoveError,
                           "not_your_turn",
                           rf"\.play: player {player} is not to play, player {turn.player}.* is "
                           r"\(rules §2\.5\)$")
        hidden = [card for hand in spidge.Hand if hand not in (deal.hand_of(player), spidge.Hand.DUMMY)
                  for card in deal.hand(hand)]
        assert not _names_a_card(message, hidden)


@pytest.mark.parametrize("make", SPIDGE_BOTS, ids=NAMES)
def test_spidge_bots_refuse_a_finished_deal_and_other_inputs(make: Callable[[], Any]) -> None:
    deal = spidge.SpidgeDeal.from_seed(3)
    wrong_game = _spitzer_in_play()
    for wrong in (deal, wrong_game.observation(2), "player 0"):
        _refused(make().play, wrong, ArgumentTypeError, None,
                 rf"needs a SpidgeObservation \(deal\.observation\(player\)\), not {type(wrong).__name__}$")
    while not deal.is_over:
        deal.play(deal.legal_moves.min())
    _refused(make().play, deal.observation(0), IllegalMoveError, "deal_over",
             r"the deal is over.*\(rules §2\.5\)$")


def test_the_dealer_is_asked_on_the_dummys_turn() -> None:
    deal = spidge.SpidgeDeal.from_seed(3)
    while deal.to_move is not None and not deal.to_move.playing_dummy:
        deal.play(deal.legal_moves.min())
    assert deal.to_move is not None
    observation = deal.observation(deal.dealer)
    for make in SPIDGE_BOTS[:2]:
        assert make().play(observation) in deal.legal_moves
