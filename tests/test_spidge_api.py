"""The typed Spidge API: rules, seating, dealing, deals, observations, games."""

from __future__ import annotations

import dataclasses
import itertools
import random

import numpy as np
import pytest

import trickcore
from pytrick.spidge import (
    Category,
    Hand,
    RandomBot,
    SpidgeDeal,
    SpidgeGame,
    SpidgeObservation,
    SpidgeRules,
    Turn,
    cut_for_dealer,
    hand_of,
    play_deal,
    player_of,
)
from trickcore import CardSet
from trickcore.card import Card
from trickcore.errors import (
    ArgumentTypeError,
    DealNotOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    RulesError,
)

SUIT_TEXT = {suit: " ".join(f"{r}{suit}" for r in "23456789TJQKA") for suit in "CDHS"}


def suit_deal(dealer: int, rules: SpidgeRules, left: str, dummy: str, right: str, own: str):
    """A deal where each hand holds one whole suit (jokers off)."""
    hands: list[str] = ["", "", ""]
    for hand, suit in ((Hand.LEFT, left), (Hand.RIGHT, right), (Hand.DEALER, own)):
        hands[player_of(hand, dealer)] = SUIT_TEXT[suit]
    return SpidgeDeal(hands, SUIT_TEXT[dummy], dealer, rules)


def play_lowest(deal: SpidgeDeal) -> SpidgeDeal:
    while not deal.is_over:
        deal.play(min(deal.legal_moves))
    return deal


# --- rules -----------------------------------------------------------------------


def test_rules_defaults_match_rules_md():
    rules = SpidgeRules()
    assert dataclasses.asdict(rules) == {
        "target": 3,
        "jokers": True,
        "joker_suit": "trump",
        "spades_must_be_broken": False,
        "grand_slam": "no_tricks",
        "slam_tricks": 13,
        "spidge_tricks": 10,
    }
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"target": 0}, "target: 0 is not a positive"),
        ({"target": True}, "target: expected a whole number"),
        ({"jokers": 1}, "jokers: expected True or False"),
        ({"joker_suit": "spades"}, "joker_suit: 'spades' is not 'trump' or 'wild'"),
        ({"grand_slam": "all"}, "grand_slam: 'all' is not 'no_tricks' or 'all_tricks'"),
        ({"slam_tricks": 14}, "slam_tricks: 14 is not a number of tricks from 1 to 13"),
        ({"spidge_tricks": 0}, "spidge_tricks: 0 is not a number"),
        ({"spades_must_be_broken": "yes"}, "spades_must_be_broken: expected True or False"),
    ],
)
def test_rules_are_validated(kwargs, message):
    with pytest.raises(RulesError, match=message):
        SpidgeRules(**kwargs)


def test_rules_dict_round_trip_and_unknown_key():
    rules = SpidgeRules(joker_suit="wild", grand_slam="all_tricks", spades_must_be_broken=True)
    assert SpidgeRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesError, match="colour: unknown Spidge rule option"):
        SpidgeRules.from_dict({"colour": "red"})


# --- the table ---------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_dummy_sits_opposite_the_dealer_and_play_goes_clockwise(dealer):
    # Clockwise from the dealer: his left-hand player, the dummy, his right, himself.
    assert [player_of(h, dealer) for h in Hand] == [
        (dealer + 1) % 3,
        dealer,
        (dealer + 2) % 3,
        dealer,
    ]
    assert [hand_of(p, dealer) for p in range(3)] == [_expected(p, dealer) for p in range(3)]


def _expected(player: int, dealer: int) -> Hand:
    if player == dealer:
        return Hand.DEALER
    return Hand.LEFT if player == (dealer + 1) % 3 else Hand.RIGHT


