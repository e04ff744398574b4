"""How well a Bavarian defender's weighted worlds know the declarer's hand, in the records of
Bavarian runs, and how often each player kind plays the heuristic's card.

    .venv/bin/python benchmarks/bavarian_posterior.py FILE [FILE ...] [--contract hand]
        [--trick 1] [--draws 1000] [--json]

``FILE`` holds the records of an arena run (``tarock arena --out``). The search player draws its
worlds from the game's sampler and weights each by how likely it makes what the others did
(:mod:`tarock.bavarian.strategy.inference`). Whether those weights are right is a question about
the posterior, apart from what the player then does with it, so it can be answered without
playing: at each defender's first card decision in trick ``--trick`` of the deals of
``--contract``, the search domain's sampler draws ``--draws`` worlds and its likelihood weights
them. For the declarer's hand (the cards he holds and those he played) it prints, by the kind
of player who declared:

* its trumps, its card points and the heuristic's estimate of it: the true mean, and the
  weighted worlds' mean minus the truth (0 where the posterior is unbiased);
* the PIT of each: the weighted share of worlds below the truth, plus half of those equal to it
  (0.5 on average where the posterior is calibrated);
* beside both, the same for the sampler's worlds without weights: what inference changes;
* per factor of the likelihood (the auction, the card play), the log of the true deal's
  likelihood over the mean over the sampler's worlds: above 0 where the factor points towards
  the true deal, below 0 where it points away from it.

The card-play model assumes that a seat plays the heuristic's card with probability
``1 - EPSILON``; so, for every card decision with a choice, the share that was the heuristic's
card, by kind, contract and role. A search player against whom that share is far from the
model's misleads it, a heuristic player never does.

The worlds of one decision are drawn from a generator seeded by the record's seed and the seat,
so a rerun prints the same.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tarock.arena.stats import mean_interval
from tarock.bavarian.cards import SUITS, Pack
from tarock.bavarian.strategy.heuristic import estimate
from tarock.bavarian.strategy.sampler import pack_of
from tarock.core.records import initial_state, iter_records, replay
from tarock.core.tricks import played_masks
from tarock.games import make_game
from tarock.players.base import make_player
from tarock.players.search import search_domain

FEATURES = ("trumps", "points", "estimate")
DRAWS = 1000


def features(pack: Pack, hand: int, trump: int | None, lead: bool) -> dict[str, float]:
    """What the defenders would most like to know of the declarer's ``hand``."""
    trumps = hand & pack.suit_masks[trump] if trump is not None else 0
    return {"trumps": trumps.bit_count(), "points": pack.points(hand),
            "estimate": estimate(pack, hand, trump, lead)}


def posterior(game: Any, domain: Any, state: Any, obs: dict[str, Any], draws: int,
              rng: random.Random) -> dict[str, Any]:
    """One decision: the truth, the weighted and unweighted worlds' means and PITs of each
    feature, and each likelihood factor's log ratio of the true deal to the worlds' mean."""
    pack = pack_of(obs)
    declarer = obs["declarer"]
    trump = None if obs.get("trump") is None else SUITS.index(obs["trump"])
    played = played_masks(pack.deck, obs)[declarer]
    lead = declarer == obs["active"][0]
    truth = features(pack, state.hands[declarer] | played, trump, lead)
    sampler = domain.sampler(game, obs)
    factors = [f for f in domain.likelihood(game, obs).parts if f]
    worlds = [w for w in (sampler.sample(rng) for _ in range(draws)) if w is not None]
    factor_values = [[f(w) for w in worlds] for f in factors]
    weights = [1.0] * len(worlds)  # a factor's values multiply in, world by world
    for values in factor_values:
        weights = [w * v for w, v in zip(weights, values, strict=True)]
    seen = [features(pack, w.hands[declarer] | played, trump, lead) for w in worlds]
    total = sum(weights)
    row: dict[str, Any] = {"truth": truth, "worlds": len(worlds)}
    for name in FEATURES:
        t = truth[name]
        below = [(f[name] < t) + 0.5 * (f[name] == t) for f in seen]
        row[name] = {
            "bias": sum(w * f[name] for w, f in zip(weights, seen, strict=True)) / total - t,
            "bias_unweighted": sum(f[name] for f in seen) / len(seen) - t,
            "pit": sum(w * b for w, b in zip(weights, below, strict=True)) / total,
            "pit_unweighted": sum(below) / len(below)}
    true_world = domain.true_world(state)
    row["factors"] = {type(f).__name__: math.log(f(true_world) / (sum(vs) / len(vs)))
                      for f, vs in zip(factors, factor_values, strict=True)}
    return row


