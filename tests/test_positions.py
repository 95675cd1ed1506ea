"""One-line positions for both games: format_position / parse_position round-trip,
and a bad string gets an error naming its field."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytrick import IllegalMoveError, InvalidArgumentError, InvalidCardError
from pytrick.spidge import SpidgeDeal, SpidgeRules
from pytrick.spidge import format_position as format_spidge
from pytrick.spidge import parse_position as parse_spidge
from pytrick.spitzer import SpitzerDeal, SpitzerRules
from pytrick.spitzer import format_position as format_spitzer
from pytrick.spitzer import parse_position as parse_spitzer

spitzer_rules = st.builds(
    SpitzerRules,
    target=st.integers(1, 200),
    zola_requires_both_queens=st.booleans(),
    void_call=st.sampled_from(["called_ace_holder", "first_void_player"]),
    first_trick_call=st.sampled_from(["first_trick_winner", "first_trick_won_by_other"]),
    call_requires_lead=st.booleans(),
    schneider_announcement=st.booleans(),
)
spidge_rules = st.builds(
    SpidgeRules,
    jokers=st.booleans(),
    joker_suit=st.sampled_from(["trump", "wild"]),
    spades_must_be_broken=st.booleans(),
    grand_slam=st.sampled_from(["no_tricks", "all_tricks"]),
)


@settings(max_examples=150)
@given(st.integers(0, 2**32), spitzer_rules, st.integers(0, 36), st.floats(0, 1))
def test_spitzer_positions_round_trip(
    seed: int, rules: SpitzerRules, moves: int, announce: float
) -> None:
    deal = SpitzerDeal.from_seed(seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(moves):
        if deal.is_over:
            break
        said = deal.legal_announcements
        if said:
            deal.announce(rng.choice(said) if rng.random() < announce else said[0])
        else:
            deal.play(rng.choice(list(deal.legal_moves)))
    text = deal.position()
    assert "\n" not in text and text == format_spitzer(deal)
    again = SpitzerDeal.from_position(text)
    assert again == deal and again.rules == rules and again.position() == text
    assert parse_spitzer(SpitzerDeal, text) == deal
    assert eval(repr(deal)) == deal  # repr rebuilds the deal, target included


@settings(max_examples=100)
@given(st.integers(0, 2**32), spidge_rules, st.integers(0, 52))
def test_spidge_positions_round_trip(seed: int, rules: SpidgeRules, moves: int) -> None:
    deal = SpidgeDeal.from_seed(seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(moves):
        if deal.is_over:
            break
        deal.play(rng.choice(list(deal.legal_moves)))
    text = format_spidge(deal)
    again = parse_spidge(SpidgeDeal, text, rules)
    assert again == deal and again.position() == text


GOOD = SpitzerDeal.from_seed(2)
GOOD.announce("pass")
FIELDS = GOOD.position().split("/")


def _with(index: int, value: str) -> str:
    fields = list(FIELDS)
    fields[index] = value
    return "/".join(fields)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("-/3/KC7D", InvalidArgumentError, r"^position: expected 8 fields RULES/DEALER/"),
        (_with(0, "x"), InvalidArgumentError, r"^position: rules: 'x': write '-' or the option"),
        (_with(0, "vv"), InvalidArgumentError, r"^position: rules: 'vv'"),
        (_with(0, "-:0"), InvalidArgumentError, r"^position: rules: the target '0'"),
        (_with(0, "-:abc"), InvalidArgumentError, r"^position: rules: the target 'abc'"),
        (_with(1, "7"), InvalidArgumentError, r"^position: dealer: '7' is not a seat"),
        (_with(2, "KC7D7H"), InvalidCardError, r"^position: hands: .*hand 0 has 3 cards"),
        (_with(3, "8DJDADJHQHQS9CT"), InvalidCardError, r"^position: hand 1: .*odd length"),
        (_with(4, "7CJC8HAH7SKSTSZZ"), InvalidCardError, r"^position: hand 2: "),
        (_with(6, "shout"), InvalidArgumentError,
         r"^position: announcements\[0\]: unknown Spitzer announcement 'shout'"),
        (_with(6, "pass,pass,pass,pass,pass"), IllegalMoveError,
         r"^position: announcements\[4\]: "),
        (_with(7, "JS"), IllegalMoveError, r"^position: plays\[0\]: "),
    ],
)
def test_a_bad_spitzer_position_names_its_field(text: str, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        SpitzerDeal.from_position(text)


def test_a_position_is_a_string() -> None:
    with pytest.raises(TypeError, match="a position is a str, not bytes"):
        SpitzerDeal.from_position(b"-/0")  # type: ignore[arg-type]


def test_the_default_rules_and_a_target_are_written_as_documented() -> None:
    deal = SpitzerDeal.from_seed(1)
    assert deal.position().startswith(f"-/{deal.dealer}/") and deal.position().endswith("//")
    rules = SpitzerRules(target=84, void_call="first_void_player", schneider_announcement=True)
    assert SpitzerDeal.from_seed(1, rules=rules).position().startswith("vs:84/")
    assert SpitzerDeal.from_position("vs:84" + deal.position()[1:]).rules == rules
