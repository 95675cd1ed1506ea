"""The C-level API works for outside Cython code: build examples/cython_consumer
against the installed trickcore and let its players (flat Monte-Carlo, and a
determinized player that samples worlds and solves them) play whole Spitzer deals."""

from __future__ import annotations

import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import trickcore

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "cython_consumer"


def readme_commands() -> list[str]:
    """The shell commands of the example's README, one a line."""
    text = (EXAMPLE / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", text, re.DOTALL)
    assert block is not None, "the example's README has no sh block"
    return [line for line in block.group(1).splitlines() if line.strip()]


@pytest.fixture(scope="module")
def readme_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The example's README commands run as written, from a copy of the
    repository's examples/ folder: (the built example's folder, what they printed)."""
    if "cython" not in trickcore.available_backends():
        pytest.skip("the compiled core is not installed, so there is no C API to build against")
    if not EXAMPLE.is_dir():
        pytest.skip("the examples/ folder is not beside these tests")
    root = tmp_path_factory.mktemp("consumer")
    build = root / "examples" / "cython_consumer"
    shutil.copytree(EXAMPLE, build, ignore=shutil.ignore_patterns("build", "*.so", "*.pyd", "*.c"))
    install, *commands = readme_commands()
    # This test runs against the pytrick already installed: the install is not repeated.
    assert install.startswith("python -m pip install . "), install
    # The build must see the same trickcore and python as this test process.
    site = str(Path(trickcore.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([site, os.environ.get("PYTHONPATH", "")]),
           "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
    env.pop("TRICKCORE_PUREPYTHON", None)  # the example needs pytrick on the compiled core
    done = subprocess.run(
        ["bash", "-ec", "\n".join(commands)], cwd=root, capture_output=True, text=True, env=env,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return build, done.stdout


@pytest.fixture(scope="module")
def built(readme_run: tuple[Path, str]) -> Path:
    return readme_run[0]


@pytest.mark.slow
def test_the_readme_plays_a_whole_deal(readme_run: tuple[Path, str]) -> None:
    lines = readme_run[1].splitlines()
    plays = [line for line in lines if line.startswith("seat ")]
    assert len(plays) == 32
    assert {line.split()[2] for line in plays} == {"(flat_monte_carlo):", "(pimc):"}
    assert len({line.split()[-1] for line in plays}) == 32  # every card once
    assert "card points" in lines[-1]


def load(build: Path, name: str) -> ModuleType:
    path = next(build.glob(f"{name}*.so"), None) or next(build.glob(f"{name}*.pyd"))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def consumer(built: Path) -> ModuleType:
    return load(built, "flat_monte_carlo")


@pytest.fixture(scope="module")
def pimc(built: Path) -> ModuleType:
    return load(built, "pimc")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_consumer_plays_only_legal_cards_for_a_whole_deal(consumer: ModuleType, seed: int) -> None:
    spitzer = trickcore.load_backend("cython")["_spitzer"]
    pack = list(spitzer.PACK)
    random.Random(seed).shuffle(pack)
    state = spitzer.SpitzerState(spitzer.deal_pack(pack, seed % 4), seed % 4)
    while state.phase == spitzer.AUCTION:
        state.announce(spitzer.PASS)
    plays = 0
    while not state.is_over:
        legal = state.legal_moves
        card = consumer.choose_card(state, 20, seed)
        assert card in legal, f"{card} is not among {legal}"
        state.play(card)
        plays += 1
    assert plays == 32
    assert sum(state.points_taken) == 120


@pytest.mark.slow
def test_consumer_refuses_a_deal_still_in_its_auction(consumer: ModuleType) -> None:
    spitzer = trickcore.load_backend("cython")["_spitzer"]
    state = spitzer.SpitzerState(spitzer.deal_pack(list(spitzer.PACK), 0), 0)
    with pytest.raises(ValueError, match="play phase"):
        consumer.choose_card(state)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [4, 5])
def test_determinized_player_plays_only_legal_cards_for_a_whole_deal(pimc: ModuleType,
                                                                     seed: int) -> None:
    spitzer = trickcore.load_backend("cython")["_spitzer"]
    pack = list(spitzer.PACK)
    random.Random(seed).shuffle(pack)
    state = spitzer.SpitzerState(spitzer.deal_pack(pack, seed % 4), seed % 4)
    while state.phase == spitzer.AUCTION:
        state.announce(spitzer.PASS)
    while not state.is_over:
        legal = state.legal_moves
        card = pimc.choose_card(state, 4, seed)
        assert card in legal, f"{card} is not among {legal}"
        state.play(card)
    assert sum(state.points_taken) == 120


@pytest.mark.slow
def test_determinized_player_refuses_a_deal_still_in_its_auction(pimc: ModuleType) -> None:
    spitzer = trickcore.load_backend("cython")["_spitzer"]
    state = spitzer.SpitzerState(spitzer.deal_pack(list(spitzer.PACK), 0), 0)
    with pytest.raises(ValueError, match="play phase"):
        pimc.choose_card(state)
