"""The errors: one hierarchy shown as pytrick.*, and every illegal-move reason
of the docs table reached by a real illegal move on both backends."""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import pytrick
import pytrick.errors
import trickcore
from pytrick import SpidgeGame, SpidgeRules, SpitzerGame, SpitzerRules
from pytrick.spitzer import Announcement
from trickcore.card import Card
from trickcore.errors import ILLEGAL_MOVE_REASONS, IllegalMoveError, PytrickError

Backend = dict[str, ModuleType]
DOCS = Path(__file__).resolve().parent.parent / "docs" / "errors.rst"


# -- the hierarchy -------------------------------------------------------------------


def test_every_error_is_a_pytrick_error_shown_as_pytrick() -> None:
    errors = [name for name in pytrick.errors.__all__
              if isinstance(getattr(pytrick.errors, name), type)
              and issubclass(getattr(pytrick.errors, name), BaseException)]
    assert len(errors) == 8  # PytrickError and its seven kinds
    for name in errors:
        error = getattr(pytrick.errors, name)
        # The same class at the top of both packages (no default: a missing one fails).
        assert getattr(pytrick, name) is error is getattr(trickcore, name)
        assert issubclass(error, PytrickError) and issubclass(error, ValueError)
        assert error.__module__ == "pytrick"
        assert repr(error) == f"<class 'pytrick.{name}'>"  # how a traceback names it


def test_an_illegal_move_error_cites_its_rule_and_pickles() -> None:
    error = IllegalMoveError("must follow clubs: you hold 10♣", "must_follow_suit", "1.6")
    assert str(error) == "must follow clubs: you hold 10♣ (rules §1.6)"
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.message, copy.reason, copy.rule, str(copy)) == (
        error.message, error.reason, error.rule, str(error))
    assert str(IllegalMoveError("nothing to undo", "nothing_to_undo")) == "nothing to undo"


# -- the docs table is the code's list --------------------------------------------------


def _docs_rows() -> list[tuple[str, str, str | None, str]]:
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index(".. list-table::"):]
    items = re.findall(r"^   \* - (.*)\n     - (.*)\n     - (.*)\n     - (.*)$", table, re.M)
    rows = []
    for game, reason, rule, meaning in items[1:]:  # the first is the header
        rows.append((
            game.lower(),
            reason.strip("`"),
            None if rule == "—" else rule.removeprefix("§"),
            meaning,
        ))
    return rows


def test_the_docs_table_lists_exactly_the_codes_reasons() -> None:
    assert _docs_rows() == [tuple(r) for r in ILLEGAL_MOVE_REASONS]
    keys = [(r.game, r.reason, r.rule) for r in ILLEGAL_MOVE_REASONS]
    assert len(keys) == len(set(keys))


# -- every reason, by a real illegal move -----------------------------------------------

# Spitzer deals, seat by seat (the hands of test_spitzer_core).  NORMAL: dealer
# 3, Q♣ with seat 0 and Q♠ with seat 1.
NORMAL = ("QC AC TC KC 7H 8H 9S 8D", "QS JC 9C 8C 7C AH TH 7S",
          "7D QH JH KD AS TS KS 8S", "QD JS JD AD TD 9D KH 9H")
# Dealer 1: seat 2 speaks first, with both queens, four spades and no A♠.
QUEENS_AT_2 = ("AH TH KH 9H 8H 7H 7D 8D", "AC TC KC 9C 8C 7C AS TS",
               "KS 9S 8S 7S QC QS QH QD", "JC JS JH JD AD TD KD 9D")
# Dealer 1: seat 2 holds both queens, A♣ and A♠ guarding his suits, no heart.
VOID_AT_2 = ("KH TH 9H 8C 9C KC QD KD", "JH QH 7S 8S JS KS JC AD",
             "QC QS AC TC AS 7D 8D 9D", "AH 7H 8H 9S TS 7C JD TD")
# Dealer 3: seat 0 holds nothing but trumps.
TRUMPS_AT_0 = ("QC QS QH QD JC JS JH JD", "AC TC KC 9C 8C 7C AS TS",
               "KS 9S 8S 7S AH TH KH 9H", "8H 7H AD TD KD 9D 8D 7D")


def spitzer(backend: Backend, hands: tuple[str, ...], dealer: int, options: int = 0,
            announcements: tuple[int, ...] = (), plays: str = "") -> object:
    S = backend["_spitzer"]
    state = S.SpitzerState([[Card(c) for c in h.split()] for h in hands], dealer, options)
    for code in announcements:
        state.announce(code)
    for card in plays.split():
        state.play(card)
    return state


