"""Tests of Hungarian tarokk scoring (§11 HU-SCORE, HU-5P-7/8, HU-IRR-3; test tables §15).

Deals are built by :func:`outcome`, which lays out nine concrete tricks and six discards so that
team d ends with exactly the wanted card points and tricks, with the honours, kings and special
tricks where the test puts them and, unless the test says otherwise, no other bonus for anybody.
Unless stated, seats 0..3 are A, B, C, D, the dealer is D (seat 3), the declarer is A (seat 0)
and his partner is C (seat 2).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarock.core.cards import iter_bits
from tarock.hungarian.cards import (
    DECK,
    FIVE_POINT,
    HONOURS,
    KINGS,
    POINTS,
    POWER,
    T1,
    T21,
    T22,
    bit,
    is_tarokk,
    trick_winner_index,
)
from tarock.hungarian.options import HungarianOptions
from tarock.hungarian.outcome import DealOutcome, Trick
from tarock.hungarian.scoring import (
    Settlement,
    card_points,
    score_deal,
    score_failed_probaharom,
    score_renonsz,
    tricks_won,
)

A, B, C, D, E = 0, 1, 2, 3, 4
SEAT = {"A": A, "B": B, "C": C, "D": D}
ALL_CARDS = range(len(DECK))
GAME_ITEMS = ("game", "double", "volat")


def card(code: str) -> int:
    return DECK.index(code)


def cards(codes: str) -> list[int]:
    return [card(code) for code in codes.split()]


def mask(codes: str) -> int:
    return sum(bit(c) for c in cards(codes))


def parse_kontra(text: str) -> dict[tuple[str, str], int]:
    """``"game=1 d.double o.trull=2"``: the game (always present) and the announced items with
    their kontra levels (HU-ANN-10)."""
    kontra = {("d", "game"): 0}
    for token in text.split():
        name, _, level = token.partition("=")
        team, _, bonus = name.rpartition(".")
        kontra[(team or "d", bonus)] = int(level or 0)
    return kontra


def parse_special(text: str) -> dict[int, str]:
    """``"T22:d T21:o"``: key cards of a trick and the team (d, o) or seat (A-D) that plays
    each."""
    return {card(code): team for code, team in (t.split(":") for t in text.split())}


# -- the deal builder -------------------------------------------------------------------------

NON_FIVE_BY_VALUE = {v: [c for c in ALL_CARDS if POINTS[c] == v and not bit(c) & FIVE_POINT]
                     for v in (4, 3, 2, 1)}


def _five_point_assignments(free: list[int]) -> Iterable[dict[int, str]]:
    for teams in itertools.product("do", repeat=len(free)):
        yield dict(zip(free, teams, strict=True))


def _covers(some: Iterable[int], wanted: int) -> bool:
    return sum(bit(c) for c in some) & wanted == wanted


def _completes(captured: set[int], explicit: set[int]) -> bool:
    """Whether a team completes trull or four kings without the test asking for it."""
    return any(_covers(captured, s) and not _covers(explicit, s) for s in (HONOURS, KINGS))


def _split_side(pool: dict[int, list[int]], size: int, target: int, suits_d: int,
                suits_o: int) -> list[int] | None:
    """Choose ``size`` non-five-point cards worth ``target`` for d's side, with at least
    ``suits_d`` suit cards on d's side and ``suits_o`` left for o's side."""
    suit1 = [c for c in pool[1] if not is_tarokk(c)]
    tar1 = [c for c in pool[1] if is_tarokk(c)]
    total_suits = len(pool[4]) + len(pool[3]) + len(pool[2]) + len(suit1)
    for q, n, j, low in itertools.product(*(range(len(x) + 1)
                                            for x in (pool[4], pool[3], pool[2], suit1))):
        t = size - q - n - j - low
        suits = q + n + j + low
        if (0 <= t <= len(tar1) and 4 * q + 3 * n + 2 * j + low + t == target
                and suits >= suits_d and total_suits - suits >= suits_o):
            return pool[4][:q] + pool[3][:n] + pool[2][:j] + suit1[:low] + tar1[:t]
    return None


def _groups(pile: list[int], n: int, alone: bool) -> list[list[int]]:
    """Split a team's pile into ``n`` tricks: every honour in its own trick (the T1 trick first;
    a lone declarer's T1 among suit cards only, so that it wins)."""
    honours = [c for c in (T1, T21, T22) if c in pile]
    assert len(honours) <= n or not pile
    rest = [c for c in pile if c not in honours]
    groups: list[list[int]] = [[h] for h in honours] + [[] for _ in range(n - len(honours))]
    if alone and T1 in honours:
        suits = [c for c in rest if not is_tarokk(c)][:3]
        assert len(suits) == 3
        groups[0] += suits
        rest = [c for c in rest if c not in suits]
    for group in groups:
        while len(group) < 4:
            group.append(rest.pop(0))
    assert not rest
    return groups


def _take_suits(side: list[int], k: int) -> list[int]:
    chosen = [c for c in side if not is_tarokk(c)][:k]
    for c in chosen:
        side.remove(c)
    return chosen


