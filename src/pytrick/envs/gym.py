"""Gymnasium environments: one seat against pytrick bots, and its vectorised form.

``pytrick/Spitzer-v0`` and ``pytrick/Spidge-v0`` are registered when
:mod:`pytrick.envs` is imported.  One episode is one deal; the agent's
observation is its tensor of :mod:`pytrick.tensors`, the legal actions come
as ``info["action_mask"]`` (Gymnasium's convention for masked discrete
actions), and the reward at the end of the deal is the agent's game points.

>>> import gymnasium
>>> import pytrick.envs
>>> env = gymnasium.make("pytrick/Spitzer-v0", seat=2, opponents="heuristic")
>>> observation, info = env.reset(seed=0)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((418,), True)
>>> terminated = False
>>> while not terminated:
...     action = env.action_space.sample(info["action_mask"])
...     observation, reward, terminated, truncated, info = env.step(action)
>>> reward >= 0
True

The vector environments run many deals side by side in compiled code, the
opponents playing uniformly random legal moves there too:

>>> envs = gymnasium.make_vec("pytrick/Spidge-v0", num_envs=64, hand=3)  # the dealer
>>> observations, infos = envs.reset(seed=1)
>>> observations.shape, infos["action_mask"].shape
((64, 682), (64, 54))
>>> actions = infos["action_mask"].argmax(axis=1)
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

import trickcore
from pytrick._bots import _real
from pytrick.envs._games import SPIDGE, SPITZER, GameSpec
from pytrick.spidge import SpidgeRules
from pytrick.spitzer import SpitzerRules
from trickcore._arguments import as_int, check_count, check_range, check_rules
from trickcore.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    PytrickError,
)

if TYPE_CHECKING:
    from trickcore import _vector as _lanes
else:
    _lanes = trickcore._modules["_vector"]  # the chosen backend's

__all__ = [
    "ResetNeededError",
    "SpidgeEnv",
    "SpidgeVectorEnv",
    "SpitzerEnv",
    "SpitzerVectorEnv",
    "register_envs",
]

Observation = npt.NDArray[np.float32]



class ResetNeededError(PytrickError, gymnasium.error.ResetNeeded):
    """An environment asked to step, observe or show a deal before
    :meth:`reset` dealt one (or after its deal ended).  It is both a
    :class:`~pytrick.PytrickError` and Gymnasium's ``ResetNeeded``."""


def _refuse_keywords(where: str, unknown: dict[str, Any], accepted: str, hint: str = "") -> None:
    """A clear error for keywords *where* does not take (Python's own names only one)."""
    if unknown:
        names = ", ".join(f"{name}=" for name in unknown)
        raise ArgumentTypeError(f"{where} takes no {names}: it takes {accepted}{hint}")


def _python_seed(seed: object) -> int | None:
    """*seed* as the Python int Gymnasium insists on: a numpy integer (a seed
    drawn from a Generator) is one to the rest of pytrick; a bool or a float
    is an ArgumentTypeError naming ``seed``."""
    return None if seed is None else as_int(seed, "seed")


