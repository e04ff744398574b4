"""§10.1 to §10.3: the packs, the deal patterns, the first dealer and the seats."""

from __future__ import annotations

import pytest
from bt_builders import game, state

from tarock.bavarian.cards import FULL, SHORT, make_pack, parse_code, strength
from tarock.bavarian.scoring import split_fund
from tarock.bavarian.session import BavarianSession, choose_first_dealer, draw_rounds
from tarock.bavarian.talon import active_seats, deal_pack
from tarock.core.errors import InvalidOptionError, InvalidRecordError
from tarock.core.session import ScoreSheet


def test_TC_DECK_01_full_pack() -> None:
    pack = make_pack()
    assert len(pack) == len(set(pack)) == 36
    for suit in "EGHS":
        assert sum(c[0] == suit for c in pack) == 9


def test_TC_DECK_02_point_values() -> None:
    pts = {c.code[1:]: c.points for c in FULL.deck.cards}
    assert pts == {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0, "6": 0}


def test_TC_DECK_03_thirty_per_suit_and_120() -> None:
    for s in range(4):
        assert FULL.points(FULL.suit_masks[s]) == 30
    assert FULL.points(FULL.deck.full_mask) == 120


def test_TC_DECK_04_short_pack() -> None:
    pack = make_pack(short=True)
    assert len(pack) == 24
    assert {c[1:] for c in pack} == {"A", "10", "K", "O", "U", "9"}
    assert SHORT.points(SHORT.deck.full_mask) == 120
    assert sorted(c.code for c in SHORT.deck.cards if c.points == 0) == ["E9", "G9", "H9", "S9"]


def test_TC_DECK_05_normal_order() -> None:
    ranks = ["A", "10", "K", "O", "U", "9", "8", "7", "6"]
    powers = [strength(r) for r in ranks]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 9


def test_TC_DECK_06_bettel_order() -> None:
    ranks = ["A", "K", "O", "U", "10", "9", "8", "7", "6"]
    powers = [strength(r, bettel=True) for r in ranks]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 9


def test_TC_DECK_07_a_trump_suit_is_one_whole_suit() -> None:
    g = FULL.suit_masks[1]
    assert FULL.deck.codes(g) == ["GA", "G10", "GK", "GO", "GU", "G9", "G8", "G7", "G6"]
    for code in ("EO", "HU", "SO", "EU", "HO", "SU"):
        assert not g & (1 << FULL.deck.index(code))


def test_TC_DECK_08_card_codes() -> None:
    assert [parse_code(c) for c in ("H10", "GO", "SU", "E6")] == [
        ("H", "10"), ("G", "O"), ("S", "U"), ("E", "6")]
    for bad in ("H1", "X9", "E5"):
        with pytest.raises(InvalidRecordError, match="BT-DECK-1"):
            parse_code(bad)
        with pytest.raises(InvalidRecordError):
            FULL.deck.index(bad)


def _canonical_deal(variant: str, short: bool = False) -> tuple[list[list[str]], list[str]]:
    pack = (SHORT if short else FULL)
    hands, talon = deal_pack(list(range(pack.size)), variant, (0, 1, 2), 3)
    return [pack.deck.codes(h) for h in hands], [pack.deck.code(c) for c in talon]


def _canon(codes: str) -> list[str]:
    order = make_pack()
    return sorted(codes.split(), key=order.index)


def test_TC_DEAL_01_simple() -> None:
    hands, talon = _canonical_deal("simple")
    assert talon == ["EA", "E10", "EK"]
    assert hands[0] == _canon("EO EU E9 E8 G8 G7 G6 H8 H7 H6 SA")
    assert hands[1] == _canon("E7 E6 GA G10 HA H10 HK S10 SK SO SU")
    assert hands[2] == _canon("GK GO GU G9 HO HU H9 S9 S8 S7 S6")


def test_TC_DEAL_02_haferl() -> None:
    hands, talon = _canonical_deal("haferl")
    assert hands[0] == _canon("EA E10 EK EO GO GU G9 H8 H7 H6 SA")
    assert hands[1] == _canon("EU E9 E8 E7 G8 G7 G6 S10 SK SO SU")
    assert hands[2] == _canon("E6 GA G10 GK HA H10 HK S9 S8 S7 S6")
    assert talon == ["HO", "HU", "H9"]


