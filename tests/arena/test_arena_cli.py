"""``tarock arena`` on the command line: the table, --json, the records file, bad input."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
from cli_support import assert_bad_input
from cli_support import run as run_cli

from tarock.core.records import read_records, replay


def run(*args: str):
    return run_cli("arena", *args)




def test_text_table_and_default_records_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    result = run("--deals", "4", "--seed", "2", "--players", "cautious,random")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "4 duplicate deals of hungarian-tarokk, seed 2" in out
    assert "95% CI" in out
    assert "cautious" in out and "random" in out
    assert "Difference cautious - random" in out
    assert "Records written to arena-hungarian-tarokk-2.jsonl" in out
    records = read_records(tmp_path / "arena-hungarian-tarokk-2.jsonl")
    assert len(records) == 8
    for record in records:
        replay(record)


def test_json_output(tmp_path: Path):
    out = tmp_path / "five.jsonl"
    result = run("--deals", "3", "--seed", "4", "--players", "random,cautious",
                 "--option", "players=5", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "hungarian-tarokk"
    assert data["deals"] == 3
    assert data["options"]["players"] == 5
    assert list(data["players"]) == ["random", "cautious"]
    for entry in data["players"].values():
        assert set(entry) == {"mean", "ci_low", "ci_high", "n"}
        assert entry["n"] == 3
        assert entry["ci_low"] <= entry["mean"] <= entry["ci_high"]
    assert data["difference"]["first"] == "random"
    assert data["difference"]["n"] == 3
    assert data["records"] == str(out)
    assert len(read_records(out)) == 6


def test_no_records_and_one_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    result = run("--deals", "1", "--players", "random", "--no-records", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"]["random"] == {"mean": 0.0, "ci_low": None, "ci_high": None, "n": 1}
    assert "difference" not in data
    assert data["records"] is None
    assert list(tmp_path.iterdir()) == []
    text = run("--deals", "1", "--players", "random", "--no-records")
    assert text.exit_code == 0 and "n/a" in text.stdout


def test_workers_give_the_same_json(tmp_path: Path):
    outs = [run("--deals", "3", "--workers", str(w), "--no-records", "--json").stdout
            for w in (1, 2)]
    assert outs[0] == outs[1]


def test_two_settings_of_one_kind_are_compared(tmp_path: Path):
    out = tmp_path / "settings.jsonl"
    kinds = "search:rollouts=false:samples=2,search:inference=off:samples=3"
    result = run("--game", "bavarian-tarock", "--deals", "1", "--seed", "5", "--players", kinds,
                 "--think", "0.05", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    assert list(json.loads(result.stdout)["players"]) == kinds.split(",")
    first, second = kinds.split(",")
    assert {tuple(r["players"]) for r in read_records(out)} == {
        (first, second, first), (second, first, second)}


@pytest.mark.parametrize(("args", "needles"), [
    (["--deals", "2", "--players", "cautious,nobody"], ["unknown player 'nobody'", "cautious"]),
    (["--deals", "0"], ["--deals"]),
    (["--deals", "2", "--workers", "0"], ["--workers"]),
    (["--deals", "2", "--option", "players"], ["malformed option", "key=value"]),
    (["--deals", "2", "--option", "players=9"], ["players"]),
    (["--deals", "2", "--option", "no_such_option=1"], ["no_such_option"]),
    (["--deals", "2", "--players", "random,random"], ["repeat"]),
    (["--deals", "2", "--players", "search:rollouts=maybe,search"],
     ["rollouts='maybe'", "true or false"]),
    (["--deals", "2", "--players", "search,random:depth=2"], ["'depth'", "no settings"]),
    (["--deals", "2", "--game", "skat"], ["unknown game"]),
    (["--players", "random"], ["--deals"]),
    (["--deals", "2", "--out", "x.jsonl", "--no-records"], ["--out and --no-records"]),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], needles: list[str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    assert_bad_input(run(*args), *needles)
    assert list(tmp_path.iterdir()) == []


def test_ray_missing_is_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "ray", None)
    assert_bad_input(run("--deals", "2", "--ray", "local"), "Ray is not installed",
                     "tarock[ray]")
    assert list(tmp_path.iterdir()) == []


def test_unreachable_ray_is_one_line_and_exit_2(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch):
    """A Ray that cannot connect (stood in for by a fake module, to stay fast)."""

    def refuse(**kwargs):
        raise ConnectionError(f"no cluster at {kwargs.get('address')}")

    fake = types.SimpleNamespace(is_initialized=lambda: False, init=refuse)
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.chdir(tmp_path)
    assert_bad_input(run("--deals", "2", "--ray", "head:6379"),
                     "cannot start or reach Ray at 'head:6379'", "ConnectionError")
    assert list(tmp_path.iterdir()) == []  # no records file was started


def test_unwritable_records_path_is_one_line_and_exit_2(tmp_path: Path):
    assert_bad_input(run("--deals", "1", "--out", str(tmp_path / "no" / "such" / "x.jsonl")),
                     "No such file or directory")


def test_arena_is_listed_in_help():
    result = run_cli("--help")
    assert "arena" in result.stdout
