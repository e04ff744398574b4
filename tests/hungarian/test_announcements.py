"""Rules tests §15.4 (announcements, HU-T-ANN-0 .. HU-T-ANN-20).

The engine asks for one announcement action at a time (HU-ANN-15 validates whole turns); a turn is
"illegal" when one of its actions is refused with IllegalActionError (or its PASS is refused
because an obligation is unmet), and a refused action leaves the state unchanged. Seats: the dealer
is seat 3, so A, B, C, D are seats 0, 1, 2, 3. Kontra levels are ``state.ann.klevel`` (the rules
tables give multipliers: k1 = level 0, k2 = level 1, ...).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from builders import (
    A_HAROM,
    B_HAROM,
    SEAT,
    act,
    ann,
    exchange,
    finish,
    refuse,
    script,
    start,
)

from tarock.core import records
from tarock.core.errors import InvalidRecordError
from tarock.hungarian import actions as A
from tarock.hungarian.game import HungarianState
from tarock.hungarian.scoring import announced_k, score_deal

C1 = "A harom, B passz, C passz, D egy, A szolo, D passz"  # HU-T-BID-C1: A calls T19 of D
GAME = ("d", "game")


# -- helpers -----------------------------------------------------------------------------------


def turn_refused(state: HungarianState, lab: str, turn: str, rule: str, at: int) -> None:
    """On a copy of ``state``, ``lab``'s turn (``"count 9, announce ultimo, pass"``) is refused at
    its action number ``at`` (0-based) with ``rule``; ``state`` itself is not touched."""
    trial = state.clone()
    texts = [t.strip() for t in turn.split(",")]
    for t in texts[:at]:
        act(trial, lab, ann(t))
    refuse(trial, lab, ann(texts[at]), rule)


def sides(state: HungarianState) -> str:
    """The public sides of A, B, C, D as a string such as ``"odd?"``."""
    return "".join({"d": "d", "o": "o", "unknown": "?"}[state.ann.public_side[s]] for s in range(4))


def items(state: HungarianState) -> dict[str, int]:
    """Kontra levels by item, written ``"game"``, ``"d.trull"``, ``"o.ultimo"``."""
    return {("game" if item == GAME else f"{item[0]}.{item[1]}"): level
            for item, level in state.ann.klevel.items()}


def phase_ends_after(state: HungarianState, text: str) -> None:
    """Apply ``text``; the phase lasts until its very last action, then A leads (HU-ANN-3,
    HU-PLAY-1)."""
    turns = [t for t in text.split("|") if t.strip()]
    if len(turns) > 1:
        script(state, "|".join(turns[:-1]))
    lab, _, actions = turns[-1].partition(":")
    actions_list = actions.split(",")
    for a in actions_list[:-1]:
        act(state, lab.strip(), ann(a))
    assert state.phase == "announce"
    act(state, lab.strip(), ann(actions_list[-1]))
    assert state.phase == "play" and state.current_player() == SEAT["A"]


def count_deltas(state: HungarianState) -> list[int]:
    """The part of the finished deal's scores that comes from announced tarokk counts."""
    outcome = state.deal_outcome()
    base = score_deal(replace(outcome, counts={}, claims={})).deltas
    return [a - b for a, b in zip(state.result()["scores"], base, strict=True)]


def b_hands(t20: str) -> dict[str, str]:
    """B bids three; nobody holds 8 or 9 tarokks; ``t20`` holds T20."""
    hands = {"B": "T22 T2 T3 T4 T5", "C": "T21 T6 T7 T8 T13", "D": "T1 T9 T10 T11 T12",
             "A": "T14 T15 T16 T17 T18 T19"}
    hands[t20] += " T20"
    return hands


def a_hands(t20: str) -> dict[str, str]:
    """A bids three; nobody holds 8 or 9 tarokks; ``t20`` holds T20."""
    hands = {"A": "T22 T2 T3 T4 T5", "B": "T21 T6 T7 T8 T13", "C": "T14 T15 T16 T17 T18 T19",
             "D": "T1 T9 T10 T11 T12"}
    hands[t20] += " T20"
    return hands


def ready(hands: dict[str, str], auction: str = B_HAROM,
          options: dict[str, Any] | None = None, discards: dict[str, str] | None = None
          ) -> HungarianState:
    """The state at the start of the announcement phase."""
    state = start(hands, auction, options=options)
    exchange(state, discards)
    assert state.phase == "announce"
    return state


# -- the tests ---------------------------------------------------------------------------------


ANN0_HANDS = {"B": "T22 T20 T18 T17 T16 T15 T14 T13", "C": "T19 T21 T1", "D": "T2 T3 T4 T5",
              "A": "T6 T7 T8 T9 T10 T11 T12"}


def test_HU_T_ANN_0_count_call_and_bonuses_in_order() -> None:
    """HU-T-ANN-0, HU-ANN-2, HU-ANN-8, HU-CALL-1, HU-CALL-3 (d), HU-SCORE-12: "nyolc tarokk,
    hívom a tizenkilencest, tulétroá, négykirály, passz"."""
    state = ready(ANN0_HANDS)
    assert state.ann.ctx.n_tarokks[SEAT["B"]] == 8
    phase_ends_after(state, "B: count 8, call T19, announce trull, announce four_kings, pass"
                            "| C: pass | D: pass | A: pass")
    assert items(state) == {"game": 0, "d.trull": 0, "d.four_kings": 0}
    assert state.ann.partner == SEAT["C"] and state.ann.count_announced[SEAT["B"]]
    finish(state)
    assert count_deltas(state) == [-1, 3, -1, -1]  # B collects 1 from each of A, C, D


