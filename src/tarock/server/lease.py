"""One server process per database, or one per shard: a lease taken before the server loads
anything, held while it runs.

A second ``tarock serve`` on the same database (``make play`` typed twice, a restart while the old
process still runs) would load every table and let its bots play before it found its port
taken, appending actions at the same ``seq`` as the first process: the loser's table stalls,
or the log records a move the first process never applied. With the lease the second process
stops before it touches anything, with one line saying why.

Two locks make the rule of docs/deploy.md: a process without ``--shard`` (which drives every
table) holds the database's lock alone; a process with a shard shares the database's lock with
the other shards' processes and holds its shard's lock alone. PostgreSQL: session advisory
locks (``pg_try_advisory_lock``, ``pg_try_advisory_lock_shared``) on a connection kept open for
the process's life, outside any transaction; SQLite: ``flock`` on files beside the database
(SQLite serves one machine). The database server or the kernel releases them when the process
dies, ``kill -9`` included, so a restart after a crash is never refused.
"""

from __future__ import annotations

import fcntl
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Protocol

from sqlalchemy import create_engine, make_url, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool

from tarock.core.errors import InvalidOptionError, TarockError


class ServerBusyError(TarockError):
    """Another server process holds this database (or this shard of it); ``address`` is where
    it answers, where it said so (a SQLite database's server without a shard)."""

    def __init__(self, message: str, address: str | None = None):
        super().__init__(message)
        self.address = address


class _Locks(Protocol):
    def take(self, shard: str | None, shared: bool) -> bool:
        """The lock of the database (``shard`` None) or of a shard; False if it is held."""

    def tell(self, address: str) -> None:
        """Leave where this server answers (or nothing) with the database's lock."""

    def holder(self) -> str | None:
        """Where the server holding the database's lock answers, if it said."""

    def release(self) -> None: ...


@contextmanager
def database_lease(db_url: str, shard: str | None = None,
                   address: str | None = None) -> Iterator[None]:
    """Hold the lease of ``db_url`` for a process without a shard, or for ``shard``, while the
    block runs; ServerBusyError if another process holds it. A server without a shard leaves
    its ``address`` with the lease (SQLite), so that a second one can say where it answers. An
    in-memory SQLite database, which no other process can open, needs none."""
    url = make_url(db_url)
    where = url.render_as_string(hide_password=True)
    locks: _Locks
    if url.get_backend_name() == "sqlite":
        if not url.database or url.database == ":memory:":
            yield
            return
        locks = _FileLocks(url.database)
    else:
        try:
            locks = _AdvisoryLocks(db_url)
        except SQLAlchemyError as error:  # the first thing the server asks of the database
            reason = str(getattr(error, "orig", None) or error).splitlines()[0]
            raise InvalidOptionError(f"cannot reach --db {where} ({reason})",
                                     expected="a database server that answers") from None
    try:
        if not locks.take(None, shared=shard is not None):
            holder = locks.holder()
            at = f" at {holder}" if holder else ""
            raise ServerBusyError(
                f"another tarock server runs on {where}{at}: use that one, or stop it first"
                if shard is None else f"a tarock server without --shard runs on {where}{at} "
                "and drives every table: stop it first, or give every process a --shard",
                holder)
        # what an earlier holder left is stale: a shard's process, which shares the lock, or a
        # server that says nothing clears it
        locks.tell(address if shard is None and address else "")
        if shard is not None and not locks.take(shard, shared=False):
            raise ServerBusyError(f"another tarock server runs on {where}, shard {shard}: use "
                                  "that one, or stop it first")
        yield
    finally:
        locks.release()


class _FileLocks:
    def __init__(self, database: str):
        self.database = database
        self.files: list[IO[str]] = []

    def take(self, shard: str | None, shared: bool) -> bool:
        name = "" if shard is None else f".shard-{shard}"
        handle = open(f"{self.database}{name}.lock", "a+")  # noqa: SIM115 (closed by release)
        self.files.append(handle)
        try:
            fcntl.flock(handle, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def tell(self, address: str) -> None:
        handle = self.files[0]  # the database's lock, taken first
        handle.truncate(0)
        handle.write(address)
        handle.flush()

    def holder(self) -> str | None:
        handle = self.files[0]
        handle.seek(0)
        return handle.read().strip() or None

    def release(self) -> None:
        for handle in self.files:  # closing a file releases its lock
            handle.close()


class _AdvisoryLocks:
    def __init__(self, db_url: str):
        self.engine = create_engine(db_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
        self.connection = self.engine.connect()

    def tell(self, address: str) -> None:
        """An advisory lock carries no words; the server's address stays unsaid."""

    def holder(self) -> str | None:
        return None

    def take(self, shard: str | None, shared: bool) -> bool:
        digest = hashlib.sha256(f"tarock serve {shard or ''}".encode()).digest()
        key = int.from_bytes(digest[:8], "big", signed=True)
        call = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
        return bool(self.connection.execute(text(f"select {call}(:key)"), {"key": key}).scalar())

    def release(self) -> None:
        self.connection.close()  # ending the session releases its locks
        self.engine.dispose()
