"""Property tests over thousands of random legal deals (issue 2, HU-SCORE-14, HU-DECK-4, HU-IRR-2).

Every deal is played by random (and cautious) players through the public protocol; at every step
the 42 cards must be accounted for exactly once, and at the end the card points total 94, the
settlement sums to zero, the record round-trips through write/read/replay, the sitting-out dealer
never acted, and no observation leaked a card its seat could not know.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from long_runs import seed_batches

from tarock.core import records
from tarock.core.cards import iter_bits
from tarock.games import make_game
from tarock.hungarian.cards import DECK, POINTS, TAROKKS
from tarock.hungarian.game import HungarianState
from tarock.hungarian.options import SPECS, HungarianOptions
from tarock.players import make_player

DEALS = 2000
BINDING = ("cue_bid_accept_by_hold_only", "cue_bid_binding_only_if_other_declarer")
CODES = set(DECK.by_code)


def accounted(state: HungarianState) -> None:
    """Each card is in exactly one place: a hand, a discard pile, the talon, a trick."""
    places = [*state.hands, *state.discards, sum(1 << c for c in state.trick)]
    places += [sum(1 << c for c in t.cards) for t in state.tricks]
    taken = sum(state.received)
    talon_left = sum(1 << c for c in state.deal.talon) & ~taken
    if state.outcome in ("probaharom_failed", "probaharom_thrown_in"):
        talon_left = sum(1 << c for c in state.deal.talon)  # drawn cards were shown, not kept
        places[state.declarer] = state.deal.hands[state.declarer]  # type: ignore[index]
    places.append(talon_left)
    seen = 0
    for mask in places:
        assert not seen & mask, "a card is in two places"
        seen |= mask
    assert seen == DECK.full_mask, "a card is missing"


def card_strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if value in CODES else set()
    if isinstance(value, dict):
        return set().union(*(card_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_strings(v) for v in value)) if value else set()
    return set()


def knowable(state: HungarianState, seat: int) -> set[str]:
    """Cards ``seat`` may see: its own cards, cards played, the declarer's shown tarokks, the
    called card's name (HU-IRR-2)."""
    mask = state.deal.hands[seat] | state.received[seat] | state.discards[seat]
    mask |= sum(1 << c for c in state.trick)
    for t in state.tricks:
        mask |= sum(1 << c for c in t.cards)
    if state.declarer is not None and state.final_hands:
        mask |= state.discards[state.declarer] & TAROKKS
    if state.ann is not None and state.ann.called is not None:
        mask |= 1 << state.ann.called
    return set(DECK.codes(mask))


def check_observations(state: HungarianState) -> None:
    for seat in range(state.game.num_seats):
        obs = state.observation(seat)
        leaked = card_strings(obs) - knowable(state, seat)
        assert not leaked, f"seat {seat} sees {leaked}"


def play_deal(game: Any, seed: int, players: list[Any], watch: bool) -> HungarianState:
    dealer = seed % game.num_seats
    state = game.new_deal_state(seed, dealer=dealer)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        if watch:
            check_observations(state)
        action = players[seat].act(game, state.observation(seat) if watch else {}, legal) \
            if players[seat].name != "random" else players[seat].act(game, {}, legal)
        state.apply(action)
        accounted(state)
    check_observations(state)
    return state


def check_finished(state: HungarianState) -> None:
    result = state.result()
    assert sum(result["scores"]) == 0  # HU-SCORE-14
    game = state.game
    if game.num_seats == 5:
        assert all(seat != state.dealer for seat, _ in state.history)  # HU-5P-1
        if not (game.opt.five_player_sir_nevet or game.opt.five_player_talon_honour_payment):
            assert result["scores"][state.dealer] == 0
    if state.outcome == "scored":
        in_tricks = sum(POINTS[c] for t in state.tricks for c in t.cards)
        in_piles = sum(POINTS[c] for q in range(game.num_seats)
                       for c in iter_bits(state.discards[q]))
        assert in_tricks + in_piles == 94  # HU-DECK-4
        assert len(state.tricks) == 9
    record = records.record_from_state(state, seed=0)
    text = json.dumps(record)
    again = records.replay(json.loads(text))
    assert records.record_from_state(again, seed=0) == record
    assert again.result() == result


def random_options(rng: random.Random) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in SPECS:
        if rng.random() < 0.5:
            continue
        if spec.kind == "bool":
            out[spec.key] = rng.random() < 0.5
        elif spec.kind in ("choice", "int"):
            out[spec.key] = rng.choice(spec.choices)
        else:
            out[spec.key] = sorted(rng.sample(spec.choices, rng.randint(0, len(spec.choices))))
    if HungarianOptions.make({k: v for k, v in out.items() if k not in BINDING}) \
            .cue_bid_model == "invitation":  # refused together (HU-BID-11)
        for key in BINDING:
            out.pop(key, None)
    return out