def spidge(backend: Backend, flags: int = 1, **given: str) -> object:
    """A Spidge core deal whose hands hold at least the given cards (the rest
    round-robin), as test_spidge_core builds them."""
    S = backend["_spidge"]
    order = ["left", "dummy", "right", "dealer"]
    hands = [[Card(c) for c in given.get(name, "").split()] for name in order]
    used = {c for hand in hands for c in hand}
    i = 0
    for card in S.pack(bool(flags & S.OPT_JOKERS)):
        if card in used:
            continue
        while len(hands[i % 4]) >= 13:
            i += 1
        hands[i % 4].append(Card(card))
        i += 1
    return S.SpidgeState(hands, flags)


def finished(state: object) -> object:
    rng = random.Random(1)
    while not state.is_over:  # type: ignore[attr-defined]
        state.play_action(state.random_move(rng))  # type: ignore[attr-defined]
    return state


def spitzer_game_deal(game: SpitzerGame) -> pytrick.SpitzerDeal:
    deal = game.next_deal()
    finished(deal)
    return deal


Move = Callable[[Backend], object]


def _z(backend: Backend) -> ModuleType:
    return backend["_spitzer"]


def _won_spidge_game() -> SpidgeGame:
    game = SpidgeGame(SpidgeRules(target=1), seed=3)
    while not game.is_over:
        finished(game.next_deal())
        game.finish_deal()
    return game


def _won_spitzer_game() -> SpitzerGame:
    game = SpitzerGame(SpitzerRules(target=1), seed=3)
    while not game.is_over:
        finished(game.next_deal())
        game.finish_deal()
    return game


