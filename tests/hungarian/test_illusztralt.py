"""Illusztrált tarokk (`variant` = illusztralt): the test cases HI-T-* of the rules guide.

Conventions of the Illusztrált tests: B is declarer at három and calls T20, held by his partner D;
d = {B, D}, o = {A, C}. Bonus conditions are judged on hand-built tricks: the tricks a test does
not give are won by d with plain cards, and a value is the contribution of its item to the value
for d.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest
from builders import SEAT, act, ann, exchange, new_state, refuse, script, start

from tarock.core.tricks import Trick
from tarock.hungarian.cards import DECK
from tarock.hungarian.illusztralt import failed_after
from tarock.hungarian.options import HungarianOptions
from tarock.hungarian.outcome import DealOutcome
from tarock.hungarian.play import bound_legal_cards, legal_cards
from tarock.hungarian.scoring import Settlement, card_points, score_deal

A, B, C, D = 0, 1, 2, 3
HI = {"variant": "illusztralt"}
FILLER = ("HA", "DA", "C10", "S10")


def trick(spec: str, winner: str) -> Trick:
    """``"D:T20 A:T3 B:HQ C:T2"`` in playing order, won by ``winner``."""
    plays = [p.split(":") for p in spec.split()]
    return Trick(tuple(DECK.index(c) for _, c in plays), tuple(SEAT[s] for s, _ in plays),
                 SEAT[winner])


def outcome(tricks: Mapping[int, tuple[str, str]], kontra: str = "",
            options: Mapping[str, Any] | None = None, lost: str = "", level: int = 1,
            discards: str = "", alone: bool = False) -> DealOutcome:
    """Nine tricks: the given ones, the others won by B with plain cards (4 points each; by A
    for the trick numbers in ``lost``); ``kontra`` as ``"d.centrum o.ultimo=1"``; ``discards``
    are B's own discards, to set d's card points."""
    played = []
    for k in range(1, 10):
        if k in tricks:
            played.append(trick(*tricks[k]))
        else:
            leader = "A" if str(k) in lost.split() else "B"
            played.append(Trick(tuple(DECK.index(c) for c in FILLER), (A, B, C, D), SEAT[leader]))
    levels = {("d", "game"): 0}
    for token in kontra.split():
        name, _, k = token.partition("=")
        team, _, bonus = name.partition(".")
        levels[(team, bonus)] = int(k or 0)
    return DealOutcome(options=HungarianOptions.make({**HI, **(options or {})}), level=level,
                       multiplier=1, seats=4, dealer=D, active=(A, B, C, D), declarer=B,
                       partner=None if alone else D, tricks=tuple(played), kontra=levels,
                       declarer_discards=DECK.mask(discards.split()) if discards else 0)


def part(result: Settlement, *names: str) -> int:
    return sum(i["points"] * (1 if i["team"] == "declarer" else -1)
               for i in result.items if "team" in i and i["item"] in names)


def value_of(item: str, tricks: Mapping[int, tuple[str, str]], kontra: str = "",
             options: Mapping[str, Any] | None = None, lost: str = "") -> int:
    return part(score_deal(outcome(tricks, kontra, options, lost)), item)


CENTRUM5 = {5: ("D:T20 A:T3 B:HQ C:T4", "D")}


# -- §8.1 bonus conditions ---------------------------------------------------------------------


def test_HI_T_BON_1_centrum_made() -> None:
    assert value_of("centrum", CENTRUM5, "d.centrum") == 10


def test_HI_T_BON_2_centrum_lost_in_a_sweep_trick() -> None:
    assert value_of("centrum", CENTRUM5, "d.centrum", lost="3") == -10


def test_HI_T_BON_3_t20_must_win_trick_5_itself() -> None:
    tricks = {5: ("D:T20 A:T3 B:T22 C:T4", "B")}
    assert value_of("centrum", tricks, "d.centrum") == -10


def test_HI_T_BON_4_t20_played_early() -> None:
    tricks = {4: ("D:T20 A:T3 B:HQ C:T4", "D"), 5: ("B:T19 C:T5 D:HK A:T6", "B")}
    assert value_of("centrum", tricks, "d.centrum") == -10


def test_HI_T_BON_5_kismadar_alone() -> None:
    tricks = {5: ("B:T16 C:T5 D:HQ A:T6", "B"), 6: ("D:T21 A:T3 B:HN C:T4", "D")}
    assert value_of("kismadar", tricks, "d.kismadar") == 10


def test_HI_T_BON_6_kismadar_meets_the_skiz() -> None:
    """The failed kismadár and o's silent XXI catch; D's XXI is caught."""
    tricks = {6: ("D:T21 A:T3 B:HN C:T22", "C")}
    result = score_deal(outcome(tricks, "d.kismadar"))
    assert part(result, "kismadar", "xxi_catch") == -31
    assert result.caught_xxi_holder == D


def test_HI_T_BON_7_nagymadar_made() -> None:
    assert value_of("nagymadar", {7: ("B:T22 C:T5 D:HQ A:T6", "B")}, "d.nagymadar") == 10


def test_HI_T_BON_8_t22_played_early() -> None:
    tricks = {6: ("B:T22 C:T5 D:HQ A:T6", "B"), 7: ("D:T20 A:T3 B:HN C:T4", "D")}
    assert value_of("nagymadar", tricks, "d.nagymadar") == -10


def test_HI_T_BON_9_centrum_and_both_birds() -> None:
    tricks = {**CENTRUM5, 6: ("D:T21 A:T5 B:HN C:T6", "D"), 7: ("B:T22 C:T7 D:DQ A:T8", "B")}
    kontra = "d.centrum d.kismadar d.nagymadar"
    assert value_of("centrum", tricks, kontra) + value_of("kismadar", tricks, kontra) \
        + value_of("nagymadar", tricks, kontra) == 30


@pytest.mark.parametrize(("uhu", "expected"), [(15, 15), (20, 20)])
def test_HI_T_BON_10_pagat_uhu_made(uhu: int, expected: int) -> None:
    tricks = {8: ("D:T1 A:HA B:HQ C:HN", "D")}
    assert value_of("pagat_uhu", tricks, "d.pagat_uhu", {"uhu_value": uhu}) == expected


def test_HI_T_BON_11_pagat_uhu_beaten_by_the_sas() -> None:
    result = score_deal(outcome({8: ("D:T1 A:T2 B:HQ C:HN", "A")}, "d.pagat_uhu"))
    assert part(result, "pagat_uhu") == -15 and part(result, "ultimo") == 0


def test_HI_T_BON_12_pagat_uhu_must_win_itself() -> None:
    assert value_of("pagat_uhu", {8: ("D:T1 A:HA B:T5 C:HN", "B")}, "d.pagat_uhu") == -15


def test_HI_T_BON_13_kiraly_ultimo_made() -> None:
    tricks = {9: ("D:HK A:DA B:C10 C:S10", "D")}
    assert value_of("kiraly_ultimo:H", tricks, "d.kiraly_ultimo:H") == 15


def test_HI_T_BON_14_kiraly_ultimo_trumped() -> None:
    tricks = {9: ("D:HK A:T3 B:C10 C:S10", "A")}
    assert value_of("kiraly_ultimo:H", tricks, "d.kiraly_ultimo:H") == -15


def test_HI_T_BON_15_another_king_in_trick_9() -> None:
    tricks = {6: ("D:HK A:HA B:HQ C:HN", "D"), 9: ("D:SK A:DA B:C10 C:S10", "D")}
    result = score_deal(outcome(tricks, "d.kiraly_ultimo:H"))
    assert part(result, "kiraly_ultimo:H") == -15 and part(result, "kiraly_ultimo:S") == 0


@pytest.mark.parametrize(("value", "expected"), [(20, 20), (15, 15)])
def test_HI_T_BON_16_kiraly_uhu(value: int, expected: int) -> None:
    tricks = {8: ("B:CK C:HA D:DA A:S10", "B")}
    assert value_of("kiraly_uhu:C", tricks, "d.kiraly_uhu:C",
                    {"kiraly_uhu_value": value}) == expected


@pytest.mark.parametrize(("sas", "expected"), [("on", 5), ("off", 0)])
def test_HI_T_BON_17_silent_sas_ultimo(sas: str, expected: int) -> None:
    tricks = {9: ("B:T2 C:HA D:DA A:S10", "B")}
    assert value_of("sas_ultimo", tricks, options={"sas_bonuses": sas}) == expected


@pytest.mark.parametrize(("sas", "expected"), [("on", 5), ("off", 0)])
def test_HI_T_BON_18_silent_sas_failure(sas: str, expected: int) -> None:
    tricks = {9: ("C:T2 D:HA A:DA B:T9", "B")}
    assert value_of("sas_ultimo", tricks, options={"sas_bonuses": sas}) == expected


def test_HI_T_BON_19_sas_uhu_made() -> None:
    assert value_of("sas_uhu", {8: ("B:T2 C:HA D:DA A:S10", "B")}, "d.sas_uhu") == 15


def test_HI_T_BON_20_no_silent_credit() -> None:
    for tricks in (CENTRUM5, {8: ("A:T1 B:HA C:DA D:S10", "A")},
                   {8: ("A:T1 B:T5 C:DA D:S10", "B")}):
        result = score_deal(outcome(tricks))
        assert part(result, "centrum", "kismadar", "nagymadar", "pagat_uhu", "sas_uhu") == 0


@pytest.mark.parametrize(("sas", "expected"), [("on", 0), ("off", -5)])
def test_HI_T_BON_21_silent_ultimo_failure_and_silent_sas(sas: str, expected: int) -> None:
    tricks = {9: ("D:T1 A:HA B:T2 C:DA", "B")}
    assert value_of("ultimo", tricks, options={"sas_bonuses": sas}) \
        + value_of("sas_ultimo", tricks, options={"sas_bonuses": sas}) == expected


def test_HI_T_BON_22_opponents_centrum() -> None:
    tricks = {5: ("A:T20 B:T3 C:HQ D:T4", "A")}
    assert value_of("centrum", tricks, "o.centrum", lost="1 2 3 4") == -10


# -- §8.2 bidding ------------------------------------------------------------------------------


def legal_bids(state: Any) -> set[str]:
    return {a["bid"] for a in (state.game.action_to_json(x) for x in state.legal_actions())}


def test_HI_T_BID_1_no_pagat_only_cue_bid() -> None:
    """HI-BID-1: B's only honour is T1: his cue bids are illegal, kettő is legal."""
    hands = {"A": "T22 T21 T2 T3 T4 T5", "B": "T1 T19 T18 T6 T7", "C": "T8 T9 T10 T11 T12 T13",
             "D": "T14 T15 T16 T17 T20"}
    state = start(hands, "A harom", options=HI)
    assert legal_bids(state) == {"ketto", "passz"}
    refuse(state, "B", {"type": "bid", "bid": "egy"}, "HU-BID-12")
    base = start(hands, "A harom")
    assert {"egy", "szolo"} <= legal_bids(base)


