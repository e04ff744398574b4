"""How much of the omniscient player's gain the search player makes: both against the heuristic,
on the same duplicate deals, and the share with its paired interval.

The two arena runs (``search,heuristic`` and ``omniscient,heuristic``) use the same seed, so
unit ``i`` of both is the same deal. ``--search`` names the search player's kind with settings
(``search:rollouts=false``: card play alone, every decision before it the heuristic's). Per
deal, ``x`` is the search player's mean score minus the heuristic's and ``y`` the omniscient
player's minus the heuristic's; the share of the gap is ``mean(x) / mean(y)`` with the
delta-method interval over the deals, paired (:func:`tarock.arena.stats.ratio_of_means`). The
omniscient player's runs do not use ``--think``.

``--compare KIND`` runs a second search kind against the heuristic on the same deals too, with
its share and, deal by deal, the first kind's gain minus the second's (``search_minus_compare``):
two settings of the search player told apart on the same deals, each measured against the
heuristic as the share is.

Usage: python benchmarks/gap_share.py --game G [--deals N] [--seed S] [--think T]
       [--workers W] [--search KIND] [--compare KIND] [--option KEY=VALUE ...]
       [--records-dir DIR] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from tarock.arena import ArenaResult, run_arena
from tarock.arena.stats import mean_interval, ratio_of_means
from tarock.core.options import parse_option_args


def gains(result: ArenaResult) -> list[float]:
    """Per deal, the first kind's mean score minus the second's (the heuristic's)."""
    first, second = result.players
    return [u.scores[first] - u.scores[second] for u in result.units]


def measure(args: argparse.Namespace) -> dict[str, Any]:
    options = parse_option_args(args.option or [])
    out: dict[str, Any] = {"game": args.game, "deals": args.deals, "seed": args.seed,
                           "think": args.think, "search_kind": args.search,
                           "given_options": options}
    per_deal: dict[str, list[float]] = {}  # each run's gains over the heuristic, deal by deal
    runs = [("search", args.search), ("omniscient", "omniscient")]
    if args.compare is not None:
        out["compare_kind"] = args.compare
        runs.insert(1, ("compare", args.compare))
    for key, kind in runs:
        records = None
        if args.records_dir is not None:
            args.records_dir.mkdir(parents=True, exist_ok=True)
            records = args.records_dir / f"arena-{args.game}-{key}-{args.seed}.jsonl"
        start = time.perf_counter()
        result = run_arena(args.game, options, [kind, "heuristic"], args.deals, args.seed,
                           workers=args.workers, records_path=records,
                           think=None if key == "omniscient" else args.think)
        assert result.difference is not None
        out[key] = {**result.difference.to_json(),
                    "seconds": round(time.perf_counter() - start, 1)}
        per_deal[key] = gains(result)
    out["share"] = ratio_of_means(per_deal["search"], per_deal["omniscient"]).to_json()
    if args.compare is not None:
        out["compare_share"] = ratio_of_means(per_deal["compare"],
                                              per_deal["omniscient"]).to_json()
        out["search_minus_compare"] = mean_interval(
            [a - b for a, b in zip(per_deal["search"], per_deal["compare"], strict=True)]
        ).to_json()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--think", type=float, default=0.25)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--search", default="search", metavar="KIND",
                        help="the search player's kind, with settings (search:rollouts=false)")
    parser.add_argument("--compare", default=None, metavar="KIND",
                        help="a second search kind to run on the same deals (search:confidence=1)")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE")
    parser.add_argument("--records-dir", type=Path, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = measure(args)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for label, key in (("search - heuristic", "search"), ("compare - heuristic", "compare"),
                       ("omniscient - heuristic", "omniscient"), ("share of the gap", "share"),
                       ("compare's share", "compare_share"),
                       ("search - compare", "search_minus_compare")):
        if key not in report:
            continue
        iv = report[key]
        scale, unit = (100, "%") if key.endswith("share") else (1, "")
        print(f"{label:24} {iv['mean'] * scale:+9.2f}{unit} "
              f"[{iv['ci_low'] * scale:+.2f}{unit}, {iv['ci_high'] * scale:+.2f}{unit}]"
              f"  over {iv['n']} deals")


if __name__ == "__main__":
    main()
