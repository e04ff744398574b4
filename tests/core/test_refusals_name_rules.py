"""Every refusal names its rule: a record with an action out of turn or after the deal's end is
refused citing the game's rule, which the rules guide explains (issue 13)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from rules_ids import rule_anchors

import tarock.games  # noqa: F401  (registers the games)
from tarock.core.errors import InvalidRecordError
from tarock.core.protocol import make_game
from tarock.core.records import record_from_state, replay
from tarock.core.session import play_out

RULES = {  # game: (out of turn, after the end)
    "hungarian-tarokk": ("HU-NOT-4", "HU-IRR-1"),
    "bavarian-tarock": ("BT-IRR-1", "BT-FLOW-1"),
    "ottocento": ("OT-PLAY-12", "OT-FLOW-2"),
}


def finished_record(name: str) -> dict[str, Any]:
    game = make_game(name)
    state = play_out(game.new_deal_state(5, 0), lambda _seat, s: s.legal_actions()[0])
    return record_from_state(state, [f"p{i}" for i in range(game.num_seats)], seed=5)


@pytest.mark.parametrize("name", sorted(RULES))
def test_an_action_out_of_turn_names_its_rule(name: str) -> None:
    record = finished_record(name)
    action = record["actions"][len(record["actions"]) // 2]
    action["seat"] = (action["seat"] + 1) % len(record["players"])
    with pytest.raises(InvalidRecordError, match="turn") as refused:
        replay(record)
    assert refused.value.rule == RULES[name][0]
    assert f"({RULES[name][0]})" in str(refused.value)


@pytest.mark.parametrize("name", sorted(RULES))
def test_an_action_after_the_end_names_its_rule(name: str) -> None:
    record = finished_record(name)
    record["actions"].append(copy.deepcopy(record["actions"][-1]))
    del record["result"]
    with pytest.raises(InvalidRecordError, match="already over") as refused:
        replay(record)
    assert refused.value.rule == RULES[name][1]


def test_the_rules_are_in_the_guides() -> None:
    anchors = rule_anchors()
    assert {r for pair in RULES.values() for r in pair} <= anchors
    for name, (turn, over) in RULES.items():
        game = make_game(name)
        assert (game.turn_rule, game.over_rule) == (turn, over)
