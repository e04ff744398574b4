"""Finished tables leave the server's memory: the database remembers that a table is over, the
list shows it from there, anyone who asks for it gets it replayed from its log, exactly as it
was, and a start replays only the tables that still play."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import sqlalchemy
from server_support import TIMEOUT, Server, running_server

from tarock.server.storage import Storage
from tarock.server.table import Table

BOTS = [{"kind": "bot", "level": "easy"}] * 3


def finished_tables(server: Server, count: int, seed: int = 1) -> list[str]:
    """``count`` tables of bots playing one Bavarian deal each, waited for until over."""
    ids = [server.create("bavarian-tarock", BOTS, deals=1, seed=seed + i)["table"]
           for i in range(count)]
    for table_id in ids:
        server.wait_for(table_id, lambda t: t["status"] == "finished")
    return ids


def loaded(server: Server) -> set[str]:
    return set(server.app.state.hub.tables)


def listed(server: Server) -> dict[str, Any]:
    return {t["table"]: t for t in server.client.get("/api/tables").json()}


def eventually(condition: Any) -> None:
    end = time.monotonic() + TIMEOUT
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def test_finished_tables_leave_memory_and_come_back_as_they_were(db_url: str) -> None:
    with running_server(db_url) as server:
        server.app.state.hub.finished_in_memory = 1
        ids = finished_tables(server, 3)
        before = {t: (server.table(t), server.client.get(f"/api/tables/{t}/records").text)
                  for t in ids}
        assert loaded(server) == {ids[2]}  # the one asked for last
        first = listed(server)
        assert [first[t]["status"] for t in ids] == ["finished"] * 3
        for table_id in ids:  # each one replayed, the others leaving
            assert server.table(table_id) == before[table_id][0]
            assert server.client.get(f"/api/tables/{table_id}/records").text \
                == before[table_id][1]
            assert loaded(server) == {table_id}
            assert listed(server) == first  # the same whether read from memory or the rows
        waiting = server.create("bavarian-tarock", [{"kind": "human"}, *BOTS[:2]])["table"]
        assert list(listed(server)) == [*ids, waiting]  # oldest first, made here or read
        playing = server.client.get("/api/tables?status=waiting&status=playing").json()
        assert [t["table"] for t in playing] == [waiting]
        assert server.client.get("/api/tables?status=over").status_code == 422


def test_a_client_keeps_a_finished_table_loaded(db_url: str) -> None:
    with running_server(db_url) as server:
        server.app.state.hub.finished_in_memory = 0  # only the one asked for last stays
        watched, other = finished_tables(server, 2)
        assert loaded(server) == {other}
        watcher = server.connect(watched)
        view = watcher.view()
        assert view["status"] == "finished" and view["to_act"] is None
        assert view["seq"] == server.table(watched)["seq"] > 0
        assert server.table(other)["status"] == "finished"
        assert loaded(server) == {watched, other}  # asked for last, and connected to
        watcher.close()
        eventually(lambda: not loaded(server))


def test_a_table_counts_as_asked_for_when_it_finishes_not_when_it_is_marked(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Which finished tables stay in memory follows the order they finished in, however slow
    the database is to mark them: the table is counted in the same step as its last action
    (a table seen finished and not yet counted once kept an older one in memory)."""
    gate = threading.Event()
    mark = Storage.mark_finished
    first: list[str] = []

    def slow(storage: Storage, table_id: str, last_deal: int) -> None:
        if first and table_id not in first:  # the tables after the first wait
            assert gate.wait(TIMEOUT)
        mark(storage, table_id, last_deal)

    monkeypatch.setattr(Storage, "mark_finished", slow)
    with running_server(db_url) as server:
        hub = server.app.state.hub
        hub.finished_in_memory = 0
        first.extend(finished_tables(server, 1))
        assert loaded(server) == set(first)
        last = server.create("bavarian-tarock", BOTS, deals=1, seed=5)["table"]
        eventually(lambda: last in hub.tables and hub.tables[last].table.finished)
        eventually(lambda: loaded(server) == {last})  # while its mark waits
        assert hub.storage.table_ids(finished=True) == first
        gate.set()
        eventually(lambda: hub.storage.table_ids(finished=True) == [*first, last])


def test_a_finished_table_asked_for_at_once_is_replayed_once(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    replays: list[str] = []
    rebuild = Table.rebuild.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Table], spec: Any, log: Any) -> Table:
        replays.append(spec.id)
        time.sleep(0.05)  # a long log: the other requests arrive while it is replayed
        return rebuild(cls, spec, log)

    monkeypatch.setattr(Table, "rebuild", classmethod(counted))
    with running_server(db_url) as server:
        server.app.state.hub.finished_in_memory = 0
        asked, last = finished_tables(server, 2)
        assert loaded(server) == {last}
        replays.clear()  # waiting for the two to finish may have replayed one
        with ThreadPoolExecutor(8) as pool:
            infos = list(pool.map(server.table, [asked] * 8))
        assert all(info == infos[0] for info in infos)
        assert replays == [asked]


def test_a_start_replays_only_the_tables_that_play(db_url: str) -> None:
    with running_server(db_url) as server:
        done = finished_tables(server, 2)
        playing = server.create("bavarian-tarock", [{"name": "Ann", "kind": "human"},
                                                    *BOTS[:2]], seed=9)["table"]
    storage = Storage(db_url)
    with storage.engine.begin() as c:  # as a database from before tables were marked finished
        c.execute(sqlalchemy.text("update tables set last_deal = null where id = :id"),
                  {"id": done[1]})
    assert storage.table_ids(finished=True) == [done[0]]
    storage.close()
    with running_server(db_url) as server:
        assert loaded(server) == {playing}
        storage = Storage(db_url)
        assert storage.table_ids(finished=True) == done  # found over, and remembered
        assert storage.table_ids(finished=False) == [playing]
        storage.close()
        assert {t: listed(server)[t]["status"] for t in done} == dict.fromkeys(done, "finished")
        assert server.table(done[1])["status"] == "finished"
        assert server.client.get("/api/tables/nope").status_code == 404
