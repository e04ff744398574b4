"""Where a player kind's difference from another comes from, decision kind by decision kind, in the
records of a duplicate-arena run of the two.

    .venv/bin/python benchmarks/choice_spread.py RECORDS.jsonl [...] [--phases before|all]
        [--min-deals 3] [--json]

The records are those of ``tarock arena --players A,B --out FILE`` (or of
``gap_share.py --records-dir``), each deal played once per rotation. Per deal, the difference is
A's mean score per hand held minus B's, as the arena counts it. Every record is replayed, and at
each decision of a seat of kind A with a choice the kind B player is asked what it would do in
the same position (B must choose without random numbers, as the heuristic does, for the question
to have one answer). A deal is then filed under each *divergence* it holds: the phase, B's action
and A's (``announce: pass -> kontra ultimo declarer``). With ``--phases before`` (the default)
card play is left out, so the divergences are the choices before card play that the search
player plays out (bids, discards, announcements) and the deals without one are those where only
the cards differed.

For each group it prints the deals, their mean difference with its 95% interval, the standard
deviation, and the group's share of the squared spread of all deals around their mean: which
kinds of choices carry the spread that makes a 200-deal check noisy. A group is deals, not
causes: a deal whose choices differ is often one with more at stake, so its mean says what those
deals were worth, not what the choice gained. A paired run of the same deals with those choices
left to B measures that: for the search player ``search:rollouts=false``, which leaves it every
decision it would play out (those before card play, and the cards of the first tricks that it
cannot solve in time).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tarock.arena.schedule import playing_seats
from tarock.arena.stats import mean_interval
from tarock.core.protocol import Action, Game
from tarock.core.records import describe_action, iter_records, walk
from tarock.games import make_game
from tarock.players import make_player

CARD_PLAY = "play"  # the phase of card play in every game's observation


@dataclass
class Deal:
    """One duplicate deal: A's mean score per hand minus B's, and the divergences it holds."""

    difference: float
    divergences: set[str] = field(default_factory=set)


def describe(game: Game, action: Action) -> str:
    """An action in a few words, as records name it (:func:`describe_action`), without the cards
    it names (a discard's, a card played, a called card): a bid, a bonus, a kontra's item and
    owner stay, so that one kind of choice is one group whatever cards it moved."""
    data = game.action_to_json(action)
    return describe_action({k: v for k, v in data.items() if k not in ("card", "cards")})


def divergences(record: dict[str, Any], first: str, reference: Any,
                phases: str) -> tuple[set[str], dict[int, float]]:
    """The divergences of the seats of kind ``first`` from ``reference``'s choices in one
    record, and the scores of the seats that held cards in it."""
    game = make_game(record["game"], record.get("options", {}))
    kinds = record["players"]
    found: set[str] = set()
    for state, item, action in walk(record):
        seat = item["seat"]
        if kinds[seat] == first:
            observation = state.observation(seat)
            phase = observation.get("phase")
            legal = state.legal_actions()
            if len(legal) > 1 and (phases == "all" or phase != CARD_PLAY):
                other = reference.act(game, observation, legal)
                if other != action:
                    found.add(f"{phase}: {describe(game, other)} -> {describe(game, action)}")
    scores = record["result"]["scores"]
    deal = game.deal_from_json(record["deal"])
    return found, {seat: scores[seat] for seat in playing_seats(deal)}


def read_deals(paths: Iterable[Path], phases: str) -> tuple[str, str, list[Deal]]:
    """Every duplicate deal of the records, in the order met: kinds A and B, and the deals."""
    units: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for path in paths:
        for record in iter_records(path):
            units[str(path), record["arena"]["unit"]].append(record)
    kinds = list(dict.fromkeys(k for records in units.values() for k in records[0]["players"]))
    if len(kinds) != 2:
        raise SystemExit(f"expected the records of two player kinds, found {kinds}")
    first, second = kinds
    reference = make_player(second, 0)
    deals = []
    for records in units.values():
        totals = dict.fromkeys(kinds, 0.0)
        hands = dict.fromkeys(kinds, 0)
        found: set[str] = set()
        for record in records:
            divergent, scores = divergences(record, first, reference, phases)
            found |= divergent
            for seat, score in scores.items():
                totals[record["players"][seat]] += score
                hands[record["players"][seat]] += 1
        deals.append(Deal(totals[first] / hands[first] - totals[second] / hands[second], found))
    return first, second, deals


def summary(xs: list[float], mean_all: float, spread_all: float) -> dict[str, Any]:
    """A group's deals, mean with its 95% t-interval (the arena's, none for one deal), standard
    deviation and share of the squared spread of all deals around ``mean_all`` (whose sum is
    ``spread_all``)."""
    interval = mean_interval(xs)
    share = sum((x - mean_all) ** 2 for x in xs) / spread_all if spread_all else 0.0
    bounds = interval.to_json(3)
    return {"deals": interval.n, "mean": bounds["mean"], "ci_low": bounds["ci_low"],
            "ci_high": bounds["ci_high"], "sd": round(interval.sd or 0.0, 3),
            "spread_share": round(share, 3)}


def spread(deals: list[Deal], min_deals: int = 3) -> dict[str, Any]:
    """The groups: every deal, those with and without a divergence, each phase's and each
    divergence's (those met in at least ``min_deals`` deals), largest share first."""
    xs = [d.difference for d in deals]
    mean_all = statistics.fmean(xs)
    spread_all = sum((x - mean_all) ** 2 for x in xs)

    def of(pred: Any) -> dict[str, Any] | None:
        chosen = [d.difference for d in deals if pred(d)]
        return summary(chosen, mean_all, spread_all) if chosen else None

    phases = sorted({g.split(":")[0] for d in deals for g in d.divergences})
    named = sorted({g for d in deals for g in d.divergences})
    groups = {g: of(lambda d, g=g: g in d.divergences) for g in named}
    return {
        "all": of(lambda d: True),
        "without": of(lambda d: not d.divergences),
        "with": of(lambda d: bool(d.divergences)),
        "phases": {p: of(lambda d, p=p: any(g.startswith(p + ":") for g in d.divergences))
                   for p in phases},
        "divergences": dict(sorted(((g, s) for g, s in groups.items()
                                    if s is not None and s["deals"] >= min_deals),
                                   key=lambda item: -item[1]["spread_share"])),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", type=Path, help="arena records (.jsonl)")
    parser.add_argument("--phases", choices=("before", "all"), default="before",
                        help="the decisions compared: before card play (default), or all")
    parser.add_argument("--min-deals", type=int, default=3,
                        help="the fewest deals a divergence is shown with")
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    args = parser.parse_args()
    first, second, deals = read_deals(args.records, args.phases)
    out = {"first": first, "second": second, "phases": args.phases,
           **spread(deals, args.min_deals)}
    if args.json:
        print(json.dumps(out, indent=2))
        return
    where = "before card play" if args.phases == "before" else "in every phase"
    print(f"{first} - {second}, per deal; divergences: {first}'s choice where {second} "
          f"would choose otherwise, {where}")

    def line(name: str, s: dict[str, Any] | None) -> None:
        if s is not None:
            ci = "" if s["ci_low"] is None else f"[{s['ci_low']:+7.2f}, {s['ci_high']:+7.2f}]"
            print(f"{name:52.52s} {s['deals']:5d} deals  {s['mean']:+7.2f} {ci:18s}  "
                  f"sd {s['sd']:6.2f}  spread {100 * s['spread_share']:5.1f}%")

    line("all deals", out["all"])
    line("no divergence", out["without"])
    line("some divergence", out["with"])
    for phase, s in out["phases"].items():
        line(f"  in phase {phase}", s)
    for name, s in out["divergences"].items():
        line(f"    {name}", s)


if __name__ == "__main__":
    main()
