"""Information sets: card inference and exact uniform sampling of deals.

The oracle is the game engine itself: a deal is consistent with an
observation iff the observed history replays legally on it and gives the
observer the same observation.  Brute force over every assignment of the
hidden cards (with the engine, not the inference) counts the consistent deals
of small positions, independently of :mod:`pytrick.inference`.
"""

from __future__ import annotations

import collections
import functools
import itertools
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import trickcore
from pytrick.inference import (
    HiddenConstraints,
    SamplerBackend,
    count_deals,
    hidden_constraints,
    possible_cards,
    sample_deals,
)
from pytrick.spidge import Hand, SpidgeDeal, SpidgeObservation, SpidgeRules
from pytrick.spidge.table import player_of
from pytrick.spitzer import Announcement, SpitzerDeal, SpitzerObservation, SpitzerRules
from trickcore import CardSet
from trickcore.errors import IllegalMoveError, PytrickError

SAMPLER_BACKENDS = trickcore.available_backends()
# Brute force replays every split of the hidden cards on the engine; the
# reference engine is ~50x slower, so it gets smaller positions.
_COMPILED = trickcore.BACKEND == "cython"
_MAX_HIDDEN = 10 if _COMPILED else 8
# Samples drawn per consistent deal for the chi-square test, and the cap.
_PER_DEAL, _CAP = (40, 400) if _COMPILED else (12, 120)

SPITZER_RULES = [
    SpitzerRules(),
    SpitzerRules(void_call="first_void_player"),
    SpitzerRules(call_requires_lead=True, zola_requires_both_queens=True),
    SpitzerRules(first_trick_call="first_trick_won_by_other", schneider_announcement=True),
    SpitzerRules(void_call="first_void_player", call_requires_lead=True),
]
_CALLS = {int(a) for a in Announcement if "CALL" in a.name}


# -- random Spitzer positions ----------------------------------------------------------


def spitzer_position(
    seed: int, n_plays: int, rules: SpitzerRules, prefer: frozenset[int] = frozenset()
) -> SpitzerDeal:
    """A random deal where calls are preferred when legal (to exercise their facts),
    those in *prefer* first, then *n_plays* random legal cards."""
    rng = random.Random(seed)
    deal = SpitzerDeal.from_seed(seed, rules=rules)
    while deal.phase == trickcore.spitzer.AUCTION:
        legal = deal.legal_announcements
        calls = [a for a in legal if int(a) in _CALLS]
        preferred = [a for a in legal if int(a) in prefer]
        if preferred:
            deal.announce(rng.choice(preferred))
        elif calls and rng.random() < 0.85:
            deal.announce(rng.choice(calls))
        elif len(legal) > 1 and rng.random() < 0.05:
            deal.announce(rng.choice(legal[1:]))
        else:
            deal.announce(Announcement.PASS)
    for _ in range(n_plays):
        if deal.is_over:
            break
        deal.play(rng.choice(list(deal.legal_moves)))
    return deal


def replay_spitzer(obs: SpitzerObservation, hands: list[int]) -> SpitzerDeal | None:
    """The engine's verdict: the deal with these original hands replayed, or None if illegal."""
    deal = SpitzerDeal.from_hands(
        [CardSet.from_mask(h) for h in hands], obs.dealer, obs.rules
    )
    try:
        for _, code in obs.announcements:
            deal.announce(code)
        for _, card in obs.plays:
            deal.play(card)
    except IllegalMoveError:
        return None
    return deal


def spitzer_brute_force(obs: SpitzerObservation) -> set[tuple[int, ...]]:
    """Every original deal (hands by seat, as masks) consistent with *obs*, found by
    trying every assignment of the hidden cards on the engine."""
    played_by = [0, 0, 0, 0]
    for seat, card in obs.plays:
        played_by[seat] |= 1 << int(card)
    pack = sum(1 << int(c) for c in trickcore.spitzer.PACK)
    hidden = [c for c in range(64) if (pack & ~sum(played_by) & ~int(obs.hand)) >> c & 1]
    others = [s for s in range(4) if s != obs.seat]
    sizes = [8 - bin(played_by[s]).count("1") for s in others]
    found = set()
    for hands in _splits(hidden, sizes):
        full = list(played_by)
        full[obs.seat] |= int(obs.hand)
        for seat, mask in zip(others, hands, strict=True):
            full[seat] |= mask
        deal = replay_spitzer(obs, full)
        if deal is not None and deal.observation(obs.seat) == obs:
            found.add(tuple(full))
    return found


