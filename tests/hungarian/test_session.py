"""Sessions of Hungarian tarokk (§3 HU-SESSION, HU-5P-4/5/6, HU-BID-9 item 4, HU-ANNUL-4).

The rules' session tests (HU-T-SESSION-1..15) drive the pure bookkeeping pieces with the event
sequences the rules give; HU-T-SESSION-15, HU-T-BID-ALLPASS and HU-T-ANNUL-1 also run real deals
through :class:`HungarianSession`, and a property test plays whole sessions with random players.
Seats follow the rules' tests: seats 0..N-1 in dealing order, the deal passing from seat i to i+1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tarock.core import records
from tarock.core.errors import IllegalActionError
from tarock.core.protocol import Deal
from tarock.hungarian import actions as A
from tarock.hungarian.cards import DECK, TAROKKS
from tarock.hungarian.game import HungarianGame, HungarianState, active_seats
from tarock.hungarian.session import (
    SCORED,
    THROWN_IN,
    Doubling,
    EndOfSession,
    HungarianSession,
    deal_seed,
    first_dealer,
    next_dealer,
    next_mayor,
    seat_persons,
)
from tarock.players import make_player

NAMES = ["Anna", "Bela", "Csilla", "Dezso", "Erno"]
EVENTS = {"P": "all_pass", "N": "annulled", "S": "scored", "T": "probaharom_thrown_in"}


# --------------------------------------------------------------------------------------------
# Helpers


def run_events(events: str, options: Mapping[str, Any] | None = None, persons: int = 4,
               dealer: int = 0) -> list[tuple[int, int | None]]:
    """Feed deals #1, #2, ... ("P" all-pass, "N" annulled, "S" scored) to the bookkeeping;
    returns (dealer, multiplier) per deal, with multiplier None for a thrown-in deal."""
    doubling = Doubling(options, persons)
    out: list[tuple[int, int | None]] = []
    for event in events.replace(" ", ""):
        kind = EVENTS[event]
        scored = kind in SCORED
        out.append((dealer, doubling.multiplier() if scored else None))
        if scored:
            doubling.on_scored()
        else:
            doubling.on_throw_in(kind)
        dealer = next_dealer(dealer, persons, kind, doubling)
    return out


def multipliers(deals: list[tuple[int, int | None]], *numbers: int) -> list[int | None]:
    """The multipliers of deals #numbers (1-based, as in the rules' tests)."""
    return [deals[k - 1][1] for k in numbers]


def end_dealers(persons: int, skiz: int, first: int = 0) -> list[int]:
    """Dealers of the scored deals after the warning until the session ends (HU-SESSION-9).

    Deal 1 reports ``skiz`` as T22's holder; later deals report someone else, which must not
    matter."""
    end = EndOfSession()
    end.warn()
    dealer, dealers = first, []
    while not end.is_over(dealer):
        holder = skiz if not dealers else (skiz + 1) % persons
        end.on_deal(dealer, scored=True, skiz_holder=holder)
        dealers.append(dealer)
        dealer = (dealer + 1) % persons
        assert len(dealers) <= 2 * persons, "the session never ends"
    return dealers


def build_deal(dealer: int, roles: Mapping[str, str], talon: str, players: int = 4) -> Deal:
    """A deal from the hands of A, B, C, D (relative to ``dealer``) and the talon, top first."""
    active = active_seats(players, dealer)
    hands = [0] * players
    for label, codes in roles.items():
        hands[active["ABCD".index(label)]] = DECK.mask(codes.split())
    talon_cards = tuple(DECK.index(c) for c in talon.split())
    deal = Deal(tuple(hands), talon_cards)
    assert sum(hands) + sum(1 << c for c in talon_cards) == DECK.full_mask
    return deal


def bid(state: HungarianState, seat: int, call: str) -> None:
    assert state.current_player() == seat
    state.apply(A.from_json({"type": "bid", "bid": call}))


