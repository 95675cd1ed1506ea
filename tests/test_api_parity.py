"""Spitzer and Spidge answer the same questions the same way.

``SpitzerState.illegal_reason`` (and, for the auction,
``illegal_announcement_reason``) as ``SpidgeState.illegal_reason``, the same
on both backends; text that names no announcement is bad input, as text that
names no card; counts of cards agree in number; the Gymnasium envs take a
numpy seed as the rest of pytrick does.
"""

from __future__ import annotations

import random
from types import ModuleType

import numpy as np
import pytest

import pytrick
from _extras import import_extra
from pytrick.spitzer import Announcement, SpitzerDeal
from trickcore.errors import IllegalMoveError, InvalidArgumentError, InvalidCardError

NON_SPITZER = ("2C", "6H", "JK1")


def _random_states(S: ModuleType, seed: int, count: int) -> list[object]:
    """*count* Spitzer states of one random game each, in every phase: some in
    the auction, some in play, some over, under random options."""
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        pack = list(S.PACK)
        rng.shuffle(pack)
        state = S.SpitzerState([pack[i::4] for i in range(4)], rng.randrange(4),
                               rng.randrange(S.ALL_OPTIONS + 1))
        stop = rng.randrange(4 + 33)
        for _ in range(stop):
            if state.is_over:
                break
            # Announce often, so that calls and their lead duties come up.
            legal = state.legal_actions
            calls = [a for a in legal if a > 32]
            state.play_action(rng.choice(calls if calls and rng.random() < 0.5 else legal))
        states.append(state)
    return states


def _verdicts(state: object) -> list[str | None]:
    """illegal_reason of every Spitzer card and a few others, then
    illegal_announcement_reason of every code."""
    answers: list[str | None] = []
    for card in range(54):  # every card number
        try:
            answers.append(state.illegal_reason(card))  # type: ignore[attr-defined]
        except InvalidCardError as error:
            answers.append(f"InvalidCardError: {error}")
    for code in range(13):
        answers.append(state.illegal_announcement_reason(code))  # type: ignore[attr-defined]
    return answers


def test_spitzer_illegal_reason_is_none_exactly_when_legal(backend: dict[str, ModuleType]) -> None:
    S = backend["_spitzer"]
    for state in _random_states(S, 1, 120):
        before = state.copy()  # type: ignore[attr-defined]
        for card in S.PACK:
            reason = state.illegal_reason(card)  # type: ignore[attr-defined]
            trial = state.copy()  # type: ignore[attr-defined]
            try:
                trial.play(card)
            except IllegalMoveError as error:
                assert reason == error.message
            else:
                assert reason is None
                assert card in state.legal_moves  # type: ignore[attr-defined]
        for code in range(S.N_ANNOUNCEMENTS):
            reason = state.illegal_announcement_reason(code)  # type: ignore[attr-defined]
            trial = state.copy()  # type: ignore[attr-defined]
            try:
                trial.announce(code)
            except IllegalMoveError as error:
                assert reason == error.message
            else:
                assert reason is None
                assert code in state.legal_announcements  # type: ignore[attr-defined]
        assert state == before  # asking changes nothing


def test_spitzer_illegal_reason_names_the_rule(backend: dict[str, ModuleType]) -> None:
    S = backend["_spitzer"]
    hands = ["QC QS AC AS AH 7D 8D 9D", "JS JH QH TD JD QD KD AD",
             "KC 9H TH KH 9S TS KS JC", "7C 8C 9C TC 7H 8H 7S 8S"]
    state = S.SpitzerState(hands, dealer=3)
    assert state.illegal_reason("QC") == (
        "the announcements are not finished: seat 0 must announce or pass before play")
    assert state.illegal_announcement_reason(S.ZOLA) is None
    assert state.illegal_announcement_reason(S.ACE_CALL_CLUBS) == (
        "the ace call in ♣ calls an ace you hold yourself: A♣")
    assert state.illegal_announcement_reason(S.SCHNEIDER) == (
        "Schneider is a house rule that is off (schneider_announcement=False)")
    for _ in range(4):
        state.announce(S.PASS)
    assert state.illegal_announcement_reason(S.PASS) == (
        "the announcements are over: they are made before the first lead")
    assert state.illegal_reason("QC") is None
    state.play("AC")
    assert state.illegal_reason("QD") is None  # seat 1 cannot follow clubs: a trump
    assert state.illegal_reason("KC").startswith("seat 1 does not hold K♣: the legal cards are ")
    assert state.illegal_reason("AC") == "seat 1 does not hold A♣: it has already been played"
    # Bad input is still an error, not a reason: as play() and announce().
    for card in NON_SPITZER:
        with pytest.raises(InvalidCardError, match="not a Spitzer card"):
            state.illegal_reason(card)
    with pytest.raises(InvalidArgumentError, match="unknown Spitzer announcement 13"):
        S.SpitzerState(hands, dealer=3).illegal_announcement_reason(13)


