"""What single decisions of the search player lose in the true deal, with and without inference,
against the heuristic's.

    .venv/bin/python benchmarks/decision_quality.py --game G [--kind cards|bids]
        [--decisions 150] [--think 0.25] [--first-trick 3] [--last-trick 8] [--seed 1] [--json]

Heuristic players deal and play deals. At one decision per deal, the heuristic, the search player
with inference and the search player without it each choose for that seat, and each choice is
valued in the true deal; its *loss* is the best choice's value minus its own, in the game's
points for the seat.

* ``--kind cards``: a card-play decision from a random trick between ``--first-trick`` and
  ``--last-trick`` that the game's search domain solves; the true deal is solved open-handed
  (as the omniscient player does), in points for the seat's team.
* ``--kind bids``: a decision before card play that the domain plays out (Bavarian tarock's
  auction, contract, trump and lay-away, Hungarian tarokk's auction, raise, discard and
  announcements, Ottocento's 4-player discard; each in turn is taken with probability 1/2);
  each legal choice is played out in the true deal by heuristic players, the seat's score.

The arena measures whole deals and needs hundreds of them to tell players apart; this measures
decisions against the truth, so a change to how worlds are drawn, weighted or valued shows with
far fewer deals. It is a proxy: the true deal's value assumes open-handed play, or the
heuristic's play, afterwards, the same kind of valuation the search player itself uses.

Prints each player's mean loss with its 95% interval over decisions, and the paired differences
of the search players against the heuristic and of inference against none.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from typing import Any

from tarock.games import make_game
from tarock.players.compiled import NodeLimitExceeded
from tarock.players.rollouts import rollout_values, seats_players
from tarock.players.search import SearchPlayer, search_domain

Z95 = 1.96
KINDS = ("cards", "bids")


def interval(xs: list[float]) -> dict[str, float]:
    mean = statistics.fmean(xs)
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return {"mean": round(mean, 4), "ci_low": round(mean - half, 4),
            "ci_high": round(mean + half, 4), "n": len(xs)}


def measure(game_name: str, kind: str, decisions: int, think: float, first: int, last: int,
            seed: int) -> dict[str, Any]:
    game = make_game(game_name)
    domain = search_domain(game)
    assert domain is not None
    heuristic = seats_players(game)
    rng = random.Random(seed)
    losses: dict[str, list[float]] = {"heuristic": [], "inference": [], "plain": []}
    deal = seed * 100_000
    while len(losses["heuristic"]) < decisions:
        deal += 1
        state = game.new_deal_state(deal, dealer=deal % game.num_seats)
        at = rng.randint(first, last)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            legal = state.legal_actions()
            truth = None
            if len(legal) > 1 and kind == "cards" and len(obs.get("tricks", ())) + 1 == at \
                    and domain.handles(game, obs, legal):
                try:
                    truth = domain.evaluate(game, obs, domain.true_world(state), legal)
                except NodeLimitExceeded:
                    break  # the true deal is too big to solve here: another deal
            elif len(legal) > 1 and kind == "bids" and domain.rolls_out(game, obs, legal) \
                    and not domain.handles(game, obs, legal) \
                    and rng.random() < 0.5:  # the first, second, ... bid with 1/2, 1/4, ...
                truth = rollout_values(game, state, legal, seat, heuristic)
            if truth is not None:
                best = max(truth.values())
                chosen = {
                    "heuristic": heuristic[seat].act(game, obs, legal),
                    "inference": SearchPlayer(deal, budget=think).act(game, obs, legal),
                    "plain": SearchPlayer(deal, budget=think, inference=False)
                    .act(game, obs, legal),
                }
                for name, action in chosen.items():
                    losses[name].append(best - truth[action])
                break
            state.apply(heuristic[seat].act(game, obs, legal))
    h = losses["heuristic"]
    return {"game": game_name, "kind": kind, "think": think,
            **({"tricks": [first, last]} if kind == "cards" else {}),
            "loss": {name: interval(xs) for name, xs in losses.items()},
            "search_minus_heuristic": interval(
                [a - b for a, b in zip(losses["inference"], h, strict=True)]),
            "inference_minus_plain": interval(
                [a - b for a, b in zip(losses["inference"], losses["plain"], strict=True)])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--kind", choices=KINDS, default="cards")
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--think", type=float, default=0.25)
    parser.add_argument("--first-trick", type=int, default=3)
    parser.add_argument("--last-trick", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.kind == "bids" and not hasattr(search_domain(make_game(args.game)), "rolls_out"):
        parser.error(f"the search player plays no bids out in {args.game}")
    out = measure(args.game, args.kind, args.decisions, args.think, args.first_trick,
                  args.last_trick, args.seed)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name, r in out["loss"].items():
        print(f"{name:<10} loss {r['mean']:8.3f} [{r['ci_low']:8.3f}, {r['ci_high']:8.3f}]")
    for key in ("search_minus_heuristic", "inference_minus_plain"):
        d = out[key]
        print(f"{key:<22} {d['mean']:8.3f} [{d['ci_low']:8.3f}, {d['ci_high']:8.3f}] "
              f"over {d['n']} decisions")


if __name__ == "__main__":
    main()
