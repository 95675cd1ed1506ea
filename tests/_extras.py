"""Optional frameworks in tests: skipped when absent, unless CI requires them.

``.ci/run`` installs the extras and sets ``PYTRICK_REQUIRE_EXTRAS=1``, so a
missing or broken framework fails there instead of skipping the tests.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

#: How to install each framework: pytrick's extras, and RLlib's stack.
INSTALL = {
    "pettingzoo": "pip install 'pytrick[pettingzoo]'",
    "gymnasium": "pip install 'pytrick[gymnasium]'",
    "pyspiel": "pip install 'pytrick[openspiel]'",
    "ray": "pip install 'ray[rllib]' torch",
    "torch": "pip install 'ray[rllib]' torch",
}


def import_extra(name: str) -> ModuleType:
    """Import the framework *name*, or skip the calling module without it."""
    if os.environ.get("PYTRICK_REQUIRE_EXTRAS") == "1":
        return importlib.import_module(name)
    return pytest.importorskip(name, reason=f"{name} is not installed ({INSTALL[name]})")
