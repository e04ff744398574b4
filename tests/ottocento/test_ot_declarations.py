"""Declarations (§5, §15.10, §15.12): validity, values, per-player doubling and crediting."""

from __future__ import annotations

import pytest
from ot_builders import cards, declare, opts, play, state_from, to_first_lead

from tarock.core.errors import IllegalActionError
from tarock.ottocento import actions as A
from tarock.ottocento.combinations import check_declaration, declarable, score_declaration
from tarock.ottocento.declarations import declare_actions

HAND1 = "ANGELO MONDO SOLE T16 T15 MATTO SK SQ SN CK DK BK M1 M2 CA"
DECL1 = [("set_kings", "CK DK SK BK"), ("set_tarocchi", "ANGELO MONDO MATTO"),
         ("seq_grande", "ANGELO MONDO SOLE T16 T15 MATTO"), ("seq_swords", "SK SQ SN MATTO"),
         ("seq_moors", "M1 M2 MATTO")]


def points(hand: str, declared: list[tuple[str, str]], **options) -> int:
    return score_declaration(cards(hand), [(k, cards(c)) for k, c in declared], opts(**options))


def rejected(hand: str, declared: list[tuple[str, str]], **options) -> str:
    with pytest.raises(IllegalActionError) as err:
        points(hand, declared, **options)
    assert err.value.rule is not None
    return err.value.rule


def test_ot_tc_decl_1_and_dbl_1_three_sequences_doubled():
    assert points(HAND1, DECL1) == 152
    assert points(HAND1, DECL1[2:]) == 100  # OT-TC-DBL-1: (25 + 15 + 10) x 2


def test_ot_tc_decl_2_a_partial_declaration():
    assert points(HAND1, [DECL1[2], DECL1[4]]) == 35


def test_ot_tc_dbl_2_partners_are_not_added_together():
    one = points(HAND1, [DECL1[2], DECL1[3]])
    other = points("M3 M4 BAG", [("seq_moors", "M3 M4 BAG")])
    assert (one, other, one + other) == (40, 10, 50)


DECL3_HAND = "ANGELO MONDO BAG MATTO CK DK SK BK CJ DJ SJ T5 T6 C7 D8"


def test_ot_tc_decl_3_everything_declared():
    declared = [("set_tarocchi", "ANGELO MONDO BAG MATTO"), ("set_kings", "CK DK SK BK"),
                ("set_jacks", "CJ DJ SJ"), ("seq_grande", "ANGELO MONDO BAG MATTO"),
                ("seq_cups", "CK CJ MATTO BAG"), ("seq_coins", "DK DJ MATTO BAG"),
                ("seq_swords", "SK SJ MATTO BAG")]
    assert points(DECL3_HAND, declared) == 284


def test_ot_tc_dbl_4_three_sets_declared():
    hand = "ANGELO MONDO MATTO CK DK SK BK CJ DJ SJ"
    declared = [("set_tarocchi", "ANGELO MONDO MATTO"), ("set_kings", "CK DK SK BK"),
                ("set_jacks", "CJ DJ SJ")]
    assert points(hand, declared) == 128


def test_ot_tc_dbl_6_three_sequences_declared():
    declared = [("seq_swords", "SK SQ SN"), ("seq_aces", "CA DA BA"), ("seq_moors", "M1 M2 M3")]
    assert points("SK SQ SN CA DA BA M1 M2 M3", declared) == 60


def test_ot_tc_decl_4_a_smaller_sequence_may_be_shown():
    hand = "SK SQ SN SJ SA"
    assert points(hand, [("seq_swords", "SK SQ SN SJ")]) == 15
    assert points(hand, [("seq_swords", "SK SQ SN SJ SA")]) == 20


def test_ot_tc_decl_5_three_of_four_queens():
    assert points("CQ DQ SQ BQ", [("set_queens", "CQ DQ SQ")]) == 14


def test_ot_tc_decl_6_no_real_court():
    assert rejected("SK MATTO BAG SA", [("seq_swords", "SK MATTO BAG SA")]) == "OT-DECL-4"


@pytest.mark.parametrize("declared", [
    [("set_kings", "CK DK")], [("set_kings", "CK DK SK CQ")], [("seq_moors", "M1 M2")]])
def test_ot_tc_decl_7_invalid_combinations(declared):
    assert rejected("CK DK SK CQ M1 M2", declared) == "OT-DECL-4"


def test_ot_tc_decl_8_every_shown_card_must_count():
    hand = "ANGELO MONDO SOLE T15"
    assert rejected(hand, [("seq_grande", "ANGELO MONDO SOLE T15")]) == "OT-DECL-4"
    assert points(hand, [("seq_grande", "ANGELO MONDO SOLE")]) == 10