def test_HI_T_BID_2_pagat_only_player_accepts_a_cue_bid() -> None:
    """HI-BID-1: C (only the pagát) holds B's cue bid; C declares at egy and must call T19."""
    hands = {"A": "T22 T2 T3 T4 T5", "B": "T19 T21 T6 T7 T8", "C": "T1 T9 T10 T11 T12",
             "D": "T13 T14 T15 T16 T17 T18 T20"}
    state = start(hands, "A passz, B harom, C ketto, D passz, B egy, C tartom, B passz",
                  options=HI)
    assert state.declarer == SEAT["C"] and state.level == 3
    exchange(state)
    assert {DECK.code(a.arg) for a in state.legal_actions() if a.kind == "call"} == {"T19"}


@pytest.mark.parametrize(("tarokks", "options", "legal"), [
    ("T19 T21 T2 T3", {"cue_bid_min_tarokks": 5}, False),
    ("T19 T21 T2 T3 T4", {"cue_bid_min_tarokks": 5}, True),
    ("T19 T21 T2 T3", {}, True)])
def test_HI_T_BID_3_cue_bid_needs_five_tarokks(tarokks: str, options: dict[str, Any],
                                               legal: bool) -> None:
    rest = [f"T{n}" for n in range(2, 19) if f"T{n}" not in tarokks.split()]
    hands = {"A": "T22 " + " ".join(rest[:5]), "B": " ".join(rest[5:9]),
             "C": "T1 T20 " + " ".join(rest[9:]), "D": tarokks}
    state = start(hands, "A harom, B passz, C passz", options={**HI, **options})
    assert ("egy" in legal_bids(state)) is legal


