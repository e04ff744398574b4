"""Dealing and the discard (§4, §15.4), the Matto (§7, §15.5) and the piles (OT-ALG-9)."""

from __future__ import annotations

import pytest
from ot_builders import card_list, cards, game, legal_codes, opts, state_from, winner_position

from tarock.core.errors import IllegalActionError
from tarock.core.rng import shuffled
from tarock.core.session import play_out, players_act
from tarock.ottocento import actions as A
from tarock.ottocento.cards import DECK, MATTO_BIT, codes
from tarock.ottocento.combinations import card_points
from tarock.ottocento.deal import deal_cards, extra_cards
from tarock.ottocento.scoring import add_reserves, matto_settlement, settle_matto
from tarock.players import make_player


def test_ot_tc_deal_1_hand_sizes():
    state = game().new_deal_state(5, dealer=2)
    assert [h.bit_count() for h in state.deal.hands] == [15, 15, 15, 15]
    assert state.phase == "discard" and state.hands[2].bit_count() == 17
    state.apply(state.legal_actions()[0])
    assert [h.bit_count() for h in state.hands] == [15] * 4
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1] if state.phase == "play"
                    else state.legal_actions()[0])
    assert len(state.tricks) == 15


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_ot_tc_deal_2_packets_of_five(dealer):
    pack = shuffled(list(range(62)), 9)
    deal = deal_cards(9, dealer)

    def from_pack(*ranges):
        return sum(1 << pack[i] for a, b in ranges for i in range(a, b))

    d = dealer
    assert deal.hands[(d + 1) % 4] == from_pack((0, 5), (20, 25), (40, 45))
    assert deal.hands[(d + 2) % 4] == from_pack((5, 10), (25, 30), (45, 50))
    assert deal.hands[(d + 3) % 4] == from_pack((10, 15), (30, 35), (50, 55))
    assert deal.hands[d] == from_pack((15, 20), (35, 40), (55, 60))
    assert deal.talon == (pack[60], pack[61])


@pytest.mark.parametrize("discard", ["SQ T16", "SOLE LUNA", "M1 M2", "CA S6", "CQ DN"])
def test_ot_tc_deal_3_legal_discards(discard):
    state = state_from(["", "", "", discard], "", dealer=3)
    state.apply(A.Action(A.DISCARD, cards(discard)))
    assert state.discard == cards(discard)


@pytest.mark.parametrize("discard", ["SK T5", "BAG S6", "MATTO S6", "MONDO C7", "ANGELO C7"])
def test_ot_tc_deal_4_five_point_cards_are_never_discarded(discard):
    state = state_from(["", "", "", discard], "", dealer=3)
    before = state.hands[3]
    with pytest.raises(IllegalActionError) as err:
        state.apply(A.Action(A.DISCARD, cards(discard)))
    assert err.value.rule == "OT-DEAL-6"
    assert state.hands[3] == before and state.discard == 0 and not state.history
    five = cards(discard) & cards("SK BAG MATTO MONDO ANGELO")
    assert all(not a.arg & five for a in state.legal_actions())


def test_ot_tc_deal_5_the_discard_counts_for_the_dealing_team():
    piles = add_reserves([cards("S7 S8 S9 S10"), cards("C7 C8 C9 C10")], [1, 1],
                         [cards("SQ T16"), 0], opts())
    assert piles[0] == cards("S7 S8 S9 S10 SQ T16")
    settlement = matto_settlement([piles[0] | MATTO_BIT, piles[1]], [1, 1],
                                  [cards("SQ T16"), 0], 0, opts())
    assert settlement.candidates & cards("T16")  # a discard card may pay the exchange


def test_ot_tc_deal_6_a_lost_discard():
    rest = DECK.full_mask & ~cards("SQ T16")
    piles = add_reserves([0, rest], [0, 15], [cards("SQ T16"), 0], opts())
    assert piles[1] == DECK.full_mask and card_points(piles[1]) == 87
    nobody = add_reserves([0, rest], [0, 15], [cards("SQ T16"), 0],
                          opts(lost_discard_to="nobody"))
    assert nobody[1].bit_count() == 60 and nobody[0] == 0


def test_ot_tc_deal_7_the_deal_passes_to_the_right():
    g = game(target_score=100_000)
    session = g.new_session(["a", "b", "c", "d"], 3)
    session.dealer = 2
    session_players = [make_player("random", s) for s in range(4)]
    dealers = []
    for _ in range(5):
        state = session.next_state()
        dealers.append(state.dealer)
        session.finish(play_out(state, players_act(session_players)))
    assert dealers == [2, 3, 0, 1, 2]
    assert session.deals_played == 5 and not session.is_over()


# -- the Matto -------------------------------------------------------------------------------------

def close(trick_text: str, seats=(0, 1, 2, 3)):
    """Close one trick in a fresh state (white box): the team piles, tricks won and debtor."""
    state = game().new_deal_state(1, dealer=3)
    state.trick, state.trick_seats = card_list(trick_text), list(seats)
    state._close_trick()
    return state


