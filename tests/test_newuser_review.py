"""The first hour of a new user: the README's demo, ``pytrick play``, the
command line's ``--rules`` and the summaries, each problem pinned by a test."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from xml.etree import ElementTree

import numpy
import pytest

from pytrick import (
    ArgumentTypeError,
    Card,
    InvalidArgumentError,
    InvalidCardError,
    RulesError,
    SpidgeDeal,
    SpitzerDeal,
    cli,
    svg,
)
from pytrick.play import Session, parse_rules
from pytrick.spidge import Hand, SpidgeGame, SpidgeRules, hand_of, player_of
from pytrick.spidge import demo as spidge_demo
from pytrick.spitzer import SpitzerGame, SpitzerRules
from pytrick.svg import CARD_HEIGHT

SVG = "{http://www.w3.org/2000/svg}"


def session(game: str, text: str, **options: object) -> tuple[Session, str, int]:
    out = io.StringIO()
    play = Session(game, stdin=io.StringIO(text), out=out, color=False, **options)  # type: ignore[arg-type]
    status = play.run()
    return play, out.getvalue(), status


# Typing "²" at the prompt ended the session in a ValueError traceback:
# "²".isdigit() is true but int("²") fails.  A number of thousands of digits
# did too (int() refuses more than 4300).  Neither is a move; both are now
# answered in one line, and the session goes on.
def test_a_superscript_digit_or_a_huge_number_is_answered_not_a_traceback() -> None:
    _, text, status = session("spitzer", "²\n" + "9" * 5000 + "\nquit\n", seed=3, deals=1)
    assert status == 0 and "Traceback" not in text
    assert "invalid card text '²'" in text
    assert "There is no move 999" in text and "Goodbye." in text


# A card outside the game's pack (JK1 or 2♣ in Spitzer, 2♦ in Spidge with
# jokers, a joker without them) is no IllegalMoveError but an
# InvalidCardError, which the prompt did not catch: a traceback ended the game.
# It is now refused like an illegal card, and the deal is unchanged.
@pytest.mark.parametrize(("game", "rules", "typed", "answer"), [
    ("spitzer", None, "JK1", "Not allowed: JK1 is not a Spitzer card"),
    ("spitzer", None, "2C", "Not allowed: 2C is not a Spitzer card"),
    ("spidge", None, "2D", "Not allowed: 2♦ is not in the Spidge pack with jokers"),
    ("spidge", SpidgeRules(jokers=False), "JK1", "is not in the Spidge pack without jokers"),
])
def test_a_card_outside_the_pack_is_refused_at_the_prompt(
    game: str, rules: SpitzerRules | SpidgeRules | None, typed: str, answer: str
) -> None:
    before, _, _ = session(game, "quit\n", seed=3, deals=1, rules=rules)
    play, text, status = session(game, f"{typed}\nquit\n", seed=3, deals=1, rules=rules)
    assert status == 0 and "Traceback" not in text
    assert answer in text
    assert play.game.deals[-1] == before.game.deals[-1]


# At the end of a deal the session printed only "Deal N is over: you +0, seat 1
# +6, ...": the last trick (who won it) was never shown, nor what the deal was
# and why it scored so (the demo prints both).  Now the last trick and the
# result line come before the scores.
@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_the_end_of_a_deal_shows_the_last_trick_and_the_result(game: str) -> None:
    play, text, status = session(game, "pass\n" + "1\n" * 60, seed=4, deals=1, seat=1)
    assert status == 0
    deal = play.game.deals[0]
    assert deal.is_over
    lines = text.splitlines()
    over = next(i for i, line in enumerate(lines) if line.startswith("Deal 1 is over"))
    assert lines[over - 1] == f"Result: {deal.result.describe()}"
    last = lines[over - 2]
    assert last.startswith("Last trick: ")
    if isinstance(deal, SpitzerDeal):
        cards = [card for _, card in deal.plays[-4:]]
        winner = deal.trick_winners[-1]
        assert last.endswith("-> you" if winner == 1 else f"-> seat {winner}")
    else:
        assert isinstance(deal, SpidgeDeal)
        cards = [card for _, card in deal.plays[-4:]]
    assert [card.unicode() in last for card in cards] == [True] * 4


# pytrick play never said which rule options were changed (the demos do):
# a person playing under --rules zola_requires_both_queens=true was not told.
def test_play_says_which_rule_options_it_plays_under() -> None:
    _, text, _ = session("spitzer", "quit\n", seed=3, rules=SpitzerRules(zola_requires_both_queens=True))
    assert text.splitlines()[1] == "Rules: zola_requires_both_queens=true"
    _, plain, _ = session("spitzer", "quit\n", seed=3, rules=SpitzerRules(target=21))
    assert "Rules:" not in plain and plain.startswith("Spitzer to 21")


# `pytrick play --rules target=21 spitzer`: --rules swallowed the game, and
# argparse said "the following arguments are required: game" although the
# game was given.  The word without '=' is now named, with what to do.
@pytest.mark.parametrize("argv", [
    ["play", "--rules", "target=21", "spitzer"],
    ["demo", "--rules", "target=21", "spidge"],
    ["tournament", "--rules", "target=21", "spitzer"],
    ["score", "spitzer", "--rules", "schneider_announcement=true", "schneider", "--points", "95"],
])
def test_a_word_without_equals_after_rules_is_named(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    word = argv[argv.index("--rules") + 2]
    assert f"argument --rules: {word!r} is not a KEY=VALUE rule option" in err
    assert "before --rules" in err
    assert "the following arguments are required" not in err


# "1 deals", "to 1 points", "wins, 1 points.": the summaries and the Spidge
# demo said a count of one in the plural.
def test_a_count_of_one_is_singular_in_the_summaries_and_the_demo() -> None:
    spitzer = SpitzerGame(seed=3)
    spitzer.next_deal()
    assert spitzer.summary().splitlines()[0] == "Spitzer game to 42: 1 deal"
    spidge = SpidgeGame(SpidgeRules(target=1), seed=3)
    spidge.next_deal()
    assert spidge.summary().splitlines()[0] == "Spidge game to 1 point, 1 deal"
    out = io.StringIO()
    game = spidge_demo(seed=1, out=out, rules=SpidgeRules(target=1))
    assert game.winner is not None
    won = game.totals[game.winner]
    assert out.getvalue().rstrip().endswith(f", {won} point{'' if won == 1 else 's'}.")
    assert won != 1 or out.getvalue().rstrip().endswith(", 1 point.")


# "why" alone answered "invalid card text '': it is empty", as if the person
# had typed a bad card; it now says what the command takes.
@pytest.mark.parametrize(("game", "example"), [("spitzer", "why QC (or why zola)"), ("spidge", "why QC")])
def test_why_without_a_card_says_what_it_takes(game: str, example: str) -> None:
    _, text, status = session(game, "why\nwhy   \nquit\n", seed=3, deals=1)
    assert status == 0 and "it is empty" not in text
    assert text.count(f"Say which card: {example}") == 2


# A card typed during the auction got "unknown Spitzer announcement 'QC': the
# announcements are pass, zola, ..." as if it were a misspelt announcement;
# the other way round (an announcement during the play) was already told
# "The announcements are over".  It now says no card is played yet.
def test_a_card_typed_during_the_auction_is_told_to_announce_first() -> None:
    play, text, status = session("spitzer", "QC\nquit\n", seed=11, seat=1, deals=1)
    assert status == 0 and "unknown Spitzer announcement" not in text
    assert "Nobody plays a card yet: first announce or pass (rules §1.5). Announcements now: 1) pass" in text
    deal = play.game.deals[-1]
    assert isinstance(deal, SpitzerDeal) and deal.announcements == ()


# pytrick.svg took bad input without a pytrick error: size="big" raised a bare
# TypeError, size=inf wrote width="inf" (no valid SVG), size=True drew; hand(None)
# raised "'NoneType' object is not iterable", a hand with a card twice drew it
# twice; trick() drew seat 5 or -1 in another seat's place, a seat twice, and
# raised ZeroDivisionError (seats=0), ValueError (a seat 'a', a bare string).
# Each is now a pytrick error naming the argument.
@pytest.mark.parametrize(("draw", "error", "message"), [
    (lambda: svg.card("QC", size="big"), ArgumentTypeError, "size must be a number, not str"),  # type: ignore[arg-type]
    (lambda: svg.card("QC", size=True), ArgumentTypeError, "size must be a number, not bool"),
    (lambda: svg.card("QC", size=float("inf")), InvalidArgumentError, "size must be a positive, finite"),
    (lambda: svg.hand(None), ArgumentTypeError, "cards: a hand is"),  # type: ignore[arg-type]
    (lambda: svg.hand(["QC", "7D", "QC"]), InvalidCardError, "cards: QC is in the hand twice"),
    (lambda: svg.trick([(5, "QC")]), InvalidArgumentError, "plays[0] seat 5: seats are 0 to 3"),
    (lambda: svg.trick([(-1, "QC")]), InvalidArgumentError, "plays[0] seat -1"),
    (lambda: svg.trick([("a", "QC")]), ArgumentTypeError, "plays[0] seat must be an integer"),  # type: ignore[list-item]
    (lambda: svg.trick([(0, "QC"), (0, "KC")]), InvalidArgumentError, "plays[1]: seat 0 has already played"),
    (lambda: svg.trick([(0, "QC"), (1, "QC")]), InvalidCardError, "plays[1]: QC is already in this trick"),
    (lambda: svg.trick([(0, "QC")], seats=0), InvalidArgumentError, "invalid seats 0"),
    (lambda: svg.trick([(0, "QC")], seats=3, bottom=7), InvalidArgumentError, "invalid bottom 7"),
    (lambda: svg.trick("QC"), ArgumentTypeError, "plays: a trick is a sequence of (seat, card) pairs"),  # type: ignore[arg-type]
    (lambda: svg.trick([(0, "QC", 1)]), ArgumentTypeError, "plays[0]: a (seat, card) pair"),  # type: ignore[list-item]
])
def test_svg_refuses_bad_input_naming_the_argument(
    draw: Callable[[], str], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as raised:
        draw()
    assert message in str(raised.value)


def test_svg_still_draws_good_tricks_and_hands() -> None:
    picture = svg.trick([(3, "QC"), (0, Card("7D")), (1, 26)], bottom=3, size=1.5)
    root = ElementTree.fromstring(picture)
    cards = [g.get("data-card") for g in root.iter(f"{SVG}g") if g.get("data-card")]
    assert cards == ["QC", "7D", "2H"]
    assert float(root.get("width") or 0) == pytest.approx(CARD_HEIGHT * 1.5 * 2.4)
    assert "data-card" in svg.hand(iter(["QC", "7D"]), size=2)
    rows = numpy.array([[0, 10], [1, 20]])  # (seat, card number) rows are pairs too
    assert svg.trick(rows) == svg.trick([(0, "QC"), (1, "9D")])  # type: ignore[arg-type]


# The documented pytrick.play API took bad arguments without a clear error:
# Session(bots=5) raised "'int' object is not iterable"; parse_rules("chess",
# ...) gave Spidge rules; parse_rules("spitzer", "target=3") read the string
# letter by letter ("expected key=value, not 't'"); and an option given twice
# (--rules target=3 target=4) silently took the later value.
def test_session_and_parse_rules_refuse_bad_arguments_by_name() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^bots: bot names"):
        Session("spitzer", bots=5, stdin=io.StringIO(), out=io.StringIO())  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^bots: bot names"):
        Session("spitzer", bots=[5], stdin=io.StringIO(), out=io.StringIO())  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError, match="unknown game 'chess'"):
        parse_rules("chess", [])
    with pytest.raises(ArgumentTypeError, match="rules: a list of key=value words"):
        parse_rules("spitzer", "target=3")
    with pytest.raises(RulesError, match="rules: target is given twice"):
        parse_rules("spitzer", ["target=3", "target=4"])
    assert parse_rules("spitzer", ("target=3",)) == SpitzerRules(target=3)


def test_an_option_given_twice_on_the_command_line_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "spitzer", "--rules", "target=3", "target=4"]) == 2
    assert capsys.readouterr().err == "pytrick play: rules: target is given twice\n"


# `pytrick --help` described the command as "play demo games, replay and check
# records" (no play, tournament, score or explain), and `pytrick play --help`
# and the other subcommands' help said nothing of what they do.
def test_the_help_says_what_each_command_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    top = " ".join(capsys.readouterr().out.split())
    assert "play a game against the bots" in top and "scoring questions" in top
    for command, words in [("play", "seeing only what your seat may see"),
                           ("demo", "print every deal, trick and score"),
                           ("tournament", "95 % confidence intervals"),
                           ("replay", "checking every move"),
                           ("explain", "which rule decides it")]:
        with pytest.raises(SystemExit):
            cli.main([command, "--help"])
        assert words in " ".join(capsys.readouterr().out.split()), command


# The spidge page's player_of and hand_of took any number: player_of(4, ...)
# raised a bare IndexError, player_of(-1, ...) and hand_of(3, dealer=0)
# answered as if the hand or player existed (hand_of(3, 0) gave the dealer's
# hand).  Each now names the argument and its range, as the deal's methods do.
@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: player_of(4, dealer=0), InvalidArgumentError, "invalid hand 4: hands are 0 to 3"),
    (lambda: player_of(-1, dealer=0), InvalidArgumentError, "invalid hand -1"),
    (lambda: player_of(Hand.LEFT, dealer=3), InvalidArgumentError, "invalid dealer 3: players are 0, 1 and 2"),
    (lambda: hand_of(3, dealer=0), InvalidArgumentError, "invalid player 3: players are 0, 1 and 2"),
    (lambda: hand_of(0, dealer=-1), InvalidArgumentError, "invalid dealer -1"),
    (lambda: hand_of(True, dealer=0), ArgumentTypeError, "player must be an integer, not a bool"),
])
def test_player_of_and_hand_of_refuse_what_is_not_a_hand_or_player(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=re.escape(message)):
        call()
    assert [player_of(hand, dealer=2) for hand in Hand] == [0, 2, 1, 2]
    assert [hand_of(player, dealer=2) for player in range(3)] == [Hand.LEFT, Hand.RIGHT, Hand.DEALER]