def failed_probaharom_deal(dealer: int) -> Deal:
    """D holds no honour, talon[0..2] none either, and T22 is talon[4] (HU-T-SESSION-15)."""
    return build_deal(dealer, {
        "A": "T1 T2 T3 T4 T5 T6 T7 T8 T9",
        "B": "T21 T10 T11 T12 T13 T14 T15 T16 T17",
        "C": "T18 T19 T20 C10 SK SQ SN SJ S10",
        "D": "HK HQ HN HJ HA DK DQ DN DJ",
    }, "DA CK CQ CN T22 CJ")


def play_failed_probaharom(game: HungarianGame, dealer: int, multiplier: int) -> HungarianState:
    """A, B, C pass; D bids három without an honour and draws none (HU-BID-9)."""
    state = game.new_initial_state(failed_probaharom_deal(dealer), dealer, multiplier)
    a, b, c, d = state.active
    for seat in (a, b, c):
        bid(state, seat, "passz")
    bid(state, d, "harom")
    assert state.outcome == "probaharom_failed"
    return state


def annulled_deal_state(game: HungarianGame, dealer: int, multiplier: int) -> HungarianState:
    """HU-T-ANNUL-1: after the exchange B holds T21 as his only tarokk, discarded no tarokk,
    and annuls before the announcements. A declares három; nobody else may annul."""
    deal = build_deal(dealer, {
        "A": "T22 T1 T2 T3 T4 T5 T6 T7 T8",
        "B": "T21 HK HQ HN HJ HA DK DQ DN",
        "C": "T9 T10 T11 T12 T13 T14 T15 T16 T17",
        "D": "T18 T19 T20 DJ DA CK CQ CN CJ",
    }, "C10 SK SQ SN SJ S10")
    state = game.new_initial_state(deal, dealer, multiplier)
    a, b, c, d = state.active
    bid(state, a, "harom")
    for seat in (b, c, d):
        bid(state, seat, "passz")
    while state.phase == "discard":  # everyone keeps his tarokks if he can
        state.apply(min(state.legal_actions(), key=lambda x: (x.arg & TAROKKS).bit_count()))
    assert state.phase == "annul" and state.current_player() == b
    state.apply(A.ANNUL_YES)
    assert state.outcome == "annulled"
    return state


def random_players(n: int, seed: int) -> list[Any]:
    return [make_player("random", seed * 10 + i) for i in range(n)]


# --------------------------------------------------------------------------------------------
# HU-T-SESSION-1: seating ceremony and first deal (HU-SESSION-2/3, HU-5P-4)


@pytest.mark.parametrize("persons", [4, 5])
def test_hu_t_session_1_tarokk_drawer_is_first_forehand(persons: int) -> None:
    game = HungarianGame({"players": persons})
    names = NAMES[:persons]
    seen_seats = set()
    for seed in range(40):
        by_seat, tarokk_seat = seat_persons(names, seed)
        assert sorted(by_seat) == sorted(names)
        session = HungarianSession(game, names, seed)
        assert session.names == by_seat and session.tarokk_seat == tarokk_seat
        assert session.dealer == first_dealer(tarokk_seat, persons) == (tarokk_seat - 1) % persons
        state = session.next_state()
        assert state.active[0] == tarokk_seat  # A of deal 1
        assert state.current_player() == tarokk_seat  # bids first
        if persons == 5:
            assert state.deal.hands[session.dealer] == 0  # the first dealer sits out
            assert session.dealer not in state.active
        seen_seats.add(tarokk_seat)
    assert seen_seats == set(range(persons))


def test_hu_t_session_1_seating_is_uniform() -> None:
    """HU-SESSION-2: every assignment of 4 persons to seats and every tarokk seat occurs."""
    perms: dict[tuple[str, ...], int] = {}
    tarokk = [0] * 4
    for seed in range(2400):
        by_seat, seat = seat_persons(NAMES[:4], seed)
        perms[tuple(by_seat)] = perms.get(tuple(by_seat), 0) + 1
        tarokk[seat] += 1
    assert len(perms) == 24 and min(perms.values()) > 50
    assert all(450 < k < 750 for k in tarokk)


