"""The ``tarock`` command line, driven through Typer's CliRunner (and ``main`` once)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_support import RUNNER, assert_bad_input, run

import tarock.games  # noqa: F401  (registers the games)
from tarock.cli import reference, render
from tarock.cli.app import app, main, parse_choice
from tarock.core.guides import GUIDES, find_rule
from tarock.core.protocol import make_game
from tarock.core.records import read_records, replay, write_record

GAME = "hungarian-tarokk"
# Every prompt finds an answer within three lines: one number, or the numbers of 2 or 3 cards
# for a discard (the lines that do not fit are refused and the prompt asks again).
MANY_ONES = "1\n1 2\n1 2 3\n" * 400








@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sim") / "deals.jsonl"
    result = run("simulate", "--deals", "6", "--seed", "11", "--players", "random",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


# --------------------------------------------------------------------------------------------
# games, options


def test_games_lists_the_registered_games():
    result = run("games")
    assert result.exit_code == 0
    assert GAME in result.stdout
    data = json.loads(run("games", "--json").stdout)
    assert {"game": GAME, "seats": 4, "options": len(make_game(GAME).options)} in data


def test_options_lists_keys_allowed_values_and_rules():
    result = run("options", "--option", "players=5")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "holding_rule" in out and "old_priority" in out and "HU-BID-6" in out
    assert "Rule options" in out
    data = json.loads(run("options", "--json", "--option", "players=5").stdout)
    rows = {row["key"]: row for row in data["options"]}
    assert set(rows) == set(make_game(GAME).options)
    assert rows["players"]["value"] == 5
    assert rows["players"]["allowed"] == "one of 4, 5"
    assert rows["yield_min_tarokks"]["rule"] == "HU-BID-13"


# --------------------------------------------------------------------------------------------
# deal


def test_deal_json_is_a_complete_reproducible_deal():
    first = json.loads(run("deal", "--seed", "3", "--json").stdout)
    again = json.loads(run("deal", "--seed", "3", "--json").stdout)
    assert first == again
    assert first["seed"] == 3 and first["dealer"] == 0 and first["game"] == GAME
    hands, talon = first["deal"]["hands"], first["deal"]["talon"]
    assert [len(h) for h in hands] == [9, 9, 9, 9] and len(talon) == 6
    assert len({c for h in hands for c in h} | set(talon)) == 42
    assert first["deal"] == make_game(GAME).deal_to_json(make_game(GAME).deal(3, 0))


def test_deal_text_shows_sorted_grouped_hands_and_the_talon():
    result = run("deal", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Talon" in out and "Seat 0 (dealer)" in out and "seed 3" in out
    game = make_game(GAME)
    deal = json.loads(run("deal", "--seed", "3", "--json").stdout)["deal"]
    for hand in deal["hands"]:
        assert str(render.hand_line(game.presentation(), hand)) in out


def test_deal_five_players_the_dealer_sits_out():
    result = run("deal", "--seed", "4", "--dealer", "2", "--option", "players=5")
    assert result.exit_code == 0, result.output
    assert "Seat 2 (dealer)" in result.stdout and "sits out" in result.stdout
    data = json.loads(run("deal", "--seed", "4", "--dealer", "2", "-o", "players=5",
                          "--json").stdout)
    assert [len(h) for h in data["deal"]["hands"]] == [9, 9, 0, 9, 9]


def test_deal_bad_dealer_names_the_rule():
    assert_bad_input(run("deal", "--seed", "1", "--dealer", "9"), "dealer 9", "HU-SESSION-4")


# --------------------------------------------------------------------------------------------
# Bad options, games and arguments: one line, exit status 2


@pytest.mark.parametrize("command", [
    ["deal", "--seed", "1"],
    ["simulate", "--deals", "1"],
    ["play", "--seed", "1", "--deals", "1"],
    ["options"],
])
def test_unknown_option_key(command):
    assert_bad_input(run(*command, "--option", "no_such_rule=1"), "'no_such_rule'")


@pytest.mark.parametrize("option, needles", [
    ("players=6", ("'players'", "one of 4, 5", "HU-SESSION-1")),
    ("holding_rule=newest", ("'holding_rule'", "old_priority", "HU-BID-6")),
    ("yield_min_tarokks=10", ("'yield_min_tarokks'", "HU-BID-13")),
    ("players", ("'players'", "key=value")),
])
def test_bad_option_value(option, needles):
    assert_bad_input(run("deal", "--seed", "1", "--option", option), *needles)


def test_unknown_game():
    assert_bad_input(run("deal", "--game", "skat"), "unknown game 'skat'", GAME)
    assert_bad_input(run("simulate", "--game", "skat", "--deals", "1"), "skat")


@pytest.mark.parametrize("args, needle", [
    (["deal", "--bogus"], "--bogus"),
    (["deal", "--seed", "abc"], "--seed"),
    (["simulate"], "--deals"),
    (["simulate", "--deals", "0"], "--deals"),
    (["simulate", "--deals", "1", "--players", "random,random"], "--players"),
    (["simulate", "--deals", "1", "--players", "genius"], "genius"),
    (["simulate", "--deals", "1", "--players", "cautious:bold=1"], "'bold' of player 'cautious'"),
    (["play", "--opponents", "search:samples=none"], "in --opponents"),
    (["play", "--name", "Heuristic 1"], "--name"),
    (["play", "--level", "expert"], "--level"),
    (["play", "--opponents", "genius"], "genius"),
    (["frobnicate"], "frobnicate"),
])
def test_bad_arguments(args, needle):
    assert_bad_input(run(*args), needle)


def test_the_list_of_commands_shows_each_summary_whole():
    """The terminal's list and the documentation's each show a command's first paragraph; a
    docstring's line breaks had cut them mid-sentence ("e to announce the")."""
    commands = reference.command.commands
    for name, command in commands.items():
        line = (command.short_help or command.help or "").splitlines()[0]  # as mkdocs-click
        assert line.endswith("."), (name, line)
    wide = RUNNER.invoke(app, ["--help"], env={"COLUMNS": "250"}).stdout.splitlines()
    assert any("number, e to announce the end of the session after this deal, q to leave, or a "
               "rule's ID (HU-PLAY-2) to read it." in line for line in wide)