def test_ot_tc_matto_1_partner_wins_the_trick():
    state = close("S7 MATTO S6 SK")  # MATTO by seat 1 (team 1), SK by seat 3 wins
    assert state.pile[1] == cards("S7 MATTO S6 SK") and state.debtor is None


def test_ot_tc_matto_2_exchange_for_a_one_point_card():
    state = close("S7 MATTO SK S10")  # team 1 plays MATTO, team 0 (seat 2) wins
    assert state.pile[1] == MATTO_BIT and state.debtor == 1
    piles = [state.pile[0], state.pile[1] | cards("C7 C8 CQ CN")]
    settlement = matto_settlement(piles, [1, 1], [0, 0], 1, opts())
    assert settlement.kind == "choose" and codes(settlement.candidates) == ["C8", "C7"]
    after = settle_matto(piles, settlement, cards("C7"))
    assert after[1] & MATTO_BIT and after[0] & cards("C7")
    assert all(p.bit_count() % 2 == 0 for p in after)


def test_ot_tc_matto_3_lost_when_its_team_wins_nothing():
    piles = [cards("S7 SK S10") | cards("C7"), MATTO_BIT]
    settlement = matto_settlement(piles, [15, 0], [0, 0], 1, opts())
    assert settlement.kind == "lost"
    after = settle_matto(piles, settlement)
    assert after[1] == 0 and after[0] & MATTO_BIT


def test_ot_tc_matto_4_paid_from_later_winnings():
    state = close("S7 MATTO SK S10")  # trick 2: team 1 has won nothing yet
    assert state.won == [1, 0] and state.debtor == 1
    piles = [state.pile[0], state.pile[1] | cards("D7 D8 D9 D10")]  # trick 9 won later
    settlement = matto_settlement(piles, [1, 1], [0, 0], 1, opts())
    assert settlement.kind == "choose"
    assert settle_matto(piles, settlement, cards("D7"))[1] & MATTO_BIT


def test_ot_tc_matto_5_no_one_point_card():
    piles = [cards("S7 S8 S9 S10"), cards("SK SQ CN DJ MATTO")]
    settlement = matto_settlement(piles, [1, 1], [cards("C7 C8"), 0], 1, opts())
    assert codes(settlement.candidates) == ["DJ"]
    forfeit = matto_settlement(piles, [1, 1], [cards("C7 C8"), 0], 1,
                               opts(matto_exchange_fallback="forfeit_matto"))
    assert forfeit.kind == "forfeit"
    assert settle_matto(piles, forfeit)[0] & MATTO_BIT


def test_ot_tc_matto_6_the_discard_may_pay():
    reserve = [cards("S6 LUNA"), 0]
    piles = [cards("CK CQ DK DQ S6 LUNA MATTO"), DECK.full_mask & ~cards(
        "CK CQ DK DQ S6 LUNA MATTO")]
    assert set(codes(matto_settlement(piles, [1, 14], reserve, 0, opts()).candidates)) == \
        {"S6", "LUNA"}
    strict = matto_settlement(piles, [1, 14], reserve, 0,
                              opts(matto_exchange_from_discard=False))
    assert set(codes(strict.candidates)) == {"CQ", "DQ"}


def test_ot_tc_matto_7_matto_in_the_last_trick():
    g = game()
    for seed in range(400):
        matto = DECK.by_code["MATTO"].index
        state = g.new_deal_state(seed, seed % 4)
        while not state.is_terminal() and state.phase != "exchange":
            legal = state.legal_actions()  # keep the MATTO to the end
            state.apply(next((a for a in legal if a.kind != "play" or a.arg[0] != matto),
                             legal[0]))
        last_cards, seats, winner = state.tricks[-1]
        if matto in last_cards:
            player = seats[last_cards.index(matto)]
            if player % 2 != winner % 2 and state.phase == "exchange":
                break
    else:
        pytest.fail("no deal with the MATTO lost in the last trick")
    assert state.current_player() == player
    state.apply(state.legal_actions()[0])
    result = state.result()
    last = {i["team"]: i["points"] for i in result["items"] if i["item"] == "last_trick"}
    assert last[winner % 2] == 6 and last[player % 2] == 0
    assert state.piles[player % 2] & MATTO_BIT


def test_ot_tc_matto_8_ducking_with_the_matto():
    # Y (seats 0, 2) must lead from MONDO T13 T12; X (seat 1) holds ANGELO SOLE MATTO
    assert legal_codes("ANGELO SOLE MATTO", "T13") == {"ANGELO", "SOLE", "MATTO"}
    assert winner_position("T13 MATTO S7 S8") == 1  # Y wins and must lead again
    assert winner_position("MONDO ANGELO S9 S10") == 2  # MONDO led: the Angel captures it
    assert winner_position("T12 SOLE S9 S10") == 2  # T12 led: SOLE wins, X leads ANGELO
    assert legal_codes("MONDO", "ANGELO") == {"MONDO"}
    assert winner_position("ANGELO S6 MONDO C6") == 1


def test_extra_cards_are_the_last_two():
    deal = deal_cards(4, 0)
    assert extra_cards(deal.talon).bit_count() == 2
