"""Arena report: duplicate-arena figures for games and player pairings, as one table.

Each match is ``GAME:KIND,KIND[:key=value;key=value]``, for example
``hungarian-tarokk:cautious,random:players=5``. The default is cautious against random at
Hungarian tarokk with 4 and with 5 players, 200 duplicate deals each. For every match the table
shows each player kind's mean points per deal with its 95% t-interval over deals and, for two
kinds, the paired difference (see ``tarock.arena``). Runs are deterministic given ``--seed``.

Usage: python benchmarks/arena_report.py [--match SPEC ...] [--deals N] [--seed S]
       [--workers W] [--ray ADDRESS] [--records-dir DIR] [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from tarock.arena import run_arena
from tarock.core.options import parse_option_args

DEFAULT_MATCHES = (
    "hungarian-tarokk:cautious,random:players=4",
    "hungarian-tarokk:cautious,random:players=5",
)


def parse_match(spec: str) -> tuple[str, list[str], dict[str, str]]:
    parts = spec.split(":")
    if len(parts) not in (2, 3):
        raise SystemExit(f"bad --match {spec!r}: expected GAME:KIND,KIND[:key=value;...]")
    options = parse_option_args([o for o in parts[2].split(";") if o]) if len(parts) == 3 else {}
    return parts[0], [k for k in parts[1].split(",") if k], options


def run_match(spec: str, args: argparse.Namespace) -> dict[str, Any]:
    game, kinds, options = parse_match(spec)
    records = None
    if args.records_dir is not None:
        args.records_dir.mkdir(parents=True, exist_ok=True)
        label = "-".join([game, *kinds, *(f"{k}{v}" for k, v in options.items())])
        records = args.records_dir / f"arena-{label}-{args.seed}.jsonl"
    start = time.perf_counter()
    result = run_arena(game, options, kinds, args.deals, args.seed, workers=args.workers,
                       ray_address=args.ray, records_path=records)
    data = result.to_json()
    data["match"] = spec
    data["given_options"] = options
    data["seconds"] = round(time.perf_counter() - start, 2)
    return data


def print_table(reports: list[dict[str, Any]]) -> None:
    table = Table(title="Duplicate arena: points per deal, 95% t-interval over deals",
                  title_justify="left")
    for name, justify in (("Game", "left"), ("Options", "left"), ("Player", "left"),
                          ("Mean", "right"), ("95% CI", "right"), ("N", "right"),
                          ("Seconds", "right")):
        table.add_column(name, justify=justify)
    for rep in reports:
        options = " ".join(f"{k}={v}" for k, v in rep["given_options"].items()) or "-"
        rows = [(kind, entry) for kind, entry in rep["players"].items()]
        diff = rep.get("difference")
        if diff is not None:
            rows.append((f"{diff['first']} - {diff['second']}", diff))
        for i, (label, entry) in enumerate(rows):
            table.add_row(rep["game"] if i == 0 else "", options if i == 0 else "", label,
                          f"{entry['mean']:+.2f}", _bounds(entry), str(entry["n"]),
                          f"{rep['seconds']:.1f}" if i == 0 else "",
                          end_section=i == len(rows) - 1)
    Console(highlight=False).print(table)


def _bounds(entry: dict[str, Any]) -> str:
    if entry["ci_low"] is None:
        return "n/a"
    return f"{entry['ci_low']:+.2f} to {entry['ci_high']:+.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", action="append", help="GAME:KIND,KIND[:key=value;...]")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ray", default=None, metavar="ADDRESS")
    parser.add_argument("--records-dir", type=Path, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    reports = [run_match(spec, args) for spec in (args.match or DEFAULT_MATCHES)]
    if args.json:
        print(json.dumps(reports, indent=2))
    else:
        print_table(reports)


if __name__ == "__main__":
    main()
