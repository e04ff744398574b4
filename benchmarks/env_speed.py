"""Environment speed: decisions per second with the information-state tensor and the action mask
made at every decision, for every game, through each face.

* ``tokens``: the common layer alone (``EnvState`` + ``TensorWriter``): per decision, the acting
  seat's tensor, its legal tokens and one uniformly random token.
* ``pettingzoo``: the AEC loop of ``tarock.env.pettingzoo_env``: ``last()`` (tensor and
  ``action_mask``), a random legal token from the mask, ``step``.
* ``openspiel``: a pyspiel loop on the registered game: ``information_state_tensor`` and
  ``legal_actions`` of the player to act, one random action; the chance nodes that deal the cards
  are played but not counted.
* ``vector N``: the vector face (``tarock.env.vector_env``) with N deals stepped together, for
  N = 1, 16 and 256: per step, one random legal token per deal drawn from the batch's masks at
  once; steps per second count every deal's token (N per batch step).
* ``resample``: milliseconds per world at random decisions of random deals: ``first``, a new
  chain's first world (after its burn-in), and ``next``, each further world of the chain (20
  proposals, OpenSpiel's default ``resample_steps``): what ISMCTS pays per simulation.

A decision is one token: an action spelled with several tokens (a discard) counts once per
token. The ``pettingzoo`` and ``openspiel`` faces are skipped when their extras are missing.

Usage: python benchmarks/env_speed.py [--deals N] [--vector-steps N] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np

import tarock.games
from tarock.env.features import TensorWriter
from tarock.env.resample import resample
from tarock.env.table import EnvState

TABLES: list[tuple[str, str, dict[str, Any]]] = [
    ("hungarian-tarokk", "4 players", {}),
    ("hungarian-tarokk", "5 players", {"players": 5}),
    ("bavarian-tarock", "V2 Haferltarock", {}),
    ("bavarian-tarock", "V1 simple", {"variant": "simple"}),
    ("ottocento", "4 players", {}),
    ("ottocento", "2 players", {"players": 2}),
]


def bench_tokens(name: str, opts: dict[str, Any], deals: int) -> float:
    game = tarock.games.make_game(name, opts)
    writer = TensorWriter(game)
    rng = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    for seed in range(deals):
        state = EnvState(game.new_deal_state(seed))
        while not state.is_terminal():
            seat = state.current_player()
            writer.tensor(state, seat)
            state.apply_token(rng.choice(state.legal_tokens()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def bench_pettingzoo(name: str, opts: dict[str, Any], deals: int) -> float | None:
    try:
        from tarock.env import pettingzoo_env

        env = pettingzoo_env(name, **opts)
    except ImportError:
        return None
    rng = np.random.default_rng(1)
    decisions = 0
    start = time.perf_counter()
    for episode in range(deals):
        env.reset(seed=episode)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def bench_openspiel(name: str, opts: dict[str, Any], deals: int) -> float | None:
    try:
        import pyspiel

        from tarock.env import register_openspiel
        from tarock.env.openspiel_game import spiel_name
    except ImportError:
        return None
    register_openspiel()
    game = pyspiel.load_game(spiel_name(name), opts)
    rng = random.Random(1)
    decisions = 0
    elapsed = 0.0
    for _ in range(deals):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        start = time.perf_counter()
        while not state.is_terminal():
            player = state.current_player()
            state.information_state_tensor(player)
            state.apply_action(rng.choice(state.legal_actions(player)))
            decisions += 1
        elapsed += time.perf_counter() - start
    return decisions / elapsed


VECTOR_SIZES = (1, 16, 256)
STEPS_PER_SLOT = 300  # a few deals of every game


def bench_vector(name: str, opts: dict[str, Any], num_envs: int, steps: int) -> float | None:
    """Sub-environment steps per second of the vector face with ``num_envs`` deals, over about
    ``steps`` sub-environment steps, and at least ``STEPS_PER_SLOT`` per sub-environment: a deal's
    early decisions (auction, discards) cost more than its tricks, so each sub-environment plays
    whole deals, not only their beginnings."""
    try:
        from tarock.env import vector_env

        env = vector_env(name, num_envs, **opts)
    except ImportError:
        return None
    rng = np.random.default_rng(1)
    obs, _ = env.reset(seed=0)
    batches = max(STEPS_PER_SLOT, steps // num_envs)
    start = time.perf_counter()
    for _ in range(batches):
        tokens = np.argmax(rng.random(obs["action_mask"].shape) * obs["action_mask"], axis=1)
        obs, *_ = env.step(tokens)
    return batches * num_envs / (time.perf_counter() - start)


def bench_resample(name: str, opts: dict[str, Any], points: int) -> tuple[float, float]:
    """Milliseconds for a new chain's first world and for each further world."""
    game = tarock.games.make_game(name, opts)
    rng = random.Random(2)
    first = further = 0.0
    n = 0
    for seed in range(points):
        state = EnvState(game.new_deal_state(seed))
        stop = rng.randrange(1, 120)
        while not state.is_terminal() and stop:
            state.apply_token(rng.choice(state.legal_tokens()))
            stop -= 1
        if state.is_terminal():
            continue
        seat = state.current_player()
        start = time.perf_counter()
        world = resample(state, seat, rng)
        middle = time.perf_counter()
        for _ in range(5):
            world = resample(state, seat, rng, start=world)
        first += middle - start
        further += (time.perf_counter() - middle) / 5
        n += 1
    return 1000 * first / max(n, 1), 1000 * further / max(n, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--vector-steps", type=int, default=10_000,
                        help="sub-environment steps per vector run (default 10000)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name, label, opts in TABLES:
        rows.append({
            "game": name, "table": label,
            "tokens": bench_tokens(name, opts, args.deals),
            "pettingzoo": bench_pettingzoo(name, opts, args.deals),
            "openspiel": bench_openspiel(name, opts, args.deals),
        })
        for n in VECTOR_SIZES:
            rows[-1][f"vector {n}"] = bench_vector(name, opts, n, args.vector_steps)
        rows[-1]["resample_first_ms"], rows[-1]["resample_next_ms"] = bench_resample(
            name, opts, max(args.deals // 4, 10))
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    columns = [("tokens", 9), ("pettingzoo", 13), ("openspiel", 12),
               *((f"vector {n}", 11) for n in VECTOR_SIZES)]
    heads = " ".join(f"{k + '/s':>{w}}" for k, w in columns)
    print(f"{'game':18} {'table':16} {heads} {'resample first/next ms':>23}")
    for row in rows:
        cells = [f"{row[k]:>{w}.0f}" if row[k] is not None else f"{'-':>{w}}"
                 for k, w in columns]
        resampling = f"{row['resample_first_ms']:.1f} / {row['resample_next_ms']:.1f}"
        print(f"{row['game']:18} {row['table']:16} {' '.join(cells)} {resampling:>23}")


if __name__ == "__main__":
    main()
