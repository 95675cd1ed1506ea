"""The ``pytrick`` command.

``pytrick demo spitzer|spidge [--seed N] [--bots B,B,...]`` plays a whole
game between bots and prints it; ``pytrick play spitzer|spidge`` lets a person
play against them (see :mod:`pytrick.play`); ``pytrick tournament
spitzer|spidge --bots ismcts,heuristic,random --deals N`` plays a duplicate
tournament (see :mod:`pytrick.arena`); ``pytrick replay FILE [--json]``
validates a record (with ``--deal K [--rotation R]``, one deal of a
tournament's deals.jsonl), prints its result, and exits 1 (printing the
reason) if the record is corrupt or illegal, 2 if the file cannot be read;
``pytrick explain FILE CARD`` says whether the player to move may play CARD
(in a Spitzer auction, CARD may be an announcement: ``zola``, ``ace:H``...).
``pytrick score spitzer GAME --points P [--tricks T] [--side SEATS]`` and
``pytrick score spidge --tricks A,B,C --dealer D`` answer a scoring question
with the table row, or category, that decides it (RULES.md 1.8 and 2.6);
``play``, ``demo``, ``tournament`` and ``score`` take rule options as
``--rules key=value ...``.  ``score`` refuses a bad value in one line
naming the argument, with exit status 2, as the other commands refuse bad
rules or bots:

>>> from pytrick.cli import main
>>> main(["score", "spitzer", "zola", "--points", "60", "--side", "1"])
Zola, declaring side seat 1: 60 card points (60 loses: a side needs 61).
Rules §1.8, row 'Zola', column '31–60': opp 9, each opponent scores 9.
seat 0: 9   seat 1: 0   seat 2: 9   seat 3: 9
0
>>> main(["score", "spidge", "--tricks", "10,3,0", "--dealer", "1"])
player 0: 10 tricks, spidge (at least 10 tricks): 1 point
player 1 (dealer, with the dummy): 3 tricks, no score (no category applies): 0 points
player 2: 0 tricks, nill (no trick): 1 point
Rules §2.6: each player scores the highest category that applies.
0
>>> import sys
>>> main(["score", "spitzer", "zola", "--points", "130"], err=sys.stdout)
pytrick score: --points: 130 is not a number of card points from 0 to 120
2

FILE is always a path (or ``-`` for standard input), never record text; every
failure is one line on standard error, within the limits of
:mod:`pytrick.records`.  Ctrl-C ends any command with one line and exit status
130 (a tournament's worker processes stop with it).  A ``module:Class`` bot is
imported from the installed packages or, after them, the current directory.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import IO, Any, TextIO

from pytrick import records
from pytrick._rule_words import rule_word
from pytrick.records import GAMES
from trickcore import BACKEND, __version__
from trickcore.card import parse_card
from trickcore.errors import PytrickError

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pytrick",
        description="Spitzer and Spidge: play a game against the bots, watch the bots play "
        "or run a tournament between them, replay and check records, and answer rules and "
        "scoring questions citing the rule.",
    )
    parser.add_argument(
        "--version", action="version", version=f"pytrick {__version__} ({BACKEND} core)"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = commands.add_parser(
        "demo", help="play and print a whole game between bots",
        description="Play a whole game between bots and print every deal, trick and score.",
    )
    demo.add_argument("game", choices=GAMES)
    demo.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    demo.add_argument(
        "--bots",
        default=None,
        help="the bots by seat, e.g. pimc,ismcts,heuristic,random (names repeat to fill the "
        "table; also ismcts[iterations=500] or an import path mypkg.mybot:MyBot)",
    )
    demo.add_argument("--rules", nargs="*", type=rule_word, metavar="KEY=VALUE",
                      help="rule options, as pytrick play takes them, e.g. target=21")

    tournament = commands.add_parser(
        "tournament", help="a duplicate tournament between bots, with confidence intervals",
        description="Play the same deals with the bots' seats rotated (duplicate), and "
        "print each bot's game points per deal with 95 % confidence intervals.",
    )
    tournament.add_argument("game", choices=GAMES)
    tournament.add_argument(
        "--bots",
        default="ismcts,heuristic,random",
        help="comma-separated bots: pimc, ismcts, heuristic, random, name[option=value,...] "
        "or an import path mypkg.mybot:MyBot (default: %(default)s)",
    )
    tournament.add_argument("--deals", type=int, default=100, help="deals to play (default: %(default)s)")
    tournament.add_argument("--seed", type=int, default=0, help="tournament seed (default: %(default)s)")
    tournament.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    tournament.add_argument("--workers", type=int, default=1, help="processes on this machine")
    tournament.add_argument(
        "--ray",
        nargs="?",
        const=True,
        default=False,
        metavar="ADDRESS",
        help="run the deals as Ray tasks: on the cluster at ADDRESS, or a local Ray without one",
    )
    tournament.add_argument("--out", default=None, metavar="DIR", help="save deals.jsonl, summary.json, ratings.png there")
    tournament.add_argument(
        "--move-seconds", type=float, default=None, metavar="S",
        help="soft limit: count and report each bot's decisions that take longer than S seconds "
        "(they are not interrupted)",
    )
    tournament.add_argument("--quiet", action="store_true", help="no progress bar")
    tournament.add_argument("--rules", nargs="*", type=rule_word, metavar="KEY=VALUE",
                            help="rule options of every deal, as pytrick play takes them "
                            "(the deal records keep them)")

    play = commands.add_parser(
        "play", help="play a whole game yourself against the bots, in the terminal",
        description="Play a whole game against the bots, seeing only what your seat may see. "
        "At the prompt type a card (QC, Q♣, 10h) or its number; ? lists your moves, "
        "why CARD says which rule allows or forbids it, help lists the commands.",
    )
    play.add_argument("game", choices=GAMES)
    play.add_argument("--seat", type=int, default=0, help="your seat (Spidge: your player number)")
    play.add_argument(
        "--bots",
        default="heuristic",
        help="the bots of the other seats, in seat order: heuristic, random, pimc, ismcts or module:Class "
        "(one name for all, or a comma-separated list)",
    )
    play.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    play.add_argument("--rules", nargs="*", type=rule_word, metavar="KEY=VALUE", help="rule options, e.g. target=21")
    play.add_argument("--deals", type=int, default=None, help="stop after this many deals")
    play.add_argument("--no-undo", action="store_true",
                      help="play without takebacks: the undo command (on by default, for practice) is off")
    play.add_argument("--save", metavar="FILE", default=None,
                      help="write the game record to FILE when the session ends (checked writable at the start)")
    play.add_argument("--resume", metavar="FILE", default=None,
                      help="play on a game record that save FILE or --save FILE wrote, under its rules "
                      "and seed (not --seed; --rules only if the same); --seat and --bots are yours to choose")

    replay = commands.add_parser(
        "replay", help="validate a JSON record and print its result",
        description="Replay a deal or game record, checking every move, and print its result.",
    )
    replay.add_argument("file", help="path of the record, or - for standard input")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    replay.add_argument("--deal", type=int, default=None, metavar="K",
                        help="FILE is a tournament's deals.jsonl: replay its deal K")
    replay.add_argument("--rotation", type=int, default=0, metavar="R",
                        help="with --deal: the rotation of the bots to replay (default 0)")

    from pytrick._score_command import add_parser as add_score_parser

    add_score_parser(commands)

    explain = commands.add_parser(
        "explain", help="may the player to move in a recorded deal play CARD? and why",
        description="Say whether the player to move in a recorded deal may play CARD (or, in "
        "a Spitzer auction, make an announcement), and which rule decides it.",
    )
    explain.add_argument("file", help="a deal record, finished or not (or - for standard input)")
    explain.add_argument(
        "card",
        help="the card in question, e.g. AH, 10♥, JK1; or a Spitzer announcement, e.g. zola, ace:H",
    )
    return parser


class _Unreadable(Exception):
    """The record file (or standard input) cannot be read: exit status 2."""


def _load(path: str, deal: int | None = None, rotation: int = 0) -> object:
    """The deal or game of the record in file *path* (standard input for '-');
    with *deal*, of that deal and *rotation* of a tournament's deals.jsonl.

    The file's content is only ever parsed as JSON, never taken for a path.
    """
    try:
        if path == "-":
            if sys.stdin is None or sys.stdin.closed:
                raise _Unreadable("standard input is closed")
            file = sys.stdin.buffer
            if deal is not None:
                return _tournament_deal(file, deal, rotation)
            data = _read_record(file)
        else:
            with open(path, "rb") as file:
                if deal is not None:
                    return _tournament_deal(file, deal, rotation)
                data = _read_record(file)
    except PytrickError:
        raise  # larger than the limit: an invalid record, not an unreadable file
    except OSError as error:
        raise _Unreadable(error.strerror or str(error)) from None
    except ValueError as error:  # a path with a NUL byte; a stdin closed underneath
        raise _Unreadable(str(error)) from None
    obj = records.parse_record_text(data)
    if _is_tournament_line(obj):
        raise _tournament_file_error()
    if isinstance(obj, dict) and "standings" in obj and "format" not in obj:
        raise records.record_error(
            "this is a tournament's summary.json (its statistics), not a deal record: "
            "replay a deal of the deals.jsonl beside it with --deal K (and --rotation R)"
        )
    loaded = records.from_record(obj)
    if obj["kind"] == "observation":
        # One seat's view: the hidden hands it lacks are not there to replay.
        raise records.record_error(
            "kind: this is an observation record (one seat's view of a deal), "
            "not a deal or game record"
        )
    return loaded


def _read_record(file: IO[bytes]) -> bytes:
    """The record in *file*, within the size limit; a tournament's deals.jsonl
    (one JSON object per line, which as a whole is not JSON) is told by its
    first line and refused with a pointer to ``--deal K``."""
    head = file.readline(records.MAX_RECORD_BYTES + 1)
    if head.strip().startswith(b"{") and head.rstrip().endswith(b"}"):
        try:
            first = records.parse_record_text(head)
        except PytrickError:
            first = None
        if _is_tournament_line(first):
            raise _tournament_file_error()
    if len(head) > records.MAX_RECORD_BYTES:
        return head  # parse_record_text refuses it as too large
    return head + records.read_capped(file)


def _is_tournament_line(obj: object) -> bool:
    return isinstance(obj, dict) and "rotations" in obj and "format" not in obj


def _tournament_file_error() -> PytrickError:
    return records.record_error(
        "this is a tournament's deals.jsonl (one deal per line), not a deal record: "
        "replay one of its deals with --deal K (and --rotation R)"
    )


def _tournament_deal(file: IO[bytes], deal: int, rotation: int) -> object:
    from pytrick.arena import deal_record

    return records.from_record(deal_record(_capped_lines(file), deal, rotation))


def _capped_lines(file: IO[bytes]) -> Iterator[bytes]:
    """The lines of *file*, each refused when longer than a record may be."""
    while line := file.readline(records.MAX_RECORD_BYTES + 1):
        if len(line) > records.MAX_RECORD_BYTES:
            raise records.record_error(f"a line is larger than the limit of {records.MAX_RECORD_BYTES} bytes")
        yield line


def _fail(command: str, message: str, err: TextIO) -> None:
    """Print *message* as one line of at most MAX_MESSAGE_CHARS characters."""
    line = " ".join(f"pytrick {command}: {message}".split())
    if len(line) > records.MAX_MESSAGE_CHARS:
        line = line[: records.MAX_MESSAGE_CHARS - 1] + "…"
    print(line, file=err)


def _load_or_fail(
    command: str, path: str, err: TextIO, deal: int | None = None, rotation: int = 0
) -> tuple[Any, int]:
    """The record's object and 0, or None and the exit status after reporting."""
    try:
        return _load(path, deal, rotation), 0
    except _Unreadable as error:
        where = "standard input" if path == "-" else records.quote(path)
        _fail(command, f"cannot read {where}: {error}", err)
        return None, 2
    except PytrickError as error:
        _fail(command, f"invalid record: {error}", err)
        return None, 1


