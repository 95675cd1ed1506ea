"""Exact uniform sampling of hidden hands, on both backends.

Counts are checked against a brute force written here, samples against the
rules of a consistent deal, and the distribution against the exact uniform
one with a chi-square test at fixed seeds (deterministic, not flaky).
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trickcore
from trickcore._reference import _sampling as reference
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

Instance = tuple[int, list[int], list[int]]


@pytest.fixture(scope="session")
def sampling(backend: dict[str, ModuleType]) -> ModuleType:
    return backend["_sampling"]


def mask_of(cards: Sequence[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    return [card for card in range(54) if mask >> card & 1]


def brute_force(hidden: int, sizes: Sequence[int], allowed: Sequence[int]) -> set[tuple[int, ...]]:
    """Every consistent deal, by trying each allowed seat for each card in turn."""
    cards = cards_of(hidden)
    deals: set[tuple[int, ...]] = set()

    def deal(j: int, room: list[int], hands: list[int]) -> None:
        if j == len(cards):
            deals.add(tuple(hands))
            return
        for seat in range(len(sizes)):
            if room[seat] and allowed[seat] >> cards[j] & 1:
                room[seat] -= 1
                hands[seat] |= 1 << cards[j]
                deal(j + 1, room, hands)
                hands[seat] &= ~(1 << cards[j])
                room[seat] += 1

    deal(0, list(sizes), [0] * len(sizes))
    return deals


def assert_consistent(
    deal: tuple[int, ...], hidden: int, sizes: Sequence[int], allowed: Sequence[int]
) -> None:
    assert len(deal) == len(sizes)
    union = 0
    for seat, hand in enumerate(deal):
        assert hand & union == 0, "two seats hold the same card"
        union |= hand
        assert bin(hand).count("1") == sizes[seat]
        assert hand & ~allowed[seat] == 0, f"seat {seat} holds a card it may not hold"
    assert union == hidden


@st.composite
def instances(draw: st.DrawFn, max_cards: int = 7, feasible: bool = True) -> Instance:
    """A random observation; if ``feasible``, built around a hidden true deal so one exists."""
    k = draw(st.integers(1, 4))
    cards = draw(st.lists(st.integers(0, 53), unique=True, max_size=max_cards))
    owners = draw(st.lists(st.integers(0, k - 1), min_size=len(cards), max_size=len(cards)))
    extras = draw(st.lists(st.integers(0, 2**k - 1), min_size=len(cards), max_size=len(cards)))
    sizes = [owners.count(seat) for seat in range(k)]
    allowed = [0] * k
    for card, owner, extra in zip(cards, owners, extras, strict=True):
        seats = extra | (1 << owner) if feasible else extra
        for seat in range(k):
            if seats >> seat & 1:
                allowed[seat] |= 1 << card
    return mask_of(cards), sizes, allowed


def big_instance(rng: random.Random, n_cards: int, k: int, void_rate: float) -> Instance:
    """A feasible observation with many hidden cards and random voids."""
    cards = rng.sample(range(54), n_cards)
    owners = [rng.randrange(k) for _ in cards]
    sizes = [owners.count(seat) for seat in range(k)]
    allowed = [0] * k
    for card, owner in zip(cards, owners, strict=True):
        for seat in range(k):
            if seat == owner or rng.random() > void_rate:
                allowed[seat] |= 1 << card
    return mask_of(cards), sizes, allowed


# ------------------------------------------------------------------ counting


@settings(max_examples=150)
@given(instance=instances())
def test_count_and_enumeration_equal_the_brute_force(
    sampling: ModuleType, instance: Instance
) -> None:
    hidden, sizes, allowed = instance
    deals = brute_force(hidden, sizes, allowed)
    assert sampling.count_assignments(hidden, sizes, allowed) == len(deals)
    listed = list(sampling.enumerate_assignments(hidden, sizes, allowed))
    assert len(listed) == len(set(listed)) == len(deals)
    assert set(listed) == deals


@settings(max_examples=150)
@given(instance=instances(feasible=False))
def test_no_deal_raises_and_both_backends_say_why_alike(instance: Instance) -> None:
    hidden, sizes, allowed = instance
    deals = brute_force(hidden, sizes, allowed)
    outcomes = []
    for module in available_sampling_modules():
        try:
            outcomes.append(module.count_assignments(hidden, sizes, allowed))
        except ValueError as error:
            assert str(error).startswith("no deal is consistent with the observation: ")
            outcomes.append(str(error))
    assert len(set(outcomes)) == 1, outcomes
    assert (outcomes[0] == len(deals)) if deals else isinstance(outcomes[0], str)


def available_sampling_modules() -> list[ModuleType]:
    backends = trickcore.available_backends()
    return [trickcore.load_backend(name)["_sampling"] for name in backends]  # type: ignore[arg-type]


def test_compiled_count_equals_the_reference_on_large_observations() -> None:
    if "cython" not in trickcore.available_backends():
        pytest.skip("the compiled extension is not built here")
    compiled = trickcore.load_backend("cython")["_sampling"]
    rng = random.Random(20240611)
    for n_cards, k, void_rate in [
        (24, 3, 0.2),
        (30, 3, 0.3),
        (39, 3, 0.15),
        (39, 4, 0.3),
        (36, 2, 0.4),
    ] * 4:
        hidden, sizes, allowed = big_instance(rng, n_cards, k, void_rate)
        assert compiled.count_assignments(hidden, sizes, allowed) == reference.count_assignments(
            hidden, sizes, allowed
        )


@pytest.mark.parametrize(
    "sizes", [[13, 13, 13], [12, 10, 10], [14, 13, 13, 14], [27, 27], [54], [0, 20, 0, 19]]
)
def test_unconstrained_count_is_the_multinomial(sampling: ModuleType, sizes: list[int]) -> None:
    # Beyond 2**64 for the 4-seat pack: the 128-bit counts must be exact.
    hidden = (1 << sum(sizes)) - 1
    expected = math.factorial(sum(sizes))
    for size in sizes:
        expected //= math.factorial(size)
    assert sampling.count_assignments(hidden, sizes, [hidden] * len(sizes)) == expected


def test_nothing_hidden_is_one_empty_deal(sampling: ModuleType) -> None:
    assert sampling.count_assignments(0, [], []) == 1
    assert sampling.sample_assignments(0, [], [], 3, 7) == [(), (), ()]
    assert sampling.sample_assignments(0, [0, 0], [0, 0], 2, 7) == [(0, 0), (0, 0)]
    assert list(sampling.enumerate_assignments(0, [0], [0])) == [(0,)]


def test_a_card_set_is_accepted_as_a_mask(backend: dict[str, ModuleType]) -> None:
    card_set = backend["_cards"].CardSet("AS KS QS JS")
    count = backend["_sampling"].count_assignments(card_set, [2, 2], [card_set, card_set])
    assert count == 6


# ------------------------------------------------------------------ sampling


@settings(max_examples=60)
@given(instance=instances(), seed=st.integers(0, 2**64 - 1))
def test_every_sample_is_a_consistent_deal(
    sampling: ModuleType, instance: Instance, seed: int
) -> None:
    hidden, sizes, allowed = instance
    deals = brute_force(hidden, sizes, allowed)
    for deal in sampling.sample_assignments(hidden, sizes, allowed, 20, seed):
        assert deal in deals


def test_large_samples_are_consistent_deals(sampling: ModuleType) -> None:
    rng = random.Random(7)
    for n_cards, k, void_rate in [(15, 3, 0.3), (39, 3, 0.2), (54, 4, 0.1), (52, 4, 0.0)]:
        hidden, sizes, allowed = big_instance(rng, n_cards, k, void_rate)
        for deal in sampling.sample_assignments(hidden, sizes, allowed, 50, rng.randrange(2**64)):
            assert_consistent(deal, hidden, sizes, allowed)


def test_the_same_seed_gives_the_same_deals(sampling: ModuleType) -> None:
    hidden, sizes, allowed = big_instance(random.Random(3), 30, 3, 0.2)
    first = sampling.sample_assignments(hidden, sizes, allowed, 100, 12345)
    assert first == sampling.sample_assignments(hidden, sizes, allowed, 100, 12345)
    assert first != sampling.sample_assignments(hidden, sizes, allowed, 100, 12346)
    assert len(set(first)) > 90  # billions of deals: repeats would mean a stuck generator
    assert sampling.sample_assignments(hidden, sizes, allowed, 0, 1) == []
    unseeded = sampling.sample_assignments(hidden, sizes, allowed, 5)
    assert len(unseeded) == 5


def test_compiled_stream_is_pinned() -> None:
    """xoshiro256** and the rank decoding are integer-only: these deals are the
    same on every platform; a change here changes every seeded search."""
    if "cython" not in trickcore.available_backends():
        pytest.skip("the compiled extension is not built here")
    compiled = trickcore.load_backend("cython")["_sampling"]
    hidden = (1 << 12) - 1
    allowed = [hidden, hidden & ~0b111, hidden & ~0b111000]
    deals = compiled.sample_assignments(hidden, [4, 4, 4], allowed, 3, 2024)
    assert deals == GOLDEN_DEALS


# Recorded once (Linux x86-64); must never change silently.
GOLDEN_DEALS = [(2577, 1320, 198), (1668, 120, 2307), (2196, 1128, 771)]


def wilson_hilferty_quantile(df: int, z: float) -> float:
    """The chi-square quantile at standard-normal quantile ``z`` (accurate for df >= 3)."""
    c = 2.0 / (9.0 * df)
    return df * (1.0 - c + z * math.sqrt(c)) ** 3


def chi_square(samples: list[tuple[int, ...]], deals: set[tuple[int, ...]]) -> tuple[float, int]:
    """Pearson's statistic of the sample frequencies against the uniform law, and its df."""
    counts = Counter(samples)
    assert set(counts) <= deals
    expected = len(samples) / len(deals)
    statistic = sum((counts[deal] - expected) ** 2 / expected for deal in deals)
    return statistic, len(deals) - 1


