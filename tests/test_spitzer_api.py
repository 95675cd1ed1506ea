"""pytrick.spitzer: rules options, deals, errors, undo/copy, results, observations, games."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from pytrick.spitzer import (
    Announcement,
    GameType,
    Phase,
    ScoringColumn,
    SpitzerDeal,
    SpitzerGame,
    SpitzerResult,
    SpitzerRules,
    scoring_entry,
)
from trickcore import CardSet
from trickcore.card import Card
from trickcore.errors import (
    ArgumentTypeError,
    DealNotOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    RulesError,
)

NORMAL = (
    "QC AC TC KC 7H 8H 9S 8D",
    "QS JC 9C 8C 7C AH TH 7S",
    "7D QH JH KD AS TS KS 8S",
    "QD JS JD AD TD 9D KH 9H",
)


def play_out(deal: SpitzerDeal, rng: random.Random, announce: float = 0.0) -> SpitzerDeal:
    """Finish *deal* with random legal moves; announce with probability *announce*."""
    while not deal.is_over:
        said = deal.legal_announcements
        if said:
            deal.announce(rng.choice(said) if rng.random() < announce else Announcement.PASS)
        else:
            deal.play(rng.choice(list(deal.legal_moves)))
    return deal


# -- rules ------------------------------------------------------------------------------


def test_rules_defaults_match_rules_md() -> None:
    rules = SpitzerRules()
    assert dataclasses.asdict(rules) == {
        "target": 42,
        "zola_requires_both_queens": False,
        "void_call": "called_ace_holder",
        "first_trick_call": "first_trick_winner",
        "call_requires_lead": False,
        "schneider_announcement": False,
    }
    assert rules.flags == 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 10  # type: ignore[misc]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("target", 0, "target: 0 is not a positive"),
        ("target", "42", "target: '42' is not a positive"),
        ("target", True, "target: True"),
        ("zola_requires_both_queens", 1, "zola_requires_both_queens: expected True or False"),
        (
            "void_call",
            "nobody",
            "void_call: 'nobody' is not 'called_ace_holder' or 'first_void_player'",
        ),
        ("first_trick_call", "x", "first_trick_call: 'x' is not"),
        ("call_requires_lead", None, "call_requires_lead: expected"),
        ("schneider_announcement", "yes", "schneider_announcement: expected"),
    ],
)
def test_rules_reject_invalid_values(field: str, value: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        SpitzerRules(**{field: value})  # type: ignore[arg-type]


def test_rules_flags_round_trip() -> None:
    for flags in range(32):
        rules = SpitzerRules.from_flags(flags, target=21)
        assert rules.flags == flags and rules.target == 21
        assert SpitzerRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(RulesError, match="colour: unknown Spitzer rule option"):
        SpitzerRules.from_dict({"colour": "red"})


# -- creating deals ---------------------------------------------------------------------


def test_seeded_deal_replays_and_follows_the_documented_recipe() -> None:
    a, b = SpitzerDeal.from_seed(99), SpitzerDeal.from_seed(99)
    assert a == b and hash(a) == hash(b)
    rng = random.Random(99)
    pack = sorted(Card(c) for c in range(54) if c % 13 >= 5)
    rng.shuffle(pack)
    dealer = rng.randrange(4)
    assert a == SpitzerDeal.from_pack(pack, dealer)
    assert a.dealer == dealer
    # The 3-2-3 deal: the dealer's left gets the top three cards.
    assert set(pack[:3]) <= set(a.hand((dealer + 1) % 4))
    assert SpitzerDeal.from_seed(99, dealer=2).dealer == 2
    assert SpitzerDeal.from_seed(100) != a


def test_deal_from_hands_and_rules() -> None:
    rules = SpitzerRules(schneider_announcement=True)
    deal = SpitzerDeal.from_hands(NORMAL, dealer=3, rules=rules)
    assert deal.rules == rules
    assert Announcement.SCHNEIDER in deal.legal_announcements
    assert deal.hand(0) == CardSet(NORMAL[0])
    with pytest.raises(InvalidCardError, match="hand 3 has 7 cards"):
        SpitzerDeal.from_hands((*NORMAL[:3], "QD JS JD AD TD 9D KH"))


def test_repr_rebuilds_and_copy_is_independent() -> None:
    deal = play_out(SpitzerDeal.from_seed(5), random.Random(1))
    for _ in range(10):
        deal.undo()
    rebuilt = eval(repr(deal), {"SpitzerDeal": SpitzerDeal})
    assert rebuilt == deal and type(rebuilt) is SpitzerDeal
    twin = deal.copy()
    assert type(twin) is SpitzerDeal and twin == deal
    twin.play(next(iter(twin.legal_moves)))
    assert twin != deal and deal.n_played == 22


def test_undo_reaches_the_start_through_announcements() -> None:
    deal = SpitzerDeal.from_hands(NORMAL, dealer=3)
    start = deal.copy()
    deal.announce("pass")
    deal.announce(Announcement.ZOLA)
    deal.play("QC")
    deal.undo()
    deal.undo()
    assert deal.announcement == Announcement.PASS and deal.to_move == 1
    deal.undo()
    assert deal == start
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        deal.undo()


# -- errors -----------------------------------------------------------------------------


def test_errors_name_the_problem_and_change_nothing() -> None:
    deal = SpitzerDeal.from_hands(NORMAL, dealer=3)
    before = deal.copy()
    with pytest.raises(IllegalMoveError, match="announcements are not finished: seat 0"):
        deal.play("QC")
    with pytest.raises(InvalidArgumentError, match="unknown Spitzer announcement 'slam'"):
        deal.announce("slam")
    with pytest.raises(IllegalMoveError, match="seat 0's turn, not seat 3's"):
        deal.announce("pass", seat=3)
    assert deal == before
    for _ in range(4):
        deal.announce("pass")
    with pytest.raises(IllegalMoveError, match="announcements are over"):
        deal.announce("zola")
    with pytest.raises(InvalidCardError, match="is not a Spitzer card"):
        deal.play("2H")
    with pytest.raises(InvalidCardError, match="invalid card text"):
        deal.play("QX")
    with pytest.raises(ArgumentTypeError, match="a card is a Card, a card number or card text"):
        deal.play(3.5)  # type: ignore[arg-type]
    deal.play("AC")
    with pytest.raises(IllegalMoveError) as info:
        deal.play("JC")
    assert str(info.value) == "must follow clubs: you hold 9♣, 8♣ and 7♣ (rules §1.6)"
    assert (info.value.reason, info.value.rule) == ("must_follow_suit", "1.6")
    assert isinstance(info.value, ValueError)
    play_out(deal, random.Random(0))
    with pytest.raises(IllegalMoveError, match="the deal is over"):
        deal.play("QC")
    with pytest.raises(IllegalMoveError, match="the deal is over"):
        deal.announce("pass")


def test_result_is_refused_before_the_end() -> None:
    deal = SpitzerDeal.from_seed(1)
    with pytest.raises(DealNotOverError, match="0 of 8 tricks"):
        _ = deal.result
    with pytest.raises(DealNotOverError):
        deal.scores()


def test_announcement_parsing() -> None:
    assert Announcement.parse("ace call in ♥") is Announcement.ACE_CALL_HEARTS
    assert Announcement.parse("FIRST_TRICK_CALL") is Announcement.FIRST_TRICK_CALL
    assert Announcement.parse(3) is Announcement.ZOLA_SCHNEIDER_SCHWARZ
    with pytest.raises(InvalidArgumentError):
        Announcement.parse(99)
    assert [a.token for a in Announcement][:3] == ["pass", "zola", "zola_schneider"]


# -- scoring (RULES.md 1.8) ---------------------------------------------------------------

# The table of RULES.md 1.8, copied by hand: None is "—".
TABLE = {
    GameType.NORMAL: (None, -9, -6, 3, 6, 9),
    GameType.ACE_CALL: (None, -9, -6, 3, 6, 9),
    GameType.VOID_CALL: (None, -9, -6, 3, 6, 9),
    GameType.FIRST_TRICK_CALL: (None, -9, -6, 3, 6, 9),
    GameType.SNEAKER: (None, -9, -6, 9, 12, 15),
    GameType.ZOLA: (-15, -12, -9, 18, 27, 36),
    GameType.ZOLA_SCHNEIDER: (-42, -36, -24, -18, 36, 39),
    GameType.ZOLA_SCHNEIDER_SCHWARZ: (-42, -42, -39, -33, -27, 42),
    GameType.SCHNEIDER: (-18, -15, -12, -9, 9, 12),
}


def test_scoring_table_is_rules_md() -> None:
    for game, row in TABLE.items():
        assert tuple(scoring_entry(game, column) for column in ScoringColumn) == row


@pytest.mark.parametrize(
    ("points", "tricks", "column"),
    [
        (120, 8, ScoringColumn.ALL_TRICKS),
        (0, 0, ScoringColumn.NO_TRICKS),
        (0, 1, ScoringColumn.POINTS_0_30),
        (30, 2, ScoringColumn.POINTS_0_30),
        (31, 2, ScoringColumn.POINTS_31_60),
        (60, 4, ScoringColumn.POINTS_31_60),  # 60-60 loses: the declarers need 61
        (61, 4, ScoringColumn.POINTS_61_89),
        (89, 5, ScoringColumn.POINTS_61_89),
        (90, 5, ScoringColumn.POINTS_90_120),
        (120, 7, ScoringColumn.POINTS_90_120),
    ],
)
def test_scoring_column_boundaries(points: int, tricks: int, column: ScoringColumn) -> None:
    import trickcore

    assert trickcore.spitzer.scoring_column(points, tricks) == column


def check_scores(result: SpitzerResult) -> None:
    entry = TABLE[result.game_type][result.column]
    assert entry is not None, "an impossible cell was reached"
    for seat in range(4):
        member = seat in result.declarers
        expected = entry if entry > 0 and member else -entry if entry < 0 and not member else 0
        assert result.scores[seat] == expected


STRONG = "QC 7D QS QH QD JC JS JH"  # wins every trick whatever the others do
WEAK = "7C 8C 9C 7S 8S 9S 7H 8H"  # never wins a trick if he never leads


def rigged(rng: random.Random, seat: int, cards: str | None) -> list[CardSet]:
    """A random deal where *seat* holds *cards*."""
    pack = [Card(c) for c in range(54) if c % 13 >= 5 and c < 52]
    fixed = [Card(w) for w in cards.split()] if cards else []
    rest = [c for c in pack if c not in fixed]
    rng.shuffle(rest)
    hands: list[list[Card]] = []
    for s in range(4):
        hands.append(list(fixed) if s == seat and fixed else [rest.pop() for _ in range(8)])
    return [CardSet(h) for h in hands]


def find_cells(game: GameType, tries: int, rules: SpitzerRules | None = None) -> set[ScoringColumn]:
    """Play random deals of *game* (the first speaker announces it, or everyone
    passes for Normal/Sneaker) and check every score; return the columns seen."""
    rng = random.Random(int(game))
    code = {
        GameType.ZOLA: Announcement.ZOLA,
        GameType.ZOLA_SCHNEIDER: Announcement.ZOLA_SCHNEIDER,
        GameType.ZOLA_SCHNEIDER_SCHWARZ: Announcement.ZOLA_SCHNEIDER_SCHWARZ,
        GameType.SCHNEIDER: Announcement.SCHNEIDER,
        GameType.ACE_CALL: Announcement.ACE_CALL_HEARTS,
    }.get(game, Announcement.PASS)
    seen: set[ScoringColumn] = set()
    for attempt in range(tries):
        extreme = (STRONG, WEAK, None, None)[attempt % 4]
        if game == GameType.ACE_CALL:
            extreme = "QC QS 7D QH QD JC JS 7H" if attempt % 2 else "QC QS 7H 8H 9C 8S 9S 7S"
        if game == GameType.SNEAKER:
            extreme = (STRONG, "QC QS 7C 8C 9C 7H 8H 9H", "QC QS AC AS AH AD TD 7H")[attempt % 3]
        if game == GameType.NORMAL and attempt % 2:
            extreme = "QC 7D QH QD JC JS JH JD"
        hands = rigged(rng, 1, extreme)
        deal = SpitzerDeal.from_hands(hands, dealer=0, rules=rules)
        deal.announce(code)
        while deal.legal_announcements:
            deal.announce(Announcement.PASS)
        if deal.game != game:
            continue
        result = play_out(deal, rng).result
        assert result.game_type == game
        check_scores(result)
        seen.add(result.column)
    return seen


@pytest.mark.parametrize(
    ("game", "columns"),
    [
        (GameType.NORMAL, set(ScoringColumn) - {ScoringColumn.NO_TRICKS}),
        (GameType.SNEAKER, set(ScoringColumn) - {ScoringColumn.NO_TRICKS}),
        (GameType.ACE_CALL, set(ScoringColumn) - {ScoringColumn.NO_TRICKS}),
        (GameType.ZOLA, set(ScoringColumn)),
        (GameType.ZOLA_SCHNEIDER, set(ScoringColumn)),
        (GameType.ZOLA_SCHNEIDER_SCHWARZ, set(ScoringColumn)),
        (GameType.SCHNEIDER, set(ScoringColumn)),
    ],
)
def test_every_cell_of_the_scoring_table(game: GameType, columns: set[ScoringColumn]) -> None:
    rules = SpitzerRules(schneider_announcement=True)
    assert find_cells(game, 400, rules) == columns


def test_sixty_sixty_is_a_loss_for_the_declarers() -> None:
    rng = random.Random(6060)
    for _ in range(3000):
        deal = play_out(SpitzerDeal.from_seed(rng.randrange(10**9)), rng)
        if deal.result.points == 60:
            result = deal.result
            assert result.column == ScoringColumn.POINTS_31_60 and not result.declarers_won
            assert all(result.scores[s] == 6 for s in result.opponents)
            assert all(result.scores[s] == 0 for s in result.declarers)
            return
    pytest.fail("no 60-60 deal found")


def test_zola_made_and_failed() -> None:
    made = SpitzerDeal.from_hands(rigged(random.Random(1), 0, STRONG), dealer=3)
    made.announce("zola")
    result = play_out(made, random.Random(1)).result
    assert result.game_type == GameType.ZOLA and result.declarers == {0}
    assert result.column == ScoringColumn.ALL_TRICKS and result.scores == (36, 0, 0, 0)
    failed = SpitzerDeal.from_hands(rigged(random.Random(2), 1, WEAK), dealer=3)
    failed.announce("pass")
    failed.announce("zola_schneider")
    result = play_out(failed, random.Random(2)).result
    assert result.column == ScoringColumn.NO_TRICKS and result.scores == (42, 0, 42, 42)


def test_sneaker_scores_its_own_row() -> None:
    deal = SpitzerDeal.from_hands(rigged(random.Random(3), 2, "QC QS 7D QH QD JC JS JH"), dealer=0)
    for _ in range(4):
        deal.announce("pass")
    assert deal.game == GameType.SNEAKER
    result = play_out(deal, random.Random(3)).result
    assert result.declarers == {2} and result.scores == (0, 0, 15, 0)


# -- what each seat knows (RULES.md 1.7) ---------------------------------------------------


def test_observation_holds_exactly_the_public_facts() -> None:
    deal = SpitzerDeal.from_hands(NORMAL, dealer=3)
    for _ in range(4):
        deal.announce("pass")
    for card in "AC 7C 7D 9D QH QD QC".split():
        deal.play(card)
    seen = deal.observation(0)
    assert seen.hand == deal.hand(0)
    assert seen.plays == tuple(deal.plays)
    assert seen.trick_winners == (2,) and seen.trick_points == (11,)
    assert seen.revealed == {0}  # Q♣ has fallen; Q♠ has not
    assert seen.to_move == 1 and not seen.is_my_turn and seen.legal_moves == CardSet()
    assert deal.observation(1).legal_moves == deal.legal_moves
    assert seen.announcement == Announcement.PASS and seen.announcer is None
    assert seen.current_trick == ((2, Card("QH")), (3, Card("QD")), (0, Card("QC")))


def hidden_variant(deal: SpitzerDeal, seat: int, rng: random.Random) -> SpitzerDeal | None:
    """The same moves on a deal where the cards *seat* cannot see are dealt
    differently among the other seats (None if the moves are not legal there)."""
    others = [s for s in range(4) if s != seat]
    unseen = [c for s in others for c in deal.hand(s)]
    rng.shuffle(unseen)
    hands: list[CardSet] = [CardSet() for _ in range(4)]
    for s in range(4):
        played = CardSet([c for who, c in deal.plays if who == s])
        if s == seat:
            hands[s] = deal.original_hand(s)
        else:
            count = len(deal.hand(s))
            hands[s] = played | CardSet(unseen[:count])
            unseen = unseen[count:]
    try:
        return SpitzerDeal(
            hands,
            deal.dealer,
            deal.options,
            [c for _, c in deal.announcements],
            [c for _, c in deal.plays],
        )
    except IllegalMoveError:
        return None


def test_deals_differing_only_in_hidden_cards_look_the_same() -> None:
    rng = random.Random(17)
    compared = 0
    for n in range(60):
        deal = SpitzerDeal.from_seed(
            n, rules=SpitzerRules(void_call=("first_void_player", "called_ace_holder")[n % 2])
        )
        play_out(deal, rng, announce=0.5)
        for _ in range(rng.randrange(0, 32)):
            deal.undo()
        seat = rng.randrange(4)
        for _ in range(20):
            other = hidden_variant(deal, seat, rng)
            if other is not None and any(other.hand(s) != deal.hand(s) for s in range(4)):
                assert other.observation(seat) == deal.observation(seat)
                compared += 1
                break
    assert compared >= 30


def test_observation_changes_with_what_a_seat_sees() -> None:
    deal = SpitzerDeal.from_seed(3)
    other = SpitzerDeal.from_seed(4)
    assert deal.observation(0) != other.observation(0)


# -- games (RULES.md 1.9) --------------------------------------------------------------------


def test_game_dealer_passes_left_and_totals_add_up() -> None:
    game = SpitzerGame(seed=8)
    rng = random.Random(8)
    first = game.next_deal()
    assert first == SpitzerDeal.from_seed(8)
    with pytest.raises(IllegalMoveError, match="not over"):
        game.next_deal()
    totals = [0, 0, 0, 0]
    while not game.is_over:
        deal = game.current or game.next_deal()
        play_out(deal, rng, announce=0.1)
        game.finish_deal()
        totals = [t + s for t, s in zip(totals, deal.result.scores, strict=True)]
        assert game.totals == tuple(totals)
    dealers = [d.dealer for d in game.deals]
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(dealers))
    assert game.winner is not None and game.totals[game.winner] >= 42
    assert all(game.totals[game.winner] > t for s, t in enumerate(game.totals) if s != game.winner)
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.next_deal()


def test_tie_at_the_target_continues_the_game() -> None:
    # With target 3, a Normal deal won +3 by the queens team brings two
    # partners to 3 together: a tie, so play goes on (RULES.md 1.9).
    rng = random.Random(42)
    rules = SpitzerRules(target=3)
    for attempt in range(500):
        game = SpitzerGame(rules, seed=attempt)
        deal = play_out(game.next_deal(), rng)
        game.finish_deal()
        if deal.result.game_type == GameType.NORMAL and deal.result.entry == 3:
            assert sorted(game.totals) == [0, 0, 3, 3]
            assert game.winner is None and not game.is_over
            while not game.is_over:
                play_out(game.next_deal(), rng)
                game.finish_deal()
            best = max(game.totals)
            assert best >= 3 and game.totals.count(best) == 1
            return
    pytest.fail("no tying deal found")


def test_game_rejects_a_deal_with_the_wrong_dealer() -> None:
    game = SpitzerGame(first_dealer=1)
    with pytest.raises(IllegalMoveError, match="expected seat 1"):
        game.add_deal(SpitzerDeal.from_seed(1, dealer=2))


def test_tie_at_42_continues_the_game() -> None:
    # Seed 4, everyone passing and playing random legal cards: after 12 deals
    # two partners stand at 42 together, which wins nothing (RULES.md 1.9).
    game = SpitzerGame(seed=4)
    rng = random.Random(4)
    while len(game.deals) < 12:
        play_out(game.next_deal(), rng)
        game.finish_deal()
    assert game.totals == (39, 42, 42, 27)
    assert game.winner is None and not game.is_over
    while not game.is_over:
        play_out(game.next_deal(), rng)
        game.finish_deal()
    best = max(game.totals)
    assert game.totals[game.winner] == best and game.totals.count(best) == 1


@pytest.mark.parametrize(
    ("said", "hand", "column", "scores"),
    [
        ("zola", STRONG, ScoringColumn.ALL_TRICKS, (0, 36, 0, 0)),
        ("zola", WEAK, ScoringColumn.NO_TRICKS, (15, 0, 15, 15)),
        ("zola_schneider", STRONG, ScoringColumn.ALL_TRICKS, (0, 39, 0, 0)),
        ("zola_schneider", WEAK, ScoringColumn.NO_TRICKS, (42, 0, 42, 42)),
        ("zola_schneider_schwarz", STRONG, ScoringColumn.ALL_TRICKS, (0, 42, 0, 0)),
        ("zola_schneider_schwarz", WEAK, ScoringColumn.NO_TRICKS, (42, 0, 42, 42)),
    ],
)
def test_each_zola_made_and_failed(
    said: str, hand: str, column: ScoringColumn, scores: tuple[int, ...]
) -> None:
    # Seat 1 speaks second (dealer 3) and never leads unless he wins a trick.
    deal = SpitzerDeal.from_hands(rigged(random.Random(5), 1, hand), dealer=3)
    deal.announce("pass")
    deal.announce(said)
    result = play_out(deal, random.Random(5)).result
    assert result.declarers == {1} and result.column == column and result.scores == scores


def test_sneaker_soloist_becomes_public_with_his_queens() -> None:
    deal = SpitzerDeal.from_hands(rigged(random.Random(4), 0, STRONG), dealer=3)
    for _ in range(4):
        deal.announce("pass")
    assert deal.game == GameType.SNEAKER and deal.observation(2).revealed == frozenset()
    deal.play("QC")
    while deal.to_move != 0:
        deal.play(min(deal.legal_moves))
    assert deal.observation(2).revealed == {0}
    deal.play("QS")
    seen = deal.observation(2)
    assert seen.revealed == {0}
    queens = (Card("QC"), Card("QS"))
    assert [seat for seat, card in seen.plays if card in queens] == [0, 0]


def test_called_ace_duties_in_a_void_call() -> None:
    hands = (
        "KH TH 9H 8C 9C KC QD KD",
        "JH QH 7S 8S JS KS JC AD",
        "QC QS AC TC AS 7D 8D 9D",
        "AH 7H 8H 9S TS 7C JD TD",
    )
    deal = SpitzerDeal.from_hands(hands, dealer=1)
    deal.announce("void call in ♥")
    assert deal.called_ace == Card("AH") and deal.partner == 3
    deal.play("7D")  # seat 2 leads a trump; seat 3 must follow trumps
    assert deal.legal_moves == CardSet("JD TD")
    for card in ("JD", "QD", "AD"):
        deal.play(card)
    assert deal.trick_winners == (2,)
    deal.play("TC")  # clubs: seat 3 follows with 7♣
    deal.play("7C")
    deal.play("KC")
    deal.play("JC")  # seat 1 has no club: must trump
    assert deal.trick_winners == (2, 1)
    for card in ("JH", "8D", "TD", "KD"):  # seat 3 plays his last trump
        deal.play(card)
    assert deal.trick_winners == (2, 1, 1)
    deal.play("QH")
    deal.play("9D")
    # Seat 3 has no trump left: a free discard, but not of the called ace while
    # another card is legal.
    assert deal.legal_moves == CardSet("7H 8H 9S TS")
    with pytest.raises(IllegalMoveError, match="may only be discarded"):
        deal.play("AH")


def test_deals_pickle_and_deepcopy() -> None:
    import copy
    import pickle

    deal = SpitzerDeal.from_seed(12)
    deal.announce("pass")
    again = pickle.loads(pickle.dumps(deal))
    assert again == deal and type(again) is SpitzerDeal
    clone = copy.deepcopy(deal)
    assert clone == deal and clone is not deal


def test_the_deal_shows_announcements_as_the_observation_does() -> None:
    deal = SpitzerDeal.from_seed(7)
    assert deal.announcement is Announcement.PASS
    deal.announce("pass")
    deal.announce(deal.legal_announcements[1])
    seen = deal.observation(0)
    assert type(deal.announcement) is Announcement
    assert deal.announcement == seen.announcement
    assert list(deal.announcements) == list(seen.announcements)
    assert all(type(code) is Announcement for _, code in deal.announcements)
    # An Announcement is the core's int: old comparisons keep working.
    assert deal.announcements == tuple((s, int(c)) for s, c in seen.announcements)


def test_every_seat_sees_the_phase_the_deal_is_in() -> None:
    rng = random.Random(4)
    phases = set()
    for seed in range(30):
        deal = SpitzerDeal.from_seed(seed)
        while True:
            assert {deal.observation(seat).phase for seat in range(4)} == {deal.phase}
            phases.add(deal.phase)
            if deal.is_over:
                break
            if deal.legal_announcements:
                deal.announce(rng.choice(deal.legal_announcements))
            else:
                deal.play(rng.choice(sorted(deal.legal_moves)))
    assert phases == set(Phase)
