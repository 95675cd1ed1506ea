"""What the environment adapters need from each game, in one shape.

Every adapter (PettingZoo, Gymnasium, OpenSpiel) speaks in *agents* 0..n-1
(Spitzer's seats, Spidge's players), dense *actions* (the action spaces of
:mod:`pytrick.batch`: Spitzer cards 0..31 and announcements 32..44, Spidge
card numbers 0..53) and the observation tensors of :mod:`pytrick.tensors`.
This module maps those onto the deal and game objects, so the adapters hold
no rule of their own.
"""

from __future__ import annotations

import operator
import random
from typing import Any, ClassVar, Generic, Literal, TypeVar

import numpy as np
import numpy.typing as npt

import trickcore
from pytrick import arena
from pytrick.batch import SPIDGE_ACTIONS, SPITZER_ACTIONS, SPITZER_ANNOUNCE_OFFSET
from pytrick.spidge import SpidgeDeal, SpidgeGame, SpidgeRules
from pytrick.spidge import text as spidge_text
from pytrick.spitzer import Announcement, SpitzerDeal, SpitzerGame, SpitzerRules
from pytrick.tensors import (
    HANDS_SHAPE,
    OBS_SIZE,
    encode_hands,
    encode_observation,
    encode_public_observation,
)
from trickcore._arguments import check_rules
from trickcore.card import Card
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

__all__ = ["GAMES", "SPIDGE", "SPITZER", "GameSpec"]

DealT = TypeVar("DealT", SpitzerDeal, SpidgeDeal)

