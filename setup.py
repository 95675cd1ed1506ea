"""Build the compiled core: the extension list and cythonize, nothing else.

Set TRICKCORE_PUREPYTHON=1 to skip compilation and install the pure-Python
reference backend only.
"""

import os
from pathlib import Path

from setuptools import Extension, setup

ext_modules = []
if os.environ.get("TRICKCORE_PUREPYTHON", "") in ("", "0"):
    from Cython.Build import cythonize

    extensions = [
        Extension(
            f"trickcore.{path.stem}",
            [str(path)],
            include_dirs=["src/trickcore"],
            extra_compile_args=[] if os.name == "nt" else ["-O3"],
        )
        for path in sorted(Path("src/trickcore").glob("*.pyx"))
    ]
    ext_modules = cythonize(
        extensions,
        compiler_directives={
            "language_level": 3,
            "binding": True,
            "embedsignature": True,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    )

setup(ext_modules=ext_modules)