# z = 5: a uniform sampler fails with probability ~3e-7 per instance, and the
# seeds are fixed, so the outcome never changes between runs.
Z_THRESHOLD = 5.0

UNIFORMITY_INSTANCES: list[Instance] = [
    # 3 seats, 6 cards, two voids.
    (0b111111, [2, 2, 2], [0b111111, 0b111100, 0b111011]),
    # Spitzer-like: 7 cards, seat 0 void in clubs (cards 0-2), seat 2 must keep card 6.
    (0b1111111, [3, 2, 2], [0b1111000, 0b0111111, 0b1111111]),
    # 4 seats (Spidge with the dummy unknown), uneven sizes.
    (0b11111111, [1, 3, 2, 2], [0b00001111, 0b11111111, 0b11110011, 0b10101011]),
    # 2 seats, lopsided: few, strongly constrained deals.
    (0b111111111, [6, 3], [0b111111000 | 0b000000111, 0b000111111]),
]


@pytest.mark.parametrize("index", range(len(UNIFORMITY_INSTANCES)))
def test_samples_are_uniform(sampling: ModuleType, index: int) -> None:
    hidden, sizes, allowed = UNIFORMITY_INSTANCES[index]
    deals = brute_force(hidden, sizes, allowed)
    assert 10 <= len(deals) <= 200
    samples = sampling.sample_assignments(hidden, sizes, allowed, 60 * len(deals), 1000 + index)
    statistic, df = chi_square(samples, deals)
    assert statistic < wilson_hilferty_quantile(df, Z_THRESHOLD), (statistic, df)