def test_spitzer_illegal_reason_same_text_on_both_backends(
    both_backends: tuple[dict[str, ModuleType], dict[str, ModuleType]],
) -> None:
    compiled, reference = (b["_spitzer"] for b in both_backends)
    for a in _random_states(compiled, 2, 150):
        b = reference.SpitzerState(
            [a.original_hand(s) for s in range(4)], a.dealer, a.options,  # type: ignore[attr-defined]
            [code for _, code in a.announcements],  # type: ignore[attr-defined]
            [card for _, card in a.plays])  # type: ignore[attr-defined]
        assert _verdicts(a) == _verdicts(b)


def test_spitzer_illegal_reason_of_a_state_never_set_up(
    both_backends: tuple[dict[str, ModuleType], dict[str, ModuleType]],
) -> None:
    for backend in both_backends:
        S = backend["_spitzer"]
        state = S.SpitzerState.__new__(S.SpitzerState)
        for method, argument in (("illegal_reason", "2C"), ("illegal_reason", "QC"),
                                 ("illegal_announcement_reason", 99)):
            with pytest.raises(pytrick.PytrickError, match="never set up"):
                getattr(state, method)(argument)


def test_spitzer_deal_illegal_announcement_reason_takes_names() -> None:
    deal = SpitzerDeal.from_seed(2)
    assert deal.illegal_announcement_reason("zola") is None
    assert deal.illegal_announcement_reason(Announcement.PASS) is None
    assert deal.illegal_announcement_reason("ace:H") == (
        "the ace call in ♥ needs both black queens (Q♣ and Q♠): you hold neither")
    assert "A♦ is a trump" in (deal.illegal_announcement_reason("ace:D") or "")
    with pytest.raises(InvalidArgumentError, match="unknown Spitzer announcement 'foo'"):
        deal.illegal_announcement_reason("foo")


# -- text that names no announcement is bad input, not an illegal move ------------


def test_unknown_announcement_is_invalid_input(backend: dict[str, ModuleType]) -> None:
    deal = SpitzerDeal.from_seed(2)
    before = deal.copy()
    with pytest.raises(InvalidArgumentError) as caught:
        deal.announce("foo")
    assert not isinstance(caught.value, IllegalMoveError)
    message = str(caught.value)
    assert "unknown Spitzer announcement 'foo'" in message
    for word in ("pass", "zola", "ace:H", "void_call", "first_trick_call", "schneider"):
        assert word in message
    with pytest.raises(InvalidArgumentError, match="unknown Spitzer announcement 99"):
        deal.announce(99)
    S = backend["_spitzer"]
    state = S.SpitzerState([before.original_hand(s) for s in range(4)], before.dealer)
    with pytest.raises(InvalidArgumentError, match="codes are 0 \\(pass\\) to 12"):
        state.announce(13)
    assert deal == before
    # An announcement that exists but is not legal now is still an illegal move.
    with pytest.raises(IllegalMoveError) as illegal:
        deal.announce("ace:H")
    assert illegal.value.reason == "needs_both_black_queens"
    with pytest.raises(IllegalMoveError, match="A♦ is a trump"):
        deal.announce("ace:D")
    assert deal == before
    reasons = {(r.game, r.reason) for r in pytrick.errors.ILLEGAL_MOVE_REASONS}
    assert ("spitzer", "unknown_announcement") not in reasons


