"""The per-game card tables, on both backends, against RULES.md 1.2 and 2.3."""

from __future__ import annotations

from types import ModuleType

import pytest

from trickcore.card import Card
from trickcore.errors import InvalidCardError


def cards(text: str) -> list[int]:
    return [int(Card(word)) for word in text.split()]


# RULES.md 1.2, copied by hand from the rules, highest first.
SPITZER_TRUMPS = cards("Q♣ 7♦ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦")
SPITZER_FAIL_RANKS = "A 10 K 9 8 7".split()
SPITZER_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def test_spitzer_pack_is_32_cards_seven_to_ace(backend: dict[str, ModuleType]) -> None:
    spitzer = backend["_spitzer"]
    ranks = "7 8 9 10 J Q K A".split()
    assert sorted(spitzer.PACK) == sorted(cards(" ".join(r + s for s in "CDHS" for r in ranks)))
    assert len(spitzer.PACK) == 32


def test_spitzer_has_14_trumps_in_the_exact_order(backend: dict[str, ModuleType]) -> None:
    spitzer = backend["_spitzer"]
    assert list(spitzer.TRUMP_ORDER) == SPITZER_TRUMPS
    strengths = [spitzer.strength(c) for c in SPITZER_TRUMPS]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 14
    for card in spitzer.PACK:
        assert spitzer.is_trump(card) == (card in SPITZER_TRUMPS)
        assert (spitzer.effective_suit(card) == spitzer.TRUMPS) == (card in SPITZER_TRUMPS)
    assert int(spitzer.suit_mask(spitzer.TRUMPS)) == sum(1 << c for c in SPITZER_TRUMPS)


@pytest.mark.parametrize("suit", "♣♠♥")
def test_spitzer_fail_suits_rank_a_10_k_9_8_7_without_queen_and_jack(
    backend: dict[str, ModuleType], suit: str
) -> None:
    spitzer = backend["_spitzer"]
    fail = cards(" ".join(rank + suit for rank in SPITZER_FAIL_RANKS))
    strengths = [spitzer.strength(c) for c in fail]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 6
    effective = {spitzer.effective_suit(c) for c in fail}
    assert effective == {Card(fail[0]).suit}
    assert int(spitzer.suit_mask(effective.pop())) == sum(1 << c for c in fail)
    for face in ("Q", "J"):
        assert spitzer.effective_suit(Card(face + suit)) == spitzer.TRUMPS


def test_spitzer_card_points_total_120(backend: dict[str, ModuleType]) -> None:
    spitzer = backend["_spitzer"]
    for card in spitzer.PACK:
        rank = Card(card).unicode()[:-1]
        assert spitzer.card_points(card) == SPITZER_POINTS[rank]
    assert sum(spitzer.card_points(c) for c in spitzer.PACK) == 120


def test_spitzer_action_index_is_a_dense_bijection(backend: dict[str, ModuleType]) -> None:
    spitzer = backend["_spitzer"]
    assert spitzer.N_ACTIONS == 32
    assert sorted(spitzer.action_index(c) for c in spitzer.PACK) == list(range(32))
    for action in range(32):
        assert spitzer.action_index(spitzer.card_of_action(action)) == action
    with pytest.raises(InvalidCardError, match="actions are 0 to 31"):
        spitzer.card_of_action(32)


@pytest.mark.parametrize("text", ["6C", "2D", "JK1"])
def test_spitzer_tables_reject_cards_outside_the_pack(
    backend: dict[str, ModuleType], text: str
) -> None:
    spitzer = backend["_spitzer"]
    for lookup in (spitzer.strength, spitzer.card_points, spitzer.effective_suit, spitzer.action_index):
        with pytest.raises(InvalidCardError, match=f"{text} is not a Spitzer card"):
            lookup(Card(text))


@pytest.mark.parametrize("jokers", [True, False])
def test_spidge_pack_has_52_cards_either_way(backend: dict[str, ModuleType], jokers: bool) -> None:
    spidge = backend["_spidge"]
    pack = spidge.pack(jokers)
    assert len(pack) == len(set(pack)) == 52
    with_jokers = {Card("JK1"), Card("JK2")}
    without = {Card("2♦"), Card("2♥")}
    if jokers:
        assert with_jokers <= set(pack) and not without & set(pack)
    else:
        assert set(pack) == set(range(52))


def test_spidge_ranks_and_suits(backend: dict[str, ModuleType]) -> None:
    spidge = backend["_spidge"]
    order = cards("JK1 AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H")
    strengths = [spidge.strength(c) for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 14
    assert spidge.strength(Card("JK1")) == spidge.strength(Card("JK2"))
    for card in range(52):
        assert spidge.effective_suit(card) == Card(card).suit
        assert spidge.is_trump(card) == (Card(card).suit == 3)
    for joker in spidge.JOKERS:
        assert spidge.effective_suit(joker) == spidge.SPADES and spidge.is_trump(joker)
        assert spidge.effective_suit(joker, "wild") == spidge.NO_SUIT
        assert not spidge.is_trump(joker, "wild")
    with pytest.raises(ValueError, match="joker_suit"):
        spidge.effective_suit(Card("JK1"), "trumps")
    assert [spidge.action_index(c) for c in range(54)] == list(range(54))
    assert spidge.N_ACTIONS == 54