def _splits(cards: list[int], sizes: list[int]) -> Iterator[list[int]]:
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in chosen]
        for tail in _splits(rest, sizes[1:]):
            yield [sum(1 << c for c in chosen), *tail]


def _n_splits(n_hidden: int, sizes: list[int]) -> int:
    return math.factorial(n_hidden) // math.prod(math.factorial(s) for s in sizes)


def original_hands(deal: Any) -> tuple[int, ...]:
    hands = [0, 0, 0, 0]
    for seat in range(4):
        hands[seat] = int(deal.hand(seat))
    for seat, card in deal.plays:
        hands[seat] |= 1 << int(card)
    return tuple(hands)


def chi_square_ok(counts: collections.Counter[Any], support: int, n: int) -> bool:
    """Chi-square of observed frequencies against uniform over *support* outcomes,
    with a conservative bound (far beyond the 1e-6 quantile): deterministic seeds
    make it a fixed check, the bound keeps it meaningful."""
    expected = n / support
    chi2 = sum((counts.get(k, 0) - expected) ** 2 / expected for k in range(support))
    df = support - 1
    return chi2 <= df + 7 * math.sqrt(2 * df) + 25


# -- Spitzer ----------------------------------------------------------------------------


def _spitzer_random_positions() -> list[tuple[SpitzerDeal, int]]:
    positions = []
    for i in range(48 if _COMPILED else 16):
        rules = SPITZER_RULES[i % len(SPITZER_RULES)]
        rng = random.Random(1000 + i)
        deal = spitzer_position(1000 + i, rng.randrange(0, 32), rules)
        positions.append((deal, i % 4))
    return positions


SPITZER_POSITIONS = _spitzer_random_positions()


@pytest.mark.parametrize("index", range(len(SPITZER_POSITIONS)))
def test_spitzer_truth_is_possible_and_samples_replay(index: int) -> None:
    deal, _ = SPITZER_POSITIONS[index]
    for seat in range(4):
        obs = deal.observation(seat)
        possible = possible_cards(obs)
        assert set(possible) == {s for s in range(4) if s != seat}
        for other, cards in possible.items():
            assert deal.hand(other) <= cards, (other, deal.hand(other), cards)
        assert count_deals(obs) >= 1
        for sample in sample_deals(obs, 8, seed=index * 4 + seat):
            assert isinstance(sample, SpitzerDeal)
            assert sample.observation(seat) == obs
            # Replay again from the sampled original hands, independently of the sampler.
            again = replay_spitzer(obs, list(original_hands(sample)))
            assert again is not None and again.observation(seat) == obs
            for other in possible:
                assert sample.hand(other) <= possible[other]


def _spitzer_small_positions() -> list[tuple[SpitzerDeal, int]]:
    """Late positions with few hidden cards (brute force stays cheap), calls preferred."""
    A = Announcement
    targets: list[tuple[SpitzerRules, frozenset[int]]] = [
        (SpitzerRules(), frozenset({A.ACE_CALL_CLUBS, A.ACE_CALL_SPADES, A.ACE_CALL_HEARTS})),
        (SpitzerRules(), frozenset({A.VOID_CALL_CLUBS, A.VOID_CALL_SPADES, A.VOID_CALL_HEARTS})),
        (SpitzerRules(void_call="first_void_player"), frozenset({A.VOID_CALL})),
        (SpitzerRules(), frozenset({A.FIRST_TRICK_CALL})),
        (SpitzerRules(call_requires_lead=True), frozenset({A.ACE_CALL_CLUBS, A.ACE_CALL_SPADES, A.ACE_CALL_HEARTS})),
        (SpitzerRules(zola_requires_both_queens=True), frozenset({A.ZOLA})),
        (SpitzerRules(first_trick_call="first_trick_won_by_other"), frozenset({A.FIRST_TRICK_CALL})),
        (SpitzerRules(), frozenset()),
    ]
    positions = []
    seed = 5000
    # The reference engine replays ~50x slower: fewer brute-force positions there.
    for slot in range(40 if _COMPILED else 8):
        rules, wanted = targets[slot % len(targets)]
        while True:
            seed += 1
            rng = random.Random(seed)
            deal = spitzer_position(seed, rng.randrange(19, 28), rules, wanted)
            seat = rng.randrange(4)
            obs = deal.observation(seat)
            n_hidden = 24 - len(obs.plays) + sum(1 for s, _ in obs.plays if s == seat)
            if n_hidden > _MAX_HIDDEN or deal.is_over:
                continue
            if wanted and (int(obs.announcement) not in wanted or obs.announcer == seat):
                continue
            positions.append((deal, seat))
            break
    return positions


