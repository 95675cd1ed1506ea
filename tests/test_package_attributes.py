"""``import pytrick`` makes the submodules the docs name reachable as
attributes, importing each only on first use (PEP 562)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import pytrick

LAZY = ("arena", "batch", "envs", "play", "records", "search", "tensors")


def test_submodules_are_attributes_imported_on_first_use() -> None:
    # A fresh interpreter: this one has imported them all already.
    code = textwrap.dedent(f"""
        import sys
        import pytrick
        lazy = {LAZY!r}
        early = [name for name in lazy if f"pytrick.{{name}}" in sys.modules]
        assert not early, f"import pytrick imported {{early}}"
        assert pytrick.search.solve is sys.modules["pytrick.search"].solve
        for name in lazy:
            assert getattr(pytrick, name) is sys.modules[f"pytrick.{{name}}"], name
            assert name in dir(pytrick), name
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_an_unknown_attribute_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="module 'pytrick' has no attribute 'serach'"):
        pytrick.serach  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(pytrick, "_bots_internal")
