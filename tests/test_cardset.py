"""CardSet on both backends, checked against Python's set."""

from __future__ import annotations

import pickle
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

import trickcore
from trickcore.card import ALL_CARDS, Card
from trickcore.errors import InvalidCardError

card_numbers = st.frozensets(st.integers(0, 53))


def mask(numbers: frozenset[int]) -> int:
    return sum(1 << n for n in numbers)


@given(card_numbers, card_numbers)
def test_algebra_matches_python_sets(
    backend: dict[str, ModuleType], a: frozenset[int], b: frozenset[int]
) -> None:
    CardSet = backend["_cards"].CardSet
    x, y = CardSet(a), CardSet(mask(b))
    assert set(x | y) == a | b and set(x & y) == a & b
    assert set(x - y) == a - b and set(x ^ y) == a ^ b
    assert set(~x) == set(range(54)) - a
    assert (x <= y) == (a <= b) and (x < y) == (a < b)
    assert (x >= y) == (a >= b) and (x > y) == (a > b)
    assert x.issubset(y) == a.issubset(b) and x.issuperset(y) == a.issuperset(b)
    assert x.isdisjoint(y) == a.isdisjoint(b)
    assert set(x.union(y, {0})) == a | b | {0}
    assert set(x.intersection(y)) == a & b and set(x.difference(y)) == a - b
    assert set(x.symmetric_difference(y)) == a ^ b
    assert len(x) == len(a) and bool(x) == bool(a)
    assert [int(c) for c in x] == sorted(a) and [int(c) for c in reversed(x)] == sorted(a)[::-1]
    assert all(n in x for n in a) and not any(n in x for n in set(range(54)) - a)
    assert int(x) == mask(a) and (x == y) == (a == b) and (x == mask(a))
    assert (hash(x) == hash(y)) if a == b else True


@given(card_numbers)
def test_reflected_operators_with_plain_sets(
    backend: dict[str, ModuleType], a: frozenset[int]
) -> None:
    CardSet = backend["_cards"].CardSet
    x = CardSet(a)
    other = {0, 13, 52}
    assert set(other | x) == a | other and set(other & x) == a & other
    assert set(other - x) == other - a and set(other ^ x) == a ^ other


@given(card_numbers)
def test_text_repr_pickle_round_trip(backend: dict[str, ModuleType], a: frozenset[int]) -> None:
    CardSet = backend["_cards"].CardSet
    x = CardSet(a)
    assert CardSet(str(x)) == x and CardSet(x.unicode()) == x and CardSet(x) == x
    assert eval(repr(x), {"CardSet": CardSet}) == x
    assert pickle.loads(pickle.dumps(x)) == x
    assert str(x) == " ".join(str(ALL_CARDS[n]) for n in sorted(a))


def test_min_max_with_without(backend: dict[str, ModuleType]) -> None:
    CardSet = backend["_cards"].CardSet
    x = CardSet("QC 7D JK2")
    assert x.min() is Card("QC") and x.max() is Card("JK2")
    assert x.with_card("AS") == CardSet("QC 7D AS JK2")
    assert x.without_card(Card("7D")) == CardSet("QC JK2")
    assert x.tolist() == [Card("QC"), Card("7D"), Card("JK2")]
    assert "QC" in x and "Q♣" in x and 10 in x and "AS" not in x and 99 not in x and None not in x
    for empty_op in (CardSet().min, CardSet().max):
        with pytest.raises(ValueError, match="empty card set"):
            empty_op()


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        (1 << 54, InvalidCardError, "only bits 0 to 53"),
        (-1, InvalidCardError, "only bits 0 to 53"),
        ("QC ZZ", InvalidCardError, "invalid card text 'ZZ'"),
        ([1, 54], InvalidCardError, "invalid card number 54"),
        ([1.5], TypeError, "not float"),
        (True, TypeError, "bool"),
        (3.0, TypeError, "float"),
    ],
)
def test_bad_construction_is_rejected(
    backend: dict[str, ModuleType], value: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        backend["_cards"].CardSet(value)


def test_backends_agree_on_str_and_masks() -> None:
    sets = [trickcore.load_backend(name)["_cards"].CardSet for name in trickcore.available_backends()]
    for text in ("", "QC", "2C AS JK1 JK2", "TH 10♥ 9D"):
        assert len({str(CardSet(text)) for CardSet in sets}) == 1
        assert len({int(CardSet(text)) for CardSet in sets}) == 1


class CardSetMachine(RuleBasedStateMachine):
    """Random sequences of operations keep a CardSet equal to a Python set."""

    def __init__(self) -> None:
        super().__init__()
        self.sets = [trickcore.load_backend(name)["_cards"].CardSet for name in trickcore.available_backends()]
        self.model: set[int] = set()
        self.values = [CardSet() for CardSet in self.sets]

    @rule(n=st.integers(0, 53))
    def add(self, n: int) -> None:
        self.model.add(n)
        self.values = [v.with_card(n) for v in self.values]

    @rule(n=st.integers(0, 53))
    def remove(self, n: int) -> None:
        self.model.discard(n)
        self.values = [v.without_card(n) for v in self.values]

    @rule(other=card_numbers)
    def union(self, other: frozenset[int]) -> None:
        self.model |= other
        self.values = [v | other for v in self.values]

    @rule(other=card_numbers)
    def intersect(self, other: frozenset[int]) -> None:
        self.model &= other
        self.values = [v & C(other) for v, C in zip(self.values, self.sets, strict=True)]

    @rule(other=card_numbers)
    def xor(self, other: frozenset[int]) -> None:
        self.model ^= other
        self.values = [v ^ mask(other) for v in self.values]

    @invariant()
    def agrees(self) -> None:
        for value in self.values:
            assert {int(c) for c in value} == self.model
            assert len(value) == len(self.model)


TestCardSetMachine = CardSetMachine.TestCase