def measure(paths: Sequence[Path], contract: str, trick: int, draws: int
            ) -> tuple[dict[str, list[dict[str, Any]]], dict[str, list[bool]]]:
    """The posterior rows by the declarer's kind, and per kind, contract and role whether
    each card decision with a choice took the heuristic's card."""
    heuristic = make_player("heuristic")
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    agree: dict[str, list[bool]] = defaultdict(list)
    for path in paths:
        for record in iter_records(path):
            replay(record)  # checked before it is walked
            game = make_game("bavarian-tarock", record["options"])
            domain = search_domain(game)
            state = initial_state(game, record, game.deal_from_json(record["deal"]))
            measured: set[int] = set()
            for item in record["actions"]:
                action = game.action_from_json(item)
                legal = state.legal_actions()
                seat = item["seat"]
                obs = state.observation(seat)
                if item["type"] == "play" and len(legal) > 1 and obs.get("declarer") is not None:
                    role = "declarer" if seat == obs["declarer"] else "defender"
                    agree[f"{record['players'][seat]} {obs['contract']} {role}"].append(
                        heuristic.act(game, obs, legal) == action)
                    if role == "defender" and obs["contract"] == contract \
                            and len(obs.get("tricks", ())) + 1 == trick and seat not in measured:
                        measured.add(seat)
                        rng = random.Random(f"{record['seed']}/{seat}")
                        rows[record["players"][obs["declarer"]]].append(
                            posterior(game, domain, state, obs, draws, rng))
                state.apply(action)
    return rows, agree


def summary(rows: dict[str, list[dict[str, Any]]], agree: dict[str, list[bool]]
            ) -> dict[str, Any]:
    """Per declarer's kind, each feature's truth, bias and PITs and each factor's log ratio
    with their intervals over decisions; per kind, contract and role the share of heuristic
    cards."""
    out: dict[str, Any] = {"posterior": {}, "heuristic_card": {}}
    for kind in sorted(rows):
        group = rows[kind]
        entry: dict[str, Any] = {"decisions": len(group)}
        for name in FEATURES:
            entry[name] = {
                "truth": mean_interval([r["truth"][name] for r in group]).to_json(3),
                **{key: mean_interval([r[name][key] for r in group]).to_json(3)
                   for key in ("bias", "bias_unweighted", "pit", "pit_unweighted")}}
        factor_names = sorted({f for r in group for f in r["factors"]})
        entry["factors"] = {f: mean_interval([r["factors"][f] for r in group
                                              if f in r["factors"]]).to_json(3)
                            for f in factor_names}
        out["posterior"][kind] = entry
    for key in sorted(agree):
        out["heuristic_card"][key] = mean_interval([float(x) for x in agree[key]]).to_json(3)
    return out


def show(iv: dict[str, Any]) -> str:
    low = "" if iv["ci_low"] is None else f" [{iv['ci_low']:+.3f}, {iv['ci_high']:+.3f}]"
    return f"{iv['mean']:+.3f}{low}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--contract", default="hand")
    parser.add_argument("--trick", type=int, default=1)
    parser.add_argument("--draws", type=int, default=DRAWS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = summary(*measure(args.files, args.contract, args.trick, args.draws))
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for kind, entry in out["posterior"].items():
        print(f"declared by {kind}: {entry['decisions']} defenders' decisions")
        for name in FEATURES:
            e = entry[name]
            print(f"  {name:9} truth {show(e['truth'])}  bias {show(e['bias'])} "
                  f"(unweighted {show(e['bias_unweighted'])})  PIT {show(e['pit'])} "
                  f"(unweighted {show(e['pit_unweighted'])})")
        for factor, iv in entry["factors"].items():
            print(f"  {factor:20} log(true / mean) {show(iv)}")
    print("share of the heuristic's card, per kind, contract and role:")
    for key, iv in out["heuristic_card"].items():
        print(f"  {key:34} {iv['n']:6} decisions  {show(iv)}")


if __name__ == "__main__":
    main()
