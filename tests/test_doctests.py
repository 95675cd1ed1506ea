"""Run the docstring examples of every public module, against the installed package."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pytrick
import trickcore


def public_modules() -> list[str]:
    names = []
    for package in (pytrick, trickcore):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if "._reference" in info.name or info.name.endswith("__main__"):
                continue
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", public_modules())
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