# -- §8.3 announcements ------------------------------------------------------------------------

HANDS = {"B": "T22 T2 T3 T4 T5", "C": "T21 T6 T7 T8 T13", "D": "T1 T9 T10 T11 T12 T20",
         "A": "T14 T15 T16 T17 T18 T19"}


def ready(options: Mapping[str, Any] | None = None, hands: Mapping[str, str] = HANDS,
          discards: dict[str, str] | None = None) -> Any:
    state = start(dict(hands), "A passz, B harom, C passz, D passz",
                  options={**HI, **(options or {})})
    exchange(state, discards)
    return state


def test_HI_T_ANN_1_five_items_of_different_tricks() -> None:
    state = ready()
    script(state, "B: call T20, announce centrum, announce kismadar, announce nagymadar, "
                  "announce ultimo, announce kiraly_uhu:C, pass")
    assert state.ann.announced["d"] == {"centrum", "kismadar", "nagymadar", "ultimo",
                                        "kiraly_uhu:C"}


@pytest.mark.parametrize("one_per_trick", [True, False])
def test_HI_T_ANN_2_one_bonus_per_trick(one_per_trick: bool) -> None:
    state = ready({"one_bonus_per_trick": one_per_trick})
    script(state, "B: call T20, announce ultimo, pass | C: pass")
    if one_per_trick:
        refuse(state, "D", ann("announce kiraly_ultimo:S"), "HI-ANN-2")
        script(state, "D: announce kiraly_uhu:S, pass")
    else:
        trial = state.clone()
        script(trial, "D: announce kiraly_uhu:S, pass")
        script(state, "D: announce kiraly_ultimo:S, pass")


@pytest.mark.parametrize("rule", ["forbidden", "partner_upgrade"])
def test_HI_T_ANN_3_ultimo_and_uhu_of_one_card(rule: str) -> None:
    state = ready({"ulti_uhu_same_card": rule})
    script(state, "B: call T20, announce ultimo")
    refuse(state, "B", ann("announce pagat_uhu"), "HI-ANN-3")
    script(state, "B: pass | C: kontra d.ultimo, pass")
    if rule == "forbidden":
        refuse(state, "D", ann("announce pagat_uhu"), "HI-ANN-3")
        return
    script(state, "D: kontra d.ultimo, announce pagat_uhu, pass")
    assert "ultimo" not in state.ann.announced["d"] and ("d", "ultimo") not in state.ann.klevel
    assert state.ann.klevel[("d", "pagat_uhu")] == 0


@pytest.mark.parametrize("rule", ["forbidden", "partner_upgrade"])
def test_HI_T_ANN_4_no_ultimo_after_the_uhu(rule: str) -> None:
    state = ready({"ulti_uhu_same_card": rule})
    script(state, "B: call T20, announce pagat_uhu, pass | C: pass")
    refuse(state, "D", ann("announce ultimo"), "HI-ANN-3")


def test_HI_T_ANN_5_kiraly_items_of_one_king() -> None:
    state = ready()
    script(state, "B: call T20, announce kiraly_ultimo:H, pass | C: pass")
    refuse(state, "D", ann("announce kiraly_uhu:H"), "HI-ANN-3")
    script(state, "D: announce kiraly_uhu:D, pass")


def test_HI_T_ANN_6_one_bonus_per_trick_is_per_team() -> None:
    state = ready()
    script(state, "B: call T20, announce ultimo, pass | C: pass | D: pass")
    script(state, "A: kontra game, announce kiraly_ultimo:D, pass")


EIGHT = {"B": "T22 T2 T3 T4 T5", "C": "T21 T6 T7 T8", "D": "T1 T9 T10 T11 T12 T20 T13 T14",
         "A": "T15 T16 T17 T18 T19"}


def test_HI_T_ANN_7_count_with_pagat_and_sas_items() -> None:
    state = ready(hands=EIGHT)
    script(state, "B: call T20, pass | C: pass")
    refuse(state, "D", ann("announce pagat_uhu"), "HU-ANN-9")
    script(state, "D: count 8, announce pagat_uhu, pass")
    state = ready(hands=EIGHT)
    script(state, "B: call T20, pass | C: kontra game, announce sas_ultimo, pass")
    refuse(state, "D", ann("kontra o.sas_ultimo"), "HU-ANN-9")


