"""Rules tests §15.3 (talon, discards, annulment, calling) and the structural part of HU-T-5P-1.

Every test names its rules test (``HU-T-...``) and cites the rules it pins. Seats follow the
default test table (builders.py): the dealer is seat 3, so A, B, C, D are seats 0, 1, 2, 3; with
5 players the dealer E is seat 4 and sits out.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from builders import (
    A_HAROM,
    SEAT,
    act,
    ann,
    codes,
    discard,
    exchange,
    finish,
    label,
    legal_calls,
    mask,
    new_state,
    parse,
    refuse,
    script,
    start,
)

from tarock.core import records
from tarock.core.errors import IllegalActionError, InvalidOptionError, InvalidRecordError
from tarock.hungarian import actions as A
from tarock.hungarian.calling import callable_cards
from tarock.hungarian.cards import DECK, FIVE_POINT, POINTS, T2_TO_T20, TAROKKS, bit
from tarock.hungarian.game import HungarianState
from tarock.hungarian.options import HungarianOptions
from tarock.hungarian.scoring import card_points
from tarock.hungarian.session import HungarianSession

C1 = "A harom, B passz, C passz, D egy, A szolo, D passz"  # HU-T-BID-C1: A calls T19 of D
C8 = "A harom, B passz, C ketto, D passz, A passz"  # HU-T-BID-C8: A yields, C calls T20


# -- helpers -----------------------------------------------------------------------------------


# -- HU-TALON ----------------------------------------------------------------------------------


def test_HU_T_TALON_2_five_point_cards_are_never_discarded() -> None:
    """HU-T-TALON-2, HU-TALON-4, HU-TALON-5: kings and honours never; T20 by default only."""
    state = start({"B": "HK DK T1 T21 T22 T20 T2 T3 T4", "C": "CK SK T5 T6 T7"})
    assert label(state) == "B" and codes(state.received[1]) == ["HA", "DA", "C10"]
    for card in ("HK", "DK", "T1", "T21", "T22"):
        refuse(state, "B", {"type": "discard", "cards": [card, "HA", "DA"]}, "HU-TALON-5")
    offered = [a.arg for a in state.legal_actions()]
    assert offered and not any(m & FIVE_POINT for m in offered)
    assert all(m.bit_count() == 3 for m in offered)  # HU-TALON-4: as many as received
    assert mask("T20 HA DA") in offered  # anyone else may discard T20 by default
    refuse(state, "B", {"type": "discard", "cards": ["HA", "DA"]}, "HU-TALON-4")
    discard(state, "B", "T20 HA DA")
    assert label(state) == "C"
    for card in ("CK", "SK"):
        refuse(state, "C", {"type": "discard", "cards": [card]}, "HU-TALON-5")
    assert not any(a.arg & FIVE_POINT for a in state.legal_actions())
    discard(state, "C", "T5")  # tarokks other than honours may go
    exchange(state)
    assert all(state.hands[s].bit_count() == 9 for s in range(4))  # everyone ends with 9


def test_HU_T_TALON_2_xx_discard_forbidden() -> None:
    """HU-T-TALON-2, HU-TALON-5 option ``xx_discard_forbidden``: nobody may discard T20."""
    state = start({"B": "HK DK T1 T21 T22 T20 T2 T3 T4"}, options={"xx_discard_forbidden": True})
    refuse(state, "B", {"type": "discard", "cards": ["T20", "HA", "DA"]}, "HU-TALON-5")
    assert not any(a.arg & bit(19) for a in state.legal_actions())
    discard(state, "B", "T2 HA DA")


C1_HANDS = {"A": "T22 T21 T20 T4 T5 T6", "B": "T7 T8 T9 T10 T11 T12",
            "C": "T13 T14 T15 T16 T17 T18", "D": "T1 T19 T2 T3"}


@pytest.mark.parametrize("accept_by_hold_only", [False, True])
def test_HU_T_TALON_2_cue_bidder_keeps_promised_card(accept_by_hold_only: bool) -> None:
    """HU-T-TALON-2 with HU-T-BID-C1: the cue bidder D may not discard T19 (HU-TALON-5,
    HU-BID-12); after a lapsed cue bid (HU-T-BID-ACC1, ``cue_bid_accept_by_hold_only``) he may."""
    state = start(C1_HANDS, C1, options={"cue_bid_accept_by_hold_only": accept_by_hold_only})
    assert state.declarer == SEAT["A"] and state.level == 4
    discard(state, "B", "HA DA")
    discard(state, "C", "C10 S10")
    assert label(state) == "D" and codes(state.received[3]) == ["HJ", "DJ"]
    if accept_by_hold_only:
        discard(state, "D", "T19 HJ")
        return
    refuse(state, "D", {"type": "discard", "cards": ["T19", "HJ"]}, "HU-TALON-5")
    assert not any(a.arg & bit(18) for a in state.legal_actions())
    discard(state, "D", "T2 HJ")  # any other tarokk is fine


C8_HANDS = {"A": "T22 T20 T2 T3 T4", "C": "T21 T5 T6 T7 T8", "D": "T1 T9 T10 T11 T12 T13 T14",
            "B": "T15 T16 T17 T18 T19"}


@pytest.mark.parametrize("conventions", ["standard", "none"])
def test_HU_T_TALON_2_yielder_keeps_xx(conventions: str) -> None:
    """HU-T-TALON-2 with HU-T-BID-C8: the yielder A may not discard T20 (HU-TALON-5,
    HU-BID-13); under ``conventions`` = none his pass is no yield (HU-T-BID-NOCONV)."""
    state = start(C8_HANDS, C8, options={"conventions": conventions})
    assert state.declarer == SEAT["C"] and state.level == 2
    discard(state, "C", "HA DA")
    discard(state, "D", "C10 S10")
    assert label(state) == "A" and codes(state.received[0]) == ["HJ"]
    if conventions == "none":
        assert state.auction.yielder is None
        discard(state, "A", "T20")
        return
    assert state.auction.yielder == SEAT["A"]
    refuse(state, "A", {"type": "discard", "cards": ["T20"]}, "HU-TALON-5")
    discard(state, "A", "HJ")


TALON3_HANDS = {"B": "T22 T3 DQ SN T2 T4 T5 T6 T7", "C": "T8 T21 T9 T10 T11",
                "D": "T1 T12 T13 T14 T15", "A": "T16 T17 T18 T19 T20"}


def test_HU_T_TALON_3_disclosure_of_discarded_tarokks() -> None:
    """HU-T-TALON-3, HU-TALON-7 (4 players), HU-PLAY-7, HU-IRR-2: the declarer's discarded
    tarokks lie face up; each non-declarer states his number; A and D say nothing (none)."""
    state = start(TALON3_HANDS)
    exchange(state, {"B": "T3 DQ SN", "C": "T8"})
    assert state.phase == "announce"
    for seat in range(4):
        obs = state.observation(seat)
        assert obs["declarer_discarded_tarokks"] == ["T3"]  # "egy tarokk fekszik"
        assert obs["discarded_tarokks"] == {"2": 1, "3": 0, "0": 0}
        if seat != SEAT["C"]:  # C's tarokk itself is not shown (HU-IRR-2)
            assert "T8" not in json.dumps(obs)
    assert state.observation(0).get("discards") == ["DJ"]  # one's own pile only
    script(state, "B: call T20, pass | C: pass | D: pass | A: pass")
    assert state.phase == "play"
    state.apply(state.legal_actions()[0])  # the first lead turns the cards down ...
    for seat in range(4):  # ... but they stay in the public record
        assert state.observation(seat)["declarer_discarded_tarokks"] == ["T3"]


def test_HU_T_TALON_4_five_players_dealer_announces_common_pile() -> None:
    """HU-T-TALON-4, HU-TALON-7 item 3, HU-5P-3: with 5 players the dealer E states the number
    of tarokks in the common pile ("két tarokk fekszik") without saying who discarded them."""
    hands = {"B": "T22 T2 T3 T4 T5", "C": "T8 T21 T6 T7 T9", "D": "T12 T1 T10 T11 T13",
             "A": "T14 T15 T16 T17 T18 T19 T20"}
    state = start(hands, options={"players": 5})
    assert state.dealer == 4 and state.active == (0, 1, 2, 3)
    exchange(state, {"C": "T8", "D": "T12", "A": "DJ"})
    assert state.phase == "announce"
    for seat in range(5):
        obs = state.observation(seat)
        assert obs["common_pile_tarokks"] == 2
        assert "discarded_tarokks" not in obs  # nobody learns who discarded them
        assert obs["declarer_discarded_tarokks"] == []
    assert state.observation(4)["hand"] == []


def test_HU_T_TALON_5_discard_piles_belong_to_teams() -> None:
    """HU-T-TALON-5, HU-TALON-6, HU-SCORE-1: the partner's discard (DQ) counts for o, the
    declarer's (SN) for d."""
    hands = {"B": "T22 T2 T3 T4 T5 SN", "C": "T20 DQ T6 T7 T8 T9", "D": "T1 T21 T10 T11 T12 T13",
             "A": "T14 T15 T16 T17 T18 T19"}
    state = start(hands)
    exchange(state, {"B": "SN HA DA", "C": "DQ"})
    script(state, "B: call T20, pass")
    assert state.ann.partner == SEAT["C"]
    finish(state)
    outcome = state.deal_outcome()
    won = {t: 0 for t in "do"}
    for trick in state.tricks:
        team = "d" if trick.winner in (SEAT["B"], SEAT["C"]) else "o"
        won[team] += sum(POINTS[c] for c in trick.cards)
    pile_d = POINTS[DECK.index("SN")] + POINTS[DECK.index("HA")] + POINTS[DECK.index("DA")]
    pile_o = POINTS[DECK.index("DQ")] + POINTS[DECK.index("HJ")] + POINTS[DECK.index("DJ")]
    assert POINTS[DECK.index("SN")] == 3 and POINTS[DECK.index("DQ")] == 4
    assert card_points(outcome, "d") == won["d"] + pile_d
    assert card_points(outcome, "o") == won["o"] + pile_o
    assert card_points(outcome, "d") + card_points(outcome, "o") == 94


