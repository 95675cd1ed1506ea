"""``pytrick play spitzer|spidge``: a person plays a whole game against the bots.

The person sees exactly what their seat may see (the observation, RULES.md
§1.7 / §2): their own hand grouped with trumps first, the trick on the table,
the last trick, the announcements, who has revealed what, and the scores.
Each deal ends with its last trick and its result (as the demo prints it:
the game, the declaring side's card points and the table's column; in Spidge
each player's tricks and category); between deals the totals run on to the
game's target.  Rule options that differ from the defaults are said at the
start.

At the prompt, type a card (``QC``, ``Q♣``, ``10h``) or its number in the
list, an announcement by name or number, or a command:

.. code-block:: text

    ?            list your legal moves
    why CARD     may I play this card (or announcement) now? the rule that decides
    undo         take back your last move (practice mode, on by default; saved too)
    save FILE    write the game so far as a JSON record (mid-deal: practice mode only)
    quit         leave (so do end of input and Ctrl-C)
    (Enter)      show the table again

The command's options: ``--seat N``, ``--bots NAMES`` (any built-in or
imported bot, as ``pytrick tournament`` takes them), ``--seed S``, ``--rules
key=value ...``, ``--deals N`` (1 or more), ``--no-undo`` (no takebacks: undo,
on by default for practice, is off), and ``--save FILE``, which writes the game
record (takebacks included) when the session ends, however it ends; a FILE
that cannot be written is refused at the start (exit status 2), and a final
write that still fails makes the exit status 1; ``--resume FILE`` plays on a
saved game (below).
Without ``--seed`` the seed is drawn at random and said only when the
session ends (``--seed S`` then deals the same deals again): the seed deals
every hand, so said at the start it would show the bots' cards.

A game record holds every hand of every deal, the one in progress too: that is
how a record replays.  So ``save FILE`` in the middle of a deal, which shows
the bots' cards to whoever reads the file (``pytrick replay`` prints them), is
a practice-mode command: with ``--no-undo`` it is refused, and ``--save FILE``
writes the record only when the session is over.

``--resume FILE`` plays on a game that ``save FILE`` or ``--save FILE``
wrote: a deal in progress goes on from where it was saved (your prompt, or the
bots' moves if it is their turn), then the game deals on to its target, with
the record's totals and deal count.  The game keeps the record's rules
(``--rules`` may be given only if they are the same) and its seed, which
deals the next deals exactly as the original game would have, so ``--seed``
is refused; a record without a seed (a game made without one, or an older
record) deals fresh random deals, and says so.  The record's seed is never
printed.  The takebacks of the record are kept, and a later save writes them
again.  A finished game says who won and exits with status 0.  A file that
cannot be read, is not a valid record, or is not a game record of this game
(a deal or observation record, or the other game's) is one line on standard
error and exit status 2.  The record does not hold your seat, the bots or
``--no-undo``: give ``--seat`` and ``--bots`` again (by default seat 0 and
heuristic bots); ``--deals N`` counts the record's deals too.  The built-in
heuristic bots choose as they would have in the original session; a bot that
draws random numbers (random, pimc, ismcts) starts afresh from the seed, so
its later choices may differ.  Only what your seat sees is shown, as in any
session.

A session reads lines from any text stream, so it can be driven by a program:

>>> import io
>>> from pytrick.play import Session
>>> moves = io.StringIO("pass\\n" + "1\\n" * 40)
>>> out = io.StringIO()
>>> Session("spitzer", seat=0, seed=5, deals=1, stdin=moves, out=out).run()
0
>>> "Deal 1 is over" in out.getvalue()
True
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from pytrick._rule_words import changed_rules
from pytrick.arena import SEATS, BotSpec, Game, parse_bots
from pytrick.spidge import SpidgeDeal, SpidgeGame, SpidgeObservation, SpidgeRules
from pytrick.spidge import text as spidge_text
from pytrick.spidge.table import Hand, player_of
from pytrick.spitzer import Announcement, SpitzerDeal, SpitzerGame, SpitzerObservation, SpitzerRules
from pytrick.spitzer import text as spitzer_text
from trickcore._arguments import as_int, seed_plus
from trickcore.card import Card, Suit, parse_card
from trickcore.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    PytrickError,
    RecordError,
    RulesError,
)

__all__ = ["COMMANDS", "Session", "parse_rules"]

#: The commands, as ``help`` prints them.
COMMANDS = """\
a card (QC, Q♣, 10h) or its number in the list; an announcement by name or number
?            list your legal moves
why CARD     may I play this card (or announcement) now? the rule that decides
undo         take back your last move (practice mode, on by default; saved too)
save FILE    write the game so far as a JSON record (mid-deal: practice mode only)
quit         leave (so do end of input and Ctrl-C)
(Enter)      show the table again"""

_RED = "\x1b[31m"
_BOLD = "\x1b[1m"
_RESET = "\x1b[0m"


def parse_rules(game: str, pairs: Sequence[str]) -> SpitzerRules | SpidgeRules:
    """Rules from ``key=value`` words: values are read as JSON (``true``, ``12``)
    and otherwise as text (``void_call=first_void_player``); an on/off option
    also takes ``True`` and ``False``, as the rules pages write them.  An
    unknown *game*, *pairs* that is one string rather than a list of words,
    and an option given twice are refused."""
    if game not in SEATS:
        raise InvalidArgumentError(f"unknown game {game!r}: spitzer or spidge")
    if isinstance(pairs, str) or not all(isinstance(pair, str) for pair in pairs):
        raise ArgumentTypeError(
            f"rules: a list of key=value words such as ['target=21'], not {pairs!r:.60}"
        )
    kind = SpitzerRules if game == "spitzer" else SpidgeRules
    switches = {f.name for f in dataclasses.fields(kind) if isinstance(f.default, bool)}
    data: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise PytrickError(f"rules: expected key=value, not {pair!r}")
        if key in data:  # the later one silently won
            raise RulesError(f"rules: {key} is given twice")
        if key in switches and text.strip().lower() in ("true", "false"):
            data[key] = text.strip().lower() == "true"
            continue
        try:
            data[key] = json.loads(text)
        except ValueError:
            data[key] = text.strip()
    return kind.from_dict(data)


def _is_announcement(text: str) -> bool:
    try:
        Announcement.parse(text)
    except PytrickError:
        return False
    return True


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except PytrickError:
        return False
    return True


class _BotFault(Exception):
    """A bot broke the rules: the session cannot go on."""


class Session:
    """One person against the bots, for a whole game (or *deals* deals).

    *seat* is the person's seat (Spitzer 0-3) or player (Spidge 0-2); *bots*
    names the bots for the other seats in order (one name fills them all).
    With *save_to*, the game record is written there when the session ends,
    however it ends (won, *deals* played, quit, end of input, Ctrl-C); a path
    that cannot be written, like *deals* below 1, raises
    :class:`~pytrick.InvalidArgumentError` at once.

    With *resume*, a game record (the path of its file, or the record parsed,
    as :func:`json.load` gives it) is played on from where it was saved, under
    its rules, its seed and its takebacks (see ``--resume`` above).  A record
    that cannot be read or is not a game record of *game* raises
    :class:`~pytrick.RecordError`; *rules* that differ from the record's, or
    a *seed*, raise :class:`~pytrick.InvalidArgumentError`.
    """

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        bots: str | Sequence[str | BotSpec] = "heuristic",
        seed: int | None = None,
        rules: SpitzerRules | SpidgeRules | None = None,
        deals: int | None = None,
        practice: bool = True,
        stdin: TextIO | None = None,
        out: TextIO | None = None,
        color: bool | None = None,
        save_to: str | None = None,
        resume: str | os.PathLike[str] | Mapping[str, Any] | None = None,
    ) -> None:
        if game not in SEATS:
            raise PytrickError(f"unknown game {game!r}: spitzer or spidge")
        wanted = SpitzerRules if game == "spitzer" else SpidgeRules
        if rules is not None and not isinstance(rules, wanted):
            raise RulesError(f"{game} is played under {wanted.__name__}, not {type(rules).__name__}")
        self.game_name: Game = "spitzer" if game == "spitzer" else "spidge"
        self.players = 4 if game == "spitzer" else 3
        number = as_int(seat, "seat")
        if not 0 <= number < self.players:
            raise InvalidArgumentError(f"--seat must be 0 to {self.players - 1}, not {seat!r}")
        self.seat = number
        resumed: SpitzerGame | SpidgeGame | None = None
        takebacks: dict[int, list[dict[str, Any]]] = {}
        if resume is not None:
            if seed is not None:
                raise InvalidArgumentError(
                    "--seed: a resumed game deals on from the seed its record keeps "
                    "(or fresh random deals if it keeps none); leave --seed out"
                )
            resumed, takebacks = _read_game(self.game_name, resume)
            if rules is not None and rules != resumed.rules:
                raise InvalidArgumentError(
                    f"--rules: the record's game is played under {_rule_words(resumed.rules)}, "
                    f"not {_rule_words(rules)}: a resumed game keeps its rules (leave --rules out)"
                )
            seed = resumed.seed
        self.resumed = resumed is not None
        # A drawn seed is said only when the session ends: it deals every hand.
        # (A resumed game's seed, if any, is its record's: it is never said.)
        self.seed_given = seed is not None and resumed is None
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(2**32)
        self.seed = seed
        if not isinstance(bots, str) and not (
            isinstance(bots, Sequence) and all(isinstance(b, (str, BotSpec)) for b in bots)
        ):
            raise ArgumentTypeError(
                f"bots: bot names, as 'heuristic,random' or a list of them, not {bots!r:.60}"
            )
        specs = parse_bots(bots or "heuristic", minimum=1)
        if len(specs) == 1:
            specs *= self.players - 1
        if len(specs) != self.players - 1:
            raise PytrickError(
                f"--bots needs one name or {self.players - 1}, one for each other seat, "
                f"not {len(specs)}"
            )
        others = [s for s in range(self.players) if s != seat]
        self.bots = {
            s: spec.make(self.game_name, seed_plus(seed, s)) for s, spec in zip(others, specs, strict=True)
        }
        self.bot_names = {s: spec.name for s, spec in zip(others, specs, strict=True)}
        self.game: SpitzerGame | SpidgeGame
        if resumed is not None:
            self.game = resumed
        elif game == "spitzer":
            assert rules is None or isinstance(rules, SpitzerRules)
            self.game = SpitzerGame(rules, seed=seed)
        else:
            assert rules is None or isinstance(rules, SpidgeRules)
            self.game = SpidgeGame(rules, seed=seed)
        if deals is not None:
            number = as_int(deals, "deals")
            if number < 1:
                raise InvalidArgumentError(f"deals = {deals!r}: must be a whole number, 1 or more")
            deals = number
        self.max_deals = deals
        self.practice = practice
        self.stdin = stdin if stdin is not None else sys.stdin
        self.out = out if out is not None else sys.stdout
        if color is None:
            color = (
                self.out.isatty()
                and "NO_COLOR" not in os.environ
                and os.environ.get("TERM") != "dumb"
            )
        self.color = color
        if save_to is not None:
            _check_writable(save_to)
        self.save_to = save_to
        self._actors: list[int] = []  # who made each move of the current deal
        self._moves: list[str] = []  # and the move, as a record writes it
        # Per deal (by index in the game), the takebacks for the record:
        # {"at": moves before the undone ones, "undone": [the moves taken back]}.
        # A resumed game keeps its record's, so that a later save writes them again.
        self._takebacks = takebacks
        self.takebacks = sum(len(events) for events in takebacks.values())

    # -- the loop ------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game is won, *deals* deals are played, or the person
        leaves; return the exit status (0; 130 after Ctrl-C; 1 if a bot broke
        the rules or the record could not be written to *save_to*)."""
        status = 1
        try:
            status = self._run()
            if not self.seed_given and not self.resumed:
                self._say(f"The seed was {self.seed}: --seed {self.seed} deals these deals again.")
        finally:
            if self.save_to is not None and self.game.deals:
                if not self._save(self.save_to) and status == 0:
                    status = 1
        return status

    def _run(self) -> int:
        who = "seat" if self.players == 4 else "player"
        opponents = ", ".join(f"{who} {s} {n}" for s, n in self.bot_names.items())
        seed = f", seed {self.seed}" if self.seed_given else ""
        self._say(
            f"{self.game_name.title()} to {self.game.rules.target}{seed}. "
            f"You are {who} {self.seat}; {opponents}. Type ? for your moves, help for commands."
        )
        changed = changed_rules(self.game.rules)  # as the demos say it: the person plays under them
        if changed:
            self._say(f"Rules: {changed}")
        # A resumed deal in progress is played on first.
        deal: SpitzerDeal | SpidgeDeal | None = self._resumed_at() if self.resumed else None
        try:
            while not self.game.is_over:
                if deal is not None:
                    self._say(f"\n=== Deal {len(self.game.deals)} (resumed), dealer {who} {deal.dealer} ===")
                else:
                    if self.max_deals is not None and len(self.game.deals) >= self.max_deals:
                        break
                    deal = self.game.next_deal()
                    self._actors = []
                    self._moves = []
                    self._say(f"\n=== Deal {len(self.game.deals)}, dealer {who} {deal.dealer} ===")
                if not self._play_deal(deal):
                    return 0
                # The last trick and the result, which no later view shows.
                self._say(self._last_trick(self._observation(deal)))
                self._say(f"Result: {deal.result.describe()}")
                self.game.finish_deal()
                self._say(f"Deal {len(self.game.deals)} is over: {self._result(deal)}")
                self._say(self._totals())
                deal = None
            if self.game.winner == self.seat:
                self._say("\nYou win the game.")
            elif self.game.winner is not None:
                self._say(f"\n{self._name(self.game.winner).capitalize()} wins the game.")
            if self.takebacks:
                self._say(f"(Practice mode: you took back {_count(self.takebacks, 'move')}.)")
            return 0
        except KeyboardInterrupt:
            self._say("\nInterrupted; goodbye.")
            return 130
        except _BotFault as fault:
            self._say(str(fault))
            return 1

    def _resumed_at(self) -> SpitzerDeal | SpidgeDeal | None:
        """Say where the resumed game stands; return its deal in progress, if
        any, with who made each of its moves so far (for undo)."""
        game = self.game
        deal = game.current
        finished = len(game.deals) - (deal is not None)
        if game.is_over:
            where = f"the game is over after {_count(finished, 'deal')}"
        elif deal is not None:
            where = f"deal {len(game.deals)} is in progress ({_count(finished, 'deal')} finished)"
        else:
            where = f"{_count(finished, 'deal')} finished, deal {finished + 1} is next"
        self._say(f"Resumed the saved game: {where}. {self._totals()}")
        if game.seed is None and not game.is_over:
            self._say("The record keeps no seed: the next deals are fresh random deals.")
        self._actors = []
        self._moves = []
        if isinstance(deal, SpitzerDeal):
            for seat, code in deal.announcements:
                self._actors.append(seat)
                self._moves.append(Announcement(code).token)
            for seat, card in deal.plays:
                self._actors.append(seat)
                self._moves.append(str(card))
        elif deal is not None:
            for hand, card in deal.plays:
                self._actors.append(player_of(hand, deal.dealer))  # the dealer plays the dummy
                self._moves.append(str(card))
        return deal

    def _totals(self) -> str:
        return "Totals: " + ", ".join(f"{self._name(s)} {t}" for s, t in enumerate(self.game.totals))

    def _play_deal(self, deal: SpitzerDeal | SpidgeDeal) -> bool:
        """Play one deal; False if the person quit."""
        shown = -1
        while not deal.is_over:
            actor = self._actor(deal)
            if actor != self.seat:
                self._bot_move(deal, actor)
                continue
            if shown != len(self._actors):
                self._show(deal)
                shown = len(self._actors)
            answer = self._ask(deal)
            if answer is None:
                return False
            if answer == "shown":
                shown = -1
        return True

    def _ask(self, deal: SpitzerDeal | SpidgeDeal) -> str | None:
        """Read one line and act on it: None to quit, 'shown' to show the view again."""
        self.out.write(f"{self._name(self.seat)}> ")
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self._say("\nEnd of input; goodbye.")
            return None
        text = line.strip()
        command, _, rest = text.partition(" ")
        command = command.lower()
        if not text:
            return "shown"
        if command in ("quit", "exit", "q"):
            self._say("Goodbye.")
            return None
        if command in ("?", "moves"):
            self._say(self._moves_line(deal))
            return "asked"
        if command in ("help", "h"):
            self._say(COMMANDS)
            return "asked"
        if command == "undo":
            self._undo(deal)
            return "shown"
        if command == "save":
            if not self.practice:
                self._say("No save during a deal with --no-undo: the record holds every hand "
                          "(--save FILE writes it when the session ends).")
            elif self._save(rest.strip()):
                self._say("(It holds every hand of this deal, the bots' too, and the seed, which deals the next deals.)")
            return "asked"
        if command == "why":
            self._why(deal, rest.strip())
            return "asked"
        self._move(deal, text)
        return "asked"

    # -- moves ---------------------------------------------------------------------

    def _legal(self, deal: SpitzerDeal | SpidgeDeal) -> list[Any]:
        observation = self._observation(deal)
        if isinstance(observation, SpitzerObservation) and observation.legal_announcements:
            return list(observation.legal_announcements)
        return self._ordered(observation.legal_moves)

    def _move(self, deal: SpitzerDeal | SpidgeDeal, text: str) -> None:
        legal = self._legal(deal)
        choice: Any
        if text.isdecimal():  # not isdigit: int() refuses "²", and a long number is no move
            index = int(text) if len(text) <= 3 else 0
            if not 1 <= index <= len(legal):
                self._say(f"There is no move {text}: choose 1 to {len(legal)} (? lists them).")
                return
            choice = legal[index - 1]
        elif legal and isinstance(legal[0], Announcement):
            try:
                choice = Announcement.parse(text)
            except PytrickError as error:
                if _is_card(text):  # as "The announcements are over" answers the other way
                    self._say("Nobody plays a card yet: first announce or pass (rules §1.5). "
                              f"Announcements now: {self._moves_line(deal)}")
                else:
                    self._say(f"{error}. Announcements now: {self._moves_line(deal)}")
                return
        else:
            try:
                choice = parse_card(text)
            except PytrickError as error:
                if self.game_name == "spitzer" and _is_announcement(text):
                    self._say("The announcements are over: play a card (? lists them).")
                else:
                    self._say(f"{error}. Type ? for your moves, help for commands.")
                return
        try:
            self._apply(deal, self.seat, choice)
        except PytrickError as error:  # illegal, or a card outside this game's pack (JK1 in Spitzer)
            self._say(f"Not allowed: {error}.")

    def _apply(self, deal: SpitzerDeal | SpidgeDeal, actor: int, choice: Any) -> None:
        """Make the move (a rejected one changes nothing), note who made it, say it."""
        label = self._name(actor)
        if isinstance(choice, Announcement):
            assert isinstance(deal, SpitzerDeal)
            deal.announce(choice)
            said = "passes" if choice == Announcement.PASS else f"announces {choice}"
            self._actors.append(actor)
            self._moves.append(choice.token)
            self._say(f"  {label}: {said}")
            return
        if isinstance(deal, SpidgeDeal) and deal.to_move is not None and deal.to_move.playing_dummy:
            label += " (from the dummy)"
        deal.play(choice)
        self._actors.append(actor)
        self._moves.append(str(choice))
        self._say(f"  {label}: {self._card(choice)}")

    def _bot_move(self, deal: SpitzerDeal | SpidgeDeal, actor: int) -> None:
        observation = self._observation(deal, actor)
        bot = self.bots[actor]
        choice: Any
        try:
            if isinstance(observation, SpitzerObservation) and observation.legal_announcements:
                choice = Announcement.parse(bot.announce(observation))
            else:
                choice = Card(bot.play(observation))
            self._apply(deal, actor, choice)
        except PytrickError as error:
            # Never str(error): it would show the bot's hand to the person.
            why = getattr(error, "reason", type(error).__name__)
            raise _BotFault(
                f"The bot of {self._name(actor)} ({self.bot_names[actor]}) made an illegal "
                f"move ({why}); the game stops."
            ) from None
        except Exception as error:  # the bot's own code failed
            # Only the exception's type: its message might show the bot's hand.
            raise _BotFault(
                f"The bot of {self._name(actor)} ({self.bot_names[actor]}) failed "
                f"({type(error).__name__}); the game stops."
            ) from None

    def _undo(self, deal: SpitzerDeal | SpidgeDeal) -> None:
        if not self.practice:
            self._say("Undo is off (--no-undo).")
            return
        if self.seat not in self._actors:
            self._say("You have made no move in this deal to take back.")
            return
        undone: list[str] = []
        while True:
            deal.undo()
            undone.insert(0, self._moves.pop())
            if self._actors.pop() == self.seat:
                break
        self.takebacks += 1
        self._takebacks.setdefault(len(self.game.deals) - 1, []).append(
            {"at": len(self._moves), "undone": undone}
        )
        self._say("Taken back.")

    def _why(self, deal: SpitzerDeal | SpidgeDeal, text: str) -> None:
        if not text:  # not "invalid card text '': it is empty"
            example = "why QC (or why zola)" if isinstance(deal, SpitzerDeal) else "why QC"
            self._say(f"Say which card: {example}")
            return
        try:
            card = parse_card(text)
        except PytrickError as error:
            if isinstance(deal, SpitzerDeal):  # "why zola", "why ace:H": an announcement
                try:
                    self._say(spitzer_text.explain_announcement(deal, text))
                    return
                except PytrickError:
                    pass
            self._say(f"{error}")
            return
        observation = self._observation(deal)
        if isinstance(observation, SpitzerObservation) and observation.legal_announcements:
            self._say("Nobody plays a card yet: first announce or pass (rules §1.5).")
            return
        # An illegal move cites its rule (or the card is not in the pack); a
        # legal one says why it is legal.
        if isinstance(deal, SpitzerDeal):
            answer = spitzer_text.explain_play(deal, card)
        else:
            answer = spidge_text.explain_play(deal, card)
        shown = card.unicode()
        self._say(answer.replace(shown, self._card(card), 1) if answer.startswith(shown) else answer)

    def _save(self, path: str) -> bool:
        """Write the game record to *path*; False (and why, said) if it failed."""
        if not path:
            self._say("Say where: save FILE")
            return False
        record = self.game.to_record()
        for index, takebacks in self._takebacks.items():
            record["deals"][index]["takebacks"] = takebacks
        try:
            Path(path).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", "utf-8")
        except OSError as error:
            self._say(f"Cannot write {path!r}: {error.strerror or error}")
            return False
        self._say(f"Saved the game so far to {path}.")
        return True

    # -- what the person sees ------------------------------------------------------

    def _observation(
        self, deal: SpitzerDeal | SpidgeDeal, seat: int | None = None
    ) -> SpitzerObservation | SpidgeObservation:
        return deal.observation(self.seat if seat is None else seat)

    def _actor(self, deal: SpitzerDeal | SpidgeDeal) -> int:
        if isinstance(deal, SpitzerDeal):
            return deal.to_move
        turn = deal.to_move
        assert turn is not None
        return turn.player

    def _name(self, seat: int) -> str:
        who = "seat" if self.players == 4 else "player"
        return "you" if seat == self.seat else f"{who} {seat}"

    def _card(self, card: Card) -> str:
        text = card.unicode()
        if self.color and card.suit in (Suit.DIAMONDS, Suit.HEARTS):
            return f"{_RED}{text}{_RESET}"
        return text

    def _cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self._card(c) for c in cards) or "-"

    def _ordered(self, cards: Any) -> list[Card]:
        """As the hand is held (the game's ``hand_order``: trumps first)."""
        if self.game_name == "spitzer":
            return spitzer_text.hand_order(cards)
        return spidge_text.hand_order(cards)

    def _moves_line(self, deal: SpitzerDeal | SpidgeDeal) -> str:
        moves = []
        for i, move in enumerate(self._legal(deal), 1):
            moves.append(f"{i}) {move if isinstance(move, Announcement) else self._card(move)}")
        return "  ".join(moves)

    def _show(self, deal: SpitzerDeal | SpidgeDeal) -> None:
        observation = self._observation(deal)
        bold = (lambda s: f"{_BOLD}{s}{_RESET}") if self.color else (lambda s: s)
        if isinstance(observation, SpitzerObservation):
            lines = self._spitzer_view(observation)
        else:
            lines = self._spidge_view(observation)
        lines.append(bold("Your move: ") + self._moves_line(deal))
        self._say("\n".join(lines))

    def _spitzer_view(self, obs: SpitzerObservation) -> list[str]:
        lines = []
        said = ", ".join(
            f"{self._name(s)} {'pass' if a == Announcement.PASS else a}"
            for s, a in obs.announcements
        )
        lines.append(f"Announcements: {said or 'none yet'}")
        if obs.revealed:
            known = ", ".join(self._name(s) for s in sorted(obs.revealed))
            lines.append(f"Known declaring side: {known}")
        taken = [0] * 4
        for winner, points in zip(obs.trick_winners, obs.trick_points, strict=False):
            taken[winner] += points
        if obs.trick_winners:
            lines.append(
                "Card points taken: " + ", ".join(f"{self._name(s)} {taken[s]}" for s in range(4))
            )
            lines.append(self._last_trick(obs))
        if obs.current_trick:
            lines.append(
                "On the table: "
                + "  ".join(f"{self._card(c)} ({self._name(s)})" for s, c in obs.current_trick)
            )
        lines.append(f"Your hand: {self._hand(obs.hand)}")
        return lines

    def _hand_name(self, hand: Hand, dealer: int) -> str:
        """A Spidge hand as the person calls it: the dummy, you, or a player."""
        if hand == Hand.DUMMY:
            return "dummy"
        return self._name(player_of(hand, dealer))

    def _last_trick(self, obs: SpitzerObservation | SpidgeObservation) -> str:
        """The last complete trick, who played each card and who won it."""
        n = len(obs.trick_winners)
        if isinstance(obs, SpitzerObservation):
            return (
                "Last trick: "
                + "  ".join(f"{self._card(c)} ({self._name(s)})" for s, c in obs.plays[4 * n - 4 : 4 * n])
                + f" -> {self._name(obs.trick_winners[-1])}"
            )
        last = obs.plays[4 * n - 4 : 4 * n]
        return (
            "Last trick: "
            + "  ".join(f"{self._card(c)} ({self._hand_name(h, obs.dealer)})" for h, c in last)
            + f" -> {self._hand_name(obs.trick_winners[-1], obs.dealer)}"
        )

    def _spidge_view(self, obs: SpidgeObservation) -> list[str]:
        def hand_name(hand: Hand) -> str:
            return self._hand_name(hand, obs.dealer)

        lines = []
        won: dict[str, int] = {}
        for winner in obs.trick_winners:
            won[hand_name(winner)] = won.get(hand_name(winner), 0) + 1
        if obs.trick_winners:
            lines.append("Tricks won: " + ", ".join(f"{k} {v}" for k, v in won.items()))
            lines.append(self._last_trick(obs))
        if obs.current_trick:
            lines.append(
                "On the table: "
                + "  ".join(f"{self._card(c)} ({hand_name(h)})" for h, c in obs.current_trick)
            )
        lines.append(f"Dummy: {self._hand(obs.dummy)}")
        lines.append(f"Your hand: {self._hand(obs.hand)}")
        if obs.to_move is not None and obs.to_move.playing_dummy and obs.to_move.player == obs.player:
            lines.append("You play the dummy's card now.")
        return lines

    def _hand(self, cards: Any) -> str:
        return self._cards(self._ordered(cards))

    def _result(self, deal: SpitzerDeal | SpidgeDeal) -> str:
        scores = deal.result.points if isinstance(deal, SpidgeDeal) else deal.result.scores
        return ", ".join(f"{self._name(s)} {p:+d}" for s, p in enumerate(scores))

    def _say(self, text: str) -> None:
        print(text, file=self.out)