def test_to_move_tells_dummy_from_dealers_own_hand():
    deal = SpidgeDeal.from_seed(11)
    turns = []
    for _ in range(4):
        turns.append(deal.to_move)
        deal.play(min(deal.legal_moves))
    d = deal.dealer
    assert turns == [
        Turn((d + 1) % 3, Hand.LEFT),
        Turn(d, Hand.DUMMY),
        Turn((d + 2) % 3, Hand.RIGHT),
        Turn(d, Hand.DEALER),
    ]
    assert turns[1].playing_dummy and not turns[3].playing_dummy
    assert "playing the dummy" in str(turns[1]) and "his own hand" in str(turns[3])


# --- dealing -----------------------------------------------------------------------


def test_seeded_deal_is_reproducible_and_documented():
    deal = SpidgeDeal.from_seed(5)
    assert deal == SpidgeDeal.from_seed(5) and hash(deal) == hash(SpidgeDeal.from_seed(5))
    # The documented recipe: cut for the dealer, then shuffle the pack in card order.
    rng = random.Random(5)
    dealer = cut_for_dealer(rng)
    pack = [Card(c) for c in trickcore.spidge.pack(True)]  # card-number order
    rng.shuffle(pack)
    assert deal.dealer == dealer
    assert deal == SpidgeDeal.from_pack(pack, dealer)


def test_deal_is_one_card_at_a_time_from_the_dealers_left():
    pack = list(range(52))  # jokers off: card i goes to hand i % 4
    deal = SpidgeDeal.from_pack(pack, dealer=1, rules=SpidgeRules(jokers=False))
    for hand in Hand:
        assert deal.hand(hand) == CardSet(range(hand, 52, 4))
    assert deal.player_hand(2) == deal.hand(Hand.LEFT)  # player 2 is left of dealer 1
    assert deal.dummy == CardSet(range(1, 52, 4))


class _Cuts(random.Random):
    """An rng whose cuts are scripted."""

    def __init__(self, cuts: list[list[str]]) -> None:
        super().__init__(0)
        self.cuts = cuts

    def sample(self, population, k, **kwargs):  # type: ignore[override]
        cut = [Card(c) for c in self.cuts.pop(0)]
        assert len(cut) == k
        return cut


def test_cut_highest_card_deals_joker_highest():
    assert cut_for_dealer(_Cuts([["AS", "JK1", "KH"]])) == 1


def test_cut_ties_cut_again_suits_do_not_count():
    # Players 0 and 2 tie with aces (suits do not count); they cut again and 2 wins.
    assert cut_for_dealer(_Cuts([["AC", "5D", "AS"], ["3C", "9H"]])) == 2
    assert cut_for_dealer(_Cuts([["JK1", "JK2", "2C"], ["4C", "3C"]])) == 0


def test_bad_construction():
    with pytest.raises(InvalidArgumentError, match="invalid dealer 3: players are 0, 1 and 2"):
        SpidgeDeal.from_pack(list(range(52)), 3, SpidgeRules(jokers=False))
    hands = SpidgeDeal.from_seed(1).initial_hands
    with pytest.raises(ArgumentTypeError, match="dealer must be an integer, not a bool"):
        SpidgeDeal([hands[0], hands[2], hands[3]], hands[1], True)
    assert SpidgeDeal([hands[0], hands[2], hands[3]], hands[1], np.int64(2)).dealer == 2
    with pytest.raises(InvalidCardError, match="52 cards, not 51"):
        SpidgeDeal.from_pack(list(range(51)), 0)
    with pytest.raises(InvalidCardError, match="not in the Spidge pack with jokers"):
        SpidgeDeal.from_pack(list(range(52)), 0)  # 2♦ is out when jokers are in


# --- playing -------------------------------------------------------------------------


def test_illegal_play_names_the_rule_and_leaves_the_deal_unchanged():
    deal = SpidgeDeal.from_seed(7)
    before = deal.copy()
    with pytest.raises(IllegalMoveError, match="the opening lead may not be a trump: you hold"):
        deal.play("QS")
    assert deal == before
    assert deal.illegal_reason("QS") is not None
    with pytest.raises(TypeError):
        deal.play(1.5)  # type: ignore[arg-type]