# -- HU-ANNUL ----------------------------------------------------------------------------------


def drive(state: HungarianState) -> dict[str, Any]:
    """Play a deal to its end without throwing it in: bid when possible, never annul, pass in
    the announcements, play the first legal card, claim nothing."""
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.phase == "annul":
            state.apply(A.ANNUL_NO)
        elif state.phase in ("announce", "claim") and A.PASS_ACTION in legal:
            state.apply(A.PASS_ACTION)
        else:
            state.apply(legal[0])
    return state.result()


def test_HU_T_ANNUL_1_xxi_alone_annuls() -> None:
    """HU-T-ANNUL-1, HU-ANNUL-1..4, HU-SESSION-5/6: B holds T21 as his only tarokk; he annuls
    before the announcements: thrown in, nothing scored, the same dealer redeals, and the next 4
    scored deals are doubled."""
    state = start({"B": "T21 HK HQ HN DK DQ DN CK CQ"})
    exchange(state, annul=None)
    assert state.phase == "annul" and label(state) == "B"
    assert set(state.legal_actions()) == {A.ANNUL_YES, A.ANNUL_NO}
    act(state, "B", {"type": "annul", "annul": True})
    assert state.is_terminal() and state.ann is None
    result = state.result()
    assert result["outcome"] == "annulled" and result["annulled_by"] == SEAT["B"]
    assert result["scores"] == [0, 0, 0, 0] and result["items"] == []

    session = HungarianSession(state.game, ["p0", "p1", "p2", "p3"], seed=7, seating=False,
                               first_dealer=3)
    session.finish(state)
    assert session.dealer == 3  # the same dealer deals again
    multipliers = []
    while len(multipliers) < 5:
        deal = session.next_state()
        if not multipliers:
            assert deal.dealer == 3  # the redeal
        multipliers.append(deal.multiplier)
        assert drive(deal)["outcome"] not in ("all_pass", "annulled")
        session.finish(deal)
    assert multipliers == [2, 2, 2, 2, 1]


