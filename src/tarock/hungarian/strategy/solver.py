"""A perfect-information solver of Hungarian tarokk card play (HU-PLAY, HU-SCORE-16).

Given every hand (a *position*: a world of a sampling search, or a real state in tests), the
solver finds the value of the remaining play for the declarer's team under best play by both
teams. The value is the deal's team value exactly as scored: ``net`` of HU-SCORE-16 (the game,
silent or announced double and volát, trull, four kings, ultimo, XXI-catch, pagát-catch, every
kontra multiplier, with the rule options), before the deal multiplier M and before the personal
payments (tarokk counts), which card play cannot change. :class:`LeafScorer` computes it from
the few facts of a finished deal that matter (d's card points and tricks, which team won each
five-point card, the XXI-catch, the pagát in trick 9, the pagát-catches); a test compares it with
:func:`tarock.hungarian.scoring.score_deal` on random finished deals.

The search is alpha-beta at card level (minimax: team d maximises, team o minimises), driven by
MTD(f) (null-window searches that converge on the value), with

* a transposition table keyed at trick boundaries (the four hands, the leader and the scoring
  facts so far, since the value is not additive), storing lower and upper bounds and the best
  card;
* move ordering: the table's best card first; on lead five-point cards and high cards first;
  following, a cheap winning card, or a smear onto a partner's winning card, else the cheapest;
* equivalence reduction: two one-point tarokks (II ... XX) in the same hand with no card between
  them left in play (in a hand or in the current trick) are interchangeable, so only one of each
  run is searched (suit cards of adjacent rank never have equal points, and the honours differ
  from their neighbours, so only the plain tarokks qualify);
* the last trick played out without branching.

Speed (pure Python, ``benchmarks/solver_speed.py``): an exact solve takes milliseconds with 4-5
tricks left and tens of milliseconds with 6, but a whole deal from trick 1 takes on the order of
a minute or more, far beyond a one-second move. :class:`Solver` therefore takes ``depth``: the
search then covers the current trick and ``depth`` more tricks and scores the position at that
trick boundary with :meth:`LeafScorer.estimate` (the exact scoring function applied to a guess of
the final facts: the remaining card points and tricks shared in proportion to the teams'
tarokks, each remaining five-point card kept by its holder's team). Exact solving (``depth`` 9)
is the default; the search player solves exactly only its endgame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tarock.hungarian.cards import (
    FIVE_POINT,
    HONOURS,
    KINGS,
    POINTS,
    SUIT_MASKS,
    SUIT_OF,
    T1,
    T21,
    T22,
    TAROKK_SUIT,
    TAROKKS,
    TOTAL_POINTS,
)
from tarock.hungarian.options import HungarianOptions
from tarock.hungarian.scoring import BONUS_VALUES, NEEDS_GAME_KONTRA

TD, TO = "d", "o"  # the declarer's team and the opponents
INF = 1 << 30
_T1B, _T21B, _T22B = 1 << T1, 1 << T21, 1 << T22
_SPECIAL = _T1B | _T21B | _T22B
PLAIN_TAROKKS = sum(1 << i for i in range(1, 20))  # T2 ... T20: one point each
# Strength of each card: tarokks above all; suit cards by rank (their index runs K..low).
_STRENGTH = tuple(100 + i if i < 22 else 10 - (i - 22) % 5 for i in range(42))
STRENGTH = _STRENGTH
_LEAD_KEY = tuple(-1000 * POINTS[c] - _STRENGTH[c] for c in range(42))
_FOLLOW = tuple(TAROKKS if SUIT_OF[i] == TAROKK_SUIT else SUIT_MASKS[SUIT_OF[i]]
                for i in range(42))
# ult codes: the pagát in trick 9 (HU-SCORE-9)
ULT_NONE, ULT_D_WON, ULT_D_LOST, ULT_O_WON, ULT_O_LOST = range(5)
XXI_NONE, XXI_D, XXI_O = range(3)
PCATCH_D, PCATCH_O = 1, 2  # bit flags: team d (o) won a trick with the other team's pagát


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class LeafScorer:
    """The team-d value of a finished deal (HU-SCORE-16 ``net``), from its scoring facts.

    Built once per deal from the options, the game level G and the kontra levels of every item
    (``kontra[(team, item)]``, the game always present, a bonus present when announced).
    """

    def __init__(self, opt: HungarianOptions, level: int, kontra: Mapping[tuple[str, str], int]):
        self.opt = opt
        self.g = level
        self.kontra = dict(kontra)
        self.kg = 1 << self.kontra.get((TD, "game"), 0)
        self.kb = self.kg if opt.kontra_game_scope == "game_and_all_bonuses" else 1
        self.need = 47 if (opt.kontra_game_opponents_need_48 and self.kg > 1) else 48
        self.values = BONUS_VALUES[opt.bonus_values]
        self.bonuses = ("trull", "four_kings", "ultimo", "xxi_catch") + (
            ("pagat_catch",) if opt.pagat_catch_bonus else ())
        self.ultimo = {t: (t, "ultimo") in self.kontra for t in (TD, TO)}
        self._memo: dict[int, int] = {}

    def ann(self, team: str, bonus: str) -> int:
        """0 if ``team`` did not announce ``bonus``, else its kontra multiplier."""
        level = self.kontra.get((team, bonus))
        return 0 if level is None else 1 << level

    def value(self, pts_d: int, tricks_d: int, won_d: int, xxi: int, ult: int,
              pcatch: int) -> int:
        """``won_d``: the five-point cards (honours, kings) in d's tricks; the others are in o's
        (all seven are always played). ``xxi``, ``ult``, ``pcatch``: see the module constants."""
        key = (won_d & FIVE_POINT) | pts_d << 42 | tricks_d << 49 | xxi << 53 | ult << 55 \
            | pcatch << 58
        v = self._memo.get(key)
        if v is None:
            v = self._memo[key] = self._value(pts_d, tricks_d, won_d & FIVE_POINT, xxi, ult,
                                              pcatch)
        return v

    def _value(self, pts_d: int, tricks_d: int, won_d: int, xxi: int, ult: int,
               pcatch: int) -> int:
        opt, g, kg, kb, ann = self.opt, self.g, self.kg, self.kb, self.ann
        other = {TD: TO, TO: TD}
        net = 0

        def pay(t: str, x: int) -> None:
            nonlocal net
            net += x if t == TD else -x

        points = {TD: pts_d, TO: TOTAL_POINTS - pts_d}
        tricks = {TD: tricks_d, TO: 9 - tricks_d}
        winner = TD if pts_d >= self.need else TO
        ach_d = {t: points[t] >= 71 for t in (TD, TO)}
        ach_v = {t: tricks[t] == 9 for t in (TD, TO)}
        events = any(ach_d[t] or ach_v[t] or ann(t, "double") or ann(t, "volat") for t in (TD, TO))
        vol_event = any(ann(t, "volat") or ach_v[t] for t in (TD, TO))
        wide = opt.game_suppression == "wide"
        for t in (TD, TO):
            for bonus, ach, unit in (("double", ach_d, 4), ("volat", ach_v, 6)):
                k = ann(t, bonus)
                if k:
                    pay(t if ach[t] else other[t], unit * g * k * kb)
        silent = {TD: 0, TO: 0}
        needs = NEEDS_GAME_KONTRA[opt.silent_double_volat_needs_game_kontra]
        for t in (TD, TO):
            if kg == 1 and t in needs:
                continue
            if ach_v[t] and not ann(t, "volat"):
                silent[t] = 3 * g
            elif (ach_d[t] and not ann(t, "double") and not ann(t, "volat")
                  and not (wide and vol_event)):
                silent[t] = 2 * g
        if kg > 1:
            if opt.kontra_multiplies_silent and silent[winner]:
                pay(winner, silent[winner] * kg)
                silent[winner] = 0
            else:
                pay(winner, g * kg)
            for t in (TD, TO):
                if silent[t]:
                    pay(t, silent[t] * kb)
        else:
            for t in (TD, TO):
                if silent[t]:
                    pay(t, silent[t])
            game_ok = (not ann(winner, "double") and not ann(winner, "volat")
                       and silent[winner] == 0 and not (wide and events))
            if game_ok:
                pay(winner, g)
        won = {TD: won_d, TO: FIVE_POINT & ~won_d}
        for bonus in self.bonuses:
            silent_v, announced_v = self.values[bonus]
            for t in (TD, TO):
                done = self._achieved(bonus, t, won[t], xxi, ult, pcatch)
                k = ann(t, bonus)
                if k:
                    pay(t if done else other[t], announced_v * k * kb)
                    continue
                suppressed = (bonus == "four_kings" and (
                    ach_v[t] or (ach_d[t] and not opt.silent_kings_with_double))) or (
                    bonus == "trull" and ach_v[t] and not opt.silent_trull_with_volat)
                if done and not suppressed:
                    pay(t, silent_v * kb)
                if bonus == "ultimo" and ult == (ULT_D_LOST if t == TD else ULT_O_LOST):
                    pay(other[t], silent_v * kb)
        return net

    @staticmethod
    def _achieved(bonus: str, t: str, won: int, xxi: int, ult: int, pcatch: int) -> bool:
        if bonus == "trull":
            return won & HONOURS == HONOURS
        if bonus == "four_kings":
            return won & KINGS == KINGS
        if bonus == "ultimo":
            return ult == (ULT_D_WON if t == TD else ULT_O_WON)
        if bonus == "xxi_catch":
            return xxi == (XXI_D if t == TD else XXI_O)
        return bool(pcatch & (PCATCH_D if t == TD else PCATCH_O))

    def estimate(self, pts_d: int, tricks_d: int, won_d: int, xxi: int, pcatch: int,
                 hands: list[int], team_d: tuple[bool, ...], tricks_left: int) -> int:
        """A guess of the final value at a trick boundary (depth-limited search only): the
        remaining card points and tricks are shared in proportion to the teams' tarokks in
        hand (plus one half each), each remaining five-point card goes to its holder's team,
        and the pagát in trick 9 is ignored."""
        hd = ho = 0
        for p in range(4):
            if team_d[p]:
                hd |= hands[p]
            else:
                ho |= hands[p]
        tar_d = (hd & TAROKKS).bit_count()
        share = (tar_d + 0.5) / (tar_d + (ho & TAROKKS).bit_count() + 1.0)
        pts = pts_d + round(mask_points(hd | ho) * share)
        tr = tricks_d + round(tricks_left * share)
        return self.value(min(pts, TOTAL_POINTS), min(tr, 9), won_d | (hd & FIVE_POINT), xxi,
                          ULT_NONE, pcatch)


_POINT_BYTES = tuple(tuple(sum(POINTS[8 * k + i] for i in range(8) if b >> i & 1 and
                               8 * k + i < 42) for b in range(256)) for k in range(6))


def mask_points(m: int) -> int:
    """The card points of a card mask (HU-DECK-4), by table lookup."""
    t = _POINT_BYTES
    return (t[0][m & 255] + t[1][m >> 8 & 255] + t[2][m >> 16 & 255] + t[3][m >> 24 & 255]
            + t[4][m >> 32 & 255] + t[5][m >> 40 & 255])


@dataclass
class Position:
    """A play-phase position with every card known.

    Players are numbered 0..3 in playing order (the active seats A, B, C, D); ``seats`` maps them
    back to table seats. ``trick`` holds the cards of the current trick in play order, led by
    ``leader``. The scoring facts so far: ``points_d`` (card points of team d, its tricks plus
    the declarer's discards), ``tricks_d``, ``won_d`` (five-point cards in d's tricks), ``xxi``,
    ``pcatch`` (module constants). ``keep_pagat`` says which team announced ultimo (HU-PLAY-5).
    """

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    leader: int
    team_d: tuple[bool, bool, bool, bool]
    tricks_played: int
    points_d: int
    tricks_d: int
    won_d: int
    xxi: int
    pcatch: int
    keep_pagat: tuple[bool, bool]  # (team d, team o) announced ultimo
    scorer: LeafScorer
    seats: tuple[int, ...] = (0, 1, 2, 3)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def legal_mask(self) -> int:
        p = self.to_move
        return _legal(self.hands[p], self.trick[0] if self.trick else -1,
                      self.keep_pagat[0] if self.team_d[p] else self.keep_pagat[1])


def _legal(hand: int, led: int, keep: bool) -> int:
    """HU-PLAY-6 on masks; ``led`` is -1 on lead."""
    legal = hand if led < 0 else hand & _FOLLOW[led] or hand & TAROKKS or hand
    if keep and legal & _T1B and legal != _T1B:
        legal ^= _T1B
    return legal


def trick_facts(cards: tuple[int, ...] | list[int], leader: int,
                team_d: tuple[bool, ...]) -> int:
    """The position (0..3) of the winner of a complete trick led by ``leader``."""
    led_suit = SUIT_OF[cards[0]]
    best, best_key = 0, -1
    for i, c in enumerate(cards):
        s = SUIT_OF[c]
        key = _STRENGTH[c] if s in (TAROKK_SUIT, led_suit) else -1
        if key > best_key:
            best, best_key = i, key
    return (leader + best) % 4


class Solver:
    """Alpha-beta over one position's card play; one transposition table per instance (per
    world: the table's keys assume the same teams and scorer).

    ``depth`` (default 9: exact) limits the search to the current trick and ``depth`` more
    tricks; the position there is scored with :meth:`LeafScorer.estimate`. A depth-limited
    instance must only be used for one root position (its table holds depth-relative values);
    an exact one may be reused for any positions of the same world.
    """

    def __init__(self, depth: int = 9):
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self.depth = depth
        self.mtdf = True

    # -- public ------------------------------------------------------------------------------

    def solve(self, pos: Position) -> int:
        """The value for team d of ``pos`` under best play by both teams."""
        return self._mtdf(pos, -1, 0)

    def action_values(self, pos: Position) -> dict[int, int]:
        """The value for team d after each legal card of the player to move (each exact)."""
        legal = pos.legal_mask()
        out: dict[int, int] = {}
        guess = 0
        for card, group in _representatives(pos, legal):
            v = guess = self._mtdf(pos, card, guess)
            for c in group:
                out[c] = v
        return out

    def _mtdf(self, pos: Position, first: int, guess: int) -> int:
        """MTD(f): null-window searches around ``guess`` until the bounds meet."""
        if not self.mtdf:
            return self._run(pos, first, -INF, INF)
        g, lo, hi = guess, -INF, INF
        while lo < hi:
            b = g + 1 if g == lo else g
            g = self._run(pos, first, b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
        return g

    # -- the search --------------------------------------------------------------------------

    def _run(self, pos: Position, first: int, alpha: int, beta: int) -> int:
        """Search ``pos``; with ``first`` >= 0 the player to move plays that card first."""
        hands = list(pos.hands)
        trick = list(pos.trick)
        team_d = pos.team_d
        scorer = pos.scorer
        value = scorer.value
        estimate = scorer.estimate
        keep = tuple(pos.keep_pagat[0] if team_d[p] else pos.keep_pagat[1] for p in range(4))
        tt = self.tt
        # Stop (and estimate) at the trick boundary ``depth`` tricks after the next one.
        horizon = pos.tricks_played + (1 if pos.trick else 0) + self.depth
        if horizon >= 9:
            horizon = -1
        follow, strength, suit_of, points = _FOLLOW, _STRENGTH, SUIT_OF, POINTS
        # leader, tricks played, d's points, d's tricks, d's five-point cards, xxi, pcatch
        st = [pos.leader, pos.tricks_played, pos.points_d, pos.tricks_d, pos.won_d, pos.xxi,
              pos.pcatch]
        counter = [0]

        def close(cards: list[int], leader: int, played: int, pts: int, trd: int, won: int,
                  xxi: int, pc: int) -> tuple[int, int, int, int, int, int, int]:
            """The facts after a complete trick: winner, pts, trd, won, xxi, pc, ult."""
            led_suit = suit_of[cards[0]]
            best, best_key, tmask, tp = 0, -1, 0, 0
            for i in range(4):
                c = cards[i]
                tmask |= 1 << c
                tp += points[c]
                s = suit_of[c]
                k = strength[c] if (s == 4 or s == led_suit) else -1
                if k > best_key:
                    best, best_key = i, k
            winner = (leader + best) % 4
            wd = team_d[winner]
            if wd:
                pts += tp
                trd += 1
                won |= tmask & FIVE_POINT
            ult = 0
            if tmask & _SPECIAL:
                p1 = p21 = p22 = -1
                for i in range(4):
                    c = cards[i]
                    if c == T1:
                        p1 = (leader + i) % 4
                    elif c == T21:
                        p21 = (leader + i) % 4
                    elif c == T22:
                        p22 = (leader + i) % 4
                if p21 >= 0 and p22 >= 0 and team_d[p21] != team_d[p22]:
                    xxi = XXI_D if team_d[p22] else XXI_O
                if p1 >= 0:
                    if team_d[p1] != wd:
                        pc |= PCATCH_D if wd else PCATCH_O
                    if played == 8:
                        if team_d[p1]:
                            ult = ULT_D_WON if winner == p1 else ULT_D_LOST
                        else:
                            ult = ULT_O_WON if winner == p1 else ULT_O_LOST
            return winner, pts, trd, won, xxi, pc, ult

        def node(alpha: int, beta: int, forced: int) -> int:
            counter[0] += 1
            n = len(trick)
            leader, played, pts, trd, won, xxi, pc = st
            key = None
            hint = -1
            if n == 0:
                if played == 9:
                    return value(pts, trd, won, xxi, 0, pc)
                if played == 8:  # the last trick: no choice left
                    cards = []
                    p = leader
                    for _ in range(4):
                        cards.append(hands[p].bit_length() - 1)
                        p = (p + 1) % 4
                    _, pts, trd, won, xxi, pc, ult = close(cards, leader, 8, pts, trd, won, xxi,
                                                           pc)
                    return value(pts, trd, won, xxi, ult, pc)
                if played == horizon:
                    return estimate(pts, trd, won, xxi, pc, hands, team_d, 9 - played)
                if forced < 0:
                    key = (hands[0], hands[1], hands[2], hands[3], leader, pts, trd, won, xxi, pc)
                    entry = tt.get(key)
                    if entry is not None:
                        lo, hi, hint = entry
                        if lo >= beta:
                            return lo
                        if hi <= alpha:
                            return hi
                        if lo == hi:
                            return lo
                        if lo > alpha:
                            alpha = lo
                        if hi < beta:
                            beta = hi
            alpha_in, beta_in = alpha, beta
            p = (leader + n) % 4
            hand = hands[p]
            if forced >= 0:
                moves = [forced]
            else:
                legal = hand if n == 0 else hand & follow[trick[0]] or hand & TAROKKS or hand
                if keep[p] and legal & _T1B and legal != _T1B:
                    legal ^= _T1B
                moves = _order(legal, hands, trick, p, leader, team_d, hint)
            maximize = team_d[p]
            best = -INF if maximize else INF
            best_card = moves[0]
            for c in moves:
                hands[p] = hand ^ (1 << c)
                if n == 3:
                    trick.append(c)
                    winner, npts, ntrd, nwon, nxxi, npc, ult = close(trick, leader, played, pts,
                                                                      trd, won, xxi, pc)
                    if played == 8:
                        v = value(npts, ntrd, nwon, nxxi, ult, npc)
                        trick.pop()
                    else:
                        cards = trick[:3]
                        trick.clear()
                        st[0], st[1], st[2], st[3], st[4], st[5], st[6] = (
                            winner, played + 1, npts, ntrd, nwon, nxxi, npc)
                        v = node(alpha, beta, -1)
                        st[0], st[1], st[2], st[3], st[4], st[5], st[6] = (
                            leader, played, pts, trd, won, xxi, pc)
                        trick.extend(cards)
                else:
                    trick.append(c)
                    v = node(alpha, beta, -1)
                    trick.pop()
                hands[p] = hand
                if maximize:
                    if v > best:
                        best, best_card = v, c
                        if v > alpha:
                            alpha = v
                elif v < best:
                    best, best_card = v, c
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    break
            if key is not None:
                lo, hi = -INF, INF
                if best <= alpha_in:
                    hi = best
                elif best >= beta_in:
                    lo = best
                else:
                    lo = hi = best
                old = tt.get(key)
                if old is not None:
                    lo, hi = max(lo, old[0]), min(hi, old[1])
                tt[key] = (lo, hi, best_card)
            return best

        result = node(alpha, beta, first)
        self.nodes += counter[0]
        return result


def _representatives(pos: Position, legal: int) -> list[tuple[int, list[int]]]:
    """The legal cards grouped into equivalence classes (see the module docstring)."""
    live = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    for c in pos.trick:
        live |= 1 << c
    groups: list[tuple[int, list[int]]] = []
    plain = legal & PLAIN_TAROKKS
    live_plain = live & PLAIN_TAROKKS
    for c in _bits(legal):
        if plain >> c & 1:
            below = live_plain & ((1 << c) - 1)
            if below and plain >> (below.bit_length() - 1) & 1:
                groups[-1][1].append(c)
                continue
        groups.append((c, [c]))
    return groups


def _order(legal: int, hands: list[int], trick: list[int], p: int, leader: int,
           team_d: tuple[bool, ...], hint: int) -> list[int]:
    """The cards worth searching (one per equivalence class) in a good order."""
    plain = legal & PLAIN_TAROKKS
    if plain & (plain - 1):  # two or more plain tarokks: drop equivalent ones
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            live |= 1 << c
        live_plain = live & PLAIN_TAROKKS
        drop = 0
        for c in _bits(plain):
            below = live_plain & ((1 << c) - 1)
            if below and plain >> (below.bit_length() - 1) & 1:
                drop |= 1 << c
        legal &= ~drop
    cards = _bits(legal)
    if len(cards) == 1:
        return cards
    if not trick:
        cards.sort(key=_LEAD_KEY.__getitem__)  # five-point cards, then high cards, first
    else:
        led_suit = SUIT_OF[trick[0]]
        best_i, best_key = 0, -1
        for i, c in enumerate(trick):
            s = SUIT_OF[c]
            k = _STRENGTH[c] if (s == 4 or s == led_suit) else -1
            if k > best_key:
                best_i, best_key = i, k
        mine = team_d[(leader + best_i) % 4] == team_d[p]
        scored = []
        for c in cards:
            s = SUIT_OF[c]
            k = _STRENGTH[c] if (s == 4 or s == led_suit) else -1
            if k > best_key:  # would win the trick now: overtake a partner last
                score = 200 + k if mine else -200 + k - 10 * POINTS[c]
            else:  # smear onto a partner's trick, else throw the cheapest card
                score = -POINTS[c] if mine else 4 * POINTS[c] + (k > 0)
            scored.append((score, c))
        scored.sort()
        cards = [c for _, c in scored]
    if hint >= 0 and legal >> hint & 1 and cards[0] != hint:
        cards.remove(hint)
        cards.insert(0, hint)
    return cards


# -- building positions --------------------------------------------------------------------------


def facts_of_tricks(tricks: list[tuple[tuple[int, ...], tuple[int, ...], int]],
                    is_d: Mapping[int, bool], declarer_discards: int) -> tuple[int, ...]:
    """(points_d, tricks_d, won_d, xxi, pcatch) after the completed ``tricks``, each given as
    (cards, seats, winner seat); ``is_d`` says which seats are on team d (HU-SCORE-1,
    HU-ANN-4, HU-SCORE-11)."""
    pts = sum(POINTS[c] for c in _bits(declarer_discards))
    trd = won = xxi = pc = 0
    for cards, seats, winner in tricks:
        wd = is_d[winner]
        tmask = sum(1 << c for c in cards)
        if wd:
            pts += sum(POINTS[c] for c in cards)
            trd += 1
            won |= tmask & FIVE_POINT
        by_card = dict(zip(cards, seats, strict=True))
        if T21 in by_card and T22 in by_card and is_d[by_card[T21]] != is_d[by_card[T22]]:
            xxi = XXI_D if is_d[by_card[T22]] else XXI_O
        if T1 in by_card and is_d[by_card[T1]] != wd:
            pc |= PCATCH_D if wd else PCATCH_O
    return pts, trd, won, xxi, pc


def make_position(opt: HungarianOptions, level: int, kontra: Mapping[tuple[str, str], int],
                  active: tuple[int, ...], declarer: int, partner: int | None,
                  hands: Mapping[int, int], declarer_discards: int,
                  tricks: list[tuple[tuple[int, ...], tuple[int, ...], int]],
                  trick: list[tuple[int, int]], to_act: int,
                  scorer: LeafScorer | None = None) -> Position:
    """A :class:`Position` from table facts: seats' current hands, the completed tricks as
    (cards, seats, winner), the current trick as (seat, card) pairs, and the seat to act."""
    is_d = {q: q in (declarer, partner) for q in active}
    pts, trd, won, xxi, pc = facts_of_tricks(tricks, is_d, declarer_discards)
    leader_seat = trick[0][0] if trick else to_act
    scorer = scorer or LeafScorer(opt, level, kontra)
    return Position(
        hands=tuple(hands[q] for q in active),  # type: ignore[arg-type]
        trick=tuple(c for _, c in trick),
        leader=active.index(leader_seat),
        team_d=tuple(is_d[q] for q in active),  # type: ignore[arg-type]
        tricks_played=len(tricks), points_d=pts, tricks_d=trd, won_d=won, xxi=xxi, pcatch=pc,
        keep_pagat=(scorer.ultimo[TD], scorer.ultimo[TO]), scorer=scorer, seats=tuple(active))


def position_from_state(state: Any) -> Position:
    """The open-handed position of a real :class:`~tarock.hungarian.game.HungarianState` in its
    play phase (tests and benchmarks; players never see a state)."""
    ann = state.ann
    tricks = [(t.cards, t.seats, t.winner) for t in state.tricks]
    trick = list(zip(state.trick_seats, state.trick, strict=True))
    return make_position(state.opt, state.level, ann.klevel, state.active, state.declarer,
                         ann.partner, {q: state.hands[q] for q in state.active},
                         state.discards[state.declarer], tricks, trick, state.to_act)
