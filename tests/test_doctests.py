"""Run the docstring examples of every public module, against the installed package."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import pytrick
import trickcore
from _extras import import_extra


def public_modules() -> list[str]:
    names = []
    for package in (pytrick, trickcore):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if "._reference" in info.name or info.name.endswith("__main__"):
                continue
            names.append(info.name)
    return sorted(names)


#: The framework each adapter module needs (an optional extra).
FRAMEWORKS = {
    "pytrick.envs._aec": "pettingzoo",
    "pytrick.envs.spitzer_v0": "pettingzoo",
    "pytrick.envs.spidge_v0": "pettingzoo",
    "pytrick.envs.gym": "gymnasium",
    "pytrick.envs.openspiel": "pyspiel",
}


@pytest.mark.parametrize("name", public_modules())
def test_docstring_examples_run(name: str) -> None:
    if name in FRAMEWORKS:
        import_extra(FRAMEWORKS[name])
    module = importlib.import_module(name)
    result = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_readme_examples_run() -> None:
    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(
        str(readme), module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0 and result.failed == 0
