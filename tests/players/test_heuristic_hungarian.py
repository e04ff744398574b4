"""The heuristic Hungarian tarokk player (issue 5): legal, hidden-information safe, and stronger
than the cautious and random players; its key decisions follow HU-STRAT-*."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tarock.core.protocol import Deal
from tarock.core.session import play_out, players_act
from tarock.games import make_game
from tarock.hungarian import actions as A
from tarock.hungarian.cards import DECK, FIVE_POINT, T17, T18, T19, T20, bit
from tarock.hungarian.strategy.heuristic import HungarianHeuristic
from tarock.players import make_player
from tarock.players.cautious import CautiousPlayer
from tarock.players.heuristic import HeuristicPlayer

GAME = make_game("hungarian-tarokk")


def make_deal(hands: dict[int, list[str]], talon: list[str] = (), seats: int = 4) -> Deal:
    """A deal with the given hands (dealer 3, so seats 0..3 are A..D) and talon top cards; the
    remaining cards fill the other hands and the talon in pack order."""
    used = {c for cards in hands.values() for c in cards} | set(talon)
    rest = [c.code for c in DECK.cards if c.code not in used]
    full = {}
    for seat in range(seats):
        if seats == 5 and seat == 3:
            full[seat] = []
            continue
        cards = list(hands.get(seat, []))
        while len(cards) < 9:
            cards.append(rest.pop(0))
        full[seat] = cards
    talon_cards = list(talon) + rest
    assert len(talon_cards) == 6
    return Deal(tuple(DECK.mask(full[s]) for s in range(seats)),
                tuple(DECK.index(c) for c in talon_cards))


def state_for(hands: dict[int, list[str]], talon: list[str] = (), calls: list[str] = ()) -> Any:
    state = GAME.new_initial_state(make_deal(hands, talon), dealer=3)
    for call in calls:
        state.apply(A.BIDS[A.CALL_BY_NAME[call]])
    return state


def decide(state: Any) -> dict[str, Any]:
    seat = state.current_player()
    action = HungarianHeuristic().act(GAME, state.observation(seat), state.legal_actions())
    assert action in state.legal_actions()
    return GAME.action_to_json(action)


def play_obs(hand: list[str], trick: list[tuple[int, str]], *, seat: int = 0, declarer: int = 1,
             partner: int | None = None, my_team: str = "opponents",
             tricks: list[dict[str, Any]] = ()) -> dict[str, Any]:
    """A hand-made play-phase observation (dealer 3: seats 0..3 play in order)."""
    obs: dict[str, Any] = {
        "game": "hungarian-tarokk", "seat": seat, "seats": 4, "dealer": 3,
        "active": [0, 1, 2, 3], "multiplier": 1, "phase": "play", "current_player": seat,
        "hand": hand, "auction": [], "declarer": declarer, "level": 1, "auction_facts": {},
        "declarer_discarded_tarokks": [], "discarded_tarokks": {}, "announcements": [],
        "public_side": {str(q): "d" if q == declarer else "unknown" for q in range(4)},
        "kontra_levels": [{"owner": "declarer", "item": "game", "level": 0}],
        "called": "T20", "my_team": my_team,
        "tricks": list(tricks), "trick": [{"seat": q, "card": c} for q, c in trick],
    }
    if partner is not None:
        obs["partner"] = partner
    return obs


def play_legal(hand: list[str], trick: list[tuple[int, str]]) -> list[A.Action]:
    """HU-PLAY-2 for a hand-made position."""
    cards = [DECK.by_code[c] for c in hand]
    if trick:
        led = DECK.by_code[trick[0][1]]
        same = [c for c in cards if (c.is_trump if led.is_trump
                                     else c.suit == led.suit)]
        cards = same or [c for c in cards if c.is_trump] or cards
    return [A.PLAYS[c.index] for c in cards]


def choose_card(obs: dict[str, Any]) -> str:
    legal = play_legal(obs["hand"], [(e["seat"], e["card"]) for e in obs["trick"]])
    return GAME.action_to_json(HungarianHeuristic().act(GAME, obs, legal))["card"]


# -- legality --------------------------------------------------------------------------------

OPTION_SETS = [
    {},
    {"players": 5},
    {"conventions": "none", "self_call_allowed": False},
    {"holding_rule": "old_priority", "raise_after_uncontested_three": True,
     "cue_bid_binding_only_if_other_declarer": True, "probaharom_levels": "any"},
    {"players": 5, "tarokk_count_reveals_team": True, "pagat_catch_bonus": True,
     "tarokk_discard_disclosure": "first_announcement_turn", "xx_discard_forbidden": True},
    {"cue_bid_accept_by_hold_only": True, "pajesz_xvii_cue_bid": True,
     "pajesz_tarokk_count_rules": True, "called_card_discarder_states_reason": True,
     "presumption_default": "opponents", "call_own_discard_allowed": True},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_always_legal(options: dict[str, Any]) -> None:
    """Every decision is one of the legal actions, at full heuristic tables and mixed with
    random players (whose wild announcements exercise the kontra decisions)."""
    game = make_game("hungarian-tarokk", options)
    n = game.num_seats
    for seed in range(30):
        kinds = ["heuristic"] * n if seed % 2 else ["heuristic", "random"] * 3
        players = [make_player(kinds[s], seed + s) for s in range(n)]
        state = game.new_deal_state(seed, dealer=seed % n)
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            action = players[seat].act(game, state.observation(seat), legal)
            assert action in legal
            state.apply(action)
        assert sum(state.result()["scores"]) == 0


def test_registered_and_dispatching() -> None:
    player = make_player("heuristic", 3)
    assert isinstance(player, HeuristicPlayer) and player.name == "heuristic"
    state = GAME.new_deal_state(1, dealer=0)
    seat = state.current_player()
    assert player.act(GAME, state.observation(seat), state.legal_actions()) in \
        state.legal_actions()


def test_falls_back_to_the_cautious_player_for_games_without_a_heuristic() -> None:
    class Unknown(type(GAME)):
        name = "a-game-without-a-heuristic"

    game = Unknown()
    heuristic, cautious = make_player("heuristic", 1), CautiousPlayer(1)
    state = game.new_deal_state(4, dealer=3)
    while not state.is_terminal():
        seat = state.current_player()
        obs, legal = state.observation(seat), state.legal_actions()
        action = heuristic.act(game, obs, legal)
        assert action == cautious.act(game, obs, legal)
        state.apply(action)


# -- auction ---------------------------------------------------------------------------------

def test_bids_with_an_honour_and_a_strong_hand() -> None:
    """HU-STRAT-3: bid with almost any skíz hand."""
    state = state_for({0: ["T22", "T19", "T16", "T14", "T11", "T8", "HK", "HQ", "CN"]})
    assert decide(state)["bid"] in ("harom", "ketto")


def test_never_bids_without_an_honour_even_fourth_after_three_passes() -> None:
    """HU-BID-3, HU-BID-9: a próbahárom is legal here, but the player passes."""
    state = state_for({3: ["T20", "T19", "T18", "T17", "T16", "T15", "HK", "DK", "CK"]},
                      calls=["passz", "passz", "passz"])
    assert {"harom"} <= {GAME.action_to_json(a)["bid"] for a in state.legal_actions()}
    assert decide(state)["bid"] == "passz"


def test_yields_with_xx_and_a_great_honour() -> None:
    """HU-BID-13, HU-STRAT-6: in the yield position, pass (yield) to the kettő bidder."""
    state = state_for({0: ["T21", "T20", "T9", "T5", "HK", "HQ", "DN", "CJ", "S10"],
                       1: ["T22", "T19", "T18", "T16", "T14", "T12", "T3", "DK", "SK"]},
                      calls=["harom", "ketto", "passz", "passz"])
    assert decide(state)["bid"] == "passz"
    state.apply(A.BIDS[A.CALL_BY_NAME["passz"]])
    assert state.auction.yielder == 0


def test_waits_to_be_called_with_xx_and_the_pagat() -> None:
    """HU-STRAT-4: XX and the pagát without a great honour, a medium hand: pass."""
    state = state_for({0: ["T20", "T1", "T12", "T7", "T4", "HQ", "DN", "CJ", "S10"]})
    assert decide(state)["bid"] == "passz"


# -- talon, call, announcements --------------------------------------------------------------

def declarer_discarding() -> Any:
    """Seat 0 wins at három and takes T3 DQ CJ from the talon."""
    hands = {0: ["T22", "T21", "T19", "T17", "T15", "T12", "HQ", "SN", "S10"],
             1: ["T20", "T14", "T9", "T6", "T2", "HN", "HA", "CQ", "C10"],
             2: ["T18", "T16", "T13", "T11", "T10", "HJ", "HK", "DK", "CK"]}
    return state_for(hands, talon=["T3", "DQ", "CJ", "T4", "DJ", "DN"],
                     calls=["harom", "passz", "passz", "passz"])


def test_declarer_discards_bank_points_and_build_voids() -> None:
    """HU-STRAT-8: queens and cavaliers go, and the discard empties suits."""
    state = declarer_discarding()
    cards = decide(state)["cards"]
    assert not set(cards) & {c.code for c in DECK.cards if c.is_trump}
    assert {"HQ", "DQ"} <= set(cards)
    kept = set(state.observation(0)["hand"]) - set(cards)
    voids = sum(not any(c.startswith(s) for c in kept) for s in "HDCS")
    assert voids >= 3


def test_expected_partner_discards_cheap_cards_others_bank_points() -> None:
    """HU-STRAT-8: the XX holder (whose discards score for the opponents) lets go of an A/10;
    an opponent without XX banks his dearest discardable card (a jack here)."""
    state = declarer_discarding()
    state.apply(state.legal_actions()[0])  # the declarer's discard; seat 1 is next
    assert state.current_player() == 1
    assert decide(state)["cards"][0] in ("HA", "S10", "C10", "DA")
    state = declarer_discarding()
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # seat 1 discards; seat 2 (no XX) is next
    assert decide(state)["cards"][0] in ("HJ", "DJ")


def announcing_declarer() -> Any:
    state = declarer_discarding()
    while state.phase != "announce":
        seat = state.current_player()
        state.apply(HungarianHeuristic().act(GAME, state.observation(seat),
                                             state.legal_actions()))
    return state


def test_calls_xx_then_announces_trull_with_both_great_honours() -> None:
    """HU-CALL-3, HU-STRAT-7: XX is called; HU-STRAT-11: trull with both great honours."""
    state = announcing_declarer()
    first = decide(state)
    assert first == {"type": "call", "card": "T20"}
    state.apply(A.CALLS[T20])
    assert decide(state) == {"type": "announce", "bonus": "trull"}


def test_declarer_holding_xx_calls_the_highest_tarokk_he_lacks() -> None:
    hands = {0: ["T22", "T20", "T19", "T17", "T15", "T12", "HQ", "SN", "S10"],
             1: ["T21", "T14", "T9", "T6", "T2", "HN", "HA", "CQ", "C10"],
             2: ["T18", "T16", "T13", "T11", "T10", "HJ", "HK", "DK", "CK"]}
    state = state_for(hands, talon=["T3", "DQ", "CJ"], calls=["harom", "passz", "passz", "passz"])
    while state.phase != "announce":
        seat = state.current_player()
        state.apply(HungarianHeuristic().act(GAME, state.observation(seat),
                                             state.legal_actions()))
    assert decide(state) == {"type": "call", "card": "T18"}


def test_kontras_a_trull_it_can_defeat() -> None:
    """HU-STRAT-15: the holder of the skíz kontras the other side's trull (it must fail)."""
    hands = {0: ["T21", "T19", "T17", "T15", "T12", "T10", "HQ", "SN", "S10"],
             1: ["T20", "T14", "T9", "T6", "T2", "HN", "HA", "CQ", "C10"],
             2: ["T22", "T5", "T7", "HK", "HJ", "DK", "DA", "CK", "CN"]}
    state = state_for(hands, talon=["T3", "DQ", "CJ"], calls=["harom", "passz", "passz", "passz"])
    while state.phase != "announce":
        seat = state.current_player()
        state.apply(HungarianHeuristic().act(GAME, state.observation(seat),
                                             state.legal_actions()))
    for action in (A.CALLS[T20], A.ANNOUNCES["trull"], A.PASS_ACTION, A.PASS_ACTION):
        state.apply(action)
    assert state.current_player() == 2
    assert decide(state) == {"type": "kontra", "item": "trull", "owner": "declarer"}


