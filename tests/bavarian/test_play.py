"""§10.4 and §10.5: trick winner, legal plays, the lead and the defenders' shared pile."""

from __future__ import annotations

import pytest
from bt_builders import act, game, legal_json, play_rest, rigged, state

from tarock.bavarian.cards import FULL, SUITS
from tarock.bavarian.play import legal_cards
from tarock.core.errors import IllegalActionError

IDX = FULL.deck.index


def winner(trump: str | None, cards: str, bettel: bool = False) -> str:
    t = None if trump is None else SUITS.index(trump)
    return "XYZ"[FULL.trick_winner_index([IDX(c) for c in cards.split()], t, bettel)]


@pytest.mark.parametrize(("case", "trump", "cards", "expected"), [
    ("TC-TRICK-01", "H", "E10 EA H6", "Z"),
    ("TC-TRICK-02", "H", "GK G10 EA", "Y"),
    ("TC-TRICK-03", "S", "SU S10 SA", "Z"),
    ("TC-TRICK-04", "H", "E7 H7 H9", "Z"),
    ("TC-TRICK-05", "G", "E10 EU E9", "X"),
    ("TC-TRICK-06", None, "E10 EU E9", "Y"),
    ("TC-TRICK-07", None, "EK E10 EA", "Z"),
    ("TC-TRICK-08", None, "G10 GK E6", "Y"),
])
def test_TC_TRICK_01_to_08(case: str, trump: str | None, cards: str, expected: str) -> None:
    assert winner(trump, cards, bettel=trump is None) == expected, case


def legal(trump: str | None, trick: str, hand: str, must_beat: bool = False) -> set[str]:
    t = None if trump is None else SUITS.index(trump)
    mask = legal_cards(FULL, FULL.deck.mask(hand.split()), [IDX(c) for c in trick.split()], t,
                       trump is None, must_beat)
    return set(FULL.deck.codes(mask))


@pytest.mark.parametrize(("case", "trump", "trick", "hand", "expected", "beat"), [
    ("TC-LEGAL-01", "H", "EK", "E9 GA H7 S10", "E9", None),
    ("TC-LEGAL-02", "H", "EK", "GA H7 HO S10", "H7 HO", None),
    ("TC-LEGAL-03", "H", "EK", "GA S10", "GA S10", None),
    ("TC-LEGAL-04", "H", "H9", "HA E7", "HA", None),
    ("TC-LEGAL-05", "G", "EK", "EA E6", "EA E6", "EA"),
    ("TC-LEGAL-06", "H", "EK HK", "HA H7 G9", "HA H7", "HA"),
    ("TC-LEGAL-07", "H", "EK HK", "H7 G9", "H7", "H7"),
    ("TC-LEGAL-08", None, "E10", "EA G9", "EA", "EA"),
    ("TC-LEGAL-09", None, "E10", "GA H7", "GA H7", "GA H7"),
])
def test_TC_LEGAL_01_to_09(case: str, trump: str | None, trick: str, hand: str, expected: str,
                           beat: str | None) -> None:
    assert legal(trump, trick, hand) == set(expected.split()), case
    if beat is not None:  # must_beat=true (never in Bettel)
        assert legal(trump, trick, hand, must_beat=True) == set(beat.split()), case


def test_TC_LEGAL_10_any_lead() -> None:
    hand = "EA G9 H7 S10 SU"
    for trump in ("H", "G", None):
        assert legal(trump, "", hand) == set(hand.split())


def test_illegal_card_names_the_rule() -> None:
    g = game("V1F")
    st = rigged(g, {0: "E6 E7 E8 G6 G7 G8 G9 H6 H7 H8 E9",
                    1: "EK EO EU GA G10 GK GO GU S10 SK SO",
                    2: "HA H10 HK HO HU H9 SU S9 S8 S7 S6"}, "EA SA E10")
    act(st, "spiele", "pass", "pass", {"type": "contract", "contract": "solo"},
        {"type": "trump", "suit": "S"}, {"type": "play", "card": "E6"})
    with pytest.raises(IllegalActionError, match="BT-PLAY-5"):
        act(st, {"type": "play", "card": "SO"})
    with pytest.raises(IllegalActionError, match="BT-IRR-1"):
        act(st, {"type": "play", "card": "HA"})
    act(st, {"type": "play", "card": "EK"})
    with pytest.raises(IllegalActionError, match="BT-PLAY-6"):
        act(st, {"type": "play", "card": "HA"})  # RH is void in E and holds trumps
    assert len(st.history) == 7  # nothing half-applied


def test_TC_PLAY_01_v1_solo_rh_declarer_fh_leads() -> None:
    st = act(state("V1F"), "pass", "pass", "spiele", {"type": "contract", "contract": "solo"},
             {"type": "trump", "suit": "E"})
    assert st.declarer == 2 and st.phase == "play" and st.current_player() == 0


def test_TC_PLAY_02_fh_leads_v2_hand_and_v3_frage() -> None:
    st = act(state("V2"), "pickup", {"type": "bid", "bid": "hand", "target": 61},
             "pass", "pass", {"type": "trump", "suit": "G"})
    assert st.declarer == 1 and st.contract == "hand" and st.current_player() == 0
    st = act(state("V3"), "pass", "pass", "play_hearts", {"type": "contract", "contract": "frage"})
    assert st.phase == "lay_away"
    act(st, {"type": "lay_away", "cards": st.game.deck.codes(st.talon_mask)})
    assert st.declarer == 2 and st.current_player() == 0


def test_TC_PLAY_03_trick_winner_leads_next() -> None:
    st = act(state("V1F", seed=4), "spiele", "pass", "pass",
             {"type": "contract", "contract": "herzsolo"})
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    assert st.current_player() == st.tricks[0].winner


def test_TC_PLAY_04_defenders_share_one_pile() -> None:
    for seed in range(30):
        st = play_rest(state("V2", seed=seed), seed=seed)
        if st.declarer is None:
            continue
        r = st.result()
        defenders = sum(st.pack.points(sum(1 << c for c in t.cards)) for t in st.tricks
                        if t.winner != st.declarer)
        assert defenders == 120 - r["points"]
        assert {"item": "card_points", "team": "defenders", "points": defenders} in r["items"]
    assert legal_json(state("V2")) == [{"type": "bid", "bid": "pass"},
                                       {"type": "bid", "bid": "pickup"}]
