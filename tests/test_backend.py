"""Backend selection: the compiled core when built, the reference otherwise."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import trickcore


def test_backend_is_one_of_the_two() -> None:
    assert trickcore.BACKEND in ("cython", "python")
    assert "python" in trickcore.available_backends()


@pytest.mark.skipif(
    os.environ.get("TRICKCORE_REQUIRE_CYTHON") != "1",
    reason="only CI promises the compiled backend (TRICKCORE_REQUIRE_CYTHON=1)",
)
def test_compiled_backend_is_loaded_when_required() -> None:
    assert trickcore.BACKEND == "cython"
    modules = trickcore.load_backend("cython")
    assert all(not m.__file__.endswith(".py") for m in modules.values())  # type: ignore[union-attr]


def test_purepython_variable_selects_the_reference() -> None:
    code = "import trickcore, sys; sys.stdout.write(trickcore.BACKEND + ' ' + trickcore.spitzer.__name__)"
    env = {**os.environ, "TRICKCORE_PUREPYTHON": "1"}
    output = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert output == "python trickcore._reference._spitzer"


@pytest.mark.parametrize("purepython", ["0", "1"])
def test_the_public_modules_import_by_their_names(purepython: str) -> None:
    """The docs name trickcore.spitzer.SpitzerState; ``from trickcore.spitzer
    import SpitzerState`` was a ModuleNotFoundError (an attribute only)."""
    code = ("from trickcore.spitzer import SpitzerState; from trickcore.spidge import SpidgeState; "
            "import trickcore.cards, trickcore.ismcts, trickcore, sys; "
            "sys.stdout.write(str(SpitzerState is trickcore.spitzer.SpitzerState "
            "and SpidgeState is trickcore.spidge.SpidgeState "
            "and trickcore.cards is sys.modules['trickcore.cards']))")
    env = {**os.environ, "TRICKCORE_PUREPYTHON": purepython}
    output = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert output == "True"


def test_unknown_backend_name_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown backend"):
        trickcore.load_backend("rust")  # type: ignore[arg-type]


def test_every_module_exists_in_both_backends_with_the_same_public_names() -> None:
    if "cython" not in trickcore.available_backends():
        pytest.skip("the compiled extension is not built here")
    compiled, reference = trickcore.load_backend("cython"), trickcore.load_backend("python")
    for name in trickcore.MODULES:
        assert set(compiled[name].__all__) == set(reference[name].__all__), name
