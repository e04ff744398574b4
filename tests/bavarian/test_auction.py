"""§10.6, §10.9 (auction part), §10.10, §10.12 and §10.13 (auction part): the auctions, the
contract window, trumps and the talon."""

from __future__ import annotations

import json

import pytest
from bt_builders import act, bid, game, legal_json, rigged, state

from tarock.bavarian.auction import target
from tarock.core import records
from tarock.core.errors import IllegalActionError, InvalidRecordError


def contracts(st) -> list[str]:
    """The contracts the declarer may announce now (one forced contract is set directly)."""
    if st.phase == "contract":
        return [a["contract"] for a in legal_json(st)]
    return [st.contract]


def bids(st) -> list[dict]:
    return legal_json(st)


# -- §10.6 V1 -------------------------------------------------------------------------------


def test_TC_V1_BID_01() -> None:
    st = act(state("V1P"), "spiele", "pass", "pass")
    assert st.declarer == 0 and contracts(st) == ["frage", "solo", "herzsolo"]


def test_TC_V1_BID_02() -> None:
    st = act(state("V1P"), "spiele", "besser", {"type": "answer", "answer": "hold"},
             "am_besten", {"type": "answer", "answer": "hold"})
    assert st.declarer == 0 and contracts(st) == ["herzsolo"] and st.trump == 2


def test_TC_V1_BID_03() -> None:
    st = act(state("V1P"), "spiele", "besser", {"type": "answer", "answer": "yield"}, "pass")
    assert st.declarer == 1 and contracts(st) == ["solo", "herzsolo"]


def test_TC_V1_BID_04() -> None:
    st = act(state("V1P"), "spiele", "besser", {"type": "answer", "answer": "yield"},
             "am_besten", {"type": "answer", "answer": "yield"})
    assert st.declarer == 2 and contracts(st) == ["herzsolo"]


def test_TC_V1_BID_05() -> None:
    st = act(state("V1P"), "pass", "spiele", "besser", {"type": "answer", "answer": "hold"})
    assert st.declarer == 1 and contracts(st) == ["solo", "herzsolo"]
    assert [q for q, _ in st.history].count(0) == 1  # FH spoke once


def test_TC_V1_BID_06() -> None:
    st = act(state("V1P"), "spiele", "pass", "besser", {"type": "answer", "answer": "yield"})
    assert st.declarer == 2 and contracts(st) == ["solo", "herzsolo"]


def test_TC_V1_BID_07_no_jumps() -> None:
    st = act(state("V1P"), "spiele")
    assert bids(st) == [bid("pass"), bid("besser")]
    with pytest.raises(IllegalActionError, match="BT-V1-BID-3"):
        act(st, "am_besten")
    assert len(st.history) == 1


def test_TC_V1_BID_08_all_pass() -> None:
    st = act(state("V1P"), "pass", "pass", "pass")
    r = st.result()
    assert r["outcome"] == "thrown_in" and r["scores"] == [0, 0, 0] and r["pot"] == 0


def test_TC_V1_TAL_01_frage_exchange() -> None:
    g = game("V1P")
    st = rigged(g, {0: "E10 EK E9 E8 E7 G8 G7 H8 H7 S8 S7",
                    1: "EA EO EU E6 G10 GK GO GU G6 HA H10",
                    2: "HK HO HU H9 SA S10 SK SO SU S9 S6"}, "GA G9 H6")
    act(st, "spiele", "pass", "pass", {"type": "contract", "contract": "frage"})
    assert st.phase == "lay_away" and st.hands[0].bit_count() == 14
    act(st, {"type": "lay_away", "cards": ["E10", "EK", "G9"]})
    assert st.hands[0].bit_count() == 11 and st.trump == 2 and st.phase == "play"
    assert st.pack.points(st.pile()) == 14


def test_TC_V1_TAL_02_hand_game_talon_untouched() -> None:
    st = act(state("V1P"), "spiele", "pass", "pass", {"type": "contract", "contract": "herzsolo"})
    assert st.phase == "play" and not st.talon_taken
    assert "talon" not in st.observation(0)
    assert st.pile() == st.talon_mask


# -- §10.9 V1B auction ----------------------------------------------------------------------


def test_TC_V1B_01_ladder() -> None:
    st = state("V1B")
    assert [b["bid"] for b in bids(st)] == ["pass", "frage", "herzfrage", "solo", "herzsolo",
                                           "bettel"]


