"""Options and variants (§13, §15.17): option checks, the substitute pack, the two-player game."""

from __future__ import annotations

import pytest
from ot_builders import cards, game, opts, play_out_first, state_from, winner_position

from tarock.core.errors import IllegalActionError, InvalidOptionError
from tarock.games import make_game
from tarock.ottocento import actions as A
from tarock.ottocento.cards import DECK, IDX, SUBSTITUTE_DECK, substitute_code
from tarock.ottocento.combinations import card_points
from tarock.ottocento.scoring import add_reserves, matto_settlement


def test_ot_tc_v_7_substitute_pack():
    names = ["XX", "XXI", "XIX", "XVIII", "XVII", "XVI", "VI", "V", "IIII", "III", "II", "I",
             "Fool"]
    assert [substitute_code(n) for n in names] == [
        "ANGELO", "MONDO", "SOLE", "LUNA", "T16", "T15", "T5", "M1", "M2", "M3", "M4", "BAG",
        "MATTO"]
    trick = f"{substitute_code('XXI')} {substitute_code('XX')}"
    assert winner_position(trick) == 2  # XX beats XXI
    g = game(deck_faces="substitute_tarot")
    assert g.deck is SUBSTITUTE_DECK and g.deck.by_code["ANGELO"].display == "XX"
    assert [c.code for c in SUBSTITUTE_DECK.cards] == [c.code for c in DECK.cards]


@pytest.mark.parametrize("given", [{"nonsense": 1}, {"signals": "loud"}, {"player_count": 3},
                                   {"target_score": 0}, {"target_score": "x"},
                                   {"match_format": "quattro_scartate", "player_count": 2}])
def test_ot_tc_v_12_unknown_option_key_or_value(given):
    with pytest.raises(InvalidOptionError) as err:
        opts(**given)
    assert err.value.rule == "OT-V-0"
    with pytest.raises(InvalidOptionError):
        make_game("ottocento", given)


def test_options_round_trip_and_defaults():
    o = opts()
    assert o.target_score == 800 and o.claims_mode == "dealer_and_eldest"
    assert opts(match_format="quattro_scartate").claims_mode == "none"
    assert opts(player_count="2").target_score == 1000
    assert opts(player_count=2, target_score="1200").target_score == 1200
    assert opts(**o.to_json()) == o


def two_player_state(**options):
    return game(player_count=2, **options).new_deal_state(21, dealer=0)


def test_ot_tc_v_8_the_two_player_game():
    state = two_player_state()
    assert [h.bit_count() for h in state.hands] == [20, 20]
    assert state.phase == "set_aside" and state.current_player() == 1  # the non-dealer
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    assert state.current_player() == 0
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    assert [s.bit_count() for s in state.set_aside] == [10, 10]
    assert state.hands[1].bit_count() == 20
    if state.phase == "claim":
        state.apply(A.DECLINE_ACTION)
    assert state.phase == "discard" and state.hands[0].bit_count() == 22
    play_out_first(state)
    assert len(state.tricks) == 20 and all(len(t[0]) == 2 for t in state.tricks)
    result = state.result()
    cp = sum(i["points"] for i in result["items"] if i["item"] in ("card_points", "last_trick"))
    assert cp == 93 and sum(result["scores"]) == 0


def test_ot_tc_v_9_setting_aside_and_discarding_five_point_cards():
    state = state_from(["", "SK MATTO"], "", dealer=0, player_count=2)
    with pytest.raises(IllegalActionError) as err:
        state.apply(A.SET_ASIDES[IDX["SK"]])
    assert err.value.rule == "OT-V-2"
    free = state_from(["", "SK MATTO"], "", dealer=0, player_count=2,
                      two_player_setaside_restricted=False)
    free.apply(A.SET_ASIDES[IDX["SK"]])
    # the dealer may never discard MATTO
    dealer_state = state_from(["MATTO"], "", dealer=0, player_count=2)
    while dealer_state.phase == "set_aside":
        dealer_state.apply(dealer_state.legal_actions()[0])
    if dealer_state.phase == "claim":
        dealer_state.apply(A.DECLINE_ACTION)
    hand = dealer_state.hands[0]
    other = next(i for i in range(62) if hand >> i & 1 and i != IDX["MATTO"]
                 and DECK.cards[i].points == 1)
    with pytest.raises(IllegalActionError) as err:
        dealer_state.apply(A.Action(A.DISCARD, (1 << IDX["MATTO"]) | (1 << other)))
    assert err.value.rule == "OT-DEAL-6"


def test_ot_tc_v_13_two_player_piles():
    o = opts(player_count=2)
    dealer_reserve = cards("C7 C8 C9 C10 D7 D8 D9 D10 S7 S8 B7 B8")  # 10 set aside + 2 discards
    other_reserve = cards("CA DA SA BA C6 D6 S6 B6 S9 B9")
    rest = DECK.full_mask & ~dealer_reserve & ~other_reserve
    tricks = [rest & ~cards("T5 T6"), cards("T5 T6")]
    piles = add_reserves(tricks, [19, 1], [dealer_reserve, other_reserve], o)
    assert piles[1] == cards("T5 T6") | other_reserve and piles[0] & dealer_reserve
    assert all(p.bit_count() % 2 == 0 for p in piles)
    assert card_points(piles[0]) + card_points(piles[1]) == 87
    lost = add_reserves([rest, 0], [20, 0], [dealer_reserve, other_reserve], o)
    assert lost[0] == DECK.full_mask and card_points(lost[0]) == 87
    gone = add_reserves([rest, 0], [20, 0], [dealer_reserve, other_reserve],
                        opts(player_count=2, lost_discard_to="nobody"))
    assert gone[0].bit_count() == 52


def test_ot_tc_v_14_two_player_exchange_from_set_aside_cards():
    reserve = [0, cards("C7 C8 C9 C10 D7 D8 D9 D10 S7 S8")]
    piles = [DECK.full_mask & ~cards("SK SQ MATTO") & ~reserve[1],
             cards("SK SQ MATTO") | reserve[1]]
    settle = matto_settlement(piles, [19, 1], reserve, 1, opts(player_count=2))
    assert settle.candidates & cards("C7")
    strict = matto_settlement(piles, [19, 1], reserve, 1,
                              opts(player_count=2, matto_exchange_from_discard=False))
    assert strict.candidates == cards("SQ")


def test_two_player_signals_are_refused():
    state = two_player_state()
    while state.phase != "play":
        state.apply(state.legal_actions()[0] if state.phase != "claim" else A.DECLINE_ACTION)
    assert all(a.arg[1] is None for a in state.legal_actions())
    card = state.legal_actions()[0].arg[0]
    with pytest.raises(IllegalActionError) as err:
        state.apply(A.Action(A.PLAY, (card, "busso")))
    assert err.value.rule == "OT-V-2"
