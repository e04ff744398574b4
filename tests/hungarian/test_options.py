"""The option table of §14: every key with its default, validation naming the rule (HU-GEN-4)."""

from __future__ import annotations

import pytest

from tarock.core.errors import InvalidOptionError
from tarock.core.options import parse_option_args
from tarock.games import make_game
from tarock.hungarian.options import SPECS, HungarianOptions


def test_every_option_has_its_default() -> None:
    opt = HungarianOptions.make()
    assert len(SPECS) == 43
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
