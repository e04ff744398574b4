"""``tarock serve``: the table server, where people play together in the browser or over the
WebSocket protocol and bots fill the other seats (see docs/server.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from tarock.core.errors import InvalidOptionError


def serve_cmd(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default).")]
        = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port.")] = 8000,
    db: Annotated[str, typer.Option(
        help="Database URL: a SQLite file (default) or postgresql+psycopg://user@host/db.")]
        = "sqlite:///tarock.db",
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
    shard: Annotated[str | None, typer.Option(
        help="With several processes on one database: this process's name; it makes and runs "
             "only the tables whose id starts with NAME- (letters and digits).")] = None,
    play: Annotated[str | None, typer.Option(
        metavar="GAME",
        help="Also make a table of you against computer players of GAME "
             "(hungarian-tarokk, bavarian-tarock, ottocento), print its page and open it "
             "in the browser when there is a display.")] = None,
) -> None:
    """Run the table server until interrupted; tables and their logs live in --db."""
    if shard is not None and not (shard.isascii() and shard.isalnum()):
        raise InvalidOptionError(f"invalid --shard {shard!r}", expected="letters and digits")
    if log_level not in ("debug", "info", "warning", "error"):
        raise InvalidOptionError(f"invalid --log-level {log_level!r}",
                                 expected="debug, info, warning or error")
    from tarock.server.app import serve  # the server's dependencies load only for this command

    serve(host, port, db, log_level, shard, play)
