"""``tarock arena``: the duplicate arena on the command line (registered on the app on import).

Every deal is replayed with the seats rotated so that each player type holds each hand (see
:mod:`tarock.arena.schedule`); the table shows each type's mean points per deal with a 95%
t-interval over deals, and for two types the paired difference. The records of every played
deal go to ``--out`` (default ``arena-<game>-<seed>.jsonl`` in the current directory;
``--no-records`` writes none).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from tarock.arena.runner import ArenaResult, run_arena
from tarock.arena.stats import Interval
from tarock.cli.common import (
    DEFAULT_GAME,
    GameOpt,
    JsonOpt,
    OptionsOpt,
    RayOpt,
    echo_json,
    new_console,
)
from tarock.core.errors import InvalidOptionError
from tarock.core.options import parse_option_args


def default_records_path(game: str, seed: int) -> Path:
    return Path(f"arena-{game}-{seed}.jsonl")


def arena_cmd(
    deals: Annotated[int, typer.Option(
        min=1, help="Duplicate deals to play (each is replayed once per player type).")],
    game: GameOpt = DEFAULT_GAME,
    players: Annotated[str, typer.Option(
        help="Comma list of distinct player kinds to compare (one kind: a baseline run); "
             "KIND:KEY=VALUE:... sets a kind's settings, as in search:rollouts=false.")]
        = "cautious,random",
    seed: Annotated[int, typer.Option(help="Run seed; deal i has seed SEED*1000003+i.")] = 0,
    workers: Annotated[int, typer.Option(
        min=1, help="Local worker processes (1: play in this process); with --ray, the CPUs "
                    "of a local Ray instance.")] = 1,
    ray: RayOpt = None,
    option: OptionsOpt = None,
    out: Annotated[Path | None, typer.Option(
        help="Write every played deal here (.jsonl) [default: arena-GAME-SEED.jsonl].")] = None,
    records: Annotated[bool, typer.Option(
        "--records/--no-records", help="Write the records (see --out).")] = True,
    think: Annotated[float | None, typer.Option(
        metavar="SECONDS", help="Time budget per decision of the search players "
                                "[default: theirs, 1 s].")] = None,
    json_out: JsonOpt = False,
) -> None:
    """Duplicate arena: compare player kinds on the same deals, mean points per deal and a 95%
    confidence interval per kind."""
    kinds = [k.strip() for k in players.split(",") if k.strip()]
    if out is not None and not records:
        raise InvalidOptionError("--out and --no-records contradict each other",
                                 expected="one of them")
    path = (out or default_records_path(game, seed)) if records else None
    console = new_console()
    quiet = json_out or not console.is_terminal
    with Progress(TextColumn("arena"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, disable=quiet) as progress:
        task = progress.add_task("deals", total=deals)
        result = run_arena(game, parse_option_args(option or []), kinds, deals, seed,
                           workers=workers, ray_address=ray, records_path=path,
                           progress=lambda done: progress.advance(task, done), think=think)
    if json_out:
        echo_json(result.to_json())
        return
    print_result(result)


def print_result(result: ArenaResult) -> None:
    """The arena's table (and the paired difference of two types) on the console."""
    console = new_console()
    rotations = " / ".join(" ".join(r) for r in result.schedule)
    console.print(Text(f"{result.deals} duplicate deals of {result.game}, seed {result.seed}; "
                       f"seats per rotation: {rotations}", style="bold"))
    table = Table(title="Points per deal", title_justify="left")
    table.add_column("Player")
    table.add_column("Mean", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("N", justify="right")
    for kind in result.players:
        iv = result.per_type[kind]
        table.add_row(kind, f"{iv.mean:+.2f}", _bounds(iv), str(iv.n))
    console.print(table)
    if result.difference is not None:
        first, second = result.players
        iv = result.difference
        console.print(f"Difference {first} - {second}: {iv.mean:+.2f} "
                      f"(95% CI {_bounds(iv)}, paired over {iv.n} deals)")
    if result.records_path is not None:
        console.print(f"Records written to {result.records_path}")


def _bounds(iv: Interval) -> str:
    if iv.ci_low is None or iv.ci_high is None:
        return "n/a"
    return f"{iv.ci_low:+.2f} to {iv.ci_high:+.2f}"