@pytest.mark.parametrize(("turn", "at", "rule"), [
    ("count 8, announce trull, call T19", 1, "HU-CALL-1"),  # a bonus before the call
    ("announce trull, call T19", 0, "HU-CALL-1"),
    ("call T19, count 8", 1, "HU-CALL-1"),  # the count after the call
])
def test_HU_T_ANN_0_wrong_order_is_illegal(turn: str, at: int, rule: str) -> None:
    """HU-T-ANN-0, HU-ANN-2, HU-CALL-1: the CALL after a bonus, or the count after the CALL."""
    turn_refused(ready(ANN0_HANDS), "B", turn, rule, at)


def test_HU_T_ANN_1_partner_announces_for_d() -> None:
    """HU-T-ANN-1, HU-ANN-3, HU-ANN-5, HU-ANN-12, HU-ANN-13: C is presumed d and is d."""
    state = ready(b_hands("C"))
    script(state, "B: call T20, pass | C: announce trull, announce four_kings, pass")
    assert sides(state) == "oddo"  # C public d, so A and D public o (deduction 1)
    phase_ends_after(state, "D: pass | A: kontra d.trull, pass | B: announce ultimo, pass"
                            "| C: pass | D: pass | A: pass")
    assert items(state) == {"game": 0, "d.trull": 1, "d.four_kings": 0, "d.ultimo": 0}


def test_HU_T_ANN_1_if_D_held_xx() -> None:
    """HU-T-ANN-1 variant, HU-ANN-13: if D held T20, C's trull would be illegal; C could first
    say kontra on the game and then announce trull for o."""
    state = ready(b_hands("D"))
    script(state, "B: call T20, pass")
    refuse(state, "C", ann("announce trull"), "HU-ANN-13")
    script(state, "C: kontra game, announce trull, pass")
    assert items(state) == {"game": 1, "o.trull": 0}
    assert sides(state) == "?do?"


def test_HU_T_ANN_2_presumed_o_after_kontra() -> None:
    """HU-T-ANN-2, HU-ANN-13 (most recent reference event), HU-ANN-12."""
    state = ready(b_hands("D"))
    script(state, "B: call T20, pass | C: kontra game, pass | D: pass")
    assert sides(state) == "?do?" and state.ann.presumed_side() == "o"
    phase_ends_after(state, "A: announce trull, pass | B: pass | C: pass | D: pass")
    assert items(state) == {"game": 1, "o.trull": 0}
    assert sides(state) == "odo?"  # B and D are partners only by table inference


def test_HU_T_ANN_2_if_A_held_xx() -> None:
    """HU-T-ANN-2 variant, HU-ANN-13: A (now d) needs a rekontra on the game first."""
    state = ready(b_hands("A"))
    script(state, "B: call T20, pass | C: kontra game, pass | D: pass")
    refuse(state, "A", ann("announce trull"), "HU-ANN-13")
    script(state, "A: kontra game, announce trull, pass")
    assert items(state) == {"game": 2, "d.trull": 0}


ANN3_HANDS = {"D": "T2 T3 T4 T5 T6 T7 T8 T9 T10", "A": "T20 T11 T12 T13", "B": "T22 T21 T14 T15",
              "C": "T1 T16 T17 T18 T19"}


def test_HU_T_ANN_3_compulsory_count_with_ultimo() -> None:
    """HU-T-ANN-3, HU-ANN-9, HU-ANN-11, HU-ANN-13, HU-SCORE-12: D (9 tarokks, team o) counts
    and announces ultimo; B may kontra it; D +6, A, B, C −2 each."""
    state = ready(ANN3_HANDS)
    script(state, "B: call T20, announce four_kings, pass | C: kontra d.four_kings, pass")
    assert state.ann.presumed_side() == "o"
    turn_refused(state, "D", "announce ultimo, pass", "HU-ANN-9", 0)  # the count is missing
    script(state, "D: count 9, announce ultimo, pass")
    phase_ends_after(state, "A: pass | B: kontra o.ultimo, pass | C: pass | D: pass | A: pass")
    assert items(state) == {"game": 0, "d.four_kings": 1, "o.ultimo": 1}
    finish(state)
    assert count_deltas(state) == [-2, -2, -2, 6]


def test_HU_T_ANN_3_if_D_held_xx() -> None:
    """HU-T-ANN-3 variant: had D held T20, he would first have had to rekontra the four kings."""
    hands = dict(ANN3_HANDS, D="T20 T2 T3 T4 T5 T6 T7 T8 T9", A="T10 T11 T12 T13")
    state = ready(hands)
    script(state, "B: call T20, announce four_kings, pass | C: kontra d.four_kings, pass")
    turn_refused(state, "D", "count 9, announce ultimo", "HU-ANN-13", 1)
    script(state, "D: count 9, kontra d.four_kings, announce ultimo, pass")
    assert items(state) == {"game": 0, "d.four_kings": 2, "d.ultimo": 0}


