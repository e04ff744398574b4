"""Strength and speed of the Ottocento heuristic and search players.

    .venv/bin/python benchmarks/ottocento_players.py [--deals 200] [--search-deals 100]
        [--budget 0.1] [--workers 2] [--solver-deals 20] [--skip-arena]

Prints:

* duplicate arena results (mean points per deal with 95% CI and N) of heuristic vs random and
  heuristic vs cautious over ``--deals`` units, and search vs heuristic over ``--search-deals``
  units with the search player's time budget per move ``--budget`` (the kind ``search-b`` is
  registered here for that budget);
* the solver's time per solve (median / p95): exact solves from the start of the trick with
  2 to 6 tricks left, and the depth-limited solves from trick 1 (depth 0 and 1, the search
  player uses 0) — an exact solve from trick 1 is out of reach in pure Python;
* the search player's median and p95 time per card-play decision at that budget.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from tarock.arena.runner import run_arena
from tarock.games import make_game
from tarock.ottocento.strategy.solver import Solver, position_from_state
from tarock.players import make_player
from tarock.players.base import register_player
from tarock.players.search import SearchPlayer

BUDGET = [0.1]


def _search_b(seed: int) -> SearchPlayer:
    return SearchPlayer(seed, budget=BUDGET[0], samples=200)


register_player("search-b", _search_b)


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def _positions(deals: int, tricks_left: int) -> list[Any]:
    game = make_game("ottocento")
    out = []
    for seed in range(deals):
        players = [make_player("heuristic", s) for s in range(4)]
        state = game.new_deal_state(seed, dealer=seed % 4)
        while not state.is_terminal():
            if state.phase == "play" and len(state.tricks) == 15 - tricks_left \
                    and not state.trick:
                out.append(state.clone())
                break
            seat = state.current_player()
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
    return out


def _arena(players: list[str], deals: int, workers: int, seed: int) -> None:
    t = time.perf_counter()
    r = run_arena("ottocento", {}, players, deals, seed, workers=workers).to_json()
    for kind, s in r["players"].items():
        print(f"  {kind:10s} mean {s['mean']:+8.2f}  95% CI [{s['ci_low']:+.2f}, "
              f"{s['ci_high']:+.2f}]  N {s['n']}")
    d = r["difference"]
    print(f"  difference {d['first']} - {d['second']}: {d['mean']:+.2f} "
          f"[{d['ci_low']:+.2f}, {d['ci_high']:+.2f}] N {d['n']}  "
          f"({time.perf_counter() - t:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--search-deals", type=int, default=100)
    ap.add_argument("--budget", type=float, default=0.1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--solver-deals", type=int, default=20)
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--skip-arena", action="store_true")
    args = ap.parse_args()
    BUDGET[0] = args.budget
    game = make_game("ottocento")

    print("solver, time per solve (s):")
    for left in (2, 3, 4, 5, 6):
        times, nodes = [], []
        for state in _positions(args.solver_deals, left):
            s = Solver(state.opt)
            t = time.perf_counter()
            s.solve(position_from_state(state))
            times.append(time.perf_counter() - t)
            nodes.append(s.nodes)
        print(f"  exact, {left} tricks left: median {statistics.median(times):.4f} "
              f"p95 {_p95(times):.4f} nodes median {statistics.median(nodes):.0f} "
              f"N {len(times)}")
    for depth in (0, 1):
        times = []
        for state in _positions(max(5, args.solver_deals // 4), 15):
            s = Solver(state.opt, depth=depth)
            t = time.perf_counter()
            s.action_values(position_from_state(state))
            times.append(time.perf_counter() - t)
        print(f"  trick 1, depth {depth} (all leads valued): median "
              f"{statistics.median(times):.4f} p95 {_p95(times):.4f} N {len(times)}")

    print(f"search player, time per card-play decision (budget {args.budget} s):")
    player = SearchPlayer(0, budget=args.budget, samples=200)
    heur = make_player("heuristic", 1)
    times, worlds = [], []
    seed = 0
    while len(times) < args.moves:
        state = game.new_deal_state(seed, seed % 4)
        seed += 1
        while not state.is_terminal() and len(times) < args.moves:
            seat = state.current_player()
            obs, legal = state.observation(seat), state.legal_actions()
            if seat % 2 == 0 and state.phase == "play" and len(legal) > 1:
                t = time.perf_counter()
                action = player.act(game, obs, legal)
                times.append(time.perf_counter() - t)
                worlds.append(player.last_stats.get("samples", 0))
            else:
                action = heur.act(game, obs, legal)
            state.apply(action)
    print(f"  median {statistics.median(times):.3f} s  p95 {_p95(times):.3f} s  "
          f"worlds median {statistics.median(worlds):.0f}  N {len(times)} decisions")

    if args.skip_arena:
        return
    print(f"arena, heuristic vs random ({args.deals} duplicate deals):")
    _arena(["heuristic", "random"], args.deals, args.workers, 1)
    print(f"arena, heuristic vs cautious ({args.deals} duplicate deals):")
    _arena(["heuristic", "cautious"], args.deals, args.workers, 2)
    print(f"arena, search (budget {args.budget} s) vs heuristic "
          f"({args.search_deals} duplicate deals):")
    _arena(["search-b", "heuristic"], args.search_deals, args.workers, 3)


if __name__ == "__main__":
    main()
