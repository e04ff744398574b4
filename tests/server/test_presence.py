"""People come and go: open seats joined by link, reconnection with nothing but the token, a
bot playing for an absent person and handing the seat back, the turn timer, chat, and the
HTTP listing (guarantee 5)."""

from __future__ import annotations

import time
from typing import Any

from server_support import Server

BOTS3 = [{"kind": "bot", "level": "easy"}] * 3


def test_health_and_games(server: Server) -> None:
    assert server.client.get("/api/health").json()["status"] == "ok"
    games = {g["name"]: g for g in server.client.get("/api/games").json()}
    assert set(games) >= {"hungarian-tarokk", "bavarian-tarock", "ottocento"}
    assert games["hungarian-tarokk"]["players"] == [4, 5]
    assert games["bavarian-tarock"]["players"] == [3, 4]
    assert games["ottocento"]["players"] == [2, 4]
    for game in games.values():
        assert set(game) == {"name", "title", "players", "options", "languages"}  # languages:
        assert game["title"] and game["options"] and game["languages"][0] == "en"  # extension
        for option in game["options"]:
            assert set(option) == {"key", "type", "default", "allowed", "rule", "description",
                                   "leading"}  # leading: an extension
    holding = next(o for o in games["hungarian-tarokk"]["options"] if o["key"] == "holding_rule")
    assert holding["rule"] == "HU-BID-6" and holding["default"] in holding["allowed"]


def test_an_open_seat_is_joined_by_link_and_the_table_waits_until_then(server: Server) -> None:
    created = server.create("bavarian-tarock", [{"name": "Ann", "kind": "human"}, {"kind": "human"},
                                                {"kind": "bot"}], seed=2)
    table_id = created["table"]
    seats = created["seats"]
    assert "token" in seats[0] and "token" not in seats[1] and seats[1]["open"]
    assert seats[1]["url"].endswith(f"/table/{table_id}?join=1")
    listed = next(t for t in server.client.get("/api/tables").json() if t["table"] == table_id)
    assert listed["status"] == "waiting" and listed["seats"][1]["open"]
    ann = server.connect(table_id, seats[0]["token"])
    view = ann.view()
    assert view["to_act"] is None and view["legal"] == [] and view["status"] == "waiting"
    time.sleep(0.3)
    assert server.table(table_id)["seq"] == 0  # nobody acts while a seat is open
    joined = server.client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
    assert joined["seat"] == 1 and joined["token"] and joined["token"] in joined["url"]
    again = server.client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "no_open_seat"
    info = server.table(table_id)
    assert info["status"] == "playing" and info["seats"][1]["name"] == "Bob"
    assert info["scores"]["names"] == ["Ann", "Bob", "Bot 3"]  # its level beside it, in words
    assert (info["seats"][2]["kind"], info["seats"][2]["level"]) == ("bot", "normal")
    bob = server.connect(table_id, joined["token"])
    assert bob.view()["seat"] == 1


def test_a_reconnecting_client_needs_nothing_but_its_token(server: Server) -> None:
    created = server.create("ottocento", [{"name": "Ann", "kind": "human"}, *BOTS3], seed=9)
    token = created["seats"][0]["token"]
    ws = server.connect(created["table"], token)
    view = ws.my_turn() if not ws.view()["legal"] else ws.received[-1]
    ws.close()
    again = server.connect(created["table"], token)
    fresh = again.view()
    assert fresh["seq"] == view["seq"] and fresh["legal"] == view["legal"]
    assert fresh["observation"] == view["observation"]
    again.send({"type": "act", "seq": fresh["seq"], "action": fresh["legal"][0]})
    again.until(lambda m: m["type"] == "view" and m["seq"] == fresh["seq"] + 1)


def test_an_absent_person_is_played_by_a_bot_and_gets_the_seat_back(server: Server) -> None:
    created = server.create("hungarian-tarokk", [{"name": "Ann", "kind": "human"}, *BOTS3],
                            seed=6, takeover_seconds=0.3)
    table_id, token = created["table"], created["seats"][0]["token"]
    watcher = server.connect(table_id)  # someone is still here, so the table plays on
    ws = server.connect(table_id, token)
    first = ws.my_turn() if not ws.view()["legal"] else ws.received[-1]
    ws.close()
    # after takeover_seconds the table goes on without Ann
    info = server.wait_for(table_id, lambda t: t["seq"] > first["seq"] + 8)
    assert info["seats"][0]["bot_playing"] and not info["seats"][0]["connected"]
    back = server.connect(table_id, token)
    view = back.view()
    assert view["seats"][0]["connected"] and not view["seats"][0]["bot_playing"]
    mine = view if view["legal"] else back.my_turn()
    if mine["status"] == "finished":
        return
    seq = mine["seq"]
    time.sleep(0.6)  # longer than takeover_seconds: Ann is here, so nobody plays for her
    assert server.table(table_id)["seq"] == seq
    back.send({"type": "act", "seq": seq, "action": mine["legal"][0]})
    back.until(lambda m: m["type"] == "view" and m["seq"] == seq + 1)
    log = server.client.get(f"/api/tables/{table_id}").json()
    assert log["seq"] >= seq + 1
    watcher.close()


