"""Engine speed: random legal play through full deals, decisions/s, deals/s and clone() cost.

Every game registered in :mod:`tarock.games` is measured through the public protocol only. All
decisions are uniformly random among the legal actions, except Hungarian tarokk's auction, which
follows a fixed policy so that deals are played out rather than thrown in: the first player who
may bid opens, as high as his tarokks suggest (6 tarokks kettő, 7 egy, 8+ szóló, else három) and
as the rules let him, and everyone else passes. When ``open_spiel`` is installed (``pip install
'.[openspiel]'``), the same kind of run is timed on OpenSpiel's ``tarok`` (Slovenian tarok, C++)
and the ratio ours/theirs in decisions per second is printed for Hungarian tarokk. The ratio
comes from its own run in which the two engines take turns in rounds (``--rounds``, a tenth of
the deals each), so that the load of a shared machine, which comes and goes, falls on both alike.

The engine modules run compiled when built (``make native``) and from their sources with
``TAROCK_PURE=1``; the report says which (``engine``).

Usage: python benchmarks/engine_speed.py [--deals N] [--rounds R] [--game NAME] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import tarock
from tarock.core.protocol import Game, State, registered_games
from tarock.games import make_game

HUNGARIAN_BIDS = ("harom", "ketto", "egy", "szolo")
OPENSPIEL_DEALS_PER_OURS = 10  # deals of OpenSpiel's tarok per Hungarian deal in the ratio's run

# The configurations measured per game: a label and the rule options.
CONFIGS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "hungarian-tarokk": [("4 players", {"players": 4}), ("5 players", {"players": 5})],
    "bavarian-tarock": [
        ("V2 Haferltarock", {}),
        ("V1P overshoot", {"variant": "simple"}),
        ("V1F fixed", {"variant": "simple", "simple_payment": "fixed"}),
        ("V1B Bettel", {"variant": "simple", "simple_bettel": True}),
        ("V3 Scharfer", {"variant": "scharfer"}),
    ],
    "ottocento": [("4 players", {}), ("2 players", {"players": 2})],
}


def hungarian_opening(game: Game, state: State, legal: list[Any]) -> Any | None:
    """The fixed auction policy for Hungarian tarokk; None once the auction is over."""
    if game.action_to_json(legal[0])["type"] != "bid":
        return None
    by_name = {game.action_to_json(a)["bid"]: a for a in legal}
    if "harom" not in by_name:
        return by_name.get("passz", legal[0])
    hand = state.observation(state.current_player())["hand"]
    wanted = min(max(sum(code.startswith("T") for code in hand) - 4, 1), 4)
    for name in reversed(HUNGARIAN_BIDS[:wanted]):
        if name in by_name:
            return by_name[name]
    return by_name["harom"]


OPENING_POLICIES: dict[str, Callable[[Game, State, list[Any]], Any | None]] = {
    "hungarian-tarokk": hungarian_opening,
}


def contract_label(result: dict[str, Any]) -> str:
    """A short name for what was played (the contract mix): the contract, whether the declarer
    was alone (Hungarian) or how it ended (Bavarian); throw-ins and other outcomes by name."""
    contract, outcome = result.get("contract"), str(result.get("outcome", "played"))
    if contract is None:
        return outcome
    if outcome == "scored":
        return f"{contract}{' alone' if result.get('partner', 0) is None else ''}"
    if outcome in ("won", "lost", "draw"):
        return f"{contract} {outcome}"
    return outcome


def run_ours(name: str, options: dict[str, Any], deals: int, seed: int = 1,
             clones: bool = True) -> dict[str, Any]:
    game = make_game(name, options)
    opening = OPENING_POLICIES.get(name)
    rng = random.Random(seed)
    decisions = 0
    contracts: Counter[str] = Counter()
    start = time.perf_counter()
    for d in range(deals):
        state = game.new_deal_state(seed * 100_000 + d, dealer=d % game.num_seats)
        opening_phase = opening is not None
        while not state.is_terminal():
            legal = state.legal_actions()
            action = opening(game, state, legal) if opening_phase and opening else None
            if action is None:
                opening_phase = False
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            decisions += 1
        contracts[contract_label(state.result())] += 1
    elapsed = time.perf_counter() - start
    return {
        "game": name,
        "options": options,
        "deals": deals,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "decisions_per_s": round(decisions / elapsed),
        "deals_per_s": round(deals / elapsed, 1),
        "contracts": dict(contracts.most_common()),
        "clone_us": clone_cost(game, opening) if clones else {},
    }


def clone_cost(game: Game, opening: Any, samples: int = 2000) -> dict[str, float]:
    """Mean microseconds per clone() at the start of each kind of decision of a deal."""
    rng = random.Random(5)
    by_kind: dict[str, State] = {}
    for seed in range(20):
        state = game.new_deal_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            by_kind.setdefault(game.action_to_json(legal[0])["type"], state.clone())
            action = opening(game, state, legal) if opening else None
            state.apply(action if action is not None else legal[rng.randrange(len(legal))])
    out = {}
    for kind, state in by_kind.items():
        start = time.perf_counter()
        for _ in range(samples):
            state.clone()
        out[kind] = round((time.perf_counter() - start) / samples * 1e6, 2)
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


def interleaved_ratio(deals: int, rounds: int) -> tuple[dict[str, Any], float] | None:
    """OpenSpiel's tarok and the ratio ours/theirs in decisions per second (Hungarian, 4
    players), the two engines taking turns in ``rounds`` slices of the deals; None without
    pyspiel."""
    per_round = max(1, deals // rounds)
    ours_decisions = theirs_decisions = 0
    ours_s = theirs_s = 0.0
    theirs: dict[str, Any] | None = None
    for r in range(rounds):
        ours = run_ours("hungarian-tarokk", {"players": 4}, per_round, seed=r + 1, clones=False)
        # OpenSpiel's random deals are short (about a dozen decisions against our 130), so it
        # plays more of them per turn: both turns then last about as long
        theirs = run_openspiel(per_round * OPENSPIEL_DEALS_PER_OURS, seed=r + 1)
        if theirs is None:
            return None
        ours_decisions += ours["decisions"]
        ours_s += ours["seconds"]
        theirs_decisions += theirs["decisions"]
        theirs_s += theirs["seconds"]
    assert theirs is not None
    summary = {**theirs, "deals": per_round * rounds * OPENSPIEL_DEALS_PER_OURS,
               "decisions": theirs_decisions,
               "seconds": round(theirs_s, 3),
               "decisions_per_s": round(theirs_decisions / theirs_s),
               "deals_per_s": round(per_round * rounds * OPENSPIEL_DEALS_PER_OURS / theirs_s, 1)}
    return summary, round(ours_decisions / ours_s / (theirs_decisions / theirs_s), 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--game", choices=registered_games(), action="append",
                        help="measure only this game (repeatable; default: all registered)")
    parser.add_argument("--rounds", type=int, default=10,
                        help="turns each engine takes in the ratio's run (default 10)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = args.game or [g for g in CONFIGS if g in registered_games()]
    runs = [run_ours(name, options, args.deals) | {"label": label}
            for name in names for label, options in CONFIGS[name]]
    # whether the engine modules ran compiled (make native) or from source (tarock.core.native)
    report: dict[str, Any] = {"engine": tarock.NATIVE, "runs": runs}
    if "hungarian-tarokk" in names:
        ratio = interleaved_ratio(args.deals, args.rounds)
        if ratio is not None:
            report["openspiel"], report["ratio_decisions_per_s"] = ratio
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"engine modules: {report['engine']}")
    for run in runs:
        print(f"{run['game']} ({run['label']}): {run['deals']} deals, {run['decisions']} "
              f"decisions in {run['seconds']} s")
        print(f"  decisions/s: {run['decisions_per_s']}   deals/s: {run['deals_per_s']}")
        print(f"  contracts: {run['contracts']}")
        print(f"  clone() µs by decision: {run['clone_us']}")
    if "openspiel" in report:
        theirs = report["openspiel"]
        print(f"open_spiel tarok: {theirs['decisions_per_s']} decisions/s, "
              f"{theirs['deals_per_s']} deals/s")
        print(f"ratio ours/theirs (decisions/s, Hungarian 4 players): "
              f"{report['ratio_decisions_per_s']}")
    elif "hungarian-tarokk" in names:
        print("open_spiel not installed: pip install '.[openspiel]' to compare with pyspiel tarok")


if __name__ == "__main__":
    main()
