"""Rules tests §15.5 (play of the cards, HU-T-PLAY-1 .. HU-T-PLAY-8).

Each test drives a real deal to the trick position of the rules test (hands built with
complete_deal, tricks played card by card) and, where the test is about the legal-card function
HU-PLAY-6, also checks :func:`tarock.hungarian.play.legal_cards` directly. Seats: the dealer is
seat 3, so A, B, C, D are seats 0, 1, 2, 3.
"""

from __future__ import annotations

from typing import Any

import pytest
from builders import (
    A_HAROM,
    B_HAROM,
    LABEL,
    SEAT,
    SUIT_TALON,
    act,
    exchange,
    finish,
    refuse,
    script,
    start,
)

from tarock.core.protocol import refusal
from tarock.hungarian import actions as A
from tarock.hungarian.cards import DECK, trick_winner_index
from tarock.hungarian.game import HungarianState
from tarock.hungarian.play import legal_cards

# -- helpers -----------------------------------------------------------------------------------


def idx(code: str) -> int:
    return DECK.index(code)


def playable(state: HungarianState) -> set[str]:
    """The cards the player to act may play, as codes."""
    return {DECK.code(a.arg) for a in state.legal_actions()}


def play(state: HungarianState, trick: str) -> None:
    """Play cards written ``"A T22, B T2, C T8, D T13"`` (each player must be the one to act)."""
    for step in trick.split(","):
        lab, card = step.split()
        act(state, lab, {"type": "play", "card": card})


def to_play(hands: dict[str, str], auction: str = B_HAROM, talon: str = SUIT_TALON,
            turns: str = "", options: dict[str, Any] | None = None) -> HungarianState:
    """Bid, lay the talon cards away again, run the announcement ``turns`` and pass out."""
    state = start(hands, auction, talon, options)
    exchange(state)
    if turns:
        script(state, turns)
    while state.phase == "announce":
        state.apply(A.PASS_ACTION)
    assert state.phase == "play" and state.current_player() == SEAT["A"]  # HU-PLAY-1
    return state


def last_winner(state: HungarianState) -> str:
    return LABEL[state.tricks[-1].winner]


# -- HU-T-PLAY-1 -------------------------------------------------------------------------------


PLAY1_HANDS = {"A": "HQ HN HJ T22 T14 T13 T12 T11 T10", "B": "HK HA T1 T21 T20 T19 T18 T17 T16",
               "C": "DK CK CQ CN CJ C10 T2 T3 T15", "D": "SK SQ SN SJ S10 DA DJ DN DQ"}
PLAY1_TALON = "T4 T5 T6 T7 T8 T9"


def test_HU_T_PLAY_1_legal_cards_function() -> None:
    """HU-T-PLAY-1, HU-PLAY-2, HU-PLAY-6 (the function): follow suit, else a tarokk, else any."""
    led = idx("HQ")
    b = DECK.mask(["HK", "HA", "T21", "T20", "SQ"])
    c = DECK.mask(["DK", "CK", "T2", "T15"])
    d = DECK.mask(["SK", "DA", "DJ", "CN"])
    assert legal_cards(b, led, False) == DECK.mask(["HK", "HA"])
    assert legal_cards(c, led, False) == DECK.mask(["T2", "T15"])
    assert legal_cards(d, led, False) == d
    assert legal_cards(d, None, False) == d  # on lead: any card


@pytest.mark.parametrize("c_card", ["T2", "T15"])
def test_HU_T_PLAY_1_in_a_deal(c_card: str) -> None:
    """HU-T-PLAY-1, HU-PLAY-2, HU-PLAY-3, HU-PLAY-4: A leads HQ; B must play HK or HA, C T2 or
    T15 (either), D anything; C's tarokk wins the trick."""
    state = to_play(PLAY1_HANDS, talon=PLAY1_TALON, turns="B: call T15, pass")
    play(state, "A T22, B T16, C T3, D S10")  # trick 1 leaves C with T2 and T15 only
    assert last_winner(state) == "A"
    act(state, "A", {"type": "play", "card": "HQ"})
    assert playable(state) == {"HK", "HA"}
    refuse(state, "B", {"type": "play", "card": "T21"}, "HU-PLAY-2")
    refuse(state, "B", {"type": "play", "card": "T1"}, "HU-PLAY-2")  # no ultimo: plain revoke
    act(state, "B", {"type": "play", "card": "HA"})
    assert playable(state) == {"T2", "T15"}
    refuse(state, "C", {"type": "play", "card": "CK"}, "HU-PLAY-2")
    act(state, "C", {"type": "play", "card": c_card})
    assert playable(state) == {"SK", "SQ", "SN", "SJ", "DA", "DJ", "DN", "DQ"}
    act(state, "D", {"type": "play", "card": "SK"})
    assert last_winner(state) == "C" and state.current_player() == SEAT["C"]


