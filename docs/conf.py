"""Sphinx configuration for the pytrick documentation (built with -W)."""

from __future__ import annotations

import os
import sys

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
if os.environ.get("PYTRICK_DOCS_OFFLINE") == "1":
    intersphinx_mapping = {}

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nitpicky = False

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
