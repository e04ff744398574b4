"""§10.7, §10.8, §10.9 (settlement), §10.11, §10.12 (V2S payments) and §10.13: settlement.

Amounts in the rules document are in cents; the engine works in u (1c = 2u), so ``c(15)`` is 30u.
Most cases call the pure settlement functions with the document's P; the rigged hands below play
through the engine with deals on which no card choice can change who wins the tricks.
"""

from __future__ import annotations

import pytest
from bt_builders import VARIANTS, act, game, play_rest, rigged

from tarock.bavarian.cards import FULL
from tarock.bavarian.options import BavarianOptions
from tarock.bavarian.scoring import (
    Ledger,
    settle_v1f,
    settle_v1p,
    settle_v2,
    settle_v3,
    take_from_fund,
)
from tarock.bavarian.session import BavarianSession


def c(cents: float) -> int:
    return round(2 * cents)


def opt(variant: str, **options) -> BavarianOptions:
    return BavarianOptions.make({**VARIANTS[variant], **options})


def v1p(contract: str, p: int, decl_all: bool = False, def_all: bool = False,
        fund: int = 10_000, bettel_won: bool = False, **options) -> Ledger:
    return settle_v1p(opt("V1P", **options), fund, contract, p, decl_all, def_all, bettel_won)


def v1f(contract: str, p: int, decl_all: bool = False, def_all: bool = False,
        bettel_won: bool = False, **options) -> Ledger:
    return settle_v1f(opt("V1F", **options), contract, p, decl_all, def_all, bettel_won)


def won(amount_c: float, fund: bool = True) -> Ledger:
    """The kitty (or pot) pays the declarer."""
    return Ledger(decl=c(amount_c), fund=-c(amount_c))


def each(amount_c: float) -> Ledger:
    """Each defender pays the declarer (a negative amount: the declarer pays each)."""
    return Ledger(decl=2 * c(amount_c), defA=-c(amount_c), defB=-c(amount_c))


def shared(loss_c: float, share_c: float) -> Ledger:
    """A V1P loss: the declarer pays L, each defender gets S, the kitty the difference."""
    return Ledger(decl=-c(loss_c), defA=c(share_c), defB=c(share_c),
                  fund=c(loss_c) - 2 * c(share_c))


# -- §10.7 V1P ------------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "contract", "p", "decl_all", "expected"), [
    ("TC-V1P-01", "solo", 71, False, won(15)),
    ("TC-V1P-01", "herzsolo", 71, False, won(15)),
    ("TC-V1P-02", "herzsolo", 50, False, shared(10, 5)),
    ("TC-V1P-03", "herzsolo", 49, False, shared(15, 10)),
    ("TC-V1P-04", "solo", 120, True, won(120)),
    ("TC-V1P-05", "frage", 120, True, won(60)),
    ("TC-V1P-06", "solo", 120, True, won(120)),
    ("TC-V1P-06", "herzsolo", 120, True, won(120)),
    ("TC-V1P-07", "frage", 80, False, won(10)),
    ("TC-V1P-08", "frage", 61, False, won(5)),
    ("TC-V1P-09", "frage", 71, False, won(10)),
    ("TC-V1P-10", "solo", 61, False, won(5)),
    ("TC-V1P-11", "solo", 90, False, won(30)),
    ("TC-V1P-13", "solo", 120, False, won(60)),
    ("TC-V1P-14", "frage", 50, False, shared(5, 5)),
    ("TC-V1P-15", "frage", 49, False, shared(10, 5)),
])
def test_TC_V1P_01_to_15(case: str, contract: str, p: int, decl_all: bool,
                         expected: Ledger) -> None:
    assert v1p(contract, p, decl_all) == expected, case


def test_TC_V1P_03_kitty_adds_5c() -> None:
    ledger = v1p("herzsolo", 49)
    assert (ledger.decl, ledger.fund, ledger.defA, ledger.defB) == (-30, -10, 20, 20)


@pytest.mark.parametrize("contract", ["frage", "solo", "herzsolo"])
def test_TC_V1P_12_draw(contract: str) -> None:
    assert v1p(contract, 60) == Ledger()


def test_TC_V1P_16_defenders_take_every_trick() -> None:
    assert v1p("solo", 0, def_all=True) == shared(60, 30)
    assert v1p("solo", 0, def_all=True, overshoot_defender_durch_doubles=True) == \
        shared(120, 60)


def test_TC_V1P_17_nearest() -> None:
    assert v1p("solo", 71, overshoot_rounding="nearest") == won(10)