# -- HU-T-PLAY-2 -------------------------------------------------------------------------------


PLAY2_HANDS = {"A": "T10 T22 T21 T1 T2 T4 T5 T6 T7", "B": "T3 T15 SK SQ SN SJ HK HQ HN",
               "C": "T8 T9 T11 T12 T13 T14 DK DQ DN", "D": "T16 T17 T18 T19 T20 CK CQ CN CJ"}


@pytest.mark.parametrize("b_card", ["T3", "T15"])
def test_HU_T_PLAY_2_no_duty_to_beat(b_card: str) -> None:
    """HU-T-PLAY-2, HU-PLAY-2, HU-PLAY-3: A leads T10; B may play T3 or T15, not SK."""
    assert legal_cards(DECK.mask(["T3", "T15", "SK"]), idx("T10"), False) == DECK.mask(
        ["T3", "T15"])
    state = to_play(PLAY2_HANDS, A_HAROM, turns="A: call T20, pass")
    act(state, "A", {"type": "play", "card": "T10"})
    assert playable(state) == {"T3", "T15"}
    refuse(state, "B", {"type": "play", "card": "SK"}, "HU-PLAY-2")
    act(state, "B", {"type": "play", "card": b_card})


# -- HU-T-PLAY-3 -------------------------------------------------------------------------------


PLAY3_CASES = {
    # name: hands, trick 1, catching team (None: no catch), the seat whose T21 is caught
    "d_catches": ({"B": "T22 T2 T3 T4 T5", "C": "T20 T6 T7 T8 T13", "D": "T1 T9 T10 T11 T12",
                   "A": "T21 T14 T15 T16 T17 T18 T19"}, "A T21, B T22, C T6, D T9", "declarer",
                  0),
    "o_catches": ({"B": "T21 T2 T3 T4 T5", "C": "T20 T6 T7 T8 T13", "D": "T1 T9 T10 T11 T12",
                   "A": "T22 T14 T15 T16 T17 T18 T19"}, "A T22, B T21, C T6, D T9", "opponents",
                  1),
    "same_team": ({"B": "T22 T2 T3 T4 T5", "C": "T21 T20 T6 T7 T8", "D": "T1 T9 T10 T11 T12",
                   "A": "T13 T14 T15 T16 T17 T18 T19"}, "A T13, B T22, C T21, D T9", None, None),
}


@pytest.mark.parametrize("case", sorted(PLAY3_CASES))
def test_HU_T_PLAY_3_skiz_wins_and_catches_xxi(case: str) -> None:
    """HU-T-PLAY-3, HU-PLAY-4, HU-DECK-3, HU-ANN-4 (xxi_catch), HU-SCORE-10: T22 wins a trick
    with T21; it is a XXI-catch for T22's team only if the holders are on opposite teams."""
    hands, trick, team, caught = PLAY3_CASES[case]
    state = to_play(hands, turns="B: call T20, pass")
    assert state.ann.partner == SEAT["C"]
    play(state, trick)
    t22 = state.tricks[0].cards.index(idx("T22"))
    assert trick_winner_index(list(state.tricks[0].cards)) == t22
    assert state.tricks[0].winner == state.tricks[0].seats[t22]
    while not state.is_terminal():
        state.apply(state.legal_actions()[0] if state.phase == "play" else A.PASS_ACTION)
    result = state.result()
    catches = [i for i in result["items"] if i["item"] == "xxi_catch"]
    if team is None:
        assert catches == [] and result["xxi_caught"] is None
    else:
        assert catches == [{"item": "xxi_catch", "team": team, "points": 21, "kind": "silent"}]
        assert result["xxi_caught"] == caught


# -- HU-T-PLAY-4 -------------------------------------------------------------------------------


