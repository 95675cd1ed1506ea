"""Problems a new user of the C API ran into, each pinned by a test.

The tests build small Cython modules the way an outside package would (a
temporary folder, ``cythonize`` against the installed trickcore, its folder on
the C include path) and run them.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

import trickcore

DOCS = Path(__file__).resolve().parent.parent / "docs"

SETUP = """
from pathlib import Path
from Cython.Build import cythonize
from setuptools import Extension, setup
import trickcore
inc = [str(Path(trickcore.__file__).parent)]
names = [p.stem for p in Path(".").glob("*.pyx")]
setup(name="capi_review", ext_modules=cythonize(
    [Extension(n, [f"{n}.pyx"], include_dirs=inc) for n in names],
    compiler_directives={"language_level": 3}))
"""


def build(folder: Path, sources: dict[str, str]) -> dict[str, ModuleType]:
    """Compile each ``name: source`` as an outside extension module and import it."""
    if "cython" not in trickcore.available_backends():
        pytest.skip("the compiled core is not installed, so there is no C API to build against")
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in sources.items():
        (folder / f"{name}.pyx").write_text(source, encoding="utf-8")
    (folder / "setup.py").write_text(SETUP, encoding="utf-8")
    site = str(Path(trickcore.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([site, os.environ.get("PYTHONPATH", "")])}
    env.pop("TRICKCORE_PUREPYTHON", None)
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=folder,
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    modules = {}
    for name in sources:
        path = next(folder.glob(f"{name}*.so"), None) or next(folder.glob(f"{name}*.pyd"))
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        modules[name] = module
    return modules


def cython_blocks(rst: str) -> list[str]:
    """The ``.. code-block:: cython`` snippets of a docs page, dedented."""
    return [textwrap.dedent(block) for block in
            re.findall(r"\.\. code-block:: cython\n\n((?:    .*\n|[ \t]*\n)+)", rst)]


def as_function(snippet: str) -> str:
    """A docs snippet as a module: its cimports first, the rest the body of
    ``def snippet(state)`` (the snippets start from a Python-level ``state``);
    a snippet that defines its own function is a module already, and
    ``snippet`` is that function."""
    defined = re.search(r"^def (\w+)", snippet, re.MULTILINE)
    if defined:
        return f"{snippet}\nsnippet = {defined.group(1)}\n"
    imports: list[str] = []
    body: list[str] = []
    depth = 0
    for line in snippet.splitlines():
        if not body and (line.startswith(("from ", "cimport ")) or depth > 0 or not line.strip()):
            imports.append(line)
            depth += line.count("(") - line.count(")")
        else:
            body.append(line)
    return "\n".join(imports) + "\n\ndef snippet(state):\n" + textwrap.indent("\n".join(body), "    ") + "\n"


def spitzer_in_play(seed: int) -> object:
    spitzer = trickcore.load_backend("cython")["_spitzer"]
    pack = list(spitzer.PACK)
    random.Random(seed).shuffle(pack)
    state = spitzer.SpitzerState(spitzer.deal_pack(pack, seed % 4), seed % 4)
    while state.phase == spitzer.AUCTION:
        state.announce(spitzer.PASS)
    for _ in range(20):  # a small solve
        state.play(min(state.legal_moves))
    return state


def spidge_in_play(seed: int) -> object:
    spidge = trickcore.load_backend("cython")["_spidge"]
    pack = [c for c in range(54) if c not in (13, 26)]  # jokers for 2D and 2H
    random.Random(seed).shuffle(pack)
    return spidge.SpidgeState([sum(1 << c for c in pack[h::4]) for h in range(4)])


@pytest.mark.slow
def test_the_cython_snippets_of_the_c_api_page_compile_and_run(tmp_path: Path) -> None:
    """The page's snippets, pasted into a function of an outside module: the
    Spidge one used ``batch_spidge_playout``, which ``from trickcore cimport``
    did not reach, and the solver one used a ``deal`` it never declared."""
    blocks = cython_blocks((DOCS / "capi.rst").read_text(encoding="utf-8"))
    assert len(blocks) >= 3
    modules = build(tmp_path, {f"snippet{i}": as_function(b) for i, b in enumerate(blocks)})
    for i, block in enumerate(blocks):
        state = spidge_in_play(i) if "SpidgeState" in block else spitzer_in_play(i)
        modules[f"snippet{i}"].snippet(state)


PUBLIC_NAME = re.compile(
    r"^(?:cdef\s+(?:inline\s+)?[\w\s\*]+?\b(\w+)\s*\(|ctypedef\s+struct\s+(\w+)|cdef\s+class\s+(\w+))",
    re.MULTILINE)


def documented_pxd_names() -> dict[str, list[str]]:
    """The functions, structs and classes the C API page shows, by .pxd file
    (the part before its ``end-before`` marker, where it has one)."""
    rst = (DOCS / "capi.rst").read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for path, end in re.findall(
            r"\.\. literalinclude:: \.\./src/trickcore/(\w+\.pxd)\n   :language: cython\n"
            r"(?:   :end-before: (.*)\n)?", rst):
        text = (Path(trickcore.__file__).parent / path).read_text(encoding="utf-8")
        if end:
            text = text.split(end)[0]
        found[path] = [next(n for n in m if n) for m in PUBLIC_NAME.findall(text)]
    return found


@pytest.mark.slow
def test_from_trickcore_cimport_reaches_every_declaration_the_page_shows(tmp_path: Path) -> None:
    """"``from trickcore cimport ...`` reaches every public declaration": the
    batch kernels (batch_spitzer_deal, batch_spidge_playout, ...) the page
    shows were missing from ``__init__.pxd``."""
    names = documented_pxd_names()
    assert "_batch.pxd" in names and "batch_spidge_playout" in names["_batch.pxd"], names
    every = sorted({n for found in names.values() for n in found})
    source = "from trickcore cimport (\n" + "".join(f"    {n},\n" for n in every) + ")\n"
    source += "def ok():\n    return True\n"
    assert build(tmp_path, {"every_name": source})["every_name"].ok()


PENDING = """
from libc.signal cimport raise_, SIGINT

