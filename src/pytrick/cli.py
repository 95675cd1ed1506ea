"""The ``pytrick`` command.

``pytrick demo spitzer|spidge [--seed N]`` plays a whole game between the
built-in bots and prints it; ``pytrick replay FILE [--json]`` validates a
record, prints its result, and exits 1 (printing the reason) if the record is
corrupt or illegal; ``pytrick cards`` shows both packs in their rank order.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from pytrick.records import GAMES, load_record
from trickcore import BACKEND, __version__
from trickcore.errors import PytrickError

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

    replay = commands.add_parser("replay", help="validate a JSON record and print its result")
    replay.add_argument("file", help="path of the record, or - for standard input")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser


def _replay(path: str, as_json: bool, out: TextIO, err: TextIO) -> int:
    try:
        source = sys.stdin.read() if path == "-" else path
        if path != "-" and not path.lstrip().startswith("{"):
            # A path that does not exist must be reported as a file problem.
            with open(path, encoding="utf-8") as file:
                source = file.read()
        obj = load_record(source)
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
    if args.command == "demo":
        module = importlib.import_module(f"pytrick.{args.game}")
        module.demo(seed=args.seed, out=out)
        return 0
    return _replay(args.file, args.json, out, sys.stderr)


if __name__ == "__main__":  # pragma: no cover - exercised through the entry point
    sys.exit(main())
