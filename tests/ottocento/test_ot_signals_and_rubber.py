"""Signals (§8, §15.16), the rubber's end and claims (§11, §15.15)."""

from __future__ import annotations

import pytest
from ot_builders import cards, declare, game, opts, play, state_from, to_first_lead

from tarock.core.errors import IllegalActionError, InvalidRecordError
from tarock.core.records import record_from_state, replay
from tarock.ottocento import actions as A
from tarock.ottocento.scoring import after_deal, rubber_winner

EXTRA = "S6 B6"  # the dealer's two extra cards in these deals


def lead_state(hand: str, kings_played: str = "", **options):
    """Seat 0 (eldest, dealer 3) to lead, holding ``hand``; ``kings_played`` fell earlier."""
    state = state_from([hand], EXTRA, dealer=3, **options)
    to_first_lead(state, discard=EXTRA)
    assert state.current_player() == 0 and state.phase == "play"
    state.played |= cards(kings_played) if kings_played else 0
    return state


def rule_of(state, code: str, signal) -> str:
    before = (list(state.hands), list(state.trick), len(state.history))
    with pytest.raises(IllegalActionError) as err:
        state.apply(A.Action(A.PLAY, (cards(code).bit_length() - 1, signal)))
    assert (list(state.hands), list(state.trick), len(state.history)) == before
    return err.value.rule


def test_ot_tc_sig_1_busso_on_a_trump_lead():
    state = lead_state("T6 T7")
    play(state, "T6", "busso")
    assert state.observation(2)["signal"] == "busso"


def test_ot_tc_sig_2_before_the_king_has_fallen():
    state = lead_state("S7 S9")
    assert rule_of(state, "S7", "striscio") == "OT-SIG-2"
    state = lead_state("S7 S9", signals="unrestricted")
    play(state, "S7", "striscio")


def test_ot_tc_sig_3_volo_after_the_king_fell():
    state = lead_state("S7 C7", kings_played="SK")
    play(state, "S7", "volo")
    state = lead_state("S7 S9", kings_played="SK")
    assert rule_of(state, "S7", "volo") == "OT-SIG-5"
    state = lead_state("S7 S9", kings_played="SK", signal_truthful=False)
    play(state, "S7", "volo")


def test_ot_tc_sig_4_leading_the_king_itself():
    state = lead_state("SK S9")
    assert rule_of(state, "SK", "striscio") == "OT-SIG-2"


def test_ot_tc_sig_5_only_the_leader_signals():
    state = lead_state("T6 T7")
    play(state, "T6")
    state.apply(A.DONE_ACTION)
    card = state.legal_actions()[0].arg[0]
    with pytest.raises(IllegalActionError) as err:
        state.apply(A.Action(A.PLAY, (card, "busso")))
    assert err.value.rule == "OT-SIG-1"


def test_ot_tc_sig_6_no_signal_on_a_matto_lead():
    assert rule_of(lead_state("MATTO T6"), "MATTO", "busso") == "OT-SIG-2"


def test_ot_tc_sig_7_signals_none():
    assert rule_of(lead_state("T6 T7", signals="none"), "T6", "busso") == "OT-V-4"


def test_ot_tc_sig_8_two_signals():
    assert rule_of(lead_state("T6 T7"), "T6", ("busso", "volo")) == "OT-SIG-3"
    with pytest.raises(InvalidRecordError) as err:
        A.from_json({"type": "play", "card": "T6", "signal": ["busso", "volo"]})
    assert err.value.rule == "OT-SIG-3"


def test_ot_tc_sig_9_unrestricted_still_no_matto_signal():
    state = lead_state("MATTO T6", signals="unrestricted")
    assert rule_of(state, "MATTO", "volo") == "OT-SIG-2"


def test_legal_signals_are_offered_on_leads_only():
    state = lead_state("T6 T7 S7", kings_played="SK")
    offered = {(a.arg[0], a.arg[1]) for a in state.legal_actions()}
    t6, s7 = cards("T6").bit_length() - 1, cards("S7").bit_length() - 1
    assert (t6, "busso") in offered and (t6, "striscio") in offered
    assert (t6, "volo") not in offered  # T7 remains
    assert (s7, "volo") in offered and (s7, "striscio") not in offered


