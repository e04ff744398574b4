"""Where a Bavarian player kind gains over the heuristic: as declarer, or as a pair of defenders.

    .venv/bin/python benchmarks/bavarian_roles.py DIR [--seed S ...] [--contract C]
        [--by-contract] [--json]

``DIR`` holds the records of ``benchmarks/gap_share.py --game bavarian-tarock --records-dir DIR``
(both runs, ``search,heuristic`` and ``omniscient,heuristic``); with several seeds (``--seed 3
4``) every figure is over the deals of all of them, as ``gap_share.py`` joins them.

The duplicate arena plays each deal twice at the three-seat table, the kinds seated ``X H X``
and then ``H X H``, so the seat in the middle always sits between two players of the other
kind, and each outer seat between one of each. Where the same seat declares in both plays, the
declarer's payment when ``X`` holds it minus when the heuristic does measures:

* declaring at an outer seat: what ``X`` gains **as declarer** (each time against one defender
  of each kind, in swapped places);
* declaring in the middle: what ``X`` gains as declarer against two heuristic defenders, plus
  what a **pair** of ``X`` defenders saves against a heuristic declarer.

The pair's part is the second minus the first (their deals differ, so their intervals are
combined as independent). Each part's share is the search player's over the omniscient player's,
by the delta method, the two runs taken as independent (the seats that declare differ between
them, since the search player bids by search). Deals whose declaring seat differs between the
two plays, or with no declarer, are left out and counted; so are, with ``--contract C`` (a
contract as the records name it: ``pickup``, ``hand``, ``bettel``, ...), deals in which either
play's contract was another: where in the deals the gap lies.

``--by-contract`` splits the whole gain instead, every deal counted: by the contract declared in
both plays of the omniscient player's run, whose bids are the heuristic's (``mixed`` where the
two plays declared different contracts, ``none`` where nobody declared), each kind's gain over
the heuristic summed over the group's deals and divided by all the deals (so the groups add up
to the whole gain), what the search player misses of the omniscient player's there, and the
search player's share within the group, paired deal by deal as ``gap_share.py`` pairs it.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tarock.arena.stats import Interval, mean_interval, ratio_of_means
from tarock.core.records import read_records

Z95 = 1.96
KINDS = ("search", "omniscient")


def declarer_seat(record: dict[str, Any]) -> int | None:
    """The seat that declared in a finished deal's record (None: no declarer)."""
    return next((item["seat"] for item in record["result"]["items"]
                 if item.get("role") == "decl"), None)


def declarer_gains(records: list[dict[str, Any]], contract: str | None = None
                   ) -> dict[str, Any]:
    """Per deal with the same declaring seat in both plays (and, given ``contract``, that
    contract in both), the declarer's payment when the run's other kind held the seat minus
    when the heuristic did, split by whether the seat is an outer one."""
    plays: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    for r in records:
        plays[r["arena"]["unit"]][r["arena"]["rotation"]] = r
    outer: list[float] = []
    middle: list[float] = []
    skipped = 0
    for unit in plays.values():
        first, second = unit[0], unit[1]
        seat = declarer_seat(first)
        if seat is None or seat != declarer_seat(second) or (contract is not None and any(
                play["result"]["contract"] != contract for play in (first, second))):
            skipped += 1
            continue
        # the other kind's play is the one where the seat is not the heuristic's (told by the
        # seat: a kind with settings, ``search:rollouts=false``, is recorded under that name)
        mine, theirs = (first, second) if first["players"][seat] != "heuristic" \
            else (second, first)
        defenders = {mine["players"][q] for q in range(len(mine["players"])) if q != seat}
        gain = mine["result"]["scores"][seat] - theirs["result"]["scores"][seat]
        (middle if len(defenders) == 1 else outer).append(gain)
    return {"outer": outer, "middle": middle, "skipped": skipped}


def difference(a: Interval, b: Interval) -> Interval:
    """``a - b`` for independent estimates: the normal interval of the difference."""
    se = math.hypot(_se(a), _se(b))
    mean = a.mean - b.mean
    return Interval(mean, mean - Z95 * se, mean + Z95 * se, a.n + b.n)


def ratio(a: Interval, b: Interval) -> Interval:
    """``a / b`` for independent estimates, by the delta method."""
    r = a.mean / b.mean
    se = abs(r) * math.hypot(_se(a) / a.mean, _se(b) / b.mean)
    return Interval(r, r - Z95 * se, r + Z95 * se, min(a.n, b.n))


def _se(iv: Interval) -> float:
    """The standard error behind an interval (its half-width over 1.96; the t-intervals of
    hundreds of deals differ from the normal one by under 1%)."""
    assert iv.half_width is not None
    return iv.half_width / Z95


def run_records(directory: Path, kind: str, seed: int) -> list[dict[str, Any]]:
    """The records of ``gap_share.py``'s run of ``kind`` against the heuristic on ``seed``."""
    return read_records(directory / f"arena-bavarian-tarock-{kind}-{seed}.jsonl")