PLAY4_HANDS = {"A": "S10 SJ T22 T21 T1 T8 T9 T10 T11", "B": "SN SK CK CQ T12 T13 T14 T15 T16",
               "C": "HK HQ HN HJ HA DK DQ DN DJ", "D": "SQ DA CN CJ C10 T17 T18 T19 T20"}


def test_HU_T_PLAY_4_other_suits_never_win() -> None:
    """HU-T-PLAY-4, HU-PLAY-2, HU-PLAY-4: A leads S10, B SN, C (no spades, no tarokks) DK,
    D SQ: D wins with SQ; DK never wins."""
    cards = [idx(c) for c in ("S10", "SN", "DK", "SQ")]
    assert trick_winner_index(cards) == 3
    state = to_play(PLAY4_HANDS, A_HAROM, talon="T2 T3 T4 T5 T6 T7", turns="A: call T20, pass")
    act(state, "A", {"type": "play", "card": "S10"})
    assert playable(state) == {"SN", "SK"}
    act(state, "B", {"type": "play", "card": "SN"})
    assert playable(state) == set(DECK.codes(state.hands[SEAT["C"]]))  # any card
    act(state, "C", {"type": "play", "card": "DK"})
    assert playable(state) == {"SQ"}
    act(state, "D", {"type": "play", "card": "SQ"})
    assert last_winner(state) == "D"


# -- HU-T-PLAY-5 -------------------------------------------------------------------------------


def test_HU_T_PLAY_5_keep_pagat_legal_cards_function() -> None:
    """HU-T-PLAY-5, HU-PLAY-5, HU-PLAY-6 (the function): B (team d, ultimo announced) holds T1,
    T4, SK, SQ."""
    hand = DECK.mask(["T1", "T4", "SK", "SQ"])
    assert legal_cards(hand, idx("T17"), True) == DECK.mask(["T4"])  # trick 6
    assert legal_cards(hand, idx("T17"), False) == DECK.mask(["T1", "T4"])  # unrestricted
    assert legal_cards(DECK.mask(["T1", "T4", "SK", "SQ"]) & ~DECK.mask(["T4"]), idx("S10"),
                       True) == DECK.mask(["SK", "SQ"])  # trick 7
    assert legal_cards(DECK.mask(["T1", "SQ"]), None, True) == DECK.mask(["SQ"])  # trick 8
    assert legal_cards(DECK.mask(["T1"]), None, True) == DECK.mask(["T1"])  # trick 9


PLAY5_HANDS = {"A": "T22 T21 T20 T19 T18 T17 S10 SJ SN", "B": "T1 T2 T3 T4 T5 T6 T7 SK SQ",
               "C": "T8 T9 T10 T11 T12 HK HQ HN DK", "D": "T13 T14 T15 T16 DQ DN CK CQ CN"}
PLAY5_TALON = "HA DA C10 HJ DJ CJ"


def test_HU_T_PLAY_5_keep_pagat_in_a_deal() -> None:
    """HU-T-PLAY-5, HU-PLAY-5, HU-SCORE-9: with d's ultimo announced B keeps T1 to the end:
    trick 6 (tarokk led) only T4; trick 7 (spade led) SK or SQ; trick 8 on lead only SQ."""
    state = to_play(PLAY5_HANDS, talon=PLAY5_TALON, turns="B: call T20, announce ultimo, pass")
    assert state.ann.partner == SEAT["A"] and state.ann.ultimo_announced_by("d")
    play(state, "A T22, B T2, C T8, D T13")
    play(state, "A T21, B T3, C T9, D T14")
    play(state, "A T20, B T5, C T10, D T15")
    play(state, "A T19, B T6, C T11, D T16")
    act(state, "A", {"type": "play", "card": "T18"})
    assert playable(state) == {"T4", "T7"}
    act(state, "B", {"type": "play", "card": "T7"})
    play(state, "C T12, D CN")
    assert set(DECK.codes(state.hands[SEAT["B"]])) == {"T1", "T4", "SK", "SQ"}
    act(state, "A", {"type": "play", "card": "T17"})  # trick 6: a tarokk is led
    assert playable(state) == {"T4"}
    refuse(state, "B", {"type": "play", "card": "T1"}, "HU-PLAY-5")
    play(state, "B T4, C HQ, D CQ")
    act(state, "A", {"type": "play", "card": "S10"})  # trick 7: a spade is led
    assert playable(state) == {"SK", "SQ"}
    refuse(state, "B", {"type": "play", "card": "T1"}, "HU-PLAY-2")  # never T1: follow suit
    play(state, "B SK, C HN, D DN")
    assert last_winner(state) == "B"
    assert playable(state) == {"SQ"}  # trick 8: B on lead with T1 and SQ
    refuse(state, "B", {"type": "play", "card": "T1"}, "HU-PLAY-5")
    play(state, "B SQ, C HK, D DQ, A SN")
    assert playable(state) == {"T1"}
    play(state, "B T1, C DK, D CK, A SJ")
    assert last_winner(state) == "B" and len(state.tricks) == 9
    while not state.is_terminal():
        state.apply(A.PASS_ACTION)
    ultimo = [i for i in state.result()["items"] if i["item"] == "ultimo"]
    assert ultimo == [{"item": "ultimo", "team": "declarer", "points": 10, "kind": "announced"}]