def test_HU_T_ANN_4_declarer_a() -> None:
    """HU-T-ANN-4 (source example A1), HU-ANN-12 deduction 1, HU-ANN-13."""
    state = ready(a_hands("B"), A_HAROM)
    script(state, "A: call T20, pass | B: announce trull, announce four_kings, pass")
    assert sides(state) == "ddoo"  # C and D need no kontra to show their side
    phase_ends_after(state, "C: pass | D: kontra d.trull, pass | A: announce ultimo, pass"
                            "| B: pass | C: pass | D: pass")
    assert items(state) == {"game": 0, "d.trull": 1, "d.four_kings": 0, "d.ultimo": 0}


def test_HU_T_ANN_5_phase_ends_before_d_speaks_again() -> None:
    """HU-T-ANN-5 (source example A2), HU-ANN-3, HU-ANN-13."""
    state = ready(a_hands("C"), A_HAROM)
    phase_ends_after(state, "A: call T20, pass | B: kontra game, pass | C: pass"
                            "| D: announce trull, pass | A: pass | B: pass | C: pass")
    assert items(state) == {"game": 1, "o.trull": 0}
    assert state.ann.public_side[SEAT["D"]] == "o"
    assert [s for s, a in state.history if a.kind == A.PASS][-3:] == [0, 1, 2]


ANN6_HANDS = {"C": "T2 T3 T4 T5 T6 T7 T8 T9 T10", "D": "T20 T11 T12 T13", "A": "T22 T21 T14 T15",
              "B": "T1 T16 T17 T18 T19"}


def test_HU_T_ANN_6_declarer_kontras_ultimo() -> None:
    """HU-T-ANN-6 (source example A3), HU-ANN-9, HU-ANN-11, HU-ANN-13."""
    state = ready(ANN6_HANDS, A_HAROM)
    phase_ends_after(state, "A: call T20, announce four_kings, pass | B: kontra d.four_kings, pass"
                            "| C: count 9, announce ultimo, pass | D: pass"
                            "| A: kontra o.ultimo, pass | B: pass | C: pass | D: pass")
    assert items(state) == {"game": 0, "d.four_kings": 1, "o.ultimo": 1}


def test_HU_T_ANN_6_if_C_held_xx() -> None:
    """HU-T-ANN-6 variant: had C held T20, he would first have needed "rekontra négykirály"."""
    hands = dict(ANN6_HANDS, C="T20 T2 T3 T4 T5 T6 T7 T8 T9", D="T10 T11 T12 T13")
    state = ready(hands, A_HAROM)
    script(state, "A: call T20, announce four_kings, pass | B: kontra d.four_kings, pass")
    turn_refused(state, "C", "count 9, announce ultimo", "HU-ANN-13", 1)
    script(state, "C: count 9, kontra d.four_kings, announce ultimo, pass")
    assert items(state) == {"game": 0, "d.four_kings": 2, "d.ultimo": 0}


ANN7_HANDS = {"D": "T20 T2 T3 T4 T5 T6 T7 T8", "B": "T22 T9 T10 T11 T12", "C": "T21 T13 T14 T15",
              "A": "T1 T16 T17 T18 T19"}


def test_HU_T_ANN_7_count_reveals_nothing_by_default() -> None:
    """HU-T-ANN-7, HU-ANN-8, HU-ANN-13: a count is no reference event and shows no side."""
    state = ready(ANN7_HANDS)
    script(state, "B: call T20, pass | C: kontra game, pass | D: count 8, pass")
    assert state.ann.public_side[SEAT["D"]] == "unknown" and state.ann.presumed_side() == "o"
    script(state, "A: announce trull, pass")
    assert items(state) == {"game": 1, "o.trull": 0}


def test_HU_T_ANN_7_count_reveals_team_option() -> None:
    """HU-T-ANN-7 with ``tarokk_count_reveals_team``, HU-ANN-9, HU-ANN-13: D's count is
    presumed o while D is d; it needs a rekontra on the game first (anywhere before PASS)."""
    state = ready(ANN7_HANDS, options={"tarokk_count_reveals_team": True})
    script(state, "B: call T20, pass | C: kontra game, pass")
    refuse(state, "D", ann("count 8"), "HU-ANN-13")
    script(state, "D: kontra game, count 8, pass")
    assert items(state) == {"game": 2} and sides(state) == "odod"


@pytest.mark.parametrize(("turn", "at", "rule"), [
    ("count 8, pass", 0, "HU-ANN-9"),  # D's side is not public yet
    ("announce trull, pass", 1, "HU-ANN-14"),  # the count is missing
])
def test_HU_T_ANN_8_pais_count_rules_illegal(turn: str, at: int, rule: str) -> None:
    """HU-T-ANN-8, option ``pajesz_tarokk_count_rules`` (HU-ANN-9, HU-ANN-14)."""
    state = ready(ANN7_HANDS, options={"pajesz_tarokk_count_rules": True})
    script(state, "B: call T20, pass | C: pass")
    turn_refused(state, "D", turn, rule, at)


def test_HU_T_ANN_8_pais_count_after_the_announcement() -> None:
    """HU-T-ANN-8: "ANNOUNCE trull, TAROKK_COUNT 8, PASS" is legal under the Pais rules."""
    state = ready(ANN7_HANDS, options={"pajesz_tarokk_count_rules": True})
    script(state, "B: call T20, pass | C: pass | D: announce trull, count 8, pass")
    assert state.ann.count_announced[SEAT["D"]] and items(state) == {"game": 0, "d.trull": 0}