class _TrickEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a deal against pytrick bots (the game: :attr:`game_spec`).

    The agent is a Spitzer *seat* (0..3) or a Spidge *player* (0..2, who
    also plays the dummy when he deals).  *opponents* is a bot's name as
    :func:`pytrick.arena.parse_bots` takes it ("random", "heuristic",
    "ismcts[iterations=50]", "mypkg.bots:MyBot"; one such bot sits in every
    other seat), one bot object for every other seat, or a sequence of bot
    objects or names in seat order skipping the agent; a bot has the
    ``announce(observation)`` / ``play(observation)`` methods of
    :mod:`pytrick.spitzer.bots` / :mod:`pytrick.spidge.bots` and sees only
    its own observation.  ``reset(seed=...)`` repeats an episode: bots made
    from names are seeded from the episode's seed, and so are bot objects
    whose ``rng`` attribute is a :class:`random.Random` (every built-in bot
    of :mod:`pytrick.spitzer.bots` and :mod:`pytrick.spidge.bots`: their
    documented random source, reseeded at every reset; a search bot with a
    time budget also depends on the clock); any other bot object is used as
    given, its own randomness not repeated.  An illegal action ends the
    episode with reward *illegal_reward* (a finite number) and
    ``info["illegal_action"] = True``, as PettingZoo's classic games do (the
    vector environments raise :class:`~pytrick.IllegalMoveError`); an action outside :attr:`action_space` (or not an
    integer) is a programming error, refused with
    :class:`~pytrick.InvalidArgumentError` (:class:`~pytrick.ArgumentTypeError`)
    naming the space, the episode going on.  An opponent's illegal move
    raises :class:`~pytrick.PytrickError` naming that opponent (not the move
    or why it is illegal: either would tell of its hidden cards) and ends the episode, as does an opponent's own error.  ``render_mode`` "ansi" returns
    what a spectator sees (never a hidden hand) and "human" prints it.
    """

    game_spec: ClassVar[GameSpec[Any]]
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(self, agent: int, opponents: Any, rules: Any, illegal_reward: float,
                 render_mode: str | None) -> None:
        spec = self.game_spec
        name = spec.agent_prefix
        agent = check_range(agent, name, 0, spec.agents - 1, f"{name}s are 0 to {spec.agents - 1}")
        if render_mode not in (None, "ansi", "human"):
            raise InvalidArgumentError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        #: The agent's seat (Spitzer) or player (Spidge).
        self.agent = int(agent)
        self.rules = spec.check_rules(rules)
        # A real number, not a bool (as every number the library takes): float()
        # raised a bare ValueError for "x" and took True as 1.0.
        self.illegal_reward = _real(illegal_reward, "illegal_reward", "a real number (the reward "
                                    "for an illegal action)")
        if not math.isfinite(self.illegal_reward):
            # A NaN or infinite reward would poison every return it enters.
            raise InvalidArgumentError(f"illegal_reward must be finite, not {self.illegal_reward!r}")
        self.render_mode = render_mode
        self._opponents_spec = opponents
        self._check_opponents(opponents)
        self.observation_space = spaces.Box(0.0, 1.0, (spec.observation_size,), dtype=np.float32)
        self.action_space = spaces.Discrete(spec.actions)
        self._deal: Any = None

    def _check_opponents(self, opponents: Any) -> None:
        """Refuse now what would fail at the first reset: an unknown name, a
        sequence of the wrong length, something that is no bot."""
        spec = self.game_spec
        if isinstance(opponents, str):
            spec.default_bot(opponents, None)  # raises for an unknown name
            return
        if isinstance(opponents, Sequence):
            if len(opponents) != spec.agents - 1:
                raise InvalidArgumentError(f"opponents: give {spec.agents - 1} bots, "
                                           f"one per other seat, not {len(opponents)}")
            for i, bot in enumerate(opponents):
                if isinstance(bot, str):
                    spec.default_bot(bot, None)
                else:
                    self._check_bot(bot, f"opponents[{i}]")
            return
        self._check_bot(opponents, "opponents")

    def _check_bot(self, bot: Any, where: str) -> None:
        needs = ("announce", "play") if self.game_spec.name == "spitzer" else ("play",)
        missing = [name for name in needs if not callable(getattr(bot, name, None))]
        if missing:
            raise ArgumentTypeError(
                f"{where}: {type(bot).__name__} has no "
                f"{' or '.join(f'{name}(observation)' for name in missing)}, so it is no "
                "bot: give a bot object, or a bot's name such as 'random' or 'heuristic'")

    def _make_bots(self) -> dict[int, Any]:
        """The episode's opponents, by seat, seeded from the episode's seed: a
        name makes a bot with a seed drawn for its seat; a bot object whose
        ``rng`` is a :class:`random.Random` (the built-in bots' documented
        random source) has it reseeded with that seed; any other object is
        used as given."""
        others = [s for s in range(self.game_spec.agents) if s != self.agent]
        chosen = self._opponents_spec
        if isinstance(chosen, str):
            chosen = [chosen] * len(others)
        elif not isinstance(chosen, Sequence):
            chosen = [chosen] * len(others)  # one object in every other seat
        seeds = [int(x) for x in self.np_random.integers(2**63, size=len(others))]
        bots: dict[int, Any] = {}
        reseeded: set[int] = set()
        for seat, bot, seed in zip(others, chosen, seeds, strict=True):
            if isinstance(bot, str):
                bot = self.game_spec.default_bot(bot, seed)
            elif isinstance(getattr(bot, "rng", None), random.Random) and id(bot) not in reseeded:
                reseeded.add(id(bot))  # one object in two seats: seeded once, by its first seat
                bot.rng.seed(seed)
            bots[seat] = bot
        return bots

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        if self._deal is None:
            raise ResetNeededError("no deal to observe: call reset() first")
        spec = self.game_spec
        mask = np.zeros(spec.actions, dtype=np.int8)
        if spec.actor(self._deal) == self.agent:
            mask = spec.legal_mask(self._deal)
        return spec.observe(self._deal, self.agent), {"action_mask": mask}

    def _play_opponents(self) -> None:
        spec = self.game_spec
        while (actor := spec.actor(self._deal)) is not None and actor != self.agent:
            bot = self._bots[actor]
            try:
                choice = spec.bot_choice(bot, self._deal, actor)
            except BaseException:
                # The opponent is still to move: a later step would play the
                # agent's action in its seat.  Its error (or Ctrl-C) ends the episode.
                self._deal = None
                raise
            try:
                spec.apply(self._deal, spec.choice_action(self._deal, choice))
            except PytrickError:
                failed = self._opponent_error(actor, bot)
                self._deal = None  # the episode cannot go on: reset() deals anew
                raise failed from None

    def _opponent_error(self, actor: int, bot: Any) -> PytrickError:
        """An opponent's illegal move, said of the opponent.  The deal's own
        message reads as the agent's ("you hold …"), and the move and its
        reason would tell the agent of the opponent's hidden cards (a card it
        holds but may not play, a suit it holds), so neither is told and the
        error is not chained: the bot's author reproduces it from the bot's
        own observation."""
        spec = self.game_spec
        return PytrickError(
            f"the opponent {type(bot).__name__} ({spec.agent_prefix} {actor}) chose the illegal "
            "move; the move and why it is illegal are not shown, since they would tell of that "
            "seat's hidden cards; the episode is over: call reset()")

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=_python_seed(seed))
        deal_seed = int(self.np_random.integers(2**63))
        self._deal = self.game_spec.new_deal(self.rules, deal_seed)
        self._bots = self._make_bots()
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self._deal is None:
            raise ResetNeededError("call reset() before step()")
        spec = self.game_spec
        if self._deal.is_over:
            raise ResetNeededError("the deal is over: call reset()")
        action = spec.action_in_space(action)  # outside the space: an error, not a move
        try:
            spec.apply(self._deal, action)
        except PytrickError:
            observation, info = self._observe()
            info["illegal_action"] = True
            self._deal = None
            return observation, self.illegal_reward, True, False, info
        self._play_opponents()
        reward = 0.0
        if self._deal.is_over:
            reward = float(spec.points(self._deal)[self.agent])
        if self.render_mode == "human":
            self.render()
        observation, info = self._observe()
        return observation, reward, bool(self._deal.is_over), False, info

    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode is None or self._deal is None:
            return None
        text = self.game_spec.public_text(self._deal)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as bools (what sb3-contrib's MaskablePPO asks for)."""
        mask: npt.NDArray[np.int8] = self._observe()[1]["action_mask"]
        return mask.astype(np.bool_)