class Layout:
    """Chooses the concrete tricks and discards of one deal (see :func:`outcome`)."""

    def __init__(self, team: dict[int, str], alone: bool, level: int, tricks_d: int,
                 specials: list[dict[int, str]], forced: dict[int, str]):
        self.team, self.active, self.alone = team, tuple(team), alone
        self.members = {t: [s for s in self.active if team[s] == t] for t in "do"}
        self.specials = specials
        self.win = [self.special_winner(keys) for keys in specials]
        self.forced = forced
        self.used = {c for keys in specials for c in keys}
        assert all(bit(c) & FIVE_POINT for c in forced) and not self.used & forced.keys()
        self.kd = 4 - level  # the declarer's discards (HU-TALON-1)
        self.n_fill = {"d": tricks_d - self.win.count("d"),
                       "o": 9 - tricks_d - self.win.count("o")}
        self.fills = {t: sum(4 - len(k) for k, w in self.won_specials() if w == t) for t in "do"}
        self.explicit = {t: {c for c, f in forced.items() if f == t}
                         | {c for k, w in self.won_specials() if w == t for c in k}
                         for t in "do"}
        self.volat = {"d": tricks_d == 9, "o": tricks_d == 0}  # suppresses them (HU-SCORE-8)
        self.pool = {v: [c for c in cs if c not in self.used]
                     for v, cs in NON_FIVE_BY_VALUE.items()}

    def won_specials(self) -> Iterable[tuple[dict[int, str], str]]:
        return zip(self.specials, self.win, strict=True)

    def special_winner(self, keys: dict[int, str]) -> str:
        best = max(keys, key=lambda c: POWER[c])
        assert is_tarokk(best), "a special trick needs a tarokk among its key cards"
        return self.team[SEAT[keys[best]]] if keys[best] in SEAT else keys[best]

    def t1_suits(self, pile_d: list[int]) -> int:
        """Suit cards a lone declarer's T1 needs from the non-five-point cards to win its trick."""
        if not (self.alone and T1 in pile_d):
            return 0
        return max(0, 3 - sum(bit(c) & KINGS > 0 for c in pile_d))

    def try_assignment(self, pile5: dict[str, list[int]], pts_d: int) -> list[int] | None:
        """d's non-five-point cards for this placement of the five-point cards, or None."""
        if any(len(pile5[t]) > 4 * self.n_fill[t]
               or sum(bit(c) & HONOURS > 0 for c in pile5[t]) > self.n_fill[t]
               or (_completes(self.explicit[t] | set(pile5[t]), self.explicit[t])
                   and not self.volat[t]) for t in "do"):
            return None
        key_pts = sum(POINTS[c] for k, w in self.won_specials() if w == "d" for c in k)
        size_d = 4 * self.n_fill["d"] - len(pile5["d"]) + self.kd + self.fills["d"]
        target = pts_d - key_pts - sum(POINTS[c] for c in pile5["d"])
        return _split_side(self.pool, size_d, target,
                           self.fills["d"] + self.t1_suits(pile5["d"]), self.fills["o"])

    def choose(self, pts_d: int) -> tuple[dict[str, list[int]], list[int], list[int]]:
        """The five-point cards of each pile and the non-five-point cards of each side."""
        free5 = [c for c in ALL_CARDS
                 if bit(c) & FIVE_POINT and c not in self.used | self.forced.keys()]
        for assignment in _five_point_assignments(free5):
            placed = self.forced | assignment
            pile5 = {t: [c for c, f in placed.items() if f == t] for t in "do"}
            side_d = self.try_assignment(pile5, pts_d)
            if side_d is not None:
                side_o = [c for v in self.pool.values() for c in v if c not in side_d]
                return pile5, side_d, side_o
        raise AssertionError("no layout found")

    def seat_trick(self, group: list[int], required: Mapping[int, str]) -> Trick:
        """Lead the winning card and give every card a seat, honouring the required teams."""
        lead = max(group, key=lambda c: POWER[c])
        free = {t: list(self.members[t]) for t in "do"}
        seat_of = {c: SEAT[who] for c, who in required.items() if who in SEAT}
        for seat in seat_of.values():
            free[self.team[seat]].remove(seat)
        for c in (lead, *group):
            if c not in seat_of and c in required:
                seat_of[c] = free[required[c]].pop(0)
        rest = free["d"] + free["o"]
        for c in group:
            if c not in seat_of:
                seat_of[c] = rest.pop(0)
        leader = self.active.index(seat_of[lead])
        order = [self.active[(leader + i) % 4] for i in range(4)]
        by_seat = {s: c for c, s in seat_of.items()}
        trick_cards = tuple(by_seat[s] for s in order)
        assert trick_winner_index(list(trick_cards)) == 0
        return Trick(trick_cards, tuple(order), order[0])

    def lay_out(self, pts_d: int) -> tuple[list[Trick], list[int], list[int]]:
        """The tricks (the specials first, in their order), the declarer's discards and the
        common discards."""
        pile5, side_d, side_o = self.choose(pts_d)
        sides = {"d": side_d, "o": side_o}
        tricks = [self.seat_trick([*keys, *_take_suits(sides[w], 4 - len(keys))], keys)
                  for keys, w in self.won_specials()]
        pile5["d"] += _take_suits(side_d, self.t1_suits(pile5["d"]))
        declarer_discards, common = side_d[len(side_d) - self.kd:], side_o[self.kd - 6:]
        del side_d[len(side_d) - self.kd:], side_o[self.kd - 6:]
        filler = [self.seat_trick(group, {c: t for c in group if bit(c) & HONOURS}
                                  | {max(group, key=lambda c: POWER[c]): t})
                  for t in "do"
                  for group in _groups(pile5[t] + sides[t], self.n_fill[t],
                                       self.alone and t == "d")]
        filler.sort(key=lambda tr: T1 not in tr.cards)
        return tricks + filler, declarer_discards, common


def outcome(pts_d: int, tricks_d: int, *, level: int = 1, alone: bool = False,
            declarer: int = A, partner: int = C, players: int = 4, d_takes: str = "",
            o_takes: str = "", specials: Iterable[str] = (), last: str = "", kontra: str = "",
            options: Mapping[str, object] | None = None, multiplier: int = 1,
            counts: Mapping[int, int] | None = None, claims: Mapping[int, int] | None = None,
            talon_received: Mapping[int, str] | None = None) -> DealOutcome:
    """A finished deal in which team d has exactly ``pts_d`` card points and ``tricks_d`` tricks.

    ``d_takes`` / ``o_takes`` name five-point cards that end in that team's tricks; ``specials``
    are tricks given by their key cards and the team that plays each (``"T22:o T21:d"``), filled
    up with suit cards; ``last`` is such a trick played as trick 9. Other honours and kings are
    spread so that nobody completes trull or four kings (unless it wins every trick), no XXI is
    caught, no pagát is caught and T1 is not in trick 9.
    """
    team = {s: "d" if s == declarer or (s == partner and not alone) else "o"
            for s in (A, B, C, D)}
    keys = [parse_special(s) for s in (*specials, *([last] if last else []))]
    forced = {c: "d" for c in cards(d_takes)} | {c: "o" for c in cards(o_takes)}
    tricks, declarer_discards, common = Layout(team, alone, level, tricks_d, keys,
                                               forced).lay_out(pts_d)
    if last:
        tricks.append(tricks.pop(len(keys) - 1))
    assert last or T1 not in tricks[-1].cards
    played = [c for tr in tricks for c in tr.cards] + declarer_discards + common
    assert sorted(played) == list(ALL_CARDS)
    deal = DealOutcome(
        options=HungarianOptions.make(options or {}), level=level, multiplier=multiplier,
        seats=players, dealer=E if players == 5 else D, active=(A, B, C, D),
        declarer=declarer, partner=None if alone else partner,
        declarer_discards=sum(bit(c) for c in declarer_discards), tricks=tuple(tricks),
        kontra=parse_kontra(kontra), counts=dict(counts or {}), claims=dict(claims or {}),
        talon_received={s: mask(codes) for s, codes in (talon_received or {}).items()})
    assert card_points(deal, "d") == pts_d and tricks_won(deal, "d") == tricks_d
    return deal


# -- helpers for the expectations -------------------------------------------------------------