@pytest.mark.parametrize("first", ["double", "volat"])
@pytest.mark.parametrize("same_turn", [False, True])
def test_HU_T_ANN_9a_double_and_volat_in_one_turn(first: str, same_turn: bool) -> None:
    """HU-T-ANN-9 (a), HU-ANN-7, option ``double_and_volat_same_turn``: "double, volát" in one
    turn is legal only with the option; "volát, double" never is (no double after a volát)."""
    state = ready(b_hands("C"), options={"double_and_volat_same_turn": same_turn})
    second = "volat" if first == "double" else "double"
    script(state, f"B: call T20, announce {first}")
    if not same_turn or first == "volat":
        refuse(state, "B", ann(f"announce {second}"), "HU-ANN-7")
        return
    script(state, f"B: announce {second}, pass")
    assert items(state) == {"game": 0, "d.double": 0, "d.volat": 0}


def test_HU_T_ANN_9b_no_double_after_volat() -> None:
    """HU-T-ANN-9 (b), HU-ANN-7: after volát neither member of the team may announce double."""
    state = ready(b_hands("C"))
    script(state, "B: call T20, announce volat, pass")
    refuse(state, "C", ann("announce double"), "HU-ANN-7")
    script(state, "C: pass | D: kontra d.volat, pass | A: pass")
    refuse(state, "B", ann("announce double"), "HU-ANN-7")


@pytest.mark.parametrize("same_player_forbidden", [False, True])
def test_HU_T_ANN_9c_volat_after_double(same_player_forbidden: bool) -> None:
    """HU-T-ANN-9 (c), HU-ANN-7, option ``double_and_volat_same_player_forbidden``."""
    options = {"double_and_volat_same_player_forbidden": same_player_forbidden}
    state = ready(b_hands("C"), options=options)
    script(state, "B: call T20, announce double, pass")
    partner = state.clone()
    script(state, "C: pass | D: kontra d.double, pass | A: pass")
    if same_player_forbidden:
        refuse(state, "B", ann("announce volat"), "HU-ANN-7")
        script(partner, "C: announce volat, pass")  # the partner may announce it instead
        assert items(partner) == {"game": 0, "d.double": 0, "d.volat": 0}
    else:
        script(state, "B: announce volat, pass")
        assert items(state) == {"game": 0, "d.double": 1, "d.volat": 0}


C1_HANDS = {"A": "T22 T21 T20 T4 T5 T6", "B": "T7 T8 T9 T10 T11 T12",
            "C": "T13 T14 T15 T16 T17 T18", "D": "T1 T19 T2 T3"}


def test_HU_T_ANN_10_pagat_cue_bidder_must_announce_ultimo() -> None:
    """HU-T-ANN-10, HU-BID-12 (4), HU-ANN-14 (1): after auction C1 with D's only honour T1, D's
    first turn must contain ultimo; a pass-only turn is illegal."""
    state = ready(C1_HANDS, C1)
    assert state.auction.cue.pagat_only and sides(state) == "dood"
    script(state, "A: call T19, pass | B: pass | C: pass")
    refuse(state, "D", ann("pass"), "HU-ANN-14")
    assert A.ANNOUNCES["ultimo"] in state.legal_actions()
    turn_refused(state, "D", "announce trull, pass", "HU-ANN-14", 1)
    script(state, "D: announce ultimo, pass")
    assert items(state) == {"game": 0, "d.ultimo": 0} and state.phase == "announce"


def test_HU_T_ANN_10_no_duty_when_declarer_announced_ultimo() -> None:
    """HU-T-ANN-10: no duty for D when A has already announced ultimo for their team."""
    state = ready(C1_HANDS, C1)
    phase_ends_after(state, "A: call T19, announce ultimo, pass | B: pass | C: pass | D: pass")


def test_HU_T_ANN_10_with_count() -> None:
    """HU-T-ANN-10 with 8 tarokks, HU-ANN-9: D's ultimo needs his count too."""
    hands = {"D": "T1 T19 T2 T3 T4 T5 T6 T7", "A": "T22 T21 T20 T8 T9 T10",
             "B": "T11 T12 T13 T14 T15 T16", "C": "T17 T18"}
    state = ready(hands, C1)
    script(state, "A: call T19, pass | B: pass | C: pass")
    refuse(state, "D", ann("pass"), "HU-ANN-14")
    refuse(state, "D", ann("announce ultimo"), "HU-ANN-9")
    script(state, "D: count 8, announce ultimo, pass")
    assert state.ann.count_announced[SEAT["D"]]