def test_TC_V1B_02() -> None:
    st = act(state("V1B"), "frage", "solo", {"type": "answer", "answer": "hold"}, "bettel",
             {"type": "answer", "answer": "yield"})
    assert st.declarer == 2 and contracts(st) == ["bettel"] and st.trump is None


def test_TC_V1B_03_upgrade() -> None:
    st = act(state("V1B"), "herzfrage", "pass", "pass")
    assert contracts(st) == ["herzfrage", "solo", "herzsolo", "bettel"]
    st = act(state("V1B", simple_bettel_upgrade=False), "herzfrage", "pass", "pass")
    assert contracts(st) == ["herzfrage"]


def test_TC_V1B_04_nothing_above_bettel() -> None:
    st = act(state("V1B"), "pass", "bettel")
    assert st.declarer == 1 and st.contract == "bettel" and st.phase == "play"
    assert all(q != 2 for q, _ in st.history)  # RH could only pass: he is not asked


def test_TC_V1B_05_frage_trump_after_laying_away() -> None:
    st = act(state("V1B"), "frage", "pass", "pass", {"type": "contract", "contract": "frage"})
    assert st.phase == "lay_away"
    with pytest.raises(IllegalActionError, match="BT-V1B-TRUMP-1"):
        act(st, {"type": "trump", "suit": "E"})
    st.apply(st.legal_actions()[0])
    assert [a["suit"] for a in legal_json(st)] == ["E", "G", "S"]
    early = act(state("V1B", simple_frage_trump_timing="before_exchange"), "frage", "pass",
                "pass", {"type": "contract", "contract": "frage"})
    assert early.phase == "trump" and not early.talon_taken


# -- §10.10 V2 auction ----------------------------------------------------------------------


def hand(t: int) -> dict:
    return bid("hand", t)


def test_TC_V2_BID_01_phrases() -> None:
    assert target(2) == 66 and target(3) == 71 and target(12) == 116 and target(13) == 120


@pytest.mark.parametrize("senior_may_raise", [True, False])
def test_TC_V2_BID_02(senior_may_raise: bool) -> None:
    st = act(state("V2", haferl_senior_may_raise=senior_may_raise), "pickup", hand(61), "hold",
             hand(66), "hold", hand(71), "pass", "pass")
    assert st.declarer == 1 and st.contract == "hand" and target(st.rung) == 71


def test_TC_V2_BID_03() -> None:
    st = act(state("V2"), "pickup", "pass", "pass")
    assert st.declarer == 0 and st.contract == "pickup" and st.phase == "lay_away"


def test_TC_V2_BID_04_all_pass() -> None:
    st = act(state("V2"), "pass", "pass", "pass")
    assert st.result()["outcome"] == "thrown_in"


def test_TC_V2_BID_05() -> None:
    st = act(state("V2"), "pass", "pickup", hand(61), "pass")
    assert st.declarer == 2 and target(st.rung) == 61 and st.contract == "hand"


def test_TC_V2_BID_06_third_player_after_the_first_duel() -> None:
    st = act(state("V2"), "pickup", hand(61), "pass", hand(66), "hold", "pass")
    assert st.declarer == 1 and target(st.rung) == 66


def test_TC_V2_BID_07_rh_cannot_speak_before_mh() -> None:
    st = act(state("V2"), "pickup")
    assert st.current_player() == 1
    record = records.record_from_state(st)
    record["actions"].append({"seat": 2, "type": "bid", "bid": "hand", "target": 61})
    with pytest.raises(InvalidRecordError, match="seat 1's turn"):
        records.replay(json.loads(json.dumps(record)))


def test_TC_V2_BID_08_senior_raise() -> None:
    st = act(state("V2"), "pickup", hand(61), "hold", hand(66), hand(71), "pass", "pass")
    assert st.declarer == 0 and target(st.rung) == 71
    st = act(state("V2", haferl_senior_may_raise=False), "pickup", hand(61), "hold", hand(66))
    assert bids(st) == [bid("pass"), bid("hold")]
    with pytest.raises(IllegalActionError, match="BT-V2-BID-5"):
        act(st, hand(71))