# -- rubber ---------------------------------------------------------------------------------------

RUB1_HAND = "SK SQ SN SJ SA CA DA BA CK DK T9 T8 C7 D6 B10"


def test_ot_tc_rub_1_the_dealers_early_claim():
    state = state_from(["", "", "", RUB1_HAND], "", dealer=3, totals=(500, 760))
    assert state.phase == "claim" and state.current_player() == 3
    assert A.CLAIM_ACTION not in state.legal_actions()
    assert "talon_received" not in state.observation(3)
    declare(state, "set_kings", "CK DK SK")
    assert "claim_shown" in state.observation(3) and "claim_shown" not in state.observation(0)
    assert not state.observation(0)["declarations"]
    declare(state, "seq_swords", "SK SQ SN SJ SA")
    declare(state, "seq_aces", "SA CA DA BA")
    state.apply(A.CLAIM_ACTION)
    result = state.result()
    assert result["outcome"] == "dealer_claim" and result["totals"] == [500, 812]
    assert result["rubber_over"] and result["winner"] == 1
    assert not state.tricks and not state.talon_taken
    assert [i["item"] for i in result["items"]] == ["declarations", "declarations"]
    assert replay(record_from_state(state)).result() == result


def test_ot_tc_rub_2_no_claim_is_possible():
    hand = "CQ DQ SQ C7 C8 D9 S6 B10 B9 T12 T11 T6 T5 D8 S8"
    state = state_from(["", "", "", hand], "BQ", dealer=3, totals=(0, 780))
    assert state.phase == "discard"


def test_ot_tc_rub_3_the_dealers_trick_1_declaration_does_not_end_the_rubber():
    hand = "CQ DQ SQ C7 C8 D9 S6 B10 B9 T12 T11 T6 T5 D8 S8"
    state = state_from(["", "", "", hand], "BQ C6", dealer=3, totals=(0, 780))
    state.apply(A.Action(A.DISCARD, cards("C7 C8")))
    for _ in range(3):
        state.apply(A.DONE_ACTION)
        state.apply(state.legal_actions()[0])
    declare(state, "set_queens", "CQ DQ SQ BQ")
    state.apply(A.DONE_ACTION)
    assert state.running_totals()[1] == 808 and state.phase == "play"


def test_ot_tc_rub_4_the_eldests_claim():
    eldest = "CK DK SK M1 M2 M3"
    state = state_from([eldest], "", dealer=3, totals=(775, 0))
    to_first_lead_without_done(state)
    declare(state, "set_kings", "CK DK SK")
    declare(state, "seq_moors", "M1 M2 M3")
    state.apply(A.DONE_ACTION)
    result = state.result()
    assert result["outcome"] == "declaration_claim" and result["totals"] == [802, 0]
    assert result["winner"] == 0 and not state.tricks


def to_first_lead_without_done(state) -> None:
    if state.phase == "claim":
        state.apply(A.DECLINE_ACTION)
    state.apply(state.legal_actions()[0])


def test_ot_tc_rub_5_a_partners_declaration_waits():
    state = state_from(["", "CQ DQ SQ"], "", dealer=3, totals=(0, 790))
    to_first_lead_without_done(state)
    state.apply(A.DONE_ACTION)
    state.apply(state.legal_actions()[0])
    declare(state, "set_queens", "CQ DQ SQ")  # seat 1, the dealer's partner
    state.apply(A.DONE_ACTION)
    assert state.phase == "play" and state.running_totals() == [0, 804]
    assert rubber_winner([850, 820], 800) == 0 and rubber_winner([850, 870], 800) == 1


def test_ot_tc_rub_6_after_a_deal():
    o = opts()
    assert rubber_winner([812, 640], 800) == 0 and after_deal([812, 640], 5, o) == "won"
    assert rubber_winner([805, 830], 800) == 1
    assert rubber_winner([790, 799], 800) is None and after_deal([790, 799], 5, o) == "continue"


