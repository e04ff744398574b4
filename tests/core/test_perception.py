"""What other seats perceive of an action never names a card they may not know (protocol
``describe_for``; HU-IRR-2, BT-TALON-4, OT-DEAL-5): every card a description names must appear
in that seat's observation once the action is applied."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from tarock.games import make_game

GAMES = [("hungarian-tarokk", {}), ("hungarian-tarokk", {"players": 5}),
         ("bavarian-tarock", {}), ("bavarian-tarock", {"variant": "simple"}),
         ("ottocento", {}), ("ottocento", {"player_count": 2})]


def named_cards(game: Any, text: str) -> set[str]:
    """The card codes a description names, by code or by display name."""
    by_name = {c.code: c.code for c in game.deck.cards}
    by_name.update({c.display: c.code for c in game.deck.cards})
    return {by_name[w] for w in re.split(r"[\s,:;()→]+", text) if w in by_name}


def unseen(cards: set[str], observation: dict[str, Any]) -> set[str]:
    """Those of ``cards`` that the observation never names (as a JSON string)."""
    text = json.dumps(observation, ensure_ascii=False)
    return {c for c in cards if f'"{c}"' not in text}


@pytest.mark.parametrize("name, options", GAMES)
def test_descriptions_name_only_knowable_cards(name: str, options: dict[str, Any]) -> None:
    game = make_game(name, options)
    rng = random.Random(11)
    checked = 0
    for seed in range(40):
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        while not state.is_terminal():
            actor = state.current_player()
            action = rng.choice(state.legal_actions())
            texts = {q: state.describe_for(q, actor, action)
                     for q in range(game.num_seats) if q != actor}
            state.apply(action)
            for q, text in texts.items():
                if text is None:
                    continue
                named = named_cards(game, text)
                leaked = unseen(named, state.observation(q)) if named else set()
                assert not leaked, f"seat {q} is told {text!r}"
                checked += 1
    assert checked > 500