def test_a_table_its_people_left_starts_no_new_deal(server: Server) -> None:
    created = server.create("ottocento", [{"name": "Ann", "kind": "human"}, *BOTS3], seed=9,
                            takeover_seconds=0.1)
    table_id = created["table"]
    assert server.table(table_id)["seq"] == 0
    time.sleep(0.5)  # Ann never came: nobody is here, and no deal has begun
    assert server.table(table_id)["seq"] == 0
    watcher = server.connect(table_id)  # a spectator arrives: the bots play for Ann
    server.wait_for(table_id, lambda t: t["seq"] > 0)
    watcher.close()


def test_a_person_announces_the_end_of_the_session(server: Server) -> None:
    created = server.create("hungarian-tarokk", [{"name": "Ann", "kind": "human"}, *BOTS3],
                            seed=13, turn_seconds=0.05)
    ann = server.connect(created["table"], created["seats"][0]["token"])
    ann.view()
    ann.send({"type": "end_session"})
    assert ann.until(lambda m: m["type"] == "view" and m["end_requested"])
    # the bots (and the turn timer for Ann) play on until "the skíz deals" ends the session
    info = server.wait_for(created["table"], lambda t: t["status"] == "finished", timeout=120)
    assert info["summary"]["end_warned"] and info["summary"]["over"]
    records = server.client.get(f"/api/tables/{created['table']}/records").text.splitlines()
    assert len(records) == info["summary"]["deals"] >= 1


def test_a_rubber_ends_only_by_its_rules(server: Server) -> None:
    created = server.create("ottocento", [{"name": "Ann", "kind": "human"}, *BOTS3], seed=13)
    ann = server.connect(created["table"], created["seats"][0]["token"])
    ann.view()
    ann.send({"type": "end_session"})
    error = ann.error()
    assert error["code"] == "illegal"
    assert not ann.sync()["end_requested"]


def test_the_turn_timer_lets_a_bot_play_for_a_slow_person(server: Server) -> None:
    created = server.create("bavarian-tarock", [{"name": "Ann", "kind": "human"},
                                                *BOTS3[:2]], seed=3, turn_seconds=0.4)
    ws = server.connect(created["table"], created["seats"][0]["token"])
    view = ws.view()
    mine = view if view["legal"] else ws.my_turn()
    assert mine["deadline"] is not None
    ws.until(lambda m: m["type"] == "event" and m["seat"] == 0 and m["seq"] == mine["seq"] + 1)
    assert ws.view()["seq"] >= mine["seq"] + 1


def test_chat_reaches_everyone_and_is_kept(server: Server) -> None:
    people: list[dict[str, Any]] = [{"name": n, "kind": "human"} for n in ("Ann", "Bob")]
    created = server.create("ottocento", people, options={"players": 2}, seed=1)
    ann = server.connect(created["table"], created["seats"][0]["token"])
    bob = server.connect(created["table"], created["seats"][1]["token"])
    watcher = server.connect(created["table"])
    ann.send({"type": "chat", "text": "jó napot"})
    for ws in (ann, bob, watcher):
        line = ws.until(lambda m: m["type"] == "chat")
        assert (line["from"], line["text"]) == ("Ann", "jó napot") and line["at"]
    late = server.connect(created["table"])
    assert late.until(lambda m: m["type"] == "chat")["text"] == "jó napot"


def test_hard_bots_think_in_another_process(server: Server) -> None:
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    from tarock.players.base import LEVELS
    from tarock.server.bots import Bots

    bots = Bots()
    try:
        assert isinstance(bots._executor(LEVELS["hard"]), ProcessPoolExecutor)
        assert isinstance(bots._executor(LEVELS["easy"]), ThreadPoolExecutor)
    finally:
        bots.close()
    created = server.create("bavarian-tarock", [{"kind": "bot", "level": "hard"}] * 3, seed=1,
                            deals=1)
    server.wait_for(created["table"], lambda t: t["seq"] >= 3, timeout=60)


def test_a_hard_bot_table_starts_and_warms_its_worker_once() -> None:
    from tarock.core.protocol import make_game
    from tarock.server.bots import Bots

    bots = Bots()
    game = make_game("ottocento")
    try:
        bots.prepare("normal", game)
        assert bots._processes is None  # the quick levels think in threads
        bots.prepare("hard", game)
        bots.prepare("hard", game)
        assert bots._processes is not None and bots._prepared == {("ottocento", "search")}
    finally:
        bots.close()