@pytest.mark.parametrize("items", ["pagat_sas", "pagat_sas_kiraly"])
def test_HI_T_ANN_8_kiraly_items_as_count_items(items: str) -> None:
    state = ready({"count_required_items": items}, hands=EIGHT)
    script(state, "B: call T20, pass | C: pass")
    if items == "pagat_sas":
        script(state, "D: announce kiraly_ultimo:C, pass")
    else:
        refuse(state, "D", ann("announce kiraly_ultimo:C"), "HU-ANN-9")


NINE = {"D": "T9 T10 T11 T12 T13 T14 T15 T16 T20", "B": "T22 T1 T2 T3", "C": "T21 T4 T5 T6",
        "A": "T7 T8 T17 T18 T19"}


@pytest.mark.parametrize("duty", ["announcer", "card_holder"])
def test_HI_T_ANN_9_count_duty_of_the_card_holder(duty: str) -> None:
    state = ready({"count_duty": duty}, hands=NINE)
    script(state, "B: call T20, pass | C: pass")
    if duty == "announcer":
        refuse(state, "D", ann("announce pagat_uhu"), "HU-ANN-9")
    else:
        script(state, "D: announce pagat_uhu, pass")
    state = ready({"count_duty": duty}, hands=NINE)
    script(state, "B: call T20, pass | C: kontra game, announce pagat_uhu, pass")
    refuse(state, "D", ann("kontra o.pagat_uhu"), "HU-ANN-9")


@pytest.mark.parametrize("rule", ["itvb", "none"])
def test_HI_T_ANN_10_centrum_presumed_for_d(rule: str) -> None:
    state = ready({"bird_attribution": rule})
    script(state, "B: call T20, pass | C: kontra game, pass")
    if rule == "itvb":
        script(state, "D: announce centrum, pass")
        assert state.ann.public_side[SEAT["D"]] == "d" and state.ann.public_side[SEAT["A"]] == "o"
        return
    refuse(state, "D", ann("announce centrum"), "HU-ANN-13")
    script(state, "D: kontra game, announce centrum, pass")


@pytest.mark.parametrize(("rule", "trull", "legal"), [
    ("itvb", True, True), ("bte", True, False), ("none", True, False), ("itvb", False, False)])
def test_HI_T_ANN_11_birds_presumed_after_the_declarers_trull(rule: str, trull: bool,
                                                             legal: bool) -> None:
    state = ready({"bird_attribution": rule})
    script(state, "B: call T20" + (", announce trull" if trull else "") + ", pass | "
                  "C: kontra game, pass")
    if legal:
        script(state, "D: announce kismadar, pass")
    else:
        refuse(state, "D", ann("announce kismadar"), "HU-ANN-13")


def test_HI_T_ANN_12_opponents_centrum_needs_a_kontra_first() -> None:
    hands = {"B": "T22 T2 T3 T4 T5", "C": "T21 T6 T7 T8 T13", "D": "T1 T9 T10 T11 T12 T15",
             "A": "T20 T14 T16 T17 T18 T19"}
    state = ready(hands=hands, discards={"C": "T6"})
    script(state, "B: call T15, pass | C: pass | D: pass")
    refuse(state, "A", ann("announce centrum"), "HU-ANN-13")
    script(state, "A: kontra game, announce centrum, pass")
    assert "centrum" in state.ann.announced["o"]


@pytest.mark.parametrize("rule", ["double", "double_trull_kings"])
def test_HI_T_ANN_13_new_bonuses_after_volat(rule: str) -> None:
    state = ready({"after_volat_forbidden": rule})
    script(state, "B: call T20, announce volat, pass | C: pass")
    refuse(state, "D", ann("announce double"), "HU-ANN-7")
    if rule == "double":
        script(state, "D: announce trull, announce four_kings, announce centrum, pass")
    else:
        refuse(state, "D", ann("announce trull"), "HU-ANN-7")
        refuse(state, "D", ann("announce four_kings"), "HU-ANN-7")
        script(state, "D: announce centrum, pass")


@pytest.mark.parametrize("top", [4, 5, 6])
def test_HI_T_ANN_14_kontra_ladder_of_a_new_bonus(top: int) -> None:
    state = ready({"max_kontra_level": top})
    script(state, "B: call T20, announce centrum, pass")
    values = []
    for turn in ("C: kontra d.centrum, pass | D: pass | A: pass",
                 "B: kontra d.centrum, pass | C: pass | D: pass",
                 "A: kontra d.centrum, pass | B: pass | C: pass",
                 "D: kontra d.centrum, pass | A: pass | B: pass"):
        script(state, turn)
        values.append(10 * 2 ** state.ann.klevel[("d", "centrum")])
    if top == 4:
        refuse(state, "C", ann("kontra d.centrum"), "HU-ANN-10")
        return
    script(state, "C: kontra d.centrum, pass")
    values.append(10 * 2 ** state.ann.klevel[("d", "centrum")])
    assert values == [20, 40, 80, 160, 320]
    script(state, "D: pass | A: pass")
    if top == 6:
        act(state, "B", ann("kontra d.centrum"))
        assert 10 * 2 ** state.ann.klevel[("d", "centrum")] == 640
    else:
        refuse(state, "B", ann("kontra d.centrum"), "HU-ANN-10")


