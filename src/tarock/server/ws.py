"""The WebSocket ``/ws/tables/{id}``: one connection per client, messages checked at the edge.

Every refusal is an ``error`` message and the connection stays open (a bad token or an unknown
table is refused once and the connection closed, since there is nothing it could do). Messages
over 64 KiB are refused unread. Accepted actions are free, however fast a client plays; any
other message (a refused one, a sync, a chat) costs a token of a bucket that refills at
:data:`RATE` a second up to :data:`BURST`, and a client with none left gets ``flood`` errors and
is disconnected if it keeps on.
"""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect

from tarock.server.hub import Client, Hub, HubError, LiveTable, table_log
from tarock.server.present import language
from tarock.server.schemas import MESSAGE_TYPES, ActIn, ChatIn, EndIn

router = APIRouter()

MAX_MESSAGE = 64 * 1024  # bytes (guarantee 7)
RATE, BURST = 20.0, 40  # messages per second, and how many may come at once
FLOOD_LIMIT = 200  # refused messages in a row before the connection is closed


class _Bucket:
    """A token bucket: ``RATE`` messages a second on average, ``BURST`` at once."""

    def __init__(self) -> None:
        self.tokens, self.at = float(BURST), time.monotonic()

    def take(self) -> bool:
        t = time.monotonic()
        self.tokens = min(BURST, self.tokens + (t - self.at) * RATE)
        self.at = t
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refund(self) -> None:
        self.tokens = min(BURST, self.tokens + 1)


def _error(code: str, message: str, rule: str | None = None, ref: Any = None,
           reason: str | None = None) -> dict[str, Any]:
    """An ``error`` message; ``reason`` (an extension) names the words of an engine refusal in
    the game's catalogues (``refusal.<reason>``), so that a page can say it in its language."""
    return {"type": "error", "code": code, "message": message, "rule": rule, "ref": ref,
            "reason": reason}


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str, token: str | None = None,
                       lang: str | None = None) -> None:
    hub: Hub = ws.app.state.hub
    await ws.accept()
    try:
        live: LiveTable | None = await hub.get(table_id)
    except HubError:  # no such table (or one of another shard's)
        live = None
    seat = None if live is None or token is None else live.seat_of_token(token)
    if live is None or (token is not None and seat is None):
        code, text, close = (("not_found", f"no table {table_id!r}", 4404) if live is None
                             else ("forbidden", "the token holds no seat at this table", 4403))
        await ws.send_json(_error(code, text))
        await ws.close(close)
        return
    client = Client(seat, ws.send_json, language(lang, live.table))
    live = await hub.connect(live, client)
    try:
        await _serve(hub, live, client, ws)
    except WebSocketDisconnect:
        pass
    finally:
        await hub.disconnect(live, client)


async def _serve(hub: Hub, live: LiveTable, client: Client, ws: WebSocket) -> None:
    bucket, refused = _Bucket(), 0
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        if not bucket.take():
            refused += 1
            if refused >= FLOOD_LIMIT:
                table_log(live.id).warning("closing a flooding connection")
                await ws.close(1008)
                return
            client.send(_error("flood", f"more than {RATE:g} messages a second"))
            continue
        refused = 0
        if await _handle(hub, live, client, message.get("text"), message.get("bytes")):
            bucket.refund()


async def _handle(hub: Hub, live: LiveTable, client: Client, text: str | None,
                  data: bytes | None) -> bool:
    """Answer one message; True if it was an accepted action."""
    if text is None:
        size = len(data or b"")
        client.send(_error("bad_message", "messages are JSON text" if size <= MAX_MESSAGE
                           else f"message over {MAX_MESSAGE} bytes"))
        return False
    if len(text) > MAX_MESSAGE or len(text.encode()) > MAX_MESSAGE:
        client.send(_error("bad_message", f"message over {MAX_MESSAGE} bytes"))
        return False
    try:
        raw = json.loads(text)
    except ValueError:
        client.send(_error("bad_message", "not JSON"))
        return False
    ref = raw.get("id") if isinstance(raw, dict) else None
    ref = ref if isinstance(ref, (str, int)) and not isinstance(ref, bool) else None
    kind = MESSAGE_TYPES.get(raw.get("type")) if isinstance(raw, dict) else None
    if kind is None:
        client.send(_error("bad_message",
                           "a JSON object with a type of " + ", ".join(MESSAGE_TYPES), ref=ref))
        return False
    try:
        msg = kind.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "message"
        client.send(_error("bad_message", f"{where}: {first['msg']}", ref=ref))
        return False
    try:
        if isinstance(msg, ActIn):
            await hub.act(live, client, msg.seq, msg.action)
            return True
        if isinstance(msg, ChatIn):
            await hub.chat(live, client, msg.text)
        elif isinstance(msg, EndIn):
            await hub.end_session(live, client)
        else:
            hub.sync(live, client)
    except HubError as error:
        client.send(_error(error.code, error.message, error.rule, ref, error.reason))
    except Exception:  # never a stack trace to a client; the log has it
        table_log(live.id).exception("message failed")
        client.send(_error("internal", "the server could not handle this message", ref=ref))
    return False