def test_play_checks_the_player_when_given():
    deal = SpidgeDeal.from_seed(7)  # dealer 1; player 2 leads
    before = deal.copy()
    with pytest.raises(IllegalMoveError, match="it is not player 1's turn: player 2 is to play"):
        deal.play("AC", 1)
    assert deal == before
    deal.play("AC", player=2)
    with pytest.raises(IllegalMoveError, match=r"player 1 \(dealer, playing the dummy\) is to play"):
        deal.play("4C", 0)
    deal.play("4C", 1)  # the dealer plays the dummy's card
    with pytest.raises(ValueError, match="invalid player 3"):
        deal.play("2C", 3)
    deal.play("2C")  # no player: no turn check


def test_play_for_is_a_deprecated_alias_of_play():
    deal = SpidgeDeal.from_seed(7)
    with pytest.warns(DeprecationWarning, match=r"use play\(card, player\)"):
        with pytest.raises(IllegalMoveError, match="it is not player 1's turn"):
            deal.play_for(1, "AC")
    with pytest.warns(DeprecationWarning):
        deal.play_for(2, "AC")
    assert deal.n_played == 1


def test_copy_keeps_class_dealer_and_rules():
    rules = SpidgeRules(joker_suit="wild", target=5)
    deal = SpidgeDeal.from_seed(3, dealer=2, rules=rules)
    other = deal.copy()
    assert type(other) is SpidgeDeal and other.dealer == 2 and other.rules == rules
    other.play(min(other.legal_moves))
    assert deal.n_played == 0 and other != deal
    assert SpidgeDeal.from_seed(3, dealer=1, rules=rules) != deal  # the dealer counts


def test_tricks_and_result_count_the_dummy_for_the_dealer():
    rules = SpidgeRules(jokers=False)
    deal = play_lowest(suit_deal(0, rules, left="H", dummy="S", right="D", own="C"))
    assert deal.tricks[0].winner == Hand.DUMMY
    assert deal.tricks[1].leader == Hand.DUMMY  # the dummy leads after winning
    result = deal.result
    assert result.tricks_by_hand == (0, 13, 0, 0)
    assert result.tricks == (13, 0, 0)  # player 0 deals: 0 + the dummy's 13
    assert result.categories == (Category.SLAM, Category.NILL, Category.NILL)
    assert result.points == (2, 1, 1) and not result.grand_slam


def test_grand_slam_result_by_option():
    deal = play_lowest(suit_deal(2, SpidgeRules(jokers=False), "S", "H", "D", "C"))
    assert deal.result.categories[2] == Category.GRAND_SLAM and deal.result.grand_slam
    assert deal.result.points == (2, 1, 4)  # left (player 0) slam, right nill, dealer 4
    rules = SpidgeRules(jokers=False, grand_slam="all_tricks")
    deal = play_lowest(suit_deal(2, rules, "S", "H", "D", "C"))
    assert deal.result.categories[2] == Category.NILL
    deal = play_lowest(suit_deal(2, rules, "H", "S", "D", "C"))
    assert deal.result.categories[2] == Category.GRAND_SLAM


def test_result_before_the_end():
    with pytest.raises(DealNotOverError, match="0 of 13 tricks"):
        _ = SpidgeDeal.from_seed(1).result


# --- observations ---------------------------------------------------------------------


def _cards_in(obj: object, seen: set[int]) -> set[int]:
    """Every card reachable from an observation by walking its attributes."""
    if id(obj) in seen:
        return set()
    seen.add(id(obj))
    if isinstance(obj, Card):
        return {int(obj)}
    if isinstance(obj, CardSet):
        return {int(c) for c in obj}
    if isinstance(obj, (tuple, list, set, frozenset)):
        return set().union(*(_cards_in(x, seen) for x in obj)) if obj else set()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return set().union(
            *(_cards_in(getattr(obj, f.name), seen) for f in dataclasses.fields(obj))
        )
    return set()