def report(directory: Path, seeds: Sequence[int], contract: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kind in KINDS:
        gains: dict[str, Any] = {"outer": [], "middle": [], "skipped": 0}
        for seed in seeds:  # each seed's deals apart: their units are numbered from 0 in each
            for part, value in declarer_gains(run_records(directory, kind, seed),
                                              contract).items():
                gains[part] += value
        declarer = mean_interval(gains["outer"])
        both = mean_interval(gains["middle"])
        out[kind] = {"declarer": declarer, "declarer_and_pair": both,
                     "pair": difference(both, declarer), "skipped": gains["skipped"]}
    out["share"] = {part: ratio(out["search"][part], out["omniscient"][part])
                    for part in ("declarer", "pair")}
    return out


def deal_gains(records: list[dict[str, Any]]) -> dict[int, float]:
    """Per deal (unit), the other kind's mean score minus the heuristic's over the seats that
    played (a dealer who sits out holds no cards), as the arena counts it."""
    totals: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for r in records:
        for seat, kind in enumerate(r["players"]):
            if r["deal"]["hands"][seat]:
                totals[r["arena"]["unit"]][kind].append(r["result"]["scores"][seat])
    out: dict[int, float] = {}
    for unit, by_kind in totals.items():
        (other,) = (k for k in by_kind if k != "heuristic")
        out[unit] = (sum(by_kind[other]) / len(by_kind[other])
                     - sum(by_kind["heuristic"]) / len(by_kind["heuristic"]))
    return out


def deal_contracts(records: list[dict[str, Any]]) -> dict[int, str]:
    """Per deal, the contract both plays declared (``mixed``: two contracts; ``none``)."""
    plays: dict[int, set[str]] = defaultdict(set)
    for r in records:
        plays[r["arena"]["unit"]].add(r["result"].get("contract") or "none")
    return {unit: contracts.pop() if len(contracts) == 1 else "mixed"
            for unit, contracts in plays.items()}


def by_contract(directory: Path, seeds: Sequence[int]) -> dict[str, dict[str, Any]]:
    """The search and omniscient players' gains split by the heuristic's contract (above)."""
    groups: dict[str, list[tuple[float, float]]] = defaultdict(list)
    deals = 0
    for seed in seeds:
        search, omniscient = (run_records(directory, kind, seed) for kind in KINDS)
        x, y = deal_gains(search), deal_gains(omniscient)
        for unit, contract in deal_contracts(omniscient).items():
            groups[contract].append((x[unit], y[unit]))
        deals += len(x)
    out: dict[str, dict[str, Any]] = {}
    for contract, pairs in sorted(groups.items(), key=lambda g: -sum(y for _, y in g[1])):
        xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
        out[contract] = {"deals": len(pairs), "search": sum(xs) / deals,
                         "omniscient": sum(ys) / deals,
                         "missing": (sum(ys) - sum(xs)) / deals,
                         "share": ratio_of_means(xs, ys) if len(pairs) > 1 and sum(ys) else None}
    return out


def print_by_contract(data: dict[str, dict[str, Any]]) -> None:
    print("gains over the heuristic in u a deal of all the deals (the contracts add up)")
    print(f"{'contract':10}{'deals':>6}{'search':>9}{'omniscient':>12}{'missing':>9}  share there")
    for contract, row in data.items():
        iv = row["share"]
        share = "" if iv is None else \
            f"{iv.mean * 100:.0f}% [{iv.ci_low * 100:.0f}%, {iv.ci_high * 100:.0f}%]"
        print(f"{contract:10}{row['deals']:6}{row['search']:+9.2f}{row['omniscient']:+12.2f}"
              f"{row['missing']:+9.2f}  {share}")


def print_json(data: dict[str, dict[str, Any]]) -> None:
    """Either report (by role or by contract) as JSON, its intervals written out."""
    print(json.dumps({key: {part: v.to_json() if isinstance(v, Interval) else v
                            for part, v in parts.items()} for key, parts in data.items()},
                     indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--seed", type=int, nargs="+", default=[1])
    parser.add_argument("--contract", help="only deals of this contract (as records name it)")
    parser.add_argument("--by-contract", action="store_true",
                        help="the whole gain split by the heuristic's contract")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.by_contract:
        split = by_contract(args.directory, args.seed)
        if args.json:
            print_json(split)
        else:
            print_by_contract(split)
        return
    data = report(args.directory, args.seed, args.contract)
    if args.json:
        print_json(data)
        return
    for kind in KINDS:
        for part, label in (("declarer", "as declarer (outer seat)"),
                            ("declarer_and_pair", "declarer and pair (middle)"),
                            ("pair", "the pair of defenders")):
            iv = data[kind][part]
            print(f"{kind:10} {label:28} {iv.mean:+8.2f} [{iv.ci_low:+.2f}, {iv.ci_high:+.2f}]"
                  f" u over {iv.n} deals")
        print(f"{kind:10} deals left out: {data[kind]['skipped']}")
    for part, iv in data["share"].items():
        print(f"share of the omniscient gain, {part:9} {iv.mean * 100:6.0f}% "
              f"[{iv.ci_low * 100:.0f}%, {iv.ci_high * 100:.0f}%]")


if __name__ == "__main__":
    main()
