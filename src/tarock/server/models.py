"""The database schema: tables, seats and each table's log of accepted actions and chat.

Event-sourced: a table row holds what was fixed when the table was made (game, rule options,
seed, limits); everything that happens later is a row appended to ``actions`` (in ``seq`` order)
or ``chat``. A seat keeps a hash of its token, never the token. Changes to this module go with
an Alembic migration in ``migrations/versions``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    takeover_seconds: Mapped[float] = mapped_column(Float)
    # the seq at which a person announced the end of the session (migration 0002)
    end_requested: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # set when the session is over: the index of its last deal (migration 0003); a finished
    # table is listed from this row and its log replayed only when someone asks for it
    last_deal: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    kind: Mapped[str] = mapped_column(String(8))  # human | bot
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ... per table
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)  # the record form, without "seat"
    by: Mapped[str] = mapped_column(String(16))  # human | bot | takeover | timer
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    sender: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