@pytest.mark.parametrize("after_discard_option", [False, True])
def test_HU_T_ANNUL_2_no_annulment_after_tarokk_discard(after_discard_option: bool) -> None:
    """HU-T-ANNUL-2, HU-ANNUL-3: B discarded T6 and holds only T21: he may not annul; he may
    with ``annul_after_tarokk_discard``."""
    state = start({"B": "T21 T6 HK HQ HN DK DQ DN CK"},
                  options={"annul_after_tarokk_discard": after_discard_option})
    exchange(state, {"B": "T6 HA DA"}, annul=None)
    assert state.hands[1] & TAROKKS == bit(20)
    if after_discard_option:
        assert state.phase == "annul" and label(state) == "B"
        act(state, "B", {"type": "annul", "annul": True})
        assert state.result()["outcome"] == "annulled"
        return
    assert state.phase == "announce" and label(state) == "B"
    refuse(state, "B", {"type": "annul", "annul": True}, "HU-ANNUL-3")


def test_HU_T_ANNUL_3_four_kings_after_tarokk_discard() -> None:
    """HU-T-ANNUL-3, HU-ANNUL-1, HU-ANNUL-3: a tarokk discard does not bar four kings."""
    state = start({"B": "HK DK CK SK T6 T22 HQ DQ CQ"})
    exchange(state, {"B": "T6 HA DA"}, annul=None)
    assert state.phase == "annul" and label(state) == "B"
    act(state, "B", {"type": "annul", "annul": True})
    assert state.result()["outcome"] == "annulled"


@pytest.mark.parametrize("hands_option", [None, ["xxi_alone", "pagat_alone", "four_kings"],
                                          ["xxi_alone"]])
def test_HU_T_ANNUL_4_xxi_and_pagat_alone(hands_option: list[str] | None) -> None:
    """HU-T-ANNUL-4, HU-ANNUL-1 option ``annul_hands``: T21 and T1 alone allow annulment by
    default, not with the variant sets."""
    options = {} if hands_option is None else {"annul_hands": hands_option}
    state = start({"B": "T21 T1 HK HQ HN DK DQ DN CK"}, options=options)
    exchange(state, annul=None)
    assert state.hands[1] & TAROKKS == bit(0) | bit(20)
    if hands_option is None:
        assert state.phase == "annul" and label(state) == "B"
        act(state, "B", {"type": "annul", "annul": True})
        assert state.result()["outcome"] == "annulled"
        return
    assert state.phase == "announce" and label(state) == "B"
    refuse(state, "B", {"type": "annul", "annul": True}, "HU-ANNUL-1")


def test_HU_T_ANNUL_5_too_late_once_announcements_began() -> None:
    """HU-T-ANNUL-5, HU-ANNUL-2, HU-IRR-1: B (no tarokk) is offered the annulment before the
    announcements; once the declarer has started his first turn it is too late."""
    state = start({"A": "T22 T21 T20 T2 T3 T4", "B": "HK HQ HN DK DQ DN CK CQ CN"}, A_HAROM)
    exchange(state, annul=None)
    assert state.phase == "annul" and label(state) == "B"  # the window is open
    act(state, "B", {"type": "annul", "annul": False})
    assert state.phase == "announce" and label(state) == "A"
    act(state, "A", ann(f"call {sorted(legal_calls(state))[0]}"))
    # B cannot act at all now: a record in which he annuls here is rejected ...
    record = records.record_from_state(state)
    record["actions"].append({"seat": SEAT["B"], "type": "annul", "annul": True})
    with pytest.raises(InvalidRecordError, match="seat 0's turn"):
        records.replay(record)
    # ... and no annulment is accepted or offered for the rest of the deal.
    with pytest.raises(IllegalActionError):
        state.clone().apply(A.ANNUL_YES)
    while not state.is_terminal():
        assert not any(a.kind == A.ANNUL for a in state.legal_actions())
        legal = state.legal_actions()
        state.apply(A.PASS_ACTION if A.PASS_ACTION in legal else legal[0])
    assert state.result()["outcome"] == "scored"


def test_HU_T_ANNUL_5_declarer_with_eligible_hand_too_late() -> None:
    """HU-T-ANNUL-5 for an eligible declarer, HU-ANNUL-2: the window closes when the
    announcement phase begins."""
    state = start({"B": "HK DK CK SK T22 T2 HQ DQ CQ"})
    exchange(state, annul=None)
    assert state.phase == "annul" and label(state) == "B"
    act(state, "B", {"type": "annul", "annul": False})
    act(state, "B", ann("call T20"))
    refuse(state, "B", {"type": "annul", "annul": True}, "HU-ANNUL-2")


# -- HU-CALL -----------------------------------------------------------------------------------


CALL1_HANDS = {"B": "T22 T20 T19 T18 T15 T13 T7", "A": "T1 T2 T3 T4 T5",
               "C": "T6 T8 T9 T10 T11", "D": "T12 T14 T16 T17 T21"}


@pytest.mark.parametrize("own_pile", ["", "T18", "T19"])
def test_HU_T_CALL_1_declarer_owns_xx(own_pile: str) -> None:
    """HU-T-CALL-1, HU-CALL-2, HU-CALL-3 (d): callable = {T17, T20}; cards in the declarer's own
    discard pile count as owned."""
    state = start(CALL1_HANDS)
    exchange(state, {"B": " ".join(f"{own_pile} HA DA C10".split()[:3])})
    assert legal_calls(state) == {"T17", "T20"}
    refuse(state, "B", ann("call T16"), "HU-CALL-3")
    if own_pile:
        refuse(state, "B", ann(f"call {own_pile}"), "HU-CALL-3")


def test_HU_T_CALL_1_calling_t17_finds_the_partner() -> None:
    """HU-T-CALL-1, HU-CALL-5: calling T17 makes its holder (D) the partner."""
    state = start(CALL1_HANDS)
    exchange(state)
    act(state, "B", ann("call T17"))
    assert state.ann.partner == SEAT["D"] and state.ann.team(SEAT["D"]) == "d"