def test_HI_T_ANN_16_partners_trull_after_the_declarers_bird() -> None:
    opt = {"trull_conventions": "itvb"}
    state = ready(opt)
    script(state, "B: call T20, pass | C: pass")
    refuse(state, "D", ann("announce trull"), "HU-ANN-16")
    state = ready(opt)
    script(state, "B: call T20, announce centrum, pass | C: pass | D: announce trull, pass")
    state = ready(opt)
    script(state, "B: call T20, announce centrum, pass | C: pass | D: pass")
    act(state, "A", ann("kontra game"))
    refuse(state, "A", ann("announce trull"), "HU-ANN-16")
    state = ready()
    script(state, "B: call T20, pass | C: pass | D: announce trull, pass")


def test_HI_T_ANN_17_no_repeated_announcement() -> None:
    state = ready()
    script(state, "B: call T20, announce centrum, pass | C: pass")
    refuse(state, "D", ann("announce centrum"), "HU-ANN-6")


def test_HI_T_ANN_18_no_sas_items_when_off() -> None:
    state = ready({"sas_bonuses": "off"})
    act(state, "B", ann("call T20"))
    refuse(state, "B", ann("announce sas_ultimo"), "HI-ANN-1")


# -- §8.4 play: bound cards --------------------------------------------------------------------


def legal_now(hand: str, led: str | None, bound: Mapping[str, int], trick_no: int) -> set[str]:
    """HI-PLAY-7 on a hand: HU-PLAY-2, then the bound cards (card -> target trick)."""
    base = legal_cards(DECK.mask(hand.split()), DECK.index(led) if led else None, False)
    return set(DECK.codes(bound_legal_cards(base, {DECK.index(c): k for c, k in bound.items()},
                                            trick_no)))


def test_HI_T_PLAY_1_bound_card_kept_back() -> None:
    assert legal_now("T20 T8 HK HQ", "T4", {"T20": 5}, 2) == {"T8"}


def test_HI_T_PLAY_2_only_the_bound_card_is_legal() -> None:
    assert legal_now("T20 HK HQ HA", "T4", {"T20": 5}, 2) == {"T20"}


def test_HI_T_PLAY_3_bound_card_due_in_its_trick() -> None:
    assert legal_now("T20 T19 SK", "T22", {"T20": 5}, 5) == {"T20"}


def test_HI_T_PLAY_4_earliest_target_first() -> None:
    assert legal_now("T20 T21 HK HQ", "T6", {"T20": 5, "T21": 6}, 3) == {"T20"}


def test_HI_T_PLAY_7_pagat_uhu_played_and_lost() -> None:
    assert legal_now("T1 T10", "T2", {"T1": 8}, 8) == {"T1"}


def test_HI_T_PLAY_8_king_forced_early() -> None:
    assert legal_now("HK HA T5", "HQ", {"HK": 9}, 7) == {"HA"}
    assert legal_now("HK T5", "HN", {"HK": 9}, 8) == {"HK"}


def test_HI_T_PLAY_11_king_due_on_lead() -> None:
    assert legal_now("CK T7", None, {"CK": 8}, 8) == {"CK"}


def test_HI_T_PLAY_12_two_bound_cards() -> None:
    assert legal_now("T1 HK HQ", "HA", {"T1": 9, "HK": 8}, 7) == {"HQ"}
    assert legal_now("T1 HK", None, {"T1": 9, "HK": 8}, 8) == {"HK"}


def test_HI_T_PLAY_13_uhu_card_cannot_follow() -> None:
    assert legal_now("T1 HA", "HQ", {"T1": 8}, 8) == {"HA"}


PLAY_HANDS = {"B": "T22 T2 T3 T4 T5 HK", "C": "T21 T6 T7 T8 T13", "D": "T1 T9 T10 T11 T12 T20",
              "A": "T14 T15 T16 T17 T18 T19"}


def test_HI_T_PLAY_9_the_partner_is_bound() -> None:
    """HI-PLAY-5: B's pagát uhu binds D's T1; the engine's bound cards of D."""
    state = ready(hands=PLAY_HANDS)
    script(state, "B: call T20, announce pagat_uhu, pass | C: pass | D: pass | A: pass")
    assert state.phase == "play"
    assert state._bound_cards(SEAT["D"]) == {DECK.index("T1"): 8}
    assert state._bound_cards(SEAT["A"]) == {}
    for lab, card in (("A", "T14"), ("B", "T2"), ("C", "T6")):
        act(state, lab, {"type": "play", "card": card})
    refuse(state, "D", {"type": "play", "card": "T1"}, "HI-PLAY-2")  # it follows, but waits


def test_HI_T_PLAY_10_the_other_team_is_never_bound() -> None:
    state = ready(hands={**PLAY_HANDS, "B": "T22 T2 T3 T4 T5", "A": "SK T14 T15 T16 T17 T18 T19"})
    script(state, "B: call T20, announce kiraly_ultimo:S, pass | C: pass | D: pass | A: pass")
    assert state._bound_cards(SEAT["A"]) == {}
    assert "SK" in {DECK.code(a.arg) for a in state.legal_actions()}


@pytest.mark.parametrize("rule", ["forbidden", "partner_upgrade"])
def test_HI_T_PLAY_14_upgraded_uhu_binds_to_trick_8(rule: str) -> None:
    state = ready({"ulti_uhu_same_card": "partner_upgrade"}, hands=PLAY_HANDS)
    script(state, "B: call T20, announce ultimo, pass | C: pass | "
                  "D: announce pagat_uhu, pass | A: pass | B: pass | C: pass")
    assert state._bound_cards(SEAT["D"]) == {DECK.index("T1"): 8}


