"""Engine speed: random legal play through full deals, decisions/s, deals/s and clone() cost.

Bidding follows a fixed policy so that deals are played out rather than thrown in: the first
player who may bid opens, as high as his tarokks suggest (6 tarokks kettő, 7 egy, 8+ szóló, else
három) and as the rules let him, and everyone else passes; every other decision is uniformly random
among the legal actions. When ``open_spiel`` is installed (``pip install
'.[bench]'``), the same kind of run is timed on OpenSpiel's ``tarok`` (Slovenian tarok, C++) and
the ratio ours/theirs in decisions per second is printed.

Usage: python benchmarks/engine_speed.py [--deals N] [--players 4|5] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from typing import Any

from tarock.games import make_game

BID_TYPES = ("harom", "ketto", "egy", "szolo")


def fixed_bid(game: Any, observation: dict[str, Any], legal: list[Any]) -> Any:
    """Open if nobody has bid (as high as the hand and the rules allow), else pass."""
    by_name = {game.action_to_json(a)["bid"]: a for a in legal}
    if "harom" not in by_name:
        return by_name.get("passz", legal[0])
    tarokks = sum(code.startswith("T") for code in observation["hand"])
    wanted = min(max(tarokks - 4, 1), 4)
    for name in reversed(BID_TYPES[:wanted]):
        if name in by_name:
            return by_name[name]
    return by_name["harom"]


def run_ours(deals: int, players: int, seed: int = 1) -> dict[str, Any]:
    game = make_game("hungarian-tarokk", {"players": players})
    rng = random.Random(seed)
    decisions = 0
    contracts: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    start = time.perf_counter()
    for d in range(deals):
        state = game.new_deal_state(seed * 100_000 + d, dealer=d % players)
        bidding = True  # the auction comes first; once another decision shows, it is over
        while not state.is_terminal():
            legal = state.legal_actions()
            if bidding:
                bidding = game.action_to_json(legal[0])["type"] == "bid"
            if bidding:
                action = fixed_bid(game, state.observation(state.current_player()), legal)
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            decisions += 1
        result = state.result()
        outcomes[result["outcome"]] += 1
        if result["outcome"] == "scored":
            alone = state.deal_outcome().partner is None
            contracts[f"{BID_TYPES[state.level - 1]}{' alone' if alone else ''}"] += 1
    elapsed = time.perf_counter() - start
    return {
        "engine": "tarock hungarian-tarokk",
        "players": players,
        "deals": deals,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "decisions_per_s": round(decisions / elapsed),
        "deals_per_s": round(deals / elapsed, 1),
        "outcomes": dict(outcomes),
        "contracts": dict(contracts),
        "clone_us": clone_cost(game),
    }


def clone_cost(game: Any, samples: int = 2000) -> dict[str, float]:
    """Mean microseconds per clone() at the start of each phase of a played-out deal."""
    rng = random.Random(5)
    by_phase: dict[str, Any] = {}
    seed = 0
    while len(by_phase) < 4 and seed < 50:
        state = game.new_deal_state(seed)
        seed += 1
        while not state.is_terminal():
            by_phase.setdefault(state.phase, state.clone())
            legal = state.legal_actions()
            first = game.action_to_json(legal[0])
            state.apply(fixed_bid(game, state.observation(state.current_player()), legal)
                        if first["type"] == "bid" else legal[rng.randrange(len(legal))])
    out = {}
    for phase, state in by_phase.items():
        start = time.perf_counter()
        for _ in range(samples):
            state.clone()
        out[phase] = round((time.perf_counter() - start) / samples * 1e6, 2)
    return out


def run_openspiel(deals: int, seed: int = 1) -> dict[str, Any] | None:
    """OpenSpiel's tarok with a uniformly random policy, if pyspiel is installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("tarok")
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    elapsed = time.perf_counter() - start
    return {"engine": "open_spiel tarok", "deals": deals, "decisions": decisions,
            "seconds": round(elapsed, 3), "decisions_per_s": round(decisions / elapsed),
            "deals_per_s": round(deals / elapsed, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4, choices=(4, 5))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"ours": run_ours(args.deals, args.players)}
    theirs = run_openspiel(args.deals)
    if theirs is not None:
        report["openspiel"] = theirs
        report["ratio_decisions_per_s"] = round(
            report["ours"]["decisions_per_s"] / theirs["decisions_per_s"], 3)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    ours = report["ours"]
    print(f"hungarian-tarokk, {ours['players']} players, {ours['deals']} deals, "
          f"{ours['decisions']} decisions in {ours['seconds']} s")
    print(f"  decisions/s: {ours['decisions_per_s']}   deals/s: {ours['deals_per_s']}")
    print(f"  outcomes: {ours['outcomes']}")
    print(f"  contracts: {ours['contracts']}")
    print(f"  clone() µs by phase: {ours['clone_us']}")
    if theirs is None:
        print("open_spiel not installed: pip install '.[bench]' to compare with pyspiel tarok")
    else:
        print(f"open_spiel tarok: {theirs['decisions_per_s']} decisions/s, "
              f"{theirs['deals_per_s']} deals/s")
        print(f"ratio ours/theirs (decisions/s): {report['ratio_decisions_per_s']}")


if __name__ == "__main__":
    main()