def settle(deal: DealOutcome) -> Settlement:
    """score_deal, with the invariants every settlement must satisfy (HU-SCORE-14/16)."""
    result = score_deal(deal)
    assert sum(result.deltas) == 0
    assert len(result.deltas) == deal.seats
    team_items = [i for i in result.items if "team" in i]
    assert sum(signed(i) for i in team_items) == result.value
    assert all(i["points"] > 0 for i in team_items)
    json.dumps(result.items)
    return result


def signed(item: Mapping[str, object]) -> int:
    points = item["points"]
    assert isinstance(points, int)
    return points if item["team"] == "declarer" else -points


def part(result: Settlement, *names: str) -> int:
    """The contribution to the value for d of the items with these names."""
    return sum(signed(i) for i in result.items if i["item"] in names and "team" in i)


def value(pts_d: int, tricks_d: int, **kw: Any) -> int:
    return settle(outcome(pts_d, tricks_d, **kw)).value


def personal(with_extra: Settlement, base: Settlement) -> list[int]:
    return [x - y for x, y in zip(with_extra.deltas, base.deltas, strict=True)]


# -- the builder itself -----------------------------------------------------------------------


def test_builder_lays_out_a_consistent_deal() -> None:
    deal = outcome(75, 7, level=2, o_takes="HK", d_takes="T21 T22", last="T1:d")
    assert all(len(set(t.seats)) == 4 and len(t.cards) == 4 for t in deal.tricks)
    assert all(t.winner == t.seats[trick_winner_index(list(t.cards))] for t in deal.tricks)
    assert len(deal.tricks) == 9 and bin(deal.declarer_discards).count("1") == 2


# -- §15.1 HU-T-DECK-2 ------------------------------------------------------------------------


@pytest.mark.parametrize(("pts_d", "tricks_d", "expected"),
                         [(48, 5, 1), (47, 5, -1), (71, 8, 2), (23, 1, -2)])
def test_HU_T_DECK_2_game_thresholds(pts_d: int, tricks_d: int, expected: int) -> None:
    result = settle(outcome(pts_d, tricks_d))
    assert result.value == expected
    winner = "declarer" if expected > 0 else "opponents"
    name = "double" if abs(expected) == 2 else "game"
    assert [(i["item"], i["team"]) for i in result.items] == [(name, winner)]


# -- §15.6 the 48 cells (HU-SCORE-17) ---------------------------------------------------------

ROWS = {  # kontra text, the cells, the itemisation at G = 1 (HU-SCORE-17)
    1: ("", (-3, -2, -1, 1, 2, 3), ("-3", "-2", "-1", "+1", "+2", "+3")),
    2: ("d.double", (-7, -6, -5, -4, 4, 7), ("-4-3", "-4-2", "-4-1", "-4", "+4", "+4+3")),
    3: ("d.volat", (-9, -8, -7, -6, -6, 6), ("-6-3", "-6-2", "-6-1", "-6", "-6", "+6")),
    4: ("d.double d.volat", (-13, -12, -11, -10, -2, 10),
        ("-4-6-3", "-4-6-2", "-4-6-1", "-4-6", "+4-6", "+4+6")),
    5: ("game=1", (-5, -4, -2, 2, 4, 5), ("-2-3", "-2-2", "-2", "+2", "+2+2", "+2+3")),
    6: ("game=1 o.double", (-9, -6, 2, 6, 8, 9),
        ("-2-4-3", "-2-4", "-2+4", "+2+4", "+2+4+2", "+2+4+3")),
    7: ("d.double=1", (-11, -10, -9, -8, 8, 11), ("-8-3", "-8-2", "-8-1", "-8", "+8", "+8+3")),
    8: ("d.double=1 game=1", (-13, -12, -10, -6, 10, 13),
        ("-8-2-3", "-8-2-2", "-8-2", "-8+2", "+8+2", "+8+2+3")),
}
COLUMNS = {1: (None, 0), 2: (20, 3), 3: (40, 4), 4: (60, 5), 5: (75, 7), 6: (85, 9)}


def column_deal(col: int, g: int, kontra: str) -> tuple[DealOutcome, int]:
    """The column's representative result at level ``g``, and the silent bonus it forces.

    c2 (20 points in 3 tricks) leaves d 16 − G cards; with G < 4 that is too few to hold a king
    and an honour (at least 24 − G points), so o captures all honours or all kings. c5 (75 points
    in 7 tricks) leaves o 10 + G cards worth 19; with G > 1 o can hold only one five-point card,
    so d completes trull or four kings. Such a silent bonus is unavoidable (see the report on
    HU-SCORE-17: "no other bonuses are involved" cannot hold there).
    """
    pts, tricks = COLUMNS[col]
    if col == 1:
        pts = 0 if g == 4 else 3
    assert pts is not None
    if col == 2 and g < 4:
        return outcome(pts, tricks, level=g, kontra=kontra, d_takes="HK",
                       o_takes="T1 T21 T22"), -1
    if col == 5 and g > 1:
        return outcome(pts, tricks, level=g, kontra=kontra, o_takes="HK",
                       d_takes="T1 T21 T22"), +1
    return outcome(pts, tricks, level=g, kontra=kontra), 0


@pytest.mark.parametrize("g", [1, 2, 3, 4])
@pytest.mark.parametrize(("row", "col"), list(itertools.product(ROWS, COLUMNS)))
def test_HU_T_TAB_r_c(row: int, col: int, g: int) -> None:
    kontra, cells, _ = ROWS[row]
    deal, forced_bonus = column_deal(col, g, kontra)
    result = settle(deal)
    assert part(result, *GAME_ITEMS) == cells[col - 1] * g
    assert result.value == cells[col - 1] * g + forced_bonus
    assert part(result, "trull", "four_kings") == forced_bonus


@pytest.mark.parametrize(("row", "col"), list(itertools.product(ROWS, COLUMNS)))
def test_HU_SCORE_17_itemisation_at_three(row: int, col: int) -> None:
    kontra, _, itemisation = ROWS[row]
    result = settle(column_deal(col, 1, kontra)[0])
    got = sorted(signed(i) for i in result.items if i["item"] in GAME_ITEMS)
    expected = sorted(int(x) for x in itemisation[col - 1].replace("-", " -").replace(
        "+", " +").split())
    assert got == expected


@pytest.mark.parametrize(("pts_d", "tricks_d", "expected"),
                         [(23, 1, -2), (24, 3, -1), (47, 5, -1), (48, 5, 1), (70, 7, 1),
                          (71, 8, 2)])
def test_HU_T_TAB_BOUND_row_1(pts_d: int, tricks_d: int, expected: int) -> None:
    assert value(pts_d, tricks_d) == expected