@pytest.mark.parametrize("keeps", [True, False])
def test_HI_T_PLAY_15_uhu_binds_whatever_ultimo_keeps_pagat(keeps: bool) -> None:
    for bonus, bound in (("ultimo", keeps), ("pagat_uhu", True)):
        state = ready({"ultimo_keeps_pagat": keeps}, hands=PLAY_HANDS)
        script(state, f"B: call T20, announce {bonus}, pass | C: pass | D: pass | A: pass")
        assert (DECK.index("T1") in state._bound_cards(SEAT["D"])) is bound


# -- §8.5 scoring ------------------------------------------------------------------------------


def test_HI_T_SCORE_5_kontrad_pagat_uhu() -> None:
    tricks = {8: ("D:T1 A:HA B:HQ C:HN", "D")}
    assert value_of("pagat_uhu", tricks, "d.pagat_uhu=1") == 30
    assert value_of("pagat_uhu", tricks, "d.pagat_uhu=1", {"uhu_value": 20}) == 40


def test_HI_T_SCORE_6_silent_ultimo_beside_a_failed_uhu() -> None:
    result = score_deal(outcome({8: ("A:HQ B:HN D:HA C:HJ", "A"),
                                 9: ("D:T1 A:DA B:C10 C:S10", "D")}, "d.pagat_uhu"))
    assert part(result, "pagat_uhu") == -15 and part(result, "ultimo") == 5


def test_HI_T_SCORE_7_silent_ultimo_lost_beside_a_failed_uhu() -> None:
    result = score_deal(outcome({8: ("A:HQ B:HN D:HA C:HJ", "A"),
                                 9: ("D:T1 A:T4 B:C10 C:S10", "A")}, "d.pagat_uhu"))
    assert part(result, "pagat_uhu") == -15 and part(result, "ultimo") == -5


def test_HI_T_SCORE_11_both_teams_kiraly_ultimo() -> None:
    result = score_deal(outcome({9: ("A:SK B:SJ C:DA D:C10", "A")},
                                "d.kiraly_ultimo:H=1 o.kiraly_ultimo:S"))
    assert part(result, "kiraly_ultimo:H") == -30 and part(result, "kiraly_ultimo:S") == -15


def test_HI_T_SCORE_12_four_kings_and_kiraly_ultimo() -> None:
    tricks = {6: ("B:HK C:HA D:SK A:T3", "A"), 9: ("D:DK A:DA B:C10 C:S10", "D")}
    result = score_deal(outcome({**tricks, 6: ("B:HK C:HA D:SK A:CK", "B")},
                                "d.four_kings d.kiraly_ultimo:D"))
    assert part(result, "four_kings") == 2 and part(result, "kiraly_ultimo:D") == 15


@pytest.mark.parametrize(("scope", "expected"), [("game_only", 10),
                                                 ("game_and_all_bonuses", 20)])
def test_HI_T_SCORE_13_kontrad_game_scope(scope: str, expected: int) -> None:
    result = score_deal(outcome(CENTRUM5, "d.game=1 d.centrum", {"kontra_game_scope": scope}))
    assert part(result, "centrum") == expected


def test_HI_T_SCORE_18_opponents_kismadar_fails() -> None:
    assert value_of("kismadar", {}, "o.kismadar") == 10


def test_HI_T_SCORE_20_sas_uhu_and_silent_ultimo() -> None:
    tricks = {8: ("B:T2 C:HA D:DA A:S10", "B"), 9: ("D:T1 A:HN B:C10 C:S10", "D")}
    result = score_deal(outcome(tricks, "d.sas_uhu"))
    assert part(result, "sas_uhu") == 15 and part(result, "ultimo") == 5


def test_HI_T_SCORE_21_announced_sas_ultimo_beside_a_lost_pagat() -> None:
    result = score_deal(outcome({9: ("D:T1 A:HA B:T2 C:DA", "B")}, "d.sas_ultimo"))
    assert part(result, "sas_ultimo") == 10 and part(result, "ultimo") == -5


def test_HI_T_SCORE_22_announced_ultimo_beside_a_silent_sas() -> None:
    result = score_deal(outcome({9: ("D:T1 A:HA B:T2 C:DA", "B")}, "d.ultimo"))
    assert part(result, "ultimo") == -10 and part(result, "sas_ultimo") == 5


def test_HI_T_SCORE_23_doubled_round() -> None:
    deal = outcome(CENTRUM5, "d.centrum")
    single = score_deal(deal)
    double = score_deal(replace(deal, multiplier=2))
    assert double.deltas == tuple(2 * x for x in single.deltas)


def test_HI_T_SCORE_24_zero_sum() -> None:
    for kontra in ("d.centrum", "o.kismadar=1", "d.pagat_uhu d.kiraly_ultimo:H=2"):
        assert sum(score_deal(outcome(CENTRUM5, kontra)).deltas) == 0


# -- §8.6 options and the preset ---------------------------------------------------------------

ITVB = {**HI, "hi_preset": "itvb_2019"}


def test_HI_T_OPT_1_preset_forbids_discarding_the_xx() -> None:
    assert HungarianOptions.make(ITVB).xx_discard_forbidden is True
    assert HungarianOptions.make({**HI, "hi_preset": "none"}).xx_discard_forbidden is False


def test_HI_T_OPT_2_preset_free_call_needs_the_xx() -> None:
    opt = HungarianOptions.make(ITVB)
    assert opt.call_any_after_tarokk_discard == "declarer_holds_xx"
    assert opt.self_call_allowed == "xx_only"


