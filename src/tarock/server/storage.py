"""Durable storage of tables: SQLAlchemy 2 over SQLite (default) or PostgreSQL.

The log is append-only. :meth:`Storage.append_actions` returns only once the rows are committed,
and the caller acknowledges the action only after that (guarantee 4 of the protocol); the
primary key ``(table_id, seq)`` makes a second writer of the same ``seq`` fail instead of
forking the log. SQLite runs in WAL mode, so readers never block the writer and a commit is
durable against a killed process. The schema is created and upgraded by Alembic on start.

All methods are synchronous and short; the server calls them from worker threads so that the
event loop never waits on the disk.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, Select, create_engine, event, insert, select
from sqlalchemy.orm import sessionmaker

from tarock.server.models import ActionRow, ChatRow, SeatRow, TableRow

MIGRATIONS = Path(__file__).with_name("migrations")


def hash_token(token: str) -> str:
    """What is stored of a seat token: its SHA-256 (a token has at least 128 random bits, so
    a plain hash cannot be reversed by guessing)."""
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def _utc(stored: datetime) -> datetime:
    """A stored time as written (UTC): SQLite keeps no time zone, PostgreSQL does."""
    return stored if stored.tzinfo is not None else stored.replace(tzinfo=UTC)


@dataclass(frozen=True)
class SeatSpec:
    seat: int
    name: str | None
    kind: str  # human | bot
    level: str | None
    token_hash: str | None


@dataclass(frozen=True)
class TableSpec:
    """What is fixed when a table is made."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    deals: int | None
    turn_seconds: float | None
    takeover_seconds: float
    seats: tuple[SeatSpec, ...]
    created_at: datetime
    end_requested: int | None = None  # the seq at which the end of the session was announced


@dataclass(frozen=True)
class FinishedTable:
    """What the list of tables shows of a finished table, read without replaying its log."""

    id: str
    game: str
    last_deal: int
    seats: tuple[SeatSpec, ...]
    created_at: datetime


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    seat: int
    action: dict[str, Any]
    by: str


@dataclass(frozen=True)
class ChatLine:
    sender: str
    text: str
    at: datetime


