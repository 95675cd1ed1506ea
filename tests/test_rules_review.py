"""Problems a user with a rules question ran into, each pinned by a test."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pytrick import InvalidArgumentError, cli
from pytrick.play import Session
from pytrick.spitzer import GameType, SpitzerDeal, SpitzerRules

#: Seat 2 (first to speak, dealer 1) holds Q♣ Q♠ and spades without A♠: an
#: ace call in ♠ is his only call; seat 1 holds A♠.
CALLER_HANDS = [
    "AH TH KH 9H 8H 7H 7D 8D", "AC TC KC 9C 8C 7C AS TS",
    "KS 9S 8S 7S QC QS QH QD", "JC JS JH JD AD TD KD 9D",
]


def explain(tmp_path: Path, deal: SpitzerDeal, question: str) -> tuple[int, str, str]:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(["explain", str(path), question], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


# `pytrick explain FILE zola` answered "invalid card text 'zola': no suit": the
# only rules question it took was "may I play this card?", so "may I call the
# ace of hearts here?" (RULES.md 1.5) had no answer, only the list of legal
# announcements.  It now says whether the seat to speak may make it, why not
# (the engine's reason, citing 1.5), and, if he may, what game it makes.
@pytest.mark.parametrize(("question", "answer"), [
    ("ace call in ♠", "The ace call in ♠ is legal: the holder of A♠ is your secret partner, "
                      "and must play it when ♠ is led by another player (rules §1.5)."),
    ("ace:H", "The ace call in ♥ is illegal: the ace call in ♥ needs at least one card of "
              "that suit other than a queen or jack (rules §1.5)."),
    ("void:H", "The void call in ♥ is illegal: a void call needs the ace of every fail suit "
               "you hold: you hold K♠, 9♠, 8♠ and 7♠ without the ace (rules §1.5)."),
    ("ace:D", "ace:D is illegal: cannot call the ace of diamonds: A♦ is a trump"),
    ("first_trick_call", "needs all three fail aces: you lack A♣, A♠ and A♥ (rules §1.5)."),
    ("zola", "The Zola is legal: you play alone against the other three and need 61 or more "
             "card points (60 loses) (rules §1.5)."),
    ("pass", "Passing is legal: if all four pass, the hand is a Normal game"),
    ("schneider", "Schneider is a house rule that is off (schneider_announcement=False)"),
])
def test_explain_answers_an_announcement_question(
    tmp_path: Path, question: str, answer: str
) -> None:
    deal = SpitzerDeal.from_hands(CALLER_HANDS, dealer=1)
    status, out, err = explain(tmp_path, deal, question)
    assert (status, err) == (0, "")
    assert answer in out.splitlines()[0]
    assert out.splitlines()[1] == (
        "seat 2 to speak; legal now: pass, zola, zola_schneider, zola_schneider_schwarz, "
        "ace_call_spades"
    )


def test_explain_of_an_announcement_follows_the_options(tmp_path: Path) -> None:
    rules = SpitzerRules(first_trick_call="first_trick_won_by_other", call_requires_lead=True)
    deal = SpitzerDeal.from_hands(CALLER_HANDS, dealer=1, rules=rules)
    assert "you must lead ♠ the first time you lead (call_requires_lead)" in (
        explain(tmp_path, deal, "ace:S")[1])
    deal.announce("pass")  # seat 3, one black queen: no call; Zola is open to him
    status, out, _ = explain(tmp_path, deal, "ace:C")
    assert "needs both black queens (Q♣ and Q♠)" in out and status == 0


def test_explain_of_an_announcement_after_the_auction_says_it_is_over(tmp_path: Path) -> None:
    deal = SpitzerDeal.from_hands(CALLER_HANDS, dealer=1)
    deal.announce("ace:S")
    status, out, _ = explain(tmp_path, deal, "zola")
    assert status == 0
    assert out == ("The Zola is illegal: the announcements are over: they are made before "
                   "the first lead (rules §1.5).\n")


def test_explain_of_neither_a_card_nor_an_announcement_says_both(tmp_path: Path) -> None:
    status, out, err = explain(tmp_path, SpitzerDeal.from_hands(CALLER_HANDS, dealer=1), "xyz")
    assert status == 1 and out == ""
    assert "invalid card text 'xyz'" in err and "nor is it an announcement" in err


def test_why_in_a_game_answers_an_announcement_question() -> None:
    # `why zola` said "invalid card text 'zola'" when the person was to speak.
    # Seed 0: seat 0 speaks before anyone has announced.
    out = io.StringIO()
    session = Session("spitzer", seat=0, seed=0, stdin=io.StringIO("why zola\nwhy ace:D\nquit\n"),
                      out=out, color=False)
    session.run()
    text = out.getvalue()
    assert "Zola is legal: you play alone against the other three" in text
    assert "cannot call the ace of diamonds" in text


# SpitzerRules.score(GameType.ZOLA, {0}, points=100, tricks=1) answered
# "+27" for figures no deal can produce: one trick is 4 cards, at most
# 4 aces = 44 card points (RULES.md 1.2), and 30 points in 7 tricks, or 1
# point in any number, cannot be taken either.  Only 0 and 8 tricks were
# checked; now every total the pack's cards cannot make is refused, naming
# the argument.
@pytest.mark.parametrize(("points", "tricks", "why"), [
    (100, 1, "their 4 cards hold 0 to 44"),
    (45, 1, "their 4 cards hold 0 to 44"),
    (30, 7, "their 28 cards hold 76 to 120"),
    (1, 3, "no 12 cards of the pack hold exactly 1"),
    (119, 5, "no 20 cards of the pack hold exactly 119"),
    (7, 4, "their 16 cards hold 8 to 112"),
    (10, 0, "no trick is 0 card points"),
])
def test_score_refuses_card_points_the_tricks_cannot_hold(
    points: int, tricks: int, why: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=rf"^points: {points} card points cannot be "
                       rf"taken in {tricks} tricks?: {why}"):
        SpitzerRules().score(GameType.ZOLA, {0}, points=points, tricks=tricks)


@pytest.mark.parametrize(("points", "tricks", "scores"), [
    (44, 1, (0, 9, 9, 9)),  # the four aces in one trick: 31-60, a loss
    (8, 4, (0, 12, 12, 12)),  # the four jacks and twelve blanks: 0-30
    (76, 7, (18, 0, 0, 0)),
    (120, 8, (36, 0, 0, 0)),
    (0, 0, (0, 15, 15, 15)),
])
def test_score_still_takes_the_extreme_totals(
    points: int, tricks: int, scores: tuple[int, int, int, int]
) -> None:
    assert SpitzerRules().score(GameType.ZOLA, {0}, points=points, tricks=tricks) == scores


# `pytrick explain FILE CARD` and `why CARD` in `pytrick play` said only
# "Q♥ is legal (rules §1.6)." for a legal card: the rule, but not why.  A
# player asking "hearts are led and I have none; may I play Q♥?" learns
# nothing from it.  The answer now says which part of the rule allows the card.
def _spitzer_position(moves: list[str], rules: SpitzerRules | None = None) -> SpitzerDeal:
    deal = SpitzerDeal.from_hands(CALLER_HANDS, dealer=1, rules=rules)
    for move in moves:
        if deal.legal_announcements:
            deal.announce(move)
        else:
            deal.play(move)
    return deal


@pytest.mark.parametrize(("moves", "card", "answer"), [
    (["pass"] * 4, "KS", "K♠ is legal: the leader may lead any card (rules §1.6)."),
    (["pass"] * 4 + ["KS"], "JS", "J♠ is legal: you cannot follow spades, so you must play a "
                                  "trump, and J♠ is one (rules §1.2, §1.6)."),
    (["pass"] * 4 + ["KS", "JS"], "7D", "7♦ is legal: you cannot follow spades, so you must "
                                        "play a trump, and 7♦ is one (rules §1.2, §1.6)."),
    (["pass"] * 4 + ["KS", "JS", "7D"], "TS", "10♠ is legal: it follows spades, the suit led "
                                              "(rules §1.6)."),
    (["ace:S", "KS", "JS", "7D"], "AS", "A♠ is legal: the called ace must be played when "
                                        "spades are led by another player (rules §1.6)."),
    (["pass"] * 4 + ["QC"], "JC", "J♣ is legal: trumps were led, and J♣ is a trump "
                                  "(rules §1.2, §1.6)."),
    (["pass"] * 4 + ["QC", "JC", "7D"], "AC", "A♣ is legal: you hold no trump, so any card "
                                              "may be played (rules §1.6)."),
    (["pass"] * 4 + ["KS"], "KS", "K♠ is illegal: seat 3 does not hold K♠: it has already "
                                  "been played"),
])
def test_explain_says_why_a_spitzer_card_is_legal(
    tmp_path: Path, moves: list[str], card: str, answer: str
) -> None:
    status, out, _ = explain(tmp_path, _spitzer_position(moves), card)
    assert status == 0 and out.splitlines()[0].startswith(answer)


def test_explain_says_why_a_caller_must_lead_the_called_suit(tmp_path: Path) -> None:
    deal = _spitzer_position(["ace:S"], SpitzerRules(call_requires_lead=True))
    assert explain(tmp_path, deal, "KS")[1].splitlines()[0] == (
        "K♠ is legal: the ace caller must lead ♠ the first time he leads, and K♠ is one "
        "(rules §1.5).")


SPIDGE_HANDS = (
    # By player; dealer 0: player 1 leads, the dummy, player 2, player 0.
    ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",       # player 0, the dealer
     "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S",       # player 1, left
     "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH JK1"],     # player 2, right
    "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS JK2",       # the dummy
)


@pytest.mark.parametrize(("joker_suit", "moves", "card", "answer"), [
    ("trump", [], "AD", "A♦ is legal: the opening lead may be any card but a trump (rules §2.5)."),
    ("trump", ["AD"], "3S", "3♠ is legal: the dummy holds no diamonds, so any card may be "
                            "played; nobody is obliged to trump (rules §2.5)."),
    ("trump", ["AD", "JK2"], "JK1", "🃏1 is legal: you hold no diamonds, so any card may be "
                                    "played; nobody is obliged to trump (rules §2.5)."),
    ("trump", ["AD", "JK2", "JK1", "AC", "2S"], "JK2",
     "🃏2 is illegal: cannot play 🃏2: the dummy does not hold it"),
    ("trump", ["AD", "JK2", "JK1", "AC", "2S"], "3S",
     "3♠ is legal: it follows spades, the suit led (rules §2.5)."),
    ("trump", ["AD", "3S", "JK1"], "AC", "A♣ is legal: you hold no diamonds, so any card may "
                                         "be played; nobody is obliged to trump (rules §2.5)."),
    ("wild", [], "AD", "A♦ is legal: the opening lead may be any card but a trump (rules §2.5)."),
])
def test_explain_says_why_a_spidge_card_is_legal(
    tmp_path: Path, joker_suit: str, moves: list[str], card: str, answer: str
) -> None:
    from pytrick.spidge import SpidgeDeal, SpidgeRules

    deal = SpidgeDeal(SPIDGE_HANDS[0], SPIDGE_HANDS[1], dealer=0,
                      rules=SpidgeRules(joker_suit=joker_suit))  # type: ignore[arg-type]
    for move in moves:
        deal.play(move)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    out = io.StringIO()
    assert cli.main(["explain", str(path), card], out=out, err=io.StringIO()) == 0
    assert out.getvalue().splitlines()[0].startswith(answer)


def test_every_answer_agrees_with_the_legal_moves() -> None:
    """Over random positions of both games under every joker and call option,
    each card gets an answer, "legal" exactly for the legal moves, and an
    "any card may be played" exactly when nothing (bar a called ace) is barred."""
    import random

    from pytrick.spidge import SpidgeDeal, SpidgeRules
    from pytrick.spidge.text import explain_play as spidge_explain
    from pytrick.spitzer.text import explain_play as spitzer_explain

    rng = random.Random(5)
    checked = 0
    for seed in range(24):
        spitzer = SpitzerDeal.from_seed(seed, rules=SpitzerRules(
            void_call=("called_ace_holder", "first_void_player")[seed % 2],
            call_requires_lead=seed % 3 == 0))
        spidge = SpidgeDeal.from_seed(seed, rules=SpidgeRules(
            joker_suit=("trump", "wild")[seed % 2], spades_must_be_broken=seed % 3 == 0))
        while spitzer.legal_announcements:
            calls = [a for a in spitzer.legal_announcements if a >= 4]
            spitzer.announce(calls[0] if calls else "pass")
        for deal, answer_of, hand_of in (
            (spitzer, spitzer_explain, lambda d: d.hand(d.to_move)),
            (spidge, spidge_explain, lambda d: d.hand(d.hand_to_move)),
        ):
            while not deal.is_over:
                hand, legal = hand_of(deal), deal.legal_moves
                for card in hand:
                    answer = answer_of(deal, card)
                    assert answer.startswith(f"{card.unicode()} is {'' if card in legal else 'il'}legal")
                    if "any card may be played" in answer:
                        assert len(hand) - len(legal) <= (deal is spitzer)
                    checked += 1
                deal.play(rng.choice(sorted(legal)))
    assert checked > 5000


# `pytrick play spitzer --rules call_requires_lead=True` stopped with
# "call_requires_lead: expected True or False, got 'True'": the option tables of
# the rules pages write the values True / False, but only JSON's lower-case
# true / false were read as booleans.
@pytest.mark.parametrize(("game", "words", "expected"), [
    ("spitzer", ["call_requires_lead=True"], SpitzerRules(call_requires_lead=True)),
    ("spitzer", ["zola_requires_both_queens=FALSE", "schneider_announcement=true"],
     SpitzerRules(schneider_announcement=True)),
    ("spidge", ["jokers=False", "spades_must_be_broken=True"], None),
])
def test_play_rules_take_true_and_false_as_the_rules_pages_write_them(
    game: str, words: list[str], expected: object
) -> None:
    from pytrick.play import parse_rules
    from pytrick.spidge import SpidgeRules

    if expected is None:
        expected = SpidgeRules(jokers=False, spades_must_be_broken=True)
    assert parse_rules(game, words) == expected


def test_play_rules_still_refuse_a_switch_that_is_no_boolean() -> None:
    from pytrick import RulesError
    from pytrick.play import parse_rules

    with pytest.raises(RulesError, match=r"^jokers: expected True or False, got 'maybe'"):
        parse_rules("spidge", ["jokers=maybe"])
    with pytest.raises(RulesError, match=r"^joker_suit: 'True' is not 'trump' or 'wild'"):
        parse_rules("spidge", ["joker_suit=True"])


# "May I play 2♥?" in a Spidge deal with jokers, or 2♣ in Spitzer, was
# answered with what the pack holds but no rule: every other refusal cites its
# section, and these are the pack's rules (RULES.md 1.2, 2.3).
@pytest.mark.parametrize(("game", "card", "answer"), [
    ("spitzer", "2C", "2♣ is illegal: 2C is not a Spitzer card (the pack is 7 to A in each "
                      "suit; rules §1.2)."),
    ("spidge", "2H", "2♥ is illegal: 2♥ is not in the Spidge pack with jokers (2♦ and 2♥ are "
                     "replaced by the jokers; rules §2.3)."),
    ("spidge-no-jokers", "JK1", "🃏1 is illegal: 🃏1 is not in the Spidge pack without jokers "
                                "(jokers=False; rules §2.3)."),
])
def test_a_card_outside_the_pack_cites_the_rule_of_the_pack(
    tmp_path: Path, game: str, card: str, answer: str
) -> None:
    from pytrick.spidge import SpidgeDeal, SpidgeRules

    deal: object
    if game == "spitzer":
        deal = SpitzerDeal.from_seed(3)
        for _ in range(4):
            deal.announce("pass")
    else:
        deal = SpidgeDeal.from_seed(3, rules=SpidgeRules(jokers=game == "spidge"))
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")  # type: ignore[attr-defined]
    out = io.StringIO()
    assert cli.main(["explain", str(path), card], out=out, err=io.StringIO()) == 0
    assert out.getvalue().splitlines()[0] == answer


# A Spidge deal without jokers, written with position() and read back with
# from_position(), failed with "2♥ is not in the Spidge pack with jokers": true,
# but the string (unlike Spitzer's) carried no rule options, and nothing said
# so or how to read it.  Strings now carry them; one written without them
# still gets the hint.
def test_a_spidge_position_read_under_the_wrong_pack_says_how_to_read_it() -> None:
    from pytrick import InvalidCardError
    from pytrick.spidge import SpidgeDeal, SpidgeRules

    plain = SpidgeRules(jokers=False)
    line = SpidgeDeal.from_seed(3, rules=plain).position().split("/", 1)[1]
    with pytest.raises(InvalidCardError, match=r"^position: 2♥ is not in the Spidge pack with "
                       r"jokers .*; this position holds no rule options: read it with "
                       r"rules=SpidgeRules\(jokers=False\)$"):
        SpidgeDeal.from_position(line)
    assert SpidgeDeal.from_position(line, rules=plain) == SpidgeDeal.from_seed(3, rules=plain)


# A first-trick caller who won trick 1 himself plays alone (RULES.md 1.5), but
# the result read "First-trick call: seat 2 took 50 card points ...: each
# opponent scores 6", leaving the reader to wonder where his partner went;
# a house-rule Schneider side of three read "seat 0 and seat 1 and seat 3".
def test_a_result_says_a_caller_played_alone_and_lists_a_side_of_three() -> None:
    from pytrick.spitzer import ScoringColumn, SpitzerResult

    alone = SpitzerResult(GameType.FIRST_TRICK_CALL, frozenset({2}), 50, 3,
                          ScoringColumn.POINTS_31_60, -6, (6, 6, 0, 6))
    assert alone.describe() == (
        "First-trick call: seat 2 (alone: no partner) took 50 card points in 3 tricks "
        "(column 31–60): each opponent scores 6")
    three = SpitzerResult(GameType.SCHNEIDER, frozenset({0, 1, 3}), 95, 5,
                          ScoringColumn.POINTS_90_120, 9, (9, 9, 0, 9))
    assert three.describe().startswith("Schneider: seat 0, seat 1 and seat 3 took 95 card points")
    zola = SpitzerResult(GameType.ZOLA, frozenset({1}), 60, 4,
                         ScoringColumn.POINTS_31_60, -9, (9, 0, 9, 9))
    assert zola.describe().startswith("Zola: seat 1 took 60")  # alone by definition


# "May I call an ace?" asked by a player with no black queen was refused with
# "the ace call in ♥ needs both black queens (Q♣ and Q♠): you hold nothing":
# he holds eight cards; he holds neither queen (RULES.md 1.5).
@pytest.mark.parametrize(("rules", "announcement", "first", "second"), [
    (SpitzerRules(), "ace:H",
     "the ace call in ♥ needs both black queens (Q♣ and Q♠): you hold only Q♠ (rules §1.5)",
     "the ace call in ♥ needs both black queens (Q♣ and Q♠): you hold neither (rules §1.5)"),
    (SpitzerRules(zola_requires_both_queens=True), "zola",
     "Zola needs both black queens (zola_requires_both_queens=True): you hold only Q♠ "
     "(rules §1.5)",
     "Zola needs both black queens (zola_requires_both_queens=True): you hold neither "
     "(rules §1.5)"),
])
def test_a_call_without_both_black_queens_says_which_one_the_seat_holds(
    backend: dict[str, object], rules: SpitzerRules, announcement: str, first: str, second: str
) -> None:
    from pytrick import IllegalMoveError
    from pytrick.spitzer import Announcement

    core = backend["_spitzer"]
    # Seat 3 speaks first and holds only Q♠; seat 0 holds neither black queen.
    hands = ["AH TH KH 9H 8H 7H 7D 8D", "AC TC KC 9C 8C 7C AS TS",
             "KS 9S 8S 7S QC QH QD JS", "JC QS JH JD AD TD KD 9D"]
    state = core.SpitzerState(hands, 2, rules.flags)  # type: ignore[attr-defined]
    code = int(Announcement.parse(announcement))
    with pytest.raises(IllegalMoveError) as refused:
        state.announce(code)
    assert str(refused.value) == first
    state.announce(0)
    with pytest.raises(IllegalMoveError) as refused:
        state.announce(code)
    assert str(refused.value) == second


# "May I play A♠?" asked before the announcements were over was answered
# "Seat 2 must first announce or pass; legal now: ...": the only answer of
# `pytrick explain` that cited no rule (RULES.md 1.5: announcements come
# before the first lead).
def test_explain_of_a_card_during_the_announcements_cites_the_rule(tmp_path: Path) -> None:
    status, out, _ = explain(tmp_path, SpitzerDeal.from_hands(CALLER_HANDS, dealer=1), "AS")
    assert status == 0
    assert out.splitlines() == [
        "No card may be played yet: seat 2 must first announce or pass, as every announcement "
        "is made before the first lead (rules §1.5).",
        "seat 2 to speak; legal now: pass, zola, zola_schneider, zola_schneider_schwarz, "
        "ace_call_spades",
    ]


def test_a_dummy_lead_is_explained_as_the_dummys() -> None:
    """With spades_must_be_broken, the dummy may lead a spade before trumps are
    broken when it holds nothing else: the answer speaks of the dummy's hand."""
    import random

    from pytrick.spidge import SpidgeDeal, SpidgeRules
    from pytrick.spidge.table import Hand
    from pytrick.spidge.text import explain_play

    for seed in range(3000):
        deal = SpidgeDeal.from_seed(seed, rules=SpidgeRules(spades_must_be_broken=True))
        rng = random.Random(seed)
        while not deal.is_over:
            hand = deal.hand(deal.hand_to_move)
            if (not deal.current_trick and deal.hand_to_move == Hand.DUMMY
                    and deal.tricks_played and not deal.trumps_broken
                    and all(card.suit == 3 or card.is_joker for card in hand)):
                card = hand.min()
                assert explain_play(deal, card) == (
                    f"{card.unicode()} is legal: trumps may not be led before one has been "
                    "played, but the dummy holds nothing else (rules §2.5).")
                return
            deal.play(rng.choice(sorted(deal.legal_moves)))
    raise AssertionError("no dummy lead of only trumps before they were broken")