def test_ot_tc_rub_7_a_tie():
    assert after_deal([815, 815], 5, opts()) == "continue"
    assert after_deal([815, 815], 5, opts(tie_rule="draw")) == "draw"


def test_ot_tc_rub_8_the_tie_break_deal():
    weak = "C10 C9 C8 C7 D10 D9 D8 D7 S10 S9 B10 B9 B8 B7 T5"
    state = state_from(["SK SQ SN", "", "", weak], "", dealer=3, totals=(815, 815))
    assert state.phase == "discard"
    to_first_lead_without_done(state)
    declare(state, "seq_swords", "SK SQ SN")
    state.apply(A.DONE_ACTION)
    assert state.result()["totals"] == [825, 815] and state.result()["winner"] == 0


def test_ot_tc_rub_9_millone():
    o = opts(target_score=1000)
    assert after_deal([990, 850], 3, o) == "continue"
    assert after_deal([1004, 990], 3, o) == "won"
    assert opts(player_count=2).target_score == 1000


def test_ot_tc_rub_10_quattro_scartate():
    q = {"match_format": "quattro_scartate", "early_claims": "any_declaration"}
    assert after_deal([612, 590], 4, opts(**q)) == "won"
    assert after_deal([1200, 300], 3, opts(**q)) == "continue"
    state = state_from(["CN DN BN M1 M2 M3", "", "", RUB1_HAND], "", dealer=3,
                       totals=(300, 1200), deals_played=3, **q)
    assert state.phase == "discard"  # no dealer's claim
    state.apply(state.legal_actions()[0])
    declare(state, "set_knights", "CN DN BN")
    state.apply(A.DONE_ACTION)
    assert state.phase == "play"  # the eldest's declaration ends nothing


def test_ot_tc_rub_11_quattro_scartate_tie():
    q = {"match_format": "quattro_scartate"}
    assert after_deal([600, 600], 4, opts(**q)) == "continue"
    assert after_deal([600, 600], 4, opts(tie_rule="draw", **q)) == "draw"
    assert after_deal([600, 610], 5, opts(**q)) == "won"


def test_ot_tc_rub_12_early_claims_none():
    state = state_from(["", "", "", RUB1_HAND], "", dealer=3, totals=(500, 760),
                       early_claims="none")
    assert state.phase == "discard"


def test_ot_tc_rub_13_any_declaration():
    state = state_from(["", "CQ DQ SQ"], "", dealer=3, totals=(0, 790),
                       early_claims="any_declaration")
    to_first_lead_without_done(state)
    state.apply(A.DONE_ACTION)
    state.apply(state.legal_actions()[0])
    declare(state, "set_queens", "CQ DQ SQ")
    state.apply(A.DONE_ACTION)
    assert state.result()["outcome"] == "declaration_claim"
    assert state.result()["winner"] == 1


def test_session_runs_a_rubber_to_its_end():
    from tarock.core.session import play_out, players_act
    from tarock.players import make_player
    g = game(target_score=400)
    session = g.new_session(["a", "b", "c", "d"], 11)
    players = [make_player("random", s) for s in range(4)]
    while not session.is_over():
        session.finish(play_out(session.next_state(), players_act(players)))
    summary = session.summary()
    assert summary["over"] and max(session.totals) >= 400
    assert session.winner == (0 if session.totals[0] > session.totals[1] else 1)
    assert sum(session.sheet.totals) == 0
    for k, record in enumerate(session.records):
        assert record["deals_played"] == k and replay(record).is_terminal()
    with pytest.raises(IllegalActionError):
        session.next_state()


def test_quattro_scartate_session_plays_four_deals():
    from tarock.core.session import play_out, players_act
    from tarock.players import make_player
    g = game(match_format="quattro_scartate", tie_rule="draw")
    session = g.new_session(["a", "b", "c", "d"], 5)
    players = [make_player("random", s) for s in range(4)]
    while not session.is_over():
        session.finish(play_out(session.next_state(), players_act(players)))
    assert session.deals_played == 4 or session.totals[0] == session.totals[1]