# -- HU-T-PLAY-6 -------------------------------------------------------------------------------


PLAY6_HANDS = {"A": "DK CK SK HK HQ T22 T21 T20 T19", "B": "T1 DQ DN DJ CQ CN CJ SQ SN",
               "C": "DA C10 HN HJ T8 T9 T10 T11 T12", "D": "S10 SJ HA T13 T14 T15 T16 T17 T18"}
PLAY6_TALON = "T2 T3 T4 T5 T6 T7"


@pytest.mark.parametrize("kontra", [False, True])
def test_HU_T_PLAY_6_forced_pagat_fails_ultimo(kontra: bool) -> None:
    """HU-T-PLAY-6, HU-PLAY-5, HU-SCORE-9, HU-SCORE-6: B's only tarokk is T1 and he has no
    hearts; hearts are led in trick 5, so T1 must be played and the announced ultimo fails
    (−10 × k) whatever happens later."""
    turns = "B: call T20, announce ultimo, pass" + (" | C: kontra d.ultimo, pass" if kontra
                                                     else "")
    state = to_play(PLAY6_HANDS, talon=PLAY6_TALON, turns=turns)
    assert state.ann.partner == SEAT["A"]
    play(state, "A DK, B DJ, C DA, D T13")
    play(state, "D S10, A SK, B SN, C T8")
    play(state, "C C10, D T14, A CK, B CJ")
    play(state, "D SJ, A T22, B SQ, C T9")
    assert len(state.tricks) == 4 and last_winner(state) == "A"
    act(state, "A", {"type": "play", "card": "HK"})  # trick 5: hearts led
    assert legal_cards(state.hands[SEAT["B"]], idx("HK"), True) == DECK.mask(["T1"])
    assert playable(state) == {"T1"}
    act(state, "B", {"type": "play", "card": "T1"})
    while not state.is_terminal():
        state.apply(state.legal_actions()[0] if state.phase == "play" else A.PASS_ACTION)
    ultimo = [i for i in state.result()["items"] if i["item"] == "ultimo"]
    k = 2 if kontra else 1
    assert ultimo == [{"item": "ultimo", "team": "opponents", "points": 10 * k,
                       "kind": "announced"}]


# -- HU-T-PLAY-7 -------------------------------------------------------------------------------


def test_HU_T_PLAY_7_forehand_leads_whoever_declares() -> None:
    """HU-T-PLAY-7, HU-PLAY-1: C is declarer; A leads to trick 1 with any card."""
    hands = {"C": "T22 T2 T3 T4 T5", "D": "T21 T6 T7 T8 T13", "A": "T14 T15 T16 T17 T18 T19",
             "B": "T1 T9 T10 T11 T12 T20"}
    state = start(hands, "A passz, B passz, C harom, D passz")
    exchange(state)
    assert state.declarer == SEAT["C"] and state.current_player() == SEAT["C"]
    script(state, "C: call T20, pass | D: pass | A: pass | B: pass")
    assert state.phase == "play" and state.current_player() == SEAT["A"]
    assert playable(state) == set(DECK.codes(state.hands[SEAT["A"]]))


# -- HU-T-PLAY-8 -------------------------------------------------------------------------------