SPITZER_SMALL = _spitzer_small_positions()


@functools.cache
def spitzer_small_consistent(k: int) -> frozenset[tuple[int, ...]]:
    deal, seat = SPITZER_SMALL[k]
    return frozenset(spitzer_brute_force(deal.observation(seat)))


def test_spitzer_small_positions_cover_the_calls() -> None:
    said = {SpitzerDeal.observation(d, s).announcement for d, s in SPITZER_SMALL}
    assert {Announcement.FIRST_TRICK_CALL, Announcement.VOID_CALL, Announcement.PASS} <= said
    assert said & {Announcement.VOID_CALL_CLUBS, Announcement.VOID_CALL_SPADES, Announcement.VOID_CALL_HEARTS}
    assert said & {Announcement.ACE_CALL_CLUBS, Announcement.ACE_CALL_SPADES, Announcement.ACE_CALL_HEARTS}


@pytest.mark.parametrize("backend", SAMPLER_BACKENDS)
def test_spitzer_count_and_uniformity_match_brute_force(backend: SamplerBackend) -> None:
    truth_hits = 0
    expected_hits = 0.0
    variance = 0.0
    for k, (deal, seat) in enumerate(SPITZER_SMALL):
        obs = deal.observation(seat)
        consistent = spitzer_small_consistent(k)
        assert original_hands(deal) in consistent
        assert count_deals(obs, backend=backend) == len(consistent)
        # possible_cards is exact: the union of the consistent deals' hands.
        for other, cards in possible_cards(obs).items():
            shown = sum(1 << int(c) for s, c in obs.plays if s == other)
            union = 0
            for hands in consistent:
                union |= hands[other] & ~shown
            assert int(cards) == union
        index = {hands: i for i, hands in enumerate(sorted(consistent))}
        n = _PER_DEAL * len(consistent) if len(consistent) <= 60 else _CAP
        samples = sample_deals(obs, n, seed=k, backend=backend)
        drawn = collections.Counter(index[original_hands(s)] for s in samples)
        if len(consistent) <= 60:
            assert chi_square_ok(drawn, len(consistent), n), (k, drawn)
        p = 1 / len(consistent)
        truth_hits += drawn[index[original_hands(deal)]]
        expected_hits += n * p
        variance += n * p * (1 - p)
    # The true deal is drawn no more often than any other (its fraction is 1/count).
    assert abs(truth_hits - expected_hits) <= 5 * math.sqrt(variance) + 1


def test_spitzer_inference_ignores_hidden_cards() -> None:
    checked = 0
    positions = SPITZER_POSITIONS[:24]
    for k, (deal, seat) in enumerate(positions):
        obs = deal.observation(seat)
        other = sample_deals(obs, 1, seed=k)[0]
        twin = replay_spitzer(obs, list(original_hands(other)))
        assert twin is not None
        if original_hands(twin) == original_hands(deal):
            continue
        checked += 1
        twin_obs = twin.observation(seat)
        assert twin_obs == obs
        assert possible_cards(twin_obs) == possible_cards(obs)
        assert hidden_constraints(twin_obs) == hidden_constraints(obs)
        assert [original_hands(d) for d in sample_deals(twin_obs, 5, seed=3)] == [
            original_hands(d) for d in sample_deals(obs, 5, seed=3)
        ]
    assert checked >= len(positions) // 2


# -- named Spitzer inferences ----------------------------------------------------------------


def _spitzer_after(hands: list[str], said: list[str], plays: list[str], **rules: Any) -> SpitzerDeal:
    deal = SpitzerDeal.from_hands(hands, dealer=3, rules=SpitzerRules(**rules))
    for code in said:
        deal.announce(code)
    for card in plays:
        deal.play(card)
    return deal


# Seat 0 holds both black queens and hearts without A♥ (seat 2 holds it).
ACE_CALL_HANDS = [
    "QC QS 9H 8H 7C 8C JD 7D",
    "TH AC 9C KC TC 8S 9S KS",
    "AH KH 7H AS TS 7S QD QH",
    "JC JS JH AD TD KD 9D 8D",
]