def test_HU_T_TAB_FIX_cells_2_6_and_4_1() -> None:
    made = settle(column_deal(6, 1, "d.double")[0])
    assert made.value == 7
    assert [(i["item"], i["kind"], signed(i)) for i in made.items] == [
        ("double", "announced", 4), ("volat", "silent", 3)]
    failed = settle(column_deal(1, 1, "d.double d.volat")[0])
    assert failed.value == -13


@pytest.mark.parametrize(("g", "expected"), [(2, (-6, -4, -2, 2, 4, 6)),
                                             (4, (-12, -8, -4, 4, 8, 12))])
def test_HU_T_TAB_G_row_1(g: int, expected: tuple[int, ...]) -> None:
    got = tuple(part(settle(column_deal(col, g, "")[0]), *GAME_ITEMS) for col in COLUMNS)
    assert got == expected


def test_HU_T_TAB_representatives_force_a_silent_bonus() -> None:
    """The arithmetic behind the forced bonuses of column_deal (HU-SCORE-1, HU-TALON-1)."""
    for g in (1, 2, 3, 4):
        d_cards_c2 = 3 * 4 + (4 - g)  # 3 tricks plus the declarer's discards
        o_cards_c5 = 2 * 4 + (6 - (4 - g))  # 2 tricks plus the common pile
        king_and_honour_c2 = 10 + (d_cards_c2 - 2)  # the cheapest such hand
        assert (king_and_honour_c2 <= 20) == (g == 4)
        assert (10 + (o_cards_c5 - 2) <= 94 - 75) == (g == 1)


# -- §15.6 HU-T-SCORE-AMT and HU-T-SCORE-1 .. 22 ---------------------------------------------


@pytest.mark.parametrize("g", [1, 2, 3, 4])
def test_HU_T_SCORE_AMT_amounts(g: int) -> None:
    got = (value(60, 5, level=g), value(75, 8, level=g), value(85, 9, level=g),
           value(75, 8, level=g, kontra="d.double"), value(85, 9, level=g, kontra="d.volat"))
    assert got == (g, 2 * g, 3 * g, 4 * g, 6 * g)


def test_HU_T_SCORE_1_silent_double_replaces_game() -> None:
    # 75 points in 7 tricks at kettő leave o one five-point card, so d also has a silent trull.
    result = settle(outcome(75, 7, level=2, o_takes="HK", d_takes="T1 T21 T22"))
    assert part(result, *GAME_ITEMS) == 4
    assert [i["item"] for i in result.items if i["item"] in GAME_ITEMS] == ["double"]
    assert result.value == 4 + 1
    # The same result with a king and an honour for o (8 tricks) is exactly +4.
    assert value(75, 8, level=2) == 4


def test_HU_T_SCORE_2_kontrad_game_and_double() -> None:
    kw: dict[str, Any] = {"level": 2, "kontra": "d.double=1 game=1"}
    result = settle(outcome(52, 5, **kw))
    assert result.value == -12
    assert result.deltas == (-12, 12, -12, 12)
    lone = settle(outcome(52, 5, alone=True, **kw))
    assert lone.value == -12
    assert lone.deltas == (-36, 12, 12, 12)


def test_HU_T_SCORE_3_failed_four_kings_and_silent_kings() -> None:
    result = settle(outcome(40, 4, o_takes="HK DK CK SK", kontra="d.four_kings"))
    assert part(result, "four_kings") == -3


@pytest.mark.parametrize(("kings", "expected"), [({"d_takes": "HK DK CK SK"}, 6),
                                                ({"o_takes": "HK DK CK SK"}, -6),
                                                ({}, -2)])  # (c) the kings are split
def test_HU_T_SCORE_4_both_teams_announce_four_kings(kings: dict[str, Any],
                                                     expected: int) -> None:
    result = settle(outcome(55, 5, kontra="d.four_kings=1 o.four_kings", **kings))
    assert part(result, "four_kings") == expected


def test_HU_T_SCORE_5_volat_suppresses_silent_trull_and_kings() -> None:
    assert value(85, 9) == 3
    assert value(80, 8, d_takes="T1 T21 T22 HK DK CK SK") == 2 + 1 + 1


def test_HU_T_SCORE_6_silent_ultimo() -> None:
    won = settle(outcome(60, 5, last="T1:d"))
    assert part(won, "ultimo") == 5
    partner_wins = settle(outcome(60, 5, last="T1:d T5:d"))
    assert part(partner_wins, "ultimo") == -5
    early = settle(outcome(60, 5, specials=["T1:d T5:d"]))
    assert part(early, "ultimo") == 0


@pytest.mark.parametrize(("kontra", "kw", "expected"), [
    ("d.ultimo", {"d_takes": "T1"}, -10),
    ("d.ultimo", {"last": "T1:o"}, -15),
    ("d.ultimo=1", {"last": "T1:d"}, 20),
    ("d.ultimo", {"last": "T1:o T5:d"}, -5),
])
def test_HU_T_SCORE_7_announced_ultimo(kontra: str, kw: dict[str, Any], expected: int) -> None:
    result = settle(outcome(60, 5, kontra=kontra, **kw))
    assert part(result, "ultimo") == expected


def test_HU_T_SCORE_8_xxi_catch() -> None:
    silent = settle(outcome(60, 5, specials=["T22:o T21:d"]))
    assert part(silent, "xxi_catch") == -21
    holder = next(t.seats[t.cards.index(T21)] for t in outcome(
        60, 5, specials=["T22:o T21:d"]).tricks if T21 in t.cards)
    assert silent.caught_xxi_holder == holder and holder in (A, C)
    made = settle(outcome(60, 5, specials=["T22:d T21:o"], kontra="d.xxi_catch"))
    assert part(made, "xxi_catch") == 42 and made.caught_xxi_holder in (B, D)
    assert part(settle(outcome(60, 5, kontra="d.xxi_catch")), "xxi_catch") == -42
    own = settle(outcome(60, 5, specials=["T22:d T21:d"]))
    assert part(own, "xxi_catch") == 0 and own.caught_xxi_holder is None
    assert part(settle(outcome(60, 5, kontra="o.xxi_catch=1")), "xxi_catch") == 84


def test_HU_T_SESSION_14_mayor_scoring_part() -> None:
    # Deal 5: A (declarer, with B) catches C's T21 with his T22: C becomes the mayor.
    five = settle(outcome(60, 5, partner=B, specials=["T22:A T21:C"]))
    assert five.caught_xxi_holder == C
    assert five.value == 1 + 21 and part(five, "xxi_catch") == 21
    # Deal 6: B's T22 and his partner D's T21 in one trick: no catch, the mayor stays.
    six = settle(outcome(60, 5, declarer=B, partner=D, specials=["T22:B T21:D"]))
    assert six.caught_xxi_holder is None and six.value == 1
    # Deal 7: A's T21 is caught by an opponent's T22: A becomes the mayor.
    seven = settle(outcome(60, 5, specials=["T22:o T21:A"]))
    assert seven.caught_xxi_holder == A and seven.value == 1 - 21


