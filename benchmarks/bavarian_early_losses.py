"""Which Bavarian card decisions of the first tricks lose, and whether solved worlds would help.

    .venv/bin/python benchmarks/bavarian_early_losses.py [--deals 300] [--last-trick 3]
        [--seed 7] [--worlds 0] [--json]

Heuristic players deal and play Haferltarock deals. Every card decision with a choice up to
``--last-trick`` is valued in the true deal (each legal card solved open-handed, as the
omniscient player does); the heuristic's card *loses* the best card's value minus its own, in
u for the seat. Prints the mean loss per decision and each kind of decision's share of all that
was lost: by trick, by the declarer or a defender, and by the place in the trick (0: the lead).

With ``--worlds K`` it looks only at the leads instead: the search player's sampler draws K
weighted worlds at each (no time limit), each is solved, and the card with the best weighted mean
is valued in the true deal against the heuristic's, separately for the declarer's leads and the
defenders'. That is what solving many worlds would gain there, so a faster solver too.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from typing import Any

from tarock.arena.stats import mean_interval
from tarock.games import make_game
from tarock.players.compiled import NodeLimitExceeded
from tarock.players.inference import WeightedSampler
from tarock.players.rollouts import seats_players
from tarock.players.search import search_domain

MAX_NODES = 30_000_000


def measure(deals: int, last: int, seed: int, worlds: int) -> dict[str, Any]:
    game = make_game("bavarian-tarock")
    domain = search_domain(game)
    assert domain is not None
    players = seats_players(game)
    losses: dict[str, list[float]] = defaultdict(list)
    for deal in range(seed * 100_000 + 1, seed * 100_000 + deals + 1):
        state = game.new_deal_state(deal, dealer=deal % game.num_seats)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            legal = state.legal_actions()
            choice = players[seat].act(game, obs, legal)
            trick = len(obs.get("tricks", ())) + 1
            place = len(obs.get("trick", ()))
            if len(legal) > 1 and trick <= last and (place == 0 or not worlds) \
                    and domain.handles(game, obs, legal):
                role = "declarer" if seat == obs["declarer"] else "defender"
                try:
                    truth = domain.evaluate(game, obs, domain.true_world(state), legal, MAX_NODES)
                    if worlds:
                        card = _best_mean(game, domain, obs, legal, worlds, deal * 10 + trick)
                        losses[role].append(truth[card] - truth[choice])
                    else:
                        losses[f"{trick} {role} {place}"].append(max(truth.values())
                                                                 - truth[choice])
                except NodeLimitExceeded:
                    pass  # too big to solve here: left out
            state.apply(choice)
    if worlds:
        return {"worlds": worlds, "best_mean_minus_heuristic": {
            role: mean_interval(xs).to_json(2) for role, xs in sorted(losses.items())}}
    total = sum(sum(xs) for xs in losses.values())
    count = sum(len(xs) for xs in losses.values())
    return {"decisions": count, "mean_loss": round(total / count, 2), "by_decision": {
        kind: {"decisions": len(xs), "mean_loss": round(statistics.fmean(xs), 2),
               "share": round(sum(xs) / total, 3)} for kind, xs in sorted(losses.items())}}


def _best_mean(game: Any, domain: Any, obs: dict[str, Any], legal: list[Any], worlds: int,
               seed: int) -> Any:
    """The legal card with the best weighted mean value over ``worlds`` drawn worlds (those
    too big to solve here left out)."""
    sampler = WeightedSampler(domain.sampler(game, obs), domain.likelihood(game, obs) or None)
    rng = random.Random(seed)
    total: dict[Any, float] = dict.fromkeys(legal, 0.0)
    for _ in range(worlds):
        drawn = sampler.draw(rng)
        if drawn is None:
            break
        world, weight = drawn
        try:
            values = domain.evaluate(game, obs, world, legal, MAX_NODES)
        except NodeLimitExceeded:
            continue
        for card, value in values.items():
            total[card] += weight * value
    return max(legal, key=lambda card: total[card])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--last-trick", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--worlds", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = measure(args.deals, args.last_trick, args.seed, args.worlds)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for key, value in out.items():
        if isinstance(value, dict):
            for kind, row in value.items():
                print(f"{kind}: {row}")
        else:
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
