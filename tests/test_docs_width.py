"""Code in the docs fits the page: no example line wider than the rendered column."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

from _extras import import_extra
from test_doctests import FRAMEWORKS, public_modules

#: The widest example line the docs' theme shows without a scroll bar (Furo,
#: default font size): checked in the built pages with headless Chromium.
MAX_WIDTH = 86

DOCS = Path(__file__).resolve().parent.parent / "docs"
PARSER = doctest.DocTestParser()


def too_wide(text: str) -> list[str]:
    lines = []
    for example in PARSER.get_examples(text):
        shown = [">>> " + line for line in example.source.splitlines()]
        shown += example.want.splitlines()
        lines += [line for line in shown if len(line.strip()) > MAX_WIDTH]
    return lines


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.rst")))
def test_doc_page_examples_fit(page: str) -> None:
    assert too_wide((DOCS / page).read_text("utf-8")) == []


@pytest.mark.parametrize("name", public_modules())
def test_docstring_examples_fit(name: str) -> None:
    if name in FRAMEWORKS:
        import_extra(FRAMEWORKS[name])
    finder = doctest.DocTestFinder()
    module = importlib.import_module(name)
    wide = []
    for test in finder.find(module):
        wide += too_wide(test.docstring or "")
    assert wide == []
