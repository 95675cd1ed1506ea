"""Build the example against the installed trickcore (its .pxd and headers ship in the wheel)."""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

import trickcore

trickcore_dir = str(Path(trickcore.__file__).parent)

setup(
    name="trickcore-consumer-examples",
    ext_modules=cythonize(
        [
            Extension(name, [f"{name}.pyx"], include_dirs=[trickcore_dir])
            for name in ("flat_monte_carlo", "pimc")
        ],
        compiler_directives={"language_level": 3},
    ),
)
