"""Build the compiled core: the extension list and cythonize.

Set TRICKCORE_PUREPYTHON=1 to skip compilation and install the pure-Python
reference backend only.  On a machine that cannot compile C (no compiler),
the build warns and installs the same library without its compiled core, as
msgpack does; set TRICKCORE_REQUIRE_CYTHON=1 to make that an error instead.

TRICKCORE_SANITIZE=address,undefined builds the core for the sanitizer job
(.ci/sanitize): instrumented, at -O1, and without Python's -fwrapv.
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class optional_build_ext(build_ext):
    """build_ext that falls back to the pure-Python backend if compiling fails."""

    def build_extensions(self):
        sanitizers = os.environ.get("TRICKCORE_SANITIZE")
        if sanitizers:
            # Python's own CFLAGS hold -fwrapv, which defines signed overflow
            # and so hides it from UBSan: drop it from the compiler command.
            self.compiler.compiler_so = [f for f in self.compiler.compiler_so if f != "-fwrapv"]
            flags = [f"-fsanitize={sanitizers}", "-fno-sanitize-recover=undefined",
                     "-fno-omit-frame-pointer", "-g", "-O1"]
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, *flags]
                ext.extra_link_args = [*ext.extra_link_args, f"-fsanitize={sanitizers}"]
        super().build_extensions()

    def run(self):
        try:
            super().run()
        except Exception as error:  # no compiler, or a broken one
            self._fall_back(error)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as error:
            self._fall_back(error)

    def _fall_back(self, error):
        if os.environ.get("TRICKCORE_REQUIRE_CYTHON") == "1":
            raise error
        print(
            f"WARNING: the compiled core of pytrick could not be built ({error}); "
            "installing the pure-Python backend, which is correct but much slower.",
            file=sys.stderr,
        )


# Each game's solver is a module of its own, so gcc's default caps on
# inlining suit both (docs/solver_notes.rst, "the night round").
COMPILE_ARGS = [] if os.name == "nt" else ["-O3"]


ext_modules = []
if os.environ.get("TRICKCORE_PUREPYTHON", "") in ("", "0"):
    from Cython.Build import cythonize

    extensions = [
        Extension(
            f"trickcore.{path.stem}",
            [str(path)],
            include_dirs=["src/trickcore"],
            extra_compile_args=list(COMPILE_ARGS),
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

setup(ext_modules=ext_modules, cmdclass={"build_ext": optional_build_ext})
