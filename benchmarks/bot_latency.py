"""How long the search player's moves take against its budget, and its first move after start.

    .venv/bin/python benchmarks/bot_latency.py [--budget 1.0] [--deals 2] [--json]

For each game, a fresh Python process (as a terminal game or the server's worker starts) imports
the package, makes a search player and plays ``--deals`` deals at a table of search players
(each seat its own player), timing every move with the wall clock. It prints per game:

* ``start_s``: from the process's first line to a game and a player ready (imports);
* ``first_move_s``: the first move that searched (the search domain handled it), which also
  loads the compiled solver from numba's cache (run ``make play`` or ``make test`` once first,
  or this includes compiling);
* ``max_move_s``, ``p99_move_s``: over every other move; a move may not exceed the budget;
* ``searched``: how many moves searched.

The server's worker for ``hard`` bots loads the solver as a table is created
(:meth:`tarock.server.bots.Bots.prepare`), so there the first move does not pay the load.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from typing import Any

GAMES = ("hungarian-tarokk", "bavarian-tarock", "ottocento")

CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
import tarock.games
from tarock.core.protocol import make_game
from tarock.players.search import SearchPlayer
game_name, budget, deals = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
game = make_game(game_name)
players = [SearchPlayer(seat, budget=budget) for seat in range(game.num_seats)]
start = time.perf_counter() - t0
first, moves = None, []
for seed in range(deals):
    state = game.new_deal_state(seed, dealer=seed % game.num_seats)
    while not state.is_terminal():
        seat = state.current_player()
        t = time.perf_counter()
        action = players[seat].act(game, state.observation(seat), state.legal_actions())
        dt = time.perf_counter() - t
        if first is None and players[seat].last_stats["samples"]:
            first = dt
        else:
            moves.append((dt, players[seat].last_stats["samples"] > 0))
        state.apply(action)
print(json.dumps({"start": start, "first": first, "moves": moves}))
"""


def measure(game_name: str, budget: float, deals: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", CHILD, game_name, str(budget),
                          str(deals)], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    times = sorted(dt for dt, _ in data["moves"])
    return {"game": game_name, "budget_s": budget, "start_s": round(data["start"], 3),
            "first_move_s": round(data["first"] or 0.0, 3),
            "max_move_s": round(times[-1], 3),
            "p99_move_s": round(times[min(len(times) - 1, round(0.99 * (len(times) - 1)))], 3),
            "moves": len(times) + 1,
            "searched": 1 + sum(searched for _, searched in data["moves"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(g, args.budget, args.deals) for g in GAMES]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        print(f"{r['game']:18} budget {r['budget_s']} s: start {r['start_s']} s, first search "
              f"{r['first_move_s']} s, other moves max {r['max_move_s']} s (p99 "
              f"{r['p99_move_s']} s), {r['searched']} of {r['moves']} moves searched")


if __name__ == "__main__":
    main()
