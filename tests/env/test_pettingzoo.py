"""The PettingZoo AEC environment (tarock.env.aec): PettingZoo's own API and seed tests for every
game, and random deals checked step by step against the token-level EnvState it wraps."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")  # the optional "env" extra (numpy, gymnasium, pettingzoo)

import numpy as np
from pettingzoo.test import api_test, seed_test

from tarock.core.errors import IllegalActionError, InvalidOptionError
from tarock.core.protocol import make_game
from tarock.env import pettingzoo_env
from tarock.env.aec import TarockAECEnv

HUNGARIAN = "hungarian-tarokk"
BAVARIAN = "bavarian-tarock"
OTTOCENTO = "ottocento"

# Warnings api_test gives every environment with dict observations whose name is not in
# PettingZoo's own list of classic environments; anything else fails the test.
EXPECTED_API_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


def run_api_test(game: str, **options: Any) -> None:
    env = pettingzoo_env(game, render_mode="ansi", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in EXPECTED_API_WARNINGS:
            warnings.filterwarnings("ignore", message=message)
        # num_cycles large enough that the deal ends and every agent takes its dead step
        api_test(env, num_cycles=1000, verbose_progress=False)
    assert isinstance(env.render(), str)
    env.close()


def test_pettingzoo_api_hungarian_4() -> None:
    run_api_test(HUNGARIAN)


def test_pettingzoo_api_hungarian_5() -> None:
    run_api_test(HUNGARIAN, players=5)


def test_pettingzoo_api_bavarian_default() -> None:
    run_api_test(BAVARIAN)


def test_pettingzoo_api_bavarian_short_pack() -> None:
    run_api_test(BAVARIAN, variant="scharfer")  # Scharfer Bayerischer: the 24-card pack


def test_pettingzoo_api_bavarian_4_seats() -> None:
    run_api_test(BAVARIAN, seats=4)


def test_pettingzoo_api_ottocento_4() -> None:
    run_api_test(OTTOCENTO)


def test_pettingzoo_api_ottocento_2() -> None:
    run_api_test(OTTOCENTO, player_count=2)


def test_pettingzoo_seed_hungarian() -> None:
    seed_test(lambda: pettingzoo_env(HUNGARIAN, players=5), num_cycles=1000)


def test_pettingzoo_seed_bavarian() -> None:
    seed_test(lambda: pettingzoo_env(BAVARIAN), num_cycles=1000)


def test_pettingzoo_seed_ottocento() -> None:
    seed_test(lambda: pettingzoo_env(OTTOCENTO), num_cycles=1000)


# -- random deals, step by step ---------------------------------------------------------------

def play_random_deal(env: TarockAECEnv, seed: int) -> tuple[list[float], set[int]]:
    """Play one deal with mask-sampled tokens, checking every step against the EnvState; return
    the settlement and the seats that acted. Retires every agent at the end and checks its
    cumulative reward."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    state = env.env_state
    assert state is not None
    steps = 0
    acted: set[int] = set()
    while not state.is_terminal():
        agent = env.agent_selection
        seat = state.current_player()
        assert agent == env.possible_agents[seat], "the acting agent is the engine's player"
        acted.add(seat)
        obs, reward, terminated, truncated, info = env.last()
        assert (reward, terminated, truncated, info) == (0.0, False, False, {})
        legal = state.legal_tokens()
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        assert obs["action_mask"].dtype == np.int8
        assert env.observation_space(agent).contains(obs)
        other = env.possible_agents[(seat + 1) % len(env.possible_agents)]
        assert not env.observe(other)["action_mask"].any(), "only the actor has legal tokens"
        env.step(int(rng.choice(legal)))
        steps += 1
        assert steps <= env.encoding.max_tokens
    returns = state.returns()
    assert all(env.terminations.values()) and len(env.terminations) == env.num_agents
    assert not any(env.truncations.values())
    for agent in env.possible_agents:
        assert env._cumulative_rewards[agent] == returns[int(agent.split("_")[1])]
        assert not env.observe(agent)["action_mask"].any()
    retired = []
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
        assert reward == returns[env.possible_agents.index(agent)]
        retired.append(agent)
        env.step(None)
    assert sorted(retired) == env.possible_agents
    assert env.agents == []
    return returns, acted


@pytest.mark.parametrize("options", [{}, {"players": 5}], ids=["4", "5"])
def test_pettingzoo_random_deals_hungarian(options: dict[str, Any]) -> None:
    env = pettingzoo_env(HUNGARIAN, dealer=1, **options)
    for seed in range(10):
        returns, acted = play_random_deal(env, seed)
        assert sum(returns) == 0
        if options:  # five-handed: the dealer (seat 1) sits out, never acts, settles nothing
            assert returns[1] == 0
            assert 1 not in acted


@pytest.mark.parametrize("options", [{}, {"variant": "scharfer"}, {"seats": 4}],
                         ids=["default", "short_pack", "4_seats"])