class GameSpec(Generic[DealT]):
    """One game as the adapters see it (see the module docstring)."""

    name: ClassVar[Literal["spitzer", "spidge"]]
    #: How many agents choose moves (Spitzer 4 seats, Spidge 3 players).
    agents: ClassVar[int]
    #: How an agent is named: ``f"{agent_prefix}_{i}"``.
    agent_prefix: ClassVar[str]
    actions: ClassVar[int]
    #: Most moves in one deal (a bound for max-length declarations).
    max_moves: ClassVar[int]
    #: The game's rules class (``rules=`` takes an instance, or None).
    rules_type: ClassVar[type[SpitzerRules] | type[SpidgeRules]]

    @property
    def observation_size(self) -> int:
        return OBS_SIZE[self.name]

    @property
    def state_size(self) -> int:
        """The length of :meth:`state`: the observation, then every hand."""
        rows, cards = HANDS_SHAPE[self.name]
        return OBS_SIZE[self.name] + rows * cards

    def check_rules(self, rules: Any) -> Any:
        """*rules* as an environment takes them: this game's rules object or
        None (the defaults); the other game's rules, or anything else, is an
        :class:`~pytrick.ArgumentTypeError` when the environment is made, not
        a surprise at the first reset (or, from Spidge to Spitzer, another
        game's option bits played silently)."""
        check_rules(rules, self.rules_type)
        return rules

    def agent_names(self) -> list[str]:
        return [f"{self.agent_prefix}_{i}" for i in range(self.agents)]

    def new_game(self, rules: Any, seed: int | None) -> SpitzerGame | SpidgeGame:
        raise NotImplementedError

    def new_deal(self, rules: Any, seed: int | None) -> DealT:
        raise NotImplementedError

    def actor(self, deal: DealT) -> int | None:
        """The agent to move (Spidge: the dealer on the dummy's turn); None when over."""
        raise NotImplementedError

    def legal_actions(self, deal: DealT) -> npt.NDArray[np.int64]:
        """The legal actions of the agent to move, in increasing order."""
        return np.array(deal.legal_actions, dtype=np.int64)

    def legal_mask(self, deal: DealT) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.actions, dtype=np.int8)
        mask[self.legal_actions(deal)] = 1
        return mask

    def tricks_done(self, deal: DealT) -> int:
        """How many tricks of *deal* are complete."""
        raise NotImplementedError

    def action_in_space(self, action: Any) -> int:
        """*action* as an int if the action space ``Discrete(actions)`` holds it,
        legal now or not; else :class:`~pytrick.InvalidArgumentError` (out of
        the space) or :class:`~pytrick.ArgumentTypeError` (not an integer)."""
        space = f"Discrete({self.actions})"
        try:
            if isinstance(action, (bool, np.bool_)):
                raise TypeError
            number = operator.index(action)
        except TypeError:
            raise ArgumentTypeError(
                f"action {action!r:.40}: the action space {space} holds integers, "
                f"not {type(action).__name__}") from None
        if not 0 <= number < self.actions:
            raise InvalidArgumentError(
                f"action {number} is outside the action space {space}: actions are 0 to "
                f"{self.actions - 1}")
        return number

    def apply(self, deal: DealT, action: int) -> None:
        """Make *action* for the agent to move.

        Raises IllegalMoveError for an illegal move, InvalidArgumentError for
        an action outside the game's action space; the deal is then unchanged.
        """
        deal.play_action(action)

    def observe(self, deal: DealT, agent: int) -> npt.NDArray[np.float32]:
        """*agent*'s observation tensor (only what it may know)."""
        raise NotImplementedError

    def observe_public(self, deal: DealT, agent: int) -> npt.NDArray[np.float32]:
        """What every agent knows, seen from *agent*'s seat (no private plane)."""
        raise NotImplementedError

    def observe_hands(self, deal: DealT, agent: int,
                      dealt: bool = False) -> npt.NDArray[np.float32]:
        """Every hand's cards (*dealt*: as dealt), rows relative to *agent*
        (perfect information)."""
        raise NotImplementedError

    def state(self, deal: DealT) -> npt.NDArray[np.float32]:
        """The whole deal, every hidden card with it (perfect information, for
        centralized training; no agent may see it): :meth:`observe_public`
        then :meth:`observe_hands`, flat, both seen from agent 0's seat, so
        the same whichever agent is to move."""
        return np.concatenate([self.observe_public(deal, 0), self.observe_hands(deal, 0).ravel()])

    def points(self, deal: DealT) -> tuple[int, ...]:
        """What each agent scores for the finished deal."""
        raise NotImplementedError

    def bot_choice(self, bot: Any, deal: DealT, agent: int) -> Any:
        """What a pytrick bot chooses for *agent* from its observation, as it
        returned it (see :meth:`choice_action`)."""
        raise NotImplementedError

    def choice_action(self, deal: DealT, choice: Any) -> int:
        """A bot's *choice* as an action: what ``play_deal`` takes (a Card, a
        card number or text; Spitzer's announcements also by code or name);
        anything else raises a :class:`~pytrick.PytrickError`."""
        raise NotImplementedError

    def default_bot(self, name: str, seed: int | None) -> Any:
        """One bot named as :func:`pytrick.arena.parse_bots` takes it:
        ``'heuristic'``, ``'ismcts[iterations=50]'``, ``'mypkg.bots:MyBot'``."""
        specs = arena.parse_bots(name, minimum=1)
        if len(specs) != 1:
            raise InvalidArgumentError(
                f"opponents: name one bot, who sits in every other seat, not {name!r}; "
                "for a bot per seat give a list of names, such as ['random', 'heuristic']")
        return specs[0].make(self.name, 0 if seed is None else seed)

    def action_name(self, action: int) -> str:
        raise NotImplementedError

    def public_text(self, deal: DealT) -> str:
        """The deal as a spectator at the table sees it: no hidden card."""
        raise NotImplementedError


