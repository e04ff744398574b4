"""Whether the search player's weighted worlds know the hidden hands, in the records of arena
runs, and how often each player kind plays the heuristic's card.

    .venv/bin/python benchmarks/posterior_check.py FILE [FILE ...] [--contract C] [--trick 1]
        [--draws 1000] [--json]

``FILE`` holds the records of an arena run (``tarock arena --out``) of Bavarian tarock or
Hungarian tarokk. The search player draws its worlds from the game's sampler and weights each by
how likely it makes what the others did (its game's inference). Whether those weights are right
is a question about the posterior, apart from what the player then does with it, so it can be
answered without playing: at each measured seat's first card decision with a choice in trick
``--trick``, the game's search domain draws ``--draws`` worlds and its likelihood weights them.
A game names the seats measured and the hands they are asked about:

* Bavarian tarock: each defender, about the declarer's hand, in the deals of ``--contract``
  (``hand`` by default; as the records name it), grouped by the declarer's kind; his trumps,
  card points and the heuristic's estimate;
* Hungarian tarokk: each seat, about every other seat's hand, grouped by that seat's kind and
  whether it bid a level in the auction or only passed (the auction's likelihood reads the
  two apart); its tarokks, card points and the heuristic's hand strength (``--contract`` is
  not used).

A hand is the cards the seat holds and those it has played. For each feature it prints the true
mean, the weighted worlds' mean minus the truth (0 where the posterior is unbiased) and the PIT
(the weighted share of worlds below the truth, plus half of those equal to it: 0.5 on average
where the posterior is calibrated), each beside the same for the worlds without weights (what
inference changes); and per factor of the likelihood, the log of the true deal's likelihood
over its mean over the sampler's worlds: above 0 where the factor points towards the true deal,
below 0 where it points away from it.

Bavarian tarock's model of the card play assumes that a seat plays the heuristic's card 75% of
the time; so, for every card decision with a choice, the share that was the heuristic's card, by
kind, contract (Bavarian tarock) and role. A heuristic player's share is 1.

The worlds of one decision are drawn from a generator seeded by the record's seed and the seat,
so a rerun prints the same.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tarock.arena.stats import mean_interval
from tarock.bavarian.cards import SUITS
from tarock.bavarian.strategy.heuristic import estimate
from tarock.bavarian.strategy.sampler import pack_of
from tarock.core.cards import Deck
from tarock.core.records import iter_records, walk
from tarock.core.tricks import played_masks
from tarock.hungarian.cards import DECK, TAROKKS
from tarock.hungarian.strategy.heuristic import hand_strength
from tarock.players.base import make_player
from tarock.players.search import search_domain

DRAWS = 1000

Features = Callable[[dict[str, Any], int, int], dict[str, float]]


def bavarian_features(obs: dict[str, Any], seat: int, hand: int) -> dict[str, float]:
    """What the defenders would most like to know of the declarer's ``hand``."""
    pack = pack_of(obs)
    trump = None if obs.get("trump") is None else SUITS.index(obs["trump"])
    trumps = hand & pack.suit_masks[trump] if trump is not None else 0
    return {"trumps": trumps.bit_count(), "points": pack.points(hand),
            "estimate": estimate(pack, hand, trump, seat == obs["active"][0])}


def hungarian_features(obs: dict[str, Any], seat: int, hand: int) -> dict[str, float]:
    """A Hungarian hand as the auction speaks of it: its tarokks, card points and strength."""
    return {"tarokks": (hand & TAROKKS).bit_count(), "points": DECK.mask_points(hand),
            "strength": hand_strength(hand)}


def bavarian_subjects(obs: dict[str, Any], contract: str, kinds: Sequence[str]
                      ) -> list[tuple[int, str]]:
    """A defender in a deal of ``contract`` asks about the declarer."""
    declarer = obs["declarer"]
    if obs["seat"] == declarer or obs["contract"] != contract:
        return []
    return [(declarer, f"declared by {kinds[declarer]}")]


def hungarian_subjects(obs: dict[str, Any], contract: str, kinds: Sequence[str]
                       ) -> list[tuple[int, str]]:
    """Every seat asks about every other, the bidders apart from those who only passed (the
    auction's likelihood reads the two differently)."""
    bid = {e["seat"] for e in obs.get("auction", []) if e["bid"] != "passz"}
    return [(q, f"{kinds[q]} {'bidder' if q in bid else 'passer'}")
            for q in obs["active"] if q != obs["seat"]]


def bavarian_role(obs: dict[str, Any]) -> str:
    role = "declarer" if obs["seat"] == obs["declarer"] else "defender"
    return f"{obs['contract']} {role}"


def hungarian_role(obs: dict[str, Any]) -> str:
    if obs["seat"] == obs["declarer"]:
        return "declarer"
    return "partner" if obs.get("my_team") == "declarer" else "opponent"


@dataclass(frozen=True)
class Spec:
    """What a game's check asks: of whose hands (each with the label it is grouped under),
    the label under which a decision's likelihood factors are grouped, which features of a
    hand, the role of a seat's card, and the game's deck, in which the observation names the
    cards."""

    subjects: Callable[[dict[str, Any], str, Sequence[str]], list[tuple[int, str]]]
    scope: Callable[[dict[str, Any], Sequence[str]], str]
    features: Features
    role: Callable[[dict[str, Any]], str]
    deck: Callable[[dict[str, Any]], Deck]


SPECS = {
    "bavarian-tarock": Spec(bavarian_subjects,
                            lambda obs, kinds: f"declared by {kinds[obs['declarer']]}",
                            bavarian_features, bavarian_role, lambda obs: pack_of(obs).deck),
    "hungarian-tarokk": Spec(hungarian_subjects, lambda obs, kinds: "every seat",
                             hungarian_features, hungarian_role, lambda obs: DECK),
}