@pytest.mark.parametrize("seeds", seed_batches(DEALS))
@pytest.mark.parametrize("players", [4, 5])
def test_random_deals_invariants(players: int, seeds: range) -> None:
    game = make_game("hungarian-tarokk", {"players": players})
    seats = [make_player("random", 100 + s) for s in range(players)]
    for seed in seeds:
        check_finished(play_deal(game, seed, seats, watch=seed % 20 == 0))


@pytest.mark.parametrize("seeds", seed_batches(DEALS))
def test_random_option_sets(seeds: range) -> None:
    rng = random.Random(7 + seeds.start)
    for seed in seeds:
        game = make_game("hungarian-tarokk", random_options(rng))
        kinds = ["random", "cautious"]
        seats = [make_player(kinds[(seed + s) % 2], seed + s) for s in range(game.num_seats)]
        check_finished(play_deal(game, seed, seats, watch=seed % 25 == 0))


@pytest.mark.parametrize("seeds", seed_batches(DEALS))
@pytest.mark.parametrize("players", [4, 5])
def test_illusztralt_deals(players: int, seeds: range) -> None:
    """Illusztrált tarokk (HI-GEN-1): every invariant over random deals, its bonuses included."""
    game = make_game("hungarian-tarokk", {"variant": "illusztralt", "players": players})
    kinds = ["random", "cautious"]
    for seed in seeds:
        seats = [make_player(kinds[(seed + s) % 2], seed + s) for s in range(players)]
        check_finished(play_deal(game, seed, seats, watch=seed % 25 == 0))


@pytest.mark.parametrize("seeds", seed_batches(DEALS))
def test_online_app_deals(seeds: range) -> None:
    """The house rules of the online app (HU-GEN-7): every invariant over random deals."""
    game = make_game("hungarian-tarokk", {"house_rules": "online_app"})
    kinds = ["random", "cautious"]
    for seed in seeds:
        seats = [make_player(kinds[(seed + s) % 2], seed + s) for s in range(4)]
        check_finished(play_deal(game, seed, seats, watch=seed % 25 == 0))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), option_seed=st.integers(0, 2**16))
def test_hypothesis_deals(seed: int, option_seed: int) -> None:
    game = make_game("hungarian-tarokk", random_options(random.Random(option_seed)))
    seats = [make_player("random", seed + s) for s in range(game.num_seats)]
    check_finished(play_deal(game, seed, seats, watch=True))


def swap_hidden(deal: Any, a: int, b: int, rng: random.Random) -> Any:
    """The same deal with one card exchanged between seats a and b (both hidden from others)."""
    hands = list(deal.hands)
    ca = rng.choice(list(iter_bits(hands[a])))
    cb = rng.choice(list(iter_bits(hands[b])))
    hands[a] ^= (1 << ca) | (1 << cb)
    hands[b] ^= (1 << ca) | (1 << cb)
    return type(deal)(tuple(hands), deal.talon)


@pytest.mark.parametrize("players", [4, 5])
def test_observation_does_not_depend_on_hidden_cards(players: int) -> None:
    """Exchanging cards between two other seats changes nothing that a seat observes, as long
    as the same public actions stay legal (HU-IRR-2)."""
    game = make_game("hungarian-tarokk", {"players": players})
    rng = random.Random(3)
    compared = 0
    for seed in range(300):
        state = game.new_deal_state(seed, dealer=seed % players)
        active = list(state.active)
        seat = rng.choice(active)
        others = [q for q in active if q != seat]
        a, b = rng.sample(others, 2)
        twin = game.new_initial_state(swap_hidden(state.deal, a, b, rng), state.dealer)
        while not state.is_terminal() and state.phase == "auction":
            assert state.observation(seat) == twin.observation(seat)
            compared += 1
            action = rng.choice(state.legal_actions())
            if action not in twin.legal_actions():
                break
            state.apply(action)
            twin.apply(action)
    assert compared > 500


def test_others_perceive_discards_without_their_cards() -> None:
    """describe_for hides discarded cards, declined annulments and declined claims (HU-IRR-2)."""
    game = make_game("hungarian-tarokk")
    players = [make_player("random", s) for s in range(4)]
    checked = 0
    for seed in range(200):
        state = game.new_deal_state(seed, dealer=3)
        while not state.is_terminal():
            actor = state.current_player()
            action = players[actor].act(game, {}, state.legal_actions())
            kind = game.action_to_json(action)["type"]
            for seat in state.active:
                text = state.describe_for(seat, actor, action)
                if seat == actor:
                    assert text == state.action_to_string(action)
                elif kind == "discard":
                    assert text is not None and text.startswith("discards ")
                    assert not card_strings(text.split()) & CODES
                    checked += 1
                elif kind == "annul" and not action.arg:
                    assert text is None
            state.apply(action)
    assert checked > 100