def test_HU_T_PLAY_8_opponents_pagat_not_restricted() -> None:
    """HU-T-PLAY-8, HU-PLAY-5: d announced ultimo but C (team o) holds T1; C may play it at any
    legal moment."""
    hand = DECK.mask(["T1", "T6", "HK"])
    assert legal_cards(hand, None, False) == hand  # on lead
    assert legal_cards(hand, idx("T14"), False) == DECK.mask(["T1", "T6"])
    hands = {"B": "T22 T2 T3 T4 T5", "C": "T1 T6 T7 T8 T13", "D": "T21 T9 T10 T11 T12",
             "A": "T14 T15 T16 T17 T18 T19 T20"}
    state = to_play(hands, turns="B: call T20, announce ultimo, pass")
    assert state.ann.team(SEAT["C"]) == "o" and state.ann.ultimo_announced_by("d")
    play(state, "A T14, B T2")
    assert playable(state) == {"T1", "T6", "T7", "T8", "T13"}
    act(state, "C", {"type": "play", "card": "T1"})
    assert state.trick == [idx("T14"), idx("T2"), idx("T1")]


# -- §15.8 HU-T-OPT-1, HU-T-OPT-2 (`ultimo_keeps_pagat` = false) -------------------------------

NO_KEEP = {"ultimo_keeps_pagat": False}


def play5_to_trick_6(options: dict[str, Any]) -> HungarianState:
    """The HU-T-PLAY-5 deal up to trick 6, A having led T17; B holds T1, T4, SK, SQ."""
    state = to_play(PLAY5_HANDS, talon=PLAY5_TALON, turns="B: call T20, announce ultimo, pass",
                    options=options)
    play(state, "A T22, B T2, C T8, D T13")
    play(state, "A T21, B T3, C T9, D T14")
    play(state, "A T20, B T5, C T10, D T15")
    play(state, "A T19, B T6, C T11, D T16")
    play(state, "A T18, B T7, C T12, D CN")
    act(state, "A", {"type": "play", "card": "T17"})
    return state


def test_HU_T_OPT_1_pagat_need_not_be_kept() -> None:
    """HU-T-OPT-1, HU-PLAY-5: without the duty T1 and T4 are both legal in trick 6, and in
    trick 8 B may lead T1 or SQ."""
    state = play5_to_trick_6(NO_KEEP)
    assert playable(state) == {"T1", "T4"}
    play(state, "B T4, C HQ, D CQ")
    act(state, "A", {"type": "play", "card": "S10"})
    play(state, "B SK, C HN, D DN")
    assert last_winner(state) == "B" and playable(state) == {"T1", "SQ"}
    assert playable(play5_to_trick_6({})) == {"T4"}


def test_a_revoke_is_accepted_to_be_penalised_yet_refused_by_the_rules() -> None:
    """HU-IRR-3 with HU-PLAY-5: under ``renonsz_penalty`` B's early T1 is accepted as a revoke
    (the deal ends, penalised), never offered, and the rules' refusal says why."""
    state = play5_to_trick_6({"renonsz_penalty": "minimum_ten"})
    t1 = DECK.index("T1")
    assert playable(state) == {"T4"}
    error = refusal(state, A.PLAYS[t1])
    assert error is not None and (error.rule, error.reason) == ("HU-PLAY-5", "pagat_kept")
    assert refusal(state, A.PLAYS[DECK.index("T4")]) is None
    assert state.irregularity(A.PASS_ACTION) is None  # not a card
    state.apply(A.PLAYS[t1])
    assert state.is_terminal() and state.renonsz_offender == SEAT["B"]


def test_HU_T_OPT_2_early_pagat_fails_the_ultimo() -> None:
    """HU-T-OPT-2, HU-SCORE-9: B plays T1 to trick 6 although he holds T4: legal, and the
    announced ultimo fails (−10); by default the play is refused."""
    refuse(play5_to_trick_6({}), "B", {"type": "play", "card": "T1"}, "HU-PLAY-5")
    state = play5_to_trick_6(NO_KEEP)
    act(state, "B", {"type": "play", "card": "T1"})
    result = finish(state)
    ultimo = [i for i in result["items"] if i["item"] == "ultimo"]
    assert ultimo == [{"item": "ultimo", "team": "opponents", "points": 10, "kind": "announced"}]
    value = sum(i["points"] * (1 if i["team"] == "declarer" else -1)
                for i in result["items"] if "team" in i)
    b, a = SEAT["B"], SEAT["A"]
    assert result["scores"][b] == result["scores"][a] == value
    assert result["scores"][SEAT["C"]] == result["scores"][SEAT["D"]] == -value