@pytest.mark.parametrize(("kw", "expected"), [
    ({"counts": {B: 8}}, [-1, 3, -1, -1]),
    ({"counts": {B: 9}}, [-2, 6, -2, -2]),
    ({"claims": {C: 8}}, [-1, 0, 1, 0]),
    ({"claims": {A: 9}, "alone": True}, [0, 0, 0, 0]),
    ({"claims": {B: 8}, "alone": True}, [0, 2, -1, -1]),
    ({"counts": {B: 9}, "multiplier": 2}, [-4, 12, -4, -4]),
])
def test_HU_T_SCORE_9_tarokk_counts(kw: dict[str, Any], expected: list[int]) -> None:
    base_kw = {k: v for k, v in kw.items() if k not in ("counts", "claims")}
    base = settle(outcome(60, 5, **base_kw))
    result = settle(outcome(60, 5, **kw))
    assert personal(result, base) == expected
    assert result.value == base.value


def test_HU_T_SCORE_9_claims_disabled_and_items() -> None:
    never = {"unannounced_tarokk_claim": "never"}
    base = settle(outcome(60, 5))
    assert settle(outcome(60, 5, claims={C: 8}, options=never)).deltas == base.deltas
    result = settle(outcome(60, 5, counts={B: 9}, claims={C: 8}))
    assert [i for i in result.items if "seat" in i] == [
        {"item": "count", "seat": B, "points": 6},
        {"item": "count_claim", "seat": C, "points": 1}]
    scope = {"deal_multiplier_scope": "game_and_bonuses"}
    doubled = settle(outcome(60, 5, counts={B: 9}, multiplier=2, options=scope))
    assert personal(doubled, settle(outcome(60, 5, multiplier=2, options=scope))) == [
        -2, 6, -2, -2]


def test_HU_T_SCORE_10_settlement() -> None:
    two = settle(outcome(60, 5, level=2))
    assert two.value == 2 and two.deltas == (2, -2, 2, -2)
    lone = settle(outcome(60, 5, level=2, alone=True))
    assert lone.value == 2 and lone.deltas == (6, -2, -2, -2)


def test_HU_T_SCORE_11_failed_double() -> None:
    assert value(40, 4, kontra="d.double") == -5
    assert value(15, 1, kontra="d.double") == -6
    assert value(3, 0, kontra="d.double") == -7
    assert value(40, 4, level=2, kontra="d.double") == -10


def test_HU_T_SCORE_12_kovacs_47() -> None:
    kovacs = {"kontra_game_opponents_need_48": True}
    assert value(47, 5, kontra="game=1") == -2
    assert value(47, 5, kontra="game=1", options=kovacs) == 2
    assert value(47, 5) == -1
    assert value(47, 5, options=kovacs) == -1


def test_HU_T_SCORE_13_kontra_and_silent_double_volat() -> None:
    multiply = {"kontra_multiplies_silent": True}
    assert value(85, 9, kontra="game=1") == 5
    assert value(75, 8, kontra="game=2") == 6
    assert value(85, 9, kontra="game=1", options=multiply) == 6
    assert value(75, 8, kontra="game=2", options=multiply) == 8


def test_HU_T_SCORE_14_wide_game_suppression() -> None:
    wide = {"game_suppression": "wide"}
    assert value(40, 4, kontra="d.double", options=wide) == -4
    assert value(40, 4, kontra="d.double") == -5
    assert value(20, 2, kontra="d.volat", options=wide) == -6
    assert value(20, 2, kontra="d.volat") == -8


def test_HU_T_SCORE_15_silent_double_volat_needs_game_kontra() -> None:
    opp = {"silent_double_volat_needs_game_kontra": "opponents"}
    both = {"silent_double_volat_needs_game_kontra": "both_teams"}
    assert (value(20, 2, options=opp), value(3, 0, options=opp)) == (-1, -1)
    assert (value(20, 2), value(3, 0)) == (-2, -3)
    assert (value(75, 8, options=both), value(75, 8)) == (1, 2)
    assert value(75, 8, kontra="game=1", options=both) == 4
    assert value(75, 8, kontra="game=1") == 4


@pytest.mark.parametrize(("values", "expected"), [("modern", (-2, 12, 30, -60)),
                                                  ("traditional", (-1, 10, 21, -42))])
def test_HU_T_SCORE_16_bonus_values(values: str, expected: tuple[int, ...]) -> None:
    opt = {"bonus_values": values}
    got = (part(settle(outcome(55, 5, o_takes="HK DK CK SK", options=opt)), "four_kings"),
           part(settle(outcome(60, 5, last="T1:d", kontra="d.ultimo", options=opt)), "ultimo"),
           part(settle(outcome(60, 5, specials=["T22:d T21:o"], options=opt)), "xxi_catch"),
           part(settle(outcome(60, 5, kontra="d.xxi_catch", options=opt)), "xxi_catch"))
    assert got == expected


def test_HU_T_SCORE_17_silent_trull_with_volat() -> None:
    assert value(85, 9, options={"silent_trull_with_volat": True}) == 3 + 1


def test_HU_T_SCORE_18_kontra_game_scope() -> None:
    kw: dict[str, Any] = {"d_takes": "T1 T21 T22", "kontra": "game=1"}
    assert value(60, 5, **kw) == 2 + 1
    scope = {"kontra_game_scope": "game_and_all_bonuses"}
    assert value(60, 5, options=scope, **kw) == 2 + 2


def test_HU_T_SCORE_19_pagat_catch() -> None:
    opt = {"pagat_catch_bonus": True}
    caught = settle(outcome(60, 5, specials=["T1:d T10:o"], options=opt))
    assert part(caught, "pagat_catch") == -4
    made = settle(outcome(60, 5, specials=["T1:o T10:d"], kontra="d.pagat_catch", options=opt))
    assert part(made, "pagat_catch") == 10
    failed = settle(outcome(60, 5, kontra="d.pagat_catch", options=opt))
    assert part(failed, "pagat_catch") == -10
    assert part(settle(outcome(60, 5, specials=["T1:d T10:o"])), "pagat_catch") == 0


def test_HU_T_SCORE_20_announced_volat_blocks_silent_double() -> None:
    assert value(75, 8, kontra="game=1 d.volat") == -4