def test_hu_session_1_table_size_and_unseated_order() -> None:
    with pytest.raises(ValueError):
        seat_persons(NAMES[:3], 1)
    session = HungarianSession(HungarianGame(), NAMES[:4], 5, seating=False)
    assert session.names == NAMES[:4] and session.dealer == 3  # seat 0 is the first forehand
    with pytest.raises(ValueError):
        HungarianSession(HungarianGame(), NAMES[:5], 5)


# --------------------------------------------------------------------------------------------
# HU-T-SESSION-2: rotation and redeals (HU-SESSION-4/5)


def test_hu_t_session_2_redeal_by_the_new_dealer() -> None:
    x = 2
    deals = run_events("S N S S", dealer=x)
    y = (x + 1) % 4
    assert [d for d, _ in deals] == [x, y, y, (y + 1) % 4]


# --------------------------------------------------------------------------------------------
# HU-T-SESSION-3..6: "a skíz oszt, nem oszt" (HU-SESSION-9, HU-5P-6, HU-OQ-1)


def test_hu_t_session_3_dealer_holds_skiz_four_deals() -> None:
    assert end_dealers(4, skiz=0) == [0, 1, 2, 3]


def test_hu_t_session_4_last_seat_holds_skiz_seven_deals() -> None:
    assert end_dealers(4, skiz=3) == [0, 1, 2, 3, 0, 1, 2]


def test_hu_t_session_5_five_players_minimum_six_deals() -> None:
    assert end_dealers(5, skiz=1) == [0, 1, 2, 3, 4, 0]


def test_hu_t_session_6_five_players_maximum_nine_deals() -> None:
    assert end_dealers(5, skiz=4) == [0, 1, 2, 3, 4, 0, 1, 2, 3]


@pytest.mark.parametrize("persons", [4, 5])
def test_hu_session_9_item_5_k_plus_n_deals(persons: int) -> None:
    """k scored deals precede s's deal: k + N deals; 4-7 with 4 persons, 6-9 with 5 (HU-OQ-1)."""
    lengths = set()
    for first in range(persons):
        for k in range(persons):
            skiz = (first + k) % persons
            if persons == 5 and k == 0:
                continue  # the sitting-out dealer of deal 1 cannot hold the skíz
            n = len(end_dealers(persons, skiz, first))
            assert n == k + persons
            lengths.add(n)
    assert lengths == (set(range(4, 8)) if persons == 4 else set(range(6, 10)))


def test_hu_session_9_throw_ins_advance_nothing() -> None:
    """HU-OQ-2: a thrown-in first deal does not fix s; item 6: redeals do not advance."""
    end = EndOfSession()
    end.on_deal(1, scored=True, skiz_holder=1)  # before the warning: ignored
    end.warn()
    end.on_deal(0, scored=False)
    assert end.skiz_player is None
    end.on_deal(0, scored=True, skiz_holder=3)  # deal 1
    dealers = [0]
    dealer = 1
    while not end.is_over(dealer):
        end.on_deal(dealer, scored=False)  # every dealer's first deal is thrown in
        end.on_deal(dealer, scored=True, skiz_holder=0)
        dealers.append(dealer)
        dealer = (dealer + 1) % 4
    assert dealers == [0, 1, 2, 3, 0, 1, 2]
    assert end.skiz_player == 3 and end.scored_deals == 7
    assert not EndOfSession().is_over(0)  # no warning, no end


# --------------------------------------------------------------------------------------------
# HU-T-SESSION-7..13: doubled rounds (HU-SESSION-6/7, HU-OQ-3/4)


def test_hu_t_session_7_overlapping_windows() -> None:
    deals = run_events("P S P S S S S S")
    assert deals[0][0] == deals[1][0] and deals[2][0] == deals[3][0]
    assert multipliers(deals, 2, 4, 5, 6, 7, 8) == [2, 4, 4, 4, 2, 1]
    assert multipliers(deals, 1, 3) == [None, None]


