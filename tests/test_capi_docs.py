"""The C API's documented limits are the code's: the table sizes
``tc_solver_new`` accepts, as ``_solve.pxd`` and the C API page state them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import trickcore

DOCS = Path(__file__).resolve().parent.parent / "docs"
STATED = re.compile(r"for\s+bits\s+from\s+(\d+)\s+to\s+(\d+)")


def test_the_table_sizes_tc_solver_new_takes_are_documented() -> None:
    if "cython" not in trickcore.available_backends():
        pytest.skip("the compiled core is not installed: tc_solver_new is not there")
    pxd = (Path(trickcore.__file__).parent / "_solve.pxd").read_text(encoding="utf-8")
    in_pxd = STATED.findall(pxd)
    in_docs = STATED.findall((DOCS / "capi.rst").read_text(encoding="utf-8"))
    assert len(in_pxd) == 1 and in_docs == in_pxd, (in_pxd, in_docs)
    low, high = (int(bits) for bits in in_pxd[0])
    solver = trickcore.load_backend("cython")["_solve"]._Solver
    solver(low)  # the smallest table is made (the largest, 2**high entries, is 50 GB)
    for bits in (low - 1, high + 1):  # refused by the range tc_solver_new keeps
        with pytest.raises(trickcore.errors.InvalidArgumentError,
                           match=f"invalid table bits {bits}: it must be from {low} to {high}"):
            solver(bits)
