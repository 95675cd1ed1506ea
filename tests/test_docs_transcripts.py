"""The ``pytrick play`` transcripts printed in the docs are what the command prints."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _transcripts() -> list[tuple[str, list[str], list[str]]]:
    """(command, the lines typed at the prompt, the expected screen) of each
    ``$ pytrick play`` block of the docs."""
    found = []
    for page in sorted(DOCS.glob("*.rst")):
        lines = page.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if not line.strip().startswith("$ pytrick play "):
                continue
            indent = len(line) - len(line.lstrip())
            screen = []
            for follow in lines[i + 1 :]:
                if follow.strip() and len(follow) - len(follow.lstrip()) < indent:
                    break
                screen.append(follow[indent:])
            while screen and not screen[-1].strip():
                screen.pop()
            typed = [m.group(1) for m in map(re.compile(r"you> (.*)").match, screen) if m]
            found.append((f"{page.name}: {line.strip()[2:]}", typed, screen))
    return found


TRANSCRIPTS = _transcripts()


def test_the_docs_show_a_play_transcript() -> None:
    assert TRANSCRIPTS, "no '$ pytrick play' transcript found in docs/"


@pytest.mark.parametrize(("command", "typed", "screen"), TRANSCRIPTS,
                         ids=[t[0] for t in TRANSCRIPTS])
def test_a_play_transcript_of_the_docs_is_what_the_command_prints(
        command: str, typed: list[str], screen: list[str]) -> None:
    argv = shlex.split(command.split(": ", 1)[1])[1:]
    run = subprocess.run([sys.executable, "-m", "pytrick", *argv],
                         input="".join(f"{answer}\n" for answer in typed) + "quit\n",
                         capture_output=True, text=True, encoding="utf-8", timeout=60, check=False)
    # The terminal echoes what the player types after the prompt; a pipe does not.
    expected = [re.sub(r"^you> .*", "you>", line.rstrip()) for line in screen]
    printed = [line.rstrip() for line in run.stdout.replace("you> ", "you>\n").splitlines()]
    assert printed[: len(expected)] == expected, run.stdout