def test_hu_t_session_8_annulment_doubles_a_round() -> None:
    deals = run_events("N S S S S S")
    assert deals[0][0] == deals[1][0]
    assert multipliers(deals, 2, 3, 4, 5, 6) == [2, 2, 2, 2, 1]


def test_hu_t_session_9_extra_round() -> None:
    deals = run_events("P S P S S S S S S S S", {"throw_in_doubling": "extra_round"})
    assert multipliers(deals, 2) == [2]
    assert multipliers(deals, *range(4, 11)) == [2] * 7
    assert multipliers(deals, 11) == [1]
    assert all(m in (None, 1, 2) for _, m in deals)


def test_hu_t_session_10_quadruple_round_extend() -> None:
    deals = run_events("P S P S P S S S S S", {"throw_in_doubling": "quadruple_round_extend"})
    assert multipliers(deals, 2, 4) == [2, 4]
    assert multipliers(deals, 6, 7, 8, 9, 10) == [4, 4, 4, 4, 1]


def test_hu_t_session_11_quadruple_round_fixed() -> None:
    deals = run_events("P S P S P S S S S S", {"throw_in_doubling": "quadruple_round_fixed"})
    assert multipliers(deals, 2, 4) == [2, 4]
    assert multipliers(deals, 6, 7, 8, 9, 10) == [4, 4, 4, 1, 1]


def test_hu_t_session_12_no_doubling() -> None:
    options = {"throw_in_doubling": "none"}
    deals = run_events("P S", options)
    assert deals == [(0, None), (1, 1)]
    assert not Doubling(options).redeal_by_same_dealer("all_pass")
    assert not Doubling(options).redeal_by_same_dealer("annulled")
    # "M is always 1" also under the next_deal scope and after annulments
    deals = run_events("P P N S", {**options, "all_pass_doubling_scope": "next_deal"})
    assert [d for d, _ in deals] == [0, 1, 2, 3] and deals[-1][1] == 1


def test_hu_t_session_13_all_pass_doubles_next_deal_only() -> None:
    options = {"all_pass_doubling_scope": "next_deal"}
    deals = run_events("P P S S", options)
    assert deals[0][0] == deals[1][0] == deals[2][0]
    assert multipliers(deals, 3, 4) == [4, 1]
    assert multipliers(run_events("P S S", options), 2, 3) == [2, 1]
    # annulments still open a round, and the two factors multiply
    assert multipliers(run_events("N P S S S S S", options), 3, 4, 7) == [4, 2, 1]


def test_hu_session_7_every_model_keeps_powers_of_two() -> None:
    for model in ("overlapping_rounds", "none", "extra_round", "quadruple_round_extend",
                  "quadruple_round_fixed"):
        for scope in ("round", "next_deal"):
            deals = run_events("PSNPSSPPNSSSSN" + "S" * 30,
                               {"throw_in_doubling": model, "all_pass_doubling_scope": scope})
            ms = [m for _, m in deals if m is not None]
            assert all(m >= 1 and m & (m - 1) == 0 for m in ms)
            assert ms[-1] == 1
    with pytest.raises(ValueError):
        Doubling().on_throw_in("scored")


# --------------------------------------------------------------------------------------------
# HU-T-SESSION-14: the mayor's hat (HU-SESSION-11)


def test_hu_t_session_14_mayor() -> None:
    a, b, c = 0, 1, 2  # dealer 3: A, B, C, D are seats 0..3
    mayor = None
    mayor = next_mayor(mayor, {"outcome": "scored", "xxi_caught": c})  # deal 5
    assert mayor == c
    mayor = next_mayor(mayor, {"outcome": "scored", "xxi_caught": None})  # deal 6: same team
    assert mayor == c
    mayor = next_mayor(mayor, {"outcome": "scored", "xxi_caught": a})  # deal 7
    assert mayor == a
    assert next_mayor(b, {"outcome": "all_pass", "scores": [0] * 4}) == b