def _count(n: int, thing: str) -> str:
    """``'1 deal'``, ``'3 deals'``."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _rule_words(rules: SpitzerRules | SpidgeRules) -> str:
    """The rules as --rules words: the target and every option changed."""
    return f"target={rules.target} {changed_rules(rules)}".strip()


def _read_game(
    game: Game, source: str | os.PathLike[str] | Mapping[str, Any]
) -> tuple[SpitzerGame | SpidgeGame, dict[int, list[dict[str, Any]]]]:
    """The game of the record *source* (a path or a parsed record) and its
    takebacks by deal index; RecordError, starting ``--resume``, if it cannot
    be read or is not a game record of *game*."""
    from pytrick.records import check_envelope, from_record, quote, read_record_file, record_error

    if isinstance(source, Mapping):
        name, data = "the record", source
    elif isinstance(source, (str, os.PathLike)):
        name = quote(os.fspath(source))
        try:
            data = read_record_file(source)
        except RecordError as error:
            raise record_error(f"--resume {name}: {error}") from None
    else:
        raise ArgumentTypeError(
            f"resume: a record file's path or a parsed game record, not {type(source).__name__}"
        )
    try:
        found, kind = check_envelope(data)
        if kind != "game":
            raise RecordError(
                f"a {found.title()} {kind} record, not a game record: only a game record "
                "(as save FILE and --save FILE write) can be resumed"
            )
        if found != game:
            raise RecordError(f"a {found.title()} game record: resume it with pytrick play {found}")
        loaded = from_record(data)
    except RecordError as error:
        raise record_error(f"--resume {name}: {error}") from None
    assert isinstance(loaded, (SpitzerGame, SpidgeGame))
    takebacks = {
        index: [{"at": event["at"], "undone": list(event["undone"])} for event in body["takebacks"]]
        for index, body in enumerate(data.get("deals", []))
        if body.get("takebacks")
    }
    return loaded, takebacks


def _check_writable(path: str) -> None:
    """Refuse a ``--save`` path that cannot be written, before the game starts
    rather than after it (the file itself is only written at the end)."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise InvalidArgumentError(f"--save {path!r}: is a directory, not a file")
    if not folder.is_dir():
        raise InvalidArgumentError(f"--save {path!r}: no directory {str(folder)!r}")
    if target.exists():
        writable = os.access(target, os.W_OK)
    else:
        writable = os.access(folder, os.W_OK | os.X_OK)
    if not writable:
        raise InvalidArgumentError(f"--save {path!r}: not writable (permission denied)")


def run_cli(args: Any, out: TextIO, err: TextIO) -> int:
    """``pytrick play``: build a :class:`Session` from the parsed arguments."""
    try:
        # A resumed game has its record's rules: --rules only if given.
        given = args.rules is not None or args.resume is None
        rules = parse_rules(args.game, args.rules or []) if given else None
        session = Session(
            args.game,
            seat=args.seat,
            bots=args.bots or "heuristic",
            seed=args.seed,
            rules=rules,
            deals=args.deals,
            practice=not args.no_undo,
            out=out,
            save_to=args.save,
            resume=args.resume,
        )
    except PytrickError as error:
        print(f"pytrick play: {error}", file=err)
        return 2
    return session.run()