def test_HU_T_SCORE_21_silent_kings_with_double() -> None:
    kw: dict[str, Any] = {"d_takes": "HK DK CK SK"}
    assert value(75, 8, options={"silent_kings_with_double": False}, **kw) == 2
    assert value(75, 8, **kw) == 3


def test_HU_T_SCORE_22_zero_sum_per_player() -> None:
    deals = [outcome(52, 5, level=2, kontra="d.double=1 game=1", alone=True),
             outcome(60, 5, counts={B: 9}, claims={A: 8}, multiplier=4),
             outcome(85, 9, kontra="game=3 o.xxi_catch=2", specials=["T22:d T21:o"]),
             outcome(60, 5, players=5, counts={D: 8},
                     options={"five_player_sir_nevet": True,
                              "five_player_talon_honour_payment": True},
                     talon_received={B: "T22"})]
    for deal in deals:
        assert sum(settle(deal).deltas) == 0


def test_HU_SCORE_14_zero_sum_is_enforced() -> None:
    broken = dataclasses.replace(outcome(60, 5), active=(A, B, C))  # 2 against 1
    with pytest.raises(AssertionError, match="HU-SCORE-14"):
        score_deal(broken)


# -- §15.7 five players -----------------------------------------------------------------------


def test_HU_T_5P_1_dealer_gets_nothing() -> None:
    result = settle(outcome(60, 5, players=5, counts={B: 8}, claims={C: 9},
                            talon_received={B: "T22"}))
    assert len(result.deltas) == 5 and result.deltas[E] == 0


def test_HU_T_5P_2_talon_honour_payment() -> None:
    opt = {"five_player_talon_honour_payment": True}
    kw: dict[str, Any] = {"players": 5, "multiplier": 2, "options": opt}
    base = settle(outcome(60, 5, **kw))
    result = settle(outcome(60, 5, talon_received={B: "T22 SQ", D: "T1", C: "T5"},
                            **kw))
    assert personal(result, base) == [0, -3, 0, -1, 4]
    assert {"item": "talon_honours", "seat": E, "points": 4} in result.items
    four = settle(outcome(60, 5, talon_received={B: "T22"}, options=opt))
    assert four.deltas == settle(outcome(60, 5)).deltas  # the dealer plays: no payment


def test_HU_T_5P_3_sir_nevet() -> None:
    opt = {"five_player_sir_nevet": True}
    two = settle(outcome(60, 5, level=2, players=5, options=opt, counts={B: 8}))
    counts = [-1, 3, -1, -1, 0]
    assert [x - y for x, y in zip(two.deltas, counts, strict=True)] == [4, -2, 2, -2, -2]
    assert {"item": "sir_nevet", "seat": E, "points": -2} in two.items
    lone = settle(outcome(60, 5, level=2, players=5, options=opt, alone=True))
    assert lone.deltas == (8, -2, -2, -2, -2)


# -- §15.7 HU-T-IRR-1 and the renonsz penalty (HU-IRR-3, HU-OQ-29) ----------------------------

RENONSZ = {"renonsz_penalty": "minimum_ten"}


def cut(deal: DealOutcome, completed: int) -> DealOutcome:
    return dataclasses.replace(deal, tricks=deal.tricks[:completed])


def test_HU_T_IRR_1_renonsz_minimum_ten() -> None:
    deal = cut(outcome(60, 5, kontra="d.trull", options=RENONSZ), 4)
    result = score_renonsz(deal, A)
    assert result.deltas == (-30, 10, 10, 10)
    assert result.value == 0
    assert result.items == ({"item": "renonsz", "seat": A, "points": -30},)


def test_HU_IRR_3_renonsz_base_and_multiplier() -> None:
    # Announced: double 4G·2 at kettő = 16, xxi_catch 42; the kontra'd game is not counted.
    deal = cut(outcome(60, 5, level=2, multiplier=2, kontra="game=2 d.double=1 o.xxi_catch",
                       options=RENONSZ), 3)
    assert score_renonsz(deal, C).deltas == (116, 116, -348, 116)
    # A silent XXI-catch already made counts (21); the mayor changes; counts are paid.
    caught = outcome(60, 5, specials=["T22:d T21:o"], counts={B: 8}, claims={C: 9},
                     options=RENONSZ)
    result = score_renonsz(cut(caught, 1), D)
    assert result.deltas == (21 - 1, 21 + 3, 21 - 1, -63 - 1)
    assert result.caught_xxi_holder in (B, D)
    # The floor of 10 is not multiplied.
    small = cut(outcome(60, 5, multiplier=4, options=RENONSZ), 2)
    assert score_renonsz(small, B).deltas == (10, -30, 10, 10)


def test_HU_IRR_3_renonsz_needs_the_option_and_an_active_offender() -> None:
    with pytest.raises(ValueError, match="HU-IRR-3"):
        score_renonsz(cut(outcome(60, 5), 4), A)
    with pytest.raises(ValueError, match="HU-IRR-3"):
        score_renonsz(cut(outcome(60, 5, players=5, options=RENONSZ), 4), E)


# -- §15.2 HU-T-BID-PROBA1 (HU-BID-9, HU-SCORE-12) --------------------------------------------


def test_HU_T_BID_PROBA1_failed_probaharom() -> None:
    opt = HungarianOptions.make()
    result = score_failed_probaharom(opt, 1, 1, 4, (A, B, C, D), D)
    assert result.deltas == (1, 1, 1, -3)
    assert result.items == ({"item": "probaharom", "seat": D, "points": -3},)
    assert score_failed_probaharom(opt, 1, 2, 4, (A, B, C, D), D).deltas == (2, 2, 2, -6)
    scope = HungarianOptions.make({"deal_multiplier_scope": "game_and_bonuses"})
    assert score_failed_probaharom(scope, 1, 2, 4, (A, B, C, D), D).deltas == (1, 1, 1, -3)
    five = score_failed_probaharom(HungarianOptions.make({"probaharom_levels": "any"}), 3, 1,
                                   5, (A, B, C, D), B)
    assert five.deltas == (3, -9, 3, 3, 0)


# -- property: zero sum and the lone declarer's 3V (HU-SCORE-13, HU-SCORE-14) -----------------

ANNOUNCEABLE = ("trull", "four_kings", "double", "volat", "ultimo", "xxi_catch", "pagat_catch")
OPTION_CHOICES: dict[str, list[Any]] = {
    "kontra_game_opponents_need_48": [False, True],
    "game_suppression": ["standard", "wide"],
    "silent_double_volat_needs_game_kontra": ["none", "opponents", "both_teams"],
    "kontra_multiplies_silent": [False, True],
    "kontra_game_scope": ["game_only", "game_and_all_bonuses"],
    "silent_trull_with_volat": [False, True],
    "silent_kings_with_double": [False, True],
    "bonus_values": ["traditional", "modern"],
    "pagat_catch_bonus": [False, True],
    "unannounced_tarokk_claim": ["holder_choice", "never"],
    "deal_multiplier_scope": ["all_payments", "game_and_bonuses"],
    "five_player_talon_honour_payment": [False, True],
    "five_player_sir_nevet": [False, True],
}