# --------------------------------------------------------------------------------------------
# HU-T-SESSION-15: failed próbahárom fixes the skíz player (HU-OQ-33, HU-BID-9 item 4)


def test_hu_t_session_15_failed_probaharom_is_deal_one() -> None:
    game = HungarianGame()
    session = HungarianSession(game, NAMES[:4], 11, seating=False, first_dealer=0)
    session.warn_end()
    state = play_failed_probaharom(game, 0, session.multiplier)
    result = state.result()
    assert state.active == (1, 2, 3, 0)  # D = seat 0, A = 1, B = 2, C = 3
    assert result["skiz_holder"] == 2  # HU-TALON-2 would have given talon[4] to B
    assert result["scores"] == [-3, 1, 1, 1]
    session.finish(state)
    assert session.dealer == 1 and session.end.skiz_player == 2
    session.play(random_players(4, 15))
    assert session.is_over()
    scored = [r["dealer"] for r in session.records if r["result"]["outcome"] in SCORED]
    assert scored == [0, 1, 2, 3, 0, 1]  # 6 deals
    with pytest.raises(IllegalActionError):
        session.next_state()


def test_hu_bid_9_item_4_failed_probaharom_counts_down_the_window() -> None:
    """HU-T-BID-PROBA1 in a ×2 deal: D −6, others +2; the deal passes on, the window shrinks."""
    game = HungarianGame()
    session = HungarianSession(game, NAMES[:4], 12, seating=False)
    session.finish(annulled_deal_state(game, 3, session.multiplier))
    assert session.dealer == 3 and session.multiplier == 2
    session.finish(play_failed_probaharom(game, 3, session.multiplier))
    assert session.sheet.rows == [[2, 2, 2, -6]]
    assert session.dealer == 0 and session.doubling.windows == [3]


# --------------------------------------------------------------------------------------------
# HU-T-BID-ALLPASS, HU-T-ANNUL-1, HU-T-5P-1: throw-ins in a real session


def test_hu_t_bid_allpass_same_dealer_and_window() -> None:
    session = HungarianSession(HungarianGame(), NAMES[:4], 21, seating=False)
    state = session.next_state()
    for seat in state.active:
        bid(state, seat, "passz")
    assert state.outcome == "all_pass"
    record = session.finish(state)
    assert record["result"]["scores"] == [0, 0, 0, 0] and session.sheet.rows == []
    assert session.dealer == 3 and session.doubling.windows == [4] and session.multiplier == 2
    assert record["seed"] == deal_seed(21, 0) and record["deal_number"] == 1
    assert records.replay(record).result() == record["result"]
    redeal = session.next_state()
    assert redeal.dealer == 3 and redeal.multiplier == 2
    assert redeal.deal != state.deal  # a fresh shuffle


def test_hu_t_annul_1_doubling() -> None:
    game = HungarianGame()
    session = HungarianSession(game, NAMES[:4], 22, seating=False)
    record = session.finish(annulled_deal_state(game, 3, session.multiplier))
    assert record["result"]["outcome"] == "annulled" and record["result"]["annulled_by"] == 1
    assert session.sheet.rows == [] and session.dealer == 3
    assert "seed" not in record  # a hand-built deal has no seed
    ms = []
    for _ in range(5):
        ms.append(session.doubling.multiplier())
        session.doubling.on_scored()
    assert ms == [2, 2, 2, 2, 1]  # the next 4 scored deals are ×2


def test_hu_t_5p_1_sitting_out_dealer_and_five_deal_rounds() -> None:
    game = HungarianGame({"players": 5})
    session = HungarianSession(game, NAMES, 51)
    state = session.next_state()
    e = state.dealer
    state_players = random_players(5, 51)
    while not state.is_terminal():
        seat = state.current_player()
        assert seat != e
        state.apply(state_players[seat].act(game, state.observation(seat), state.legal_actions()))
    assert state.deal.hands[e] == 0 and state.result()["scores"][e] == 0
    ms = []
    for events in ("N" + "S" * 6, "P" + "S" * 6):
        deals = run_events(events, persons=5)
        ms.append([m for _, m in deals[1:]])
    assert ms == [[2, 2, 2, 2, 2, 1]] * 2


