"""Simulation speed: deals per second of ``tarock simulate`` (``tarock.arena.simulate``) with 1
and more local worker processes, records kept, random players unless told otherwise.

The time includes starting the worker processes (``spawn``: each imports tarock afresh), which
is what a user of ``--workers`` pays; longer runs amortise it.

Usage: python benchmarks/simulate_speed.py [--deals N] [--workers 1,2] [--game NAME]
       [--players KIND] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

from tarock.arena.simulate import SimulateSpec, simulate
from tarock.games import make_game


def deals_per_second(game: str, players: str, deals: int, workers: int) -> float:
    seats = make_game(game).num_seats
    spec = SimulateSpec(game, {}, (players,) * seats,
                        tuple(f"{players} {s}" for s in range(seats)), seed=0)
    start = time.perf_counter()
    played = sum(len(chunk) for chunk in simulate(spec, deals, workers))
    assert played == deals
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", default="1,2", help="comma list of worker counts")
    parser.add_argument("--game", default="hungarian-tarokk")
    parser.add_argument("--players", default="random")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [{"game": args.game, "players": args.players, "deals": args.deals, "workers": w,
             "deals_per_s": round(deals_per_second(args.game, args.players, args.deals, w), 1)}
            for w in map(int, args.workers.split(","))]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        print(f"{row['game']} ({row['players']}), {row['deals']} deals, {row['workers']} "
              f"worker(s): {row['deals_per_s']} deals/s")


if __name__ == "__main__":
    main()