def _explain(path: str, card_text: str, out: TextIO, err: TextIO) -> int:
    obj, status = _load_or_fail("explain", path, err)
    if status:
        return status
    deal = obj.deals[-1] if hasattr(obj, "deals") else obj
    try:
        card = parse_card(card_text)
    except PytrickError as error:
        if hasattr(deal, "announce"):  # Spitzer: the question may be an announcement
            return _explain_announcement(deal, card_text, str(error), out, err)
        _fail("explain", str(error), err)
        return 1
    if deal.is_over:
        print("The deal is over: no card may be played.", file=out)
        return 0
    announcements = getattr(deal, "legal_announcements", ())  # Spidge has no announcements
    if announcements:
        said = ", ".join(a.token for a in announcements)
        print(
            f"No card may be played yet: seat {deal.to_move} must first announce or pass, "
            f"as every announcement is made before the first lead (rules §1.5).\n"
            f"seat {deal.to_move} to speak; legal now: {said}",
            file=out,
        )
        return 0
    # An illegal move cites its own rule and names no card hidden from the
    # player; a card outside this game's pack says so; a legal one says why.
    if hasattr(deal, "announce"):
        from pytrick.spitzer.text import explain_play as spitzer_explain

        print(spitzer_explain(deal, card), file=out)
    else:
        from pytrick.spidge.text import explain_play as spidge_explain

        print(spidge_explain(deal, card), file=out)
    who = f"seat {deal.to_move}" if isinstance(deal.to_move, int) else str(deal.to_move)
    print(f"{who} to play; legal now: {deal.legal_moves.unicode()}", file=out)
    return 0


