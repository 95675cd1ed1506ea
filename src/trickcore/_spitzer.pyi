from collections.abc import Iterable, Sequence
from typing import Protocol, SupportsIndex

from typing_extensions import Self, disjoint_base

from trickcore._cards import CardSet
from trickcore._deprecated_call import CallableInt, CallableTuple
from trickcore.card import Card

__all__ = [
    "ACE_CALL_CLUBS",
    "ACE_CALL_HEARTS",
    "ACE_CALL_SPADES",
    "ALL_OPTIONS",
    "AUCTION",
    "BLACK_QUEENS",
    "CLUBS",
    "COLUMN_0_30",
    "COLUMN_31_60",
    "COLUMN_61_89",
    "COLUMN_90_120",
    "COLUMN_ALL_TRICKS",
    "COLUMN_NO_TRICKS",
    "FAIL_ACES",
    "FAIL_ORDER",
    "FAIL_SUITS",
    "FIRST_TRICK_CALL",
    "GAME_ACE_CALL",
    "GAME_FIRST_TRICK_CALL",
    "GAME_NORMAL",
    "GAME_SCHNEIDER",
    "GAME_SNEAKER",
    "GAME_VOID_CALL",
    "GAME_ZOLA",
    "GAME_ZOLA_SCHNEIDER",
    "GAME_ZOLA_SCHNEIDER_SCHWARZ",
    "HEARTS",
    "N_ACTIONS",
    "N_ANNOUNCEMENTS",
    "N_GAME_TYPES",
    "OPT_CALL_REQUIRES_LEAD",
    "OPT_FIRST_TRICK_WON_BY_OTHER",
    "OPT_SCHNEIDER_ANNOUNCEMENT",
    "OPT_VOID_CALL_FIRST_VOID_PLAYER",
    "OPT_ZOLA_REQUIRES_BOTH_QUEENS",
    "OVER",
    "PACK",
    "PASS",
    "PLAY",
    "QUEEN_OF_CLUBS",
    "QUEEN_OF_SPADES",
    "SCHNEIDER",
    "SCORING_TABLE",
    "SPADES",
    "STATE_SIZE",
    "TRUMPS",
    "TRUMP_ORDER",
    "VOID_CALL",
    "VOID_CALL_CLUBS",
    "VOID_CALL_HEARTS",
    "VOID_CALL_SPADES",
    "ZOLA",
    "ZOLA_SCHNEIDER",
    "ZOLA_SCHNEIDER_SCHWARZ",
    "SpitzerState",
    "action_index",
    "card_of_action",
    "card_points",
    "deal_pack",
    "effective_suit",
    "is_trump",
    "scoring_column",
    "strength",
    "suit_mask",
    "trick_winner",
]

CLUBS: int
HEARTS: int
SPADES: int
TRUMPS: int
FAIL_SUITS: tuple[int, int, int]
N_ACTIONS: int
PACK: tuple[int, ...]
TRUMP_ORDER: tuple[int, ...]
FAIL_ORDER: tuple[int, ...]

AUCTION: int
PLAY: int
OVER: int
PASS: int
ZOLA: int
ZOLA_SCHNEIDER: int
ZOLA_SCHNEIDER_SCHWARZ: int
ACE_CALL_CLUBS: int
ACE_CALL_SPADES: int
ACE_CALL_HEARTS: int
VOID_CALL_CLUBS: int
VOID_CALL_SPADES: int
VOID_CALL_HEARTS: int
VOID_CALL: int
FIRST_TRICK_CALL: int
SCHNEIDER: int
N_ANNOUNCEMENTS: int
GAME_NORMAL: int
GAME_SNEAKER: int
GAME_ZOLA: int
GAME_ZOLA_SCHNEIDER: int
GAME_ZOLA_SCHNEIDER_SCHWARZ: int
GAME_ACE_CALL: int
GAME_VOID_CALL: int
GAME_FIRST_TRICK_CALL: int
GAME_SCHNEIDER: int
N_GAME_TYPES: int
COLUMN_NO_TRICKS: int
COLUMN_0_30: int
COLUMN_31_60: int
COLUMN_61_89: int
COLUMN_90_120: int
COLUMN_ALL_TRICKS: int
OPT_ZOLA_REQUIRES_BOTH_QUEENS: int
OPT_VOID_CALL_FIRST_VOID_PLAYER: int
OPT_FIRST_TRICK_WON_BY_OTHER: int
OPT_CALL_REQUIRES_LEAD: int
OPT_SCHNEIDER_ANNOUNCEMENT: int
ALL_OPTIONS: int
SCORING_TABLE: tuple[tuple[int, ...], ...]
QUEEN_OF_CLUBS: int
QUEEN_OF_SPADES: int
BLACK_QUEENS: tuple[int, int]
FAIL_ACES: tuple[int, int, int]
STATE_SIZE: int

