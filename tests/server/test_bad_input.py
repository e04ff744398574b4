"""Bad input of every kind gets an ``error`` (WebSocket) or a 4xx (HTTP) naming the rule where a
rule decides, changes nothing, and leaves the connection open (guarantees 3 and 7)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from server_support import Server, Ws

FOUR_PEOPLE = [{"name": f"P{i}", "kind": "human"} for i in range(4)]


@pytest.fixture
def table(server: Server) -> tuple[dict[str, Any], Ws, dict[str, Any]]:
    """A Hungarian table of four people (nothing moves unless they act), the client of the
    seat to act, and its first view."""
    created = server.create("hungarian-tarokk", FOUR_PEOPLE, seed=4)
    clients = [server.connect(created["table"], s["token"]) for s in created["seats"]]
    views = [ws.view() for ws in clients]
    seat = next(v["seat"] for v in views if v["legal"])
    return created, clients[seat], views[seat]


def assert_unchanged(server: Server, ws: Ws, seq: int) -> None:
    """Nothing was applied, and the connection still answers."""
    assert server.table(ws_table(ws))["seq"] == seq
    assert ws.sync()["seq"] == seq


def ws_table(ws: Ws) -> str:
    return str(next(m["table"] for m in ws.received if m["type"] == "view"))


BAD_MESSAGES = [
    ("not json", "bad_message"),
    ("[1, 2]", "bad_message"),
    ('{"type": "dance"}', "bad_message"),
    ('{"seq": 0}', "bad_message"),
    ('{"type": "act", "action": {"type": "pass"}}', "bad_message"),
    ('{"type": "act", "seq": "0", "action": {"type": "pass"}}', "bad_message"),
    ('{"type": "act", "seq": 0, "action": "pass"}', "bad_message"),
    ('{"type": "chat", "text": ""}', "bad_message"),
    (json.dumps({"type": "chat", "text": "x" * 501}), "bad_message"),
    (json.dumps({"type": "sync", "pad": "x" * (1024 * 1024)}), "bad_message"),
]


@pytest.mark.parametrize(("text", "code"), BAD_MESSAGES)
def test_malformed_messages_are_refused(server: Server, table: Any, text: str,
                                        code: str) -> None:
    _, ws, view = table
    ws.send(text)
    error = ws.error()
    assert error["code"] == code and error["rule"] is None
    assert "Traceback" not in error["message"]
    assert_unchanged(server, ws, view["seq"])


def test_binary_message_is_refused(server: Server, table: Any) -> None:
    _, ws, view = table
    ws.conn.send(b"\x00\x01")
    assert ws.error()["code"] == "bad_message"
    assert_unchanged(server, ws, view["seq"])


def test_stale_seq(server: Server, table: Any) -> None:
    _, ws, view = table
    ws.send({"type": "act", "seq": view["seq"] + 1, "action": view["legal"][0], "id": "a1"})
    error = ws.error()
    assert (error["code"], error["ref"]) == ("stale", "a1")
    assert_unchanged(server, ws, view["seq"])


def test_illegal_action_names_its_rule(server: Server, table: Any) -> None:
    _, ws, view = table
    for action, rule in [({"type": "play", "card": "T21"}, "HU-GEN-5"),
                         ({"type": "bid", "bid": "fly"}, None)]:
        ws.send({"type": "act", "seq": view["seq"], "action": action})
        error = ws.error()
        assert error["code"] == "illegal"
        if rule:
            assert error["rule"] == rule and rule in error["message"]
        assert_unchanged(server, ws, view["seq"])


def test_out_of_turn(server: Server) -> None:
    created = server.create("bavarian-tarock", FOUR_PEOPLE[:3], seed=8)
    clients = [server.connect(created["table"], s["token"]) for s in created["seats"]]
    views = [ws.view() for ws in clients]
    to_act = next(v["seat"] for v in views if v["legal"])
    other = (to_act + 1) % 3
    clients[other].send({"type": "act", "seq": 0, "action": views[to_act]["legal"][0]})
    assert clients[other].error()["code"] == "not_your_turn"
    assert_unchanged(server, clients[other], 0)


def test_flood_is_refused_and_the_connection_survives(server: Server, table: Any) -> None:
    _, ws, view = table
    for _ in range(120):
        ws.send('{"type": "sync"}')
    replies = [ws.recv() for _ in range(120)]
    floods = [m for m in replies if m["type"] == "error" and m["code"] == "flood"]
    assert floods and len(floods) + sum(m["type"] == "view" for m in replies) == 120
    time.sleep(0.5)  # the bucket refills
    assert_unchanged(server, ws, view["seq"])


def test_unknown_table_and_bad_token(server: Server, table: Any) -> None:
    created, ws, view = table
    unknown = server.connect("no-such-table")
    assert unknown.error()["code"] == "not_found"
    bad = server.connect(created["table"], "not-a-token")
    assert bad.error()["code"] == "forbidden"
    assert server.client.get("/api/tables/no-such-table").status_code == 404
    assert_unchanged(server, ws, view["seq"])


@pytest.mark.parametrize(("body", "status", "code", "rule"), [
    ({"game": "chess", "players": [{"kind": "bot"}]}, 400, "unknown_game", None),
    ({"game": "hungarian-tarokk", "options": {"holding_rule": "x"},
      "players": [{"kind": "bot"}] * 4}, 400, "invalid_option", "HU-BID-6"),
    ({"game": "hungarian-tarokk", "options": {"no_such_option": 1},
      "players": [{"kind": "bot"}] * 4}, 400, "invalid_option", None),
    ({"game": "hungarian-tarokk", "players": [{"kind": "bot"}] * 3}, 400, "invalid_option",
     "HU-SESSION-1"),
    ({"game": "hungarian-tarokk", "options": {"players": 5},
      "players": [{"kind": "bot"}] * 4}, 400, "bad_request", None),
    ({"game": "ottocento", "players": [{"kind": "robot"}] * 4}, 422, "bad_request", None),
    ({"game": "ottocento", "players": [{"kind": "bot", "level": "godlike"}] * 4}, 422,
     "bad_request", None),
    ({"game": "ottocento", "players": []}, 422, "bad_request", None),
    ({"game": "ottocento", "players": [{"kind": "bot"}] * 4, "deals": 0}, 422, "bad_request",
     None),
    ({"players": [{"kind": "bot"}] * 4}, 422, "bad_request", None),
])
def test_bad_tables_are_refused(server: Server, body: dict[str, Any], status: int, code: str,
                                rule: str | None) -> None:
    before = server.client.get("/api/tables").json()
    r = server.client.post("/api/tables", json=body)
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["code"] == code and error["rule"] == rule
    assert server.client.get("/api/tables").json() == before


def test_malformed_http_bodies(server: Server) -> None:
    r = server.client.post("/api/tables", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    assert server.client.post("/api/tables/nope/join", json={"name": "A"}).status_code == 404
    assert server.client.get("/api/nothing").json()["error"]["code"] == "not_found"
