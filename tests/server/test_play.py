"""Playing at the server: complete deals of every game by the record forms the server offers,
privacy of every message (guarantee 2), spectators, authority (guarantee 1) and the records
(guarantee 6)."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from checks import check_client
from cli_support import run
from server_support import Server, Ws


def people(n: int, bots: int = 0, level: str = "easy") -> list[dict[str, Any]]:
    """``n`` named people, then ``bots`` bots."""
    return ([{"name": f"P{i}", "kind": "human"} for i in range(n)]
            + [{"kind": "bot", "level": level}] * bots)


def play_seat(ws: Ws, rng: random.Random) -> dict[str, Any]:
    """Act with a random legal action whenever it is this client's turn, until the table ends."""
    view = ws.view()
    while view["status"] != "finished":
        if view["legal"]:
            ws.send({"type": "act", "seq": view["seq"], "action": rng.choice(view["legal"])})
        view = ws.my_turn()
    return view


def play_table(server: Server, created: dict[str, Any]) -> list[Ws]:
    """Connect every person of a new table and play it to its end, each in a thread."""
    clients = [server.connect(created["table"], s["token"])
               for s in created["seats"] if "token" in s]
    errors: list[BaseException] = []

    def run_one(ws: Ws, seed: int) -> None:
        try:
            play_seat(ws, random.Random(seed))
        except BaseException as error:  # re-raised in the test thread
            errors.append(error)

    threads = [threading.Thread(target=run_one, args=(ws, i)) for i, ws in enumerate(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    return clients


GAMES = [
    ("hungarian-tarokk", {}, people(2, 2)),
    ("hungarian-tarokk", {"players": 5}, people(2, 3)),
    ("bavarian-tarock", {}, people(2, 1)),
    ("bavarian-tarock", {"variant": "scharfer"}, people(1, 2)),
    ("ottocento", {}, people(2, 2)),
    ("ottocento", {"players": 2}, people(2)),
]


@pytest.mark.parametrize(("game", "options", "players"), GAMES)
def test_two_people_see_only_their_own_hands(server: Server, game: str,
                                             options: dict[str, Any],
                                             players: list[dict[str, Any]]) -> None:
    created = server.create(game, players, options=options, deals=2, seed=11)
    spectator = server.connect(created["table"])
    clients = play_table(server, created)
    spectator.until(lambda m: m["type"] == "view" and m["status"] == "finished")
    info = server.table(created["table"])
    assert info["status"] == "finished" and info["seq"] > 10
    for seat, ws in enumerate(clients):
        assert check_client(server.db_url, created["table"], seat, ws.received) > 5
        deal_ends = [m for m in ws.received if m["type"] == "deal_end"]
        assert [m["deal"] for m in deal_ends] == [0, 1]
    assert check_client(server.db_url, created["table"], None, spectator.received) > 5
    assert all("hand" not in m["observation"] for m in spectator.received if m["type"] == "view")


def test_records_replay_and_score_identically(server: Server, tmp_path: Path) -> None:
    created = server.create("bavarian-tarock", people(1, 2), deals=3, seed=5)
    play_table(server, created)
    table_id = created["table"]
    response = server.client.get(f"/api/tables/{table_id}/records")
    assert response.headers["content-type"].startswith("application/x-ndjson")
    records = [json.loads(line) for line in response.text.splitlines()]
    assert len(records) == 3
    path = tmp_path / "records.jsonl"
    path.write_text(response.text, encoding="utf-8")
    replayed = run("replay", str(path), "--json")
    assert replayed.exit_code == 0, replayed.output
    results = json.loads(replayed.stdout)
    results = results if isinstance(results, list) else results["deals"]
    assert [r["result"]["scores"] if "result" in r else r["scores"] for r in results] == \
        [r["result"]["scores"] for r in records]
    info = server.table(table_id)
    assert info["scores"]["rows"][-len(records):] != []
    one = server.client.get(f"/api/tables/{table_id}/records/1")
    assert one.status_code == 200 and one.json() == records[1]
    assert server.client.get(f"/api/tables/{table_id}/records/3").status_code == 404


def test_a_spectator_cannot_act_or_chat(server: Server) -> None:
    created = server.create("ottocento", people(4), seed=3)  # nobody acts meanwhile
    spectator = server.connect(created["table"])
    view = spectator.view()
    assert view["seat"] is None and view["legal"] == []
    spectator.send({"type": "act", "seq": view["seq"], "action": {"type": "decline"}, "id": 7})
    error = spectator.error()
    assert (error["code"], error["ref"]) == ("forbidden", 7)
    spectator.send({"type": "chat", "text": "hello"})
    assert spectator.error()["code"] == "forbidden"
    assert server.table(created["table"])["seq"] == view["seq"]


def test_a_token_acts_only_for_its_own_seat(server: Server) -> None:
    created = server.create("hungarian-tarokk", people(2, 2), seed=21)
    table_id = created["table"]
    a = server.connect(table_id, created["seats"][0]["token"])
    b = server.connect(table_id, created["seats"][1]["token"])
    view_a, view_b = a.view(), b.view()
    mover, other, view = (a, b, view_a) if view_a["legal"] else (b, a, view_b)
    assert view["legal"], "one of the two people is to bid first with this seed"
    seat = view["seat"]
    # the waiting person tries the mover's legal action, and then names the mover's seat
    other.send({"type": "act", "seq": view["seq"], "action": view["legal"][0]})
    assert other.error()["code"] == "not_your_turn"
    other.send({"type": "act", "seq": view["seq"], "action": {**view["legal"][0], "seat": seat}})
    assert other.error()["code"] == "forbidden"
    assert server.table(table_id)["seq"] == view["seq"]
    mover.send({"type": "act", "seq": view["seq"], "action": view["legal"][0]})
    mover.until(lambda m: m["type"] == "view" and m["seq"] == view["seq"] + 1)
