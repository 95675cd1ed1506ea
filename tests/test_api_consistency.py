"""The two games read the same way (issue 12): cheap views are properties, the old
call forms warn for one release, and the shapes agree."""

from __future__ import annotations

import copy
import pickle
import random
from types import ModuleType

import pytest

import trickcore
from pytrick import InvalidArgumentError
from pytrick.spidge import SpidgeDeal
from pytrick.spidge import bots as spidge_bots
from pytrick.spidge import play_deal as spidge_play_deal
from pytrick.spitzer import (
    Announcement,
    GameType,
    HeuristicBot,
    Phase,
    RandomBot,
    SpitzerDeal,
    SpitzerRules,
)
from pytrick.spitzer import play_deal as spitzer_play_deal

SPITZER_VIEWS = (
    "announcements",
    "plays",
    "current_trick",
    "trick_winners",
    "trick_points",
    "tricks_taken",
    "points_taken",
    "legal_announcements",
    "legal_mask",
    "declarers",
    "revealed",
)


def _spitzer_in_play(S: ModuleType) -> object:
    state = S.SpitzerState(("QC QS AC AS AH 7C 8C 9C", "KC TC 7S 8S 9S KS TS 7H",
                            "8H 9H KH TH QH JH 7D 8D", "9D KD TD AD JD JC JS QD"), dealer=3)
    for _ in range(4):
        state.announce(S.PASS)
    while state.n_played < 6:
        state.play(next(iter(state.legal_moves)))
    return state


@pytest.mark.parametrize("name", SPITZER_VIEWS)
def test_spitzer_views_are_properties_whose_old_call_warns(
    backend: dict[str, ModuleType], name: str
) -> None:
    S = backend["_spitzer"]
    state = _spitzer_in_play(S)
    value = getattr(state, name)
    assert isinstance(value, (tuple, int)) and not isinstance(value, list)
    with pytest.warns(DeprecationWarning, match=rf"^{name} is a property now"):
        called = value()
    assert called == value
    # The value pickles and copies as the plain type, so nothing depends on the shim.
    plain = tuple if isinstance(value, tuple) else int
    assert type(pickle.loads(pickle.dumps(value))) is plain
    assert type(copy.copy(value)) is plain
    assert copy.deepcopy(value) == value


def test_spitzer_views_read_after_play(backend: dict[str, ModuleType]) -> None:
    S = backend["_spitzer"]
    state = _spitzer_in_play(S)
    assert len(state.plays) == 6 and len(state.current_trick) == 2
    assert len(state.trick_winners) == len(state.trick_points) == 1
    assert sum(state.tricks_taken) == 1 and sum(state.points_taken) == state.trick_points[0]
    assert state.legal_mask == int(state.legal_moves)
    assert state.legal_announcements == ()


def test_spidge_history_hands_is_a_property(backend: dict[str, ModuleType]) -> None:
    G = backend["_spidge"]
    state = G.SpidgeState(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH JK1",
            "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD JK2",
        ]
    )
    state.play("2C")
    assert state.history_hands == (0,)
    with pytest.warns(DeprecationWarning, match="^history_hands is a property now"):
        assert state.history_hands() == (0,)


def test_public_deals_views_are_properties() -> None:
    deal = SpitzerDeal.from_seed(2)
    assert deal.legal_announcements[0] is Announcement.PASS
    with pytest.warns(DeprecationWarning, match="^legal_announcements is a property now"):
        assert deal.legal_announcements() == deal.legal_announcements
    spidge = SpidgeDeal.from_seed(7)
    for _ in range(5):
        spidge.play(next(iter(spidge.legal_moves)))
    assert len(spidge.plays) == 5 and len(spidge.tricks) == 1
    assert spidge.tricks[0].cards == tuple(card for _, card in spidge.plays[:4])
    with pytest.warns(DeprecationWarning, match="^plays is a property now"):
        assert spidge.plays() == spidge.plays
    with pytest.warns(DeprecationWarning, match="^tricks is a property now"):
        assert spidge.tricks() == spidge.tricks


# -- typed views on the public deal: Phase, game, declaring_side, rules ------------

# Dealer 1, seat 2 leads: both black queens and all three fail aces.
ACES_AT_2 = ("KC 9H TH KH 9S TS KS JC", "JS JH QH TD JD QD KD AD",
             "QC QS AC AS AH 7D 8D 9D", "7C 8C 9C TC 7H 8H 7S 8S")