@st.composite
def random_deals(draw: st.DrawFn) -> DealOutcome:
    players = draw(st.sampled_from([4, 5]))
    active = (A, B, C, D)
    pack = draw(st.permutations(list(ALL_CARDS)))
    level = draw(st.integers(1, 4))
    declarer = draw(st.sampled_from(active))
    partner = draw(st.sampled_from([None, *[s for s in active if s != declarer]]))
    tricks = []
    for i in range(9):
        trick_cards = list(pack[6 + 4 * i: 10 + 4 * i])
        seats = draw(st.permutations(list(active)))
        tricks.append(Trick(tuple(trick_cards), tuple(seats),
                            seats[trick_winner_index(trick_cards)]))
    kontra = {("d", "game"): draw(st.integers(0, 5))}
    for team, bonus in itertools.product("do", ANNOUNCEABLE):
        if draw(st.booleans()) and draw(st.booleans()):
            kontra[(team, bonus)] = draw(st.integers(0, 5))
    options = HungarianOptions.make({k: draw(st.sampled_from(v))
                                     for k, v in OPTION_CHOICES.items()})
    personal_payments = draw(st.booleans())
    counts = draw(st.dictionaries(st.sampled_from(active), st.sampled_from([8, 9]),
                                  max_size=2)) if personal_payments else {}
    claims = draw(st.dictionaries(st.sampled_from(active), st.sampled_from([8, 9]),
                                  max_size=2)) if personal_payments else {}
    talon = draw(st.dictionaries(st.sampled_from(active), st.sampled_from(
        [0, bit(T1), bit(T21) | bit(T22)]), max_size=2)) if personal_payments else {}
    return DealOutcome(options=options, level=level, multiplier=draw(st.sampled_from([1, 2, 4])),
                       seats=players, dealer=E if players == 5 else D, active=active,
                       declarer=declarer, partner=partner,
                       declarer_discards=sum(bit(c) for c in pack[:4 - level]),
                       tricks=tuple(tricks), kontra=kontra, counts=counts, claims=claims,
                       talon_received=talon)


@settings(max_examples=300, deadline=None)
@given(random_deals())
def test_property_zero_sum_and_lone_declarer_settles_three_times(deal: DealOutcome) -> None:
    result = settle(deal)
    v = result.value * deal.multiplier
    plain = not deal.counts and not deal.claims and not (
        deal.seats == 5 and (deal.options.five_player_sir_nevet
                             or deal.options.five_player_talon_honour_payment))
    if plain:
        expected = 3 * v if deal.partner is None else v
        assert result.deltas[deal.declarer] == expected
        assert all(result.deltas[q] == -v for q in deal.active
                   if deal.team_of(q) == "o")
    if deal.seats == 5 and not deal.options.five_player_sir_nevet and not (
            deal.options.five_player_talon_honour_payment and deal.talon_received):
        assert result.deltas[E] == 0


# -- §15.8 / §15.9 scoring options (HU-T-OPT-*) ------------------------------------------------


def lone_outcome(d_tricks: list[str], discards: Mapping[str, str],
                 options: Mapping[str, object], kontra: str = "game=1") -> DealOutcome:
    """A három deal of declarer B alone, whose called T20 lies in C's discards: ``d_tricks`` are
    B's tricks; the other cards make o's tricks, played first, led by A, with a plain card of B
    last in each (so that B's honours are never caught)."""
    d_cards = [cards(t) for t in d_tricks]
    pile = {SEAT[lab]: mask(codes) for lab, codes in discards.items()}
    used = {c for t in d_cards for c in t} | {c for m in pile.values() for c in iter_bits(m)}
    rest = [c for c in ALL_CARDS if c not in used]
    special = [c for c in rest if bit(c) & (HONOURS | KINGS)]
    plain = [c for c in rest if c not in special]
    o_cards = special + plain
    tricks = []
    while o_cards:
        group = [*o_cards[:3], o_cards[-1]]
        del o_cards[:3], o_cards[-1]
        tricks.append(Trick(tuple(group), (A, C, D, B), A))
    tricks += [Trick(tuple(t), (B, C, D, A), B) for t in d_cards]
    assert len(tricks) == 9
    return DealOutcome(
        options=HungarianOptions.make(options), level=1, multiplier=1, seats=4, dealer=D,
        active=(A, B, C, D), declarer=B, partner=None, declarer_discards=pile[B],
        tricks=tuple(tricks), kontra=parse_kontra(kontra),
        other_discards=pile[A] | pile[C] | pile[D], called_card_discarded=True)


ALL_DISCARDS = {"lone_declarer_gets_all_discards": True}


def test_HU_T_OPT_12_lone_declarer_scores_as_szolo() -> None:
    """HU-T-OPT-12, HU-SCORE-2: B's self-call at három; o has 75 points in 7 tricks and the four
    kings: G = 4 gives o's silent double 8 and the silent four kings 1."""
    kw: dict[str, Any] = {"declarer": B, "alone": True, "o_takes": "HK DK CK SK"}
    szolo = settle(outcome(19, 2, options={"lone_declarer_game_value": "szolo"}, **kw))
    assert szolo.value == -9 and szolo.deltas == (9, -27, 9, 9)
    plain = settle(outcome(19, 2, **kw))
    assert plain.value == -3 and plain.deltas == (3, -9, 3, 3)


def test_HU_T_OPT_13_lone_kontrad_game_at_szolo_value() -> None:
    """HU-T-OPT-13: kettő, B alone, the game at kontra, d 52: 4 × 2 = 8 instead of 2 × 2; a
    two-against-two kettő keeps G = 2."""
    kw: dict[str, Any] = {"declarer": B, "level": 2, "kontra": "game=1"}
    szolo = {"lone_declarer_game_value": "szolo"}
    lone = settle(outcome(52, 5, alone=True, options=szolo, **kw))
    assert lone.value == 8 and lone.deltas == (-8, 24, -8, -8)
    assert settle(outcome(52, 5, alone=True, **kw)).deltas == (-4, 12, -4, -4)
    assert value(52, 5, partner=D, options=szolo, **kw) == 4