def test_TC_DEAL_03_scharfer_short_pack() -> None:
    hands, talon = _canonical_deal("scharfer", short=True)
    assert talon == ["EA", "E10", "EK"]
    assert hands[0] == _canon("EO EU E9 GA HO HU H9")
    assert hands[1] == _canon("G10 GK GO GU SA S10 SK")
    assert hands[2] == _canon("G9 HA H10 HK SO SU S9")


@pytest.mark.parametrize("variant", ["V1P", "V2", "V3"])
def test_TC_DEAL_04_every_card_dealt_once(variant: str) -> None:
    for seed in range(20):
        st = state(variant, seed=seed, dealer=seed % 3)
        n = st.pack.tricks
        assert [h.bit_count() for h in st.hands] == [n, n, n]
        total = sum(st.hands) + st.talon_mask
        assert total == st.pack.deck.full_mask and 3 * n + 3 == st.pack.size


def test_TC_MATCH_01_draw_highest() -> None:
    assert choose_first_dealer("draw_highest", ["HK", "S10", "E9"], 3) == 1


def test_TC_MATCH_02_tied_players_draw_again() -> None:
    pack = ["EA", "GA", "H7", "S6", "E8", "G9"]
    rounds = draw_rounds(pack, 3)
    assert rounds[0] == {0: "EA", 1: "GA", 2: "H7"}
    assert set(rounds[1]) == {0, 1}  # seat 2 is out of the draw
    assert choose_first_dealer("draw_highest", pack, 3) == 1  # S6 < E8


def test_TC_MATCH_03_first_ace() -> None:
    assert choose_first_dealer("first_ace", ["G9", "SA", "E6"], 3) == 1
    assert choose_first_dealer("seat_0", ["G9", "SA"], 3) == 0


def test_TC_MATCH_04_dealer_rotation_even_after_a_throw_in() -> None:
    assert active_seats(3, 2) == (0, 1, 2)
    g = game("V2")
    session = BavarianSession(g, ["a", "b", "c"], seed=1, first_dealer=2)
    st = session.next_state()
    assert st.active == (0, 1, 2)
    while not st.is_terminal():
        st.apply(st.legal_actions()[0])  # everybody passes
    assert st.result()["outcome"] == "thrown_in"
    session.finish(st)
    assert session.dealer == 0


def test_TC_MATCH_05_four_seats() -> None:
    g = game("V2", seats=4, haferl_berliner=True)
    st = g.new_deal_state(5, dealer=3)
    assert st.hands[3] == 0 and st.active == (0, 1, 2)
    assert st.auction.privileged == 2  # type: ignore[union-attr]
    # Seat 2 declares: defender A is seat 0 (the sitting-out seat 3 is skipped).
    from bt_builders import act, play_rest

    act(st, "pass", "pass", "pickup")
    play_rest(st)
    pays = {i["role"]: i["seat"] for i in st.result()["items"] if i["item"] == "payment"}
    assert pays == {"decl": 2, "defA": 0, "defB": 1}
    assert st.result()["scores"][3] == 0


@pytest.mark.parametrize("key", ["kitty_stake", "haferl_pot_stake"])
def test_TC_MATCH_06_zero_stake_rejected(key: str) -> None:
    with pytest.raises(InvalidOptionError, match=key):
        game("V2", **{key: 0})


def test_TC_MATCH_07_final_split() -> None:
    assert split_fund(7, 4) == [2, 2, 2, 1]
    assert split_fund(7, 3) == [3, 2, 2]
    g = game("V2", seats=4)
    session = BavarianSession(g, ["a", "b", "c", "d"], seed=3)
    assert session.fund == 400
    session.stop()
    assert session.final_split == [100, 100, 100, 100]
    assert session.fund == 0 and session.sheet.totals == [0, 0, 0, 0]
    sheet = ScoreSheet(["a", "b", "c"])
    sheet.add([-3, -2, -2], pot=7)
    assert sheet.pot == 7