def test_HI_T_OPT_6_explicit_uhu_value_wins() -> None:
    tricks = {8: ("D:T1 A:HA B:HQ C:HN", "D")}
    assert value_of("pagat_uhu", tricks, "d.pagat_uhu", {"hi_preset": "itvb_2019",
                                                         "uhu_value": 20}) == 20


def test_HI_T_OPT_9_precedence_of_the_presets() -> None:
    opt = HungarianOptions.make({**ITVB, "house_rules": "online_app",
                                 "annul_timing": "after_discard"})
    assert (opt.max_kontra_level, opt.throw_in_doubling) == (4, "none")
    assert opt.ultimo_keeps_pagat is False and opt.cue_bid_model == "invitation"
    assert opt.cue_bid_min_tarokks == 5 and opt.after_volat_forbidden == "double_trull_kings"
    assert opt.annul_timing == "after_discard" and opt.uhu_value == 15


def test_HI_T_OPT_10_preset_ignored_under_paskievics() -> None:
    opt = HungarianOptions.make({"hi_preset": "itvb_2019"})
    assert opt.xx_discard_forbidden is False and opt.max_kontra_level == 5


# B's discards that bring d to 49 card points with the plain tricks and the centrum trick (the
# plain tricks repeat four cards, which count once)
D49 = "HK DK CK SK DQ CQ SQ DN CN"


def test_HI_T_SCORE_1_centrum_with_the_game() -> None:
    """Három: d has 49 and makes centrum: V = 1 + 10."""
    result = score_deal(outcome(CENTRUM5, "d.centrum", discards=D49, lost="9"))
    assert result.value == 11 and result.deltas == (-11, 11, -11, 11)


def test_HI_T_SCORE_2_kontrad_centrum_lost() -> None:
    """Kettő: d loses trick 3, A's kontra on centrum: V = 2 − 20."""
    result = score_deal(outcome(CENTRUM5, "d.centrum=1", lost="3", level=2, discards=D49))
    assert result.value == -18 and result.deltas == (18, -18, 18, -18)


def test_HI_T_SCORE_17_lone_declarer_kiraly_uhu() -> None:
    """Három, B alone, his király uhu made, d has 49: V = 1 + 20, B +63."""
    result = score_deal(outcome({8: ("B:CK C:HA D:DA A:S10", "B")}, "d.kiraly_uhu:C",
                                discards="HK DK SK DQ CQ SQ DN CN HN HJ DJ", alone=True,
                                lost="1"))
    assert result.value == 21 and result.deltas == (-21, 63, -21, -21)


def test_HI_T_SCORE_10_published_deal_3() -> None:
    """A published egy deal replayed card by card: D declarer with partner A; o takes three
    kings, so the kontra'd four kings fail; D makes the ultimó: V = −3 + 10 − 4 = +3, and D's
    count of eight is paid by each other player."""
    hands = {"A": "T3 T10 T11 T12 T14 T19 T20 SQ SK", "B": "T2 T6 T21 T22 CN CK HA HN HQ",
             "C": "T5 T9 T17 C10 CJ DJ DK HJ HK", "D": "T1 T4 T7 T8 T13 T15 T16 T18 DN"}
    state = new_state(hands, "CQ DA SJ DQ S10 SN", HI)
    for lab, call in (("A", "passz"), ("B", "passz"), ("C", "passz"), ("D", "egy")):
        act(state, lab, call)
    assert state.declarer == SEAT["D"] and state.level == 3
    exchange(state, {"D": "CQ", "A": "DA SJ", "B": "DQ S10", "C": "SN"})
    script(state, "D: count 8, call T20, pass | A: announce four_kings, pass | B: pass | "
                  "C: pass | D: announce ultimo, pass | A: pass | B: kontra d.four_kings, pass | "
                  "C: pass | D: pass | A: pass")
    assert state.phase == "play"
    tricks = ["A T19, B T21, C T5, D T4", "B HQ, C HJ, D T7, A T10", "A T11, B T2, C T17, D T18",
              "D T8, A T20, B T6, C T9", "A T12, B T22, C HK, D T13", "B CN, C C10, D T15, A T14",
              "D T16, A T3, B HA, C CJ", "D DN, A SQ, B CK, C DK", "C DJ, D T1, A SK, B HN"]
    for spelled in tricks:
        for step in spelled.split(", "):
            lab, card = step.split()
            act(state, lab, {"type": "play", "card": card})
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])  # decline any claim
    result = state.result()
    items = {i["item"]: i["points"] * (1 if i["team"] == "declarer" else -1)
             for i in result["items"] if "team" in i}
    assert items == {"game": -3, "ultimo": 10, "four_kings": -4}
    assert result["scores"] == [2, -4, -4, 6]


def test_HI_T_SCORE_3_kismadar_at_rekontra_beside_a_silent_double() -> None:
    """Egy: d's kismadár at rekontra (×4) and 78 card points in 8 tricks: silent double 6
    replaces the game, kismadár +40."""
    result = score_deal(outcome({6: ("D:T21 A:T3 B:T5 C:T4", "D")}, "d.kismadar=2", level=3,
                                lost="9", discards="HK DK CK SK HQ DQ CQ SQ HN DN CN SN HJ DJ "
                                                  "CJ SJ T22 T1"))
    assert result.value == 46
    assert part(result, "double") == 6 and part(result, "kismadar") == 40


def test_HI_T_SCORE_4_lone_szolo_nagymadar_and_silent_volat() -> None:
    """Szóló, B alone with all tricks: silent volát 12 (no silent trull or four kings) plus
    nagymadár 10."""
    tricks = {1: ("B:HK C:DK D:CK A:SK", "B"), 3: ("B:T1 C:HA D:DA A:S10", "B"),
              4: ("B:T21 C:T3 D:T4 A:T5", "B"), 7: ("B:T22 C:T6 D:T7 A:T8", "B")}
    result = score_deal(outcome(tricks, "d.nagymadar", level=4, alone=True,
                                discards="HQ DQ CQ SQ HN DN CN SN HJ DJ"))
    assert result.value == 22 and result.deltas == (-22, 66, -22, -22)


