"""Durability (guarantee 4): a server process killed with SIGKILL at any moment and started
again on the same SQLite file continues every table from its last acknowledged action. The
server runs as a real subprocess (``tarock serve``), the clients over real WebSockets."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from server_support import Process, Server, Ws

FOUR_PEOPLE = [{"name": f"P{i}", "kind": "human"} for i in range(4)]


def acked(ws: Ws) -> int:
    """The highest seq this client was told of: its last acknowledged action."""
    return max((m["seq"] for m in ws.received if m["type"] == "view"), default=0)


def seen_actions(ws: Ws) -> dict[int, dict[str, Any]]:
    return {m["seq"]: m["action"] for m in ws.received if m["type"] == "event" and m["action"]}


class People:
    """Four people at one table, acting in turn through their own connections."""

    def __init__(self, server: Server, created: dict[str, Any]):
        self.table = created["table"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.clients = [server.connect(self.table, t) for t in self.tokens]
        self.views = [ws.view() for ws in self.clients]
        self.rng = random.Random(1)

    def act(self, wait: bool = True) -> None:
        seat = next(i for i, v in enumerate(self.views) if v["legal"])
        view = self.views[seat]
        self.clients[seat].send({"type": "act", "seq": view["seq"],
                                 "action": self.rng.choice(view["legal"])})
        if wait:
            for i, ws in enumerate(self.clients):
                self.views[i] = ws.until(lambda m: m["type"] == "view"
                                         and m["seq"] == view["seq"] + 1)

    def acked(self) -> int:
        return max(acked(ws) for ws in self.clients)

    def seen(self) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for ws in self.clients:
            out.update(seen_actions(ws))
        return out


def logged_actions(server: Server, table_id: str) -> dict[int, dict[str, Any]]:
    """The table's log as the restarted server has it (from its records and current deal)."""
    from tarock.server.storage import Storage

    storage = Storage(server.db_url)
    try:
        return {e.seq: e.action for e in storage.actions(table_id)}
    finally:
        storage.close()


def test_kill_9_at_several_points_loses_nothing_acknowledged(tmp_path: Path) -> None:
    process = Process(f"sqlite:///{tmp_path / 'tarock.db'}", tmp_path / "server.log")
    server = process.start()
    try:
        people = People(server, server.create("hungarian-tarokk", FOUR_PEOPLE, seed=12))
        bots = server.create("ottocento", [{"kind": "bot", "level": "easy"}] * 4, seed=3,
                             deals=30)
        mixed = server.create("bavarian-tarock", [{"name": "Ann", "kind": "human"},
                                                  {"kind": "bot", "level": "easy"},
                                                  {"kind": "bot", "level": "normal"}], seed=7)
        watchers = {t: server.connect(t) for t in (bots["table"], mixed["table"])}
        ann = server.connect(mixed["table"], mixed["seats"][0]["token"])
        ann_view = ann.view()

        for point in ("after an acknowledgment", "with an action in flight", "while bots play"):
            if point == "after an acknowledgment":
                for _ in range(5):
                    people.act()
            elif point == "with an action in flight":
                people.act()
                people.act(wait=False)
                if ann_view["legal"]:
                    ann.send({"type": "act", "seq": ann_view["seq"],
                              "action": ann_view["legal"][0]})
            else:
                time.sleep(0.3)
            for ws in watchers.values():
                ws.sync()
            before = {people.table: (people.acked(), people.seen())}
            for t, ws in watchers.items():
                before[t] = (acked(ws), seen_actions(ws))
            process.kill()

            server = process.start()
            for table_id, (last, seen) in before.items():
                info = server.table(table_id)
                assert info["seq"] >= last, f"{point}: table {table_id} lost acknowledged actions"
                log = logged_actions(server, table_id)
                assert sorted(log) == list(range(1, len(log) + 1))
                for seq, action in seen.items():
                    assert log[seq] == action, f"{point}: action {seq} differs after restart"
            # every client comes back with its token alone and the tables go on
            people.clients = [server.connect(people.table, t) for t in people.tokens]
            people.views = [ws.view() for ws in people.clients]
            assert len({v["seq"] for v in people.views}) == 1
            people.act()
            watchers = {t: server.connect(t) for t in watchers}
            start = server.table(bots["table"])["seq"]  # the bots play on by themselves
            server.wait_for(bots["table"], lambda t, s=start: t["seq"] > s
                            or t["status"] == "finished")
            ann = server.connect(mixed["table"], mixed["seats"][0]["token"])
            ann_view = ann.view()
    finally:
        process.stop()