def greedy_sampler(
    hidden: int, sizes: Sequence[int], allowed: Sequence[int], n: int, seed: int
) -> list[tuple[int, ...]]:
    """The tempting wrong way: each card to a random seat with room, restart on a dead end."""
    rng = random.Random(seed)
    samples: list[tuple[int, ...]] = []
    while len(samples) < n:
        room, hands = list(sizes), [0] * len(sizes)
        for card in cards_of(hidden):
            seats = [s for s in range(len(sizes)) if room[s] and allowed[s] >> card & 1]
            if not seats:
                break
            seat = rng.choice(seats)
            room[seat] -= 1
            hands[seat] |= 1 << card
        else:
            samples.append(tuple(hands))
    return samples


def test_the_uniformity_test_catches_a_biased_sampler() -> None:
    # The chi-square check has power: the greedy sampler fails it on the same instance.
    hidden, sizes, allowed = UNIFORMITY_INSTANCES[1]
    deals = brute_force(hidden, sizes, allowed)
    samples = greedy_sampler(hidden, sizes, allowed, 60 * len(deals), 1)
    statistic, df = chi_square(samples, deals)
    assert statistic > wilson_hilferty_quantile(df, Z_THRESHOLD)


def test_marginals_are_right_beyond_64_bit_counts(sampling: ModuleType) -> None:
    """54 cards to 4 seats (> 2**64 deals, the 128-bit draw): card c goes to seat i
    with probability sizes[i] / 54, for every card."""
    sizes = [14, 13, 13, 14]
    hidden = (1 << 54) - 1
    n = 2000 if sampling is reference else 20000
    samples = sampling.sample_assignments(hidden, sizes, [hidden] * 4, n, 99)
    for card in (0, 17, 53):
        counts = [sum(1 for deal in samples if deal[seat] >> card & 1) for seat in range(4)]
        statistic = sum(
            (c - n * s / 54) ** 2 / (n * s / 54) for c, s in zip(counts, sizes, strict=True)
        )
        # df = 3 is too small for Wilson–Hilferty: the exact 1 - 3e-7 quantile is 34.7.
        assert statistic < 34.7, counts


