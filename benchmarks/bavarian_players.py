"""Figures of the Bavarian tarock players (issue 5): arena results, solver and search speed.

    .venv/bin/python benchmarks/bavarian_players.py [--deals 300] [--search-deals 40]
        [--search-budget 0.2] [--solve-deals 5] [--moves 60] [--workers 2] [--seed 1] [--skip ...]

Prints, for the default variant V2 (Haferltarock) and for V1 (``variant=simple``):

* heuristic vs random and heuristic vs cautious, ``--deals`` duplicate deals each;
* search (budget ``--search-budget`` seconds a move, kind ``search-fast``) vs heuristic,
  ``--search-deals`` duplicate deals;

each as the mean points per deal (u) of both kinds and the paired difference, with 95% t-intervals
and N. Then the solver's median and p95 time to solve a whole deal open-handed, exactly, from the
first trick (``--solve-deals`` deals bid and declared by the heuristic; V2 and V3), and the search
player's median time per card-play decision at its default budget (1 s) and at the fast budget.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from tarock.arena import run_arena
from tarock.bavarian.strategy.solver import Solver, position_from_state
from tarock.games import make_game
from tarock.players import make_player
from tarock.players.base import register_player
from tarock.players.search import SearchPlayer

FAST_BUDGET = 0.2


def _fast(seed: int) -> SearchPlayer:
    return SearchPlayer(seed, budget=FAST_BUDGET)


register_player("search-fast", _fast)  # at import: spawned arena workers register it too

VARIANTS = {"V2": {}, "V1": {"variant": "simple"}}


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def _fmt(iv: Any) -> str:
    d = iv.to_json()
    return f"{d['mean']:+.2f} [{d['ci_low']:+.2f}, {d['ci_high']:+.2f}]"


def arena(label: str, options: dict[str, Any], kinds: list[str], deals: int, seed: int,
          workers: int) -> None:
    start = time.perf_counter()
    res = run_arena("bavarian-tarock", options, kinds, deals, seed, workers=workers)
    a, b = kinds
    print(f"{label} {a} vs {b}: N={res.deals}  {a} {_fmt(res.per_type[a])}  "
          f"{b} {_fmt(res.per_type[b])}  difference {_fmt(res.difference)}  "
          f"({time.perf_counter() - start:.0f} s)", flush=True)


def _at_first_trick(options: dict[str, Any], count: int, seed0: int = 0) -> list[Any]:
    game = make_game("bavarian-tarock", options)
    players = [make_player("heuristic", s) for s in range(3)]
    out, seed = [], seed0
    while len(out) < count:
        state = game.new_deal_state(seed, dealer=seed % 3)
        seed += 1
        while not state.is_terminal() and state.phase != "play":
            q = state.current_player()
            state.apply(players[q].act(game, state.observation(q), state.legal_actions()))
        if state.phase == "play":
            out.append(state)
    return out


def solve_times(options: dict[str, Any], count: int) -> None:
    times = []
    for state in _at_first_trick(options, count):
        solver = Solver(state.pack, state.trump, state.bettel, state.opt.must_beat)
        t = time.perf_counter()
        solver.solve(position_from_state(state))
        times.append(time.perf_counter() - t)
    print(f"whole-deal exact solve {options or 'V2'}: N={len(times)} median "
          f"{statistics.median(times):.2f} s  p95 {_p95(times):.2f} s  max {max(times):.2f} s",
          flush=True)


def move_times(budget: float, moves: int) -> None:
    game = make_game("bavarian-tarock")
    search = SearchPlayer(7, budget=budget)
    others = [make_player("heuristic", s) for s in range(3)]
    times, samples = [], []
    seed = 0
    while len(times) < moves:
        state = game.new_deal_state(seed, dealer=seed % 3)
        seed += 1
        while not state.is_terminal():
            q = state.current_player()
            obs, legal = state.observation(q), state.legal_actions()
            if q == state.active[seed % 3] and state.phase == "play" and len(legal) > 1:
                t = time.perf_counter()
                action = search.act(game, obs, legal)
                times.append(time.perf_counter() - t)
                samples.append(search.last_stats["samples"])
            else:
                action = others[q].act(game, obs, legal)
            state.apply(action)
    print(f"search move time (budget {budget} s): N={len(times)} median "
          f"{statistics.median(times):.3f} s  p95 {_p95(times):.3f} s  median worlds "
          f"{statistics.median(samples):.0f}", flush=True)


def main() -> None:
    global FAST_BUDGET
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--search-deals", type=int, default=40)
    ap.add_argument("--search-budget", type=float, default=FAST_BUDGET)
    ap.add_argument("--solve-deals", type=int, default=5)
    ap.add_argument("--moves", type=int, default=60)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip", nargs="*", default=[],
                    choices=["heuristic", "search", "solver", "moves"])
    args = ap.parse_args()
    if args.search_budget != FAST_BUDGET:
        # the spawned workers rebuild search-fast with the default budget: play in-process
        FAST_BUDGET = args.search_budget
        args.workers = 1
    for label, options in VARIANTS.items():
        if "heuristic" not in args.skip:
            for other in ("random", "cautious"):
                arena(label, options, ["heuristic", other], args.deals, args.seed, args.workers)
        if "search" not in args.skip:
            arena(label, options, ["search-fast", "heuristic"], args.search_deals, args.seed,
                  args.workers)
    if "solver" not in args.skip:
        solve_times({"variant": "scharfer"}, max(args.solve_deals, 10))
        solve_times({}, args.solve_deals)
    if "moves" not in args.skip:
        move_times(FAST_BUDGET, args.moves)
        move_times(1.0, args.moves // 2)


if __name__ == "__main__":
    main()
