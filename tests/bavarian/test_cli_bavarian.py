"""The command line with Bavarian tarock: simulate, replay, play with piped input, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run

GAME = ("--game", "bavarian-tarock")
# One number per line for single choices, three for a lay-away (lines that do not fit are
# refused and the prompt asks again).
MANY = "1\n1 2 3\n" * 600




@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bt") / "deals.jsonl"
    result = run("simulate", *GAME, "--deals", "12", "--seed", "3", "--option",
                 "variant=simple", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("variant", ["simple", "haferl", "scharfer"])
def test_simulate_json(variant: str) -> None:
    result = run("simulate", *GAME, "--deals", "8", "--option", f"variant={variant}", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["game"] == "bavarian-tarock" and summary["deals"] == 8
    assert set(summary["outcomes"]) <= {"won", "lost", "draw", "thrown_in"}


def test_simulate_with_cautious_players() -> None:
    result = run("simulate", *GAME, "--deals", "10", "--players", "cautious", "--json")
    assert result.exit_code == 0, result.output


def test_replay_records(simulated: Path) -> None:
    result = run("replay", str(simulated), "--json")
    assert result.exit_code == 0, result.output
    summaries = json.loads(result.stdout)
    assert len(summaries) == 12 and all(s["valid"] for s in summaries)
    record = json.loads(simulated.read_text().splitlines()[0])
    assert record["game"] == "bavarian-tarock" and "fund" in record


def test_replay_tampered_record_names_the_rule(tmp_path: Path, simulated: Path) -> None:
    for line in simulated.read_text().splitlines():
        record = json.loads(line)
        plays = [i for i, a in enumerate(record["actions"]) if a["type"] == "play"]
        if plays:
            break
    record["actions"][plays[1]]["card"] = "XX"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    result = run("replay", str(bad))
    assert result.exit_code == 2
    assert "BT-DECK-1" in result.stderr and f"action {plays[1]}" in result.stderr


def test_bad_option_names_the_rule() -> None:
    result = run("simulate", *GAME, "--deals", "1", "--option", "kitty_stake=0")
    assert result.exit_code == 2 and "kitty_stake" in result.stderr
    result = run("options", *GAME, "--json")
    assert result.exit_code == 0 and len(json.loads(result.stdout)["options"]) == 32


@pytest.mark.parametrize("variant", ["simple", "haferl", "scharfer"])
def test_play_with_piped_input(variant: str) -> None:
    result = run("play", *GAME, "--seed", "4", "--deals", "2", "--option",
                 f"variant={variant}", input=MANY)
    assert result.exit_code == 0, result.output
    assert "Deal 2 is over" in result.stdout and "Score sheet" in result.stdout
    for line in result.stdout.splitlines():  # others' cards laid away stay face down
        assert "lay away" not in line or line.strip().startswith("You:"), line


def test_play_until_the_users_stop() -> None:
    result = run("play", *GAME, "--seed", "2", "--end-after", "0", input=MANY)
    assert result.exit_code == 0, result.output
    assert "The session is over" in result.stdout


def test_play_quit() -> None:
    result = run("play", *GAME, "--seed", "2", input="q\n")
    assert result.exit_code == 0 and "You left the table" in result.stdout
