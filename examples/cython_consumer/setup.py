"""Build the example against the installed trickcore (its .pxd and headers ship in the wheel)."""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

import trickcore

trickcore_dir = str(Path(trickcore.__file__).parent)

setup(
    name="flat-monte-carlo-example",
    ext_modules=cythonize(
        [Extension("flat_monte_carlo", ["flat_monte_carlo.pyx"], include_dirs=[trickcore_dir])],
        compiler_directives={"language_level": 3},
    ),
)
