"""Speed of the Hungarian perfect-information solver and of the search player.

    .venv/bin/python benchmarks/solver_speed.py [--deals 5] [--endgame-deals 30] [--moves 60]

Prints, for random deals played by the cautious player up to the start of trick 1:

* the median and 95th-percentile time to solve the whole deal open-handed, exactly (team d's
  scored value under best play) — this takes minutes per deal in pure Python, so ``--deals`` is
  small by default (0 skips it);
* the same for exact solves from later trick boundaries (2 to 7 tricks left) and for the
  depth-limited solves the search player uses before its exact endgame;
* the search player's median and 95th-percentile time per card-play decision (default budget
  1 s), with the median number of worlds it sampled.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tarock.games import make_game
from tarock.hungarian.game import HungarianState
from tarock.hungarian.strategy.solver import Solver, position_from_state
from tarock.players import make_player
from tarock.players.search import SearchPlayer


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def _positions(deals: int, tricks_left: int, seed0: int = 0) -> list[HungarianState]:
    """States at the start of the trick with ``tricks_left`` tricks to go (cautious play)."""
    game = make_game("hungarian-tarokk")
    players = [make_player("cautious", s) for s in range(4)]
    out: list[HungarianState] = []
    seed = seed0
    while len(out) < deals:
        state = game.new_deal_state(seed, dealer=seed % 4)
        seed += 1
        while not state.is_terminal():
            if state.phase == "play" and len(state.tricks) == 9 - tricks_left and not state.trick:
                out.append(state)
                break
            seat = state.current_player()
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
    return out


def _time_solves(states: list[HungarianState], depth: int = 9) -> tuple[list[float], list[int]]:
    times, nodes = [], []
    for state in states:
        solver = Solver(depth)
        t = time.perf_counter()
        solver.solve(position_from_state(state))
        times.append(time.perf_counter() - t)
        nodes.append(solver.nodes)
    return times, nodes


def _line(label: str, times: list[float], nodes: list[int]) -> str:
    return (f"{label:<44} n={len(times):<3} median {statistics.median(times) * 1000:9.1f} ms"
            f"   p95 {_p95(times) * 1000:9.1f} ms   median nodes {statistics.median(nodes):,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5, help="full deals solved exactly")
    parser.add_argument("--endgame-deals", type=int, default=30)
    parser.add_argument("--moves", type=int, default=60, help="search-player decisions timed")
    parser.add_argument("--budget", type=float, default=1.0)
    args = parser.parse_args()

    print("Hungarian tarokk solver (pure Python), positions from cautious play")
    for left in (2, 3, 4, 5, 6, 7):
        deals = args.endgame_deals if left <= 6 else max(5, args.endgame_deals // 3)
        times, nodes = _time_solves(_positions(deals, left))
        print(_line(f"exact, {left} tricks left", times, nodes), flush=True)
    for depth in (1, 2):
        times, nodes = _time_solves(_positions(args.endgame_deals, 9), depth)
        print(_line(f"trick 1, depth-limited (current + {depth})", times, nodes), flush=True)
    if args.deals:
        times, nodes = _time_solves(_positions(args.deals, 9))
        print(_line("exact, full deal from trick 1", times, nodes), flush=True)

    game = make_game("hungarian-tarokk")
    seats = [SearchPlayer(s, budget=args.budget) if s % 2 == 0 else make_player("cautious", s)
             for s in range(4)]
    per_move: list[float] = []
    worlds: list[int] = []
    seed = 0
    while len(per_move) < args.moves:
        state = game.new_deal_state(seed, dealer=seed % 4)
        seed += 1
        while not state.is_terminal() and len(per_move) < args.moves:
            seat = state.current_player()
            legal = state.legal_actions()
            player = seats[seat]
            t = time.perf_counter()
            action = player.act(game, state.observation(seat), legal)
            dt = time.perf_counter() - t
            if state.phase == "play" and isinstance(player, SearchPlayer) and len(legal) > 1:
                per_move.append(dt)
                worlds.append(player.last_stats["samples"])
            state.apply(action)
    print(f"search player, budget {args.budget:g} s: {len(per_move)} card decisions, median "
          f"{statistics.median(per_move):.3f} s, p95 {_p95(per_move):.3f} s, median worlds "
          f"{statistics.median(worlds):.0f}")


if __name__ == "__main__":
    main()
