"""Speed of the compiled perfect-information solvers, and their speedup over the reference.

    .venv/bin/python benchmarks/solver_speed.py [--deals 50] [--endgame-deals 30] [--json]
        [--games G,...] [--ottocento-left 7] [--max-nodes 20000000]

For each game, deals are bid and played by the heuristic player up to a trick boundary, then
solved open-handed and exactly (``solve``: the value of the rest of the deal under best play):

* ``deals``, ``median_ms``, ``p95_ms``: the compiled solver from ``from_trick`` (1: the whole
  deal; Ottocento solves whole deals far too slowly, so it starts with ``--ottocento-left``
  tricks left, 7 by default: trick 9 of 15);
  ``over_limit`` counts solves stopped at ``--max-nodes`` (their time is counted as it was, so
  the p95 is then a lower bound);
* ``speedup``: the reference (pure Python) and the compiled solver on the same endgames (the
  reference takes a minute or more for a whole Hungarian deal), median times and their ratio.

Compiling is not timed (the first solve of each game is a warm-up; compiled code is cached on
disk anyway), nor is building the Hungarian value table of a deal's contract and kontra levels
(about 10 ms, once per contract: the search player's worlds share it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from tarock.bavarian.strategy import fast as bavarian_fast
from tarock.bavarian.strategy import solver as bavarian_solver
from tarock.games import make_game
from tarock.hungarian.strategy import fast as hungarian_fast
from tarock.hungarian.strategy import solver as hungarian_solver
from tarock.ottocento.strategy import fast as ottocento_fast
from tarock.ottocento.strategy import solver as ottocento_solver
from tarock.players import make_player
from tarock.players.compiled import NodeLimitExceeded

TRICKS = {"hungarian-tarokk": 9, "bavarian-tarock": 11, "ottocento": 15}
ENDGAME_LEFT = {"hungarian-tarokk": 5, "bavarian-tarock": 6, "ottocento": 4}
OTTOCENTO_LEFT = 7  # by default the compiled Ottocento solve from trick 9 of 15


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def positions(game_name: str, deals: int, tricks_left: int) -> list[Any]:
    """States at the start of the trick with ``tricks_left`` tricks to go (heuristic play;
    deals thrown in are skipped)."""
    game = make_game(game_name)
    total = TRICKS[game_name]
    players = [make_player("heuristic", s) for s in range(game.num_seats)]
    out: list[Any] = []
    seed = 0
    while len(out) < deals:
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        seed += 1
        while not state.is_terminal():
            if state.phase == "play" and len(state.tricks) == total - tricks_left \
                    and not state.trick:
                out.append(state)
                break
            seat = state.current_player()
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
    return out


def solvers(game_name: str, state: Any, max_nodes: int) -> tuple[Any, Callable[[], Any], Any]:
    """(position, a fresh compiled solver, a fresh reference solver) for ``state``."""
    if game_name == "hungarian-tarokk":
        pos = hungarian_solver.position_from_state(state)
        hungarian_fast.value_table(pos.scorer)
        return (pos, lambda: hungarian_fast.FastSolver(max_nodes),
                lambda: hungarian_solver.Solver())
    if game_name == "bavarian-tarock":
        pos = bavarian_solver.position_from_state(state)
        args = (state.pack, state.trump, state.bettel, state.opt.must_beat)
        return (pos, lambda: bavarian_fast.FastSolver(*args, max_nodes=max_nodes),
                lambda: bavarian_solver.Solver(*args))
    pos = ottocento_solver.position_from_state(state)
    return (pos, lambda: ottocento_fast.FastSolver(state.opt, max_nodes),
            lambda: ottocento_solver.Solver(state.opt))


def time_solves(game_name: str, states: list[Any], max_nodes: int,
                reference: bool = False) -> tuple[list[float], int]:
    """Seconds per exact solve, and how many stopped at the node limit."""
    times, over = [], 0
    for state in states:
        pos, fast, ref = solvers(game_name, state, max_nodes)
        solver = ref() if reference else fast()
        t = time.perf_counter()
        try:
            solver.solve(pos)
        except NodeLimitExceeded:
            over += 1
        times.append(time.perf_counter() - t)
    return times, over


def measure(game_name: str, deals: int, endgame_deals: int, max_nodes: int,
            ottocento_left: int = OTTOCENTO_LEFT) -> dict[str, Any]:
    left = ottocento_left if game_name == "ottocento" else TRICKS[game_name]
    states = positions(game_name, deals, left)
    time_solves(game_name, states[:1], max_nodes)  # warm-up: load or compile the code
    times, over = time_solves(game_name, states, max_nodes)
    end_left = ENDGAME_LEFT[game_name]
    end = positions(game_name, endgame_deals, end_left)
    fast_end, _ = time_solves(game_name, end, max_nodes)
    ref_end, _ = time_solves(game_name, end, max_nodes, reference=True)
    return {
        "deals": len(times),
        "from_trick": TRICKS[game_name] - left + 1,
        "median_ms": round(statistics.median(times) * 1000, 2),
        "p95_ms": round(_p95(times) * 1000, 2),
        "over_limit": over,
        "speedup": {
            "from_trick": TRICKS[game_name] - end_left + 1,
            "deals": len(end),
            "reference_median_ms": round(statistics.median(ref_end) * 1000, 2),
            "compiled_median_ms": round(statistics.median(fast_end) * 1000, 3),
            "speedup": round(statistics.median(ref_end) / statistics.median(fast_end), 1),
        },
    }


def positive(text: str) -> int:
    """A count of deals: a median needs at least one."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number of deals")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=positive, default=50)
    parser.add_argument("--endgame-deals", type=positive, default=30)
    parser.add_argument("--max-nodes", type=int, default=20_000_000,
                        help="stop a compiled solve after this many nodes (seconds)")
    parser.add_argument("--games", default=",".join(TRICKS))
    parser.add_argument("--ottocento-left", type=int, default=OTTOCENTO_LEFT,
                        help="tricks left where the Ottocento solves start (15: the whole deal)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = {}
    for name in args.games.split(","):
        out[name] = r = measure(name, args.deals, args.endgame_deals, args.max_nodes,
                                args.ottocento_left)
        if not args.json:
            s = r["speedup"]
            print(f"{name:<17} from trick {r['from_trick']:>2}: {r['deals']} deals, median "
                  f"{r['median_ms']:9.1f} ms, p95 {r['p95_ms']:9.1f} ms, over the limit "
                  f"{r['over_limit']}; from trick {s['from_trick']}: reference "
                  f"{s['reference_median_ms']:.1f} ms, compiled {s['compiled_median_ms']:.2f} "
                  f"ms, speedup {s['speedup']:g}x", flush=True)
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