def test_HU_T_OPT_14_lone_declarer_counts_every_discard_pile() -> None:
    """HU-T-OPT-14, HU-SCORE-1: B's tricks 36, his discards 10, the others' T20, CQ, SQ (9):
    d has 55 and wins the kontra'd game; by default 46 loses it."""
    tricks = ["T22 HK T2 T3", "T21 DK T4 T5", "CK DN HJ CJ"]
    discards = {"B": "DQ SN HN", "C": "T20", "A": "CQ", "D": "SQ"}
    deal = lone_outcome(tricks, discards, ALL_DISCARDS)
    assert card_points(deal, "d") == 55
    assert settle(deal).value == 2 and settle(deal).deltas == (-2, 6, -2, -2)
    default = dataclasses.replace(deal, options=HungarianOptions.make())
    assert card_points(default, "d") == 46
    assert settle(default).value == -2 and settle(default).deltas == (2, -6, 2, 2)
    both = lone_outcome(tricks, discards, {**ALL_DISCARDS, "house_rules": "online_app"})
    assert settle(both).value == 8  # under the online_app preset G = 4 as well


def test_HU_T_OPT_15_only_a_discarded_called_card_counts_every_pile() -> None:
    """HU-T-OPT-15: (a) a self-call or a call from his own discards leaves the other piles to
    o; (b) B's two tricks 15, discards 6 and 5: d has 26 against 21 by default.

    The test case gives (b) as −2 against −4. Two tricks of 15 points cannot hold both an
    honour and a king (at least 16), so o always completes trull or four kings as well; here o
    takes the trull, silent 1 in both readings."""
    tricks = ["HK T2 T3 T4", "CQ T5 T6 T7"]
    discards = {"B": "HN HJ DA", "C": "T20", "A": "DJ", "D": "SJ"}
    deal = lone_outcome(tricks, discards, ALL_DISCARDS)
    assert card_points(deal, "d") == 26
    assert settle(deal).value == -2 - 1 and part(settle(deal), "trull") == -1
    default = dataclasses.replace(deal, options=HungarianOptions.make())
    assert card_points(default, "d") == 21
    assert settle(default).value == -4 - 1
    self_call = dataclasses.replace(deal, called_card_discarded=False)
    assert card_points(self_call, "d") == 21


VOLAT8 = {"declarer": B, "partner": D, "d_takes": "T1 T21 T22 HK DK CK SK"}


@pytest.mark.parametrize(("rule", "expected"), [
    ("made", (-4, -4, 6)), ("made_or_announced", (-6, -5, 6)),
    ("made_if_unannounced", (-4, -4, 8))])
def test_HU_T_OPT_16_17_failed_volat_and_silent_bonuses(rule: str,
                                                        expected: tuple[int, ...]) -> None:
    """HU-T-OPT-16, HU-T-OPT-17, HU-SCORE-8: B announced volát; d won 8 tricks and 80 points
    with all honours and kings, or all 9 tricks."""
    opt = {"volat_silent_suppression": rule}
    got = (value(80, 8, kontra="d.volat", options=opt, **VOLAT8),
           value(80, 8, kontra="d.volat", options={**opt, "silent_trull_with_volat": True},
                 **VOLAT8),
           value(85, 9, kontra="d.volat", options=opt, declarer=B, partner=D))
    assert got == expected


@pytest.mark.parametrize(("rule", "expected"), [
    ("made_if_unannounced", (8, 3, -4)), ("made", (6, 3, -4)),
    ("made_or_announced", (6, 3, -6))])
def test_HU_T_OPT_38_volat_made_if_unannounced(rule: str, expected: tuple[int, ...]) -> None:
    """HU-T-OPT-38: (a) announced volát won, (b) silent volát, (c) announced volát failed with
    all honours and kings."""
    opt = {"volat_silent_suppression": rule}
    got = (value(85, 9, kontra="d.volat", options=opt, declarer=B, partner=D),
           value(85, 9, options=opt, declarer=B, partner=D),
           value(80, 8, kontra="d.volat", options=opt, **VOLAT8))
    assert got == expected


@pytest.mark.parametrize(("values", "expected"), [("base", (10, 4)), ("mkvm", (8, 4))])
def test_HU_T_OPT_46_pagat_catch_values(values: str, expected: tuple[int, int]) -> None:
    """HU-T-OPT-46, HU-SCORE-11: announced and silent pagát-catch; without the bonus the key
    changes nothing."""
    opt = {"pagat_catch_bonus": True, "pagat_catch_values": values}
    made = settle(outcome(60, 5, specials=["T1:o T10:d"], kontra="d.pagat_catch", options=opt))
    silent = settle(outcome(60, 5, specials=["T1:o T10:d"], options=opt))
    assert (part(made, "pagat_catch"), part(silent, "pagat_catch")) == expected
    off = {"pagat_catch_values": values}
    assert part(settle(outcome(60, 5, specials=["T1:o T10:d"], options=off)), "pagat_catch") == 0


@pytest.mark.parametrize(("opt", "expected"), [
    ({"xxi_catch_values": "kupa"}, (42, 84, -84)),
    ({"xxi_catch_values": "kupa", "bonus_values": "modern"}, (42, 84, -84)),
    ({}, (21, 42, -42)), ({"bonus_values": "modern"}, (30, 60, -60))])
def test_HU_T_OPT_47_xxi_catch_values(opt: dict[str, str], expected: tuple[int, ...]) -> None:
    """HU-T-OPT-47, HU-SCORE-10: silent catch, announced catch, announced and no catch."""
    got = (part(settle(outcome(60, 5, specials=["T22:d T21:o"], options=opt)), "xxi_catch"),
           part(settle(outcome(60, 5, specials=["T22:d T21:o"], kontra="d.xxi_catch",
                               options=opt)), "xxi_catch"),
           part(settle(outcome(60, 5, kontra="d.xxi_catch", options=opt)), "xxi_catch"))
    assert got == expected


@pytest.mark.parametrize(("penalty", "expected"), [("itvb", (5, 20)), ("minimum_ten", (10, 22))])
def test_HU_T_OPT_50_renonsz_itvb(penalty: str, expected: tuple[int, int]) -> None:
    """HU-T-OPT-50, HU-IRR-3: A revokes with (a) d.trull announced, (b) d.ultimo at kontra and
    d.trull announced; nothing achieved before."""
    opt = {"renonsz_penalty": penalty}
    small = score_renonsz(cut(outcome(60, 5, kontra="d.trull", options=opt), 0), A)
    big = score_renonsz(cut(outcome(60, 5, kontra="d.trull d.ultimo=1", options=opt), 0), A)
    assert small.deltas == (-3 * expected[0], *[expected[0]] * 3)
    assert big.deltas == (-3 * expected[1], *[expected[1]] * 3)
