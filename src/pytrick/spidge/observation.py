"""What one Spidge player may know (RULES.md 2.2, 2.4, 2.5)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from pytrick.spidge.rules import SpidgeRules
from pytrick.spidge.table import Hand, Turn
from trickcore import CardSet
from trickcore.card import Card

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["SpidgeObservation"]

_O = TypeVar("_O", bound="SpidgeObservation")


@dataclasses.dataclass(frozen=True, repr=False)
class SpidgeObservation:
    """Exactly what *player* may know, and nothing else.

    Every player sees his own hand, the dummy (turned face up after the deal),
    every card played and by which hand, and who won each trick.  The dealer
    holds the dummy as well, so for him :attr:`legal_moves` covers the dummy's
    turns too.  The other hands are never here (a test proves it).
    :meth:`to_record` writes it as JSON for the player's client, and
    :meth:`from_record` reads it back, equal, refusing an observation no deal
    gives (:ref:`records-observations`).
    """

    #: The observing player (0, 1, 2) and the hand he holds.
    player: int
    seat: Hand
    dealer: int
    rules: SpidgeRules
    #: The observer's own cards (for the dealer, his own hand, not the dummy).
    hand: CardSet
    #: The dummy's cards: public from the start.
    dummy: CardSet
    #: Every card played so far: (hand that played it, card), in order.
    plays: tuple[tuple[Hand, Card], ...]
    #: The hand that won each complete trick.
    trick_winners: tuple[Hand, ...]
    #: The cards of the trick in progress, with the hands that played them.
    current_trick: tuple[tuple[Hand, Card], ...]
    #: Whose turn it is, or None when the deal is over.
    to_move: Turn | None
    #: What the observer may play now (empty unless it is his turn, the dummy's
    #: turns counting as the dealer's).
    legal_moves: CardSet

    @property
    def played(self) -> CardSet:
        """Every card played so far."""
        return CardSet(card for _, card in self.plays)

    @property
    def is_my_turn(self) -> bool:
        return self.to_move is not None and self.to_move.player == self.player

    def __repr__(self) -> str:
        """One readable line: the player, the trick on the table, whose turn,
        and the cards this player may see (his hand and the dummy)."""
        turn = "deal over" if self.to_move is None else f"{self.to_move} to play"
        trick = " ".join(f"{card.unicode()}({hand.name.lower()})" for hand, card in self.current_trick)
        n_trick = min(len(self.trick_winners) + 1, 13)
        return (
            f"<SpidgeObservation player {self.player} ({self.seat}) | dealer {self.dealer} | "
            f"trick {n_trick}: {trick or '-'} | {turn} | hand {self.hand.unicode() or '-'} | "
            f"dummy {self.dummy.unicode() or '-'}>"
        )

    def to_record(self) -> dict[str, Any]:
        """The observation record: a JSON-ready dict of exactly these fields,
        so nothing the player cannot see (see :ref:`records-observations`)."""
        from pytrick.spidge import record

        return record.observation_record(self)

    @classmethod
    def from_record(cls: type[_O], data: Mapping[str, Any]) -> _O:
        """Validate an observation record; a bad field, or an observation no
        deal gives, raises :class:`~pytrick.RecordError` naming the field."""
        from pytrick.spidge import record

        return record.read_observation_record(cls, data)

    def _repr_svg_(self) -> str:
        """This player's view of the table, for Jupyter: see :func:`pytrick.svg.deal`."""
        from pytrick.svg import deal

        return deal(self)

    def visible_cards(self) -> CardSet:
        """Every card this observation shows: own hand, the dummy, and the cards played."""
        return self.hand | self.dummy | self.played

    def to_numpy(self) -> npt.NDArray[np.float32]:
        """This observation as the fixed-size tensor of :mod:`pytrick.tensors`.

        The encoder reads only what this seat may know, so every deal
        consistent with the observation gives the same tensor; it is computed
        on one such deal, drawn by :func:`pytrick.inference.sample_deals`.
        """
        # Imported here: both modules import this one.
        from pytrick.inference import sample_deals
        from pytrick.tensors import encode_observation

        return encode_observation(sample_deals(self, 1, seed=0)[0], hand=int(self.seat))