def test_TC_V2_BID_09_top_rung() -> None:
    def climb(st):  # the junior bids every rung up to 116
        act(st, "pickup", hand(61))
        while target(st.auction.rung) < 116:
            act(st, "hold" if st.auction.stage == "senior" else hand(target(st.auction.rung + 1)))
        return st

    st = climb(state("V2"))
    assert bids(st) == [bid("pass"), bid("hold")]  # no senior raise above 116
    act(st, "hold")  # the senior holds 116: the junior cannot go on, RH cannot challenge
    assert st.phase == "trump" and st.declarer == 0 and target(st.rung) == 116
    st = climb(state("V2", haferl_max_target=120))
    act(st, "hold")
    assert st.current_player() == 1 and bids(st) == [bid("pass"), hand(120)]


def test_TC_V2_BID_10_no_jumps() -> None:
    st = act(state("V2"), "pickup")
    assert bids(st) == [bid("pass"), hand(61)]
    with pytest.raises(IllegalActionError, match="BT-V2-BID-1"):
        act(st, hand(66))


def test_TC_V2_BID_11_senior_starts_the_raises() -> None:
    st = act(state("V2"), "pickup", hand(61), hand(66), hand(71), "pass", "pass")
    assert st.declarer == 1 and target(st.rung) == 71
    st = act(state("V2", haferl_senior_may_raise=False), "pickup", hand(61))
    with pytest.raises(IllegalActionError, match="BT-V2-BID-5"):
        act(st, hand(66))


def test_TC_V2_BID_12_pickup_winner_may_play_hand() -> None:
    st = act(state("V2"), "pickup", "pass", "pass")
    assert st.phase == "lay_away"
    st = act(state("V2", haferl_pickup_may_play_hand=True), "pickup", "pass", "pass")
    assert legal_json(st) == [{"type": "raise", "raise": "keep"},
                              {"type": "raise", "raise": "hand", "target": 61}]
    act(st, {"type": "raise", "raise": "hand", "target": 61})
    assert st.contract == "hand" and st.phase == "trump" and not st.talon_taken


def test_TC_V2_TAL_01_lay_away_the_talon_itself() -> None:
    st = act(state("V2"), "pickup", "pass", "pass")
    talon = st.game.deck.codes(st.talon_mask)
    act(st, {"type": "lay_away", "cards": talon})
    assert st.hands[0] == st.deal.hands[0] and st.pile() == st.talon_mask
    assert [a["suit"] for a in legal_json(st)] == ["E", "G", "H", "S"]


def test_TC_V2_TAL_02_trumps_after_the_exchange() -> None:
    st = act(state("V2"), "pickup", "pass", "pass")
    with pytest.raises(IllegalActionError, match="BT-V2-CON-2"):
        act(st, {"type": "trump", "suit": "H"})
    assert st.phase == "lay_away"


def test_TC_V2_TAL_03_hand_game_trumps_at_once() -> None:
    st = act(state("V2"), "pickup", hand(61), "pass", "pass")
    assert st.phase == "trump" and not st.talon_taken
    assert all("talon" not in st.observation(q) for q in range(3))


# -- §10.12 V2 customs ----------------------------------------------------------------------


def test_TC_V2H_01_pickup_hearts_only() -> None:
    st = act(state("V2", haferl_herz_neischaugn=True), "pickup", "pass", "pass")
    st.apply(st.legal_actions()[0])
    assert st.trump == 2 and st.phase == "play"  # only H: named without a decision


def test_TC_V2H_02_hand_game_free_trumps() -> None:
    st = act(state("V2", haferl_herz_neischaugn=True), "pickup", hand(61), "pass", "pass")
    assert [a["suit"] for a in legal_json(st)] == ["E", "G", "H", "S"]


def test_TC_V2S_01_self_raise() -> None:
    st = act(state("V2", haferl_self_raise="uncontested"), "pickup", "pass", "pass")
    assert st.phase == "raise"
    act(st, {"type": "raise", "raise": "hand", "target": 66})
    assert st.contract == "hand" and target(st.rung) == 66 and not st.talon_taken


def test_TC_V2S_04_contested_winner_may_not_raise() -> None:
    st = act(state("V2", haferl_self_raise="uncontested"), "pickup", hand(61), "pass", "pass")
    assert st.declarer == 1 and st.phase == "trump"


