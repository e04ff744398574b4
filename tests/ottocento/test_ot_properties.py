"""Property tests over thousands of random legal deals (issue 4, item 5).

Random players act through the protocol. At every step each of the 62 cards is in exactly one
place; at the end the piles hold all 62 cards in even numbers, card points sum to 87 and with the
last trick to 93 (OT-TC-CP-2), the settlement sums to zero, the record round-trips through
write/read/replay, and no observation ever holds a card its seat may not know.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from long_runs import seed_batches

from tarock.core import records
from tarock.core.cards import iter_bits
from tarock.games import make_game
from tarock.ottocento.cards import DECK, FULL, MATTO_BIT, TRUMPS, codes
from tarock.ottocento.combinations import (
    KINDS,
    card_points,
    check_combination,
    declarable,
    grande_by_scavezzo,
    grande_length,
    holding_combinations,
    quick_sequence_score,
    score_combinations,
    sequence_value,
)
from tarock.ottocento.deal import extra_cards, second_packets
from tarock.ottocento.game import OttocentoState
from tarock.ottocento.options import OttocentoOptions
from tarock.players import make_player

CODES = set(DECK.by_code)
FOUR_PLAYER_DEALS = 2000
VARIANTS: list[dict[str, Any]] = [
    {}, {"signals": "unrestricted"}, {"set_wilds": True}, {"declaration_card_reuse": False},
    {"lost_discard_to": "nobody"}, {"matto_exchange_fallback": "forfeit_matto"},
    {"matto_exchange_from_discard": False, "signal_truthful": False},
    {"early_claims": "any_declaration"}, {"grande_sun_moon_blocks_16": True,
                                          "grande_moon_16_blocks_15": True},
]


def accounted(state: OttocentoState) -> None:
    """Each card in exactly one place; the rest is the talon not yet handed out."""
    places = [*state.hands, *state.set_aside, state.discard, state.played,
              sum(1 << c for c in state.trick)]
    seen = 0
    for mask in places:
        assert not seen & mask, "a card is in two places"
        seen |= mask
    rest = FULL & ~seen
    talon = sum(1 << c for c in state.deal.talon)
    assert rest & ~talon == 0, "a card is missing"
    if state.talon_taken:
        assert rest == 0


_STRING = re.compile(r'"([A-Z0-9]+)"')


def card_strings(value: Any) -> set[str]:
    """Every card code anywhere in a JSON-ready value (keys and strings alike)."""
    return set(_STRING.findall(json.dumps(value))) & CODES


def knowable(state: OttocentoState, seat: int) -> set[str]:
    if state.phase in ("exchange", "end") and state.piles is not None:
        return CODES  # the deal is played out: the piles are open
    mask = state.deal.hands[seat] | state.set_aside[seat] | state.played
    mask |= sum(1 << c for c in state.trick)
    if state.n == 2 and state.phase != "set_aside":
        mask |= second_packets(state.deal.talon, state.dealer)[seat]
    if seat == state.dealer and state.talon_taken:
        mask |= extra_cards(state.deal.talon)
    for _, shown, _ in state.declarations:
        for c in shown:
            mask |= c.cards
    if state.phase in ("declare", "play"):
        for c in state.shown:
            mask |= c.cards
    if state.phase == "claim" and seat == state.dealer:
        for c in state.shown:
            mask |= c.cards
    return set(codes(mask))


def check_finished(state: OttocentoState, options: dict[str, Any]) -> None:
    result = state.result()
    assert sum(result["scores"]) == 0
    assert result["totals"] == [a + b for a, b in zip(state.totals_before,
                                                      result["team_points"], strict=True)]
    if result["outcome"] == "played":
        piles = state.piles
        assert piles is not None
        assert not piles[0] & piles[1]
        assert all(p.bit_count() % 2 == 0 for p in piles)  # OT-SCORE-2
        cp = card_points(piles[0]) + card_points(piles[1])
        last = sum(i["points"] for i in result["items"] if i["item"] == "last_trick")
        if piles[0] | piles[1] == FULL:
            assert cp == 87 and cp + last == 93  # OT-TC-CP-2
        else:
            assert options.get("lost_discard_to") == "nobody" and cp < 87
        assert piles[0] & MATTO_BIT or piles[1] & MATTO_BIT
        assert len(state.tricks) == (15 if state.n == 4 else 20)
    record = records.record_from_state(state, seed=None)
    line = json.dumps(record)
    assert records.rewrite(json.loads(line)) == record


def run_deal(options: dict[str, Any], seed: int, totals: list[int], deals_played: int,
             all_seats: bool) -> OttocentoState:
    game = make_game("ottocento", options)
    n = game.num_seats
    players = [make_player("random", seed * 7 + s) for s in range(n)]
    dealer = seed % n
    state = game.new_initial_state(game.deal(seed, dealer), dealer, 1, totals=totals,
                                   deals_played=deals_played)
    while not state.is_terminal():
        accounted(state)
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal
        obs = state.observation(seat)
        assert card_strings(obs) <= knowable(state, seat)
        if all_seats:
            for other in range(n):
                assert card_strings(state.observation(other)) <= knowable(state, other)
            copy = state.clone()
        action = players[seat].act(game, obs, legal)
        state.apply(action)
        if all_seats:
            copy.apply(action)
            assert copy.hands == state.hands and copy.phase == state.phase
    check_finished(state, options)
    return state


@pytest.mark.parametrize("seeds", seed_batches(FOUR_PLAYER_DEALS))
def test_four_player_deals(seeds):
    rng = random.Random(4 + seeds.start)
    outcomes: dict[str, int] = {}
    for i in seeds:
        options = VARIANTS[i % len(VARIANTS)]
        totals = [0, 0] if i % 3 else [rng.randrange(600, 800), rng.randrange(600, 800)]
        state = run_deal(options, i, totals, 0, all_seats=i % 10 == 0)
        outcomes[state.outcome] = outcomes.get(state.outcome, 0) + 1
    assert outcomes["played"] > len(seeds) // 2
    assert outcomes.get("dealer_claim", 0) + outcomes.get("declaration_claim", 0) > 0


def test_two_player_deals():
    rng = random.Random(2)
    for i in range(300):
        totals = [0, 0] if i % 2 else [rng.randrange(800, 1000), rng.randrange(800, 1000)]
        run_deal({"player_count": 2, **VARIANTS[i % 5]}, 10_000 + i, totals, 0,
                 all_seats=i % 10 == 0)


def test_quattro_scartate_deals():
    for i in range(200):
        state = run_deal({"match_format": "quattro_scartate"}, 20_000 + i, [1500, 200], i % 5,
                         all_seats=False)
        assert state.outcome == "played"  # no early claims in Quattro Scartate
        assert state.result()["rubber_over"] == (i % 5 >= 3)


holdings = st.integers(min_value=0, max_value=FULL)


@settings(max_examples=300, deadline=None)
@given(holdings)
def test_holding_values_agree_with_the_quick_counts(mask):
    combos = holding_combinations(mask)
    seqs = [c.length for c in combos if c.kind.startswith("seq_")]
    assert score_combinations(combos)[1] == quick_sequence_score(seqs)
    grande_cards = TRUMPS | MATTO_BIT
    angel = mask & grande_cards
    if angel & (1 << DECK.by_code["ANGELO"].index):
        n = grande_length(angel)
        assert grande_by_scavezzo(angel, grande_cards & ~angel) == (sequence_value(n) if n else 0)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=61), min_size=15, max_size=15, unique=True))
def test_every_declarable_option_is_valid(items):
    hand = sum(1 << i for i in items)
    for kind in KINDS:
        for m in declarable(hand, kind, OttocentoOptions.make()):
            assert check_combination(kind, m, hand).length == m.bit_count()
    assert all(i in range(62) for i in iter_bits(hand))