def test_TC_V1P_18_nearest_loss() -> None:
    assert v1p("herzsolo", 49, overshoot_rounding="nearest") == shared(10, 5)


def test_TC_V1P_19_untouched_talon_counts() -> None:
    p = 50 + FULL.points(FULL.deck.mask(["EA", "E9", "E8"]))
    assert p == 61 and v1p("herzsolo", p) == won(5)


def test_TC_V1P_20_laid_away_cards_count() -> None:
    p = FULL.points(FULL.deck.mask(["EA", "E10", "E9"])) + 40
    assert p == 61 and v1p("frage", p) == won(5)


def durch_hand(variant: str, fund: int, **options):
    """FH holds every Schellen and EA GA: a Solo in S takes all 11 tricks, however played."""
    g = game(variant, **options)
    st = rigged(g, {0: "SA S10 SK SO SU S9 S8 S7 S6 EA GA",
                    1: "E10 EK EO EU E9 E8 E7 E6 G10 GK GO",
                    2: "GU G9 G8 G7 G6 HA H10 HK HO HU H9"}, "H8 H7 H6", fund=fund)
    act(st, "spiele", "pass", "pass", {"type": "contract", "contract": "solo"},
        {"type": "trump", "suit": "S"})
    return play_rest(st)


def test_TC_V1P_21_refill() -> None:
    st = durch_hand("V1P", fund=c(10))
    r = st.result()
    assert r["points"] == 120 and {"item": "durch", "team": "declarer"} in r["items"]
    # each player pays 100c; the kitty 310c pays 120c and keeps 190c
    assert r["scores"] == [c(-100 + 120), c(-100), c(-100)]
    assert c(10) + r["pot"] == c(190) and not r["ends_match"]


def test_TC_V1P_22_end_match() -> None:
    st = durch_hand("V1P", fund=c(10), kitty_shortfall="end_match")
    r = st.result()
    assert r["scores"] == [c(10), 0, 0] and r["pot"] == -c(10) and r["ends_match"]


def test_TC_V1P_23_nearest_rounds_to_nothing() -> None:
    ledger = v1p("frage", 63, overshoot_rounding="nearest")
    assert ledger == Ledger() and not ledger.ends_match


def test_TC_V1P_24_short_kitty_end_match() -> None:
    ledger = v1p("herzsolo", 49, fund=c(2), kitty_shortfall="end_match")
    assert ledger == Ledger(decl=-c(15), defA=c(10), defB=c(7), fund=-c(2), ends_match=True)


def test_TC_V1P_25_kitty_emptied_exactly() -> None:
    ended = v1p("solo", 71, fund=c(15), kitty_shortfall="end_match")
    goes_on = v1p("solo", 71, fund=c(15))
    assert ended == Ledger(decl=c(15), fund=-c(15), ends_match=True)
    assert goes_on == Ledger(decl=c(15), fund=-c(15))


# -- §10.8 V1F ------------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "contract", "p", "expected"), [
    ("TC-V1F-01", "solo", 75, each(50)),
    ("TC-V1F-02", "herzsolo", 91, each(60)),
    ("TC-V1F-03", "solo", 90, each(50)),
    ("TC-V1F-03", "solo", 61, each(50)),
    ("TC-V1F-04", "frage", 75, each(25)),
    ("TC-V1F-05", "frage", 91, each(30)),
    ("TC-V1F-06", "solo", 45, each(-50)),
    ("TC-V1F-07", "solo", 30, each(-60)),
    ("TC-V1F-08", "solo", 29, each(-60)),
    ("TC-V1F-09", "frage", 59, each(-25)),
    ("TC-V1F-09", "frage", 20, each(-30)),
])
def test_TC_V1F_01_to_09(case: str, contract: str, p: int, expected: Ledger) -> None:
    assert v1f(contract, p) == expected, case


def test_TC_V1F_07_and_08_schneider_max_29() -> None:
    assert v1f("solo", 30, declarer_schneider_max=29) == each(-50)
    assert v1f("solo", 29, declarer_schneider_max=29) == each(-60)


@pytest.mark.parametrize("contract", ["frage", "solo", "herzsolo"])
def test_TC_V1F_10_draw(contract: str) -> None:
    assert v1f(contract, 60) == Ledger()


def test_TC_V1F_11_durch() -> None:
    assert v1f("solo", 120, decl_all=True) == each(60)
    assert v1f("frage", 120, decl_all=True) == each(30)
    assert v1f("solo", 120, decl_all=True, fixed_durch="extra_step") == each(70)
    assert v1f("frage", 120, decl_all=True, fixed_durch="extra_step") == each(35)


