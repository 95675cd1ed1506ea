"""The two games read the same way (issue 12): cheap views are properties, the old
call forms warn for one release, and the shapes agree."""

from __future__ import annotations

import copy
import pickle
from types import ModuleType

import pytest

from pytrick.spidge import SpidgeDeal
from pytrick.spitzer import Announcement, SpitzerDeal

SPITZER_VIEWS = (
    "announcements",
    "plays",
    "current_trick",
    "trick_winners",
    "trick_points",
    "tricks_taken",
    "points_taken",
    "legal_announcements",
    "legal_mask",
    "declarers",
    "revealed",
)


def _spitzer_in_play(S: ModuleType) -> object:
    state = S.SpitzerState(("QC QS AC AS AH 7C 8C 9C", "KC TC 7S 8S 9S KS TS 7H",
                            "8H 9H KH TH QH JH 7D 8D", "9D KD TD AD JD JC JS QD"), dealer=3)
    for _ in range(4):
        state.announce(S.PASS)
    while state.n_played < 6:
        state.play(next(iter(state.legal_moves)))
    return state


@pytest.mark.parametrize("name", SPITZER_VIEWS)
def test_spitzer_views_are_properties_whose_old_call_warns(
    backend: dict[str, ModuleType], name: str
) -> None:
    S = backend["_spitzer"]
    state = _spitzer_in_play(S)
    value = getattr(state, name)
    assert isinstance(value, (tuple, int)) and not isinstance(value, list)
    with pytest.warns(DeprecationWarning, match=rf"^{name} is a property now"):
        called = value()
    assert called == value
    # The value pickles and copies as the plain type, so nothing depends on the shim.
    plain = tuple if isinstance(value, tuple) else int
    assert type(pickle.loads(pickle.dumps(value))) is plain
    assert type(copy.copy(value)) is plain
    assert copy.deepcopy(value) == value


def test_spitzer_views_read_after_play(backend: dict[str, ModuleType]) -> None:
    S = backend["_spitzer"]
    state = _spitzer_in_play(S)
    assert len(state.plays) == 6 and len(state.current_trick) == 2
    assert len(state.trick_winners) == len(state.trick_points) == 1
    assert sum(state.tricks_taken) == 1 and sum(state.points_taken) == state.trick_points[0]
    assert state.legal_mask == int(state.legal_moves)
    assert state.legal_announcements == ()


def test_spidge_history_hands_is_a_property(backend: dict[str, ModuleType]) -> None:
    G = backend["_spidge"]
    state = G.SpidgeState(
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH JK1",
            "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD JK2",
        ]
    )
    state.play("2C")
    assert state.history_hands == (0,)
    with pytest.warns(DeprecationWarning, match="^history_hands is a property now"):
        assert state.history_hands() == (0,)


def test_public_deals_views_are_properties() -> None:
    deal = SpitzerDeal.from_seed(2)
    assert deal.legal_announcements[0] is Announcement.PASS
    with pytest.warns(DeprecationWarning, match="^legal_announcements is a property now"):
        assert deal.legal_announcements() == deal.legal_announcements
    spidge = SpidgeDeal.from_seed(7)
    for _ in range(5):
        spidge.play(next(iter(spidge.legal_moves)))
    assert len(spidge.plays) == 5 and len(spidge.tricks) == 1
    assert spidge.tricks[0].cards == tuple(card for _, card in spidge.plays[:4])
    with pytest.warns(DeprecationWarning, match="^plays is a property now"):
        assert spidge.plays() == spidge.plays
    with pytest.warns(DeprecationWarning, match="^tricks is a property now"):
        assert spidge.tricks() == spidge.tricks