class SpitzerEnv(_TrickEnv):
    """Spitzer, one seat against bots: 45 actions (cards 0..31 by dense
    action, announcements 32 + code); see :class:`_TrickEnv`."""

    game_spec = SPITZER

    def __init__(self, seat: int = 0, opponents: Any = "random", rules: Any = None,
                 illegal_reward: float = -1.0, render_mode: str | None = None,
                 **unknown: Any) -> None:
        _refuse_keywords("pytrick/Spitzer-v0", unknown,
                         "seat, opponents, rules, illegal_reward and render_mode")
        super().__init__(seat, opponents, rules, illegal_reward, render_mode)

    @property
    def seat(self) -> int:
        """The agent's seat (0..3)."""
        return self.agent


class SpidgeEnv(_TrickEnv):
    """Spidge, one player against bots: 54 actions (card numbers); see :class:`_TrickEnv`.

    The agent is *player* 0, 1 or 2, as :meth:`SpidgeDeal.observation
    <pytrick.spidge.SpidgeDeal.observation>` and the PettingZoo agents
    ``player_0`` … name him; each episode cuts for the dealer afresh, so
    he may hold any hand (and plays the dummy when he deals).  ``seat=`` is the old name of *player*,
    kept this release with a :class:`DeprecationWarning`.
    """

    game_spec = SPIDGE

    def __init__(self, player: int | None = None, opponents: Any = "random", rules: Any = None,
                 illegal_reward: float = -1.0, render_mode: str | None = None,
                 *, seat: int | None = None, **unknown: Any) -> None:
        _refuse_keywords("pytrick/Spidge-v0", unknown,
                         "player, opponents, rules, illegal_reward and render_mode",
                         " (hand= is the vector environment's: gymnasium.make_vec)")
        if seat is not None:
            if player is not None:
                raise ArgumentTypeError("pytrick/Spidge-v0: give the player once, as player=")
            warnings.warn(f"pytrick/Spidge-v0: seat={seat} is the player: write player={seat}",
                          DeprecationWarning, stacklevel=2)
            player = seat
        super().__init__(0 if player is None else player, opponents, rules, illegal_reward,
                         render_mode)

    @property
    def player(self) -> int:
        """The agent's player (0, 1, 2)."""
        return self.agent

    @property
    def seat(self) -> int:
        """Deprecated: the old name of :attr:`player`."""
        warnings.warn("SpidgeEnv.seat is the player: read SpidgeEnv.player",
                      DeprecationWarning, stacklevel=2)
        return self.agent


