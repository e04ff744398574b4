"""How many worlds the search player values in a card-play decision, trick by trick.

    .venv/bin/python benchmarks/search_worlds.py --game G [--think 0.25] [--deals 40]
        [--seed 1000] [--search search] [--json]

Heuristic players play ``--deals`` deals (deal ``seed + i``, dealt by seat ``i`` modulo the
seats); at every card-play decision of the dealer's seat with a choice, a search player with
``--think`` seconds a move decides too (``--search``: the kind with its settings, as in
``search:samples=800``; the heuristic's card is played, so every deal is the same whatever the
search player would do). Prints, for each trick in which it valued worlds: the
decisions, the median and mean worlds valued, how many decisions valued fewer than two (which
can never overrule the heuristic's card), and the mean seconds a decision took.

The search player stops at the budget, or where its game has the early stop
(:func:`tarock.players.search.card_rule`; not in Hungarian tarokk nor at a solved card of a
Bavarian hand game) after ``SETTLE`` worlds in which no card beats the heuristic's: a trick
whose decisions end in well under the budget with ``SETTLE`` worlds is limited by that rule, one
whose decisions use the budget with few worlds by the solver's speed.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from typing import Any

from tarock.games import make_game
from tarock.players.base import make_player, set_think
from tarock.players.rollouts import seats_players
from tarock.players.search import warm_up


def measure(game_name: str, think: float, deals: int, seed: int, kind: str = "search"
            ) -> list[dict[str, Any]]:
    game = make_game(game_name)
    warm_up(game)
    heuristic = seats_players(game)
    search: Any = set_think(make_player(kind, seed), think)
    by_trick: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for i in range(deals):
        dealer = i % game.num_seats
        state = game.new_deal_state(seed + i, dealer=dealer)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            legal = state.legal_actions()
            if seat == dealer and len(legal) > 1 and obs.get("phase") == "play":
                search.act(game, obs, legal)
                stats = search.last_stats
                if stats.get("samples", 0) or stats.get("seconds", 0.0) > 0.0:
                    by_trick[len(obs.get("tricks", ())) + 1].append(
                        (stats["samples"], stats["seconds"]))
            state.apply(heuristic[seat].act(game, obs, legal))
    out = []
    for trick in sorted(by_trick):
        worlds = [n for n, _ in by_trick[trick]]
        if not any(worlds):
            continue  # the search player values no worlds in this trick (the heuristic's)
        out.append({"trick": trick, "decisions": len(worlds),
                    "median_worlds": statistics.median(worlds),
                    "mean_worlds": round(statistics.fmean(worlds), 1),
                    "fewer_than_two": sum(n < 2 for n in worlds),
                    "mean_seconds": round(statistics.fmean(s for _, s in by_trick[trick]), 3)})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--think", type=float, default=0.25)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--search", default="search",
                        help="the search kind with its settings (search:KEY=VALUE:...)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure(args.game, args.think, args.deals, args.seed, args.search)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("trick  decisions  median worlds  mean worlds  fewer than two  mean seconds")
    for r in rows:
        print(f"{r['trick']:>5}  {r['decisions']:>9}  {r['median_worlds']:>13}  "
              f"{r['mean_worlds']:>11}  {r['fewer_than_two']:>14}  {r['mean_seconds']:>12}")


if __name__ == "__main__":
    main()
