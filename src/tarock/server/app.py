"""The FastAPI application of the table server, and :func:`serve` behind ``tarock serve``."""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import ExitStack, asynccontextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import make_url
from sqlalchemy.exc import ArgumentError
from starlette.exceptions import HTTPException

import tarock.games  # noqa: F401  (registers the games)
from tarock import __version__
from tarock.core.errors import InvalidOptionError
from tarock.server import api, pages, ws
from tarock.server.bots import Bots
from tarock.server.hub import Hub, HubError
from tarock.server.lease import ServerBusyError, database_lease
from tarock.server.play import local_base, make_table, start_in_background, table_body
from tarock.server.storage import Storage

DEFAULT_DB = "sqlite:///tarock.db"
WS_MAX_SIZE = 4 * 1024 * 1024  # transport limit; messages over 64 KiB get an error first


def create_app(db_url: str = DEFAULT_DB, base_url: str = "", shard: str | None = None) -> FastAPI:
    """The server for the database at ``db_url``; its tables (those of ``shard`` only, when
    given) are loaded when it starts."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(db_url)
        bots = Bots()
        hub = Hub(storage, bots, base_url, shard=shard)
        app.state.hub = hub
        await hub.start()
        # Everything loaded so far (the modules, the tables replayed from the log) lives as long
        # as the server: keep it out of the collector's full passes, which would otherwise
        # scan it all and stall every table for a tenth of a second at a time.
        gc.freeze()
        try:
            yield
        finally:
            await hub.close()
            bots.close()
            storage.close()

    app = FastAPI(title="tarock table server", version=__version__, lifespan=lifespan)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.add_exception_handler(HubError, _hub_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _internal_error)
    return app


def _answer(status: int, code: str, message: str, rule: str | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "rule": rule}}, status)


async def _hub_error(_: Request, error: Any) -> JSONResponse:
    return _answer(error.status, error.code, error.message, error.rule)


async def _validation_error(_: Request, error: Any) -> JSONResponse:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    return _answer(422, "bad_request", f"{where}: {first['msg']}")


async def _http_error(_: Request, error: Any) -> JSONResponse:
    code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "bad_request")
    return _answer(error.status_code, code, str(error.detail))


async def _internal_error(request: Request, _: Exception) -> JSONResponse:
    logging.getLogger("tarock.server").exception("request %s failed", request.url.path,
                                                 extra={"table": "-"})
    return _answer(500, "internal", "the server could not handle this request")


class _TableField(logging.Filter):
    """Every log line names its table ("-" for lines about no table)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "table"):
            record.table = "-"
        return True


def configure_logging(level: str = "info") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(_TableField())
    handler.setFormatter(logging.Formatter(
        "%(asctime)s %(levelname)s table=%(table)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str = DEFAULT_DB,
          log_level: str = "info", shard: str | None = None, play: str | None = None) -> None:
    """Run the server until interrupted, holding the database's lease (ServerBusyError while
    another process runs on it); with ``play``, a table of one person against computer players
    of that game is made once the server answers (:mod:`tarock.server.play`), or on the server
    already running on the database, where it said where it answers (``make play`` twice)."""
    try:
        make_url(db_url)
    except ArgumentError:
        raise InvalidOptionError(f"invalid --db {db_url!r}",
                                 expected="a database URL such as sqlite:///tarock.db") from None
    body = None if play is None else table_body(play)
    base = local_base(host, port)
    with ExitStack() as lease:
        try:
            lease.enter_context(database_lease(db_url, shard, base))
        except ServerBusyError as busy:
            if body is None or busy.address is None:
                raise
            print(f"tarock: a server already runs on {db_url}, at {busy.address}", flush=True)
            if make_table(busy.address, body) is None:
                raise
            return
        if body is not None:
            start_in_background(base, body)
        configure_logging(log_level)
        app = create_app(db_url, shard=shard)
        uvicorn.run(app, host=host, port=port, log_config=None, log_level=log_level,
                    access_log=False, ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=False)
