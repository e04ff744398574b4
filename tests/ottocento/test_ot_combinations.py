"""Sets, sequences, doubling, quick counts and complete piles (§9, §10, §15.6 to §15.13)."""

from __future__ import annotations

import random

import pytest
from ot_builders import cards, opts

from tarock.ottocento.cards import DECK, MATTO_BIT, TRUMPS, WILDS, bit, codes
from tarock.ottocento.combinations import (
    SET_MEMBERS,
    card_points,
    combination,
    count_cards,
    grande_by_scavezzo,
    grande_length,
    grande_stop,
    holding_combinations,
    quick_sequence_score,
    score_combinations,
    score_sequences,
    sequence_value,
)


def sets_of(text: str, **options) -> dict[str, int]:
    return {c.kind: c.points for c in holding_combinations(cards(text), opts(**options))
            if c.kind in SET_MEMBERS}


def seqs_of(text: str, **options) -> dict[str, int]:
    return {c.kind: c.length for c in holding_combinations(cards(text), opts(**options))
            if c.kind not in SET_MEMBERS}


def totals(text: str, **options) -> tuple[int, int]:
    return score_combinations(holding_combinations(cards(text), opts(**options)))


def grande(text: str, **options) -> int:
    return sequence_value(n) if (n := grande_length(cards(text), opts(**options))) else 0


# -- sets -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("test_id", "four", "three", "kind", "v4", "v3"), [
    ("OT-TC-SET-1", "ANGELO MONDO BAG MATTO", "ANGELO BAG MATTO", "set_tarocchi", 36, 18),
    ("OT-TC-SET-2", "CK DK SK BK", "CK DK SK", "set_kings", 34, 17),
    ("OT-TC-SET-3", "CQ DQ SQ BQ", "DQ SQ BQ", "set_queens", 28, 14),
    ("OT-TC-SET-4", "CN DN SN BN", "CN SN BN", "set_knights", 26, 13),
    ("OT-TC-SET-5", "CJ DJ SJ BJ", "CJ DJ BJ", "set_jacks", 24, 12),
])
def test_ot_tc_set_values(test_id, four, three, kind, v4, v3):
    assert sets_of(four) == {kind: v4}, test_id
    assert sets_of(three) == {kind: v3}, test_id


def test_ot_tc_set_6_no_other_sets():
    for text in ("MONDO SOLE LUNA", "CA DA SA BA", "M1 M2 M3 M4", "CK DK"):
        assert sets_of(text) == {}


def test_ot_tc_set_7_no_wilds_in_sets():
    assert sets_of("CK DK MATTO BAG") == {}
    assert sets_of("CK DK MATTO BAG", set_wilds=True) == {"set_kings": 34}


def test_ot_tc_set_8_two_sets_not_doubled():
    assert totals("CK DK SK CQ DQ SQ")[0] == 31


def test_ot_tc_set_9_and_ot_tc_dbl_9_all_twenty_set_cards():
    text = " ".join(["ANGELO MONDO BAG MATTO"] + [s + r for r in "KQNJ" for s in "CDSB"])
    assert len(sets_of(text)) == 5
    assert totals(text)[0] == 296 == 2 * 148


# -- sequences: the source's examples -------------------------------------------------------------

@pytest.mark.parametrize(("test_id", "holding", "length"), [
    ("OT-TC-SEQ-1", "ANGELO MONDO LUNA T16", 4),
    ("OT-TC-SEQ-2", "ANGELO MATTO LUNA T16 T15 BAG T13 T12", 8),
    ("OT-TC-SEQ-3", "ANGELO MONDO SOLE LUNA T16 MATTO BAG T13", 7),
    ("OT-TC-SEQ-4", "ANGELO MONDO BAG MATTO T15 T14", 4),
    ("OT-TC-SEQ-5", "ANGELO MATTO SOLE BAG T15 T14", 6),
    ("OT-TC-SEQ-12", "ANGELO MONDO SOLE", 3),
    ("OT-TC-SEQ-16", "ANGELO MONDO SOLE LUNA T16", 5),
    ("OT-TC-SEQ-17", "ANGELO MONDO MATTO T16 T14", 4),
    ("OT-TC-SEQ-18", "ANGELO MONDO MATTO BAG T16 T15", 6),
    ("OT-TC-SEQ-19", "ANGELO LUNA MATTO BAG T15", 5),
    ("OT-TC-SEQ-20", "ANGELO MONDO LUNA MATTO BAG T14 T13", 5),
])
def test_grande_examples(test_id, holding, length):
    assert grande_length(cards(holding)) == length, test_id
    assert seqs_of(holding)["seq_grande"] == length