@pytest.mark.parametrize(("rule", "expected"), [("made", 42), ("made_if_unannounced", 44)])
def test_HI_T_SCORE_16_volat_with_centrum_and_both_birds(rule: str, expected: int) -> None:
    tricks = {1: ("B:HK C:DK D:CK A:SK", "B"), 2: ("B:T5 C:T1 D:HA A:DA", "B"),
              5: ("D:T20 A:T3 B:HQ C:T4", "D"), 6: ("D:T21 A:T6 B:HN C:T7", "D"),
              7: ("B:T22 C:T8 D:DQ A:T9", "B")}
    result = score_deal(outcome(tricks, "d.volat d.centrum d.kismadar d.nagymadar", level=2,
                                options={"volat_silent_suppression": rule}))
    assert result.value == expected


def test_HI_T_PLAY_5_centrum_fails_the_birds_fly() -> None:
    """The tournament example: B's T20 is forced in trick 4, so centrum fails; in trick 5 his
    clubs are legal, the XXI and the skíz still bound; then both birds are made."""
    bound = {"T20": 5, "T21": 6, "T22": 7}
    assert legal_now("T22 T21 T20 C10 CJ CQ", "T10", bound, 4) == {"T20"}
    assert legal_now("T22 T21 C10 CJ CQ", None, {"T21": 6, "T22": 7}, 5) == {"C10", "CJ", "CQ"}
    tricks = {4: ("D:T10 A:T11 B:T20 C:T12", "B"), 5: ("B:C10 C:CK D:T13 A:CN", "D"),
              6: ("D:T2 A:T14 B:T21 C:T15", "B"), 7: ("B:T22 C:T16 D:T17 A:T18", "B")}
    kontra = "d.centrum d.kismadar d.nagymadar"
    assert [value_of(b, tricks, kontra) for b in ("centrum", "kismadar", "nagymadar")] == [
        -10, 10, 10]


def test_HI_T_PLAY_6_all_three_fail_in_trick_1() -> None:
    """A's XV wins trick 1: B may not overtake with his bound cards; afterwards they are free."""
    bound = {"T20": 5, "T21": 6, "T22": 7}
    assert legal_now("T22 T21 T20 T6", "T15", bound, 1) == {"T6"}
    lost = [trick("A:T15 B:T6 C:T2 D:T10", "A")]
    team_of = {A: "o", B: "d", C: "o", D: "d"}.__getitem__
    assert all(failed_after(lost, team_of, "d", b) for b in ("centrum", "kismadar", "nagymadar"))
    assert value_of("centrum", {1: ("A:T15 B:T6 C:T2 D:T10", "A")}, "d.centrum") == -10


@pytest.mark.parametrize(("uhu", "value", "scores"), [(15, -7, [-9, -1, 5, 5]),
                                                      (20, -2, [-4, 4, 0, 0])])
def test_HI_T_SCORE_8_published_deal_1(uhu: int, value: int, scores: list[int]) -> None:
    """Kettő, B declarer with partner A: the kontra'd volát fails (−24), trull +2 and the pagát
    uhu are made; d has 73 card points; B's nine tarokks are paid apart."""
    tricks = {8: ("A:T1 B:HA C:DA D:S10", "A"), 3: ("B:T21 C:T3 D:T4 A:T5", "B"),
              4: ("B:T22 C:T6 D:T7 A:T8", "B"), 9: ("C:T9 D:T10 A:T11 B:T12", "C")}
    deal = replace(outcome(tricks, "d.trull d.volat=1 d.pagat_uhu", {"uhu_value": uhu},
                           level=2, discards="HK DK CK SK HQ DQ CQ SQ HN DN CN SN"),
                   partner=A, counts={B: 9})
    result = score_deal(deal)
    assert result.value == value and list(result.deltas) == scores
    assert (part(result, "volat"), part(result, "trull")) == (-24, 2)


@pytest.mark.parametrize("all_discards", [False, True])
def test_HI_T_SCORE_9_published_deal_12(all_discards: bool) -> None:
    """Kettő, C alone (the called XX lay in B's discards), game at rekontra, d's double at
    kontra, trull made; C's tricks hold 52 and his discards 4: V = 8 − 16 + 2 = −6, and C's
    count of eight is paid apart. Counting every discard pile (66 points) changes nothing."""
    tricks = {1: ("C:T22 D:HK A:HQ B:T3", "C"), 3: ("C:T21 D:DK A:DQ B:T4", "C"),
              5: ("C:T1 D:HA A:DA B:T9", "C"), 8: ("C:T19 D:CK A:HN B:T5", "C"),
              9: ("C:T18 D:T8 A:T6 B:T7", "C")}
    deal = replace(outcome(tricks, "d.game=2 d.trull d.double=1",
                           {"lone_declarer_gets_all_discards": all_discards}, level=2,
                           lost="2 4 6 7", discards="DJ SJ"),
                   declarer=C, partner=None, counts={C: 8},
                   other_discards=DECK.mask(["T20", "HJ", "SQ", "CN"]),
                   called_card_discarded=True)
    assert card_points(deal, "d") == (66 if all_discards else 56)
    result = score_deal(deal)
    assert result.value == -6 and list(result.deltas) == [5, 5, -15, 5]