class _TrickVectorEnv(VectorEnv[Observation, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """Many deals side by side, one agent seat each, on the compiled lanes of
    :mod:`trickcore._vector`: the opponents' uniformly random moves, the
    observations and the masks are all made in compiled code.

    Autoreset is Gymnasium's "next step": the step after a deal ends deals
    the lane's next deal and ignores that lane's action.  Rewards are the
    agent's points in the deals that just ended.  The arrays returned are
    copies unless *copy* is False, when they are the lanes' own buffers,
    refilled by the next step (faster; copy what you keep).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012
    game_spec: ClassVar[GameSpec[Any]]

    def __init__(self, num_envs: int, copy: bool = True) -> None:
        spec = self.game_spec
        # Checked here, by its name: the lanes would say "k", numpy "negative dimensions".
        self.num_envs = check_count(num_envs, "num_envs", 1)
        self.copy = copy
        self.single_observation_space = spaces.Box(0.0, 1.0, (spec.observation_size,),
                                                   dtype=np.float32)
        self.single_action_space = spaces.Discrete(spec.actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._lanes: Any = None

    def _new_lanes(self, seed: int) -> Any:
        raise NotImplementedError

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Deal a new deal in every lane; *seed* (an int) restarts the lanes'
        generators, so the same seed gives the same deals and opponents' moves."""
        if isinstance(seed, list):
            raise ArgumentTypeError("seed: give one int for all lanes (lane i draws from seed and i)")
        if seed is not None or self._lanes is None:
            super().reset(seed=_python_seed(seed))
            self._lanes = self._new_lanes(int(self.np_random.integers(2**63)))
        observations, masks = self._lanes.reset()
        return self._out(observations), {"action_mask": self._out(masks)}

    def step(self, actions: Any) -> tuple[Observation, npt.NDArray[Any], npt.NDArray[Any],
                                          npt.NDArray[Any], dict[str, Any]]:
        if self._lanes is None:
            raise ResetNeededError("call reset() before step()")
        observations, masks, rewards, terminations = self._lanes.step(actions)
        return (self._out(observations), self._out(rewards), self._out(terminations),
                self._truncations.copy() if self.copy else self._truncations,
                {"action_mask": self._out(masks)})

    def _out(self, array: npt.NDArray[Any]) -> Any:
        return array.copy() if self.copy else array

    def state(self, lane: int) -> Any:
        """A copy of *lane*'s deal as a core state (omniscient: for debugging)."""
        if self._lanes is None:
            raise ResetNeededError("no deals yet: call reset() before state()")
        return self._lanes.state(lane)


class SpitzerVectorEnv(_TrickVectorEnv):
    """*num_envs* Spitzer deals, the agent at *seat* in each (the deal passing
    left from deal to deal), random opponents.  *auction*: "play" (the agent
    announces; the random opponents pass, since a uniformly random
    announcement would be a Zola nearly every deal), "random" (every seat,
    the agent too, announces at random) or "pass" (everyone passes: only
    cards are asked for)."""

    game_spec = SPITZER

    def __init__(self, num_envs: int, seat: int = 0, rules: SpitzerRules | None = None,
                 auction: str = "play", copy: bool = True, **unknown: Any) -> None:
        _refuse_keywords("the vector pytrick/Spitzer-v0", unknown,
                         "num_envs, seat, rules, auction and copy")
        self._args: dict[str, Any] = dict(seat=seat, options=check_rules(rules, SpitzerRules).flags,
                                          auction=auction)
        _lanes.SpitzerLanes(1, 0, **self._args)  # validate the arguments now
        super().__init__(num_envs, copy)

    def _new_lanes(self, seed: int) -> Any:
        return _lanes.SpitzerLanes(self.num_envs, seed, **self._args)


class SpidgeVectorEnv(_TrickVectorEnv):
    """*num_envs* Spidge deals, the agent playing *hand* in each (0 the
    dealer's left, 2 his right, 3 the dealer, who also plays the dummy),
    random opponents.  The lanes' deals are independent, without players
    who keep their numbers from deal to deal, so the agent is a
    :class:`~pytrick.spidge.Hand`, not a player: ``seat=`` or ``player=``
    is refused naming *hand*."""

    game_spec = SPIDGE

    def __init__(self, num_envs: int, hand: int = 0, rules: SpidgeRules | None = None,
                 copy: bool = True, **unknown: Any) -> None:
        _refuse_keywords("the vector pytrick/Spidge-v0", unknown,
                         "num_envs, hand, rules and copy",
                         "; the agent plays one table hand in every deal: hand=0 the dealer's "
                         "left, 2 his right, 3 the dealer (and the dummy)")
        rules = check_rules(rules, SpidgeRules)
        self._args: dict[str, Any] = dict(hand=hand, options=rules.flags,
                                          slam_tricks=rules.slam_tricks,
                                          spidge_tricks=rules.spidge_tricks)
        _lanes.SpidgeLanes(1, 0, **self._args)
        super().__init__(num_envs, copy)

    def _new_lanes(self, seed: int) -> Any:
        return _lanes.SpidgeLanes(self.num_envs, seed, **self._args)


def register_envs() -> None:
    """Register ``pytrick/Spitzer-v0`` and ``pytrick/Spidge-v0`` (single and vector)."""
    for name, game in (("Spitzer", "Spitzer"), ("Spidge", "Spidge")):
        env_id = f"pytrick/{name}-v0"
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            env_id,
            entry_point=f"pytrick.envs.gym:{game}Env",
            vector_entry_point=f"pytrick.envs.gym:{game}VectorEnv",
        )
