"""Shared fixtures: run core tests against the compiled core and the reference."""

from __future__ import annotations

import os
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

import trickcore

# CI sets HYPOTHESIS_PROFILE=ci for a deterministic run.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

BACKENDS = trickcore.available_backends()


@pytest.fixture(scope="session", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> dict[str, ModuleType]:
    """The modules of one backend ({'_cards': ..., '_spitzer': ..., ...}); each test
    using it runs once per available backend."""
    return trickcore.load_backend(request.param)


@pytest.fixture(scope="session")
def both_backends() -> tuple[dict[str, ModuleType], dict[str, ModuleType]]:
    """(compiled, reference) for differential tests."""
    if "cython" not in BACKENDS:
        pytest.skip("the compiled extension is not built here")
    return trickcore.load_backend("cython"), trickcore.load_backend("python")