@pytest.mark.parametrize("seed", range(8))
def test_observation_reveals_no_hidden_card(seed):
    rng = random.Random(seed)
    deal = SpidgeDeal.from_seed(seed, rules=SpidgeRules(joker_suit=rng.choice(["trump", "wild"])))
    stop = rng.randrange(53)
    for _ in range(stop):
        deal.play(rng.choice(list(deal.legal_moves)))
    for player in range(3):
        obs = deal.observation(player)
        own = deal.hand(deal.hand_of(player))
        allowed = {int(c) for c in own | deal.dummy | deal.played}
        reachable = _cards_in(obs, set()) | {int(c) for c in obs.visible_cards()}
        assert reachable <= allowed
        assert obs.hand == own and obs.dummy == deal.dummy and obs.played == deal.played
        for other in range(3):
            if other != player:
                hidden = deal.hand(deal.hand_of(other))
                assert not (reachable & {int(c) for c in hidden})
        assert set(vars(obs) if hasattr(obs, "__dict__") else ()) <= {
            f.name for f in dataclasses.fields(SpidgeObservation)
        }


def test_dealer_observation_holds_the_dummy_turn():
    deal = SpidgeDeal.from_seed(9)
    deal.play(min(deal.legal_moves))
    assert deal.to_move is not None and deal.to_move.hand == Hand.DUMMY
    dealer_view = deal.observation(deal.dealer)
    assert dealer_view.is_my_turn and dealer_view.legal_moves == deal.legal_moves
    assert dealer_view.legal_moves <= dealer_view.dummy
    other = deal.observation((deal.dealer + 1) % 3)
    assert not other.is_my_turn and not other.legal_moves
    assert other.dummy == dealer_view.dummy  # the dummy is public to everyone


# --- games ------------------------------------------------------------------------------


def _sweep_deal(dealer: int, rules: SpidgeRules) -> SpidgeDeal:
    # The dealer's left holds every spade and takes all 13 tricks.
    return play_lowest(suit_deal(dealer, rules, left="S", dummy="H", right="D", own="C"))


def test_grand_slam_wins_the_game_at_once():
    rules = SpidgeRules(jokers=False, target=10)
    game = SpidgeGame(rules, first_dealer=0)
    game.add_deal(_sweep_deal(0, rules))
    assert game.totals == (4, 2, 1)
    assert game.winner == 0 and game.won_by_grand_slam  # 4 < target 10, but the game is won
    with pytest.raises(IllegalMoveError, match="the game is over: player 0 has won"):
        game.next_deal()


def test_ties_at_the_target_continue_and_the_deal_passes_clockwise():
    rules = SpidgeRules(jokers=False, grand_slam="all_tricks")
    game = SpidgeGame(rules, first_dealer=0)
    expected_totals = [(1, 2, 1), (2, 3, 3), (4, 4, 4), (5, 6, 5)]
    for number, totals in enumerate(expected_totals):
        assert game.next_dealer() == number % 3
        game.add_deal(_sweep_deal(number % 3, rules))
        assert game.totals == totals
        if number < 3:
            assert game.winner is None  # tied at the top: play continues
    assert game.winner == 1 and not game.won_by_grand_slam


def test_game_rejects_wrong_dealer_and_other_rules():
    rules = SpidgeRules(jokers=False, grand_slam="all_tricks")
    game = SpidgeGame(rules, first_dealer=0)
    game.add_deal(_sweep_deal(0, rules))
    with pytest.raises(IllegalMoveError, match="expected player 1"):
        game.add_deal(_sweep_deal(2, rules))
    with pytest.raises(IllegalMoveError, match="other rule options"):
        game.add_deal(_sweep_deal(1, SpidgeRules(jokers=False)))


