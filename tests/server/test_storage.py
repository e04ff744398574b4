"""The event-sourced storage, on SQLite and (where reachable) PostgreSQL: the schema by Alembic,
the append-only log, token hashes, and a server that stops and starts on the same database
with every table where it was."""

from __future__ import annotations

from dataclasses import replace

import pytest
import sqlalchemy
from server_support import running_server

from tarock.server.storage import (
    ChatLine,
    LoggedAction,
    SeatSpec,
    Storage,
    TableSpec,
    hash_token,
    now,
)
from tarock.server.table import Table


def spec(table_id: str = "t1") -> TableSpec:
    return TableSpec(
        id=table_id, game="bavarian-tarock", options={"variant": "haferl"}, seed=2**52 + 5,
        deals=None, turn_seconds=None, takeover_seconds=60.0, created_at=now(),
        seats=(SeatSpec(0, "Ann", "human", None, hash_token("secret-token")),
               SeatSpec(1, None, "human", None, None),
               SeatSpec(2, "Bot", "bot", "easy", None)))


def test_schema_is_migrated_once_and_again_is_a_no_op(db_url: str) -> None:
    Storage(db_url).close()
    storage = Storage(db_url)  # a second start upgrades nothing
    with storage.engine.connect() as c:
        version = c.execute(sqlalchemy.text("select version_num from alembic_version")).scalar()
        tables = set(sqlalchemy.inspect(c).get_table_names())
    storage.close()
    assert version == "0003"
    assert {"tables", "seats", "actions", "chat"} <= tables


def test_an_older_database_is_upgraded_with_its_tables(db_url: str) -> None:
    from alembic import command
    from alembic.config import Config

    from tarock.server.storage import MIGRATIONS, make_engine

    engine = make_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(sqlalchemy.text(
            "insert into tables (id, game, options, seed, takeover_seconds, created_at) "
            "values ('old', 'ottocento', '{}', 1, 60, '2026-01-01 00:00:00')"))
    engine.dispose()
    storage = Storage(db_url)
    old = storage.load_table("old")
    storage.close()
    assert old is not None and old.end_requested is None and old.game == "ottocento"


def test_tables_round_trip_and_keep_only_token_hashes(db_url: str) -> None:
    storage = Storage(db_url)
    storage.create_table(spec())
    loaded = storage.load_table("t1")
    assert loaded is not None
    assert replace(loaded, created_at=None) == replace(spec(), created_at=None)
    with storage.engine.connect() as c:
        stored = [r[0] for r in c.execute(sqlalchemy.text("select token_hash from seats"))]
    assert "secret-token" not in stored and hash_token("secret-token") in stored
    assert storage.load_table("nope") is None
    assert storage.table_ids() == ["t1"]
    storage.close()


def test_the_log_is_append_only_and_in_order(db_url: str) -> None:
    storage = Storage(db_url)
    storage.create_table(spec())
    table = Table(spec())
    for _ in range(6):
        seat = table.to_act()
        assert seat is not None
        prepared = table.prepare(seat, table.legal(seat)[0], "bot")
        storage.append_actions([("t1", prepared.entry)])
        table.commit(prepared)
    log = storage.actions("t1")
    assert [e.seq for e in log] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(sqlalchemy.exc.IntegrityError):  # a second writer of seq 6 fails
        storage.append_actions([("t1", LoggedAction(6, 0, {"type": "pass"}, "human"))])
    assert storage.actions("t1") == log
    rebuilt = Table.rebuild(spec(), log)
    assert rebuilt.seq == 6 and rebuilt.observation(0) == table.observation(0)
    storage.close()


def test_an_open_seat_is_taken_once(db_url: str) -> None:
    storage = Storage(db_url)
    storage.create_table(spec())
    assert storage.take_seat("t1", 1, "Bob", hash_token("b"))
    assert not storage.take_seat("t1", 1, "Cy", hash_token("c"))
    assert not storage.take_seat("t1", 2, "Cy", hash_token("c"))  # a bot's seat
    loaded = storage.load_table("t1")
    assert loaded is not None and loaded.seats[1].name == "Bob"
    storage.close()


def test_chat_keeps_the_last_lines(db_url: str) -> None:
    storage = Storage(db_url)
    storage.create_table(spec())
    for i in range(60):
        storage.add_chat("t1", ChatLine("Ann", f"line {i}", now()))
    lines = storage.chat("t1", 50)
    assert [line.text for line in lines] == [f"line {i}" for i in range(10, 60)]
    assert lines[0].at.utcoffset() is not None  # the chat message's time says it is UTC
    storage.close()


def test_a_restarted_server_has_every_table_where_it_was(db_url: str) -> None:
    bots = [{"kind": "bot", "level": "easy"}] * 4
    with running_server(db_url) as server:
        done = server.create("ottocento", bots, deals=1, seed=4)
        waiting = server.create("hungarian-tarokk", [{"name": "Ann", "kind": "human"},
                                                     {"kind": "human"}, *bots[:2]], seed=5)
        server.wait_for(done["table"], lambda t: t["status"] == "finished")
        before = {t: server.table(t) for t in (done["table"], waiting["table"])}
        records = server.client.get(f"/api/tables/{done['table']}/records").text
    with running_server(db_url) as server:
        for table_id, info in before.items():
            assert server.table(table_id) == info
        assert server.client.get(f"/api/tables/{done['table']}/records").text == records
        ann = server.connect(waiting["table"], waiting["seats"][0]["token"])
        assert ann.view()["status"] == "waiting"
