"""One key, ``players``, sets every game's table size; the old keys stay accepted (issue 13)."""

from __future__ import annotations

import pytest

import tarock.games  # noqa: F401  (registers the games)
from tarock.core.errors import InvalidOptionError
from tarock.core.protocol import make_game, registered_games
from tarock.core.records import record_from_state, replay
from tarock.core.session import play_out

TABLES = {"hungarian-tarokk": (4, 5), "bavarian-tarock": (3, 4), "ottocento": (4, 2)}
OLD_KEYS = {"bavarian-tarock": "seats", "ottocento": "player_count"}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_game_sizes_its_table_with_players(game: str) -> None:
    assert game in registered_games()
    default, other = TABLES[game]
    assert make_game(game).options_to_json()["players"] == default
    g = make_game(game, {"players": other})
    assert g.options_to_json()["players"] == other
    assert g.num_seats == other


@pytest.mark.parametrize(("game", "old"), sorted(OLD_KEYS.items()))
def test_old_key_is_an_alias(game: str, old: str) -> None:
    other = TABLES[game][1]
    by_old = make_game(game, {old: str(other)})
    assert by_old.options_to_json() == make_game(game, {"players": other}).options_to_json()
    assert old not in by_old.options_to_json()
    with pytest.raises(InvalidOptionError, match="given twice"):
        make_game(game, {old: other, "players": other})


@pytest.mark.parametrize(("game", "old"), sorted(OLD_KEYS.items()))
def test_old_records_keep_reading(game: str, old: str) -> None:
    other = TABLES[game][1]
    g = make_game(game, {"players": other})
    state = play_out(g.new_deal_state(5, 0), lambda _seat, s: s.legal_actions()[0])
    record = record_from_state(state, [f"p{i}" for i in range(g.num_seats)], seed=5)
    old_record = {**record, "options": {old if k == "players" else k: v
                                        for k, v in record["options"].items()}}
    assert old in old_record["options"]
    assert replay(old_record).result() == state.result()


def test_ottocento_two_players_still_aim_at_1000_under_the_old_key() -> None:
    assert make_game("ottocento", {"player_count": 2}).options_to_json()["target_score"] == 1000