def _explain_announcement(deal: Any, text: str, card_error: str, out: TextIO, err: TextIO) -> int:
    """May the seat to speak in Spitzer *deal* make the announcement *text*, and why
    (RULES.md 1.5); *card_error* says why *text* is no card either."""
    from pytrick.spitzer.text import explain_announcement

    try:
        answer = explain_announcement(deal, text)
    except PytrickError:
        _fail("explain", f"{card_error}; nor is it an announcement (pass, zola, "
              "zola_schneider, zola_schneider_schwarz, ace:H, void:C, void_call, "
              "first_trick_call, schneider)", err)
        return 1
    print(answer, file=out)
    legal = deal.legal_announcements
    if legal:
        said = ", ".join(a.token for a in legal)
        print(f"seat {deal.to_move} to speak; legal now: {said}", file=out)
    return 0


def _replay(path: str, as_json: bool, out: TextIO, err: TextIO, deal: int | None = None, rotation: int = 0) -> int:
    if deal is None and rotation:
        _fail("replay", "--rotation picks a rotation of a tournament deal: give --deal K too", err)
        return 2
    obj, status = _load_or_fail("replay", path, err, deal, rotation)
    if status:
        return status
    if as_json:
        print(json.dumps(obj.summary_json(), indent=2, ensure_ascii=False), file=out)
    else:
        print(obj.summary(), file=out)
    return 0


