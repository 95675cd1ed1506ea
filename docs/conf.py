"""Sphinx configuration for the pytrick documentation (built with -W)."""

from __future__ import annotations

import os
import sys
import typing
from collections.abc import Iterable
from typing import Any

from sphinx.ext.intersphinx import missing_reference as intersphinx_missing_reference

# Document the installed package when there is one, else the source tree.
try:
    import pytrick  # noqa: F401
except ImportError:  # pragma: no cover - only when building from a bare checkout
    sys.path.insert(0, os.path.abspath("../src"))
sys.path.insert(0, os.path.abspath("_ext"))

project = "pytrick"
author = "pytrick developers"
copyright = "2026, pytrick developers"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "pytrick_pictures",
    "sphinx_copybutton",
    "myst_parser",
]

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", None),
    "numpy": ("https://numpy.org/doc/stable", None),
}
# CI has no network beyond the package registries: intersphinx then links
# nothing, which must not fail a -W build.
intersphinx_timeout = 5
suppress_warnings = ["intersphinx.external"]
OFFLINE = os.environ.get("PYTRICK_DOCS_OFFLINE") == "1"
if OFFLINE:
    intersphinx_mapping = {}

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Every cross-reference must resolve (CI also passes -n): with -W a missing
# target fails the build instead of rendering as plain text.
nitpicky = True
# Type variables have no page of their own.
nitpick_ignore = [
    ("py:class", name)
    for name in (
        "pytrick.spitzer.deal._D",
        "pytrick.spitzer.position._D",
        "pytrick.spidge.deal._D",
        "pytrick.records.T",
        "pytrick.records.R",
        "pytrick.records.G_",
        "pytrick.records.Obs",
        "pytrick.spitzer.observation._O",
        "pytrick.spidge.observation._O",
        "pytrick.deal_sequence.DealT",
    )
]
nitpick_ignore_regex: list[tuple[str, str]] = []
if OFFLINE:
    # Offline, intersphinx links nothing: references to Python's and numpy's
    # docs cannot resolve, so they are not checked (an online build checks them).
    nitpick_ignore_regex = [
        ("py:.*", r"(numpy|np|npt|collections|enum|random|os|concurrent|types|json|typing|abc)(\..+)?"),
        # _ALIASES below links it to Python's tuple
        ("py:class", r"trickcore\._deprecated_call\.CallableTuple"),
    ]

doctest_global_setup = "import pytrick"
doctest_default_flags = 0x8 | 0x4  # ELLIPSIS | NORMALIZE_WHITESPACE

html_theme = "furo"
html_title = "pytrick"
html_static_path = ["_static"]
html_css_files = ["pytrick.css"]
# The copy button leaves out prompts and output, so a copied example runs.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
exclude_patterns = ["_build", "RULES.md"]  # included by specification.md


# Names that annotations spell differently from the documentation that
# describes them: numpy through its import aliases, and the transitional
# CallableTuple (a plain tuple whose call is deprecated) as a tuple.
_ALIASES = {
    "np.": "numpy.",
    "npt.": "numpy.typing.",
    "trickcore._deprecated_call.CallableTuple": "tuple",
}


def _resolve_alias(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    for alias, name in _ALIASES.items():
        if target == alias or (alias.endswith(".") and target.startswith(alias)):
            renamed = node.deepcopy()
            renamed["reftarget"] = name + target[len(alias):]
            return intersphinx_missing_reference(app, env, renamed, contnode)
    return None


# Implementation base classes from modules the docs do not describe (the bots'
# shared search code, the game's deal sequence, the batches' core of either
# backend): "Bases:" shows their own bases instead, so it links only to
# documented classes.
_HIDDEN_BASE_MODULES = {
    "pytrick._bots",
    "pytrick._pimc",
    "pytrick.deal_sequence",
    "trickcore._batch",
    "trickcore._reference._batch",
}


def _public_bases(bases: Iterable[Any]) -> list[Any]:
    public: list[Any] = []
    for base in bases:
        cls = typing.get_origin(base) or base
        if getattr(cls, "__module__", None) in _HIDDEN_BASE_MODULES:
            public.extend(b for b in _public_bases(cls.__bases__) if b not in public)
        elif base not in public:
            public.append(base)
    return public


def _process_bases(app: Any, name: str, obj: Any, options: Any, bases: list[Any]) -> None:
    bases[:] = _public_bases(bases)


def setup(app: Any) -> None:
    app.connect("missing-reference", _resolve_alias)
    app.connect("autodoc-process-bases", _process_bases)
