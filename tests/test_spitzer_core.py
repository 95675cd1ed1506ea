"""Named scenario tests for every rule and option of RULES.md §1, on both backends.

Each deal is written out in full, seat by seat; the comments say why.
"""

from __future__ import annotations

import itertools
from types import ModuleType

import pytest

from trickcore.card import Card
from trickcore.errors import IllegalMoveError, InvalidArgumentError, InvalidCardError


def cards(text: str) -> set[int]:
    return {int(Card(word)) for word in text.split()}


# Dealer 3, so seat 0 speaks and leads first.  Q♣ with seat 0, Q♠ with seat 1.
NORMAL = (
    "QC AC TC KC 7H 8H 9S 8D",
    "QS JC 9C 8C 7C AH TH 7S",
    "7D QH JH KD AS TS KS 8S",
    "QD JS JD AD TD 9D KH 9H",
)
# Seat 2 holds both black queens and four spades without A♠ (seat 1 has it);
# seat 1 has neither hearts nor trumps.
QUEENS_AT_2 = (
    "AH TH KH 9H 8H 7H 7D 8D",
    "AC TC KC 9C 8C 7C AS TS",
    "KS 9S 8S 7S QC QS QH QD",
    "JC JS JH JD AD TD KD 9D",
)
# Dealer 1, so seat 2 speaks and leads first.  Seat 2: both queens, A♣ and A♠
# guarding his clubs and spades, void in hearts; A♥ with seat 3.
VOID_AT_2 = (
    "KH TH 9H 8C 9C KC QD KD",
    "JH QH 7S 8S JS KS JC AD",
    "QC QS AC TC AS 7D 8D 9D",
    "AH 7H 8H 9S TS 7C JD TD",
)
# Dealer 1, seat 2 leads: both queens and all three fail aces.
ACES_AT_2 = (
    "KC 9H TH KH 9S TS KS JC",
    "JS JH QH TD JD QD KD AD",
    "QC QS AC AS AH 7D 8D 9D",
    "7C 8C 9C TC 7H 8H 7S 8S",
)


def deal(S: ModuleType, hands: tuple[str, ...], dealer: int, options: int = 0):
    return S.SpitzerState([cards(h) for h in hands], dealer, options)


def legal(state) -> set[int]:
    return {int(c) for c in state.legal_moves}


def passes(state, n: int) -> None:
    for _ in range(n):
        state.announce(0)


def play(state, text: str) -> None:
    for word in text.split():
        state.play(word)


def rejected(state, card: str, *fragments: str) -> str:
    """Assert that *card* is refused with a message containing *fragments*, and
    that the deal is unchanged."""
    before = state.copy()
    with pytest.raises(IllegalMoveError) as info:
        state.play(card)
    assert state == before
    for fragment in fragments:
        assert fragment in str(info.value), str(info.value)
    assert str(info.value) == f"{info.value.message} (rules §{info.value.rule})"
    return info.value.message


# -- 1.3 the deal ------------------------------------------------------------------


def test_deal_is_3_2_3_clockwise_from_the_dealers_left(backend: dict[str, ModuleType]) -> None:
    S = backend["_spitzer"]
    pack = sorted(S.PACK)
    hands = S.deal_pack(pack, 2)
    # Dealer 2: seat 3 gets cards 0-2, seat 0 3-5, seat 1 6-8, seat 2 9-11, then
    # two each (12-19), then three each (20-31).
    expected = {
        3: [0, 1, 2, 12, 13, 20, 21, 22],
        0: [3, 4, 5, 14, 15, 23, 24, 25],
        1: [6, 7, 8, 16, 17, 26, 27, 28],
        2: [9, 10, 11, 18, 19, 29, 30, 31],
    }
    for seat, positions in expected.items():
        assert hands[seat] == sum(1 << pack[i] for i in positions)


def test_deal_pack_rejects_a_bad_pack(backend: dict[str, ModuleType]) -> None:
    S = backend["_spitzer"]
    pack = sorted(S.PACK)
    with pytest.raises(InvalidCardError, match="31 cards"):
        S.deal_pack(pack[:-1], 0)
    with pytest.raises(InvalidCardError, match="appears twice"):
        S.deal_pack(pack[:-1] + pack[:1], 0)
    with pytest.raises(InvalidCardError, match="not a Spitzer card"):
        S.deal_pack([*pack[:-1], 0], 0)