# Dealer 1: seat 2 holds both queens, A♣ and A♠, no heart; seat 1 no club.
VOID_AT_2 = ("KH TH 9H 8C 9C KC QD KD", "JH QH 7S 8S JS KS JC AD",
             "QC QS AC TC AS 7D 8D 9D", "AH 7H 8H 9S TS 7C JD TD")


def _play(deal: SpitzerDeal, words: str) -> None:
    for word in words.split():
        deal.play(word)


def test_phase_is_a_public_int_enum() -> None:
    deal = SpitzerDeal.from_seed(5)
    assert deal.phase is Phase.AUCTION and deal.phase == trickcore.spitzer.AUCTION
    for _ in range(4):
        deal.announce("pass")
    assert deal.phase is Phase.PLAY
    while not deal.is_over:
        deal.play(next(iter(deal.legal_moves)))
    assert deal.phase is Phase.OVER
    # The core keeps the raw int for the C-minded.
    assert type(trickcore.spitzer.SpitzerState.phase.__get__(deal)) is int


def test_declaring_side_is_none_until_a_first_trick_call_is_settled() -> None:
    deal = SpitzerDeal.from_hands(ACES_AT_2, dealer=1)
    assert deal.game is None and deal.declaring_side is None
    deal.announce("first_trick_call")
    assert deal.game is GameType.FIRST_TRICK_CALL
    _play(deal, "AC 7C KC")
    assert deal.declaring_side is None  # the partner is not known before trick 1 ends
    _play(deal, "JD")  # seat 1 trumps and wins trick 1
    assert deal.declaring_side == frozenset({1, 2})
    alone = SpitzerDeal.from_hands(ACES_AT_2, dealer=1)
    alone.announce("first_trick_call")
    _play(alone, "7D 7C JC AD")  # the caller wins trick 1: he plays alone, settled
    assert alone.declaring_side == frozenset({2})


def test_declaring_side_under_first_trick_won_by_other() -> None:
    rules = SpitzerRules(first_trick_call="first_trick_won_by_other")
    deal = SpitzerDeal.from_hands(ACES_AT_2, dealer=1, rules=rules)
    deal.announce("first_trick_call")
    _play(deal, "7D 7C JC AD")  # the caller wins trick 1: still open
    assert deal.declaring_side is None
    _play(deal, "AC 8C KC JD")  # seat 1 trumps trick 2
    assert deal.declaring_side == frozenset({1, 2})


def test_declaring_side_is_none_until_the_first_void_player_is_known() -> None:
    rules = SpitzerRules(void_call="first_void_player")
    deal = SpitzerDeal.from_hands(VOID_AT_2, dealer=1, rules=rules)
    deal.announce("void_call")
    assert deal.declaring_side is None
    _play(deal, "AC 7C 8C")  # seats 3 and 0 follow
    assert deal.declaring_side is None
    _play(deal, "AD")  # seat 1 has no club
    assert deal.declaring_side == frozenset({1, 2})


def test_declaring_side_is_settled_at_once_for_the_other_games() -> None:
    deal = SpitzerDeal.from_hands(VOID_AT_2, dealer=1)
    deal.announce("void_call_hearts")  # the called ace's holder: known to the deal
    assert deal.declaring_side == frozenset({2, 3})
    normal = SpitzerDeal.from_seed(2)
    for _ in range(4):
        normal.announce("pass")
    queens = {normal.holder("QC"), normal.holder("QS")}
    assert normal.declaring_side == frozenset(queens)


TRUMPS = "QC 7D QS QH QD JC JS JH JD AD TD KD 9D 8D".split()
PACK = [rank + suit for suit in "CSHD" for rank in "789TJQKA"]
# (rules, the call seat 2 makes, the fail aces it needs beside both black queens)
CALLS = {
    "first_trick_winner": (SpitzerRules(), "first_trick_call", ("AC", "AS", "AH")),
    "first_trick_won_by_other": (SpitzerRules(first_trick_call="first_trick_won_by_other"),
                                 "first_trick_call", ("AC", "AS", "AH")),
    "first_void_player": (SpitzerRules(void_call="first_void_player"), "void_call",
                          ("AC", "AH")),
}


def _call_deal(seed: int, rules: SpitzerRules, aces: tuple[str, ...]) -> SpitzerDeal:
    """Dealer 1: seat 2 speaks and leads first, holding both black queens, *aces*
    and trumps (so no spade for the void call); the other hands are random."""
    rng = random.Random(seed)
    caller = ["QC", "QS", *aces]
    caller += rng.sample([c for c in TRUMPS if c not in caller], 8 - len(caller))
    rest = [c for c in PACK if c not in caller]
    rng.shuffle(rest)
    hands = (" ".join(rest[0:8]), " ".join(rest[8:16]), " ".join(caller), " ".join(rest[16:24]))
    return SpitzerDeal.from_hands(hands, dealer=1, rules=rules)