# -- card play --------------------------------------------------------------------------------

def test_keeps_the_xxi_from_a_skiz_still_to_play() -> None:
    """HU-STRAT-18: with the skíz unseen and players still to come, the XXI stays home."""
    obs = play_obs(["T21", "T9", "T4", "HK", "DQ"], [(3, "T6")], seat=0, declarer=1)
    assert choose_card(obs) != "T21"


def test_plays_the_xxi_last_when_the_skiz_is_gone() -> None:
    """The XXI wins safely once the skíz has fallen (HU-STRAT-18)."""
    skiz_trick = {"cards": [{"seat": 0, "card": "T2"}, {"seat": 1, "card": "T22"},
                            {"seat": 2, "card": "T3"}, {"seat": 3, "card": "T5"}], "winner": 1}
    obs = play_obs(["T21", "T9", "T4", "HK", "DQ"], [(1, "T18"), (2, "T7"), (3, "T19")],
                   seat=0, declarer=1, tricks=[skiz_trick])
    assert choose_card(obs) == "T21"


def test_skiz_catches_the_xxi() -> None:
    """HU-STRAT-19: the skíz falls on the opponents' XXI."""
    obs = play_obs(["T22", "T9", "T4", "HK", "DQ"], [(1, "T21"), (2, "T7")], seat=3,
                   declarer=1, partner=None, my_team="opponents")
    assert choose_card(obs) == "T22"


