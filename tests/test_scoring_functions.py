"""Scoring as a function (RULES.md 1.8, 2.6): SpitzerRules.score and SpidgeRules.score
answer rules questions, agree with the core on both backends, and are what the
deal results use."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import ModuleType

import pytest

from pytrick import InvalidArgumentError, RulesError
from pytrick.spidge import Category, SpidgeDeal, SpidgeRules
from pytrick.spitzer import Announcement, GameType, ScoringColumn, SpitzerDeal, SpitzerRules

RULES_MD = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"

# A (points, tricks) in each column of the table, the same order as its header.
COLUMN_EXAMPLES = {
    "no tricks": [(0, 0)],
    "0–30": [(0, 1), (30, 3)],
    "31–60": [(31, 2), (60, 4)],
    "61–89": [(61, 3), (89, 6)],
    "90–120": [(90, 5), (120, 7)],
    "all tricks": [(120, 8)],
}
ROW_GAMES = {
    "Normal and every call": [GameType.NORMAL, GameType.ACE_CALL, GameType.VOID_CALL,
                              GameType.FIRST_TRICK_CALL],
    "Sneaker": [GameType.SNEAKER],
    "Zola": [GameType.ZOLA],
    "Zola Schneider": [GameType.ZOLA_SCHNEIDER],
    "Zola Schneider Schwarz": [GameType.ZOLA_SCHNEIDER_SCHWARZ],
    "Schneider (house rule)": [GameType.SCHNEIDER],
}

ONE_SEAT_GAMES = {GameType.SNEAKER, GameType.ZOLA, GameType.ZOLA_SCHNEIDER,
                  GameType.ZOLA_SCHNEIDER_SCHWARZ}


def _table() -> list[tuple[str, list[str], list[str]]]:
    """(row name, header cells, row cells) of the scoring table of RULES.md 1.8."""
    text = RULES_MD.read_text(encoding="utf-8")
    section = text[text.index("### 1.8") : text.index("### 1.9")]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")][1:]
    rows = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows.append((cells[0], header, cells[1:]))
    return rows


def test_the_table_of_rules_1_8_cell_by_cell() -> None:
    rows = _table()
    assert [name for name, _, _ in rows] == list(ROW_GAMES)
    rules = SpitzerRules()
    checked = 0
    for name, header, cells in rows:
        for column, cell in zip(header, cells, strict=True):
            for game in ROW_GAMES[name]:
                # Seat 0, with seat 2 where the game has two declarers.
                side = {0} if game in ONE_SEAT_GAMES else {0, 2}
                for points, tricks in COLUMN_EXAMPLES[column]:
                    if cell == "—":
                        with pytest.raises(RulesError, match="'—'"):
                            rules.score(game, side, points, tricks)
                        continue
                    match = re.fullmatch(r"(opp |\+)(\d+)", cell)
                    assert match, cell
                    n = int(match.group(2))
                    declarers_score = match.group(1) == "+"
                    expected = tuple(n if (seat in side) == declarers_score else 0 for seat in range(4))
                    assert rules.score(game, side, points, tricks) == expected, (name, column)
                    checked += 1
    assert checked > 50


def test_the_rules_questions_of_the_docs() -> None:
    rules = SpitzerRules()
    # "What would we score with 61 points in 3 tricks after an ace call?"
    assert rules.score(GameType.ACE_CALL, {1, 3}, 61, 3) == (0, 3, 0, 3)
    # 60-60 is a loss for the declarers: the opponents score 6 each.
    assert rules.score(GameType.NORMAL, {0, 1}, 60, 4) == (0, 0, 6, 6)
    # A Zola alone against three: each opponent scores.
    assert rules.score(GameType.ZOLA, [2], 30, 2) == (12, 12, 0, 12)
    assert rules.score(int(GameType.SNEAKER), frozenset({3}), 95, 6) == (0, 0, 0, 12)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ((99, {0}, 61, 3), "game"),
        (("zola", {0}, 61, 3), "game"),
        ((GameType.ZOLA, set(), 61, 3), "declaring_side"),
        ((GameType.ZOLA, {4}, 61, 3), "declaring_side"),
        ((GameType.ZOLA, {0, 1, 2, 3}, 61, 3), "declaring_side"),
        ((GameType.ZOLA, {0}, 121, 3), "points"),
        ((GameType.ZOLA, {0}, -1, 3), "points"),
        ((GameType.ZOLA, {0}, 61, 9), "tricks"),
        ((GameType.ZOLA, {0}, 61.0, 3), "points"),
        ((GameType.ZOLA, {0}, 10, 0), "points"),
        ((GameType.ZOLA, {0}, 100, 8), "points"),
    ],
)
def test_spitzer_score_names_the_bad_argument(args: tuple, field: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"^{field}: "):
        SpitzerRules().score(*args)


@pytest.mark.parametrize(
    ("game", "side"),
    [
        (GameType.SNEAKER, {0, 1}),
        (GameType.ZOLA, {0, 1, 2}),
        (GameType.ZOLA_SCHNEIDER_SCHWARZ, {3, 1}),
        (GameType.NORMAL, {0}),
        (GameType.NORMAL, {0, 1, 2}),
        (GameType.ACE_CALL, {2}),
        (GameType.VOID_CALL, {0, 1, 3}),
        (GameType.FIRST_TRICK_CALL, {0, 1, 3}),
    ],
)
def test_spitzer_score_refuses_a_side_no_deal_of_the_game_can_have(
    game: GameType, side: set[int]
) -> None:
    with pytest.raises(RulesError, match=rf"^declaring_side: a {game} side is .* not {len(side)} "):
        SpitzerRules().score(game, side, points=70, tricks=4)


def test_a_void_call_alone_only_under_first_void_player() -> None:
    # Under the default the named ace's holder is the partner, and the caller
    # holds none of that suit: a one-seat side was scored as if possible.
    with pytest.raises(RulesError, match=r"^declaring_side: under void_call='called_ace_holder'.*1\.5"):
        SpitzerRules().score(GameType.VOID_CALL, {0}, points=70, tricks=4)
    alone = SpitzerRules(void_call="first_void_player")
    assert alone.score(GameType.VOID_CALL, {0}, points=70, tricks=4) == (3, 0, 0, 0)
    assert SpitzerRules().score(GameType.VOID_CALL, {0, 2}, points=70, tricks=4) == (3, 0, 3, 0)


def test_a_deal_is_scored_under_its_own_rules() -> None:
    # A first_void_player deal whose caller ends alone has a result; it did
    # only because the result was scored under the default rules.
    rules = SpitzerRules(void_call="first_void_player")
    rng = random.Random(5)
    found = 0
    for seed in range(3000):
        deal = SpitzerDeal.from_seed(seed, rules=rules)
        while not deal.is_over:
            said = deal.legal_announcements
            if said:
                deal.announce(Announcement.VOID_CALL if Announcement.VOID_CALL in said else "pass")
            else:
                deal.play(rng.choice(sorted(deal.legal_moves)))
        result = deal.result
        if result.game_type == GameType.VOID_CALL and len(result.declarers) == 1:
            assert result.scores == rules.score(GameType.VOID_CALL, result.declarers,
                                                result.points, result.tricks)
            found += 1
            if found == 3:
                break
    assert found == 3


def _random_spitzer(S: ModuleType, rng: random.Random, options: int) -> object:
    pack = list(S.PACK)
    rng.shuffle(pack)
    state = S.SpitzerState([pack[i::4] for i in range(4)], rng.randrange(4), options)
    while not state.is_over:
        said = state.legal_announcements
        if said:
            state.announce(said[0] if rng.random() < 0.7 else rng.choice(said))
        else:
            state.play(rng.choice(list(state.legal_moves)))
    return state


def test_spitzer_score_agrees_with_the_core(backend: dict[str, ModuleType]) -> None:
    S = backend["_spitzer"]
    rng = random.Random(12)
    deals = 80 if S.__name__.startswith("trickcore._reference") else 2000
    games = set()
    for _ in range(deals):
        options = rng.choice((0, S.ALL_OPTIONS))
        state = _random_spitzer(S, rng, options)
        game, side, points, tricks, column, scores = state.raw_result()
        seats = {s for s in range(4) if side >> s & 1}
        assert SpitzerRules.from_flags(options).score(game, seats, points, tricks) == scores
        assert column == ScoringColumn(S.scoring_column(points, tricks))
        games.add(game)
    assert len(games) >= 5  # the random deals reach most game types


def test_spitzer_result_is_scored_by_the_rules() -> None:
    for seed in range(40):
        deal = SpitzerDeal.from_seed(seed)
        while not deal.is_over:
            if deal.legal_announcements:
                deal.announce(deal.legal_announcements[-1] if seed % 3 == 0 else "pass")
            else:
                deal.play(deal.legal_moves.min())
        result = deal.result
        assert result.scores == deal.rules.score(
            result.game_type, result.declarers, result.points, result.tricks
        )
        assert result.scores == deal.scores()


# -- Spidge ---------------------------------------------------------------------


def test_spidge_score_categories() -> None:
    rules = SpidgeRules()
    # The dealer (1) with the dummy took nothing: a grand slam; 13 tricks is a slam.
    score = rules.score((13, 0, 0), dealer=1)
    assert score.categories == (Category.SLAM, Category.GRAND_SLAM, Category.NILL)
    assert score.points == (2, 4, 1)
    # The dealer taking all 13 is a slam, not a grand slam, under the default.
    assert rules.score((0, 13, 0), dealer=1).categories[1] is Category.SLAM
    all_tricks = SpidgeRules(grand_slam="all_tricks")
    assert all_tricks.score((0, 13, 0), dealer=1).categories[1] is Category.GRAND_SLAM
    assert all_tricks.score((0, 13, 0), dealer=0).categories == (
        Category.NILL, Category.SLAM, Category.NILL)
    assert rules.score((10, 2, 1), dealer=2).points == (1, 0, 0)
    low = SpidgeRules(slam_tricks=9, spidge_tricks=7)
    assert low.score((9, 4, 0), dealer=1).categories == (Category.SLAM, Category.NONE, Category.NILL)
    assert low.score((7, 6, 0), dealer=1).categories[0] is Category.SPIDGE


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (((13, 0, 0), 3), "dealer"),
        (((13, 0, 0), True), "dealer"),
        (((13, 0), 0), "tricks_by_player"),
        (((12, 0, 0), 0), "tricks_by_player"),
        (((14, -1, 0), 0), "tricks_by_player"),
        (((13.0, 0, 0), 0), "tricks_by_player"),
    ],
)
def test_spidge_score_names_the_bad_argument(args: tuple, field: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"^{field}: "):
        SpidgeRules().score(*args)


SPIDGE_RULES = [
    SpidgeRules(),
    SpidgeRules(grand_slam="all_tricks", slam_tricks=8, spidge_tricks=6),
    SpidgeRules(jokers=False, slam_tricks=6, spidge_tricks=5),
]


def test_spidge_score_agrees_with_the_core(backend: dict[str, ModuleType]) -> None:
    G = backend["_spidge"]
    rng = random.Random(7)
    deals = 60 if G.__name__.startswith("trickcore._reference") else 1500
    seen = set()
    for i in range(deals):
        rules = SPIDGE_RULES[i % len(SPIDGE_RULES)]
        pack = list(G.pack(rules.jokers))
        rng.shuffle(pack)
        state = G.SpidgeState([pack[h::4] for h in range(4)], rules.flags,
                              rules.slam_tricks, rules.spidge_tricks)
        state.random_playout(rng.randrange(1, 2**32))
        dealer = rng.randrange(3)
        won = state.tricks_won
        # Hands are LEFT, DUMMY, RIGHT, DEALER: players dealer+1, -, dealer+2, dealer.
        by_player = [0, 0, 0]
        by_player[(dealer + 1) % 3] = won[0]
        by_player[(dealer + 2) % 3] = won[2]
        by_player[dealer] = won[3] + won[1]
        score = rules.score(by_player, dealer)
        core_categories, core_points = state.categories(), state.points()
        for player, hand in (((dealer + 1) % 3, 0), ((dealer + 2) % 3, 2), (dealer, 3)):
            assert score.categories[player] == core_categories[hand]
            assert score.points[player] == core_points[hand]
        seen.update(score.categories)
    assert {Category.NONE, Category.NILL, Category.SPIDGE} <= seen


def test_spidge_result_is_scored_by_the_rules() -> None:
    for seed in range(30):
        rules = SPIDGE_RULES[seed % len(SPIDGE_RULES)]
        deal = SpidgeDeal.from_seed(seed, rules=rules)
        deal.random_playout(seed + 1)
        result = deal.result
        assert rules.score(result.tricks, deal.dealer) == (result.points, result.categories)
        assert sum(result.tricks) == sum(result.tricks_by_hand) == 13
        with pytest.warns(DeprecationWarning, match="use tricks_by_hand"):
            assert result.hand_tricks == result.tricks_by_hand


def test_score_takes_numpy_integers_as_every_other_entry_point_does() -> None:
    np = pytest.importorskip("numpy")
    assert SpitzerRules().score(np.int64(5), {np.int64(0), 2}, np.int64(61), np.int64(3)) == (
        SpitzerRules().score(5, {0, 2}, 61, 3)
    )
    assert SpidgeRules().score(np.array([10, 3, 0]), dealer=np.int64(2)) == SpidgeRules().score(
        (10, 3, 0), dealer=2
    )
    with pytest.raises(InvalidArgumentError, match="tricks"):
        SpitzerRules().score(5, {0, 2}, 61, np.float64(3.0))