def test_spitzer_ace_call_facts() -> None:
    deal = _spitzer_after(ACE_CALL_HANDS, ["ace_call_hearts"], [])
    obs = deal.observation(3)
    possible = possible_cards(obs)
    assert CardSet("QC QS") <= possible[0]
    assert "QC" not in possible[1] and "QS" not in possible[2]
    assert "AH" not in possible[0] and "AH" in possible[1] and "AH" in possible[2]
    constraints = hidden_constraints(obs)
    assert constraints.known[0] == CardSet("QC QS")
    texts = [str(f) for f in constraints.facts]
    assert any("holds a ♥" in t and "§1.5" in t for t in texts)
    # The caller holds at least one heart: the deals where he holds none are excluded.
    caller_hearts = [
        s.hand(0) & "TH 9H 8H KH 7H"
        for s in sample_deals(obs, 200, seed=5)
    ]
    assert all(caller_hearts)


def test_spitzer_called_ace_duty_shows_who_lacks_it() -> None:
    # Seat 0 calls A♥ and leads 8♥; seat 1 follows with 10♥: had he held A♥ he
    # would have had to play it (RULES.md §1.6), so seat 2 holds it.
    deal = _spitzer_after(ACE_CALL_HANDS, ["ace_call_hearts"], ["8H", "TH"])
    obs = deal.observation(3)
    possible = possible_cards(obs)
    assert "AH" not in possible[0] and "AH" not in possible[1] and "AH" in possible[2]
    assert any(
        f.seat == 1 and "called ace" in f.text and f.rule == "RULES.md §1.6"
        for f in hidden_constraints(obs).facts
    )
    assert all(s.hand(2) >= CardSet("AH") for s in sample_deals(obs, 50, seed=1))


def test_spitzer_void_shown_by_effective_suit() -> None:
    # Trick 1: seat 0 leads 7♣; seat 1 follows, seat 2 (no club) trumps with Q♦,
    # seat 3 plays J♣ — a jack is a trump, not a club: seat 3 showed no club only.
    hands = ACE_CALL_HANDS
    deal = _spitzer_after(hands, ["pass"] * 4, ["7C", "AC", "QD", "JC"])
    obs = deal.observation(1)
    possible = possible_cards(obs)
    clubs = CardSet.from_mask(trickcore.spitzer.suit_mask(0))
    trumps = CardSet.from_mask(trickcore.spitzer.suit_mask(4))
    assert not possible[2] & clubs and not possible[3] & clubs
    assert possible[3] & trumps  # trumping shows nothing about trumps
    assert possible[0] & clubs


def test_spitzer_discard_without_trump_shows_no_trumps() -> None:
    hands = ACE_CALL_HANDS
    # Trick 1: 9♥ 10♥ K♥, and seat 3 (no heart) trumps with J♣ and wins.
    deal = _spitzer_after(hands, ["pass"] * 4, ["9H", "TH", "KH", "JC"])
    deal.play("9D")  # seat 3 won with J♣ and leads a trump
    deal.play("QS")  # seat 0 follows trumps
    deal.play("AC")  # seat 1 has no trump: discards a club
    obs = deal.observation(0)
    possible = possible_cards(obs)
    trumps = CardSet.from_mask(trickcore.spitzer.suit_mask(4))
    assert not possible[1] & trumps
    facts = [str(f) for f in hidden_constraints(obs).facts]
    assert any(f.startswith("seat 1 holds no trumps") for f in facts)


def test_spitzer_inconsistent_observation_has_no_deal() -> None:
    deal = _spitzer_after(ACE_CALL_HANDS, ["ace_call_hearts"], [])
    obs = deal.observation(1)
    # Doctor the observation: seat 0 called hearts but the observer holds both queens.
    import dataclasses

    fake = dataclasses.replace(obs, hand=CardSet("QC QS AH TH AC 9C KC TC"))
    assert count_deals(fake) == 0
    with pytest.raises(PytrickError, match="no deal is consistent"):
        sample_deals(fake, 1, seed=0)


def test_sample_deals_rejects_bad_input() -> None:
    obs = SPITZER_POSITIONS[0][0].observation(0)
    with pytest.raises(PytrickError, match="invalid n -1: it must be at least 0"):
        sample_deals(obs, -1)
    with pytest.raises(TypeError, match="SpitzerObservation or SpidgeObservation"):
        sample_deals("not an observation", 1)  # type: ignore[call-overload]
    assert sample_deals(obs, 0) == []


def test_seed_none_draws_fresh_consistent_deals() -> None:
    deal, seat = SPITZER_POSITIONS[3]
    obs = deal.observation(seat)
    for sample in sample_deals(obs, 3):
        assert sample.observation(seat) == obs


def test_constraints_type() -> None:
    obs = SPITZER_POSITIONS[5][0].observation(1)
    constraints = hidden_constraints(obs)
    assert isinstance(constraints, HiddenConstraints)
    assert sum(constraints.sizes) == len(constraints.hidden)
    assert all(a <= constraints.hidden for a in constraints.allowed)



