"""OT-TC-HAND-1: a complete deal played through the engine, and its record round trip."""

from __future__ import annotations

from ot_builders import cards, declare, game, play

from tarock.core import records
from tarock.core.protocol import Deal
from tarock.ottocento import actions as A
from tarock.ottocento.cards import IDX, codes
from tarock.ottocento.combinations import grande_by_scavezzo

HANDS = [
    "CK C8 D9 DA SK SJ S6 SA B8 T16 T9 T8 M1 M2 MATTO",
    "CN C7 DK D8 BQ B10 B9 B6 ANGELO SOLE LUNA T13 T10 T6 M4",
    "CJ C9 C6 CA DN D10 D6 S9 S8 BJ B7 T14 T12 T7 M3",
    "CQ C10 DQ D7 SQ SN S10 S7 BN BA MONDO T15 T11 T5 BAG",
]
TALON = "BK DJ"
DECLARATIONS = {
    1: [("seq_grande", "ANGELO SOLE LUNA")],
    2: [],
    3: [("set_queens", "CQ DQ SQ")],
    0: [("set_kings", "CK SK BK"), ("seq_swords", "SK SJ SA MATTO"),
        ("seq_moors", "M1 M2 MATTO"), ("seq_aces", "DA SA MATTO")],
}
TRICKS = [
    "1:ANGELO 2:T14 3:MONDO 0:T9", "1:T6 2:M3 3:T5 0:MATTO", "1:BQ 2:B7 3:BN 0:BK",
    "0:T16 1:T13 2:T12 3:T11", "0:CK 1:C7 2:CA 3:CQ", "0:M1 1:SOLE 2:T7 3:T15",
    "1:CN 2:C6 3:C10 0:C8", "1:D8 2:DN 3:D7 0:DA", "2:BJ 3:BA 0:T8 1:B10",
    "0:SJ 1:LUNA 2:S9 3:S7", "1:M4 2:D10 3:BAG 0:M2", "0:SK 1:T10 2:S8 3:SN",
    "1:B6 2:CJ 3:DQ 0:D9", "1:B9 2:D6 3:SQ 0:SA", "1:DK 2:C9 3:S10 0:DJ",
]
WINNERS = [1, 1, 0, 0, 0, 1, 1, 2, 0, 1, 0, 1, 1, 1, 1]


def play_hand_1():
    g = game()
    deal = Deal(tuple(cards(h) for h in HANDS), tuple(IDX[c] for c in TALON.split()))
    state = g.new_initial_state(deal, 0, 1, totals=[100, 120])
    assert state.phase == "discard" and state.current_player() == 0
    state.apply(A.Action(A.DISCARD, cards("B8 S6")))
    for k, trick in enumerate(TRICKS):
        for play_text in trick.split():
            seat, code = play_text.split(":")
            assert state.current_player() == int(seat)
            if k == 0:
                for kind, shown in DECLARATIONS[int(seat)]:
                    declare(state, kind, shown)
                state.apply(A.DONE_ACTION)
            play(state, code)
        assert state.tricks[-1][2] == WINNERS[k], k
    return state


def test_ot_tc_hand_1_a_complete_deal():
    state = play_hand_1()
    assert state.declared == [87, 24]
    assert state.phase == "exchange" and state.current_player() == 0  # the MATTO's player
    assert "C7" in codes(state.settlement.candidates)
    play_exchange = A.EXCHANGES[IDX["C7"]]
    state.apply(play_exchange)
    result = state.result()
    assert result["team_points"] == [297, 179]
    assert result["scores"] == [118, -118, 118, -118]
    assert result["totals"] == [397, 299] and result["rubber_over"] is False
    items = {(i["item"], i["team"]): i for i in result["items"]}
    assert items[("sets", 0)]["points"] == 0
    assert items[("sets", 1)]["points"] == 12
    assert items[("sequences", 0)]["points"] == 170
    assert items[("sequences", 1)]["points"] == 90
    assert items[("card_points", 0)]["points"] == 40 and items[("card_points", 1)]["points"] == 47
    assert items[("last_trick", 1)]["points"] == 6 and items[("last_trick", 0)]["points"] == 0
    assert items[("card_points", 0)]["cards"] == 26
    assert state.piles is not None
    assert state.piles[0] == cards(
        "BQ B7 BN BK T16 T13 T12 T11 CK CA CQ D8 DN D7 DA BJ BA T8 B10 M4 D10 BAG M2 B8 S6 MATTO")
    # scavezzo cross-check for the non-dealing team's grande
    trumps = cards("ANGELO MONDO SOLE LUNA MATTO BAG") | sum(
        1 << IDX[c] for c in codes(state.piles[0] | state.piles[1]) if c.startswith(("T", "M")))
    assert grande_by_scavezzo(state.piles[1] & trumps, state.piles[0] & trumps) == 15


def test_ot_tc_hand_1_record_round_trip():
    state = play_hand_1()
    state.apply(A.EXCHANGES[IDX["C7"]])
    record = records.record_from_state(state)
    assert record["totals"] == [100, 120] and record["deals_played"] == 0
    assert records.rewrite(record) == record
    assert records.replay(record).result() == state.result()