def test_HU_T_CALL_1_self_call_plays_alone_settled_three_times() -> None:
    """HU-T-CALL-1, HU-CALL-3 (d), HU-CALL-5, HU-SCORE-13: calling his own T20 the declarer
    plays alone, settled 3V against V from each opponent."""
    state = start(CALL1_HANDS)
    exchange(state)
    script(state, "B: call T20, pass")
    assert state.ann.partner is None
    assert state.ann.public_side[SEAT["C"]] == "unknown"  # the others do not know yet
    scores = finish(state)["scores"]
    a, b, c, d = scores
    assert a == c == d != 0 and b == -3 * a


def test_HU_T_CALL_2_no_self_call() -> None:
    """HU-T-CALL-2, HU-CALL-3 option ``self_call_allowed`` = false: callable = {T17}."""
    state = start(CALL1_HANDS, options={"self_call_allowed": False})
    exchange(state)
    assert legal_calls(state) == {"T17"}
    refuse(state, "B", ann("call T20"), "HU-CALL-3")


def test_HU_T_CALL_3_cue_bid_forces_the_call() -> None:
    """HU-T-CALL-3, HU-CALL-3 (a), HU-BID-12: after auction C1 A may call only D's T19."""
    state = start(C1_HANDS, C1)
    exchange(state)
    assert label(state) == "A" and state.phase == "announce"
    assert legal_calls(state) == {"T19"}
    refuse(state, "A", ann("call T20"), "HU-CALL-3")
    act(state, "A", ann("call T19"))
    assert state.ann.partner == SEAT["D"]


def test_HU_T_CALL_4_yield_forces_xx_despite_disclosure() -> None:
    """HU-T-CALL-4, HU-CALL-3 (b) before (c): after auction C8 with D's disclosed tarokk
    discard, C may call only T20."""
    state = start(C8_HANDS, C8)
    exchange(state, {"D": "T9 C10"})
    assert state.observation(SEAT["C"])["discarded_tarokks"][str(SEAT["D"])] == 1
    assert label(state) == "C" and legal_calls(state) == {"T20"}
    for card in ("T19", "T9", "T2"):
        refuse(state, "C", ann(f"call {card}"), "HU-CALL-3")
    act(state, "C", ann("call T20"))
    assert state.ann.partner == SEAT["A"]


CALL5_HANDS = {"A": "T22 T2 T3 T4 T5", "B": "T21 T6 T7 T8 T13", "C": "T12 T14 T15 T16 T17",
               "D": "T1 T9 T10 T11 T18 T19 T20"}


def call5(options: dict[str, Any] | None = None) -> HungarianState:
    state = start(CALL5_HANDS, A_HAROM, options=options)
    exchange(state, {"C": "T12"})
    return state


def test_HU_T_CALL_5_called_card_in_discards_forces_kontra() -> None:
    """HU-T-CALL-5, HU-CALL-3 (c), HU-CALL-5, HU-CALL-6, HU-ANN-14: A calls C's discarded T12
    and plays alone; C MUST say kontra on the game in his first turn."""
    state = call5()
    assert "T12" in legal_calls(state)
    script(state, "A: call T12, pass | B: pass")
    assert state.ann.partner is None
    assert label(state) == "C"
    refuse(state, "C", ann("pass"), "HU-ANN-14")
    assert {a.kind for a in state.legal_actions()} == {A.KONTRA}
    script(state, "C: kontra game, pass")
    assert state.ann.klevel[("d", "game")] == 1
    assert state.ann.public_side == {0: "d", 1: "unknown", 2: "o", 3: "unknown"}
    scores = finish(state)["scores"]
    assert scores[0] == -3 * scores[1] and scores[1] == scores[2] == scores[3]  # A is alone


def test_HU_T_CALL_5_no_duty_after_earlier_kontra() -> None:
    """HU-T-CALL-5, HU-CALL-6: no duty if B, speaking earlier, already kontra'd the game."""
    state = call5()
    script(state, "A: call T12, pass | B: kontra game, pass | C: pass")
    assert state.ann.klevel[("d", "game")] == 1 and label(state) == "D"


def test_HU_T_CALL_5_discarder_states_reason() -> None:
    """HU-T-CALL-5 with ``called_card_discarder_states_reason``, HU-ANN-12 deduction 2:
    everyone learns that A is alone."""
    state = call5({"called_card_discarder_states_reason": True})
    script(state, "A: call T12, pass | B: pass | C: kontra game, pass")
    assert state.ann.alone_public
    assert state.ann.public_side == {0: "d", 1: "o", 2: "o", 3: "o"}


def test_HU_T_CALL_6_plain_call_of_xx() -> None:
    """HU-T-CALL-6, HU-CALL-3 (e): the declarer does not own T20; without disclosures, cue bid
    or yield only T20 is callable."""
    hands = {"B": "T22 T2 T3 T4 T5", "C": "T20 T21 T6 T7 T8 T13", "D": "T1 T9 T10 T11 T12",
             "A": "T14 T15 T16 T17 T18 T19"}
    state = start(hands)
    exchange(state)
    assert legal_calls(state) == {"T20"}
    for card in ("T19", "T2", "T13"):
        refuse(state, "B", ann(f"call {card}"), "HU-CALL-3")
    act(state, "B", ann("call T20"))
    assert state.ann.partner == SEAT["C"]


CALL7_HANDS = {"B": "T22 T20 T19 T17 T16", "A": "T1 T2 T3 T4 T5 T6",
               "C": "T7 T8 T9 T10 T11 T12", "D": "T13 T14 T15 T18 T21"}