# --------------------------------------------------------------- bad inputs


@pytest.mark.parametrize(
    ("hidden", "sizes", "allowed", "message"),
    [
        (0b111, [2, 1], [0b011, 0b011], "no seat may hold 4♣"),
        (
            0b1111,
            [3, 1],
            [0b0011, 0b1111],
            "seat 0 must hold 3 hidden cards but only 2 may go to it: 2♣ 3♣",
        ),
        (
            0b111,
            [1, 2],
            [0b111, 0b100],
            "seat 0 holds 1 hidden card but 2 may go nowhere else: 2♣ 3♣",
        ),
        (
            0b1111,
            [1, 1, 2],
            [0b1, 0b1, 0b1111],
            "seat 2 holds 2 hidden cards but 3 may go nowhere else: 3♣ 4♣ 5♣",
        ),
        (
            0b11111111,
            [2, 2, 2, 2],
            [0b111, 0b111, 0b11111111, 0b11111111],
            "seats 0 and 1 must hold 4 hidden cards between them but only 3 may go to them: 2♣ 3♣ 4♣",
        ),
    ],
)
def test_no_consistent_deal_is_explained(
    sampling: ModuleType, hidden: int, sizes: list[int], allowed: list[int], message: str
) -> None:
    full = "no deal is consistent with the observation: " + message
    for call in calls(sampling, hidden, sizes, allowed):
        with pytest.raises(trickcore.PytrickError) as caught:
            call()
        assert str(caught.value) == full


def calls(
    sampling: ModuleType, hidden: object, sizes: object, allowed: object
) -> list[Callable[[], object]]:
    return [
        lambda: sampling.count_assignments(hidden, sizes, allowed),
        lambda: sampling.sample_assignments(hidden, sizes, allowed, 1, 0),
        lambda: sampling.enumerate_assignments(hidden, sizes, allowed),
    ]