def test_HU_T_ANN_11_kontra_ladder() -> None:
    """HU-T-ANN-11, HU-ANN-10, HU-ANN-11, HU-SCORE-7: an egy game (G = 3) goes 3, 6, 12, 24,
    48, 96; a sixth level does not exist."""
    hands = {"A": "T22 T2 T3 T4 T5", "B": "T21 T6 T7 T8 T9", "C": "T1 T10 T11 T12 T13",
             "D": "T20 T14 T15 T16 T17 T18 T19"}
    state = ready(hands, "A harom, B ketto, C passz, D passz, A tartom, B egy, A passz")
    assert state.declarer == SEAT["B"] and state.level == 3
    values = []

    def value() -> None:
        values.append(state.level * 2 ** state.ann.klevel[GAME])

    script(state, "B: call T20, pass")
    assert state.ann.partner == SEAT["D"]
    value()
    script(state, "C: kontra game, pass | D: pass | A: pass")  # kontra
    value()
    script(state, "B: kontra game, pass | C: pass | D: pass")  # rekontra
    value()
    script(state, "A: kontra game, pass | B: pass | C: pass")  # szubkontra
    value()
    script(state, "D: kontra game, pass | A: pass | B: pass")  # hirskontra
    value()
    script(state, "C: kontra game, pass")  # mordkontra
    value()
    assert values == [3, 6, 12, 24, 48, 96]
    refuse(state, "D", ann("kontra game"), "HU-ANN-10")
    script(state, "D: pass")
    refuse(state, "A", ann("kontra game"), "HU-ANN-10")
    script(state, "A: pass | B: pass")
    assert state.phase == "play"
    game_items = [i for i in finish(state)["items"] if i["item"] == "game"]
    assert [i["points"] for i in game_items] == [96]


def test_HU_T_ANN_12a_d_cannot_kontra_its_own_game() -> None:
    """HU-T-ANN-12 (a), HU-ANN-11: neither B nor his partner D may say kontra on the game."""
    state = ready(b_hands("D"))
    act(state, "B", ann("call T20"))
    refuse(state, "B", ann("kontra game"), "HU-ANN-11")
    script(state, "B: pass | C: pass")
    refuse(state, "D", ann("kontra game"), "HU-ANN-11")


def test_HU_T_ANN_12bc_o_cannot_rekontra_or_kontra_own_item() -> None:
    """HU-T-ANN-12 (b) and (c), HU-ANN-11: after C's kontra A may not rekontra the game, nor
    kontra C's own o.trull."""
    state = ready(b_hands("D"))
    script(state, "B: call T20, pass | C: kontra game, announce trull, pass | D: pass")
    refuse(state, "A", ann("kontra game"), "HU-ANN-11")
    refuse(state, "A", ann("kontra o.trull"), "HU-ANN-11")
    assert not any(a.kind == A.KONTRA for a in state.legal_actions())


def test_HU_T_ANN_13_shortest_phase() -> None:
    """HU-T-ANN-13, HU-ANN-3, HU-PLAY-1: the call and three pass-only turns; A leads."""
    state = ready(b_hands("C"))
    phase_ends_after(state, "B: call T20, pass | C: pass | D: pass | A: pass")
    assert set(state.legal_actions()) == {A.PLAYS[c] for c in range(42)
                                          if state.hands[0] >> c & 1}


ANN14_HANDS = {"A": "T2 T3 T4 T5 T6 T7 T8 T9 T10", "B": "T22 T21 T11 T12",
               "C": "T20 T1 T13 T14", "D": "T15 T16 T17 T18 T19"}


def test_HU_T_ANN_14_kontra_on_ultimo_needs_count() -> None:
    """HU-T-ANN-14, HU-ANN-9: A (team o, 9 tarokks) may kontra d's ultimo only after his count
    at the start of the turn."""
    state = ready(ANN14_HANDS)
    script(state, "B: call T20, announce ultimo, pass | C: pass | D: pass")
    turn_refused(state, "A", "kontra d.ultimo, pass", "HU-ANN-9", 0)
    script(state, "A: count 9, kontra d.ultimo, pass")
    assert items(state) == {"game": 0, "d.ultimo": 1} and state.ann.count_announced[0]


@pytest.mark.parametrize("reference", ["most_recent", "most_active"])
def test_HU_T_ANN_15_presumption_reference(reference: str) -> None:
    """HU-T-ANN-15 (source 002), HU-ANN-13 option ``presumption_reference``."""
    state = ready(b_hands("C"), options={"presumption_reference": reference})
    script(state, "B: call T20, announce trull, announce four_kings, pass | C: pass"
                  "| D: kontra d.trull, pass")
    if reference == "most_recent":
        assert state.ann.presumed_side() == "o"
        script(state, "A: announce ultimo, pass")
        assert items(state) == {"game": 0, "d.trull": 1, "d.four_kings": 0, "o.ultimo": 0}
        return
    assert state.ann.presumed_side() == "d"  # B made the most reference events
    refuse(state, "A", ann("announce ultimo"), "HU-ANN-13")
    script(state, "A: kontra d.four_kings, announce ultimo, pass")
    assert items(state) == {"game": 0, "d.trull": 1, "d.four_kings": 1, "o.ultimo": 0}


@pytest.mark.parametrize("default", ["declarer_team", "opponents"])
def test_HU_T_ANN_16_presumption_default(default: str) -> None:
    """HU-T-ANN-16, HU-ANN-13 option ``presumption_default``, HU-OQ-15: with "opponents" C
    (team d) cannot announce first, and no kontra-level call can show that he is d."""
    state = ready(b_hands("C"), options={"presumption_default": default})
    script(state, "B: call T20, pass")
    if default == "declarer_team":
        script(state, "C: announce trull, pass")
        assert items(state) == {"game": 0, "d.trull": 0}
        return
    refuse(state, "C", ann("announce trull"), "HU-ANN-13")
    assert state.legal_actions() == [A.PASS_ACTION]


