"""The command line for Ottocento: the calculator, simulate, replay and play (issue 4)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import assert_bad_input, run

from tarock.core.records import read_records, replay

MANY_ONES = "1\n1 2\n1 2 3\n" * 600








HAND = ["ANGELO", "MONDO", "SOLE", "T16", "T15", "MATTO", "SK", "SQ", "SN", "CK", "DK", "BK",
        "M1", "M2", "CA"]


def test_count_prints_every_combination_and_the_total():
    result = run("ottocento-count", *HAND)
    assert result.exit_code == 0, result.output
    out = result.stdout
    for kind in ("set_tarocchi", "set_kings", "seq_grande", "seq_swords", "seq_moors"):
        assert kind in out
    assert "total 152" in out and "(doubled)" in out


def test_count_json():
    data = json.loads(run("ottocento-count", "--json", *HAND).stdout)
    assert data["total"] == 152
    grande = {k: data["combinations"][2][k] for k in ("kind", "cards", "points")}
    assert grande == {"kind": "seq_grande", "points": 25,
                      "cards": ["ANGELO", "MONDO", "SOLE", "T16", "T15", "MATTO"]}
    assert all(set(c) >= {"kind", "cards", "points"} for c in data["combinations"])


def test_count_options_select_the_variant_readings():
    plain = json.loads(run("ottocento-count", "--json", "CK", "DK", "MATTO", "BAG").stdout)
    wild = json.loads(run("ottocento-count", "--json", "CK", "DK", "MATTO", "BAG",
                          "--option", "set_wilds=true").stdout)
    assert plain["total"] == 0 and wild["total"] == 34
    old = json.loads(run("ottocento-count", "--json", "ANGELO", "MONDO", "MATTO", "BAG", "T16",
                         "T15", "-o", "grande_sun_moon_blocks_16=true").stdout)
    grande = next(c for c in old["combinations"] if c["kind"] == "seq_grande")
    assert grande["points"] == 15
    assert "No combination." in run("ottocento-count", "S7").stdout


def test_count_bad_input_names_the_rule():
    assert_bad_input(run("ottocento-count", "SK", "S5"), "S5", "OT-NOT-2")
    assert_bad_input(run("ottocento-count", "SK", "SK"), "OT-DECK-1")
    assert_bad_input(run("ottocento-count", "SK", "-o", "nonsense=1"), "OT-V-0")
    assert_bad_input(run("ottocento-count", "SK", "-o", "set_wilds=maybe"), "OT-V-0")


def test_games_and_options_list_ottocento():
    assert "ottocento" in run("games").stdout
    data = json.loads(run("options", "--game", "ottocento", "--json").stdout)
    keys = {row["key"] for row in data["options"]}
    assert {"players", "target_score", "signals", "deck_faces"} <= keys


def test_simulate_and_replay(tmp_path: Path):
    out = tmp_path / "ot.jsonl"
    result = run("simulate", "--game", "ottocento", "--deals", "6", "--seed", "5",
                 "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["game"] == "ottocento" and sum(summary["total_scores"]) == 0
    records = read_records(out)
    assert len(records) == 6 and all(replay(r).is_terminal() for r in records)
    replayed = run("replay", str(out), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert len(json.loads(replayed.stdout)) == 6
    two = run("simulate", "--game", "ottocento", "--deals", "2", "-o", "player_count=2",
              "--players", "random,cautious")
    assert two.exit_code == 0, two.output


def test_replay_rejects_an_illegal_action(tmp_path: Path):
    out = tmp_path / "ot.jsonl"
    run("simulate", "--game", "ottocento", "--deals", "1", "--seed", "2", "--out", str(out))
    record = read_records(out)[0]
    dealer = record["dealer"]
    held = record["deal"]["hands"][dealer] + record["deal"]["talon"]
    five = next(c for c in held if c in ("ANGELO", "MONDO", "BAG", "MATTO") or c.endswith("K"))
    discard = next(a for a in record["actions"] if a["type"] == "discard")
    discard["cards"] = [five, next(c for c in discard["cards"] if c != five)]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    assert_bad_input(run("replay", str(bad)), "OT-DEAL-6", f"discard {five}")


def test_deal_shows_an_ottocento_deal():
    data = json.loads(run("deal", "--game", "ottocento", "--seed", "3", "--json").stdout)
    assert [len(h) for h in data["deal"]["hands"]] == [15, 15, 15, 15]
    assert len(data["deal"]["talon"]) == 2


def test_play_with_piped_input():
    result = run("play", "--game", "ottocento", "--seed", "3", "--deals", "1",
                 input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert "Deal 1 is over" in result.stdout and "Score sheet" in result.stdout


def test_play_two_players_and_quit():
    result = run("play", "--game", "ottocento", "-o", "player_count=2", "--seed", "4",
                 "--deals", "1", input="q\n")
    assert result.exit_code == 0, result.output
    assert "You left the table." in result.stdout
    full = run("play", "--game", "ottocento", "-o", "player_count=2", "--seed", "4",
               "--deals", "1", "--opponents", "random", input=MANY_ONES)
    assert full.exit_code == 0, full.output
    assert "Deal 1 is over" in full.stdout
