"""``tarock serve`` on the command line, and shards: several processes on one database."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import assert_bad_input, run
from server_support import running_server


@pytest.mark.parametrize(("args", "needle"), [
    (["--db", "::nonsense"], "--db"),
    (["--shard", "a/b"], "--shard"),
    (["--log-level", "loud"], "--log-level"),
])
def test_bad_arguments_give_one_line_and_exit_2(args: list[str], needle: str) -> None:
    assert_bad_input(run("serve", *args), needle)


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