class Storage:
    """The database of one server (or of several processes sharing a PostgreSQL server)."""

    def __init__(self, url: str):
        self.url = url
        self.engine = make_engine(url)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- writing ---------------------------------------------------------------------------

    def create_table(self, spec: TableSpec) -> None:
        with self._session.begin() as db:
            db.add(TableRow(id=spec.id, game=spec.game, options=spec.options, seed=spec.seed,
                            deals=spec.deals, turn_seconds=spec.turn_seconds,
                            takeover_seconds=spec.takeover_seconds,
                            created_at=spec.created_at))
            db.flush()  # the seats' foreign key needs the table row first (PostgreSQL)
            db.add_all(SeatRow(table_id=spec.id, seat=s.seat, name=s.name, kind=s.kind,
                               level=s.level, token_hash=s.token_hash) for s in spec.seats)

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give an open seat to a person; False if someone took it first."""
        with self._session.begin() as db:
            row = db.get(SeatRow, (table_id, seat))
            if row is None or row.token_hash is not None or row.kind != "human":
                return False
            row.name, row.token_hash = name, token_hash
            return True

    def append_actions(self, entries: list[tuple[str, LoggedAction]]) -> None:
        """Append accepted actions (of any tables) in one transaction; returns when it is
        committed. One commit for many actions is what lets a busy server keep up: the commit,
        not the insert, is the cost."""
        at = now()
        rows = [{"table_id": table_id, "seq": e.seq, "seat": e.seat, "action": e.action,
                 "by": e.by, "at": at} for table_id, e in entries]
        with self.engine.begin() as connection:
            connection.execute(insert(ActionRow), rows)

    def request_end(self, table_id: str, seq: int) -> None:
        """Remember that the end of the session was announced at ``seq`` (the first time)."""
        with self._session.begin() as db:
            row = db.get(TableRow, table_id)
            if row is not None and row.end_requested is None:
                row.end_requested = seq

    def mark_finished(self, table_id: str, last_deal: int) -> None:
        """Remember that the table's session is over, after ``last_deal`` (its index)."""
        with self._session.begin() as db:
            row = db.get(TableRow, table_id)
            if row is not None:
                row.last_deal = last_deal

    def add_chat(self, table_id: str, line: ChatLine) -> None:
        with self._session.begin() as db:
            db.add(ChatRow(table_id=table_id, sender=line.sender, text=line.text, at=line.at))

    # -- reading ---------------------------------------------------------------------------

    def table_ids(self, prefix: str = "", finished: bool | None = None) -> list[str]:
        """The ids starting with ``prefix``, oldest first; only the finished tables (those
        marked so) or only the others when ``finished`` says which."""
        with self._session() as db:
            return list(db.scalars(_ids(prefix, finished).order_by(TableRow.created_at)))

    def finished_tables(self, prefix: str = "") -> list[FinishedTable]:
        """Every table marked finished whose id starts with ``prefix``, oldest first (the
        columns the list needs, not whole rows: there may be very many)."""
        ids = _ids(prefix, finished=True)
        with self._session() as db:
            rows = db.execute(select(TableRow.id, TableRow.game, TableRow.last_deal,
                                     TableRow.created_at).where(TableRow.id.in_(ids))
                              .order_by(TableRow.created_at)).all()
            seats: dict[str, list[SeatSpec]] = {row.id: [] for row in rows}
            for s in db.execute(select(SeatRow.table_id, SeatRow.seat, SeatRow.name,
                                       SeatRow.kind, SeatRow.level, SeatRow.token_hash)
                                .where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)):
                seats[s.table_id].append(SeatSpec(s.seat, s.name, s.kind, s.level,
                                                  s.token_hash))
        return [FinishedTable(row.id, row.game, row.last_deal, tuple(seats[row.id]),
                              _utc(row.created_at)) for row in rows]

    def load_table(self, table_id: str) -> TableSpec | None:
        with self._session() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                return None
            seats = db.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                               .order_by(SeatRow.seat))
            return TableSpec(
                id=row.id, game=row.game, options=dict(row.options), seed=row.seed,
                deals=row.deals, turn_seconds=row.turn_seconds,
                takeover_seconds=row.takeover_seconds, created_at=_utc(row.created_at),
                end_requested=row.end_requested,
                seats=tuple(SeatSpec(s.seat, s.name, s.kind, s.level, s.token_hash)
                            for s in seats))

    def actions(self, table_id: str) -> list[LoggedAction]:
        with self._session() as db:
            rows = db.scalars(select(ActionRow).where(ActionRow.table_id == table_id)
                              .order_by(ActionRow.seq))
            return [LoggedAction(r.seq, r.seat, dict(r.action), r.by) for r in rows]

    def chat(self, table_id: str, last: int = 50) -> list[ChatLine]:
        """The last ``last`` chat lines of a table, oldest first."""
        with self._session() as db:
            rows = list(db.scalars(select(ChatRow).where(ChatRow.table_id == table_id)
                                   .order_by(ChatRow.id.desc()).limit(last)))
            return [ChatLine(r.sender, r.text, _utc(r.at)) for r in reversed(rows)]


def _ids(prefix: str, finished: bool | None) -> Select[tuple[str]]:
    """The query of the ids starting with ``prefix``, of the finished tables, the others, or
    all (``finished`` None)."""
    query = select(TableRow.id).where(TableRow.id.startswith(prefix, autoescape=True))
    if finished is None:
        return query
    marked = TableRow.last_deal.is_not(None)
    return query.where(marked if finished else ~marked)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL mode and a busy timeout."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")  # WAL: durable against a killed process
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest Alembic revision."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


