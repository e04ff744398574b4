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

``--seed S1 S2 ...`` measures several seeds' deals, one seed after another, each with its own
figures (``per_seed``), and every figure over all the deals together, deal by deal, as one run
of that many deals would give it: a measurement made seed by seed is reproduced by one command.

``--gains FILE`` appends each seed's per-deal gains to FILE (one JSON line a seed, written as
soon as the seed is done, so a run stopped early keeps its finished seeds), and ``--pool FILE
...`` reads such files and prints the same figures over all their seeds without playing: a
measurement sized in advance can be extended later by new seeds and read over every deal
together, paired, without rerunning the deals already measured. Pooling refuses files whose
lines differ in game, budget, kinds or options, or that hold a seed twice.

Usage: python benchmarks/gap_share.py --game G [--deals N] [--seed S ...] [--think T]
       [--workers W] [--search KIND] [--compare KIND] [--option KEY=VALUE ...]
       [--records-dir DIR] [--gains FILE] [--json]
       python benchmarks/gap_share.py --pool FILE [FILE ...] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tarock.arena import ArenaResult, run_arena
from tarock.arena.stats import mean_interval, ratio_of_means
from tarock.core.options import parse_option_args


def gains(result: ArenaResult) -> list[float]:
    """Per deal, the first kind's mean score minus the second's (the heuristic's)."""
    first, second = result.players
    return [u.scores[first] - u.scores[second] for u in result.units]


@dataclass
class Runs:
    """Runs on some deals: each run's gains over the heuristic deal by deal, and its seconds."""

    gains: dict[str, list[float]] = field(default_factory=dict)  # run key -> per deal
    seconds: dict[str, float] = field(default_factory=dict)  # run key -> wall-clock seconds

    def extend(self, other: Runs) -> None:
        """Append another seed's deals (every run's gains in the same deal order)."""
        for key, values in other.gains.items():
            self.gains.setdefault(key, []).extend(values)
            self.seconds[key] = self.seconds.get(key, 0.0) + other.seconds[key]


def run_keys(head: dict[str, Any]) -> list[tuple[str, str]]:
    """The runs on each seed's deals of a measurement's settings (:func:`settings`), by key: the
    search kind's, the compared kind's (with ``--compare``) and the omniscient player's, each
    against the heuristic."""
    out = [("search", head["search_kind"]), ("omniscient", "omniscient")]
    if head["compare_kind"] is not None:
        out.insert(1, ("compare", head["compare_kind"]))
    return out


def run_seed(args: argparse.Namespace, head: dict[str, Any], seed: int) -> Runs:
    """Every run on one seed's deals, its records kept under ``--records-dir`` if given."""
    runs = Runs()
    for key, kind in run_keys(head):
        records = None
        if args.records_dir is not None:
            args.records_dir.mkdir(parents=True, exist_ok=True)
            records = args.records_dir / f"arena-{head['game']}-{key}-{seed}.jsonl"
        start = time.perf_counter()
        result = run_arena(head["game"], head["given_options"], [kind, "heuristic"], args.deals,
                           seed, workers=args.workers, records_path=records,
                           think=None if key == "omniscient" else args.think)
        runs.gains[key] = gains(result)
        runs.seconds[key] = time.perf_counter() - start
    return runs


def share(gains: list[float], ceiling: list[float]) -> dict[str, Any] | None:
    """The share of the omniscient player's gain, paired over the deals; None where it gained
    nothing over them (a few deals, all passed in Bavarian tarock, have no gap to share)."""
    return None if math.fsum(ceiling) == 0 else ratio_of_means(gains, ceiling).to_json()


def figures(head: dict[str, Any], runs: Runs) -> dict[str, Any]:
    """Each run's gain over the heuristic, the share of the gap and, with ``--compare``, the
    compared kind's share and the two kinds' difference, over the deals of ``runs``."""
    out: dict[str, Any] = {key: {**mean_interval(runs.gains[key]).to_json(),
                                 "seconds": round(runs.seconds[key], 1)}
                           for key, _ in run_keys(head)}
    out["share"] = share(runs.gains["search"], runs.gains["omniscient"])
    if head["compare_kind"] is not None:
        out["compare_share"] = share(runs.gains["compare"], runs.gains["omniscient"])
        out["search_minus_compare"] = mean_interval(
            [a - b for a, b in zip(runs.gains["search"], runs.gains["compare"], strict=True)]
        ).to_json()
    return out


SETTINGS = ("game", "think", "search_kind", "compare_kind", "given_options")
"""What the lines of a gains file must share to be pooled: the same measurement on other deals."""