def test_smears_points_on_the_partners_winning_trick() -> None:
    """HU-STRAT-26: drop the king on the partner's skíz."""
    obs = play_obs(["HK", "HA", "CJ"], [(1, "T22"), (2, "T5")], seat=3, declarer=1,
                   partner=3, my_team="declarer")
    assert choose_card(obs) == "HK"


def test_does_not_feed_points_to_the_opponents() -> None:
    obs = play_obs(["HK", "HA", "CJ"], [(1, "T22"), (2, "T5")], seat=3, declarer=1,
                   partner=2, my_team="opponents")
    assert choose_card(obs) == "HA"


# -- information discipline --------------------------------------------------------------------

def swap_hidden_cards(deal: Deal) -> Deal | None:
    """Exchange one card between seats 2 and 3 that no auction rule looks at."""
    plain = ~(FIVE_POINT | bit(T17) | bit(T18) | bit(T19) | bit(T20))
    a, b = deal.hands[2] & plain, deal.hands[3] & plain
    if not a or not b:
        return None
    x, y = a & -a, b & -b
    hands = list(deal.hands)
    hands[2], hands[3] = hands[2] ^ x ^ y, hands[3] ^ x ^ y
    return Deal(tuple(hands), deal.talon)


def test_same_observation_same_action() -> None:
    """Two deals that differ only in cards seat 0 cannot see: wherever seat 0's observations
    agree, a fresh player chooses the same action in both (HU-IRR-2)."""
    players = [make_player("heuristic", s) for s in range(4)]
    compared = 0
    for seed in range(25):
        deal = GAME.deal(seed, dealer=3)
        other = swap_hidden_cards(deal)
        if other is None:
            continue
        a, b = GAME.new_initial_state(deal, 3), GAME.new_initial_state(other, 3)
        while not a.is_terminal():
            seat = a.current_player()
            action = players[seat].act(GAME, a.observation(seat), a.legal_actions())
            if seat == 0 and a.observation(0) == b.observation(0):
                fresh = HungarianHeuristic(99).act(GAME, b.observation(0), b.legal_actions())
                assert fresh == action
                compared += 1
            a.apply(action)
            if action not in b.legal_actions():
                break
            b.apply(action)
    assert compared > 100


