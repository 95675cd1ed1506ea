"""The examples of docs/envs.rst run (the frameworks they need are extras)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from _extras import import_extra

PAGE = Path(__file__).resolve().parent.parent / "docs" / "envs.rst"


def examples() -> list[str]:
    """The Python code blocks of the page, dedented."""
    blocks = re.findall(r"\.\. code-block:: python\n\n((?:    .*\n|\n)+)", PAGE.read_text())
    return ["\n".join(line[4:] for line in block.splitlines()) for block in blocks]


FRAMEWORKS = {"pettingzoo": "pettingzoo", "gymnasium": "gymnasium", "pyspiel": "pyspiel"}


@pytest.mark.parametrize("code", examples(), ids=lambda code: code.splitlines()[0][:40])
def test_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    for word, module in FRAMEWORKS.items():
        if word in code or (word == "pettingzoo" and "spitzer_v0" in code):
            import_extra(module)
    exec(compile(code, str(PAGE), "exec"), {"__name__": "envs_example"})
    assert capsys.readouterr().out.strip()  # each example prints its result


def test_the_page_has_an_example_per_adapter() -> None:
    text = "\n".join(examples())
    for needle in ("spitzer_v0.env", "gymnasium.make(", "gymnasium.make_vec", "pyspiel.load_game"):
        assert needle in text