@pytest.mark.parametrize("rules_name", list(CALLS))
def test_a_call_side_is_none_until_settled_and_then_never_changes(rules_name: str) -> None:
    """Calls played out by bots: declaring_side is None while the partner is
    open, and once set it is the final side."""
    rules, call, aces = CALLS[rules_name]
    bots = [HeuristicBot(seed=s) for s in range(4)]
    deals = 30 if trickcore.BACKEND == "cython" else 12  # the reference twin is slower
    open_after_trick_1 = with_partner = 0
    for seed in range(deals):
        deal = _call_deal(seed, rules, aces)
        assert deal.declaring_side is None  # the auction is not over
        deal.announce(call)
        while deal.legal_announcements:
            deal.announce("pass")
        assert deal.game is (GameType.VOID_CALL if call == "void_call"
                             else GameType.FIRST_TRICK_CALL)
        seen: list[tuple[int, frozenset[int] | None]] = []
        while not deal.is_over:
            seen.append((deal.n_played, deal.declaring_side))
            deal.play(bots[deal.to_move].play(deal.observation(deal.to_move)))
        final = deal.declaring_side
        assert final is not None and final == deal.result.declarers and 2 in final
        assert seen[0] == (0, None)  # nobody is bound to the caller before a card
        assert all(side is None or side == final for _, side in seen)
        if rules_name == "first_trick_winner":  # settled exactly when trick 1 ends
            assert all((side is None) == (n < 4) for n, side in seen)
        open_after_trick_1 += dict(seen).get(4, final) is None
        with_partner += len(final) == 2
    # The ways out of an open partner are all reached on these deals: a partner
    # found, the caller alone, and (won by other) still open after trick 1.
    assert 0 < with_partner < deals or rules_name == "first_trick_won_by_other"
    assert open_after_trick_1 > 0 or rules_name != "first_trick_won_by_other"


def test_from_hands_keeps_the_target() -> None:
    rules = SpitzerRules(target=84, call_requires_lead=True)
    deal = SpitzerDeal.from_hands(ACES_AT_2, dealer=1, rules=rules)
    assert deal.rules == rules
    assert SpitzerDeal.from_seed(3, rules=rules).rules.target == 84
    assert deal.copy().rules == rules and pickle.loads(pickle.dumps(deal)).rules == rules
    # The default target needs nothing kept, so equal deals stay equal.
    plain = SpitzerDeal.from_hands(ACES_AT_2, dealer=1)
    assert plain == SpitzerDeal(ACES_AT_2, 1, 0) and plain.rules == SpitzerRules()
    assert deal != SpitzerDeal.from_hands(ACES_AT_2, 1, SpitzerRules(call_requires_lead=True))


# -- small sharp edges ------------------------------------------------------------


@pytest.mark.parametrize(
    "bot_class", [HeuristicBot, RandomBot, spidge_bots.HeuristicBot, spidge_bots.RandomBot]
)
def test_a_bot_seed_is_keyword_only(bot_class: type) -> None:
    seeded = bot_class(seed=5)
    assert seeded.rng.random() == random.Random(5).random()
    with pytest.warns(DeprecationWarning, match=rf"write {bot_class.__name__}\(seed=5\)"):
        old = bot_class(5)
    assert old.rng.random() == random.Random(5).random()
    with pytest.raises(TypeError, match="give the seed once"):
        bot_class(5, seed=6)


@pytest.mark.parametrize("count", [0, 3, 5])
def test_spitzer_play_deal_wants_four_bots(count: int) -> None:
    deal = SpitzerDeal.from_seed(1)
    bots = [RandomBot(seed=s) for s in range(count)]
    with pytest.raises(InvalidArgumentError, match=f"needs 4 bots, one per seat 0..3, not {count}"):
        spitzer_play_deal(deal, bots)
    assert deal == SpitzerDeal.from_seed(1)


@pytest.mark.parametrize("count", [2, 4])
def test_spidge_play_deal_wants_three_bots(count: int) -> None:
    deal = SpidgeDeal.from_seed(1)
    bots = [spidge_bots.RandomBot(seed=s) for s in range(count)]
    with pytest.raises(InvalidArgumentError, match=f"needs 3 bots, one per player 0..2, not {count}"):
        spidge_play_deal(deal, bots)
    assert deal.n_played == 0
