"""The fuzz targets under Hypothesis: every test run tries each briefly.

Raw bytes find crashes of the parsers; the text strategies aim at the grammar
(card words, position fields, JSON) so that most examples get past the first
check.  ``PYTRICK_FUZZ_EXAMPLES`` raises the number of examples for a longer
run (see README.md); atheris runs the same targets guided by coverage.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from fuzz_targets import TARGETS, cli_replay, json_record
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pytrick.spidge import SpidgeDeal

EXAMPLES = int(os.environ.get("PYTRICK_FUZZ_EXAMPLES", "60"))
# Runs are the same every time (derandomized), whatever their number of
# examples, so the checks of the branches they reach cannot flake; a campaign
# draws afresh with PYTRICK_FUZZ_RANDOM=1.
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                derandomize="PYTRICK_FUZZ_RANDOM" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

WORDS = ["QC", "10♥", "T", "JK1", "JK2", "JK", "jk1", "A", "♠", "7d", "1", "0", "/", ",", " ",
         "\0", "\ufeff", "Q♣Q♣", "XX", "10", "♥10", "2S", "-", "0/", "AC2C", "JKJK"]
card_words = st.lists(st.sampled_from(WORDS) | st.text(max_size=4), max_size=12).map("".join)
positions = st.builds(
    lambda dealer, fields: "/".join([dealer, *fields]),
    st.sampled_from(["0", "1", "2", "3", "", "00"]),
    st.lists(card_words, min_size=0, max_size=6),
)
# Real positions with a card or two changed: most get past the field checks.
POSITIONS = [SpidgeDeal.from_seed(seed).position() for seed in range(3)]
near_positions = st.builds(
    lambda text, at, word: text[:at] + word + text[at + len(word):],
    st.sampled_from(POSITIONS), st.integers(0, 200), st.sampled_from(WORDS),
) | st.sampled_from(POSITIONS)


def fuzz(target: Callable[[bytes], set[str]], data: st.SearchStrategy[bytes],
         must_reach: set[str]) -> None:
    """*target* on Hypothesis's examples of *data*; together they reach *must_reach*."""
    reached: set[str] = set()

    @FUZZ
    @given(data=data)
    def run(data: bytes) -> None:
        branches = target(data)
        for branch in branches:
            event(branch)
        reached.update(branches)

    run()
    assert must_reach <= reached, f"never reached {sorted(must_reach - reached)}: {sorted(reached)}"


def test_card_text() -> None:
    fuzz(TARGETS["card_text"],
         st.binary(max_size=200) | st.sampled_from(WORDS).map(str.encode)
         | card_words.map(str.encode) | positions.map(str.encode)
         | near_positions.map(str.encode),
         {"card ok", "card InvalidCardError", "card set ok", "card set InvalidCardError",
          "position ok", "position InvalidCardError"})


def test_json_record() -> None:
    fuzz(json_record, st.binary(max_size=300),
         {"raw bytes RecordError", "record ok", "record RecordError"})


def test_cli_replay() -> None:
    fuzz(cli_replay, st.binary(max_size=300), {"replay ok", "replay refused", "explain ok",
                                               "explain refused"})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@FUZZ
@given(value=json_values)
def test_any_json_value_is_a_record_error_or_a_record(value: object) -> None:
    import json

    from pytrick import RecordError
    from pytrick.records import MAX_MESSAGE_CHARS, from_record, loads_record

    answers = []
    for read in (lambda: loads_record(json.dumps(value)), lambda: from_record(value)):  # type: ignore[arg-type]
        try:
            answers.append(read().to_record())
        except RecordError as error:  # anything else fails the test
            assert "\n" not in str(error) and len(str(error)) <= MAX_MESSAGE_CHARS
            answers.append(type(error))
    assert answers[0] == answers[1]  # the text and the value are read alike