@pytest.mark.parametrize("own_discard_allowed", [False, True])
def test_HU_T_CALL_7_own_discard(own_discard_allowed: bool) -> None:
    """HU-T-CALL-7, HU-CALL-2, HU-CALL-3 (d), HU-TALON-7, option ``call_own_discard_allowed``:
    callable = {T18, T20}; with the option T19 from the face-up pile too (publicly alone)."""
    state = start(CALL7_HANDS, options={"call_own_discard_allowed": own_discard_allowed})
    exchange(state, {"B": "T19 HA DA"})
    assert state.observation(SEAT["A"])["declarer_discarded_tarokks"] == ["T19"]
    if not own_discard_allowed:
        assert legal_calls(state) == {"T18", "T20"}
        refuse(state, "B", ann("call T19"), "HU-CALL-3")
        return
    assert legal_calls(state) == {"T18", "T19", "T20"}
    act(state, "B", ann("call T19"))
    assert state.ann.partner is None and state.ann.alone_public
    assert state.ann.public_side == {0: "o", 1: "d", 2: "o", 3: "o"}


CALL8_HANDS = {"B": "T22 T21 T20 T2 T3", "A": "T1 T4 T5 T6 T7 T8",
               "C": "T9 T10 T11 T12 T13 T14", "D": "T15 T16 T17 T18 T19"}


@pytest.mark.parametrize("card", ["T1", "T21", "T22"])
@pytest.mark.parametrize("options", [{}, {"call_own_discard_allowed": True},
                                     {"self_call_allowed": False}])
def test_HU_T_CALL_8_honours_never_callable(card: str, options: dict[str, Any]) -> None:
    """HU-T-CALL-8, HU-CALL-4: T1, T21 and T22 can never be called, even under the free call
    (HU-CALL-3 (c)) and whoever holds them."""
    state = start(CALL8_HANDS, options=options)
    exchange(state, {"C": "T9"})  # a disclosed tarokk discard: the free call applies
    calls = legal_calls(state)
    assert {"T4", "T19"} <= calls and not calls & {"T1", "T21", "T22"}
    refuse(state, "B", ann(f"call {card}"), "HU-CALL-4")


def test_HU_T_CALL_9_callable_set_exactly_as_stated() -> None:
    """HU-T-CALL-9, HU-CALL-3 (c)/(d), HU-OQ-35, the pure function with the literal setup (B's
    only tarokks T20, T15, T3; C disclosed one tarokk)."""
    hand = mask("T20 T15 T3 HK HQ HN DK DQ DN")
    no_self = HungarianOptions.make({"self_call_allowed": False})
    got = callable_cards(no_self, hand, 0, None, False, 1)
    assert got == T2_TO_T20 & ~mask("T20 T15 T3")
    assert callable_cards(HungarianOptions.make(), hand, 0, None, False, 1) == T2_TO_T20


CALL9_HANDS = {"B": "T22 T20 T15 T3", "A": "T1 T2 T4 T5 T6 T7", "C": "T8 T9 T10 T11 T12 T13",
               "D": "T14 T16 T17 T18 T19 T21"}


@pytest.mark.parametrize("self_call", [False, True])
def test_HU_T_CALL_9_in_a_deal(self_call: bool) -> None:
    """HU-T-CALL-9 through a real deal. A declarer always keeps an honour (HU-BID-3, HU-BID-9,
    HU-TALON-5), so B also holds T22, which is never callable anyway (HU-CALL-4)."""
    state = start(CALL9_HANDS, options={"self_call_allowed": self_call})
    exchange(state, {"C": "T8"})
    all_t = {f"T{n}" for n in range(2, 21)}
    if not self_call:
        assert legal_calls(state) == all_t - {"T20", "T15", "T3"}
        for card in ("T20", "T15", "T3"):
            refuse(state, "B", ann(f"call {card}"), "HU-CALL-3")
        return
    assert legal_calls(state) == all_t
    for card in ("T20", "T15", "T3"):
        trial = state.clone()
        trial.apply(parse("B", ann(f"call {card}"))[1])
        assert trial.ann.partner is None  # calling his own card: he plays alone
    act(state, "B", ann("call T19"))
    assert state.ann.partner == SEAT["D"]


# -- HU-5P -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_HU_T_5P_1_dealer_sits_out(seed: int) -> None:
    """HU-T-5P-1 (structural part), HU-5P-1, HU-5P-2, HU-DEAL-2: with 5 persons the dealer E
    receives no cards, never has a turn, and neither pays nor receives."""
    game = new_state(options={"players": 5}).game
    rng = random.Random(seed)
    state = game.new_deal_state(seed, dealer=4)
    assert state.deal.hands[4] == 0 and state.active == (0, 1, 2, 3)
    while not state.is_terminal():
        assert state.current_player() in (0, 1, 2, 3)
        legal = state.legal_actions()
        if state.phase == "auction" and len(state.auction.calls) < 4:
            choice = max(legal)  # bid rather than pass, so that most deals are played
        elif state.phase == "annul":
            choice = A.ANNUL_NO
        else:
            choice = rng.choice(legal)
        state.apply(choice)
    assert all(seat != 4 for seat, _ in state.history)
    assert state.hands[4] == 0 and state.received[4] == 0 and state.discards[4] == 0
    result = state.result()
    assert result["scores"][4] == 0 and sum(result["scores"]) == 0
    assert state.observation(4)["hand"] == []


# -- §15.8 / §15.9 call options (HU-T-OPT-*) -----------------------------------------------------


def calls(options: dict[str, Any], hand: str, pile: str = "", disclosed: int = 1) -> int:
    return callable_cards(HungarianOptions.make(options), mask(hand), mask(pile) if pile else 0,
                          None, False, disclosed)


def test_HU_T_OPT_25_ii_never_callable() -> None:
    """HU-T-OPT-25, HU-CALL-3: B holds T15 and T3 only; C disclosed a tarokk."""
    hand = "T15 T3 HK HQ HN DK DQ DN CK"
    assert calls({"ii_callable": False}, hand) == T2_TO_T20 & ~mask("T2")
    assert calls({}, hand) == T2_TO_T20


@pytest.mark.parametrize(("options", "expected"), [
    ({"ii_callable": False, "call_own_discard_allowed": True}, "T9 T18 T20"),
    ({"call_own_discard_allowed": True}, "T2 T9 T18 T20"),
    ({}, "T18 T20")])
def test_HU_T_OPT_26_ii_not_callable_from_own_discards(options: dict[str, Any],
                                                        expected: str) -> None:
    """HU-T-OPT-26: B holds T20 and T19, discarded T2 and T9, lacks T18; nothing disclosed."""
    assert calls(options, "T20 T19 T22 HK HQ HN DK DQ DN", "T2 T9", 0) == mask(expected)