def test_pettingzoo_random_deals_bavarian(options: dict[str, Any]) -> None:
    env = pettingzoo_env(BAVARIAN, **options)
    for seed in range(10):
        returns, acted = play_random_deal(env, seed)
        assert len(returns) == len(env.possible_agents)
        if len(returns) == 4:  # BT-MATCH-4: the dealer (seat 0) sits the deal out
            assert 0 not in acted


@pytest.mark.parametrize("options", [{}, {"player_count": 2}], ids=["4", "2"])
def test_pettingzoo_random_deals_ottocento(options: dict[str, Any]) -> None:
    env = pettingzoo_env(OTTOCENTO, dealer=1, **options)
    for seed in range(8):
        returns, _ = play_random_deal(env, seed)
        assert sum(returns) == 0


def test_pettingzoo_multi_token_action_keeps_the_agent() -> None:
    """A discard spelled card by card: the engine waits and the same agent is selected."""
    env = pettingzoo_env(OTTOCENTO)
    env.reset(seed=0)
    state = env.env_state
    assert state is not None
    rng = np.random.default_rng(0)
    while not state.pending:
        assert not state.is_terminal(), "no multi-token action in this deal"
        env.step(int(rng.choice(state.legal_tokens())))
    agent = env.agent_selection
    assert env.possible_agents[state.current_player()] == agent
    assert env.observe(agent)["action_mask"].any()


# -- options, errors, seeding ----------------------------------------------------------------

def test_pettingzoo_rule_options_reach_the_engine() -> None:
    env = pettingzoo_env(HUNGARIAN, players=5)
    env.reset(seed=0)
    assert env.possible_agents == [f"player_{i}" for i in range(5)]
    assert env.agents == env.possible_agents
    assert env.game.num_seats == 5

    two = pettingzoo_env(OTTOCENTO, player_count=2)
    two.reset(seed=0)
    assert two.num_agents == 2

    short = pettingzoo_env(BAVARIAN, variant="scharfer")
    expected = make_game(BAVARIAN, {"variant": "scharfer"}).action_encoding().num_tokens
    assert short.action_space("player_0").n == expected
    assert expected < pettingzoo_env(BAVARIAN).action_space("player_0").n
    size = short.observation_space("player_0")["observation"].shape
    assert size == (short.writer.size,)


def test_pettingzoo_dealer_reaches_the_engine() -> None:
    env = pettingzoo_env(HUNGARIAN, dealer=2)
    env.reset(seed=0)
    assert env.env_state is not None and env.env_state.engine.dealer == 2
    with pytest.raises(ValueError):
        pettingzoo_env(HUNGARIAN, dealer=4)


def test_pettingzoo_unknown_option_raises() -> None:
    with pytest.raises(InvalidOptionError):
        pettingzoo_env(HUNGARIAN, no_such_option=1)
    with pytest.raises(InvalidOptionError):
        pettingzoo_env(OTTOCENTO, player_count=3)


def test_pettingzoo_illegal_token_raises_and_changes_nothing() -> None:
    env = pettingzoo_env(HUNGARIAN)
    env.reset(seed=3)
    agent = env.agent_selection
    before = {a: env.observe(a) for a in env.agents}
    mask = before[agent]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for token in (illegal, env.encoding.num_tokens, -1):
        with pytest.raises(IllegalActionError):
            env.step(token)
    with pytest.raises(IllegalActionError):
        env.step(None)
    assert env.agent_selection == agent
    assert not any(env.terminations.values())
    for a, obs in before.items():
        after = env.observe(a)
        assert np.array_equal(after["observation"], obs["observation"])
        assert np.array_equal(after["action_mask"], obs["action_mask"])
    env.step(int(np.flatnonzero(mask)[0]))  # a legal token is still accepted


def test_pettingzoo_same_seed_same_first_observation() -> None:
    first, second = pettingzoo_env(HUNGARIAN), pettingzoo_env(HUNGARIAN)
    first.reset(seed=11)
    second.reset(seed=11)
    for agent in first.possible_agents:
        a, b = first.observe(agent), second.observe(agent)
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
    # the generator goes on without a seed, and another seed deals other cards
    hand = first.observe("player_0")["observation"].copy()
    first.reset()
    second.reset(seed=12)
    assert not np.array_equal(first.observe("player_0")["observation"], hand)
    assert not np.array_equal(second.observe("player_0")["observation"], hand)


def test_pettingzoo_render_modes() -> None:
    env = pettingzoo_env(BAVARIAN, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str)
    assert f"{env.agent_selection} to act; legal: " in text
    silent = pettingzoo_env(BAVARIAN)
    silent.reset(seed=0)
    with pytest.warns(UserWarning, match="render mode"):
        assert silent.render() is None
    with pytest.raises(ValueError):
        pettingzoo_env(BAVARIAN, render_mode="rgb_array")
