"""The exceptions of pytrick and trickcore.

Every error a caller can provoke with bad input is one of these, and each is a
:class:`ValueError`, so ``except ValueError`` keeps working for code that does
not care which.  Messages name the rule, field or text at fault.
"""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = [
    "ILLEGAL_MOVE_REASONS",
    "ArgumentTypeError",
    "DealNotOverError",
    "IllegalMoveError",
    "IllegalMoveReason",
    "InvalidArgumentError",
    "InvalidCardError",
    "PytrickError",
    "RecordError",
    "RulesError",
]


class PytrickError(ValueError):
    """Base class of every error pytrick raises for bad input."""


class InvalidCardError(PytrickError):
    """Text or a number that names no card, or a card that is not in this game's pack."""


class IllegalMoveError(PytrickError):
    """A play or announcement the rules forbid, or made out of turn or out of phase.

    :attr:`reason` says why in a stable machine-readable word
    (``"must_follow_suit"``), :attr:`rule` the section of the rules that says
    so (``"1.6"``; None for the few reasons no rule governs) and
    :attr:`message` the same in words, naming the cards involved; ``str()``
    is the message with the rule cited.  :data:`ILLEGAL_MOVE_REASONS` lists
    every reason.  The deal is left exactly as it was before the rejected
    move, and the message shows only cards the player making the move can see.
    """

    def __init__(
        self, message: str, reason: str = "illegal_move", rule: str | None = None
    ) -> None:
        super().__init__(message, reason, rule)
        #: What was wrong, in words.
        self.message = message
        #: Why, as a stable word: one of :data:`ILLEGAL_MOVE_REASONS`
        #: (``"illegal_move"`` where no finer reason is given).
        self.reason = reason
        #: The section of the rules (RULES.md) that forbids the move, e.g. ``"1.6"``.
        self.rule = rule

    def __str__(self) -> str:
        if self.rule is None:
            return self.message
        return f"{self.message} (rules §{self.rule})"


class RulesError(PytrickError):
    """An invalid rule option (an unknown value, an out-of-range number)."""


class RecordError(PytrickError):
    """A corrupt, inconsistent or illegal game record.

    The message names the first bad field or move.
    """


class InvalidArgumentError(PytrickError):
    """An argument out of its range: a seat or dealer outside 0..3, a negative
    or too large count or seed, unknown option bits.  The message names the
    argument and the range it must be in."""


class ArgumentTypeError(InvalidArgumentError, TypeError):
    """An argument of the wrong type: a float, a bool or a string where an
    integer is expected (Python and numpy integers are accepted).  It is also a
    :class:`TypeError`, as Python's own argument checks raise."""


class DealNotOverError(PytrickError):
    """A question only a finished deal can answer (its result, its scores),
    asked before the last card was played."""


class IllegalMoveReason(NamedTuple):
    """One way a move can be illegal: an entry of :data:`~pytrick.errors.ILLEGAL_MOVE_REASONS`."""

    #: ``"spitzer"`` or ``"spidge"``.
    game: str
    #: The :attr:`~pytrick.errors.IllegalMoveError.reason` word.
    reason: str
    #: The :attr:`~pytrick.errors.IllegalMoveError.rule` section (None: no rule, an API condition).
    rule: str | None
    #: What it means, in one sentence.
    meaning: str


def _reasons(game: str, rows: str) -> tuple[IllegalMoveReason, ...]:
    """Rows of ``reason | rule | meaning`` (rule ``-`` for None)."""
    result = []
    for line in rows.strip().splitlines():
        reason, rule, meaning = (part.strip() for part in line.split("|"))
        result.append(IllegalMoveReason(game, reason, None if rule == "-" else rule, meaning))
    return tuple(result)


