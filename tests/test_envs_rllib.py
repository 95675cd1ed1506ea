"""RLlib builds the Spitzer PettingZoo environment of examples/rllib_spitzer.py
and samples from it with its action-masking module.

RLlib needs Ray and torch (about 1.5 GB installed), so this runs where they
are installed: .ci/run installs them in a step of its own and requires it to
run there; elsewhere it is skipped for lack of ray or torch.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from _extras import import_extra

ray = import_extra("ray")
import_extra("torch")
import_extra("pettingzoo")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "rllib_spitzer.py"


def load_example():
    spec = importlib.util.spec_from_file_location("rllib_spitzer", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_rllib_builds_the_environment_and_samples(local_ray):
    example = load_example()
    env = example.make_env()
    observations, _ = env.reset(seed=0)
    (agent, observation), = observations.items()
    assert agent.startswith("seat_") and set(observation) == {"observations", "action_mask"}

    algo = example.build_config(env_runners=0, batch_size=128).build_algo()
    try:
        episodes = algo.env_runner.sample(num_timesteps=128)
        assert sum(len(e) for e in episodes) >= 128
        finished = [e for e in episodes if e.is_done]
        assert finished
        for episode in finished:
            returns = episode.get_return()
            # Masked sampling never plays an illegal move (that would pay -1).
            assert returns > 0, returns
    finally:
        algo.stop()