# -- strength ----------------------------------------------------------------------------------

def duplicate_mean(other: str, deals: int) -> tuple[float, float]:
    """Mean points per heuristic seat per deal, heuristic at seats 0 and 2 and then at 1 and 3
    on the same deals, and the half-width of its 95% confidence interval."""
    per_deal = []
    for seed in range(deals):
        total = 0
        for heuristic_seats in ((0, 2), (1, 3)):
            kinds = ["heuristic" if s in heuristic_seats else other for s in range(4)]
            players = [make_player(kinds[s], 10 * seed + s) for s in range(4)]
            state = play_out(GAME.new_deal_state(seed, dealer=seed % 4), players_act(players))
            total += sum(state.result()["scores"][s] for s in heuristic_seats)
        per_deal.append(total / 4)
    mean = sum(per_deal) / deals
    var = sum((x - mean) ** 2 for x in per_deal) / (deals - 1)
    return mean, 1.96 * math.sqrt(var / deals)


def test_stronger_than_the_cautious_player() -> None:
    mean, half = duplicate_mean("cautious", 200)
    print(f"heuristic vs cautious: {mean:+.3f} ± {half:.3f} points per seat per deal")
    assert mean > 0


def test_much_stronger_than_random() -> None:
    mean, half = duplicate_mean("random", 200)
    print(f"heuristic vs random: {mean:+.3f} ± {half:.3f} points per seat per deal")
    assert mean - half > 0