def test_a_record_naming_no_announcement_says_so() -> None:
    record = SpitzerDeal.from_seed(2).to_record()
    record["announcements"] = ["slam"]
    with pytest.raises(pytrick.RecordError,
                       match="announcements\\[0\\]: unknown Spitzer announcement 'slam': the "):
        SpitzerDeal.from_record(record)
    record["announcements"] = ["ace_call_diamonds"]
    with pytest.raises(pytrick.RecordError, match=r"'ace_call_diamonds' is illegal: .*A♦ is a trump"):
        SpitzerDeal.from_record(record)


def test_play_prompt_answers_unknown_and_illegal_announcements_in_one_line() -> None:
    import io

    from pytrick.play import Session

    out = io.StringIO()
    # Seed 3: seat 1, the first to speak, holds no black queen.
    play = Session("spitzer", seat=1, seed=3, deals=1, stdin=io.StringIO("foo\nace:H\nquit\n"),
                   out=out, color=False)
    assert play.run() == 0
    text = out.getvalue()
    unknown = [line for line in text.splitlines() if "unknown Spitzer announcement 'foo'" in line]
    illegal = [line for line in text.splitlines() if "needs both black queens" in line]
    assert len(unknown) == 1 and "Announcements now:" in unknown[0]
    assert len(illegal) == 1 and illegal[0].startswith("you> Not allowed:")
    assert "Traceback" not in text


# -- counts of cards ---------------------------------------------------------------


def test_hand_sizes_are_counted_in_good_english(backend: dict[str, ModuleType]) -> None:
    S, D = backend["_spitzer"], backend["_spidge"]
    pack = list(S.PACK)
    with pytest.raises(InvalidCardError, match="hand 0 has 1 card; each hand has 8"):
        S.SpitzerState([pack[:1], pack[8:16], pack[16:24], pack[24:32]])
    with pytest.raises(InvalidCardError, match="hand 0 has 7 cards; each hand has 8"):
        S.SpitzerState([pack[:7], pack[8:16], pack[16:24], pack[24:32]])
    with pytest.raises(InvalidCardError, match="1 card; the pack has 32"):
        S.deal_pack(pack[:1], 0)
    spidge_pack = list(D.pack(False))
    hands = [spidge_pack[i * 13:(i + 1) * 13] for i in range(4)]
    with pytest.raises(InvalidCardError, match="the left hand has 1 card, not 13"):
        D.SpidgeState([hands[0][:1], *hands[1:]], 0)
    with pytest.raises(InvalidCardError, match="the left hand has 12 cards, not 13"):
        D.SpidgeState([hands[0][:12], *hands[1:]], 0)
    sampling = backend["_sampling"]
    with pytest.raises(pytrick.PytrickError, match="but 1 card is hidden"):
        sampling.count_assignments(1, [2], [1])


# -- the Gymnasium envs take numpy seeds -------------------------------------------


@pytest.mark.parametrize("kind", ["SpitzerEnv", "SpidgeEnv"])
def test_gym_env_takes_a_numpy_seed(kind: str) -> None:
    import_extra("gymnasium")
    from pytrick.envs import gym as envs

    env = getattr(envs, kind)()
    plain, _ = env.reset(seed=3)
    numpy_seeded, _ = env.reset(seed=np.int64(3))
    assert np.array_equal(plain, numpy_seeded)
    assert np.array_equal(env.reset(seed=np.uint8(3))[0], plain)
    with pytest.raises(pytrick.ArgumentTypeError, match="seed"):
        env.reset(seed=3.0)  # type: ignore[arg-type]
    with pytest.raises(pytrick.ArgumentTypeError, match="seed"):
        env.reset(seed=np.True_)  # type: ignore[arg-type]


def test_gym_vector_env_takes_a_numpy_seed() -> None:
    import_extra("gymnasium")
    from pytrick.envs.gym import SpitzerVectorEnv

    env = SpitzerVectorEnv(num_envs=2)
    plain, _ = env.reset(seed=5)
    numpy_seeded, _ = env.reset(seed=np.int64(5))
    assert np.array_equal(plain, numpy_seeded)