def test_ot_tc_decl_9_the_discard_cannot_be_declared():
    """The case as written cannot arise in the engine: a King is never discarded (OT-DEAL-6).
    The rule it checks (OT-DECL-4 item 1, OT-DECL-5) is tested on the hand after the discard,
    and in the engine with a discarded Queen."""
    after_discard = "CK DK CQ DQ SQ"  # the dealer's hand without the discarded SK
    assert rejected(after_discard, [("set_kings", "CK DK SK")]) == "OT-DECL-4"
    state = state_from(["", "", "", "CQ DQ SQ C7"], "", dealer=3)
    state.apply(A.Action(A.DISCARD, cards("SQ C7")))
    # round the table to the dealer: eldest 0, then 1, 2 declare nothing and play
    for _ in range(3):
        state.apply(A.DONE_ACTION)
        state.apply(state.legal_actions()[0])
    assert state.current_player() == 3 and state.phase == "declare"
    with pytest.raises(IllegalActionError) as err:
        declare(state, "set_queens", "CQ DQ SQ")
    assert err.value.rule == "OT-DECL-4"
    assert state.shown == [] and len(state.history) == 7  # nothing half-applied
    with pytest.raises(IllegalActionError) as err:
        state.apply(A.Action(A.DISCARD, cards("CK DQ")))
    assert err.value.rule == "OT-FLOW-2"


def test_ot_tc_decl_10_one_combination_per_kind():
    assert rejected("SK SQ SN SJ", [("seq_swords", "SK SQ SN"), ("seq_swords", "SK SQ SJ")]) \
        == "OT-DECL-4"
    state = state_from(["SK SQ SN SJ"], "", dealer=3)
    to_first_lead(state)
    state2 = state_from(["SK SQ SN SJ"], "", dealer=3)
    if state2.phase == "discard":
        state2.apply(state2.legal_actions()[0])
    declare(state2, "seq_swords", "SK SQ SN")
    with pytest.raises(IllegalActionError) as err:
        declare(state2, "seq_swords", "SK SQ SJ")
    assert err.value.rule == "OT-DECL-4"
    assert not any(a.kind == A.DECLARE and a.arg[0] == "seq_swords"
                   for a in state2.legal_actions())


def test_ot_tc_decl_11_a_partners_cards_never_help():
    assert rejected("CK DK", [("set_kings", "CK DK SK")]) == "OT-DECL-4"
    assert declarable(cards("CK DK"), "set_kings") == ()
    assert declarable(cards("SK"), "set_kings") == ()


def test_ot_tc_decl_12_declared_and_scored_again_at_the_end():
    from tarock.ottocento.combinations import holding_combinations
    assert points("CK DK SK", [("set_kings", "CK DK SK")]) == 17
    pile = holding_combinations(cards("CK DK SK S7"))
    assert [(c.kind, c.points) for c in pile] == [("set_kings", 17)]


def test_ot_tc_decl_13_credited_before_the_card_is_played():
    state = state_from(["CK DK SK"], "", dealer=3)
    if state.phase == "discard":
        state.apply(state.legal_actions()[0])
    assert state.current_player() == 0 and state.phase == "declare"
    declare(state, "set_kings", "CK DK SK")
    state.apply(A.DONE_ACTION)
    assert state.phase == "play" and state.declared == [17, 0]
    assert state.observation(1)["declared_points"] == [17, 0]
    assert {"seat": 0, "kind": "set_kings", "cards": ["CK", "DK", "SK"], "points": 17} in \
        state.observation(2)["declarations"]
    play(state, state.observation(0)["hand"][0])


DECL14_HAND = "ANGELO MONDO SOLE LUNA MATTO SK SQ SN"


def test_ot_tc_decl_14_a_wild_counts_only_where_shown():
    grande = ("seq_grande", "ANGELO MONDO SOLE LUNA MATTO")
    assert points(DECL14_HAND, [grande, ("seq_swords", "SK SQ SN")]) == 30
    assert points(DECL14_HAND, [grande, ("seq_swords", "SK SQ SN MATTO")]) == 35
    assert rejected(DECL14_HAND, [grande, ("seq_swords", "SK SQ SN MATTO")],
                    declaration_card_reuse=False) == "OT-V-14"


def test_ot_tc_v_11_no_shared_cards():
    declared = [("set_kings", "CK DK SK BK"), ("seq_swords", "SK SQ SN")]
    hand = "CK DK SK BK SQ SN"
    assert points(hand, declared) == 34 + 10
    assert rejected(hand, declared, declaration_card_reuse=False) == "OT-V-14"
    o = opts(declaration_card_reuse=False)
    shown = check_declaration(cards(hand), [(declared[0][0], cards(declared[0][1]))], o)
    legal = declare_actions(cards(hand), shown, o)
    assert all(not a.arg[1] & cards("CK DK SK BK") for a in legal)


def test_declare_options_are_exactly_the_valid_shown_sets():
    """Every legal declare action is valid, and every valid shown set of a small hand is legal."""
    from itertools import combinations as subsets

    from tarock.ottocento.cards import codes
    from tarock.ottocento.combinations import KINDS, check_combination
    hand = cards("ANGELO MONDO LUNA T16 T14 MATTO BAG SK SQ SA M1 M2 CA")
    for kind in KINDS:
        listed = set(declarable(hand, kind))
        found = set()
        items = codes(hand)
        for n in range(3, len(items) + 1):
            for combo in subsets(items, n):
                m = cards(" ".join(combo))
                try:
                    check_combination(kind, m, hand)
                except IllegalActionError:
                    continue
                found.add(m)
        assert listed == found, kind