def is_trump(card: int) -> bool: ...
def effective_suit(card: int) -> int: ...
def strength(card: int) -> int: ...
def card_points(card: int) -> int: ...
def suit_mask(suit: int) -> int: ...
def action_index(card: int) -> int: ...
def card_of_action(action: int) -> int: ...
def trick_winner(cards: Sequence[int | str]) -> int: ...
def scoring_column(points: int, tricks: int) -> int: ...
def deal_pack(pack: Sequence[int | str], dealer: int) -> tuple[int, int, int, int]: ...

class _SupportsRandom(Protocol):
    """What random_move needs: random.Random, numpy.random.Generator."""

    def random(self) -> float: ...

@disjoint_base
class SpitzerState:
    context: object
    def __init__(
        self,
        hands: Sequence[CardSet | int | str | Iterable[int | str]],
        dealer: int = 0,
        options: int = 0,
        announcements: Iterable[int] = (),
        plays: Iterable[int | str] = (),
    ) -> None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def options(self) -> int: ...
    @property
    def phase(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def n_played(self) -> int: ...
    @property
    def trick_number(self) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def announcement(self) -> int: ...
    @property
    def announcer(self) -> int: ...
    @property
    def game_type(self) -> int: ...
    @property
    def called_ace(self) -> int: ...
    @property
    def trick_leader(self) -> int: ...
    @property
    def partner(self) -> int: ...
    @property
    def legal_moves(self) -> CardSet: ...
    def holder(self, card: int | str) -> int: ...
    def hand(self, seat: int) -> CardSet: ...
    def original_hand(self, seat: int) -> CardSet: ...
    @property
    def announcements(self) -> CallableTuple[tuple[int, int]]: ...
    @property
    def plays(self) -> CallableTuple[tuple[int, Card]]: ...
    @property
    def current_trick(self) -> CallableTuple[tuple[int, Card]]: ...
    @property
    def trick_winners(self) -> CallableTuple[int]: ...
    @property
    def trick_points(self) -> CallableTuple[int]: ...
    @property
    def tricks_taken(self) -> CallableTuple[int]: ...
    @property
    def points_taken(self) -> CallableTuple[int]: ...
    @property
    def legal_announcements(self) -> CallableTuple[int]: ...
    def announce(self, code: int, seat: int | None = None) -> None: ...
    def illegal_announcement_reason(self, code: int) -> str | None: ...
    @property
    def legal_mask(self) -> CallableInt: ...
    def play(self, card: int | str, seat: int | None = None) -> None: ...
    def illegal_reason(self, card: int | str) -> str | None: ...
    @property
    def legal_actions(self) -> tuple[int, ...]: ...
    def play_action(self, action: SupportsIndex) -> None: ...
    def random_move(self, rng: _SupportsRandom) -> int: ...
    def undo(self) -> None: ...
    def copy(self) -> Self: ...
    def __copy__(self) -> Self: ...
    @property
    def declarers(self) -> CallableInt: ...
    @property
    def revealed(self) -> CallableInt: ...
    def raw_result(self) -> tuple[int, int, int, int, int, tuple[int, int, int, int]]: ...
    def scores(self) -> tuple[int, int, int, int]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