def with_sigint_pending(f, state):
    raise_(SIGINT)  # the handler runs at the next PyErr_CheckSignals: the search's
    return f(state)
"""


class Interrupted(Exception):
    pass


def interrupt(signum: int, frame: object) -> None:
    raise Interrupted


@pytest.mark.slow
def test_a_solve_stopped_by_a_signal_raises_the_handlers_exception(tmp_path: Path) -> None:
    """With ``check_signals`` set, a signal stops the search and its handler's
    exception is left set: a consumer that returned (as the page said nothing
    more than "its values are then void") got a SystemError, not the
    handler's exception.  The page now shows how to raise it."""
    rst = (DOCS / "capi.rst").read_text(encoding="utf-8")
    [block] = [b for b in cython_blocks(rst) if "check_signals" in b]
    naive = re.sub(r"\n    if stopped:.*?\n    return", "\n    return", block, flags=re.DOTALL)
    assert naive != block
    modules = build(tmp_path, {"documented": as_function(block), "naive": as_function(naive),
                               "pending": PENDING})
    state = spidge_in_play(1)  # the first lead: a long solve, the signals looked at
    assert modules["documented"].snippet(state) >= 0  # no signal: a value
    before = signal.signal(signal.SIGINT, interrupt)
    try:
        with pytest.raises(Interrupted):
            modules["pending"].with_sigint_pending(modules["documented"].snippet, state)
        with pytest.raises(SystemError, match="exception set"):
            modules["pending"].with_sigint_pending(modules["naive"].snippet, state)
    finally:
        signal.signal(signal.SIGINT, before)


UNDO = """
from libc.string cimport memcmp
from trickcore cimport SpidgeState, spidge_state, spidge_undo, SpitzerState, SpitzerDeal, spitzer_undo

def spidge_undo_at_start(SpidgeState state):
    cdef spidge_state s = state.s
    spidge_undo(&s)
    return memcmp(&s, &state.s, sizeof(spidge_state)) == 0

def spitzer_undo_at_start(SpitzerState state):
    cdef SpitzerDeal d = state.deal
    cdef int done = spitzer_undo(&d)
    return done, memcmp(&d, &state.deal, sizeof(SpitzerDeal)) == 0
"""


@pytest.mark.slow
def test_undo_at_the_start_of_a_deal_changes_nothing(tmp_path: Path) -> None:
    """spitzer_undo with nothing to take back returns 0; spidge_undo wrote
    before its history (hands[3]) and took a trick from the first leader."""
    module = build(tmp_path, {"undo": UNDO})["undo"]
    assert module.spidge_undo_at_start(spidge_in_play(3))
    spitzer = trickcore.load_backend("cython")["_spitzer"]
    fresh = spitzer.SpitzerState(spitzer.deal_pack(list(spitzer.PACK), 0), 0)
    assert module.spitzer_undo_at_start(fresh) == (0, True)