def test_ot_tc_seq_6_no_suit_sequence_without_a_real_court():
    assert seqs_of("SK MATTO BAG SA").get("seq_swords") is None


@pytest.mark.parametrize(("test_id", "holding", "kind", "length"), [
    ("OT-TC-SEQ-7", "SK SN SJ", "seq_swords", 3),
    ("OT-TC-SEQ-8", "SK SQ BAG SA", "seq_swords", 4),
    ("OT-TC-SEQ-9", "SK SQ SN SJ SA MATTO", "seq_swords", 6),
    ("OT-TC-SEQ-11", "CA DA SA BA BAG MATTO", "seq_aces", 6),
    ("OT-TC-SEQ-25", "CK CQ CN C10 C9 C8", "seq_cups", 3),
])
def test_other_sequences(test_id, holding, kind, length):
    assert seqs_of(holding)[kind] == length, test_id
    assert sequence_value(length) == {3: 10, 4: 15, 6: 25}[length]


def test_ot_tc_seq_10_both_teams_hold_a_moors_sequence():
    assert seqs_of("M1 M2 BAG") == {"seq_moors": 3}
    assert seqs_of("M3 M4 MATTO") == {"seq_moors": 3}


def test_ot_tc_seq_13_a_wild_as_the_second_piece():
    assert grande("ANGELO MONDO MATTO") == 10
    assert grande("ANGELO LUNA BAG") == 10


def test_ot_tc_seq_14_and_ot_tc_seq_15_no_grande():
    assert grande_length(cards("ANGELO MATTO BAG")) == 0
    assert grande_length(cards("MONDO SOLE LUNA T16 MATTO")) == 0


def test_ot_tc_seq_21_all_trumps_and_the_matto():
    holding = TRUMPS | MATTO_BIT
    assert grande_length(holding) == 22
    assert sequence_value(22) == 105
    assert seqs_of(" ".join(codes(holding)))["seq_moors"] == 6


def test_ot_tc_seq_22_grande_down_to_the_socks():
    text = ("ANGELO MONDO SOLE LUNA T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 M1 M2 BAG")
    found = seqs_of(text)
    assert found["seq_grande"] == 18 and sequence_value(18) == 85
    assert found["seq_moors"] == 3


def test_ot_tc_seq_23_no_suit_sequence():
    for text in ("SK SQ", "SK MATTO BAG", "SQ SN SJ SA", "SK SQ SA"):
        assert "seq_swords" not in seqs_of(text)


def test_ot_tc_seq_24_suit_sequences():
    assert seqs_of("SK SQ MATTO")["seq_swords"] == 3
    assert seqs_of("SK SQ SN SA")["seq_swords"] == 4
    assert seqs_of("SK SQ SN SJ SA MATTO BAG")["seq_swords"] == 7
    assert sequence_value(7) == 30


def test_ot_tc_seq_26_moors():
    assert "seq_moors" not in seqs_of("M1 M2")
    assert "seq_moors" not in seqs_of("M1 BAG MATTO")
    assert seqs_of("M1 M2 M3 M4 MATTO BAG")["seq_moors"] == 6


def test_ot_tc_seq_27_aces():
    assert seqs_of("CA DA SA")["seq_aces"] == 3
    assert "seq_aces" not in seqs_of("CA MATTO BAG")


def test_ot_tc_seq_28_wilds_count_in_every_sequence():
    text = "CK CJ DK DJ SK SJ ANGELO MONDO MATTO BAG"
    found = seqs_of(text)
    assert found == {"seq_grande": 4, "seq_cups": 4, "seq_coins": 4, "seq_swords": 4}
    assert totals(text)[1] == 120


def test_ot_tc_seq_29_sequence_values():
    assert [sequence_value(n) for n in (3, 4, 5, 10, 19, 22)] == [10, 15, 20, 45, 90, 105]


# -- scavezzo -------------------------------------------------------------------------------------

GRANDE_CARDS = TRUMPS | MATTO_BIT


def scav(angel_text: str) -> tuple[int, int]:
    angel = cards(angel_text)
    return grande_by_scavezzo(angel, GRANDE_CARDS & ~angel), grande(angel_text)