def every_trick_to_defenders(variant: str, talon: str, **options):
    """FH holds the lowest E, G and H cards and no Schellen: a Solo in S loses every trick."""
    g = game(variant, **options)
    st = rigged(g, {0: "E6 E7 E8 E9 G6 G7 G8 G9 H6 H7 H8",
                    1: "EK EO EU GA G10 GK GO GU S10 SK SO",
                    2: "HA H10 HK HO HU H9 SU S9 S8 S7 S6"}, talon)
    act(st, "spiele", "pass", "pass", {"type": "contract", "contract": "solo"},
        {"type": "trump", "suit": "S"})
    return st


@pytest.mark.parametrize("seed", range(3))
def test_TC_V1F_12_defenders_take_every_trick(seed: int) -> None:
    st = play_rest(every_trick_to_defenders("V1F", "EA SA E10"), seed=seed)
    r = st.result()
    assert r["points"] == 32 and r["tricks"]["declarer"] == 0
    assert r["scores"] == [-c(120), c(60), c(60)]
    st = play_rest(every_trick_to_defenders("V1F", "EA SA E10", fixed_durch="extra_step"),
                   seed=seed)
    assert st.result()["scores"] == [-c(140), c(70), c(70)]


# -- §10.9 V1B settlement -------------------------------------------------------------------


def bettel_hand(**options):
    """FH holds the lowest cards of E, G and H: as Bettel declarer he can never win a trick."""
    g = game("V1B", **options)
    st = rigged(g, {0: "E8 E7 E6 G9 G8 G7 G6 H9 H8 H7 H6",
                    1: "EO E9 GA G10 GK GO GU SA S10 SK SO",
                    2: "EU HA H10 HK HO HU SU S9 S8 S7 S6"}, "EA E10 EK")
    return act(st, "bettel")


@pytest.mark.parametrize("seed", range(3))
def test_TC_V1B_06_bettel_won_fixed(seed: int) -> None:
    r = play_rest(bettel_hand(simple_payment="fixed"), seed=seed).result()
    assert r["outcome"] == "won" and r["scores"] == [c(200), -c(100), -c(100)]


def test_TC_V1B_07_bettel_lost_early() -> None:
    found = 0
    for seed in range(400):
        st = act(game("V1B", simple_payment="fixed").new_deal_state(seed, 2), "bettel")
        play_rest(st, seed=seed)
        if [t.winner == 0 for t in st.tricks] != [False, False, True]:
            continue
        found += 1
        assert st.result()["scores"] == [-c(200), c(100), c(100)]
        assert len(st.tricks) == 3 and st.hands[0].bit_count() == 8
    assert found
    st = act(game("V1B", simple_payment="fixed", bettel_early_end=False).new_deal_state(1, 2),
             "bettel")
    play_rest(st, seed=1)
    assert len(st.tricks) == 11


def test_TC_V1B_08_bettel_base_solo() -> None:
    assert v1f("bettel", 0, bettel_won=True, simple_bettel=True, bettel_base="solo") == each(200)


def test_TC_V1B_09_bettel_won_overshoot() -> None:
    r = play_rest(bettel_hand()).result()
    assert r["scores"] == [c(100), 0, 0] and r["pot"] == -c(100)
    assert v1p("bettel", 0, bettel_won=True) == won(100)


def test_TC_V1B_10_bettel_lost_overshoot() -> None:
    assert v1p("bettel", 30, bettel_won=False) == shared(100, 50)


def test_TC_V1B_11_bettel_ignores_card_points() -> None:
    st = play_rest(bettel_hand(simple_payment="fixed"))
    r = st.result()
    assert r["outcome"] == "won" and st.pack.points(st.talon_mask) == 25
    assert "talon" not in st.observation(1)


def test_TC_V1B_12_herzfrage_won() -> None:
    assert v1f("herzfrage", 75) == each(25)
    assert v1p("herzfrage", 75) == won(10)


@pytest.mark.parametrize("contract", ["frage", "herzfrage", "solo", "herzsolo"])
def test_TC_V1B_13_draw(contract: str) -> None:
    assert v1f(contract, 60, simple_bettel=True) == Ledger()
    assert v1p(contract, 60, simple_bettel=True) == Ledger()


def test_TC_V1B_14_bettel_rate() -> None:
    assert v1p("bettel", 0, bettel_won=True, overshoot_frage_rate=2) == won(200)
    assert v1p("bettel", 0, bettel_won=False, overshoot_frage_rate=2) == shared(200, 100)


# -- §10.11 V2 ------------------------------------------------------------------------------


def v2(rung: int, p: int, fund: int = 300, **options) -> Ledger:
    return settle_v2(opt("V2", **options), fund, rung, p)


