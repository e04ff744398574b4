"""Pieces every command of the ``tarock`` CLI shares: option types, the console, JSON output."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console

DEFAULT_GAME = "hungarian-tarokk"

GameOpt = Annotated[str, typer.Option("--game", "-g", help="Registered game name.")]
OptionsOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE",
                 help="Rule option, as listed by tarock options (repeatable)."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
RayOpt = Annotated[str | None, typer.Option(
    "--ray", metavar="ADDRESS",
    help="Play on Ray: 'local' starts a local instance, otherwise a cluster address "
         "('auto', 'ray://HOST:10001'). Needs the 'ray' extra.")]


def new_console() -> Console:
    return Console(highlight=False)


def echo_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
