"""The option table of §14: every key with its default, validation naming the rule (HU-GEN-4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tarock.core.errors import InvalidOptionError
from tarock.core.options import choice_text, parse_option_args
from tarock.games import make_game
from tarock.hungarian.options import ANNUL_HANDS, SPECS, HungarianOptions


def test_every_option_has_its_default() -> None:
    opt = HungarianOptions.make()
    assert len(SPECS) == 75
    assert opt.players == 4 and opt.holding_rule == "modern"
    assert opt.call_any_after_tarokk_discard is True and opt.self_call_allowed is True
    assert opt.silent_kings_with_double is True and opt.yield_min_tarokks == 0
    assert len(opt.annul_hands) == 5 and opt.changed() == {}


@pytest.mark.parametrize("given, rule", [
    ({"players": 6}, "HU-SESSION-1"),
    ({"holding_rule": "ancient"}, "HU-BID-6"),
    ({"yield_min_tarokks": 10}, "HU-BID-13"),
    ({"annul_hands": "four_kings,nothing"}, "HU-ANNUL-1"),
    ({"red_fours": "maybe"}, "HU-DECK-6"),
])
def test_bad_values_name_the_rule(given: dict[str, object], rule: str) -> None:
    with pytest.raises(InvalidOptionError) as err:
        HungarianOptions.make(given)
    assert rule in str(err.value)


def test_unknown_key_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="unknown option 'colour'"):
        make_game("hungarian-tarokk", {"colour": "red"})


def test_command_line_values_convert() -> None:
    given = parse_option_args(["players=5", "annul_hands=xxi_alone,four_kings",
                               "self_call_allowed=false", "yield_min_tarokks=5"])
    opt = HungarianOptions.make(given)
    assert opt.players == 5 and opt.annul_hands == {"xxi_alone", "four_kings"}
    assert opt.self_call_allowed is False and opt.yield_min_tarokks == 5
    assert opt.changed() == {"players": 5, "annul_hands": ["four_kings", "xxi_alone"],
                             "self_call_allowed": False, "yield_min_tarokks": 5}


def test_HU_DECK_6_red_fours_change_only_the_display() -> None:
    plain, fours = make_game("hungarian-tarokk"), make_game("hungarian-tarokk",
                                                           {"red_fours": True})
    assert fours.deck.by_code["HA"].display == "♥4" and fours.deck.by_code["DA"].display == "♦4"
    assert plain.deck.by_code["HA"].display == "♥A"
    assert [c.code for c in fours.deck.cards] == [c.code for c in plain.deck.cards]
    assert fours.deal(3) == plain.deal(3)


def _listed_keys() -> dict[str, tuple[list[str], str]]:
    """The "All option keys" list of the rules guide: key -> (values, default)."""
    guide = (Path(__file__).resolve().parents[2] / "docs" / "rules"
             / "hungarian-tarokk.md").read_text(encoding="utf-8")
    block = guide.split("### All option keys", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    out = {}
    for line in block.splitlines():
        m = re.fullmatch(r"(\w+): (\S+) \((\w+)\)( \[HI\])?", line)
        assert m, line
        out[m[1]] = (m[2].split("|"), m[3])
    return out


def test_HU_GEN_8_the_option_table_matches_the_list_of_all_keys() -> None:
    listed = _listed_keys()
    assert [s.key for s in SPECS if s.key not in listed] == []
    assert sorted(listed) == sorted(s.key for s in SPECS)
    for spec in SPECS:
        values, default = listed[spec.key]
        choices = (spec.default, not spec.default) if spec.kind == "bool" else spec.choices
        assert [choice_text(c) for c in choices] == values, spec.key
        shown = "all" if spec.kind == "subset" else choice_text(spec.default)
        assert shown == default, spec.key
        assert spec.description, spec.key


@pytest.mark.parametrize("key, replacement, rule", [
    ("cue_bid_requirements", "cue_bid_min_tarokks", "HU-BID-12"),
    ("announced_volat_suppresses_silent", "made_or_announced", "HU-SCORE-8"),
    ("volat_kills_silent_bonuses", "made_if_unannounced", "HU-SCORE-8"),
    ("free_call_requires_declarer_xx", "xx_only", "HU-CALL-3"),
])
def test_withdrawn_keys_name_their_replacement(key: str, replacement: str, rule: str) -> None:
    with pytest.raises(InvalidOptionError) as err:
        make_game("hungarian-tarokk", {key: "true"})
    assert "withdrawn" in str(err.value) and replacement in str(err.value)
    assert rule in str(err.value)


def test_HU_GEN_4_explicit_keys_then_hi_preset_then_house_rules() -> None:
    app = HungarianOptions.make({"house_rules": "online_app"})
    assert app.max_kontra_level == 6 and app.annul_timing == "until_own_discard"
    assert app.players == 4 and app.annul_hands == frozenset(ANNUL_HANDS)
    both = {"house_rules": "online_app", "hi_preset": "itvb_2019"}
    assert HungarianOptions.make(both).max_kontra_level == 6  # hi_preset needs illusztralt
    hi = HungarianOptions.make({**both, "variant": "illusztralt"})
    assert hi.max_kontra_level == 4 and hi.annul_timing == "before_discard"
    assert hi.ultimo_keeps_pagat is False  # set by house_rules only
    assert hi.self_call_allowed == "xx_only"
    given = HungarianOptions.make({**both, "variant": "illusztralt", "max_kontra_level": "5"})
    assert given.max_kontra_level == 5
    assert HungarianOptions.make({"house_rules": "standard"}) == HungarianOptions.make()


def test_mixed_choices_read_true_and_false() -> None:
    opt = HungarianOptions.make(parse_option_args([
        "self_call_allowed=xx_only", "call_any_after_tarokk_discard=false"]))
    assert opt.self_call_allowed == "xx_only" and opt.call_any_after_tarokk_discard is False
    assert HungarianOptions.make({"self_call_allowed": "true"}).self_call_allowed is True
    with pytest.raises(InvalidOptionError, match="true, false, xx_only"):
        HungarianOptions.make({"self_call_allowed": "maybe"})


ONLINE_APP = {
    "ultimo_keeps_pagat": False, "cue_bid_model": "invitation",
    "cue_bid_requires_great_honour": True, "cue_bid_min_tarokks": 5,
    "failed_probaharom": "throw_in", "promised_card_discard_allowed": True,
    "ii_callable": False, "annul_timing": "until_own_discard",
    "promised_card_call_reveals_teams": True, "after_volat_forbidden": "double_trull_kings",
    "max_kontra_level": 6, "lone_declarer_game_value": "szolo",
    "lone_declarer_gets_all_discards": True, "volat_silent_suppression": "made_or_announced",
    "throw_in_doubling": "reset_round", "yield_min_tarokks": 5,
    "tarokk_count_reveals_team": True, "double_and_volat_same_turn": True,
    "call_own_discard_allowed": True, "called_card_discarder_states_reason": True,
    "unannounced_tarokk_claim": "never"}


def test_HU_T_OPT_34_online_app_sets_the_house_rules() -> None:
    """HU-T-OPT-34, HU-GEN-7: the preset sets exactly the app's keys (each pinned by its own
    HU-T-OPT test) and leaves every other key, `players` and `annul_hands` included, alone."""
    app = HungarianOptions.make({"house_rules": "online_app"})
    assert {k: v for k, v in app.changed().items() if k != "house_rules"} == ONLINE_APP
    game = make_game("hungarian-tarokk", {"house_rules": "online_app"})
    assert game.num_seats == 4 and game.options["house_rules"] == "online_app"


def test_HU_T_OPT_35_explicit_keys_override_the_preset() -> None:
    """HU-T-OPT-35, HU-GEN-4: `max_kontra_level` = 5 and `failed_probaharom` = penalty given
    with the preset win; every other key keeps the preset's value."""
    opt = HungarianOptions.make({"house_rules": "online_app", "max_kontra_level": 5,
                                 "failed_probaharom": "penalty"})
    assert opt.max_kontra_level == 5 and opt.failed_probaharom == "penalty"
    assert {k: getattr(opt, k) for k in ONLINE_APP if k not in (
        "max_kontra_level", "failed_probaharom")} == {
        k: v for k, v in ONLINE_APP.items() if k not in ("max_kontra_level", "failed_probaharom")}


def test_HU_T_OPT_36_standard_changes_nothing() -> None:
    """HU-T-OPT-36: `house_rules` = standard, or the key absent, gives every default."""
    assert HungarianOptions.make({"house_rules": "standard"}) == HungarianOptions.make()
    assert HungarianOptions.make().changed() == {}