def lost_pickup(cents: float) -> Ledger:
    return Ledger(decl=-c(cents), defA=c(cents), defB=c(cents), fund=-c(cents))


@pytest.mark.parametrize(("case", "p", "expected"), [
    ("TC-V2-PAY-01", 61, won(5)), ("TC-V2-PAY-02", 65, won(5)), ("TC-V2-PAY-03", 66, won(6)),
    ("TC-V2-PAY-04", 70, won(10)), ("TC-V2-PAY-05", 91, won(31)), ("TC-V2-PAY-06", 120, won(60)),
    ("TC-V2-PAY-07", 60, lost_pickup(5)), ("TC-V2-PAY-08", 56, lost_pickup(5)),
    ("TC-V2-PAY-09", 55, lost_pickup(6)), ("TC-V2-PAY-10", 50, lost_pickup(11)),
    ("TC-V2-PAY-11", 30, lost_pickup(31)),
])
def test_TC_V2_PAY_01_to_11_pickup(case: str, p: int, expected: Ledger) -> None:
    assert v2(0, p) == expected, case


def test_TC_V2_PAY_05_pot_after() -> None:
    assert c(150) + v2(0, 91).fund == c(119)


def test_TC_V2_PAY_12_hand_61_won() -> None:
    assert v2(1, 70) == each(20) and v2(1, 70, haferl_hand_payment="total") == each(10)


def test_TC_V2_PAY_13_hand_61_lost() -> None:
    assert v2(1, 55) == each(-12) and v2(1, 55, haferl_hand_payment="total") == each(-6)


def test_TC_V2_PAY_14_hand_61_at_60() -> None:
    assert v2(1, 60) == each(-10) and v2(1, 60, haferl_hand_payment="total") == each(-5)


@pytest.mark.parametrize(("case", "p", "anchored", "shifted"), [
    ("TC-V2-PAY-15", 80, 40, 20), ("TC-V2-PAY-16", 68, -10, -10),
    ("TC-V2-PAY-17", 50, -22, -42), ("TC-V2-PAY-18", 71, 22, 10),
])
def test_TC_V2_PAY_15_to_18_hand_71(case: str, p: int, anchored: int, shifted: int) -> None:
    assert v2(3, p) == each(anchored), case
    assert v2(3, p, haferl_raised_scale="shifted") == each(shifted), case


def test_TC_V2_PAY_19_hand_games_leave_the_pot() -> None:
    for rung in range(1, 13):
        for p in range(0, 121, 7):
            assert v2(rung, p).fund == 0


def test_TC_V2_PAY_20_untouched_talon_counts() -> None:
    p = 45 + FULL.points(FULL.deck.mask(["G10", "GK", "GO"]))
    assert p == 62 and v2(1, p) == each(10)


def test_TC_V2_PAY_21_laid_away_cards_count() -> None:
    p = FULL.points(FULL.deck.mask(["EA", "E10", "E6"])) + 40
    assert p == 61 and v2(0, p) == won(5)


def test_TC_V2_PAY_22_short_pot() -> None:
    assert v2(0, 70, fund=c(3)) == Ledger(decl=c(3), fund=-c(3), ends_match=True)
    refill = v2(0, 70, fund=c(3), haferl_pot_empty="refill")
    assert refill == Ledger(decl=c(10), fund=-c(10), refills=1)
    assert c(3) + 3 * c(50) + refill.fund == c(143)


def test_TC_V2_PAY_23_short_pot_loss() -> None:
    assert v2(0, 50, fund=c(3)) == Ledger(decl=-c(11), defA=c(11), defB=c(3), fund=-c(3),
                                          ends_match=True)


def test_TC_V2_PAY_24_pot_stake() -> None:
    assert opt("V2").haferl_pot_stake == c(50)
    session = BavarianSession(game("V2"), ["a", "b", "c"], seed=1)
    assert session.fund == c(150) and session.sheet.totals == [-c(50)] * 3


def test_TC_V2_PAY_25_pot_emptied_exactly() -> None:
    assert v2(0, 70, fund=c(10)) == Ledger(decl=c(10), fund=-c(10), ends_match=True)
    assert v2(0, 70, fund=c(10), haferl_pot_empty="refill") == Ledger(decl=c(10), fund=-c(10))


def test_TC_60_06_hand_66_at_60() -> None:
    assert v2(2, 60) == each(-10)
    assert v2(2, 60, haferl_raised_scale="shifted") == each(-12)


