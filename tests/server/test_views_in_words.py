"""Everything a table sends in words, over random deals of every game and its main variants
(views, events, deal ends, the replay of each finished deal): the presentation layer never
fails on a position (a refusal it explains, a fact, a side, a result), and has words in each of
the game's languages for all it shows."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarock.core.protocol import make_game
from tarock.server.present import event_words, replay_steps, result_words, view_words
from tarock.server.storage import SeatSpec, TableSpec, now
from tarock.server.table import Table

CONFIGS = [
    ("hungarian-tarokk", {}),
    ("hungarian-tarokk", {"players": 5, "red_fours": True, "pagat_catch_bonus": True,
                          "raise_after_uncontested_three": True}),
    ("hungarian-tarokk", {"variant": "illusztralt"}),
    ("hungarian-tarokk", {"variant": "illusztralt", "players": 5, "hi_preset": "itvb_2019"}),
    ("hungarian-tarokk", {"house_rules": "online_app"}),
    ("hungarian-tarokk", {"cue_bid_binding_only_if_other_declarer": True,
                          "renonsz_penalty": "minimum_ten"}),
    ("bavarian-tarock", {"variant": "simple", "simple_bettel": True}),
    ("bavarian-tarock", {"variant": "haferl", "seats": 4}),
    ("bavarian-tarock", {"variant": "scharfer", "must_beat": True}),
    ("ottocento", {}),
    ("ottocento", {"player_count": 2}),
    ("ottocento", {"match_format": "quattro_scartate", "early_claims": "any_declaration",
                   "deck_faces": "substitute_tarot"}),
]
DEALS = 3


def table_of(game: str, options: dict[str, Any], seed: int) -> Table:
    seats = make_game(game, options).num_seats
    return Table(TableSpec(
        id="t", game=game, options=options, seed=seed, deals=DEALS, turn_seconds=None,
        takeover_seconds=60.0, created_at=now(),
        seats=tuple(SeatSpec(s, f"P{s}", "human", None, None) for s in range(seats))))


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=lambda v: str(v))
def test_every_view_in_words(game: str, options: dict[str, Any]) -> None:
    table = table_of(game, options, seed=7)
    names = [f"P{s}" for s in range(table.num_seats)]
    rng = random.Random(7)
    languages = table.presentation().languages
    assert languages[:2] == ("en", "hu")
    refusals = 0
    while not table.finished:
        to_act = table.to_act()
        assert to_act is not None
        for seat in (*range(table.num_seats), None):
            observation = table.observation(seat)
            legal = table.legal(seat)
            for lang in languages:
                words = view_words(table, seat, observation, legal, names, lang)
                assert len(words["legal"]) == len(legal)
                for refused in words["refused"]:
                    assert refused["message"] and refused["rule"] and refused["text"]
                    refusals += seat == to_act
        prepared = table.prepare(to_act, rng.choice(table.legal(to_act)), "human")
        for lang in languages:
            for text, action in prepared.told.values():
                assert event_words(table, prepared, text, action is not None, lang)
        end = table.commit(prepared)
        if end is not None:
            for lang in languages:
                assert result_words(table.presentation(lang), end.result, names)["outcome"]
                assert replay_steps(table.records()[-1], lang)["steps"]
    assert table.score_sheet()["rows"] and table.summary() is not None
    for lang in languages:
        assert not table.presentation(lang).missing, (lang, table.presentation(lang).missing)
    assert refusals