def test_HU_T_OPT_41_free_call_only_while_declarer_holds_xx() -> None:
    """HU-T-OPT-41, HU-CALL-3 (c): (a) B lacks T20: only T20; (b) he holds it: T2 ... T20."""
    opt = {"call_any_after_tarokk_discard": "declarer_holds_xx"}
    assert calls(opt, "T15 T3 T22 HK HQ HN DK DQ DN") == mask("T20")
    assert calls({}, "T15 T3 T22 HK HQ HN DK DQ DN") == T2_TO_T20
    assert calls(opt, "T20 T15 T3 HK HQ HN DK DQ DN") == T2_TO_T20


def test_HU_T_OPT_42_self_call_only_with_the_xx() -> None:
    """HU-T-OPT-42, HU-OQ-39: B holds T20, T15 and T3; C disclosed a tarokk."""
    hand = "T20 T15 T3 HK HQ HN DK DQ DN"
    assert calls({"self_call_allowed": "xx_only"}, hand) == T2_TO_T20 & ~mask("T15 T3")
    assert calls({"self_call_allowed": False}, hand) == T2_TO_T20 & ~mask("T20 T15 T3")
    assert calls({}, hand) == T2_TO_T20


def test_HU_T_OPT_42_in_a_deal() -> None:
    """HU-T-OPT-42 through a deal: calling T15 is refused, calling T20 plays alone."""
    state = start(CALL9_HANDS, options={"self_call_allowed": "xx_only"})
    exchange(state, {"C": "T8"})
    assert legal_calls(state) == {f"T{n}" for n in range(2, 21)} - {"T15", "T3"}
    refuse(state, "B", ann("call T15"), "HU-CALL-3")
    act(state, "B", ann("call T20"))
    assert state.ann.partner is None


INVITATION = {"cue_bid_model": "invitation"}
OPT4_HANDS = {"A": "T22 T1 T4 T5 T6", "B": "T20 T7 T8 T9 T10 T11",
              "C": "T13 T14 T15 T16 T17 T18", "D": "T21 T19 T2 T3"}


def test_HU_T_OPT_4_promised_card_joins_the_callable_set() -> None:
    """HU-T-OPT-4, HU-CALL-3, HU-ANN-12: after C1 A may call T19 or T20; calling T20 makes B
    the partner; D has no side from the auction, so his trull needs a kontra first."""
    state = start(OPT4_HANDS, C1, options=INVITATION)
    exchange(state)
    assert legal_calls(state) == {"T19", "T20"}
    script(state, "A: call T20, pass | B: pass | C: pass")
    assert state.ann.partner == SEAT["B"] and state.ann.public_side[SEAT["D"]] == "unknown"
    refuse(state, "D", ann("announce trull"), "HU-ANN-13")
    script(state, "D: kontra game, announce trull, pass")
    default = start(OPT4_HANDS, C1)
    exchange(default)
    assert legal_calls(default) == {"T19"}


OPT5_HANDS = {"A": "T22 T20 T2 T3 T4", "C": "T21 T5 T6 T7 T8",
              "D": "T1 T9 T10 T11 T12 T13 T15", "B": "T14 T16 T17 T18 T19"}


def test_HU_T_OPT_5_free_call_after_a_yield() -> None:
    """HU-T-OPT-5: after C8 and B's disclosed tarokk C may call D's T15; the yielder A has no
    side from the auction. By default only T20 (HU-T-CALL-4)."""
    state = start(OPT5_HANDS, C8, options=INVITATION)
    exchange(state, {"B": "T14"})
    assert legal_calls(state) == {f"T{n}" for n in range(2, 21)}
    act(state, "C", ann("call T15"))
    assert state.ann.partner == SEAT["D"] and state.ann.public_side[SEAT["A"]] == "unknown"
    default = start(OPT5_HANDS, C8)
    exchange(default, {"B": "T14"})
    assert legal_calls(default) == {"T20"}


def test_HU_T_OPT_7_invitation_refuses_the_binding_variants() -> None:
    """HU-T-OPT-7, HU-BID-11: the invitation model cannot be combined with the two options that
    change when a cue bid binds."""
    for other in ("cue_bid_accept_by_hold_only", "cue_bid_binding_only_if_other_declarer"):
        with pytest.raises(InvalidOptionError, match="HU-BID-11"):
            HungarianOptions.make({**INVITATION, other: True})


PROMISED_DISCARD = {"promised_card_discard_allowed": True}


def test_HU_T_OPT_8_cue_bidder_discards_the_promised_card() -> None:
    """HU-T-OPT-8, HU-TALON-5, HU-CALL-5, HU-CALL-6: D discards T19; A must still call it and
    plays alone; D owes the kontra on the game; D has no side from the auction."""
    hands = {"A": "T22 T20 T4 T5 T6", "B": "T7 T8 T9 T10 T11 T12",
             "C": "T13 T14 T15 T16 T17 T18", "D": "T21 T19 T2 T3"}
    state = start(hands, C1, options=PROMISED_DISCARD)
    discard(state, "B", "HA DA")
    discard(state, "C", "C10 S10")
    discard(state, "D", "T19 HJ")
    exchange(state)
    assert state.ann.public_side[SEAT["D"]] == "unknown"
    assert legal_calls(state) == {"T19"}
    script(state, "A: call T19, pass | B: pass | C: pass")
    assert state.ann.partner is None
    refuse(state, "D", ann("pass"), "HU-ANN-14")
    script(state, "D: kontra game, pass")