def test_take_from_fund_refills_as_often_as_needed() -> None:
    assert take_from_fund(0, 1000, "refill", 100, 3) == (1000, 4, False)
    assert take_from_fund(5, 3, "end_match", 100, 3) == (3, 0, False)


# -- §10.12 V2S payments --------------------------------------------------------------------


def test_TC_V2S_02_raised_to_66_lost() -> None:
    assert v2(2, 64) == each(-10)


def test_TC_V2S_03_raised_to_66_won() -> None:
    assert v2(2, 70) == each(20)


# -- §10.13 V3 ------------------------------------------------------------------------------


def v3(contract: str, p: int, decl_all: bool = False, def_all: bool = False, **options):
    return settle_v3(opt("V3", **options), contract, p, decl_all, def_all)


@pytest.mark.parametrize(("case", "contract", "p", "decl_all", "expected"), [
    ("TC-V3-01", "herzsolo", 91, False, each(20)),
    ("TC-V3-02", "frage", 91, False, each(10)),
    ("TC-V3-03", "herzsolo", 29, False, each(-20)),
    ("TC-V3-04", "frage", 29, False, each(-20)),
    ("TC-V3-05", "solo", 60, False, each(-10)),
    ("TC-V3-05", "herzsolo", 60, False, each(-10)),
    ("TC-V3-06", "frage", 60, False, each(-10)),
    ("TC-V3-07", "solo", 75, False, each(10)),
    ("TC-V3-07", "frage", 75, False, each(5)),
    ("TC-V3-08", "solo", 120, True, each(30)),
    ("TC-V3-09", "frage", 120, True, each(15)),
    ("TC-V3-13", "frage", 45, False, each(-10)),
    ("TC-V3-14", "herzsolo", 120, False, each(20)),
])
def test_TC_V3_01_to_14(case: str, contract: str, p: int, decl_all: bool,
                        expected: Ledger) -> None:
    assert v3(contract, p, decl_all) == expected, case


def scharfer_losing_solo(talon: str, fh: str, mh: str, rh: str):
    g = game("V3")
    st = rigged(g, {0: fh, 1: mh, 2: rh}, talon)
    return act(st, "play", "pass", "pass", {"type": "contract", "contract": "solo"},
               {"type": "trump", "suit": "S"})


@pytest.mark.parametrize("seed", range(3))
def test_TC_V3_10_declarer_schwarz(seed: int) -> None:
    st = scharfer_losing_solo("E9 G9 H9", "EU EO GU GO HU HO HK",
                              "EA E10 EK SA S10 SK SO", "GA G10 GK HA H10 SU S9")
    r = play_rest(st, seed=seed).result()
    assert r["points"] == 0 and r["scores"] == [-c(60), c(30), c(30)]
    assert {"item": "schwarz", "team": "defenders"} in r["items"]


def test_TC_V3_11_no_schwarz_with_a_counting_talon() -> None:
    assert v3("solo", 11, def_all=True) == each(-20)


def test_TC_V3_12_schneider_threshold() -> None:
    assert v3("solo", 30) == each(-20)
    assert v3("solo", 30, declarer_schneider_max=29) == each(-10)


@pytest.mark.parametrize("seed", range(3))
def test_TC_V3_15_talon_points_prevent_schwarz(seed: int) -> None:
    st = scharfer_losing_solo("EA E10 EK", "E9 G9 GU GO H9 HU HO",
                              "EO EU GA G10 GK SA S10", "HA H10 HK SK SO SU S9")
    r = play_rest(st, seed=seed).result()
    assert r["points"] == 25 and r["tricks"]["declarer"] == 0
    assert r["scores"] == [-c(40), c(20), c(20)]
    assert not any(i["item"] == "schwarz" for i in r["items"])


def test_TC_V3_16_bankroll() -> None:
    session = BavarianSession(game("V3"), ["a", "b", "c"], seed=2)
    assert session.balances() == [2000, 2000, 2000] and session.fund == 0


def test_TC_V3_17_bankroll_exhausted() -> None:
    for seed in range(20):
        session = BavarianSession(game("V3", scharfer_bankroll=10), ["a", "b", "c"], seed=seed)
        while not session.is_over():
            st = play_rest(session.next_state(), seed=seed * 100 + session.deal_number)
            session.finish(st)
            settled = st.result()["outcome"] != "thrown_in"
            assert session.is_over() == settled
        assert min(session.balances()) <= 0
    never = BavarianSession(game("V3", scharfer_bankroll=10, scharfer_match_end="never"),
                            ["a", "b", "c"], seed=1)
    for k in range(5):
        never.finish(play_rest(never.next_state(), seed=k))
    assert not never.is_over()