#: Every (game, reason, rule) an :class:`IllegalMoveError` raised by pytrick
#: can carry, with its meaning.  The errors page of the docs is this table.
ILLEGAL_MOVE_REASONS: Final[tuple[IllegalMoveReason, ...]] = _reasons(
    "spitzer",
    """
    deal_over | 1.6 | A card or announcement after the eighth trick.
    wrong_phase | 1.5 | A card before the announcements are over, or an announcement after them.
    not_your_turn | 1.5 | An announcement for a seat that is not the one to speak.
    not_your_turn | 1.6 | A card for a seat that is not the one to play.
    trump_ace_not_callable | 1.5 | An ace call or void call naming diamonds: A♦ is a trump.
    house_rule_off | 1.5 | Schneider announced while ``schneider_announcement`` is off.
    wrong_void_call_form | 1.5 | A void call naming a suit under ``void_call="first_void_player"``, or one naming none under ``"called_ace_holder"``.
    needs_both_black_queens | 1.5 | A call (or a Zola with ``zola_requires_both_queens``) by a player without both Q♣ and Q♠.
    holds_called_ace | 1.5 | An ace call naming an ace the caller holds.
    no_card_of_called_suit | 1.5 | An ace call naming a fail suit the caller holds no card of.
    unguarded_fail_suit | 1.5 | A void call by a player holding a fail suit without its ace.
    not_void_in_named_suit | 1.5 | A void call naming a fail suit the caller holds.
    no_fail_ace | 1.5 | A void call (``first_void_player``) by a player holding no fail ace.
    lacks_fail_ace | 1.5 | A first-trick call by a player missing one of A♣, A♠, A♥.
    must_lead_called_suit | 1.5 | The ace caller's first lead is not of the called suit (``call_requires_lead``).
    must_lead_fail_ace | 1.5 | The void caller's first lead is not a fail ace (``void_call="first_void_player"``).
    card_not_held | 1.6 | A card the player does not hold (another's, or already played).
    must_follow_suit | 1.6 | A card of another effective suit while the player can follow the suit led.
    must_trump | 1.6 | A fail card while the player cannot follow but holds a trump.
    must_play_called_ace | 1.6 | Another card of the called suit when it is led by another player: the called ace must be played.
    must_keep_called_ace | 1.6 | The called ace discarded on another suit while the player holds another legal card.
    nothing_to_undo | - | ``undo()`` before any announcement or card.
    wrong_dealer | 1.3 | A deal added to a game with a dealer out of turn: the deal passes to the left.
    rules_mismatch | - | A deal added to a game whose rule options differ from the deal's.
    deal_in_progress | 1.9 | A new deal before the current one is over.
    game_over | 1.9 | A new deal after a player has won the game.
    """,
) + _reasons(
    "spidge",
    """
    deal_over | 2.5 | A card after the thirteenth trick.
    not_your_turn | 2.5 | A card for a player whose turn it is not (the dealer also plays the dummy's turn).
    card_not_held | 2.5 | A card the hand to play does not hold (another's, or already played).
    opening_lead_trump | 2.5 | A trump led to the first trick while the leader holds another card.
    spades_not_broken | 2.5 | A trump led before a trump was played to an earlier trick (``spades_must_be_broken``) while the leader holds another card.
    must_follow_suit | 2.5 | A card of another suit while the hand can follow the suit led.
    must_follow_suit | 2.3 | The same, where the joker rule decides: a joker was led (a trump lead, or with wild jokers the first other card sets the suit), the card is a trump joker and the suit led is not spades, or the hand's only spade-followers are jokers.
    nothing_to_undo | - | ``undo()`` before any card.
    wrong_dealer | 2.4 | A deal added to a game with a dealer out of turn: the deal passes clockwise.
    rules_mismatch | - | A deal added to a game whose rule options differ from the deal's.
    deal_in_progress | 2.7 | A new deal before the current one is over.
    game_over | 2.7 | A new deal after a player has won the game.
    """,
)

# Users meet these as ``pytrick.IllegalMoveError`` (pytrick re-exports them):
# say so in tracebacks and reprs rather than naming this private home.
for _error in (
    PytrickError,
    InvalidCardError,
    IllegalMoveError,
    RulesError,
    RecordError,
    InvalidArgumentError,
    ArgumentTypeError,
    DealNotOverError,
):
    _error.__module__ = "pytrick"
del _error
