"""``tarock rules`` looks rules up in the guides; ``tarock options`` shows every key whole with
its description (issue 13)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_support import RUNNER, assert_bad_input, run
from rules_ids import rule_anchors
from typer.testing import CliRunner

import tarock.games  # noqa: F401  (registers the games)
from tarock.cli.app import app
from tarock.core.guides import GUIDES, find_rule, guide_rules
from tarock.core.protocol import make_game
from tarock.core.records import record_from_state
from tarock.core.session import play_out

# --------------------------------------------------------------------------------------------
# tarock rules


def test_rules_prints_a_rule_by_its_id() -> None:
    result = run("rules", "HU-PLAY-2")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("HU-PLAY-2  (hungarian-tarokk, Play)")
    assert "a tarokk if you have one" in " ".join(result.stdout.split())
    assert run("rules", "hu-play-2").stdout == result.stdout


def test_every_anchor_of_the_guides_can_be_printed() -> None:
    anchors = rule_anchors()
    found = {rule.rule_id for guide in GUIDES for rule in guide_rules(guide)}
    assert found == anchors
    assert all(rule.text.strip() for guide in GUIDES for rule in guide_rules(guide))
    for lang in ("en", "hu", "de", "it"):  # plain text: no Markdown's * of emphasis or bold
        assert not [rule.rule_id for guide in GUIDES for rule in guide_rules(guide, lang)
                    if "*" in rule.text], lang


def test_rules_looks_up_the_rule_a_refusal_names(tmp_path: Path) -> None:
    game = make_game("ottocento")
    state = play_out(game.new_deal_state(2, 0), lambda _seat, s: s.legal_actions()[0])
    record = record_from_state(state, ["a", "b", "c", "d"], seed=2)
    record["actions"][5]["seat"] = (record["actions"][5]["seat"] + 1) % 4
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    line = assert_bad_input(run("replay", str(path)), "turn")
    rule = re.findall(r"\(([A-Z]{2}-[A-Z0-9-]+)\)", line)[-1]
    printed = run("rules", rule)
    assert printed.exit_code == 0 and printed.stdout.startswith(rule)


def test_rules_game_option_restricts_the_lookup() -> None:
    assert run("rules", "--game", "ottocento", "OT-PLAY-12").exit_code == 0
    assert_bad_input(run("rules", "--game", "hungarian-tarokk", "OT-PLAY-12"),
                     "'OT-PLAY-12'", "hungarian-tarokk")
    assert_bad_input(run("rules", "--game", "chess", "HU-PLAY-2"), "'chess'", "ottocento")


def test_rules_in_the_language_of_a_guide_else_in_english() -> None:
    italian = run("rules", "--lang", "it", "OT-PLAY-3")
    assert italian.exit_code == 0, italian.output
    assert italian.stdout.startswith("OT-PLAY-3  (ottocento, ")
    assert italian.stdout != run("rules", "OT-PLAY-3").stdout
    assert run("rules", "--lang", "it", "HU-PLAY-2").stdout == run("rules", "HU-PLAY-2").stdout
    listed = run("rules", "--game", "bavarian-tarock", "--lang", "de")
    assert "bavarian-tarock.de.md" in listed.stdout
    assert_bad_input(run("rules", "--lang", "xx", "HU-PLAY-2"), "'xx'", "en or hu")
    # a language no guide is written in reads the English one, kept once (a server is asked
    # for whatever a request says)
    assert guide_rules("ottocento", "xx") is guide_rules("ottocento", "hu") is guide_rules(
        "ottocento")


def test_rules_unknown_id_is_bad_input() -> None:
    assert_bad_input(run("rules", "HU-PLAY-99"), "no rule 'HU-PLAY-99'", "HU-PLAY-2")


def test_rules_searches_words_in_every_guide() -> None:
    result = run("rules", "pagát", "ultimo")
    assert result.exit_code == 0
    ids = re.findall(r"^(\S+)\s", result.stdout, re.MULTILINE)
    assert "HU-PLAY-5" in ids and "HU-SCORE-9" in ids
    assert all(i.startswith(("HU-", "HI-")) for i in ids[:-1])  # the Hungarian guide
    matto = run("rules", "--game", "ottocento", "Matto")
    assert "OT-MATTO-1" in matto.stdout and "HU-" not in matto.stdout


def test_rules_search_without_hits_fails() -> None:
    result = run("rules", "zzyzx")
    assert result.exit_code == 1 and "No rule mentions 'zzyzx'" in result.stdout


def test_rules_without_a_query_lists_the_sections() -> None:
    result = run("rules", "--game", "bavarian-tarock")
    assert result.exit_code == 0
    assert "Haferltarock (V2)" in result.stdout and "Options" in result.stdout
    assert find_rule("BT-V2-BID-4", GUIDES) is not None


# --------------------------------------------------------------------------------------------
# tarock options


def test_every_option_has_a_one_line_description() -> None:
    for name in ("hungarian-tarokk", "bavarian-tarock", "ottocento"):
        for spec in make_game(name).option_specs:
            assert spec.description, (name, spec.key)
            assert "\n" not in spec.description and len(spec.description) <= 80, spec.key


@pytest.mark.parametrize("game", ["hungarian-tarokk", "bavarian-tarock", "ottocento"])
@pytest.mark.parametrize("columns", ["80", "160"])
def test_options_print_every_key_whole(game: str, columns: str) -> None:
    runner = CliRunner(env={**RUNNER.env, "COLUMNS": columns})
    result = runner.invoke(app, ["options", "--game", game])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line.rstrip()) <= int(columns) for line in lines)
    heads = {line.split()[0] for line in lines if line and not line.startswith(" ")}
    for spec in make_game(game).option_specs:
        assert spec.key in heads, spec.key
        block = result.stdout[result.stdout.index(f"\n{spec.key} "):].split("\n\n")[0]
        words = " ".join(block.split())
        assert spec.description in words and "default " in words
        assert f"allowed: {spec.describe()}" in words


def test_options_show_the_value_set_on_the_command_line() -> None:
    result = run("options", "--option", "players=5")
    block = result.stdout[result.stdout.index("\nplayers "):].split("\n\n")[0]
    assert "set to 5" in block and "default 4" in block
    assert "set to" not in run("options").stdout


def test_options_json_adds_descriptions_and_points_into_the_checkout() -> None:
    for game in ("hungarian-tarokk", "bavarian-tarock", "ottocento"):
        data = json.loads(run("options", "--game", game, "--json").stdout)
        assert data["documented_in"] == f"docs/rules/{game}.md, section Options"
        assert all(row["description"] for row in data["options"])
        assert {"key", "value", "default", "allowed", "rule", "description"} == \
            set(data["options"][0])
