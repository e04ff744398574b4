"""The two simple computer players (issue 2 item 6) act legally through the protocol only."""

from __future__ import annotations

import pytest

from tarock.core.errors import InvalidOptionError
from tarock.core.session import play_out, players_act
from tarock.games import make_game
from tarock.players import make_player, player_names


def test_player_registry() -> None:
    assert {"random", "cautious"} <= set(player_names())
    with pytest.raises(InvalidOptionError):
        make_player("nobody")


def test_a_kind_with_settings() -> None:
    player = make_player("search:rollouts=false:confidence=2:settle=40:inference=ON", 7)
    assert (player.rollouts, player.confidence, player.settle, player.inference) \
        == (False, 2.0, 40, True)
    assert player.seed == 7 and player.samples == make_player("search").samples


@pytest.mark.parametrize(("kind", "needles"), [
    ("search:depth=3", ["unknown setting 'depth'", "one of budget, samples"]),
    ("heuristic:confidence=1", ["unknown setting", "no settings"]),
    ("search:rollouts=perhaps", ["rollouts='perhaps'", "true or false"]),
    ("search:samples=1.5", ["samples='1.5'", "a whole number"]),
    ("search:confidence=high", ["confidence='high'", "a number"]),
    ("search:settle", ["'settle'", "key=value"]),
    ("search:settle=3:settle=4", ["'settle=4'", "once"]),
    ("search:samples=0", ["samples=0", "at least 1"]),
    ("search:budget=0", ["budget=0", "more than 0"]),
    ("search:confidence=-1", ["confidence=-1", "at least 0"]),
    ("search:settle=1.5", ["settle='1.5'", "a whole number"]),  # typed by its annotation
    ("search:settle=0", ["settle=0", "at least 1"]),
    ("search:candidates=0", ["candidates=0", "at least 1"]),
    ("search:retry=sometimes", ["retry='sometimes'", "true or false"]),
    ("nobody:x=1", ["unknown player 'nobody'"]),
])
def test_bad_settings_are_refused(kind: str, needles: list[str]) -> None:
    with pytest.raises(InvalidOptionError) as refused:
        make_player(kind)
    assert all(n in str(refused.value) for n in needles), str(refused.value)


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("kind", ["random", "cautious"])
def test_players_finish_deals_legally(kind: str, players: int) -> None:
    game = make_game("hungarian-tarokk", {"players": players})
    seats = [make_player(kind, s) for s in range(players)]
    for seed in range(40):
        state = play_out(game.new_deal_state(seed, dealer=seed % players), players_act(seats))
        assert sum(state.result()["scores"]) == 0


def test_cautious_never_announces_of_its_own_accord() -> None:
    """The cautious player passes whenever a pass is legal, so it only meets obligations."""
    game = make_game("hungarian-tarokk")
    seats = [make_player("cautious", s) for s in range(4)]
    for seed in range(60):
        state = play_out(game.new_deal_state(seed, dealer=seed % 4), players_act(seats))
        announced = [game.action_to_json(a) for _, a in state.history
                     if game.action_to_json(a)["type"] == "announce"]
        assert all(a["bonus"] == "ultimo" for a in announced)


def test_cautious_bids_only_with_an_honour_and_tarokks() -> None:
    game = make_game("hungarian-tarokk")
    seats = [make_player("cautious", s) for s in range(4)]
    for seed in range(60):
        state = game.new_deal_state(seed, dealer=3)
        while state.phase == "auction":
            seat = state.current_player()
            obs = state.observation(seat)
            action = seats[seat].act(game, obs, state.legal_actions())
            bid = game.action_to_json(action)["bid"]
            if bid not in ("passz", "tartom") and state.legal_actions() != [action]:
                hand = obs["hand"]
                assert any(c in ("T1", "T21", "T22") for c in hand)
                assert sum(c.startswith("T") for c in hand) >= 5
            state.apply(action)


def test_cautious_takes_points_with_a_winning_card() -> None:
    """Over a trick holding points it plays a card that wins it, when it has one."""
    game = make_game("hungarian-tarokk")
    seats = [make_player("cautious", s) for s in range(4)]
    checked = 0
    for seed in range(30):
        state = game.new_deal_state(seed, dealer=3)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            legal = state.legal_actions()
            action = seats[seat].act(game, obs, legal)
            trick = obs.get("trick", [])
            if state.phase == "play" and trick and len(legal) > 1:
                deck = game.deck
                cards = [deck.by_code[t["card"]] for t in trick]
                if sum(c.points for c in cards) >= 2:
                    played = deck.by_code[game.action_to_json(action)["card"]]
                    led = cards[0].suit

                    def power(c, led=led):
                        return 100 + c.rank if c.is_trump else (c.rank if c.suit == led else -1)

                    best = max(power(c) for c in cards)
                    can_win = any(power(deck.by_code[game.action_to_json(a)["card"]]) > best
                                  for a in legal)
                    assert (power(played) > best) == can_win
                    checked += 1
            state.apply(action)
    assert checked > 50