# -- Spidge -----------------------------------------------------------------------------

SPIDGE_RULES = [
    SpidgeRules(),
    SpidgeRules(joker_suit="wild"),
    SpidgeRules(spades_must_be_broken=True),
    SpidgeRules(jokers=False),
    SpidgeRules(joker_suit="wild", spades_must_be_broken=True),
]


def spidge_position(seed: int, n_plays: int, rules: SpidgeRules) -> SpidgeDeal:
    rng = random.Random(seed)
    deal = SpidgeDeal.from_seed(seed, rules=rules)
    for _ in range(n_plays):
        if deal.is_over:
            break
        deal.play(rng.choice(list(deal.legal_moves)))
    return deal


def spidge_original(deal: SpidgeDeal) -> tuple[int, ...]:
    """The four hands as dealt, by Hand (left, dummy, right, dealer), as masks."""
    hands = [int(deal.hand(h)) for h in Hand]
    for hand, card in deal.plays:
        hands[hand] |= 1 << int(card)
    return tuple(hands)


def replay_spidge(obs: SpidgeObservation, by_hand: list[int]) -> SpidgeDeal | None:
    players = [0, 0, 0]
    for hand in (Hand.LEFT, Hand.RIGHT, Hand.DEALER):
        players[player_of(hand, obs.dealer)] = by_hand[hand]
    deal = SpidgeDeal(
        [CardSet.from_mask(m) for m in players],
        CardSet.from_mask(by_hand[Hand.DUMMY]),
        obs.dealer,
        obs.rules,
    )
    try:
        for _, card in obs.plays:
            deal.play(card)
    except IllegalMoveError:
        return None
    return deal


def spidge_brute_force(obs: SpidgeObservation) -> set[tuple[int, ...]]:
    """Every original deal (by Hand) consistent with *obs*, by trying every split
    of the unseen cards between the two hidden hands on the engine."""
    played_by = [0, 0, 0, 0]
    for hand, card in obs.plays:
        played_by[hand] |= 1 << int(card)
    pack = sum(1 << c for c in trickcore.spidge.pack(obs.rules.jokers))
    unseen = pack & ~sum(played_by) & ~int(obs.hand) & ~int(obs.dummy)
    cards = [c for c in range(54) if unseen >> c & 1]
    hidden_hands = [h for h in Hand if h not in (obs.seat, Hand.DUMMY)]
    sizes = [13 - bin(played_by[h]).count("1") for h in hidden_hands]
    found = set()
    for split in _splits(cards, sizes):
        full = list(played_by)
        full[obs.seat] |= int(obs.hand)
        full[Hand.DUMMY] |= int(obs.dummy)
        for hand, mask in zip(hidden_hands, split, strict=True):
            full[hand] |= mask
        deal = replay_spidge(obs, full)
        if deal is not None and deal.observation(obs.player) == obs:
            found.add(tuple(full))
    return found


def _spidge_random_positions() -> list[SpidgeDeal]:
    out = []
    for i in range(30 if _COMPILED else 12):
        rng = random.Random(7000 + i)
        out.append(spidge_position(7000 + i, rng.randrange(0, 52), SPIDGE_RULES[i % len(SPIDGE_RULES)]))
    return out


SPIDGE_POSITIONS = _spidge_random_positions()


@pytest.mark.parametrize("index", range(len(SPIDGE_POSITIONS)))
def test_spidge_truth_is_possible_and_samples_replay(index: int) -> None:
    deal = SPIDGE_POSITIONS[index]
    for player in range(3):
        obs = deal.observation(player)
        possible = possible_cards(obs)
        assert set(possible) == {h for h in Hand if h != obs.seat}
        assert possible.pop(Hand.DUMMY) == deal.dummy
        for hand, cards in possible.items():
            assert deal.hand(hand) <= cards
            assert not cards & obs.dummy
        assert count_deals(obs) >= 1
        for sample in sample_deals(obs, 8, seed=index * 3 + player):
            assert isinstance(sample, SpidgeDeal)
            assert sample.observation(player) == obs
            again = replay_spidge(obs, list(spidge_original(sample)))
            assert again is not None and again.observation(player) == obs
            assert sample.dummy == deal.dummy