# --------------------------------------------------------------------------------------------
# Whole sessions with random players


def reference_multipliers(outcomes: Sequence[str], persons: int) -> list[int]:
    """HU-SESSION-6 written out once more: M per deal from the outcomes alone (default model)."""
    windows: list[int] = []
    out = []
    for outcome in outcomes:
        out.append(2 ** len(windows))
        if outcome in THROWN_IN:
            windows.append(persons)
        else:
            windows = [c - 1 for c in windows if c > 1]
    return out


def play_session(persons: int, seed: int, options: Mapping[str, Any] | None = None,
                 deals: int = 30) -> HungarianSession:
    game = HungarianGame({"players": persons, **(options or {})})
    session = HungarianSession(game, NAMES[:persons], seed)
    session.play(random_players(persons, seed), max_deals=deals)
    return session


@pytest.mark.parametrize(("persons", "seed", "options"), [
    (4, 1, {}),
    (5, 2, {}),
    (4, 3, {"throw_in_doubling": "extra_round"}),
    (5, 4, {"throw_in_doubling": "quadruple_round_extend",
            "all_pass_doubling_scope": "next_deal"}),
    (4, 5, {"throw_in_doubling": "none"}),
])
def test_session_property_random_players(persons: int, seed: int,
                                         options: Mapping[str, Any]) -> None:
    session = play_session(persons, seed, options)
    recs = session.records
    assert len(recs) == session.deal_number == 30
    assert any(r["result"]["outcome"] in THROWN_IN for r in recs)  # the seeds cover a throw-in
    assert sum(session.sheet.totals) == 0
    assert all(sum(row) == 0 for row in session.sheet.rows)
    scored = [r for r in recs if r["result"]["outcome"] in SCORED]
    assert session.sheet.rows == [r["result"]["scores"] for r in scored]
    game = session.game
    model = game.opt.throw_in_doubling
    mayor = None
    for i, rec in enumerate(recs):
        result, dealer, m = rec["result"], rec["dealer"], rec["deal_multiplier"]
        assert rec["players"] == session.names and rec["deal_number"] == i + 1
        assert m >= 1 and m & (m - 1) == 0
        assert game.deal_to_json(game.deal(rec["seed"], dealer)) == rec["deal"]
        assert records.replay(rec).result() == result
        if persons == 5:
            assert result["scores"][dealer] == 0
            assert all(a["seat"] != dealer for a in rec["actions"])
        if i + 1 < len(recs):
            same = result["outcome"] in THROWN_IN and model != "none"
            assert recs[i + 1]["dealer"] == (dealer if same else (dealer + 1) % persons)
        if result.get("xxi_caught") is not None:
            mayor = result["xxi_caught"]
    assert session.mayor == mayor
    if not options:
        outcomes = [r["result"]["outcome"] for r in recs]
        assert [r["deal_multiplier"] for r in recs] == reference_multipliers(outcomes, persons)
    if model == "none":
        assert all(r["deal_multiplier"] == 1 for r in recs)
    summary = session.summary()
    assert summary["totals"] == session.sheet.totals and summary["deals"] == 30
    assert summary["mayor"] == (None if mayor is None else session.names[mayor])


def test_session_is_deterministic_and_ends_after_warning() -> None:
    one, two = play_session(4, 9, deals=5), play_session(4, 9, deals=5)
    assert one.records == two.records
    one.warn_end()
    one.play(random_players(4, 9))
    assert one.is_over() and one.summary()["over"]
    after = [r for r in one.records[5:] if r["result"]["outcome"] in SCORED]
    assert 4 <= len(after) <= 7  # HU-SESSION-9 item 5
    assert one.end.scored_deals == len(after)


def test_warning_only_between_deals() -> None:
    session = HungarianSession(HungarianGame(), NAMES[:4], 3)
    session.next_state()
    with pytest.raises(IllegalActionError):
        session.warn_end()