@pytest.mark.parametrize(
    ("hidden", "sizes", "allowed", "error", "message"),
    [
        (0b11, [1, 0], [0b11, 0b11], ValueError, "sizes add up to 1 but 2 cards are hidden"),
        (0b11, [1, 1], [0b111, 0b11], ValueError, "allowed[0] holds cards that are not hidden: 4♣"),
        (0b11, [1, 1], [0b11], ValueError, "allowed has 1 masks but sizes names 2 seats"),
        (
            0,
            [0] * 5,
            [0] * 5,
            ValueError,
            "sizes names 5 seats: at most 4 unknown seats are supported",
        ),
        (0b11, [3, -1], [0b11, 0b11], InvalidArgumentError, "sizes[1] = -1: must not be negative"),
        (0b11, [1.0, 1], [0b11, 0b11], ArgumentTypeError,
         "sizes[0] must be an integer, not float (1.0)"),
        (
            1 << 54,
            [1],
            [1 << 54],
            trickcore.InvalidCardError,
            "hidden: invalid card mask 0x40000000000000",
        ),
        (-1, [1], [1], trickcore.InvalidCardError, "hidden: invalid card mask -0x1"),
        ("AS", [1], [1], ArgumentTypeError, "hidden must be a card mask (an int), not str"),
        (0b1, [1], [True], ArgumentTypeError, "allowed[0] must be a card mask (an int), not bool"),
    ],
)
def test_inconsistent_inputs_are_rejected(
    sampling: ModuleType, hidden: object, sizes: object, allowed: object, error: type, message: str
) -> None:
    for call in calls(sampling, hidden, sizes, allowed):
        with pytest.raises(error) as caught:
            call()
        assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    ("n", "seed", "error", "message"),
    [
        (-1, 0, InvalidArgumentError, "n = -1: must not be negative"),
        (1.5, 0, ArgumentTypeError, "n must be an integer, not float (1.5)"),
        (1, -1, InvalidArgumentError, "seed = -1: must be from 0 to 2**64 - 1"),
        (1, 2**64, InvalidArgumentError, "seed = 18446744073709551616: must be from 0 to 2**64 - 1"),
        (1, "x", ArgumentTypeError, "seed must be an integer, not str ('x')"),
        (1, 2.0, ArgumentTypeError, "seed must be an integer, not float (2.0)"),
    ],
)
def test_bad_sample_count_or_seed_is_rejected(
    sampling: ModuleType, n: object, seed: object, error: type, message: str
) -> None:
    with pytest.raises(error, match="^" + re.escape(message) + "$"):
        sampling.sample_assignments(0b11, [1, 1], [0b11, 0b11], n, seed)


def test_seed_bounds_are_accepted(sampling: ModuleType) -> None:
    for seed in (0, 2**64 - 1):
        (deal,) = sampling.sample_assignments(0b11, [1, 1], [0b11, 0b11], 1, seed)
        assert deal in {(1, 2), (2, 1)}


def test_itertools_brute_force_agrees_with_the_recursive_one() -> None:
    # The test's own oracle, cross-checked by a plainer one on a fixed instance.
    hidden, sizes, allowed = UNIFORMITY_INSTANCES[2]
    cards = cards_of(hidden)
    plain = set()
    for seats in itertools.product(range(len(sizes)), repeat=len(cards)):
        if [seats.count(s) for s in range(len(sizes))] == sizes and all(
            allowed[s] >> c & 1 for c, s in zip(cards, seats, strict=True)
        ):
            plain.add(
                tuple(
                    mask_of([c for c, s in zip(cards, seats, strict=True) if s == seat])
                    for seat in range(len(sizes))
                )
            )
    assert plain == brute_force(hidden, sizes, allowed)


def test_a_prepared_sampler_draws_what_sample_assignments_draws(sampling: ModuleType) -> None:
    hidden = mask_of(range(10, 30))
    sizes = [6, 7, 7]
    allowed = [hidden & ~mask_of(range(10, 14)), hidden, hidden & ~mask_of([29])]
    prepared = sampling.PreparedSampler(hidden, sizes, allowed)
    assert prepared.total == sampling.count_assignments(hidden, sizes, allowed)
    for seed in (0, 7, 2**64 - 1):
        assert prepared.sample(5, seed) == sampling.sample_assignments(
            hidden, sizes, allowed, 5, seed)
    # Drawing again from the same prepared sampler is independent of before.
    assert prepared.sample(3, 7) == prepared.sample(3, 7)
    assert prepared.sample(0, 1) == []
    with pytest.raises(trickcore.PytrickError, match="no deal"):
        sampling.PreparedSampler(hidden, [20, 0, 0], allowed)