def _spidge_small_positions() -> list[tuple[SpidgeDeal, int]]:
    positions = []
    seed = 9000
    for slot in range(30 if _COMPILED else 6):
        rules = SPIDGE_RULES[slot % len(SPIDGE_RULES)]
        while True:
            seed += 1
            rng = random.Random(seed)
            deal = spidge_position(seed, rng.randrange(26, 44), rules)
            player = rng.randrange(3)
            obs = deal.observation(player)
            n_hidden = sum(len(deal.hand(h)) for h in Hand if h not in (obs.seat, Hand.DUMMY))
            if n_hidden <= 12 and not deal.is_over:
                positions.append((deal, player))
                break
    return positions


SPIDGE_SMALL = _spidge_small_positions()


@functools.cache
def spidge_small_consistent(k: int) -> frozenset[tuple[int, ...]]:
    deal, player = SPIDGE_SMALL[k]
    return frozenset(spidge_brute_force(deal.observation(player)))


@pytest.mark.parametrize("backend", SAMPLER_BACKENDS)
def test_spidge_count_and_uniformity_match_brute_force(backend: SamplerBackend) -> None:
    truth_hits = 0
    expected_hits = 0.0
    variance = 0.0
    constrained = 0
    for k, (deal, player) in enumerate(SPIDGE_SMALL):
        obs = deal.observation(player)
        consistent = spidge_small_consistent(k)
        assert spidge_original(deal) in consistent
        assert count_deals(obs, backend=backend) == len(consistent)
        n_hidden = len(hidden_constraints(obs).hidden)
        sizes = list(hidden_constraints(obs).sizes)
        constrained += len(consistent) < _n_splits(n_hidden, sizes)
        for hand, cards in possible_cards(obs).items():
            if hand == Hand.DUMMY:
                continue
            shown = sum(1 << int(c) for h, c in obs.plays if h == hand)
            union = 0
            for hands in consistent:
                union |= hands[hand] & ~shown
            assert int(cards) == union
        index = {hands: i for i, hands in enumerate(sorted(consistent))}
        n = _PER_DEAL * len(consistent) if len(consistent) <= 60 else _CAP
        samples = sample_deals(obs, n, seed=k, backend=backend)
        drawn = collections.Counter(index[spidge_original(s)] for s in samples)
        if len(consistent) <= 60:
            assert chi_square_ok(drawn, len(consistent), n), (k, drawn)
        p = 1 / len(consistent)
        truth_hits += drawn[index[spidge_original(deal)]]
        expected_hits += n * p
        variance += n * p * (1 - p)
    assert constrained >= len(SPIDGE_SMALL) // 3  # the facts really cut the deals down
    assert abs(truth_hits - expected_hits) <= 5 * math.sqrt(variance) + 1


def test_spidge_inference_ignores_hidden_cards() -> None:
    checked = 0
    positions = SPIDGE_POSITIONS[:20]
    for k, deal in enumerate(positions):
        player = k % 3
        obs = deal.observation(player)
        other = sample_deals(obs, 1, seed=k)[0]
        twin = replay_spidge(obs, list(spidge_original(other)))
        assert twin is not None
        if spidge_original(twin) == spidge_original(deal):
            continue
        checked += 1
        twin_obs = twin.observation(player)
        assert twin_obs == obs
        assert possible_cards(twin_obs) == possible_cards(obs)
        assert hidden_constraints(twin_obs) == hidden_constraints(obs)
        assert [spidge_original(d) for d in sample_deals(twin_obs, 5, seed=3)] == [
            spidge_original(d) for d in sample_deals(obs, 5, seed=3)
        ]
    assert checked >= len(positions) // 2


def _spidge_after(hands: list[str], dummy: str, plays: list[str], **rules: Any) -> SpidgeDeal:
    deal = SpidgeDeal(hands, dummy, dealer=0, rules=SpidgeRules(**rules))
    for card in plays:
        deal.play(card)
    return deal


# Dealer 0: player 1 holds the dealer's left (he leads), player 2 the dealer's right,
# player 0 the dealer's own hand; hands by player, then the dummy.
_SPADE_LEAD = (
    ["4C 5C 6C 7C 8C 9C TC JC QC KC AC JK1 JK2", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
     "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C"],
    "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2C",
)


def test_spidge_opening_trump_lead_shows_only_trumps() -> None:
    hands, dummy = _SPADE_LEAD
    deal = _spidge_after(hands, dummy, ["2S"])
    obs = deal.observation(0)
    possible = possible_cards(obs)
    spades = CardSet.from_mask(((1 << 13) - 1) << 39)
    assert possible[Hand.LEFT] <= spades | "JK1 JK2"
    assert any(
        f.seat == Hand.LEFT and "only trumps" in f.text and f.rule == "RULES.md §2.5"
        for f in hidden_constraints(obs).facts
    )


