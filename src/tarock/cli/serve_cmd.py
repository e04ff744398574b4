"""``tarock serve``: the table server, where people play together in the browser or over the
WebSocket protocol and bots fill the other seats (see docs/server.md)."""

from __future__ import annotations

from typing import Annotated

import typer


def serve_cmd(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default).")]
        = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = 8000,
    db: Annotated[str, typer.Option(
        help="Database URL: a SQLite file (default) or postgresql+psycopg://user@host/db.")]
        = "sqlite:///tarock.db",
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
) -> None:
    """Run the table server until interrupted; tables and their logs live in --db."""
    from tarock.server.app import serve  # the server's dependencies load only for this command

    serve(host, port, db, log_level)
