"""Card identity and the card-text parser (RULES.md 1.2, 2.3 name the cards)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytrick import ALL_CARDS, Card, InvalidCardError, Rank, Suit, parse_card

cards = st.sampled_from(ALL_CARDS)


def test_there_are_54_distinct_cards_numbered_by_suit_then_rank() -> None:
    assert len(ALL_CARDS) == 54
    assert [int(c) for c in ALL_CARDS] == list(range(54))
    assert Card("2C") == 0 and Card("AC") == 12 and Card("2D") == 13 and Card("AS") == 51
    assert Card("JK1") == 52 and Card("JK2") == 53


@given(cards)
def test_ascii_and_unicode_spellings_round_trip(card: Card) -> None:
    assert parse_card(str(card)) is card
    assert parse_card(card.unicode()) is card
    assert parse_card(str(card).lower()) is card
    assert Card(int(card)) is card
    assert eval(repr(card)) is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("QC", "QC"), ("Qc", "QC"), ("qc", "QC"), ("Q♣", "QC"), ("♣Q", "QC"), ("CQ", "QC"),
        ("10H", "TH"), ("TH", "TH"), ("10♥", "TH"), ("♥10", "TH"), (" th ", "TH"),
        ("7♦", "7D"), ("7♢", "7D"), ("A♤", "AS"), ("2s", "2S"),
        ("JK1", "JK1"), ("jk2", "JK2"), ("Joker1", "JK1"), ("joker 2", "JK2"),
        ("X1", "JK1"), ("🃏2", "JK2"),
    ],
)
def test_parser_accepts_the_documented_spellings(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "it is empty"),
        ("   ", "it is empty"),
        ("1H", "unknown rank '1'"),
        ("11H", "unknown rank '11'"),
        ("QX", "no suit"),
        ("Q", "no suit"),
        ("C", "no rank"),
        ("QC QS", "2 cards (QC, QS); give one card here"),
        ("QCQS", "two cards (QC and QS) run together"),
        ("QC,", "'QC' is a card, but unexpected text ','"),
        ("AHx", "'AH' is a card, but unexpected text 'x'"),
        ("JK", "say which joker"),
        ("joker", "say which joker"),
        ("JK3", "say which joker, JK1 or JK2"),  # it said "no suit"
        ("joker 7", "say which joker, JK1 or JK2"),
        ("QQC", "unknown rank 'QQ'"),
    ],
)
def test_parser_rejects_bad_text_naming_it(text: str, reason: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert reason in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [-1, 54, 1000])
def test_card_numbers_out_of_range_are_rejected(value: int) -> None:
    with pytest.raises(InvalidCardError, match=f"invalid card number {value}"):
        Card(value)


@pytest.mark.parametrize("value", [1.0, None, True, b"QC"])
def test_card_from_a_non_card_type_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError):
        Card(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [Suit.CLUBS, Suit.SPADES, Rank.ACE])
def test_an_int_enum_is_no_card(value: object) -> None:
    # Suit.CLUBS was read as card 0, the 2 of clubs, and Rank.ACE as card 12.
    with pytest.raises(TypeError, match=rf"card: a {type(value).__name__} is not a card"):
        Card(value)  # type: ignore[arg-type]


def test_a_card_set_holds_no_suit_or_other_enum(backend: dict) -> None:
    from pytrick.spidge import Hand
    from pytrick.spitzer import Announcement

    cards = backend["_cards"].CardSet("2C 3C AC")
    # "Suit.CLUBS in hand" answered whether 2♣ was in it.
    assert Suit.CLUBS not in cards and Rank.ACE not in cards and Hand.DUMMY not in cards
    assert Announcement.PASS not in cards
    assert Card("2C") in cards and 0 in cards and "AC" in cards


def test_suit_rank_and_joker_properties() -> None:
    queen = Card("Q♠")
    assert queen.suit is Suit.SPADES and queen.rank is Rank.QUEEN and not queen.is_joker
    for joker in (Card("JK1"), Card("JK2")):
        assert joker.is_joker and joker.suit is None and joker.rank is None
    assert [c.rank for c in ALL_CARDS[:13]] == list(Rank)
    assert {c.suit for c in ALL_CARDS[:52]} == set(Suit)


def test_cards_are_ordered_hashable_ints_and_survive_copy_and_pickle() -> None:
    assert sorted([Card("AS"), Card("2C"), Card("JK1")]) == [Card("2C"), Card("AS"), Card("JK1")]
    assert len({Card("QC"), parse_card("Q♣"), Card(10)}) == 1
    for card in (Card("QC"), Card("JK2")):
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.deepcopy(card) is card


def test_format_specs() -> None:
    card = Card("10♥")
    assert f"{card}" == "TH" and f"{card:u}" == "10♥" and f"{card:d}" == "34"
    assert Suit.HEARTS.symbol == "♥" and Suit.HEARTS.letter == "H" and Rank.TEN.letter == "T"