@pytest.mark.parametrize("joker_suit", ["trump", "wild"])
def test_spidge_failing_spades_shows_no_joker_only_when_jokers_are_trumps(joker_suit: str) -> None:
    hands, dummy = _SPADE_LEAD
    deal = _spidge_after(hands, dummy, ["2S", "2C", "3C"], joker_suit=joker_suit)
    obs = deal.observation(1)
    possible = possible_cards(obs)
    assert not possible[Hand.RIGHT] & "2S 3S 4S KS AS"
    if joker_suit == "trump":
        assert not possible[Hand.RIGHT] & "JK1 JK2"
        # The dealer holds both jokers; the right hand's 12 cards are any of the
        # 23 unseen clubs and diamonds.
        assert count_deals(obs) == math.comb(23, 12)
    else:
        assert possible[Hand.RIGHT] >= CardSet("JK1 JK2")


# Player 1 (left) holds the hearts; player 2 (right) the clubs and a joker.
_HEART_LEAD = (
    ["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2C",
     "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC JK1"],
    "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD JK2",
)


@pytest.mark.parametrize("joker_suit", ["trump", "wild"])
def test_spidge_a_wild_joker_shows_nothing(joker_suit: str) -> None:
    hands, dummy = _HEART_LEAD
    deal = _spidge_after(hands, dummy, ["3H", "JK2", "JK1"], joker_suit=joker_suit)
    obs = deal.observation(0)
    possible = possible_cards(obs)
    hearts = CardSet("4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    if joker_suit == "wild":
        assert possible[Hand.RIGHT] >= hearts  # he may hold hearts: the joker was free
        assert not [f for f in hidden_constraints(obs).facts if f.seat == Hand.RIGHT]
    else:
        assert not possible[Hand.RIGHT] & hearts  # he could not follow hearts


@pytest.mark.parametrize("broken", [False, True])
def test_spidge_trump_lead_before_trumps_are_broken(broken: bool) -> None:
    # Trick 1: A♣ 2♣ 3♣ 4♣, no trump; the left hand then leads 2♠ to trick 2.
    hands = [
        "4C 5C 6C 7C 8C 9C TC JC QC KC AS JK1 JK2",
        "AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C",
    ]
    dummy = "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2C"
    deal = _spidge_after(hands, dummy, ["AC", "2C", "3C", "4C", "2S"], spades_must_be_broken=broken)
    obs = deal.observation(0)
    facts = [f for f in hidden_constraints(obs).facts if "before trumps were broken" in f.text]
    if broken:
        assert [f.seat for f in facts] == [Hand.LEFT]
        assert count_deals(obs) == 1  # the left hand's 11 cards are the unseen spades
    else:
        assert not facts
        assert count_deals(obs) == math.comb(23, 11)


def test_spidge_facts_follow_the_joker_suit() -> None:
    texts: dict[str, set[str]] = {"trump": set(), "wild": set()}
    for deal in SPIDGE_POSITIONS:
        for player in range(3):
            for fact in hidden_constraints(deal.observation(player)).facts:
                texts[deal.rules.joker_suit].add(fact.text)
    assert any("or joker" in t for t in texts["trump"])
    assert not any("or joker" in t for t in texts["wild"])


# -- early positions: the count against the engine by Monte Carlo -------------------------


def _acceptance(obs: Any, rng: random.Random, draws: int) -> tuple[int, int]:
    """Replay *draws* uniformly random splits of the unseen cards (right sizes, no
    other constraint) on the engine, checking each time that the engine accepts
    the split iff it lies in one of the inference's cases; return (accepted, the
    number of all splits)."""
    constraints = hidden_constraints(obs)
    cases = constraints.cases()
    cards = list(constraints.hidden)
    seats, sizes = constraints.seats, constraints.sizes
    accepted = 0
    for _ in range(draws):
        rng.shuffle(cards)
        hidden_hands: dict[int, int] = {}
        start = 0
        for seat, size in zip(seats, sizes, strict=True):
            hidden_hands[seat] = sum(1 << int(c) for c in cards[start : start + size])
            start += size
        full = [0, 0, 0, 0]
        for seat, card in obs.plays:
            full[seat] |= 1 << int(card)
        full[obs.seat] |= int(obs.hand)
        for seat, mask in hidden_hands.items():
            full[seat] |= mask
        if isinstance(obs, SpitzerObservation):
            replayed: Any = replay_spitzer(obs, full)
            ok = replayed is not None and replayed.observation(obs.seat) == obs
        else:
            full[Hand.DUMMY] |= int(obs.dummy)
            replayed = replay_spidge(obs, full)
            ok = replayed is not None and replayed.observation(obs.player) == obs
        inside = any(
            all(hidden_hands[seat] & ~case[i] == 0 for i, seat in enumerate(seats))
            for case in cases
        )
        assert ok == inside, (obs, hidden_hands)
        accepted += ok
    return accepted, _n_splits(len(cards), list(sizes))


def _early_observations() -> list[Any]:
    A = Announcement
    targets: list[tuple[SpitzerRules, frozenset[int]]] = [
        (SpitzerRules(), frozenset({A.ACE_CALL_CLUBS, A.ACE_CALL_SPADES, A.ACE_CALL_HEARTS})),
        (SpitzerRules(), frozenset({A.VOID_CALL_CLUBS, A.VOID_CALL_SPADES, A.VOID_CALL_HEARTS})),
        (SpitzerRules(void_call="first_void_player"), frozenset({A.VOID_CALL})),
        (SpitzerRules(), frozenset({A.FIRST_TRICK_CALL})),
        (SpitzerRules(call_requires_lead=True), frozenset({A.ACE_CALL_CLUBS, A.ACE_CALL_SPADES, A.ACE_CALL_HEARTS})),
    ]
    out: list[Any] = []
    seed = 20000
    for slot in range(10 if _COMPILED else 3):
        rules, wanted = targets[slot % len(targets)]
        while True:
            seed += 1
            rng = random.Random(seed)
            deal = spitzer_position(seed, rng.randrange(0, 10), rules, wanted)
            seat = rng.randrange(4)
            obs = deal.observation(seat)
            if int(obs.announcement) in wanted and obs.announcer != seat:
                out.append(obs)
                break
    seed = 30000
    for i in range(6 if _COMPILED else 2):
        while True:  # a Spidge position with voids shown, not too many
            seed += 1
            rng = random.Random(seed)
            spidge = spidge_position(seed, rng.randrange(12, 24), SPIDGE_RULES[i % len(SPIDGE_RULES)])
            seen = spidge.observation(i % 3)
            if 1 <= len(hidden_constraints(seen).facts) <= 2:
                out.append(seen)
                break
    return out


def test_early_positions_match_the_engine_deal_by_deal() -> None:
    """Positions too big for brute force, where the announcement facts ("at least
    one heart", "A♠ or no spade") are still open: on random splits of the unseen
    cards, the engine accepts exactly those inside the inference's cases, and the
    share it accepts matches count_deals / all splits."""
    draws = 2000 if _COMPILED else 300
    rng = random.Random(99)
    checked = 0
    for obs in _early_observations():
        accepted, total = _acceptance(obs, rng, draws)
        p = count_deals(obs) / total
        sigma = math.sqrt(draws * p * (1 - p))
        assert abs(accepted - draws * p) <= 5 * sigma + 2, (obs, accepted, draws * p)
        checked += accepted > 0
    assert checked >= 4


def test_sampled_deals_equal_the_deals_built_with_every_check() -> None:
    # The samplers build deals without the per-card checks (_from_masks):
    # each must equal the deal from_hands / the constructor builds, rules kept.
    spitzer = SpitzerDeal.from_seed(8, rules=SpitzerRules(target=21, call_requires_lead=True))
    for _ in range(4):
        spitzer.announce("pass")
    for _ in range(6):
        spitzer.play(spitzer.legal_moves.min())
    for world in sample_deals(spitzer.observation(spitzer.to_move), 5, seed=3):
        rebuilt = SpitzerDeal.from_hands(
            [world.original_hand(s) for s in range(4)], world.dealer, spitzer.rules
        )
        for _, code in spitzer.announcements:
            rebuilt.announce(code)
        for _, card in spitzer.plays:
            rebuilt.play(card)
        assert world == rebuilt
        assert world.rules == rebuilt.rules and world.rules.target == 21
    spidge = SpidgeDeal.from_seed(8, rules=SpidgeRules(jokers=False, target=5))
    for _ in range(6):
        spidge.play(spidge.legal_moves.min())
    for world in sample_deals(spidge.observation(0), 5, seed=3):
        initial = world.initial_hands
        by_player = [initial[world.hand_of(p)] for p in range(3)]
        again = SpidgeDeal(by_player, initial[Hand.DUMMY], world.dealer, spidge.rules)
        for card in spidge.history:
            again.play(card)
        assert world == again
        assert world.rules == again.rules and world.rules.target == 5
