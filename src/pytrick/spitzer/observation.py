"""What one seat may know about a Spitzer deal (RULES.md 1.7)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from pytrick.spitzer.announcement import Announcement
from pytrick.spitzer.phase import Phase
from pytrick.spitzer.rules import SpitzerRules
from trickcore import CardSet
from trickcore.card import Card

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["SpitzerObservation"]

_O = TypeVar("_O", bound="SpitzerObservation")


@dataclasses.dataclass(frozen=True, repr=False)
class SpitzerObservation:
    """Exactly what *seat* may know: its own hand, the announcements, every card
    played and by whom, who won each trick and its points, and which seats are
    publicly known to be on the declaring side (RULES.md 1.7) — nothing else.

    Two deals that differ only in cards hidden from a seat give that seat equal
    observations; :meth:`SpitzerDeal.observation` builds one.  :meth:`to_record`
    writes it as JSON for the seat's client, and :meth:`from_record` reads it
    back, equal, refusing an observation no deal gives (:ref:`records-observations`).
    """

    seat: int
    dealer: int
    rules: SpitzerRules
    #: The cards this seat holds now.
    hand: CardSet
    #: (seat, announcement) in speaking order, passes included.
    announcements: tuple[tuple[int, Announcement], ...]
    #: (seat, card) of every card played, in order.
    plays: tuple[tuple[int, Card], ...]
    trick_winners: tuple[int, ...]
    trick_points: tuple[int, ...]
    #: Seats publicly known to be on the declaring side (1.7).
    revealed: frozenset[int]
    #: The seat to speak or play (-1 once the deal is over).
    to_move: int
    #: This seat's legal cards if it is to play, else empty.
    legal_moves: CardSet
    #: This seat's legal announcements if it is to speak, else empty.
    legal_announcements: tuple[Announcement, ...]

    @property
    def announcement(self) -> Announcement:
        """The announcement made, or PASS if none (yet)."""
        for _, said in self.announcements:
            if said != Announcement.PASS:
                return said
        return Announcement.PASS

    @property
    def phase(self) -> Phase:
        """Where the deal stands, as :attr:`SpitzerDeal.phase` says: the
        announcements end after four passes or at the first announcement
        (RULES.md 1.5)."""
        if self.to_move < 0:
            return Phase.OVER
        if self.announcement != Announcement.PASS or len(self.announcements) >= 4:
            return Phase.PLAY
        return Phase.AUCTION

    @property
    def announcer(self) -> int | None:
        for seat, said in self.announcements:
            if said != Announcement.PASS:
                return seat
        return None

    @property
    def current_trick(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) of the trick being played."""
        return self.plays[len(self.plays) - len(self.plays) % 4 :]

    @property
    def played(self) -> CardSet:
        """Every card played so far."""
        return CardSet([card for _, card in self.plays])

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.seat

    def __repr__(self) -> str:
        """One readable line: the seat, the game, the trick on the table, whose
        turn, and this seat's own cards (never anyone else's)."""
        phase = self.phase
        if phase == Phase.OVER:
            turn = "deal over"
        else:
            turn = f"seat {self.to_move} to {'play' if phase == Phase.PLAY else 'speak'}"
        if phase == Phase.AUCTION:
            game = "auction"
        elif self.announcement == Announcement.PASS:
            game = "no announcement"
        else:
            game = self.announcement.name.lower()
        trick = " ".join(f"{card.unicode()}({seat})" for seat, card in self.current_trick)
        n_trick = min(len(self.plays) // 4 + 1, 8)
        return (
            f"<SpitzerObservation seat {self.seat} | dealer {self.dealer} | {game} | "
            f"trick {n_trick}: {trick or '-'} | {turn} | hand {self.hand.unicode() or '-'}>"
        )

    def to_record(self) -> dict[str, Any]:
        """The observation record: a JSON-ready dict of exactly these fields,
        so nothing the seat cannot see (see :ref:`records-observations`)."""
        from pytrick.spitzer import record

        return record.observation_record(self)

    @classmethod
    def from_record(cls: type[_O], data: Mapping[str, Any]) -> _O:
        """Validate an observation record; a bad field, or an observation no
        deal gives, raises :class:`~pytrick.RecordError` naming the field."""
        from pytrick.spitzer import record

        return record.read_observation_record(cls, data)

    def _repr_svg_(self) -> str:
        """This seat's view of the table, for Jupyter: see :func:`pytrick.svg.deal`."""
        from pytrick.svg import deal

        return deal(self)

    def to_numpy(self) -> npt.NDArray[np.float32]:
        """This observation as the fixed-size tensor of :mod:`pytrick.tensors`.

        The encoder reads only what this seat may know, so every deal
        consistent with the observation gives the same tensor; it is computed
        on one such deal, drawn by :func:`pytrick.inference.sample_deals`.
        """
        # Imported here: both modules import this one.
        from pytrick.inference import sample_deals
        from pytrick.tensors import encode_observation

        return encode_observation(sample_deals(self, 1, seed=0)[0], self.seat)
