"""Train Spitzer with RLlib on Ray, through the PettingZoo environment.

PPO trains one policy shared by the four seats (self-play); each seat sees
only its own observation tensor and samples among its legal actions through
RLlib's action-masking module.  On one machine::

    pip install "pytrick[pettingzoo]" "ray[rllib]" torch
    python examples/rllib_spitzer.py --iterations 20 --env-runners 2

On a Ray cluster, start Ray on the nodes (``ray start --head`` on one,
``ray start --address=HEAD:6379`` on the others) and run the same script on
the head node with as many environment runners as the cluster has cores to
spare: ``python examples/rllib_spitzer.py --address auto --env-runners 64``.
Every runner builds its own environments from :func:`make_env`, so only
pytrick needs to be installed on the workers.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils import BaseWrapper

from pytrick.envs import spitzer_v0

ENV_NAME = "pytrick_spitzer"
POLICY = "shared_seat"


class MaskedObservations(BaseWrapper):  # type: ignore[misc]
    """PettingZoo's ``{"observation", "action_mask"}`` as RLlib's action-masking
    module reads it: ``{"observations", "action_mask"}``, the mask as floats."""

    def observation_space(self, agent: str) -> spaces.Dict:
        inner = self.env.observation_space(agent)
        return spaces.Dict({
            "observations": inner["observation"],
            "action_mask": spaces.Box(0.0, 1.0, inner["action_mask"].shape, dtype=np.float32),
        })

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        observation = self.env.observe(agent)
        return {"observations": observation["observation"],
                "action_mask": observation["action_mask"].astype(np.float32)}


def make_env(config: dict[str, Any] | None = None) -> Any:
    """The environment RLlib's runners build: Spitzer, one deal per episode."""
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    config = config or {}
    return PettingZooEnv(MaskedObservations(spitzer_v0.env(episode=config.get("episode", "deal"))))


def build_config(env_runners: int = 2, batch_size: int = 4000) -> Any:
    """A PPO configuration: one shared policy with action masking for every seat."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    register_env(ENV_NAME, make_env)
    return (
        PPOConfig()
        .environment(ENV_NAME)
        .multi_agent(policies={POLICY}, policy_mapping_fn=lambda agent_id, *args, **kw: POLICY)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            POLICY: RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                 model_config={"head_fcnet_hiddens": [256, 256]}),
        }))
        .env_runners(num_env_runners=env_runners)
        .training(train_batch_size_per_learner=batch_size,
                  minibatch_size=min(512, batch_size), num_epochs=4)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--env-runners", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=4000)
    parser.add_argument("--address", default=None, help="a Ray cluster ('auto'), else local")
    args = parser.parse_args()

    import ray

    ray.init(address=args.address)
    algo = build_config(args.env_runners, args.batch_size).build_algo()
    for i in range(args.iterations):
        result = algo.train()
        runners = result.get("env_runners", {})
        print(f"iteration {i + 1}: episodes {runners.get('num_episodes', 0)}, "
              f"mean return {runners.get('episode_return_mean', float('nan')):.2f}")
    print("checkpoint:", algo.save())
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
