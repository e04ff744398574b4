"""``tarock serve`` on the command line, and shards: several processes on one database."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import assert_bad_input, run
from server_support import TIMEOUT, Process, free_port, running_server

from tarock.server.lease import ServerBusyError, database_lease


@pytest.mark.parametrize(("args", "needle"), [
    (["--db", "::nonsense"], "--db"),
    (["--shard", "a/b"], "--shard"),
    (["--log-level", "loud"], "--log-level"),
])
def test_bad_arguments_give_one_line_and_exit_2(args: list[str], needle: str) -> None:
    assert_bad_input(run("serve", *args), needle)


def test_a_database_server_that_does_not_answer_gives_one_line_without_the_password() -> None:
    line = assert_bad_input(run("serve", "--db", "postgresql+psycopg://nobody:secret@127.0.0.1:1/x"),
                            "cannot reach --db postgresql+psycopg://nobody:***@127.0.0.1:1/x")
    assert "secret" not in line


def test_each_shard_makes_and_runs_only_its_own_tables(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    people = [{"name": f"P{i}", "kind": "human"} for i in range(4)]
    with running_server(url, shard="a") as a, running_server(url, shard="b") as b:
        made_a = a.create("hungarian-tarokk", people)["table"]
        made_b = b.create("hungarian-tarokk", people)["table"]
        assert made_a.startswith("a-") and made_b.startswith("b-")
        assert [t["table"] for t in a.client.get("/api/tables").json()] == [made_a]
        assert b.client.get(f"/api/tables/{made_a}").status_code == 404
    with running_server(url, shard="b") as b:
        assert [t["table"] for t in b.client.get("/api/tables").json()] == [made_b]


def test_a_second_server_on_a_database_stops_before_it_plays(tmp_path: Path) -> None:
    """It would otherwise load every table and let its bots append actions beside the first
    server's before finding its port taken (``make play`` typed twice)."""
    url = f"sqlite:///{tmp_path / 't.db'}"
    first = Process(url, tmp_path / "first.log")
    try:
        server = first.start()
        bots = [{"kind": "bot", "level": "easy"}] * 4
        table = server.create("hungarian-tarokk", bots, deals=1000)["table"]
        server.wait_for(table, lambda t: t["seq"] > 0)
        serve = [str(Path(sys.executable).with_name("tarock")), "serve", "--db", url, "--port",
                 str(free_port())]
        second = subprocess.run(serve, capture_output=True, text=True, timeout=TIMEOUT)
        assert second.returncode == 2
        assert second.stderr.splitlines() == [
            f"error: another tarock server runs on {url} at {server.http}: use that one, or "
            "stop it first"]
        assert [t["table"] for t in server.client.get("/api/tables").json()] == [table]
        # make play again: the new table is made on the server that runs
        again = subprocess.run([*serve, "--play", "ottocento"], capture_output=True, text=True,
                               timeout=TIMEOUT)
        assert again.returncode == 0, again.stderr
        page = again.stdout.split("Your table: ")[1].split()[0]
        assert page.startswith(f"{server.http}/table/")
        made = page.removeprefix(f"{server.http}/table/").split("?")[0]
        assert [t["table"] for t in server.client.get("/api/tables").json()] == [table, made]
        first.kill()  # the kernel releases the lease of a killed process
        assert first.start().table(table)["status"] == "playing"
    finally:
        first.stop()


def busy(db_url: str, shard: str | None, needle: str) -> None:
    with pytest.raises(ServerBusyError, match=needle), database_lease(db_url, shard):
        pass


def test_the_lease_admits_one_server_per_database_or_one_per_shard(db_url: str) -> None:
    with database_lease(db_url, None, "http://127.0.0.1:8123"):  # it drives every table
        busy(db_url, None, "another tarock server runs on")
        busy(db_url, "a", "without --shard")
        with pytest.raises(ServerBusyError) as caught, database_lease(db_url):
            pass
        said = "http://127.0.0.1:8123" if db_url.startswith("sqlite") else None
        assert caught.value.address == said  # SQLite's lease carries where it answers
    with database_lease(db_url, "a"), database_lease(db_url, "b"):  # shards share a database
        busy(db_url, "b", "shard b")
        with pytest.raises(ServerBusyError) as caught, database_lease(db_url):
            pass
        assert caught.value.address is None  # what the server before them said is stale
    with database_lease(db_url), database_lease("sqlite://"):  # all released; in memory: none
        pass


def test_play_rejects_an_unknown_game_in_one_line() -> None:
    assert_bad_input(run("serve", "--play", "skat"), "--play")


def test_play_makes_a_table_of_the_person_against_computer_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tarock.server.play import PLAY_LEVEL, make_table, table_body

    with running_server(f"sqlite:///{tmp_path / 't.db'}") as server:
        assert make_table(server.http, table_body("bavarian-tarock")) is not None
        url = capsys.readouterr().out.strip().split()[-1]
        assert url.startswith(f"{server.http}/table/") and "?token=" in url
        table_id = url.split("/table/")[1].split("?")[0]
        seats = server.table(table_id)["seats"]
        assert [s["kind"] for s in seats] == ["human", "bot", "bot"]
        assert {s["level"] for s in seats[1:]} == {PLAY_LEVEL}
        assert server.client.get(url.removeprefix(server.http)).status_code == 200