class _Spitzer(GameSpec[SpitzerDeal]):
    name = "spitzer"
    agents = 4
    agent_prefix = "seat"
    actions = SPITZER_ACTIONS
    max_moves = 36
    rules_type = SpitzerRules

    def new_game(self, rules: Any, seed: int | None) -> SpitzerGame:
        return SpitzerGame(rules=rules or SpitzerRules(), seed=seed)

    def new_deal(self, rules: Any, seed: int | None) -> SpitzerDeal:
        return SpitzerDeal.from_seed(random.Random(seed).getrandbits(64), rules=rules)

    def actor(self, deal: SpitzerDeal) -> int | None:
        seat = deal.to_move
        return None if seat < 0 else seat

    def tricks_done(self, deal: SpitzerDeal) -> int:
        return deal.n_played // 4

    def observe(self, deal: SpitzerDeal, agent: int) -> npt.NDArray[np.float32]:
        return encode_observation(deal, agent)

    def observe_public(self, deal: SpitzerDeal, agent: int) -> npt.NDArray[np.float32]:
        return encode_public_observation(deal, agent)

    def observe_hands(self, deal: SpitzerDeal, agent: int,
                      dealt: bool = False) -> npt.NDArray[np.float32]:
        return encode_hands(deal, agent, dealt=dealt)

    def points(self, deal: SpitzerDeal) -> tuple[int, ...]:
        return tuple(deal.result.scores)

    def bot_choice(self, bot: Any, deal: SpitzerDeal, agent: int) -> Any:
        observation = deal.observation(agent)
        if deal.phase == trickcore.spitzer.AUCTION:
            return bot.announce(observation)
        return bot.play(observation)

    def choice_action(self, deal: SpitzerDeal, choice: Any) -> int:
        if deal.phase == trickcore.spitzer.AUCTION:
            return SPITZER_ANNOUNCE_OFFSET + int(Announcement.parse(choice))
        return int(trickcore.spitzer.action_index(int(Card(choice))))

    def action_name(self, action: int) -> str:
        if action >= SPITZER_ANNOUNCE_OFFSET:
            return Announcement(action - SPITZER_ANNOUNCE_OFFSET).name.lower()
        return str(Card(trickcore.spitzer.card_of_action(action)))

    def public_text(self, deal: SpitzerDeal) -> str:
        spoken = ", ".join(f"seat {s}: {Announcement(code).name.lower()}"
                           for s, code in deal.announcements)
        lines = [f"Spitzer, dealer seat {deal.dealer}; announcements: {spoken or '-'}"]
        plays = deal.plays
        winners = deal.trick_winners
        points = deal.trick_points
        for t in range(0, len(plays), 4):
            cards = " ".join(f"{s}:{c}" for s, c in plays[t:t + 4])
            won = (f" -> seat {winners[t // 4]} ({points[t // 4]} points)"
                   if t // 4 < len(winners) else "")
            lines.append(f"trick {t // 4 + 1}: {cards}{won}")
        if deal.is_over:
            lines.append(f"scores: {list(deal.result.scores)}")
        else:
            lines.append(f"to move: seat {deal.to_move}")
        return "\n".join(lines)


class _Spidge(GameSpec[SpidgeDeal]):
    name = "spidge"
    agents = 3
    agent_prefix = "player"
    actions = SPIDGE_ACTIONS
    max_moves = 52
    rules_type = SpidgeRules

    def new_game(self, rules: Any, seed: int | None) -> SpidgeGame:
        return SpidgeGame(rules=rules or SpidgeRules(), seed=seed)

    def new_deal(self, rules: Any, seed: int | None) -> SpidgeDeal:
        return SpidgeDeal.from_seed(random.Random(seed).getrandbits(64), rules=rules)

    def actor(self, deal: SpidgeDeal) -> int | None:
        turn = deal.to_move
        return None if turn is None else turn.player

    def tricks_done(self, deal: SpidgeDeal) -> int:
        return deal.tricks_played

    def observe(self, deal: SpidgeDeal, agent: int) -> npt.NDArray[np.float32]:
        return encode_observation(deal, player=agent)

    def observe_public(self, deal: SpidgeDeal, agent: int) -> npt.NDArray[np.float32]:
        return encode_public_observation(deal, player=agent)

    def observe_hands(self, deal: SpidgeDeal, agent: int,
                      dealt: bool = False) -> npt.NDArray[np.float32]:
        return encode_hands(deal, player=agent, dealt=dealt)

    def points(self, deal: SpidgeDeal) -> tuple[int, ...]:
        return tuple(deal.result.points)

    def bot_choice(self, bot: Any, deal: SpidgeDeal, agent: int) -> Any:
        return bot.play(deal.observation(agent))

    def choice_action(self, deal: SpidgeDeal, choice: Any) -> int:
        return int(Card(choice))

    def action_name(self, action: int) -> str:
        return str(Card(action))

    def public_text(self, deal: SpidgeDeal) -> str:
        lines = [f"Spidge, dealer player {deal.dealer}; dummy (face up): "
                 f"{spidge_text.hand_text(deal.dummy)}"]
        for t, trick in enumerate(deal.tricks):
            cards = " ".join(str(c) for c in trick.cards)
            lines.append(f"trick {t + 1}: {cards} -> player {deal.player_of(trick.winner)}")
        current = deal.current_trick
        if current and not deal.is_over:
            lines.append("this trick: " + " ".join(str(c) for c in current))
        turn = deal.to_move
        if turn is None:
            lines.append(f"points: {list(deal.result.points)}")
        else:
            lines.append(f"to move: {turn}")
        return "\n".join(lines)


SPITZER = _Spitzer()
SPIDGE = _Spidge()
GAMES: dict[str, GameSpec[Any]] = {"spitzer": SPITZER, "spidge": SPIDGE}