def _tournament(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pytrick import arena
    from pytrick.play import parse_rules

    try:
        result = arena.run_tournament(
            args.game,
            args.bots,
            args.deals,
            args.seed,
            rules=parse_rules(args.game, args.rules or []),
            workers=args.workers,
            ray=args.ray,
            progress=not args.quiet,
            out_dir=args.out,
            move_seconds=args.move_seconds,
        )
    except PytrickError as error:
        print(f"pytrick tournament: {error}", file=err)
        return 2
    except OSError as error:  # --out: a directory that cannot be made or written
        print(f"pytrick tournament: cannot save in {args.out!r}: {error.strerror or error}", file=err)
        return 2
    if args.json:
        print(json.dumps(result.summary(), ensure_ascii=False, allow_nan=False), file=out)
    else:
        print(result.table(), file=out)
        if args.out:
            print(f"\nRecords and summary saved in {args.out}", file=out)
    return 0


def _import_bots_from_cwd() -> None:
    """Let a ``module:Class`` bot be imported from the current directory, as
    ``python -m pytrick`` would; the installed ``pytrick`` script does not
    put the directory on ``sys.path``.

    The directory goes at the *end* of ``sys.path``: a file there (a stray
    ``random.py``, ``numpy.py`` or ``pytrick.py``) never shadows the standard
    library, pytrick or an installed package, while a bot module with a name of
    its own is found.  Worker processes of ``--workers N`` start with the
    parent's ``sys.path``, so they import it too.
    """
    here = os.getcwd()
    if "" not in sys.path and here not in sys.path:
        sys.path.append(here)


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run the command line; return the exit status.  *out* and *err* replace
    standard output and standard error."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    args = _parser().parse_args(argv)
    if ":" in (getattr(args, "bots", None) or ""):
        _import_bots_from_cwd()
    try:
        if args.command == "demo":
            module = importlib.import_module(f"pytrick.{args.game}")
            from pytrick.play import parse_rules

            try:
                rules = parse_rules(args.game, args.rules or [])
                module.demo(seed=args.seed, out=out, rules=rules, bots=args.bots)
            except PytrickError as error:
                print(f"pytrick demo: {error}", file=err)
                return 2
            return 0
        if args.command == "play":
            from pytrick.play import run_cli

            return run_cli(args, out, err)
        if args.command == "tournament":
            return _tournament(args, out, err)
        if args.command == "score":
            from pytrick._score_command import run as score

            return score(args, out, err)
        if args.command == "explain":
            return _explain(args.file, args.card, out, err)
        return _replay(args.file, args.json, out, err, args.deal, args.rotation)
    except KeyboardInterrupt:
        # Ctrl-C: as `pytrick play` says it, with no traceback (the tournament's
        # worker processes are stopped on the way out).
        print(f"\npytrick {args.command}: interrupted; goodbye.", file=err)
        return 130
    except BrokenPipeError:
        # The reader went away (`pytrick demo spitzer | head`): stop quietly,
        # and keep Python from complaining again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover - exercised through the entry point
    sys.exit(main())
