"""The PettingZoo AEC environment shared by ``spitzer_v0`` and ``spidge_v0``.

It follows PettingZoo's classic games (chess, Texas Hold'em): :func:`make_env`
wraps the raw environment in the standard wrappers (an illegal move ends the
episode with ``illegal_reward`` for the offender; an action outside the
action space raises :class:`~pytrick.InvalidArgumentError`; calls out of
order are refused), each agent observes a dict of
``observation`` (its tensor of :mod:`pytrick.tensors`) and ``action_mask``,
and rewards are game points.

For centralized training (a critic that sees the whole table, as MAPPO's and
QMIX's do, or oracle guiding), ``state()`` is PettingZoo's global state: the
public observation and every hand, seen from agent 0's seat whoever is to
move (:meth:`TrickAECEnv.state`).  It shows every hidden card, so it is for
the trainer only, never an agent's input:

>>> import numpy as np
>>> from pytrick.envs import spitzer_v0
>>> env = spitzer_v0.env()
>>> env.reset(seed=3)
>>> state = env.state()
>>> env.state_space.contains(state), state.shape
(True, (546,))
>>> hands = state[-128:].reshape(4, 32)  # a row per seat, a column per card
>>> hands.sum(axis=1).tolist()
[8.0, 8.0, 8.0, 8.0]
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from pytrick.envs._games import GameSpec
from pytrick.envs.gym import ResetNeededError
from trickcore._arguments import SEED_LIMIT, check_count, check_seed
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

__all__ = ["TrickAECEnv", "make_env"]

_EPISODES = ("deal", "game")


class TrickAECEnv(AECEnv):  # type: ignore[misc]
    """A Spitzer or Spidge table as a PettingZoo AEC environment.

    *episode* is ``"deal"`` (one deal; every agent receives its game points
    when it ends) or ``"game"`` (deals until someone wins the game; the
    points of each deal are paid as it ends, so an agent's return is its
    game total).  *max_cycles* truncates the episode after that many tricks
    (None: no limit; a whole game is finite only with probability one).
    *rules* is a ``SpitzerRules`` / ``SpidgeRules``.  ``render_mode`` is
    "ansi" (``render()`` returns the table as text) or "human" (printed
    after every move); either shows only what a spectator sees: the
    announcements, the cards played and the face-up dummy, never a hand.
    """

    game_spec: GameSpec[Any]
    metadata: dict[str, Any]

    def __init__(self, episode: str = "deal", max_cycles: int | None = None,
                 rules: Any = None, render_mode: str | None = None) -> None:
        super().__init__()
        if episode not in _EPISODES:
            raise InvalidArgumentError(f"episode must be 'deal' or 'game', not {episode!r}")
        if max_cycles is not None:  # numpy integers too, as every count
            max_cycles = check_count(max_cycles, "max_cycles", 1)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise InvalidArgumentError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        spec = self.game_spec
        self.episode = episode
        self.max_cycles = max_cycles
        self.rules = spec.check_rules(rules)
        self.render_mode = render_mode
        self.possible_agents = spec.agent_names()
        self.agent_name_mapping = {name: i for i, name in enumerate(self.possible_agents)}
        observation = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (spec.observation_size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (spec.actions,), dtype=np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(spec.actions) for a in self.possible_agents}
        #: The space of :meth:`state` (PettingZoo's global state).
        self.state_space = spaces.Box(0.0, 1.0, (spec.state_size,), dtype=np.float32)
        self._seed: int | None = None
        self._episodes = 0
        self._deal: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ---------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new deal (or start a new game).  With *seed* (0 to
        2**64 - 1, a Python or numpy integer), the deals are the same every
        time; without, reset after reset continues the stream of the last seed."""
        if seed is not None:
            # Checked once here: numpy seeds crashed random.Random, -1 dealt
            # what 1 did, and a game refused the product below, not the seed.
            self._seed = check_seed(seed)
            self._episodes = 0
        episode_seed = (None if self._seed is None
                        else (self._seed * 1_000_003 + self._episodes) % SEED_LIMIT)
        self._episodes += 1
        spec = self.game_spec
        self._game = spec.new_game(self.rules, episode_seed) if self.episode == "game" else None
        self._deal = self._game.next_deal() if self._game else spec.new_deal(self.rules,
                                                                               episode_seed)
        self._past_tricks = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select_actor()

    def _select_actor(self) -> None:
        actor = self.game_spec.actor(self._deal)
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]

    def _check_dealt(self, what: str) -> None:
        if self._deal is None:
            raise ResetNeededError(f"no deal yet: call reset() before {what}()")

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        self._check_dealt("observe")
        spec = self.game_spec
        index = self.agent_name_mapping[agent]
        mask = np.zeros(spec.actions, dtype=np.int8)
        if spec.actor(self._deal) == index and agent in self.agents \
                and not (self.terminations[agent] or self.truncations[agent]):
            mask = spec.legal_mask(self._deal)
        return {"observation": spec.observe(self._deal, index), "action_mask": mask}

    def state(self) -> npt.NDArray[np.float32]:
        """PettingZoo's global state, for centralized training only: it shows
        every hidden card, so no agent may be given it.

        A float32 vector in :attr:`state_space`: the public observation of
        :func:`~pytrick.tensors.encode_public_observation` (the observation
        layout, ``own_hand`` zero), then the hands now, as
        :func:`~pytrick.tensors.encode_hands` gives them (flattened row by
        row).  Both are seen from agent 0's seat whichever agent is to move:
        in Spitzer plane seat *s* and hand row *s* are seat *s*; in Spidge
        they are the table hands *s* places to the left of ``player_0``'s,
        the dummy among them, and the ``dealer`` plane places the dealer.
        OpenSpiel's observer for player 0 with ``private_info=ALL_PLAYERS``
        holds the same: his observation, then the same hands.  Before
        :meth:`reset` it raises :class:`~pytrick.envs.gym.ResetNeededError`
        (through :func:`make_env`'s wrappers, PettingZoo's error); once the
        episode is over it is the last deal as it ended (no cards left).
        """
        self._check_dealt("state")
        return self.game_spec.state(self._deal)

    def step(self, action: int | None) -> None:
        self._check_dealt("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        spec = self.game_spec
        if action is None:
            raise ArgumentTypeError(f"{agent} is to move: give an action, not None")
        # A refused action (outside the space, or illegal when raised) changes
        # nothing: the deal is played first, the rewards cleared after.
        spec.apply(self._deal, spec.action_in_space(action))
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        if self._deal.is_over:
            self._finish_deal()
        elif self._out_of_cycles():
            self.truncations = dict.fromkeys(self.agents, True)
        self._select_actor()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _out_of_cycles(self) -> bool:
        """Has the episode played *max_cycles* tricks (a trick: every seat's turn)?"""
        if self.max_cycles is None:
            return False
        return self._past_tricks + self.game_spec.tricks_done(self._deal) >= self.max_cycles

    def _finish_deal(self) -> None:
        points = self.game_spec.points(self._deal)
        for i, agent in enumerate(self.agents):
            self.rewards[agent] = points[i]
        game = self._game
        if game is None:
            self.terminations = dict.fromkeys(self.agents, True)
            return
        game.finish_deal()
        if game.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            for agent in self.agents:
                self.infos[agent]["winner"] = game.winner
            return
        if self._out_of_cycles():
            self.truncations = dict.fromkeys(self.agents, True)
            return
        self._past_tricks += self.game_spec.tricks_done(self._deal)
        self._deal = game.next_deal()

    # -- showing it ----------------------------------------------------------------

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        self._check_dealt("render")
        text = self.game_spec.public_text(self._deal)
        if self._game is not None:
            text = f"{text}\ngame totals: {list(self._game.totals)}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def make_env(raw: type[TrickAECEnv], **kwargs: Any) -> AECEnv:
    """*raw* in PettingZoo's standard wrappers for turn-based games."""
    env: AECEnv = raw(**kwargs)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = _ActionInSpace(env)
    return wrappers.OrderEnforcingWrapper(env)


class _ActionInSpace(wrappers.BaseWrapper):  # type: ignore[misc]
    """PettingZoo's AssertOutOfBoundsWrapper, with pytrick's error: an action
    outside the action space (or not an integer) raises
    :class:`~pytrick.InvalidArgumentError` naming the space, before the
    illegal-move wrapper could read it as a move."""

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if not (action is None and (self.terminations[agent] or self.truncations[agent])):
            self.env.unwrapped.game_spec.action_in_space(action)
        super().step(action)
