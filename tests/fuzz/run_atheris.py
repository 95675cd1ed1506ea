"""Run one fuzz target under atheris (coverage-guided libFuzzer) for a long campaign.

    python tests/fuzz/run_atheris.py TARGET [libFuzzer options] [CORPUS_DIR ...]

TARGET is one of the names in ``fuzz_targets.TARGETS`` (``card_text``,
``json_record``, ``cli_replay``).  libFuzzer options follow, e.g.
``-max_total_time=3600`` or ``-runs=100000``; see tests/fuzz/README.md.
Exits non-zero, with the crashing input saved as ``crash-*``, on a finding.
"""

from __future__ import annotations

import os
import sys

import atheris

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

with atheris.instrument_imports(include=["pytrick", "trickcore"]):
    import fuzz_targets


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in fuzz_targets.TARGETS:
        sys.exit(f"usage: run_atheris.py {{{','.join(fuzz_targets.TARGETS)}}} [libFuzzer options]")
    target = fuzz_targets.TARGETS[sys.argv[1]]

    def test_one_input(data: bytes) -> None:
        target(data)  # the branches it returns are for the Hypothesis driver

    atheris.Setup([sys.argv[0], *sys.argv[2:]], test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