SCENARIOS: dict[tuple[str, str, str | None], Move] = {
    ("spitzer", "deal_over", "1.6"):
        lambda b: finished(spitzer(b, NORMAL, 3, announcements=(0,) * 4)).play("QC"),
    ("spitzer", "wrong_phase", "1.5"):
        lambda b: spitzer(b, NORMAL, 3).play("QC"),
    ("spitzer", "not_your_turn", "1.5"):
        lambda b: spitzer(b, NORMAL, 3).announce(0, seat=2),
    ("spitzer", "not_your_turn", "1.6"):
        lambda b: spitzer(b, NORMAL, 3, announcements=(0,) * 4).play("QS", seat=1),
    ("spitzer", "trump_ace_not_callable", "1.5"):
        lambda b: Announcement.parse("ace_call:D"),
    ("spitzer", "house_rule_off", "1.5"):
        lambda b: spitzer(b, NORMAL, 3).announce(_z(b).SCHNEIDER),
    ("spitzer", "wrong_void_call_form", "1.5"):
        lambda b: spitzer(b, VOID_AT_2, 1).announce(_z(b).VOID_CALL),
    ("spitzer", "needs_both_black_queens", "1.5"):
        lambda b: spitzer(b, NORMAL, 3).announce(_z(b).ACE_CALL_HEARTS),
    ("spitzer", "holds_called_ace", "1.5"):
        lambda b: spitzer(b, VOID_AT_2, 1).announce(_z(b).ACE_CALL_CLUBS),
    ("spitzer", "no_card_of_called_suit", "1.5"):
        lambda b: spitzer(b, VOID_AT_2, 1).announce(_z(b).ACE_CALL_HEARTS),
    ("spitzer", "unguarded_fail_suit", "1.5"):
        lambda b: spitzer(b, QUEENS_AT_2, 1).announce(_z(b).VOID_CALL_HEARTS),
    ("spitzer", "not_void_in_named_suit", "1.5"):
        lambda b: spitzer(b, VOID_AT_2, 1).announce(_z(b).VOID_CALL_CLUBS),
    ("spitzer", "no_fail_ace", "1.5"):
        lambda b: spitzer(b, TRUMPS_AT_0, 3, _z(b).OPT_VOID_CALL_FIRST_VOID_PLAYER)
        .announce(_z(b).VOID_CALL),
    ("spitzer", "lacks_fail_ace", "1.5"):
        lambda b: spitzer(b, VOID_AT_2, 1).announce(_z(b).FIRST_TRICK_CALL),
    ("spitzer", "must_lead_called_suit", "1.5"):
        lambda b: spitzer(b, QUEENS_AT_2, 1, _z(b).OPT_CALL_REQUIRES_LEAD,
                          (_z(b).ACE_CALL_SPADES,)).play("QC"),
    ("spitzer", "must_lead_fail_ace", "1.5"):
        lambda b: spitzer(b, VOID_AT_2, 1, _z(b).OPT_VOID_CALL_FIRST_VOID_PLAYER,
                          (_z(b).VOID_CALL,)).play("QC"),
    ("spitzer", "card_not_held", "1.6"):
        lambda b: spitzer(b, NORMAL, 3, announcements=(0,) * 4).play("QS"),
    ("spitzer", "must_follow_suit", "1.6"):
        lambda b: spitzer(b, NORMAL, 3, announcements=(0,) * 4, plays="AC").play("JC"),
    ("spitzer", "must_trump", "1.6"):
        lambda b: spitzer(b, NORMAL, 3, announcements=(0,) * 4, plays="AC 7C").play("AS"),
    ("spitzer", "must_play_called_ace", "1.6"):
        lambda b: spitzer(b, QUEENS_AT_2, 1, 0, (_z(b).ACE_CALL_SPADES,),
                          "KS JS 7D").play("TS"),
    ("spitzer", "must_keep_called_ace", "1.6"):
        lambda b: spitzer(b, QUEENS_AT_2, 2, 0, (0, 0, 0, _z(b).ACE_CALL_SPADES),
                          "JC 7D").play("AS"),
    ("spitzer", "nothing_to_undo", None):
        lambda b: spitzer(b, NORMAL, 3).undo(),
    ("spitzer", "wrong_dealer", "1.3"):
        lambda b: SpitzerGame(first_dealer=1).add_deal(pytrick.SpitzerDeal.from_seed(1, dealer=2)),
    ("spitzer", "rules_mismatch", None):
        lambda b: SpitzerGame().add_deal(
            pytrick.SpitzerDeal.from_seed(1, rules=SpitzerRules(call_requires_lead=True))),
    ("spitzer", "deal_in_progress", "1.9"):
        lambda b: (game := SpitzerGame(seed=1), game.next_deal(), game.next_deal()),
    ("spitzer", "game_over", "1.9"):
        lambda b: _won_spitzer_game().next_deal(),
    ("spidge", "deal_over", "2.5"):
        lambda b: finished(spidge(b)).play("AC"),
    ("spidge", "not_your_turn", "2.5"):
        lambda b: pytrick.SpidgeDeal.from_seed(7).play("AC", 0),
    ("spidge", "card_not_held", "2.5"):
        lambda b: spidge(b, left="AC", dummy="KC").play("KC"),
    ("spidge", "opening_lead_trump", "2.5"):
        lambda b: spidge(b, left="AC AS").play("AS"),
    ("spidge", "spades_not_broken", "2.5"):
        lambda b: _play(spidge(b, b["_spidge"].OPT_SPADES_MUST_BE_BROKEN, left="2C 3C",
                               dummy="AC 2S", right="4C", dealer="5C 6C"), "2C AC 4C 5C 2S"),
    ("spidge", "must_follow_suit", "2.5"):
        lambda b: _play(spidge(b, left="AC", dummy="KC AH"), "AC AH"),
    ("spidge", "must_follow_suit", "2.3"):  # a trump joker is no club
        lambda b: _play(spidge(b, left="AC", dummy="KC JK1"), "AC JK1"),
    ("spidge", "nothing_to_undo", None):
        lambda b: spidge(b).undo(),
    ("spidge", "wrong_dealer", "2.4"):
        lambda b: SpidgeGame(first_dealer=1).add_deal(pytrick.SpidgeDeal.from_seed(1, dealer=2)),
    ("spidge", "rules_mismatch", None):
        lambda b: SpidgeGame().add_deal(
            pytrick.SpidgeDeal.from_seed(1, rules=SpidgeRules(jokers=False))),
    ("spidge", "deal_in_progress", "2.7"):
        lambda b: (game := SpidgeGame(seed=1), game.next_deal(), game.next_deal()),
    ("spidge", "game_over", "2.7"):
        lambda b: _won_spidge_game().next_deal(),
}


def _play(state: object, text: str) -> object:
    for card in text.split():
        state.play(card)  # type: ignore[attr-defined]
    return state


def test_every_listed_reason_has_a_scenario() -> None:
    assert set(SCENARIOS) == {(r.game, r.reason, r.rule) for r in ILLEGAL_MOVE_REASONS}


@pytest.mark.parametrize("key", list(SCENARIOS), ids=lambda k: f"{k[0]}-{k[1]}-{k[2]}")
def test_every_reason_is_reached_by_a_real_illegal_move(
    backend: Backend, key: tuple[str, str, str | None]
) -> None:
    with pytest.raises(IllegalMoveError) as info:
        SCENARIOS[key](backend)
    error = info.value
    assert (error.reason, error.rule) == key[1:], str(error)
    assert error.message and str(error).startswith(error.message)
    if error.rule is not None:
        assert str(error).endswith(f"(rules §{error.rule})")