def settings(args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
    """The settings of a measurement, as its report and its gains lines name them."""
    return {"game": args.game, "think": args.think, "search_kind": args.search,
            "compare_kind": args.compare, "given_options": options}


def report(head: dict[str, Any], seeds: list[tuple[int, Runs]]) -> dict[str, Any]:
    """Every seed's figures and, with several seeds, every figure over all their deals."""
    deals = sum(len(runs.gains["search"]) for _, runs in seeds)
    out: dict[str, Any] = {k: v for k, v in head.items() if v is not None or k != "compare_kind"}
    out.update(deals=deals, seed=seeds[0][0] if len(seeds) == 1 else [s for s, _ in seeds])
    every = Runs()
    per_seed: list[dict[str, Any]] = []
    for seed, runs in seeds:
        per_seed.append({"seed": seed, "deals": len(runs.gains["search"]),
                         **figures(head, runs)})
        every.extend(runs)
    out.update(figures(head, every))
    if len(seeds) > 1:
        out["per_seed"] = per_seed
    return out


def measure(args: argparse.Namespace) -> dict[str, Any]:
    head = settings(args, parse_option_args(args.option or []))
    seeds: list[tuple[int, Runs]] = []
    for seed in args.seed:
        runs = run_seed(args, head, seed)
        seeds.append((seed, runs))
        if args.gains is not None:
            line = {**head, "seed": seed, "deals": args.deals, "gains": runs.gains,
                    "seconds": runs.seconds}
            with args.gains.open("a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")
    return report(head, seeds)


class PoolError(ValueError):
    """Gains files that are not one measurement on other deals."""


def pool(paths: list[Path]) -> dict[str, Any]:
    """The figures over every seed of gains files written by ``--gains``, as one run over all
    their deals would print them."""
    head: dict[str, Any] | None = None
    seeds: list[tuple[int, Runs]] = []
    for path in paths:
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
                other = {key: line[key] for key in SETTINGS}
                seed, runs = line["seed"], Runs(gains=line["gains"], seconds=line["seconds"])
                keys = {key for key, _ in run_keys(other)}
                if set(runs.gains) != keys or len({len(runs.gains[k]) for k in keys}) != 1:
                    raise ValueError(f"its gains are not one list of deals for each of {keys}")
            except (ValueError, KeyError, TypeError) as error:
                raise PoolError(f"{path}:{number} is not a line of --gains: {error!r}") from None
            head = other if head is None else head
            if other != head:
                raise PoolError(f"seed {seed} was measured with {other}, not {head}")
            if any(seed == kept for kept, _ in seeds):
                raise PoolError(f"seed {seed} is in the gains files twice")
            seeds.append((seed, runs))
    if head is None:
        raise PoolError("no seed in the gains files")
    return report(head, seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, nargs="+", default=[0],
                        help="one seed, or several: each seed's deals, then all together")
    parser.add_argument("--think", type=float, default=0.25)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--search", default="search", metavar="KIND",
                        help="the search player's kind, with settings (search:rollouts=false)")
    parser.add_argument("--compare", default=None, metavar="KIND",
                        help="a second search kind to run on the same deals (search:confidence=1)")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE")
    parser.add_argument("--records-dir", type=Path, default=None)
    parser.add_argument("--gains", type=Path, default=None, metavar="FILE",
                        help="append each seed's per-deal gains to FILE (JSON lines)")
    parser.add_argument("--pool", type=Path, nargs="+", default=None, metavar="FILE",
                        help="print the figures over every seed of gains files; play nothing")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if (args.pool is None) == (args.game is None):
        parser.error("give either --game (to measure) or --pool (to read gains files)")
    try:
        out = measure(args) if args.pool is None else pool(args.pool)
    except PoolError as error:
        parser.error(str(error))
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for part in out.get("per_seed", []):
        print(f"seed {part['seed']}:")
        print_figures(part)
    if "per_seed" in out:
        print(f"all {out['deals']} deals:")
    print_figures(out)


def print_figures(report: dict[str, Any]) -> None:
    for label, key in (("search - heuristic", "search"), ("compare - heuristic", "compare"),
                       ("omniscient - heuristic", "omniscient"), ("share of the gap", "share"),
                       ("compare's share", "compare_share"),
                       ("search - compare", "search_minus_compare")):
        if key not in report:
            continue
        iv = report[key]
        if iv is None:
            print(f"{label:24} none: the omniscient player gained nothing on these deals")
            continue
        scale, unit = (100, "%") if key.endswith("share") else (1, "")
        interval = ("" if iv["ci_low"] is None else  # one deal has no interval
                    f" [{iv['ci_low'] * scale:+.2f}{unit}, {iv['ci_high'] * scale:+.2f}{unit}]")
        print(f"{label:24} {iv['mean'] * scale:+9.2f}{unit}{interval}  over {iv['n']} deals")


if __name__ == "__main__":
    main()
