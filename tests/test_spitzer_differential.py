"""The compiled core and the reference twin agree after every step of many
random Spitzer deals, under default and non-default options (Hypothesis)."""

from __future__ import annotations

from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _positions import SPITZER_PACK as PACK
from _positions import spitzer_hands

Backends = tuple[dict[str, ModuleType], dict[str, ModuleType]]


@st.composite
def deals(draw: st.DrawFn, options: st.SearchStrategy[int]) -> tuple[list[int], int, int, int]:
    """(hands as masks, dealer, options, seed for the moves), the hands as
    :func:`spitzer_hands` deals them, so that every call comes up."""
    hands, dealer = draw(spitzer_hands())
    masks = [sum(1 << c for c in hand) for hand in hands]
    return masks, dealer, draw(options), draw(st.integers(0, 2**32 - 1))


def compare(a: object, b: object, S: ModuleType) -> None:
    for name in (
        "phase",
        "to_move",
        "announcement",
        "announcer",
        "game_type",
        "called_ace",
        "trick_leader",
        "partner",
        "n_played",
        "is_over",
        "trick_number",
        "legal_announcements",
        "legal_mask",
        "trick_winners",
        "trick_points",
        "tricks_taken",
        "points_taken",
        "declarers",
        "revealed",
        "announcements",
        "plays",
        "current_trick",
    ):
        assert getattr(a, name) == getattr(b, name), name
    assert int(a.legal_moves) == int(b.legal_moves)  # type: ignore[attr-defined]
    for seat in range(4):
        assert int(a.hand(seat)) == int(b.hand(seat))  # type: ignore[attr-defined]
    assert repr(a) == repr(b)


def outcome(action: object) -> tuple[str, str]:
    try:
        action()  # type: ignore[operator]
    except Exception as error:
        return type(error).__name__, str(error)
    return "ok", ""


def run(both: Backends, setup: tuple[list[int], int, int, int]) -> None:
    import random

    C, R = both[0]["_spitzer"], both[1]["_spitzer"]
    masks, dealer, options, seed = setup
    rng = random.Random(seed)
    a = C.SpitzerState(masks, dealer, options)
    b = R.SpitzerState(masks, dealer, options)
    while True:
        compare(a, b, R)
        if b.is_over:
            break
        # A random card or announcement, often illegal: same verdict, same message.
        card = rng.choice(PACK)
        assert outcome(lambda c=card: a.copy().play(c)) == outcome(lambda c=card: b.copy().play(c))
        code = rng.randrange(R.N_ANNOUNCEMENTS)
        assert outcome(lambda c=code: a.copy().announce(c)) == outcome(
            lambda c=code: b.copy().announce(c)
        )
        if b.phase == R.AUCTION:
            choices = b.legal_announcements
            code = rng.choice(choices) if rng.random() < 0.6 else R.PASS
            a.announce(code)
            b.announce(code)
        else:
            card = rng.choice(sorted(b.legal_moves))
            a.play(card)
            b.play(card)
        if rng.random() < 0.05:
            a.undo()
            b.undo()
    assert a.raw_result() == b.raw_result()
    game, side, _points, _tricks, column, scores = a.raw_result()
    assert sum(a.points_taken) == 120 and sum(a.tricks_taken) == 8
    assert min(scores) >= 0 and 0 < side < 16
    assert R.SCORING_TABLE[game][column] != 0, "an impossible cell of the table was reached"


@settings(max_examples=120)
@given(setup=deals(st.just(0)))
def test_backends_agree_with_default_options(both_backends: Backends, setup) -> None:
    run(both_backends, setup)


@settings(max_examples=200)
@given(setup=deals(st.integers(1, 31)))
def test_backends_agree_with_other_options(both_backends: Backends, setup) -> None:
    run(both_backends, setup)


@pytest.mark.parametrize(
    "name",
    [
        "PASS",
        "ZOLA",
        "VOID_CALL",
        "GAME_SCHNEIDER",
        "OPT_CALL_REQUIRES_LEAD",
        "COLUMN_ALL_TRICKS",
        "N_ANNOUNCEMENTS",
        "ALL_OPTIONS",
    ],
)
def test_backends_share_constants(both_backends: Backends, name: str) -> None:
    assert getattr(both_backends[0]["_spitzer"], name) == getattr(
        both_backends[1]["_spitzer"], name
    )


def test_backends_share_the_scoring_table_and_deal(both_backends: Backends) -> None:
    C, R = both_backends[0]["_spitzer"], both_backends[1]["_spitzer"]
    assert C.SCORING_TABLE == R.SCORING_TABLE
    for dealer in range(4):
        assert C.deal_pack(PACK[::-1], dealer) == R.deal_pack(PACK[::-1], dealer)
    for points in range(121):
        for tricks in range(9):
            assert C.scoring_column(points, tricks) == R.scoring_column(points, tricks)