def posterior(game: Any, domain: Any, spec: Spec, state: Any, obs: dict[str, Any],
              subjects: Sequence[tuple[int, str]], draws: int, rng: random.Random
              ) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """One decision: each likelihood factor's log ratio of the true deal to the worlds' mean,
    and one row per subject seat with the truth and the weighted and unweighted worlds' biases
    and PITs of each feature of its hand."""
    sampler = domain.sampler(game, obs)
    factors = [f for f in domain.likelihood(game, obs).parts if f]
    worlds = [w for w in (sampler.sample(rng) for _ in range(draws)) if w is not None]
    factor_values = [[f(w) for w in worlds] for f in factors]
    weights = [1.0] * len(worlds)  # a factor's values multiply in, world by world
    for values in factor_values:
        weights = [w * v for w, v in zip(weights, values, strict=True)]
    total = sum(weights)
    true_world = domain.true_world(state)
    ratios = {type(f).__name__: math.log(f(true_world) / (sum(vs) / len(vs)))
              for f, vs in zip(factors, factor_values, strict=True)}
    played = played_masks(spec.deck(obs), obs)
    rows = []
    for seat, label in subjects:
        truth = spec.features(obs, seat, state.hands[seat] | played[seat])
        seen = [spec.features(obs, seat, w.hands[seat] | played[seat]) for w in worlds]
        row: dict[str, Any] = {"label": label, "truth": truth, "worlds": len(worlds)}
        for name, t in truth.items():
            below = [(f[name] < t) + 0.5 * (f[name] == t) for f in seen]
            row[name] = {
                "bias": sum(w * f[name] for w, f in zip(weights, seen, strict=True)) / total - t,
                "bias_unweighted": sum(f[name] for f in seen) / len(seen) - t,
                "pit": sum(w * b for w, b in zip(weights, below, strict=True)) / total,
                "pit_unweighted": sum(below) / len(below)}
        rows.append(row)
    return ratios, rows


def measure(paths: Sequence[Path], contract: str, trick: int, draws: int
            ) -> tuple[dict[str, list[dict[str, Any]]], dict[str, list[dict[str, float]]],
                       dict[str, list[bool]]]:
    """The posterior rows by subject's label, the factors' log ratios by the decision's
    scope, and per kind and role whether each card decision with a choice took the heuristic's
    card."""
    heuristic = make_player("heuristic")
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    factors: dict[str, list[dict[str, float]]] = defaultdict(list)
    agree: dict[str, list[bool]] = defaultdict(list)
    for path in paths:
        for record in iter_records(path):
            spec = SPECS[record["game"]]
            kinds = record["players"]
            measured: set[int] = set()
            for state, item, action in walk(record):
                game = state.game
                seat = item["seat"]
                if item["type"] == "play" and len(legal := state.legal_actions()) > 1 \
                        and (obs := state.observation(seat)).get("declarer") is not None:
                    agree[f"{kinds[seat]} {spec.role(obs)}"].append(
                        heuristic.act(game, obs, legal) == action)
                    if len(obs.get("tricks", ())) + 1 == trick and seat not in measured \
                            and (subjects := spec.subjects(obs, contract, kinds)):
                        measured.add(seat)
                        rng = random.Random(f"{record['seed']}/{seat}")
                        ratios, found = posterior(game, search_domain(game), spec, state,
                                                  obs, subjects, draws, rng)
                        factors[spec.scope(obs, kinds)].append(ratios)
                        for row in found:
                            rows[row["label"]].append(row)
    return rows, factors, agree


def summary(rows: dict[str, list[dict[str, Any]]], factors: dict[str, list[dict[str, float]]],
            agree: dict[str, list[bool]]) -> dict[str, Any]:
    """Per subject's label, each feature's truth, biases and PITs; per scope, each factor's
    log ratio; with their intervals over decisions; per kind and role the share of heuristic
    cards."""
    out: dict[str, Any] = {"posterior": {}, "factors": {}, "heuristic_card": {}}
    for label in sorted(rows):
        group = rows[label]
        entry: dict[str, Any] = {"decisions": len(group), "features": {}}
        for name in group[0]["truth"]:
            entry["features"][name] = {
                "truth": mean_interval([r["truth"][name] for r in group]).to_json(3),
                **{key: mean_interval([r[name][key] for r in group]).to_json(3)
                   for key in ("bias", "bias_unweighted", "pit", "pit_unweighted")}}
        out["posterior"][label] = entry
    for scope in sorted(factors):
        decisions = factors[scope]
        names = sorted({f for d in decisions for f in d})
        out["factors"][scope] = {f: mean_interval([d[f] for d in decisions if f in d]).to_json(3)
                                 for f in names}
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
    for label, entry in out["posterior"].items():
        print(f"{label}: {entry['decisions']} decisions")
        for name, e in entry["features"].items():
            print(f"  {name:9} truth {show(e['truth'])}  bias {show(e['bias'])} "
                  f"(unweighted {show(e['bias_unweighted'])})  PIT {show(e['pit'])} "
                  f"(unweighted {show(e['pit_unweighted'])})")
    for scope, entry in out["factors"].items():
        print(f"likelihood, {scope}: log(true / mean)")
        for factor, iv in entry.items():
            print(f"  {factor:20} {iv['n']:6} decisions  {show(iv)}")
    print("share of the heuristic's card, per kind and role:")
    for key, iv in out["heuristic_card"].items():
        print(f"  {key:34} {iv['n']:6} decisions  {show(iv)}")


if __name__ == "__main__":
    main()