@pytest.mark.parametrize("xx_forbidden", [False, True])
def test_HU_T_OPT_9_yielder_discards_the_xx(xx_forbidden: bool) -> None:
    """HU-T-OPT-9: A may discard T20 (not under `xx_discard_forbidden`); C must call it and
    plays alone; A owes the kontra on the game."""
    state = start(C8_HANDS, C8, options={**PROMISED_DISCARD,
                                         "xx_discard_forbidden": xx_forbidden})
    discard(state, "C", "HA DA")
    discard(state, "D", "C10 S10")
    if xx_forbidden:
        refuse(state, "A", {"type": "discard", "cards": ["T20"]}, "HU-TALON-5")
        return
    discard(state, "A", "T20")
    exchange(state)
    assert legal_calls(state) == {"T20"}
    script(state, "C: call T20, pass | D: pass")
    assert state.ann.partner is None
    refuse(state, "A", ann("pass"), "HU-ANN-14")


REVEAL = {"promised_card_call_reveals_teams": True}
OPT10_HANDS = {"A": "T22 T2 T3 T11 T12 T18 CK CQ CN", "B": "T19 T21 T4 T5 T13 T20 SK SQ SN",
               "C": "T6 T7 T8 T14 T15 T16 T17 CJ SJ", "D": "T1 T9 T10 HK HQ HN DK DQ DN"}


@pytest.mark.parametrize("option", [True, False])
def test_HU_T_OPT_10_calling_the_promised_card_shows_every_side(option: bool) -> None:
    """HU-T-OPT-10, HU-ANN-12 deduction 3: B self-calls his promised T19 at szóló having
    discarded nothing: he is publicly alone and D announces ultimo freely."""
    state = start(OPT10_HANDS, "A harom, B egy, C passz, D szolo, A passz, B tartom, D passz",
                  options=REVEAL if option else None)
    assert state.declarer == SEAT["B"] and state.level == 4
    exchange(state, {"C": "T6 T7"})
    script(state, "B: call T19, pass | C: pass")
    if not option:
        refuse(state, "D", ann("announce ultimo"), "HU-ANN-13")
        return
    assert state.ann.alone_public
    assert state.ann.public_side == {0: "o", 1: "d", 2: "o", 3: "o"}
    script(state, "D: announce ultimo, pass")


@pytest.mark.parametrize(("declarer_discard", "reveals"), [("T5", False), ("HA", True)])
def test_HU_T_OPT_11_no_reveal_after_a_tarokk_discard(declarer_discard: str,
                                                      reveals: bool) -> None:
    """HU-T-OPT-11: B discarded T5, so his call of T19 reveals nothing and D's ultimo stays
    illegal; after a suit discard every side is public."""
    state = start(OPT10_HANDS, "A harom, B egy, C passz, D passz, A passz", options=REVEAL)
    assert state.declarer == SEAT["B"] and state.level == 3
    exchange(state, {"B": declarer_discard, "C": "T6 C10"})
    script(state, "B: call T19, pass | C: pass")
    if reveals:
        script(state, "D: announce ultimo, pass")
    else:
        refuse(state, "D", ann("announce ultimo"), "HU-ANN-13")


def test_HU_T_OPT_43_five_players_blind_dealer() -> None:
    """HU-T-OPT-43, HU-TALON-7, HU-5P-3: the dealer E states nothing; C and D each state their
    one discarded tarokk, A says nothing (0)."""
    hands = {"B": "T22 T2 T3 T4 T5", "C": "T8 T21 T6 T7 T9", "D": "T12 T1 T10 T11 T13",
             "A": "T14 T15 T16 T17 T18 T19 T20"}
    state = start(hands, options={"players": 5, "five_player_dealer_blind": True})
    exchange(state, {"C": "T8", "D": "T12", "A": "DJ"})
    for seat in range(5):
        obs = state.observation(seat)
        assert "common_pile_tarokks" not in obs
        assert obs["discarded_tarokks"] == {"0": 0, "2": 1, "3": 1}
    assert legal_calls(state) >= {"T8", "T12"}  # the disclosures free the call (HU-CALL-3 (c))


COMPULSORY_HANDS = {"A": "T22 T2 T3 T4 T5", "B": "T21 T6 T7 T8 T13", "C": "T20 T12 T14 T15",
                    "D": "T1 T9 T10 T11 T16"}


def compulsory(options: dict[str, Any]) -> HungarianState:
    state = start(COMPULSORY_HANDS, A_HAROM, options=options)
    exchange(state, {"C": "T20"})
    return state


def test_HU_T_OPT_45_compulsory_kontra_in_an_extra_turn() -> None:
    """HU-T-OPT-45, HU-CALL-6, HU-OQ-39: C, who discarded the called T20, kontras right after
    A's first turn; B, C and D then pass and the phase ends; A plays alone at kontra."""
    state = compulsory({"compulsory_kontra_immediate": True})
    script(state, "A: call T20, pass")
    assert label(state) == "C"
    refuse(state, "C", ann("pass"), "HU-ANN-14")
    refuse(state, "C", ann("announce trull"), "HU-CALL-6")
    assert state.legal_actions() == [A.kontra("d", "game")]
    act(state, "C", ann("kontra game"))
    refuse(state, "C", ann("announce trull"), "HU-CALL-6")
    script(state, "C: pass | B: pass | C: pass")
    assert state.phase == "announce"
    script(state, "D: pass")
    assert state.phase == "play"
    assert state.ann.partner is None and state.ann.klevel[("d", "game")] == 1
    default = compulsory({})
    script(default, "A: call T20, pass")
    assert label(default) == "B"
    script(default, "B: pass | C: kontra game, pass")


def test_HU_T_OPT_45_extra_turn_holds_the_pais_count() -> None:
    """HU-T-OPT-45: under the Pais count rules an 8-tarokk discarder counts in the extra turn."""
    hands = {"A": "T22 T2 T3 T4 T5", "B": "T21 T6 T7", "C": "T20 T8 T9 T10 T11 T12 T13 T14 T15",
             "D": "T1 T16"}
    state = start(hands, A_HAROM, options={"compulsory_kontra_immediate": True,
                                            "pajesz_tarokk_count_rules": True})
    exchange(state, {"C": "T20"})
    script(state, "A: call T20, pass | C: kontra game")
    refuse(state, "C", ann("pass"), "HU-ANN-14")
    script(state, "C: count 8, pass")
    assert label(state) == "B"


# -- §15.8 / §15.9 annulment timing (HU-T-OPT-29 to 31, HU-T-OPT-44) ----------------------------