ANN17_HANDS = {"B": "T22 T2 T3 T4 T5 T6 T7 T8", "D": "T20 T9 T10 T11", "C": "T21 T12 T13 T14 T15",
               "A": "T1 T16 T17 T18 T19"}


@pytest.mark.parametrize("reveals", [False, True])
def test_HU_T_ANN_17_count_as_reference_event(reveals: bool) -> None:
    """HU-T-ANN-17, HU-ANN-9 and HU-ANN-13 option ``tarokk_count_reveals_team``."""
    state = ready(ANN17_HANDS, options={"tarokk_count_reveals_team": reveals})
    script(state, "B: call T20, pass | C: kontra game, pass | D: pass | A: pass"
                  "| B: count 8, pass | C: pass")
    if reveals:
        assert state.ann.presumed_side() == "d"
        script(state, "D: announce trull, pass")
        assert items(state) == {"game": 1, "d.trull": 0}
        return
    assert state.ann.presumed_side() == "o"
    refuse(state, "D", ann("announce trull"), "HU-ANN-13")
    script(state, "D: kontra game, announce trull, pass")
    assert items(state) == {"game": 2, "d.trull": 0}


def test_HU_T_ANN_18_deduction_lets_o_announce_freely() -> None:
    """HU-T-ANN-18, HU-ANN-6, HU-ANN-12 deduction 1, HU-ANN-13: both teams announce four
    kings; D is public o and needs no kontra although the presumed side is d."""
    state = ready(a_hands("B"), A_HAROM)
    script(state, "A: call T20, pass | B: announce trull, announce four_kings, pass | C: pass")
    assert sides(state) == "ddoo" and state.ann.presumed_side() == "d"
    script(state, "D: announce four_kings, pass")
    assert items(state) == {"game": 0, "d.trull": 0, "d.four_kings": 0, "o.four_kings": 0}


ANN19_HANDS = {"B": "T22 T2 T3 T4 T5 T6 T7 T8", "C": "T20 T9 T10 T11", "D": "T21 T12 T13 T14 T15",
               "A": "T1 T16 T17 T18 T19"}


@pytest.mark.parametrize(("options", "turn", "at", "rule"), [
    ({}, "pass", 0, "HU-CALL-1"),  # (a) no CALL
    ({}, "call T20, call T20", 1, "HU-ANN-2"),  # (b) a second CALL
    ({"tarokk_count_reveals_team": True}, "call T20, count 8", 1, "HU-CALL-1"),  # (d)
    ({"pajesz_tarokk_count_rules": True}, "call T20, count 8", 1, "HU-CALL-1"),  # (d)
    ({"tarokk_count_reveals_team": True}, "count 8, call T20, count 8", 2, "HU-ANN-8"),  # (e)
    ({"pajesz_tarokk_count_rules": True}, "count 8, call T20, count 8", 2, "HU-ANN-8"),  # (e)
])
def test_HU_T_ANN_19_malformed_declarer_turns(options: dict[str, Any], turn: str, at: int,
                                              rule: str) -> None:
    """HU-T-ANN-19 (a), (b), (d), (e): HU-ANN-2, HU-ANN-8, HU-CALL-1."""
    turn_refused(ready(ANN19_HANDS, options=options), "B", turn, rule, at)


def test_HU_T_ANN_19c_turn_without_pass_does_not_end() -> None:
    """HU-T-ANN-19 (c), HU-ANN-2: without its PASS the turn is not over; nobody else may act."""
    state = ready(ANN19_HANDS)
    script(state, "B: call T20, announce trull")
    assert state.current_player() == SEAT["B"] and state.phase == "announce"
    record = records.record_from_state(state)
    record["actions"].append({"seat": SEAT["C"], "type": "pass"})
    with pytest.raises(InvalidRecordError, match="seat 1's turn"):
        records.replay(record)


def test_HU_T_ANN_19f_count_once_per_deal() -> None:
    """HU-T-ANN-19 (f), HU-ANN-8, HU-SCORE-12: a second count is illegal; B collects once."""
    state = ready(ANN19_HANDS)
    script(state, "B: count 8, call T20, pass | C: pass | D: kontra game, pass | A: pass")
    refuse(state, "B", ann("count 8"), "HU-ANN-8")
    finish(state)
    assert count_deltas(state) == [-1, 3, -1, -1]


CALL5_HANDS = {"A": "T22 T2 T3 T4 T5", "B": "T21 T6 T7 T8 T13", "C": "T12 T14 T15 T16 T17",
               "D": "T1 T9 T10 T11 T18 T19 T20"}


@pytest.mark.parametrize("states_reason", [True, False])
def test_HU_T_ANN_20_discarder_reveals_lone_declarer(states_reason: bool) -> None:
    """HU-T-ANN-20, HU-CALL-6 option ``called_card_discarder_states_reason``, HU-ANN-12
    deduction 2, HU-ANN-13."""
    options = {"called_card_discarder_states_reason": states_reason}
    state = ready(CALL5_HANDS, A_HAROM, options=options, discards={"C": "T12"})
    script(state, "A: call T12, pass | B: pass | C: kontra game, pass | D: pass"
                  "| A: announce ultimo, pass")
    if states_reason:
        assert sides(state) == "dooo"
        script(state, "B: announce trull, pass")
        assert items(state) == {"game": 1, "d.ultimo": 0, "o.trull": 0}
        return
    assert sides(state) == "d?o?" and state.ann.presumed_side() == "d"
    refuse(state, "B", ann("announce trull"), "HU-ANN-13")
    script(state, "B: kontra d.ultimo, announce trull, pass")
    assert items(state) == {"game": 1, "d.ultimo": 1, "o.trull": 0}


