"""The pack and card points (§2, §15.1), the trick winner (§15.2) and legal plays (§15.3)."""

from __future__ import annotations

import pytest
from ot_builders import cards, legal_codes, winner_position

from tarock.core.errors import TarockError
from tarock.ottocento.cards import DECK, FIVE_POINT, ONE_POINT, TRUMPS, VALUE, bit
from tarock.ottocento.combinations import card_points
from tarock.ottocento.play import play_error


def test_ot_tc_deck_1_the_pack_has_62_distinct_cards():
    codes = [c.code for c in DECK.cards]
    assert len(codes) == len(set(codes)) == 62
    suits = [c for c in DECK.cards if c.suit in "CDSB"]
    assert len(suits) == 40 and TRUMPS.bit_count() == 21
    assert "MATTO" in codes
    for bad in ("S2", "C3", "D4", "B5", "T1", "T4", "T17", "T20"):
        assert bad not in codes
    # OT-DECK-8: canonical order
    assert codes[:10] == ["CK", "CQ", "CN", "CJ", "C10", "C9", "C8", "C7", "C6", "CA"]
    assert codes[40:45] == ["ANGELO", "MONDO", "SOLE", "LUNA", "T16"]
    assert codes[-6:] == ["M1", "M2", "M3", "M4", "BAG", "MATTO"]


def test_ot_tc_deck_2_card_values_sum_to_118():
    assert sum(VALUE) == 118
    assert FIVE_POINT.bit_count() == 8
    counting = [v for v in VALUE if v > 1]
    assert len(counting) == 20 and sum(counting) == 76
    assert ONE_POINT.bit_count() == 42


def test_ot_tc_deck_3_tarocchi_are_worth_five():
    for code in ("ANGELO", "MONDO", "BAG", "MATTO"):
        assert DECK.by_code[code].points == 5
    for code in ("SOLE", "LUNA", "T16", "M1"):
        assert DECK.by_code[code].points == 1


def test_ot_tc_cp_1_the_pack_is_worth_87():
    assert card_points(DECK.full_mask) == 87


def test_ot_tc_cp_3_one_king_equals_nine_one_point_cards():
    assert card_points(cards("SK C6 C7 C8 C9 C10 D6 D7 D8 D9")) == 9


@pytest.mark.parametrize(("pile", "points"), [
    ("CK S7", 5), ("CK DK", 9), ("S7 S8", 1), ("ANGELO MATTO", 9), ("SQ SOLE", 4),
    ("BJ T5", 2)])
def test_ot_tc_cp_4_pairs(pile, points):
    assert card_points(cards(pile)) == points


CP5 = ("ANGELO MONDO SK DK SQ CQ BQ BN CJ DJ C6 C7 C8 C9 C10 D6 D7 D8 D9 D10 S6 S7 S8 S9 S10 "
       "B6 B7 B8 B9 B10 T5 T6")


def test_ot_tc_cp_5_a_32_card_pile():
    pile = cards(CP5)
    assert pile.bit_count() == 32
    assert card_points(pile) == 45


def test_ot_tc_cp_6_the_other_30_cards():
    other = DECK.full_mask & ~cards(CP5)
    assert other.bit_count() == 30 and card_points(other) == 42 == 87 - 45


def test_ot_tc_cp_7_an_odd_pile_is_rejected():
    with pytest.raises(TarockError) as err:
        card_points(cards("SK S7 S8"))
    assert err.value.rule == "OT-SCORE-2"


# OT-TC-CP-2 (93 per played-out deal) is checked on every deal of test_ot_properties.py.


@pytest.mark.parametrize(("test_id", "trick", "winner"), [
    ("OT-TC-TRICK-1", "S7 S10 SA S6", 2),
    ("OT-TC-TRICK-2", "C7 C10 CA C6", 3),
    ("OT-TC-TRICK-3", "D10 D9 DJ DA", 3),
    ("OT-TC-TRICK-4", "D6 D10 D9 D8", 1),
    ("OT-TC-TRICK-5", "BA B6 C6 DA", 2),
    ("OT-TC-TRICK-6", "SA BK CK DK", 1),
    ("OT-TC-TRICK-7", "M1 M2 S7 M3", 4),
    ("OT-TC-TRICK-8", "M1 M2 BAG T5", 4),
    ("OT-TC-TRICK-9", "C6 M2 M3 CK", 3),
    ("OT-TC-TRICK-10", "BAG M4 MATTO S6", 2),
    ("OT-TC-TRICK-11", "MATTO C10 CA T5", 4),
    ("OT-TC-TRICK-12", "MATTO T6 T5 M1", 2),
    ("OT-TC-TRICK-13", "MATTO C10 C9 D6", 3),
    ("OT-TC-TRICK-14", "S7 MATTO SK S10", 3),
    ("OT-TC-TRICK-15", "T16 LUNA SOLE MONDO", 4),
    ("OT-TC-TRICK-16", "MONDO ANGELO T5 T16", 2),
])
def test_ot_tc_trick(test_id, trick, winner):
    assert winner_position(trick) == winner, test_id


@pytest.mark.parametrize(("test_id", "trick", "hand", "legal"), [
    ("OT-TC-LEGAL-1", "", "S9 SK T5 MATTO CA", "S9 SK T5 MATTO CA"),
    ("OT-TC-LEGAL-2", "S7", "S9 SK T5 MATTO CA", "S9 SK MATTO"),
    ("OT-TC-LEGAL-3", "S7", "T5 M1 MATTO CA", "T5 M1 MATTO"),
    ("OT-TC-LEGAL-4", "S7", "CA DK MATTO", "CA DK MATTO"),
    ("OT-TC-LEGAL-5", "T10", "T5 SK MATTO", "T5 MATTO"),
    ("OT-TC-LEGAL-6", "T10", "SK CA", "SK CA"),
    ("OT-TC-LEGAL-7", "MATTO", "SK T5 CA", "SK T5 CA"),
    ("OT-TC-LEGAL-8", "MATTO C10", "C6 T5 SK", "C6"),
    ("OT-TC-LEGAL-9", "MATTO T6", "SK M2 BAG", "M2 BAG"),
    ("OT-TC-LEGAL-10", "S7 SK", "S6 SQ", "S6 SQ"),
    ("OT-TC-LEGAL-11", "C7 T10", "T5 T16 S6", "T5 T16"),
    ("OT-TC-LEGAL-12", "T13", "ANGELO SOLE MATTO", "ANGELO SOLE MATTO"),
    ("OT-TC-LEGAL-13", "S7", "SOLE MATTO", "SOLE MATTO"),
    ("OT-TC-LEGAL-14", "S7", "MATTO", "MATTO"),
])
def test_ot_tc_legal(test_id, trick, hand, legal):
    assert legal_codes(hand, trick) == set(legal.split()), test_id


def test_illegal_plays_name_the_rule():
    from ot_builders import card_list
    assert play_error(cards("S9 T5"), card_list("S7"), bit("T5") .bit_length() - 1)[1] == \
        "OT-PLAY-3"
    assert play_error(cards("T5 CA"), card_list("S7"), DECK.by_code["CA"].index)[1] == "OT-PLAY-4"
    assert play_error(cards("T5 CA"), card_list("S7"), DECK.by_code["SK"].index)[1] == \
        "OT-PLAY-12"
    assert play_error(cards("T5 SK"), card_list("T10"), DECK.by_code["SK"].index)[1] == \
        "OT-PLAY-3"