UNTIL_OWN = {"annul_timing": "until_own_discard"}
OPT29_HANDS = {"B": "T21 HK HQ HN HJ HA DK DQ DN", "C": "DJ DA CK CQ CN CJ C10 SK SQ",
               "A": "T22"}


def test_HU_T_OPT_29_annulling_during_the_auction() -> None:
    """HU-T-OPT-29, HU-ANNUL-5: B (dealt T21 as his only tarokk) annuls instead of calling; C
    (no tarokk) may annul at his own turn too. By default neither may.

    The engine offers the annulment at the player's own turns; an annulment out of turn (C
    before B has called) is not accepted, because every action of a record belongs to the
    seat to act."""
    state = start(OPT29_HANDS, "A harom", talon="", options=UNTIL_OWN)
    assert A.ANNUL_YES in state.legal_actions()
    act(state, "B", {"type": "annul", "annul": True})
    assert state.outcome == "annulled" and state.result()["annulled_by"] == SEAT["B"]
    assert state.result()["scores"] == [0, 0, 0, 0]
    state = start(OPT29_HANDS, "A harom, B passz", talon="", options=UNTIL_OWN)
    act(state, "C", {"type": "annul", "annul": True})
    assert state.outcome == "annulled"
    default = start(OPT29_HANDS, "A harom", talon="")
    assert A.ANNUL_YES not in default.legal_actions()
    refuse(default, "B", {"type": "annul", "annul": True}, "HU-ANNUL-2")


OPT30_HANDS = {"B": "T22 T19", "C": "HK DK CK HQ HN DQ DN CQ CN"}
OPT30_TALON = "HJ DJ SK C10 S10 HA"


@pytest.mark.parametrize("options", [UNTIL_OWN, {}])
def test_HU_T_OPT_30_four_kings_before_the_own_discard(options: dict[str, Any]) -> None:
    """HU-T-OPT-30: C's dealt kings with t2 = SK: (a) C may annul before his discard only under
    until_own_discard; (b) after the discards only by default."""
    state = start(OPT30_HANDS, "A passz, B ketto, C passz, D passz", OPT30_TALON, options)
    assert state.declarer == SEAT["B"] and state.level == 2
    discard(state, "B", "HJ DJ")
    assert label(state) == "C" and codes(state.received[SEAT["C"]]) == ["C10", "SK"]
    if options:
        act(state, "C", {"type": "annul", "annul": True})
        assert state.outcome == "annulled"
        state = start(OPT30_HANDS, "A passz, B ketto, C passz, D passz", OPT30_TALON, options)
        exchange(state, {"C": "C10 HQ"}, annul=None)
        assert state.phase == "announce"
        refuse(state, "B", {"type": "annul", "annul": True}, "HU-ANNUL-5")
        return
    refuse(state, "C", {"type": "annul", "annul": True}, "HU-ANNUL-2")
    exchange(state, {"C": "C10 HQ"}, annul=None)
    assert state.phase == "annul" and label(state) == "C"
    act(state, "C", {"type": "annul", "annul": True})
    assert state.outcome == "annulled"


def test_HU_T_OPT_31_fourth_seat_harom_declarer_may_annul() -> None:
    """HU-T-OPT-31, HU-ANNUL-5 item 3: D's három after three passes; with T21 and seven other
    tarokks (no eligible hand) he may still annul after seeing the talon. Not by default."""
    hands = {"D": "T21 T2 T3 T4 T5 T6 T7 T8 HK"}
    state = start(hands, "A passz, B passz, C passz, D harom", options=UNTIL_OWN)
    assert label(state) == "D" and state.received[SEAT["D"]].bit_count() == 3
    act(state, "D", {"type": "annul", "annul": True})
    assert state.outcome == "annulled" and state.result()["annulled_by"] == SEAT["D"]
    default = start(hands, "A passz, B passz, C passz, D harom")
    refuse(default, "D", {"type": "annul", "annul": True}, "HU-ANNUL-2")


BEFORE = {"annul_timing": "before_discard"}
OPT44_HANDS = {"B": "T22", "C": "T21 HK HQ HN HJ HA DK DQ DN"}
OPT44_TALON = "C10 S10 SJ CJ DJ DA"
B_HAROM = "A passz, B harom, C passz, D passz"


@pytest.mark.parametrize("options", [BEFORE, {}])
def test_HU_T_OPT_44_annulling_between_talon_and_discards(options: dict[str, Any]) -> None:
    """HU-T-OPT-44, HU-ANNUL-6: (a) C's ten cards hold T21 alone: he annuls before any discard;
    (b) after the discards it is too late; by default (b) is his window."""
    state = start(OPT44_HANDS, B_HAROM, OPT44_TALON, options)
    if options:
        assert state.phase == "annul" and label(state) == "C"
        assert all(state.discards[q] == 0 for q in range(4))
        act(state, "C", {"type": "annul", "annul": True})
        assert state.outcome == "annulled"
        state = start(OPT44_HANDS, B_HAROM, OPT44_TALON, options)
        act(state, "C", {"type": "annul", "annul": False})
        exchange(state, annul=None)
        assert state.phase == "announce"
        refuse(state, "B", {"type": "annul", "annul": True}, "HU-ANNUL-6")
        return
    assert state.phase == "discard"
    exchange(state, annul=None)
    assert state.phase == "annul" and label(state) == "C"


@pytest.mark.parametrize("options", [BEFORE, {}])
def test_HU_T_OPT_44_four_kings_before_the_talon(options: dict[str, Any]) -> None:
    """HU-T-OPT-44 (c), HU-OQ-39: A's dealt four kings may annul once the auction has ended,
    before anybody takes a talon card; not by default."""
    state = start({"A": "HK DK CK SK", "B": "T22"}, B_HAROM, OPT44_TALON, options)
    if options:
        assert state.phase == "annul" and label(state) == "A"
        assert state.received == [0, 0, 0, 0]
        act(state, "A", {"type": "annul", "annul": True})
        assert state.outcome == "annulled"
    else:
        assert state.phase == "discard" and any(state.received)
