"""The vector environment (tarock.env.vector): each sub-environment is the PettingZoo face's deal
seen by its acting seat, autoreset comes in the same step, and batches are reproducible."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")  # the optional "env" extra

import numpy as np

from tarock.core.errors import IllegalActionError, InvalidOptionError
from tarock.env import pettingzoo_env, vector_env
from tarock.env.vector import TarockVectorEnv

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("hungarian-tarokk", {}),
    ("hungarian-tarokk", {"players": 5}),
    ("bavarian-tarock", {}),
    ("ottocento", {"players": 2}),
]


def random_tokens(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """One uniformly random legal token per row of ``mask``."""
    return np.argmax(rng.random(mask.shape) * mask, axis=1)


@pytest.mark.parametrize(("game", "options"), TABLES, ids=lambda x: str(x))
def test_every_sub_environment_is_the_pettingzoo_deal_seen_by_its_acting_seat(game, options):
    n, seed = 3, 40
    vec = vector_env(game, n, **options)
    obs, _ = vec.reset(seed=seed)
    singles = []
    for i in range(n):
        env = pettingzoo_env(game, **options)
        env.reset(seed=seed + i)
        singles.append(env)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        assert vec.observation_space.contains(obs)
        for i, env in enumerate(singles):
            agent = env.agent_selection
            assert obs["seat"][i] == int(agent.split("_")[1])
            mine = env.observe(agent)
            np.testing.assert_array_equal(obs["observation"][i], mine["observation"])
            np.testing.assert_array_equal(obs["action_mask"][i], mine["action_mask"])
        tokens = random_tokens(rng, obs["action_mask"])
        obs, rewards, terminations, truncations, _ = vec.step(tokens)
        assert not truncations.any()
        for i, env in enumerate(singles):
            env.step(int(tokens[i]))
            if terminations[i]:
                finished += 1
                assert env.terminations[env.agent_selection]
                expected = [env.rewards[a] for a in env.possible_agents]
                np.testing.assert_array_equal(rewards[i], expected)
                # the sub-environment's generator goes on, as the PettingZoo face's does
                env.reset()
            else:
                assert not rewards[i].any()
    assert finished > 0


def test_a_sub_environment_does_not_depend_on_the_rest_of_the_batch():
    one, many = vector_env("bavarian-tarock", 1), vector_env("bavarian-tarock", 5)
    a, _ = one.reset(seed=9)
    b, _ = many.reset(seed=9)
    rng = np.random.default_rng(3)
    for _ in range(100):
        np.testing.assert_array_equal(a["observation"][0], b["observation"][0])
        tokens = random_tokens(rng, b["action_mask"])
        a, ra, ta, _, _ = one.step(tokens[:1])
        b, rb, tb, _, _ = many.step(tokens)
        np.testing.assert_array_equal(ra[0], rb[0])
        assert ta[0] == tb[0]


def test_reset_with_a_seed_repeats_the_deals_and_without_one_goes_on():
    env = vector_env("ottocento", 2)
    first, _ = env.reset(seed=5)
    second, _ = env.reset()
    again, _ = env.reset(seed=5)
    np.testing.assert_array_equal(first["observation"], again["observation"])
    assert not np.array_equal(first["observation"], second["observation"])
    listed, _ = env.reset(seed=[5, 6])
    np.testing.assert_array_equal(first["observation"], listed["observation"])


def test_observations_returned_earlier_are_not_overwritten():
    env = vector_env("hungarian-tarokk", 2)
    obs, _ = env.reset(seed=1)
    kept = obs["observation"].copy()
    env.step(random_tokens(np.random.default_rng(0), obs["action_mask"]))
    np.testing.assert_array_equal(obs["observation"], kept)


def test_an_illegal_token_names_its_sub_environment():
    env = vector_env("hungarian-tarokk", 2)
    obs, _ = env.reset(seed=2)
    tokens = random_tokens(np.random.default_rng(0), obs["action_mask"])
    tokens[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalActionError, match="environment 1"):
        env.step(tokens)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="num_envs"):
        TarockVectorEnv("ottocento", 0)
    with pytest.raises(ValueError, match="dealer"):
        TarockVectorEnv("ottocento", 1, dealer=7)
    with pytest.raises(InvalidOptionError):
        TarockVectorEnv("ottocento", 1, no_such_option=1)
    env = TarockVectorEnv("ottocento", 2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step([0, 0])
    env.reset(seed=0)
    with pytest.raises(ValueError, match="1 actions for 2"):
        env.step([0])
    with pytest.raises(ValueError, match="3 seeds for 2"):
        env.reset(seed=[1, 2, 3])
