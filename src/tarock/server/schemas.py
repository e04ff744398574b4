"""The HTTP bodies of ``tarock-table/1``, checked at the edge with pydantic."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Level = Literal["easy", "normal", "hard"]


class PlayerIn(BaseModel):
    """A seat of a new table: a person (``name`` null or missing: an open seat) or a bot."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(None, min_length=1, max_length=40)
    kind: Literal["human", "bot"]
    level: Level | None = None


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[PlayerIn] = Field(min_length=1, max_length=8)
    deals: int | None = Field(None, ge=1, le=10_000)
    turn_seconds: float | None = Field(None, gt=0, le=86_400)
    takeover_seconds: float = Field(60.0, ge=0, le=86_400)
    seed: int | None = Field(None, ge=0, lt=2**53)  # extension: a reproducible table


class OptionsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    options: dict[str, Any] = Field(default_factory=dict)


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    seat: int | None = Field(None, ge=0)


class ActIn(BaseModel):
    """``act``: the action for the client's seat, answering the view with ``seq``."""

    model_config = ConfigDict(extra="ignore")
    type: Literal["act"]
    seq: int = Field(strict=True, ge=0)
    action: dict[str, Any]
    id: str | int | None = None


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=500)


class SyncIn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    type: Literal["sync"]


class EndIn(BaseModel):
    """Extension: a person announces the end of the session."""

    model_config = ConfigDict(extra="ignore")
    type: Literal["end_session"]


MESSAGE_TYPES = {"act": ActIn, "chat": ChatIn, "sync": SyncIn, "end_session": EndIn}