def test_ot_tc_scav_1_example_1():
    assert scav("ANGELO MONDO LUNA T16") == (15, 15)
    assert grande_stop(cards("ANGELO MONDO LUNA T16")) == 15


def test_ot_tc_scav_2_example_2():
    assert scav("ANGELO MATTO LUNA T16 T15 BAG T13 T12") == (35, 35)
    assert grande_stop(cards("ANGELO MATTO LUNA T16 T15 BAG T13 T12")) == 11


def test_ot_tc_scav_3_example_3():
    assert scav("ANGELO MONDO SOLE LUNA T16 MATTO BAG T13") == (30, 30)
    assert grande_stop(cards("ANGELO MONDO SOLE LUNA T16 MATTO BAG T13")) == 14


def test_ot_tc_scav_4_reaching_the_moors():
    angel = GRANDE_CARDS & ~cards("T7 MATTO M4")
    assert grande_stop(angel) == 0
    assert grande_by_scavezzo(angel, GRANDE_CARDS & ~angel) == 90
    assert grande_length(angel) == 19
    assert seqs_of(" ".join(codes(angel)))["seq_moors"] == 4


def test_ot_tc_scav_5_examples_4_and_5():
    assert scav("ANGELO MONDO BAG MATTO T15 T14") == (15, 15)
    assert scav("ANGELO MATTO SOLE BAG T15 T14") == (25, 25)


def test_ot_tc_scav_6_no_grande():
    assert scav("ANGELO T16 T15") == (0, 0)
    assert scav("ANGELO LUNA T16 T15") == (0, 0)


def test_ot_tc_scav_7_quick_count_agrees_on_10000_splits():
    rng = random.Random(7)
    others = [i for i in range(62) if (GRANDE_CARDS >> i & 1) and DECK.code(i) != "ANGELO"]
    for _ in range(10_000):
        angel = bit("ANGELO") | sum(1 << i for i in others if rng.random() < 0.5)
        assert grande_by_scavezzo(angel, GRANDE_CARDS & ~angel) == grande(
            " ".join(codes(angel)))


# -- doubling and quick counts --------------------------------------------------------------------

def test_ot_tc_dbl_3_cricchione_in_a_pile():
    assert totals("ANGELO MONDO MATTO CK DK SK BK CJ DJ SJ")[0] == 128


def test_ot_tc_dbl_5_three_sequences_in_a_pile():
    assert totals("SK SQ SN CA DA BA M1 M2 M3")[1] == 60


def test_ot_tc_dbl_7_the_last_trick_is_never_doubled():
    from tarock.ottocento.combinations import score_sets
    assert score_sets([17, 14, 13]) + 6 == 94


def test_ot_tc_dbl_8_two_sets_and_two_sequences():
    sets, seqs = totals("CK DK SK CQ DQ SQ CN")  # Kings, Queens; cups K Q N
    assert (sets, seqs) == (31, 10)
    sets, seqs = totals("CK DK SK CQ DQ SQ CN DN")
    assert (sets, seqs) == (31, 20)  # two sequences, two sets: nothing doubled


@pytest.mark.parametrize(("test_id", "lengths", "expected"), [
    ("OT-TC-QUICK-1", [4, 3, 6], 100),
    ("OT-TC-QUICK-2", [4, 5], 35),
    ("OT-TC-QUICK-3", [3], 10),
    ("OT-TC-QUICK-4", [10, 4, 5, 3, 4], 210),
])
def test_quick_count(test_id, lengths, expected):
    assert quick_sequence_score(lengths) == expected == score_sequences(lengths), test_id


# -- complete piles -------------------------------------------------------------------------------

PILE1_X = ("ANGELO MONDO SOLE LUNA T16 T15 T14 T12 T11 MATTO M1 M2 SK SQ SN SA CK CQ CJ DA BA "
           "S10 S9 C7 C8 D6 D7 B6 B7 T5 BQ DQ")
PILE2_X = ("ANGELO MONDO SOLE LUNA T16 T15 T14 T13 T12 T11 T10 T9 T8 T6 T5 M1 M2 M3 BAG CK CQ "
           "C10 C9 DQ D8 D9 SA S6 BN B9 BA B8")


def pile_score(mask: int) -> tuple[int, int, int, dict[str, int]]:
    combos = holding_combinations(mask)
    sets, seqs = score_combinations(combos)
    return sets, seqs, card_points(mask), {c.kind: c.length for c in combos}