def test_bad_hands_are_rejected_with_the_reason(backend: dict[str, ModuleType]) -> None:
    S = backend["_spitzer"]
    hands = [cards(h) for h in NORMAL]
    with pytest.raises(InvalidCardError, match="hand 1 has 7 cards"):
        S.SpitzerState([hands[0], set(list(hands[1])[:7]), hands[2], hands[3]], 0)
    with pytest.raises(InvalidCardError, match="2C is not in the Spitzer pack"):
        S.SpitzerState([hands[0] - cards("QC") | cards("2C"), *hands[1:]], 0)
    with pytest.raises(InvalidCardError, match="QC is in hands 0 and 1"):
        S.SpitzerState([hands[0], hands[1] - cards("7S") | cards("QC"), *hands[2:]], 0)
    with pytest.raises(ValueError, match="invalid dealer 4"):
        S.SpitzerState(hands, 4)
    with pytest.raises(ValueError, match="option flags 64"):
        S.SpitzerState(hands, 0, 64)


# -- 1.5 announcements -----------------------------------------------------------


def test_announcements_start_left_of_dealer_and_the_first_ends_the_round(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    assert state.phase == S.AUCTION and state.to_move == 0
    state.announce(S.PASS)
    assert state.to_move == 1
    state.announce(S.ZOLA)
    # Nobody can overcall: play begins at once, seat 0 leading.
    assert state.phase == S.PLAY and state.to_move == 0
    assert state.announcer == 1 and state.game_type == S.GAME_ZOLA
    with pytest.raises(IllegalMoveError, match="announcements are over"):
        state.announce(S.PASS)


def test_all_pass_with_queens_split_is_a_normal_game(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    passes(state, 4)
    assert state.game_type == S.GAME_NORMAL
    assert state.declarers == 0b0011  # Q♣ seat 0, Q♠ seat 1


def test_sneaker_when_the_holder_of_both_queens_passes(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, QUEENS_AT_2, 3)
    passes(state, 4)
    assert state.game_type == S.GAME_SNEAKER
    assert state.declarers == 0b0100
    # Nothing public yet: a Sneaker is discovered in play.
    assert state.revealed == 0


def test_zola_is_open_to_any_player_by_default(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)  # seat 0 holds only Q♣
    assert {S.ZOLA, S.ZOLA_SCHNEIDER, S.ZOLA_SCHNEIDER_SCHWARZ} <= set(state.legal_announcements)


def test_option_zola_requires_both_queens(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3, S.OPT_ZOLA_REQUIRES_BOTH_QUEENS)
    assert state.legal_announcements == (S.PASS,)
    with pytest.raises(IllegalMoveError, match="zola_requires_both_queens"):
        state.announce(S.ZOLA)
    other = deal(S, QUEENS_AT_2, 1, S.OPT_ZOLA_REQUIRES_BOTH_QUEENS)  # seat 2 speaks first
    assert S.ZOLA in other.legal_announcements


def test_ace_call_eligibility_and_partner(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, QUEENS_AT_2, 1)  # seat 2 speaks first
    said = set(state.legal_announcements)
    # Spades held without A♠: callable.  No clubs or hearts (the queens are trumps).
    assert S.ACE_CALL_SPADES in said
    assert S.ACE_CALL_CLUBS not in said and S.ACE_CALL_HEARTS not in said
    with pytest.raises(IllegalMoveError, match="at least one card of that suit"):
        state.announce(S.ACE_CALL_HEARTS)
    state.announce(S.ACE_CALL_SPADES)
    assert state.game_type == S.GAME_ACE_CALL
    assert state.called_ace == Card("AS") and state.partner == 1
    assert state.declarers == 0b0110


def test_ace_call_needs_both_black_queens(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    with pytest.raises(IllegalMoveError, match=r"needs both black queens.*Q♣"):
        state.announce(S.ACE_CALL_HEARTS)


def test_ace_call_may_not_name_an_ace_he_holds(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, VOID_AT_2, 1)
    with pytest.raises(IllegalMoveError, match="calls an ace you hold yourself: A♣"):
        state.announce(S.ACE_CALL_CLUBS)


def test_void_call_eligibility_and_partner(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, VOID_AT_2, 1)
    said = set(state.legal_announcements)
    assert S.VOID_CALL_HEARTS in said
    assert S.VOID_CALL_CLUBS not in said and S.VOID_CALL_SPADES not in said
    assert S.VOID_CALL not in said  # the suitless form needs the option
    with pytest.raises(IllegalMoveError, match="needs a void in that suit: you hold A♣ and 10♣"):
        state.announce(S.VOID_CALL_CLUBS)
    state.announce(S.VOID_CALL_HEARTS)
    assert state.game_type == S.GAME_VOID_CALL
    assert state.called_ace == Card("AH") and state.partner == 3


def test_void_call_needs_every_held_fail_suit_guarded(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, QUEENS_AT_2, 1)  # spades without A♠
    with pytest.raises(IllegalMoveError, match="ace of every fail suit you hold"):
        state.announce(S.VOID_CALL_HEARTS)


def test_void_call_needs_a_missing_ace(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, ACES_AT_2, 1)
    said = set(state.legal_announcements)
    assert not said & {S.VOID_CALL_CLUBS, S.VOID_CALL_SPADES, S.VOID_CALL_HEARTS}
    with pytest.raises(IllegalMoveError, match=r"needs a void in that suit|missing fail ace"):
        state.announce(S.VOID_CALL_HEARTS)


def test_first_trick_call_needs_all_three_aces(backend) -> None:
    S = backend["_spitzer"]
    assert S.FIRST_TRICK_CALL in deal(S, ACES_AT_2, 1).legal_announcements
    state = deal(S, VOID_AT_2, 1)
    with pytest.raises(IllegalMoveError, match="you lack A♥"):
        state.announce(S.FIRST_TRICK_CALL)


def test_first_trick_call_partner_is_the_winner_of_trick_one(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, ACES_AT_2, 1)
    state.announce(S.FIRST_TRICK_CALL)
    assert state.partner == -1 and state.revealed == 0b0100
    play(state, "AC 7C KC")
    assert state.partner == -1  # not settled until the trick is complete
    play(state, "JD")  # seat 1 trumps and wins
    assert state.trick_winners == (1,)
    assert state.partner == 1 and state.declarers == 0b0110
    assert state.revealed == 0b0110


def test_first_trick_call_caller_winning_trick_one_plays_alone(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, ACES_AT_2, 1)
    state.announce(S.FIRST_TRICK_CALL)
    play(state, "7D 7C JC AD")  # the Spitzer wins
    assert state.trick_winners == (2,)
    assert state.partner == -1 and state.declarers == 0b0100


def test_option_first_trick_won_by_other(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, ACES_AT_2, 1, S.OPT_FIRST_TRICK_WON_BY_OTHER)
    state.announce(S.FIRST_TRICK_CALL)
    play(state, "7D 7C JC AD")  # caller wins trick 1: still unsettled
    assert state.partner == -1 and state.revealed == 0b0100
    play(state, "AC 8C KC JD")  # seat 1 trumps trick 2
    assert state.partner == 1 and state.declarers == 0b0110 and state.revealed == 0b0110


def test_option_void_call_first_void_player(backend) -> None:
    S = backend["_spitzer"]
    opts = S.OPT_VOID_CALL_FIRST_VOID_PLAYER
    state = deal(S, VOID_AT_2, 1, opts)
    said = set(state.legal_announcements)
    assert S.VOID_CALL in said and S.VOID_CALL_HEARTS not in said
    with pytest.raises(IllegalMoveError, match="names none"):
        state.announce(S.VOID_CALL_HEARTS)
    state.announce(S.VOID_CALL)
    # His first lead must be one of his fail aces.
    assert legal(state) == cards("AC AS")
    rejected(state, "7D", "must lead one of his fail aces", "A♣ and A♠")
    play(state, "AC 7C 8C")  # seats 3 and 0 follow
    assert state.partner == -1
    play(state, "AD")  # seat 1 has no club: he is the partner, publicly
    assert state.partner == 1 and state.revealed == 0b0110 and state.declarers == 0b0110
    assert state.called_ace == -1


def test_first_void_player_partner_is_the_first_not_to_follow(backend) -> None:
    S = backend["_spitzer"]
    hands = (
        "KH TH 9H 8C 9C KC QD KD",
        "JH QH 7S 8S JS KS 7C AD",
        "QC QS AC TC AS 7D 8D 9D",
        "AH 7H 8H 9S TS JC JD TD",
    )
    state = deal(S, hands, 1, S.OPT_VOID_CALL_FIRST_VOID_PLAYER)
    state.announce(S.VOID_CALL)
    play(state, "AC")
    play(state, "JD")  # seat 3 holds no club (J♣ is a trump): partner at once
    assert state.partner == 3
    state2 = deal(S, hands, 1, S.OPT_VOID_CALL_FIRST_VOID_PLAYER)
    state2.announce(S.VOID_CALL)
    play(state2, "AS 9S")
    assert state2.partner == -1
    play(state2, "KD")  # seat 0 has no spade and must trump
    assert state2.partner == 0 and state2.revealed == 0b0101


def test_first_void_player_alone_when_all_follow(backend) -> None:
    S = backend["_spitzer"]
    hands = (
        "KH TH 9H 8C JC KC QD KD",
        "JH QH 7S 8S JS KS 9C AD",
        "QC QS AC TC AS 7D 8D 9D",
        "AH 7H 8H 9S TS 7C JD TD",
    )
    state = deal(S, hands, 1, S.OPT_VOID_CALL_FIRST_VOID_PLAYER)
    state.announce(S.VOID_CALL)
    play(state, "AC 7C 8C 9C")
    assert state.partner == -1 and state.declarers == 0b0100 and state.revealed == 0b0100


def test_option_call_requires_lead(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, QUEENS_AT_2, 1, S.OPT_CALL_REQUIRES_LEAD)
    state.announce(S.ACE_CALL_SPADES)
    assert legal(state) == cards("KS 9S 8S 7S")
    rejected(state, "QC", "must lead ♠ the first time he leads", "K♠, 9♠, 8♠ and 7♠")
    default = deal(S, QUEENS_AT_2, 1)
    default.announce(S.ACE_CALL_SPADES)
    assert legal(default) == cards(QUEENS_AT_2[2])


def test_schneider_is_off_by_default(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    assert S.SCHNEIDER not in state.legal_announcements
    with pytest.raises(IllegalMoveError, match="schneider_announcement=False"):
        state.announce(S.SCHNEIDER)


def test_schneider_sides(backend) -> None:
    S = backend["_spitzer"]
    opts = S.OPT_SCHNEIDER_ANNOUNCEMENT
    # A black-queen holder announces: his side is the queens team.
    state = deal(S, NORMAL, 3, opts)
    state.announce(S.SCHNEIDER)
    assert state.game_type == S.GAME_SCHNEIDER and state.declarers == 0b0011
    # A player without a black queen: every player without one.
    state = deal(S, NORMAL, 1, opts)  # seat 2 speaks first and holds no black queen
    state.announce(S.SCHNEIDER)
    assert state.declarers == 0b1100
    # The holder of both: alone.
    state = deal(S, QUEENS_AT_2, 1, opts)
    state.announce(S.SCHNEIDER)
    assert state.declarers == 0b0100


def test_announcing_out_of_turn_or_unknown(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    with pytest.raises(IllegalMoveError, match="seat 0's turn, not seat 2's"):
        state.announce(S.PASS, seat=2)
    with pytest.raises(InvalidArgumentError, match="unknown Spitzer announcement 13"):
        state.announce(13)
    with pytest.raises(IllegalMoveError, match="announcements are not finished"):
        state.play("QC")


# -- 1.6 play ---------------------------------------------------------------------


def test_must_follow_trumps_queens_and_jacks_included(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    passes(state, 4)
    play(state, "8D")  # a diamond is a trump lead
    assert legal(state) == cards("QS JC")
    message = rejected(state, "AH", "must follow trumps")
    assert message == "must follow trumps: you hold Q♠ and J♣"


def test_queen_led_is_a_trump_lead_not_a_club(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    passes(state, 4)
    play(state, "QC")
    assert legal(state) == cards("QS JC")  # not 9♣ 8♣ 7♣
    rejected(state, "9C", "must follow trumps")


def test_must_follow_the_fail_suit_jack_is_not_a_club(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    passes(state, 4)
    play(state, "AC")
    assert legal(state) == cards("9C 8C 7C")
    assert rejected(state, "JC") == "must follow clubs: you hold 9♣, 8♣ and 7♣"


def test_must_trump_when_void_in_the_suit_led(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    passes(state, 4)
    play(state, "AC 7C")
    assert legal(state) == cards("7D QH JH KD")
    rejected(state, "AS", "cannot follow clubs, so must play a trump", "7♦, Q♥, J♥ and K♦")


def test_no_duty_to_beat_the_cards_played(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    passes(state, 4)
    play(state, "AC 7C 7D")  # the Spitzer is winning
    assert cards("9D") <= legal(state)  # seat 3 may under-trump


def test_free_discard_when_void_with_no_trumps(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, QUEENS_AT_2, 3)
    passes(state, 4)
    play(state, "AH")
    assert legal(state) == cards(QUEENS_AT_2[1])  # anything


def test_called_ace_must_be_played_when_its_suit_is_led(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, QUEENS_AT_2, 1)  # seat 2 speaks and leads first
    state.announce(S.ACE_CALL_SPADES)
    play(state, "KS")  # the caller himself leads the called suit (see Decisions)
    play(state, "JS")  # seat 3 has no spade (J♠ is a trump), so he must trump
    play(state, "7D")  # seat 0 has no spade: must trump
    assert legal(state) == cards("AS")
    rejected(state, "TS", "the called ace A♠ must be played when spades are led")
    play(state, "AS")
    assert state.revealed == 0b0110  # the partner is public once the ace falls


def test_called_ace_may_not_be_discarded_while_another_card_is_legal(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, QUEENS_AT_2, 2)  # seat 3 speaks first, seat 3 leads
    passes(state, 3)
    state.announce(S.ACE_CALL_SPADES)  # seat 2, fourth to speak
    play(state, "JC")  # seat 3 leads a trump; seat 0 follows; seat 1 has none
    play(state, "7D")
    assert legal(state) == cards("AC TC KC 9C 8C 7C TS")
    rejected(state, "AS", "may only be discarded when it is your only legal card")


def test_called_ace_holder_may_lead_the_suit_with_another_card(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, QUEENS_AT_2, 0)  # seat 1 speaks and leads
    passes(state, 1)
    state.announce(S.ACE_CALL_SPADES)
    assert cards("TS AS") <= legal(state)
    play(state, "TS")


def test_play_errors_leave_the_deal_unchanged(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    passes(state, 4)
    # Who holds it is hidden from seat 0, so the message does not say.
    message = rejected(state, "QS", "seat 0 does not hold Q♠")
    assert message == "seat 0 does not hold Q♠: the legal cards are Q♣, 8♦, A♣, 10♣, K♣, 9♠, 8♥ and 7♥"
    with pytest.raises(IllegalMoveError, match="seat 0's turn, not seat 1's"):
        state.play("QC", seat=1)
    with pytest.raises(InvalidCardError, match="2C is not a Spitzer card"):
        state.play("2C")
    with pytest.raises(InvalidCardError):
        state.play("ZZ")
    play(state, "QC")
    rejected(state, "QC", "already been played")


# -- 1.2 / 1.6 trick resolution ------------------------------------------------------


TRUMP_ORDER = "Q♣ 7♦ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦".split()


def test_every_trump_order_boundary(backend) -> None:
    S = backend["_spitzer"]
    for high, low in itertools.pairwise(TRUMP_ORDER):
        assert S.trick_winner([high, low]) == 0, (high, low)
        assert S.trick_winner([low, high]) == 1, (low, high)
        # Whatever the fail card led, the trump wins, and the higher trump.
        assert S.trick_winner(["AH", low, high, "TH"]) == 2


def test_fail_order_and_the_suit_led(backend) -> None:
    S = backend["_spitzer"]
    for suit in "CSH":
        ranks = [r + suit for r in ("A", "10", "K", "9", "8", "7")]
        for high, low in itertools.pairwise(ranks):
            assert S.trick_winner([high, low]) == 0, (high, low)
            assert S.trick_winner([low, high]) == 1, (low, high)
    # A higher card of another fail suit does not win: only the suit led counts.
    assert S.trick_winner(["7C", "AH", "AS", "8C"]) == 3
    # Queens and jacks are trumps, never clubs: J♣ trumps an ace of clubs.
    assert S.trick_winner(["AC", "JC"]) == 1
    with pytest.raises(InvalidCardError, match="1 to 4 different cards"):
        S.trick_winner(["AC", "AC"])


def test_trick_resolution_in_play(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    passes(state, 4)
    play(state, "AC 7C KD AD")  # seat 2 trumps with K♦, seat 3 over-trumps with A♦
    assert state.trick_winners == (3,) and state.trick_points == (11 + 0 + 4 + 11,)
    assert state.trick_leader == 3 and state.to_move == 3


def test_trick_points_and_tricks_per_seat(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    passes(state, 4)
    play(state, "AC 7C 7D 9D")  # 11 + 0 + 0 + 0; the Spitzer wins
    assert state.trick_winners == (2,) and state.trick_points == (11,)
    play(state, "QH QD")  # seat 2 leads Q♥; seat 3 must follow trumps
    assert state.current_trick == ((2, Card("QH")), (3, Card("QD")))
    play(state, "QC JC")
    assert state.trick_winners == (2, 0) and state.trick_points == (11, 3 + 3 + 3 + 2)
    assert state.tricks_taken == (1, 0, 1, 0) and state.points_taken == (11, 0, 11, 0)


def test_undo_walks_back_to_the_start(backend) -> None:
    S = backend["_spitzer"]
    state = deal(S, NORMAL, 3)
    start = state.copy()
    passes(state, 4)
    play(state, "AC 7C 7D 9D")
    mid = state.copy()
    play(state, "QH")
    state.undo()
    assert state == mid and hash(state) == hash(mid)
    for _ in range(8):
        state.undo()
    assert state == start
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        state.undo()
