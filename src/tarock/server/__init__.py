"""The table server (``tarock serve``): people play together over WebSockets, bots fill seats.

The wire contract is ``tarock-table/1`` (documented in ``docs/server.md``). The server is the
authority: it keeps each table's action log in a database and rebuilds a table's live state by
replaying that log through the game engine, so the log is the only state that must survive a
crash. It knows the games only through the game protocol (:mod:`tarock.core.protocol`) and the
player registry.

Modules, one idea each:

* :mod:`~tarock.server.storage`: the database (SQLAlchemy 2, Alembic migrations), event-sourced;
* :mod:`~tarock.server.table`: one table's live state, rebuilt from its log, and what each
  client may see of it;
* :mod:`~tarock.server.bots`: computer players' decisions, off the event loop;
* :mod:`~tarock.server.hub`: the running tables, their connections, bots and timers;
* :mod:`~tarock.server.schemas`: the HTTP bodies (pydantic models at the edge);
* :mod:`~tarock.server.api` and :mod:`~tarock.server.ws`: the HTTP routes and the WebSocket;
* :mod:`~tarock.server.app`: the FastAPI application and ``serve``.
"""

PROTOCOL = "tarock-table/1"