def test_seeded_game_plays_to_a_winner():
    game = SpidgeGame(seed=4)
    bots = [RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
    while not game.is_over:
        deal = game.next_deal()
        play_deal(deal, bots)  # type: ignore[arg-type]
        game.finish_deal()
        assert all(t >= 0 for t in game.totals)
    assert game.winner is not None
    assert game.deals[0].initial_hands == SpidgeDeal.from_seed(4).hands
    dealers = [deal.dealer for deal in game.deals]
    assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(dealers))
    best = max(game.totals)
    assert game.won_by_grand_slam or (
        best >= game.rules.target
        and game.totals.count(best) == 1
        and game.totals[game.winner] == best
    )


@pytest.mark.parametrize("seed", range(4))
def test_position_and_repr_rebuild_the_deal(seed):
    rng = random.Random(seed)
    rules = SpidgeRules(joker_suit="wild") if seed % 2 else SpidgeRules()
    deal = SpidgeDeal.from_seed(seed, rules=rules)
    for _ in range(rng.randrange(53)):
        deal.play(rng.choice(list(deal.legal_moves)))
    assert SpidgeDeal.from_position(deal.position(), rules) == deal
    rebuilt = eval(repr(deal), {"SpidgeDeal": SpidgeDeal, "SpidgeRules": SpidgeRules})
    assert rebuilt == deal


@pytest.mark.parametrize(
    ("mutate", "error", "message"),
    [
        (lambda p: p.replace("/", "|"), InvalidArgumentError, "expected 7 fields"),
        (lambda p: "-/5" + p[3:], InvalidArgumentError, "dealer: '5' is not a player 0, 1 or 2"),
        (lambda p: p[:4] + "ZZ" + p[6:], InvalidCardError, "position: left: invalid card text"),
        (lambda p: p + "AC", IllegalMoveError, r"position: plays\[1\]: cannot play A♣"),
        (lambda p: "x" + p[1:], InvalidArgumentError, "position: rules: 'x': write '-' or"),
        (lambda p: "nn" + p[1:], InvalidArgumentError, "position: rules: 'nn': write '-' or"),
        (lambda p: "-:03" + p[1:], InvalidArgumentError, "position: rules: '03' is not TARGET"),
        (lambda p: "-:3,14,10" + p[1:], InvalidArgumentError,
         "position: rules: slam_tricks: 14 is not a number of tricks"),
    ],
)
def test_bad_positions(mutate, error, message):
    deal = SpidgeDeal.from_seed(7)
    deal.play("AC")
    with pytest.raises(error, match=message):
        SpidgeDeal.from_position(mutate(deal.position()))


@pytest.mark.parametrize("rules", [
    SpidgeRules(), SpidgeRules(jokers=False), SpidgeRules(joker_suit="wild", target=5),
    SpidgeRules(spades_must_be_broken=True, grand_slam="all_tricks"),
    SpidgeRules(slam_tricks=12, spidge_tricks=9), SpidgeRules(target=1, spidge_tricks=13),
])
def test_a_position_keeps_its_rules(rules):
    # The string used to hold no rules: a deal under spades_must_be_broken
    # came back under the defaults, a different game, and said nothing.
    deal = SpidgeDeal.from_seed(11, rules=rules)
    for card in ("AC",) if "AC" in map(str, deal.legal_moves) else ():
        deal.play(card)
    text = deal.position()
    again = SpidgeDeal.from_position(text)
    assert again == deal and again.rules == rules and again.position() == text
    assert SpidgeDeal.from_position(text, rules) == deal
    other = SpidgeRules(target=rules.target + 1)
    with pytest.raises(InvalidArgumentError, match=r"^position: rules: the string is played under"):
        SpidgeDeal.from_position(text, other)
    # The six fields written before the rules were added: read under *rules*.
    old = text.split("/", 1)[1]
    assert SpidgeDeal.from_position(old, rules) == deal