def test_TC_V2S_05_any_winner() -> None:
    st = act(state("V2", haferl_self_raise="any_winner"), "pickup", hand(61), "pass", "pass")
    assert st.phase == "raise"
    targets = [a.get("target") for a in legal_json(st)]
    assert targets[0] is None and targets[1:] == [66 + 5 * k for k in range(11)]


def test_TC_V2B_01_fh_opens_with_a_hand_game() -> None:
    st = state("V2", haferl_berliner=True)
    assert bids(st) == [bid("pass"), hand(61)]
    with pytest.raises(IllegalActionError, match="BT-V2B-1"):
        act(st, "pickup")


def test_TC_V2B_02_dealer_over_a_hand_game() -> None:
    st = act(state("V2", haferl_berliner=True), hand(61), "pass")
    assert st.current_player() == 2 and bids(st) == [bid("pass"), hand(66)]


def test_TC_V2B_03_dealer_pickup_free_trumps() -> None:
    st = act(state("V2", haferl_berliner=True), "pass", "pass", "pickup")
    assert st.contract == "pickup" and st.declarer == 2
    st.apply(st.legal_actions()[0])
    assert [a["suit"] for a in legal_json(st)] == ["E", "G", "H", "S"]


def test_TC_V2B_04_dealer_pickup_hearts() -> None:
    st = act(state("V2", haferl_berliner=True, haferl_berliner_dealer_hearts=True), "pass",
             "pass", "pickup")
    st.apply(st.legal_actions()[0])
    assert st.trump == 2 and st.phase == "play"


# -- §10.13 V3 auction ----------------------------------------------------------------------


def test_TC_V3_BID_01() -> None:
    st = act(state("V3"), "play", "play_hearts")
    assert bids(st) == [bid("pass")]  # BT-ALG-8 asks RH, offering only PASS
    act(st, "pass")
    assert st.declarer == 1 and contracts(st) == ["herzsolo"]


def test_TC_V3_BID_02() -> None:
    st = act(state("V3"), "play_hearts", "pass", "pass")
    assert st.declarer == 0 and contracts(st) == ["herzsolo", "frage"]


def test_TC_V3_BID_03_first_hearts_keeps_priority() -> None:
    st = act(state("V3"), "pass", "play_hearts")
    assert st.current_player() == 2 and bids(st) == [bid("pass")]
    with pytest.raises(IllegalActionError, match="BT-V3-BID-2"):
        act(st, "play_hearts")
    act(st, "pass")
    assert st.declarer == 1 and st.phase == "contract"


def test_TC_V3_BID_04_sole_play() -> None:
    st = act(state("V3"), "play", "pass", "pass")
    assert contracts(st) == ["solo", "herzsolo", "frage"]
    act(st, {"type": "contract", "contract": "solo"})
    assert [a["suit"] for a in legal_json(st)] == ["E", "G", "S"]
    st = act(state("V3", scharfer_sole_bidder_free_choice=False), "play", "pass", "pass")
    assert contracts(st) == ["solo"]


def test_TC_V3_BID_05_no_later_plain_play() -> None:
    st = act(state("V3"), "play")
    assert bids(st) == [bid("pass"), bid("play_hearts")]
    with pytest.raises(IllegalActionError, match="BT-V3-BID-2"):
        act(st, "play")


def test_TC_V3_BID_06_all_pass() -> None:
    st = act(state("V3"), "pass", "pass", "pass")
    assert st.result()["outcome"] == "thrown_in"


@pytest.mark.parametrize("reveal", ["auto", "declarer_only", "all"])
def test_TC_V3_TAL_01_frage_talon(reveal: str) -> None:
    st = act(state("V3", talon_reveal=reveal), "play_hearts", "pass", "pass",
             {"type": "contract", "contract": "frage"})
    talon = st.game.deck.codes(st.talon_mask)
    assert st.observation(0)["talon"] == [st.game.deck.code(c) for c in st.deal.talon]
    for q in (1, 2):
        assert ("talon" in st.observation(q)) == (reveal == "all")
    lay_away = st.game.action_from_json({"type": "lay_away", "cards": talon})
    assert st.describe_for(0, 0, lay_away) == "lay away " + " ".join(talon)
    assert st.describe_for(1, 0, lay_away) == "lays away 3 cards"
    st.apply(lay_away)
    assert "laid_away" in st.observation(0)
    assert all("laid_away" not in st.observation(q) for q in (1, 2))