# -- §15.8 / §15.9 announcement options (HU-T-OPT-*) ---------------------------------------------

LADDER_HANDS = {"A": "T22 T2 T3 T4 T5", "B": "T21 T6 T7 T8 T9", "C": "T1 T10 T11 T12 T13",
                "D": "T20 T14 T15 T16 T17 T18 T19"}
LADDER_AUCTION = "A harom, B ketto, C passz, D passz, A tartom, B egy, A passz"


def ladder(top: int) -> tuple[HungarianState, list[int]]:
    """Egy (G = 3), B declarer, D partner; the game is raised by C, B, A, D, C, B in turn for as
    long as ``max_kontra_level`` = ``top`` allows; returns the state and the game values."""
    state = ready(LADDER_HANDS, LADDER_AUCTION, options={"max_kontra_level": top})
    script(state, "B: call T20, pass")
    values = [3]
    for turn in ("C: kontra game, pass | D: pass | A: pass",
                 "B: kontra game, pass | C: pass | D: pass",
                 "A: kontra game, pass | B: pass | C: pass",
                 "D: kontra game, pass | A: pass | B: pass",
                 "C: kontra game, pass | D: pass | A: pass",
                 "B: kontra game, pass")[:top]:
        script(state, turn)
        values.append(state.level * 2 ** state.ann.klevel[GAME])
    return state, values


def test_HU_T_OPT_27_sixth_kontra_level() -> None:
    """HU-T-OPT-27, HU-ANN-10: under `max_kontra_level` = 6 B's Fedák Sári doubles once more;
    a seventh raise is illegal."""
    state, values = ladder(6)
    assert values == [3, 6, 12, 24, 48, 96, 192]
    refuse(state, "C", ann("kontra game"), "HU-ANN-10")


@pytest.mark.parametrize("top", [3, 4])
def test_HU_T_OPT_37_lower_kontra_limits(top: int) -> None:
    """HU-T-OPT-37: the ladder stops at hirskontra (4, game 48) or szubkontra (3, game 24)."""
    state, values = ladder(top)
    assert values == [3, 6, 12, 24, 48][:top + 1]
    refuse(state, {3: "D", 4: "C"}[top], ann("kontra game"), "HU-ANN-10")


def test_HU_T_OPT_37_limit_binds_announced_bonuses() -> None:
    """HU-T-OPT-37: under 4 an announced trull ends at 2 × 16 = 32."""
    state = ready(b_hands("D"), options={"max_kontra_level": 4})
    script(state, "B: call T20, announce trull, pass | C: kontra d.trull, pass | "
                  "D: kontra d.trull, pass | A: kontra d.trull, pass | B: kontra d.trull, pass")
    assert items(state)["d.trull"] == 4
    refuse(state, "C", ann("kontra d.trull"), "HU-ANN-10")


def test_HU_T_OPT_28_level_six_belongs_to_the_owner() -> None:
    """HU-T-OPT-28, HU-ANN-11: d.trull at mordkontra (said by o): A may not raise it; D may,
    and a made trull then pays 2 × 64."""
    state = ready(b_hands("D"), options={"max_kontra_level": 6})
    script(state, "B: call T20, announce trull, pass | C: kontra d.trull, pass | "
                  "D: kontra d.trull, pass | A: kontra d.trull, pass | B: kontra d.trull, pass | "
                  "C: kontra d.trull, pass")
    assert items(state)["d.trull"] == 5
    trial = state.clone()
    script(trial, "D: pass")
    refuse(trial, "A", ann("kontra d.trull"), "HU-ANN-11")
    act(state, "D", ann("kontra d.trull"))
    assert items(state)["d.trull"] == 6
    outcome = replace(state.deal_outcome(), kontra={GAME: 0, ("d", "trull"): 6})
    assert announced_k(outcome, "d", "trull") == 64


def test_HU_T_OPT_23_nothing_of_the_kind_after_volat() -> None:
    """HU-T-OPT-23, HU-ANN-7: after B's volát D may announce neither trull, four kings nor
    double; kontra on d.volat and o's own trull stay legal."""
    opt = {"after_volat_forbidden": "double_trull_kings"}
    state = ready(b_hands("D"), options=opt)
    script(state, "B: call T20, announce volat, pass | C: pass")
    for bonus in ("trull", "four_kings", "double"):
        refuse(state, "D", ann(f"announce {bonus}"), "HU-ANN-7")
    script(state, "D: pass | A: kontra d.volat, announce trull, pass")
    default = ready(b_hands("D"))
    script(default, "B: call T20, announce volat, pass | C: pass")
    refuse(default, "D", ann("announce double"), "HU-ANN-7")
    script(default, "D: announce trull, announce four_kings, pass")


