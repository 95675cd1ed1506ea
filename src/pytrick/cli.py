"""The ``pytrick`` command.

``pytrick demo spitzer|spidge [--seed N]`` plays a whole game between the
built-in bots and prints it; ``pytrick play spitzer|spidge`` lets a person play
against them (see :mod:`pytrick.play`); ``pytrick replay FILE [--json]`` validates a
record, prints its result, and exits 1 (printing the reason) if the record is
corrupt or illegal; ``pytrick cards`` shows both packs in their rank order.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from pytrick.records import GAMES, load_record
from trickcore import BACKEND, __version__
from trickcore.card import parse_card
from trickcore.errors import IllegalMoveError, PytrickError

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pytrick",
        description="Spitzer and Spidge: play demo games, replay and check records.",
    )
    parser.add_argument(
        "--version", action="version", version=f"pytrick {__version__} ({BACKEND} core)"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = commands.add_parser("demo", help="play and print a whole game between bots")
    demo.add_argument("game", choices=GAMES)
    demo.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")

    play = commands.add_parser(
        "play", help="play a whole game yourself against the bots, in the terminal"
    )
    play.add_argument("game", choices=GAMES)
    play.add_argument("--seat", type=int, default=0, help="your seat (Spidge: your player number)")
    play.add_argument(
        "--bots",
        default="heuristic",
        help="the bots of the other seats, in seat order: heuristic, random or module:Class "
        "(one name for all, or a comma-separated list)",
    )
    play.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    play.add_argument("--rules", nargs="*", metavar="KEY=VALUE", help="rule options, e.g. target=21")
    play.add_argument("--deals", type=int, default=None, help="stop after this many deals")
    play.add_argument("--no-undo", action="store_true", help="turn off undo (practice mode)")

    replay = commands.add_parser("replay", help="validate a JSON record and print its result")
    replay.add_argument("file", help="path of the record, or - for standard input")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")

    explain = commands.add_parser(
        "explain", help="may the player to move in a recorded deal play CARD? and why"
    )
    explain.add_argument("file", help="a deal record, finished or not (or - for standard input)")
    explain.add_argument("card", help="the card in question, e.g. AH, 10♥, JK1")
    return parser


def _load(path: str) -> object:
    """The deal or game a record file (or standard input, '-') describes."""
    source = sys.stdin.read() if path == "-" else path
    if path != "-" and not path.lstrip().startswith("{"):
        # A path that does not exist must be reported as a file problem.
        with open(path, encoding="utf-8") as file:
            source = file.read()
    return load_record(source)


def _explain(path: str, card_text: str, out: TextIO, err: TextIO) -> int:
    try:
        obj: Any = _load(path)
        card = parse_card(card_text)
    except OSError as error:
        print(f"pytrick explain: cannot read {path!r}: {error.strerror}", file=err)
        return 2
    except PytrickError as error:
        print(f"pytrick explain: {error}", file=err)
        return 1
    deal = obj.deals[-1] if hasattr(obj, "deals") else obj
    if deal.is_over:
        print("The deal is over: no card may be played.", file=out)
        return 0
    announcements = getattr(deal, "legal_announcements", None)
    if announcements is not None and announcements():
        said = ", ".join(a.token for a in announcements())
        print(f"Seat {deal.to_move} must first announce or pass; legal now: {said}.", file=out)
        return 0
    # Where the rules pages state the play rules of each game.
    section = "§2.5" if type(deal).__name__ == "SpidgeDeal" else "§1.6"
    trial = deal.copy()
    try:
        trial.play(card)
    except IllegalMoveError as error:
        print(f"{card.unicode()} is illegal: {error} (rules {section}).", file=out)
    else:
        print(f"{card.unicode()} is legal (rules {section}).", file=out)
    who = f"seat {deal.to_move}" if isinstance(deal.to_move, int) else str(deal.to_move)
    print(f"{who} to play; legal now: {deal.legal_moves.unicode()}", file=out)
    return 0


def _replay(path: str, as_json: bool, out: TextIO, err: TextIO) -> int:
    try:
        obj: Any = _load(path)
    except OSError as error:
        print(f"pytrick replay: cannot read {path!r}: {error.strerror}", file=err)
        return 2
    except PytrickError as error:
        print(f"pytrick replay: invalid record: {error}", file=err)
        return 1
    if as_json:
        print(json.dumps(obj.summary_json(), indent=2, ensure_ascii=False), file=out)
    else:
        print(obj.summary(), file=out)
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    out = out if out is not None else sys.stdout
    args = _parser().parse_args(argv)
    try:
        if args.command == "demo":
            module = importlib.import_module(f"pytrick.{args.game}")
            module.demo(seed=args.seed, out=out)
            return 0
        if args.command == "play":
            from pytrick.play import run_cli

            return run_cli(args, out)
        if args.command == "explain":
            return _explain(args.file, args.card, out, sys.stderr)
        return _replay(args.file, args.json, out, sys.stderr)
    except BrokenPipeError:
        # The reader went away (`pytrick demo spitzer | head`): stop quietly,
        # and keep Python from complaining again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover - exercised through the entry point
    sys.exit(main())