def test_no_command_shows_help_and_one_error_line():
    result = run()
    assert result.exit_code == 2
    assert "Usage" in result.stdout and "simulate" in result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: missing command")


def test_main_exits_2_with_one_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["tarock", "deal", "--option", "players=3"])
    with pytest.raises(SystemExit) as exc:
        main()
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'players'" in err[0] and err[0].startswith("error: ")


# --------------------------------------------------------------------------------------------
# simulate and replay


def test_simulate_writes_records_that_all_replay(simulated: Path):
    records = read_records(simulated)
    assert len(records) == 6
    assert len(simulated.read_text(encoding="utf-8").splitlines()) == 6
    for i, record in enumerate(records):
        assert record["seed"] == 11 + i and record["dealer"] == i % 4
        assert "result" in record
        state = replay(record)
        assert state.is_terminal()
        assert state.result()["scores"] == record["result"]["scores"]


def test_simulate_is_reproducible_and_reports_json(tmp_path: Path, simulated: Path):
    out = tmp_path / "again.jsonl"
    result = run("simulate", "--deals", "6", "--seed", "11", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert out.read_text(encoding="utf-8") == simulated.read_text(encoding="utf-8")
    records = read_records(out)
    assert summary["deals"] == 6 and summary["out"] == str(out)
    assert sum(summary["outcomes"].values()) == 6
    totals = [sum(r["result"]["scores"][s] for r in records) for s in range(4)]
    assert summary["total_scores"] == totals
    assert summary["mean_scores"] == [round(t / 6, 3) for t in totals]


def test_simulate_text_summary_and_mixed_players(tmp_path: Path):
    out = tmp_path / "mixed.jsonl"
    result = run("simulate", "--deals", "3", "--players", "random,cautious,random,cautious",
                 "--option", "players=4", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "3 deals" in result.stdout and "cautious 1" in result.stdout
    assert "Records written" in result.stdout
    assert "simulating" not in result.stdout  # no progress bar when not a terminal
    assert read_records(out)[0]["players"] == [
        "random 0", "cautious 1", "random 2", "cautious 3"]


def test_simulate_five_players(tmp_path: Path):
    out = tmp_path / "five.jsonl"
    result = run("simulate", "--deals", "5", "--option", "players=5", "--players", "cautious",
                 "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    for record in read_records(out):
        replay(record)
        assert record["options"]["players"] == 5


def test_replay_jsonl(simulated: Path):
    result = run("replay", str(simulated))
    assert result.exit_code == 0, result.output
    assert "6 records valid" in result.stdout
    data = json.loads(run("replay", str(simulated), "--json").stdout)
    assert isinstance(data, list) and len(data) == 6
    records = read_records(simulated)
    assert [d["result"] for d in data] == [r["result"] for r in records]
    assert all(d["valid"] and d["finished"] for d in data)


def test_replay_single_record(tmp_path: Path, simulated: Path):
    record = read_records(simulated)[0]
    path = tmp_path / "one.json"
    write_record(record, path)
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "Valid hungarian-tarokk record" in result.stdout
    assert record["players"][0] in result.stdout and "Scores" in result.stdout
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["result"] == record["result"] and data["players"] == record["players"]
    assert data["actions"] == len(record["actions"])


def _tamper(record: dict) -> int:
    """Make the first card play a card that another seat holds; return its action index."""
    actions = record["actions"]
    index = next(i for i, a in enumerate(actions) if a["type"] == "play")
    seat = actions[index]["seat"]
    other = next(a["card"] for a in reversed(actions) if a["type"] == "play" and a["seat"] != seat)
    actions[index]["card"] = other
    return index


def test_replay_tampered_record_names_the_action_and_rule(tmp_path: Path, simulated: Path):
    records = read_records(simulated)
    scored = next(r for r in records if any(a["type"] == "play" for a in r["actions"]))
    index = _tamper(scored)
    path = tmp_path / "bad.json"
    write_record(scored, path)
    assert_bad_input(run("replay", str(path)), f"action {index} ", "HU-PLAY-2", "not in hand")
    assert_bad_input(run("replay", str(path), "--json"), f"action {index} ", "HU-PLAY-2")


def test_replay_tampered_jsonl_names_the_record(tmp_path: Path, simulated: Path):
    lines = simulated.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    k = next(i for i, r in enumerate(records) if any(a["type"] == "play" for a in r["actions"]))
    index = _tamper(records[k])
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    assert_bad_input(run("replay", str(path)), f"record {k + 1}:", f"action {index} ",
                     "HU-PLAY-2")


def test_replay_bad_files(tmp_path: Path):
    assert_bad_input(run("replay", str(tmp_path / "missing.json")), "missing.json")
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{nope\n", encoding="utf-8")
    assert_bad_input(run("replay", str(broken)), "line 1", "not valid JSON")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something-else/9"}), encoding="utf-8")
    assert_bad_input(run("replay", str(other)), "format")


# --------------------------------------------------------------------------------------------
# play


def test_play_a_full_deal_with_piped_input():
    result = run("play", "--seed", "5", "--deals", "1", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "you are You at seat" in out
    assert "Tarokks " in out and "Your choices" in out and "Auction" in out
    assert "Contract" in out and "Teams" in out and "Trick 1" in out and "Last trick" in out
    assert "Deal 1 is over" in out and "Score sheet" in out and "Total" in out
    assert "Deal 2" not in out


def test_play_name_and_seating_draw():
    """Computer players are named by their kind and the seat the draw gives them."""
    game = make_game(GAME)
    seat = game.new_session(["Ann", "a", "b", "c"], 8).names.index("Ann")
    result = run("play", "--seed", "8", "--deals", "1", "--name", "Ann",
                 "--opponents", "random", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert f"you are Ann at seat {seat}" in result.stdout
    for other in set(range(4)) - {seat}:
        assert f"Random {other}" in result.stdout
    sheet = result.stdout[result.stdout.rindex("Score sheet"):]
    header = next(line for line in sheet.splitlines() if "Ann" in line)
    order = sorted(["Ann", *(f"Random {s}" for s in set(range(4)) - {seat})],
                   key=header.index)
    assert order.index("Ann") == seat


def test_play_five_players_the_human_sits_out():
    game = make_game(GAME, {"players": 5})
    names = ["You"] + [f"\0{i}" for i in range(1, 5)]
    seed, dealer = next((seed, s.dealer) for seed in range(100)
                        for s in [game.new_session(names, seed)] if s.names[s.dealer] == "You")
    result = run("play", "--seed", str(seed), "--option", "players=5", "--deals", "2",
                 "--level", "easy", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"at seat {dealer}" in out
    assert "You sit out this deal" in out
    assert "Deal 1 is over" in out and "Deal 2 is over" in out and "Score sheet" in out


def test_play_until_the_session_ends():
    result = run("play", "--seed", "5", "--end-after", "0", "--level", "easy",
                 input=MANY_ONES * 5)
    assert result.exit_code == 0, result.output
    assert "The end of the session is announced" in result.stdout
    assert "The session is over" in result.stdout and "Final score sheet" in result.stdout


def test_play_quit_bad_input_and_end_of_input():
    result = run("play", "--seed", "5", input="x\n99\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert "Please type a number from 1 to" in result.stdout
    assert "You left the table" in result.stdout
    eof = run("play", "--seed", "5", input="")
    assert eof.exit_code == 0 and "You left the table" in eof.stdout


def test_play_prints_a_rule_typed_at_the_prompt_and_asks_again():
    result = run("play", "--seed", "5", input="hu-play-2\nXX-9\nq\ny\n")
    assert result.exit_code == 0, result.output
    rule = find_rule("HU-PLAY-2", GUIDES)
    assert rule is not None
    out = " ".join(result.stdout.split())
    assert f"HU-PLAY-2 (hungarian-tarokk, {rule.section})" in out
    assert " ".join(rule.text.split()) in out
    assert "No rule XX-9 in the rules guides." in out
    assert "You left the table" in out


@pytest.mark.parametrize("typed", ["²", "①", "١", "1²", "٣ ٤", "\u00a0", "-1", "0x1", "🂡"])
def test_play_any_input_gets_a_clear_message(typed: str):
    """Digits that are not ASCII (superscripts, circled, Arabic-Indic) are not numbers here."""
    result = run("play", "--seed", "5", input=f"{typed}\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert "Please type a number from 1 to" in result.stdout
    assert "You left the table" in result.stdout


def test_parse_choice_takes_ascii_numbers_only():
    assert parse_choice("2", 3) == [1]
    assert parse_choice(" 3, 1 ", 3, picks=2) == [2, 0]
    for raw in ("²", "①", "4", "0", "1 1", "", "1 2"):
        assert parse_choice(raw, 3) is None


def test_play_q_asks_before_leaving_the_deal():
    result = run("play", "--seed", "5", "--deals", "1", "--level", "easy",
                 input="q\nn\n" + MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Leave the table in the middle of the deal?" in out
    assert "You stay at the table." in out and "Deal 1 is over" in out
    assert "You left the table" not in out


def test_play_end_word_announces_after_the_deal():
    result = run("play", "--seed", "5", "--deals", "2", "--level", "easy", input="e\n" + MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "The end will be announced after this deal" in out
    assert out.index("Deal 1 is over") < out.index("The end of the session is announced")


# --------------------------------------------------------------------------------------------
# render


def test_hand_sorting_and_grouping():
    pres = make_game(GAME).presentation()
    codes = ["SK", "T1", "HA", "T22", "CJ", "T5", "HK", "S10"]
    assert pres.sort_cards(codes) == ["T22", "T5", "T1", "HK", "HA", "CJ", "SK", "S10"]
    assert pres.group_cards(codes) == [
        ("T", ["T22", "T5", "T1"]), ("H", ["HK", "HA"]), ("C", ["CJ"]), ("S", ["SK", "S10"])]
    assert str(render.hand_line(pres, codes)) == "skíz V pagát │ ♥K ♥A │ ♣J │ ♠K ♠10"


def test_choices_for_card_play_follow_the_hand_order():
    game = make_game(GAME)
    pres = game.presentation()
    actions = [game.action_from_json({"type": "play", "card": c}) for c in ("HA", "T2", "T9")]
    ordered = render.choice_order(game, pres, actions)
    assert [game.action_to_json(a)["card"] for a in ordered] == ["T9", "T2", "HA"]
    assert pres.action_text({"type": "call", "card": "T20"}) == "call XX"
    assert pres.action_text({"type": "kontra", "item": "game", "owner": "declarer"}) == (
        "kontra on the declarer's game")


def test_play_discard_by_card_numbers():
    """A discard lists the cards that may go, not every combination, and takes their numbers."""
    result = run("play", "--seed", "5", "--deals", "1", "--level", "easy", input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Pick 2 cards by number, e.g. 1 2 [1-" in out
    assert "discard" in out


def test_simulate_gives_the_same_records_and_summary_for_any_worker_count(
        tmp_path: Path, simulated: Path):
    out = tmp_path / "workers.jsonl"
    result = run("simulate", "--deals", "6", "--seed", "11", "--workers", "2", "--out",
                 str(out), "--json")
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == simulated.read_bytes()
    one = run("simulate", "--deals", "6", "--seed", "11", "--json")
    assert json.loads(result.stdout) | {"out": None} == json.loads(one.stdout)


def test_simulate_without_ray_installed_says_how_to_install_it(monkeypatch):
    from tarock.arena import backends

    def missing() -> None:
        raise backends.ArenaBackendError("Ray is not installed", expected=backends.RAY_EXTRA)

    monkeypatch.setattr(backends, "import_ray", missing)
    assert_bad_input(run("simulate", "--deals", "1", "--ray", "local"), "tarock[ray]")