def test_HU_T_OPT_24_trull_before_volat_in_one_turn() -> None:
    """HU-T-OPT-24: (a) trull then volát is legal, (b) volát then four kings is not."""
    opt = {"after_volat_forbidden": "double_trull_kings"}
    state = ready(b_hands("D"), options=opt)
    script(state, "B: call T20, announce trull, announce volat, pass")
    state = ready(b_hands("D"), options=opt)
    script(state, "B: call T20, announce volat")
    refuse(state, "B", ann("announce four_kings"), "HU-ANN-7")
    state = ready(b_hands("D"))
    script(state, "B: call T20, announce volat, announce four_kings, pass")


OPT48_HANDS = {"B": "T22 T1 T13 T14", "C": "T21 T15 T16", "A": "T17 T18 T19 T2 T3 T4",
               "D": "T20 T5 T6 T7 T8 T9 T10 T11 T12"}
CARD_HOLDER = {"count_duty": "card_holder"}


def test_HU_T_OPT_48_no_count_for_an_ultimo_a_teammate_holds() -> None:
    """HU-T-OPT-48, HU-ANN-9: D (9 tarokks) announces ultimo while his declarer B holds T1:
    (a) legal under card_holder, illegal by default; (b) a kontra on o's ultimo still needs
    the count; (c) so does every announcement under the Pais rules."""
    state = ready(OPT48_HANDS, options=CARD_HOLDER)
    script(state, "B: call T20, pass | C: pass")
    trial = state.clone()
    script(trial, "D: announce ultimo, pass")
    default = ready(OPT48_HANDS)
    script(default, "B: call T20, pass | C: pass")
    refuse(default, "D", ann("announce ultimo"), "HU-ANN-9")
    script(default, "D: count 9, announce ultimo, pass")
    for options in (CARD_HOLDER, {}):
        state = ready(OPT48_HANDS, options=options)
        script(state, "B: call T20, pass | C: kontra game, announce ultimo, pass")
        refuse(state, "D", ann("kontra o.ultimo"), "HU-ANN-9")
        script(state, "D: count 9, kontra o.ultimo, pass")
        pais = ready(OPT48_HANDS, options={**options, "pajesz_tarokk_count_rules": True})
        script(pais, "B: call T20, pass | C: pass | D: announce ultimo")
        refuse(pais, "D", ann("pass"), "HU-ANN-14")
        script(pais, "D: count 9, pass")


ITVB_TRULL = {"trull_conventions": "itvb"}
TWO_BIDDERS = "A harom, B ketto, C passz, D passz, A tartom, B egy, A passz"
THREE_BIDDERS = "A harom, B ketto, C egy, D passz, A passz, B tartom, C passz"


@pytest.mark.parametrize(("hands", "auction", "legal"), [
    ({"A": "T21", "B": "T22", "C": "T1", "D": "T20"}, TWO_BIDDERS, False),
    ({"A": "T21", "B": "T22", "C": "T1", "D": "T20"}, THREE_BIDDERS, True),
    ({"A": "T22", "B": "T21", "C": "T1", "D": "T20"}, THREE_BIDDERS, False),
    ({"A": "T20 T21", "B": "T22", "C": "T1"}, "A harom, B ketto, C passz, D passz, A passz",
     True)])
def test_HU_T_OPT_49_trull_conventions(hands: dict[str, str], auction: str,
                                       legal: bool) -> None:
    """HU-T-OPT-49, HU-ANN-16 (a)-(d): B's first-turn trull holding one great honour: two
    bidders need both, three bidders the skíz, a yielded game only item 1. All legal by
    default."""
    for options, ok in ((ITVB_TRULL, legal), ({}, True)):
        state = start(hands, auction, options=options)
        assert state.declarer == SEAT["B"]
        exchange(state)
        act(state, "B", ann("call T20"))
        if ok:
            script(state, "B: announce trull, pass")
        else:
            refuse(state, "B", ann("announce trull"), "HU-ANN-16")


def test_HU_T_OPT_49_partner_without_great_honour() -> None:
    """HU-T-OPT-49 (e): D, the partner, holds neither T21 nor T22: no trull in a later turn."""
    state = ready(b_hands("D"), options=ITVB_TRULL)
    script(state, "B: call T20, pass | C: pass")
    refuse(state, "D", ann("announce trull"), "HU-ANN-16")
    state = ready(b_hands("D"))
    script(state, "B: call T20, pass | C: pass | D: announce trull, pass")


def test_HU_T_OPT_35_explicit_limit_under_the_online_app_preset() -> None:
    """HU-T-OPT-35: `house_rules` = online_app with `max_kontra_level` = 5 stops the ladder at
    mordkontra; the preset alone allows the sixth level (HU-T-OPT-27)."""
    for top, options in ((5, {"house_rules": "online_app", "max_kontra_level": 5}),
                         (6, {"house_rules": "online_app"})):
        state = ready(LADDER_HANDS, LADDER_AUCTION, options=options)
        script(state, "B: call T20, pass")
        for turn in ("C: kontra game, pass | D: pass | A: pass",
                     "B: kontra game, pass | C: pass | D: pass",
                     "A: kontra game, pass | B: pass | C: pass",
                     "D: kontra game, pass | A: pass | B: pass",
                     "C: kontra game, pass | D: pass | A: pass"):
            script(state, turn)
        if top == 5:
            refuse(state, "B", ann("kontra game"), "HU-ANN-10")
        else:
            act(state, "B", ann("kontra game"))
            assert state.ann.klevel[GAME] == 6