# --------------------------------------------------------------------------------------------
# §15.8 HU-T-OPT-18, -19, -32, -33: the online app's throw-ins and doubled round

THROW_IN = {"failed_probaharom": "throw_in"}


def test_hu_t_opt_18_failed_probaharom_thrown_in() -> None:
    """HU-T-OPT-18, HU-BID-9: nobody pays, the same dealer deals again at ×2 for 4 deals."""
    game = HungarianGame(THROW_IN)
    session = HungarianSession(game, NAMES[:4], 11, seating=False, first_dealer=0)
    state = game.new_initial_state(failed_probaharom_deal(0), 0, session.multiplier)
    a, b, c, d = state.active
    for seat in (a, b, c):
        bid(state, seat, "passz")
    bid(state, d, "harom")
    assert state.outcome == "probaharom_thrown_in"
    assert state.result()["scores"] == [0, 0, 0, 0]
    session.finish(state)
    assert session.dealer == 0 and session.multiplier == 2 and session.sheet.rows == []
    deals = run_events("T S S S S S", THROW_IN)
    assert deals[0][0] == deals[1][0] and multipliers(deals, 2, 3, 4, 5, 6) == [2, 2, 2, 2, 1]
    assert play_failed_probaharom(HungarianGame(), 0, 1).result()["scores"] == [-3, 1, 1, 1]


def test_hu_t_opt_19_thrown_in_probaharom_is_an_annulment() -> None:
    """HU-T-OPT-19, HU-OQ-38: under next_deal the thrown-in próbahárom still opens a round
    (#2-#5 ×2, #6 ×1), and it is never deal 1 of the end of the session."""
    options = {**THROW_IN, "all_pass_doubling_scope": "next_deal"}
    deals = run_events("T S S S S S", options)
    assert deals[0][0] == deals[1][0]
    assert multipliers(deals, 2, 3, 4, 5, 6) == [2, 2, 2, 2, 1]
    game = HungarianGame(options)
    session = HungarianSession(game, NAMES[:4], 11, seating=False, first_dealer=0)
    session.warn_end()
    state = game.new_initial_state(failed_probaharom_deal(0), 0, session.multiplier)
    for seat in state.active[:3]:
        bid(state, seat, "passz")
    bid(state, state.active[3], "harom")
    session.finish(state)
    assert session.end.skiz_player is None and session.dealer == 0


def test_hu_t_opt_32_reset_round() -> None:
    """HU-T-OPT-32, HU-SESSION-7: every throw-in restarts one ×2 round of 4; never ×4."""
    options = {"throw_in_doubling": "reset_round"}
    deals = run_events("P S P S S S S S", options)
    assert multipliers(deals, 2, 4, 5, 6, 7, 8) == [2, 2, 2, 2, 2, 1]
    assert multipliers(run_events("P S P S S S S S"), 4, 5, 6, 7) == [4, 4, 4, 2]
    extra = run_events("P S P S S S S S S S S", {"throw_in_doubling": "extra_round"})
    assert multipliers(extra, *range(4, 11)) == [2] * 7


def test_hu_t_opt_33_reset_round_after_two_throw_ins() -> None:
    """HU-T-OPT-33: (a) all-pass then annulment: #3-#6 ×2; (b) five players: #2-#6 ×2."""
    options = {"throw_in_doubling": "reset_round"}
    assert multipliers(run_events("P N S S S S S", options), 3, 4, 5, 6, 7) == [2, 2, 2, 2, 1]
    assert multipliers(run_events("P N S S S S S"), 3, 4, 5, 6) == [4, 4, 4, 4]
    extra = run_events("P N S S S S S S S S", {"throw_in_doubling": "extra_round"})
    assert multipliers(extra, *range(3, 11)) == [2] * 8
    five = run_events("N S S S S S S", options, persons=5)
    assert multipliers(five, 2, 3, 4, 5, 6, 7) == [2, 2, 2, 2, 2, 1]