def test_ot_tc_pile_1():
    x = cards(PILE1_X)
    y = DECK.full_mask & ~x
    assert x.bit_count() == 32 and y.bit_count() == 30
    sx, qx, cx, kx = pile_score(x)
    assert (sx, qx, cx) == (46, 210, 51)
    assert kx == {"set_tarocchi": 3, "set_queens": 4, "seq_grande": 10, "seq_cups": 4,
                  "seq_swords": 5, "seq_moors": 3, "seq_aces": 4}
    sy, qy, cy, _ = pile_score(y)
    assert (sy, qy, cy) == (25, 80, 36)
    assert grande_by_scavezzo(x & GRANDE_CARDS, y & GRANDE_CARDS) == 45
    assert sx + qx + cx + 6 == 313 and sy + qy + cy == 141


def test_ot_tc_pile_2():
    x = cards(PILE2_X)
    y = DECK.full_mask & ~x
    sx, qx, cx, kx = pile_score(x)
    assert (sx, qx, cx) == (18, 250, 40)
    assert kx["seq_grande"] == 19
    sy, qy, cy, _ = pile_score(y)
    assert (sy, qy, cy) == (108, 130, 47)


def test_ot_tc_pile_3_one_team_holds_everything():
    sets, seqs, cp, _ = pile_score(DECK.full_mask)
    assert (sets, seqs, cp) == (296, 550, 87)
    assert sets + seqs + cp + 6 == 939


# -- older grande readings and wild sets ----------------------------------------------------------

A_READING = {"grande_sun_moon_blocks_16": True}
B_READING = {"grande_moon_16_blocks_15": True}
EXAMPLE_5 = "ANGELO MATTO SOLE BAG T15 T14"


def test_ot_tc_v_1_reading_a():
    assert grande("ANGELO MONDO MATTO BAG T16 T15") == 25
    assert grande("ANGELO MONDO MATTO BAG T16 T15", **A_READING) == 15


def test_ot_tc_v_2_reading_a():
    assert grande("ANGELO MONDO MATTO T16 T15 T14") == 25
    assert grande("ANGELO MONDO MATTO T16 T15 T14", **A_READING) == 10


def test_ot_tc_v_3_reading_b():
    assert grande("ANGELO MONDO SOLE MATTO T15 T14") == 25
    assert grande("ANGELO MONDO SOLE MATTO T15 T14", **B_READING) == 15


def test_ot_tc_v_4_reading_b():
    assert (grande("ANGELO SOLE MATTO BAG T15"), grande(EXAMPLE_5)) == (20, 25)
    assert grande("ANGELO SOLE MATTO BAG T15", **B_READING) == 15
    assert grande(EXAMPLE_5, **B_READING) == 15


def test_ot_tc_v_5_the_moon_present():
    for options in ({}, A_READING, B_READING, {**A_READING, **B_READING}):
        assert grande("ANGELO SOLE LUNA MATTO T15", **options) == 20


def test_ot_tc_v_6_examples_1_to_4_under_both_older_readings():
    both = {**A_READING, **B_READING}
    examples = ["ANGELO MONDO LUNA T16", "ANGELO MATTO LUNA T16 T15 BAG T13 T12",
                "ANGELO MONDO SOLE LUNA T16 MATTO BAG T13", "ANGELO MONDO BAG MATTO T15 T14"]
    assert [grande(e, **both) for e in examples] == [15, 35, 30, 15]


def test_ot_tc_v_10_wild_sets():
    assert sets_of("CK DK MATTO", set_wilds=True) == {"set_kings": 17}
    assert sets_of("CK DK MATTO BAG", set_wilds=True) == {"set_kings": 34}
    assert sets_of("CK MATTO BAG", set_wilds=True) == {}


def test_calculator_function_lists_every_combination():
    out = count_cards(codes(cards("CK CJ DK DJ SK SJ ANGELO MONDO MATTO BAG")))
    kinds = [c["kind"] for c in out["combinations"]]
    assert kinds == ["set_tarocchi", "set_kings", "set_jacks", "seq_grande", "seq_cups",
                     "seq_coins", "seq_swords"]
    assert out["total"] == 2 * (36 + 17 + 12) + 120
    assert combination(cards("SK SQ"), "seq_swords") is None
    assert WILDS.bit_count() == 2
