"""The compiled perfect-information solver of Hungarian tarokk card play (numba).

It finds exactly the value that :class:`tarock.hungarian.strategy.solver.Solver` (the pure-Python
reference, which stays as the test oracle) finds, with the same rules of play (HU-PLAY-6: follow
suit, else a tarokk, else anything; HU-PLAY-5: a team that announced ultimo keeps the pagát while
it has another legal card) and the same value (HU-SCORE-16 ``net`` for team d), but fast enough
to solve whole deals from the first trick: the search player can then solve every sampled world
exactly instead of estimating before the last tricks.

Why it is exact and fast:

* the value of a finished deal is separable: the game, double, volát and silent parts depend
  only on d's card points and tricks, and each bonus only on its own fact (which team won the
  honours, the kings, the pagát in trick 9, the XXI-catch, the pagát-catches) and, for the
  silent trull and four kings, on whether a team made a double or volát; and the points and
  tricks matter only through a few thresholds. :func:`value_table` builds that table from the
  reference :class:`LeafScorer` itself (about 250 calls), so every rule option and kontra level
  is honoured by construction; the compiled code only adds up table entries;
* alpha-beta at card level driven by MTD(f) (null-window searches), as the reference, from a
  first guess that one line of play gives (see :func:`_playout`);
* bounds at each trick boundary from the scoring facts still open and from the tricks that the
  strongest live tarokks surely take (see :func:`_bounds` and :func:`_sure`), which cut the
  search off without searching;
* a transposition table of lower and upper bounds and the best card, keyed at trick boundaries
  by who holds each live card, the leader and the scoring facts so far (the value is not
  additive); the plain tarokks count by relative rank (who holds the lowest live one, the next,
  ...), so positions reached by playing different plain tarokks meet (see :func:`_key`). It is
  one preallocated table per process (:mod:`tarock.players.compiled`); each
  :class:`FastSolver` (one per world, like the reference) gets a fresh stamp, so entries of
  other worlds are never read;
* the reference's equivalence reduction (adjacent live plain tarokks in one hand) and one card
  of each run (suit cards, or tarokks but the pagát) where it is settled which team takes the
  trick; the reference's move ordering, with the cards judged by what the players after the
  mover can still do (see :func:`_moves`); and the last trick played out without branching.

Compiled functions are cached on disk (``cache=True``): only the first start on a machine pays
for compiling (some seconds).
"""

from __future__ import annotations

import functools

import numpy as np
from numba import njit

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
from tarock.hungarian.strategy.solver import (
    _LEAD_KEY,
    PLAIN_TAROKKS,
    STRENGTH,
    LeafScorer,
    Position,
    _representatives,
)
from tarock.players.compiled import (
    ABORTED,
    F_AIN,
    F_ALPHA,
    F_BEST,
    F_BESTC,
    F_BETA,
    F_BIN,
    F_CNT,
    F_I,
    F_OWN,
    INF,
    MULTIPLIERS,
    NO_LIMIT,
    CompiledSolver,
    finish_hash,
    kernel,
    popcount,
    settled,
    shared_table,
    sort_moves,
    take_value,
    top_bit,
    window_bounds,
)

TABLE_BITS = 20

_STRENGTH = np.array(STRENGTH, dtype=np.int64)
_POINTS = np.array(POINTS, dtype=np.int64)
_SUIT = np.array(SUIT_OF, dtype=np.int64)
_LEAD = np.array(_LEAD_KEY, dtype=np.int64)
_FOLLOW = np.array([TAROKKS if SUIT_OF[i] == TAROKK_SUIT else SUIT_MASKS[SUIT_OF[i]]
                    for i in range(42)], dtype=np.int64)
_HONOUR_BITS = tuple(i for i in range(42) if HONOURS >> i & 1)
_KING_BITS = tuple(i for i in range(42) if KINGS >> i & 1)
_H0, _H1, _H2 = _HONOUR_BITS
_K0, _K1, _K2, _K3 = _KING_BITS

# Offsets in the value table (see value_table).
_BASE = 0  # [pts * 10 + tricks]: everything but the bonus facts
_TRULL = (TOTAL_POINTS + 1) * 10  # [flags * 8 + honours won by d]
_KINGS = _TRULL + 16 * 8  # [flags * 16 + kings won by d]
_ULT = _KINGS + 16 * 16  # [ult code]
_XXI = _ULT + 5  # [xxi code]
_PC = _XXI + 3  # [pcatch flags]
# The least and the most a bonus can add, given which of its cards d won, o won or are still
# in play (per card a base-3 digit: 0 d's, 1 o's, 2 open), per flags: for the bounds.
_TRULL_MAX = _PC + 4  # [flags * 27 + honour states]
_TRULL_MIN = _TRULL_MAX + 16 * 27
_KINGS_MAX = _TRULL_MIN + 16 * 27  # [flags * 81 + king states]
_KINGS_MIN = _KINGS_MAX + 16 * 81
_SIZE = _KINGS_MIN + 16 * 81
# Classes of d's points and tricks within which the value's base and flags are constant.
_PTS_CLASSES = ((0, 23), (24, 46), (47, 47), (48, 70), (71, TOTAL_POINTS))
_TRICK_CLASSES = ((0, 0), (1, 8), (9, 9))
_PTS_LO = np.array([c[0] for c in _PTS_CLASSES], dtype=np.int64)
_PTS_HI = np.array([c[1] for c in _PTS_CLASSES], dtype=np.int64)
_TR_LO = np.array([c[0] for c in _TRICK_CLASSES], dtype=np.int64)
_TR_HI = np.array([c[1] for c in _TRICK_CLASSES], dtype=np.int64)
# Cards by their points (1 to 5), to count the points still in play.
_BY_POINTS = np.array([sum(1 << c for c in range(42) if POINTS[c] == v) for v in range(6)],
                      dtype=np.int64)


def _flags(pts: int, tricks: int) -> int:
    """Which teams made a double or volát: the only way points and tricks reach the bonuses."""
    return (int(pts >= 71) | int(TOTAL_POINTS - pts >= 71) << 1 | int(tricks == 9) << 2
            | int(tricks == 0) << 3)


def _honour_mask(code: int) -> int:
    return sum(1 << b for k, b in enumerate(_HONOUR_BITS) if code >> k & 1)


def _king_mask(code: int) -> int:
    return sum(1 << b for k, b in enumerate(_KING_BITS) if code >> k & 1)


def _classes(pts: int, tricks: int) -> tuple[bool, ...]:
    """What of d's points and tricks HU-SCORE-16 looks at: the game (47 or 48), a double (71
    either way) and a volát (all tricks either way)."""
    return (pts >= 47, pts >= 48, pts >= 71, TOTAL_POINTS - pts >= 71, tricks == 9,
            tricks == 0)


@functools.lru_cache(maxsize=64)
def value_table(scorer: LeafScorer) -> np.ndarray:
    """``scorer.value`` as a separable table (see the module docstring), built by calling it
    once per class of points and tricks (:func:`_classes`) and per bonus fact."""
    v = scorer.value
    t = np.zeros(_SIZE, dtype=np.int64)
    seen: dict[tuple[bool, ...], int] = {}
    for pts in range(TOTAL_POINTS + 1):
        for tricks in range(10):
            key = _classes(pts, tricks)
            if key not in seen:
                seen[key] = v(pts, tricks, 0, 0, 0, 0)
            t[_BASE + pts * 10 + tricks] = seen[key]
    for f in range(16):
        # a representative (points, tricks) with these flags; impossible pairs stay unused
        pts = 80 if f & 1 else 10 if f & 2 else 50
        tricks = 9 if f & 4 else 0 if f & 8 else 5
        if _flags(pts, tricks) != f:
            continue
        zero = v(pts, tricks, 0, 0, 0, 0)
        for h in range(8):
            t[_TRULL + f * 8 + h] = v(pts, tricks, _honour_mask(h), 0, 0, 0) - zero
        for k in range(16):
            t[_KINGS + f * 16 + k] = v(pts, tricks, _king_mask(k), 0, 0, 0) - zero
    zero = v(50, 5, 0, 0, 0, 0)
    for u in range(5):
        t[_ULT + u] = v(50, 5, 0, 0, u, 0) - zero
    for x in range(3):
        t[_XXI + x] = v(50, 5, 0, x, 0, 0) - zero
    for p in range(4):
        t[_PC + p] = v(50, 5, 0, 0, 0, p) - zero
    for f in range(16):
        _spread(t, _TRULL + f * 8, 3, _TRULL_MAX + f * 27, _TRULL_MIN + f * 27)
        _spread(t, _KINGS + f * 16, 4, _KINGS_MAX + f * 81, _KINGS_MIN + f * 81)
    return t


@functools.cache
def _reach(cards: int) -> np.ndarray:
    """Which of the ``2 ** cards`` codes (bit i set: card i won by d) each state of ``cards``
    cards (digit i in base 3: 0 won by d, 1 won by o, 2 still open) can still reach, as a
    boolean matrix, a row per state: the same for every table, so made once."""
    digits = np.arange(3 ** cards)[:, None] // 3 ** np.arange(cards) % 3
    bits = np.arange(1 << cards)[:, None] >> np.arange(cards) & 1
    return ((digits[:, None, :] == 2) | (bits[None, :, :] == (digits[:, None, :] == 0))).all(2)


def _spread(t: np.ndarray, src: int, cards: int, dst_max: int, dst_min: int) -> None:
    """For each state of ``cards`` cards (won by d, by o, open), the most and the least of the
    ``2 ** cards`` entries at ``src`` that the open cards can still reach."""
    reach = _reach(cards)
    values = t[src:src + (1 << cards)]
    states = len(reach)
    t[dst_max:dst_max + states] = np.where(reach, values, np.iinfo(np.int64).min).max(1)
    t[dst_min:dst_min + states] = np.where(reach, values, np.iinfo(np.int64).max).min(1)


def table_value(table: np.ndarray, pts: int, tricks: int, won: int, xxi: int, ult: int,
                pcatch: int) -> int:
    """The value the compiled search reads from ``table`` (for tests against the scorer)."""
    return int(_value(table, pts, tricks, won, xxi, ult, pcatch))


@kernel
def _value(vt: np.ndarray, pts: int, trd: int, won: int, xxi: int, ult: int, pc: int) -> int:
    f = (1 if pts >= 71 else 0) | (2 if pts <= TOTAL_POINTS - 71 else 0) \
        | (4 if trd == 9 else 0) | (8 if trd == 0 else 0)
    h = (won >> _H0 & 1) | (won >> _H1 & 1) << 1 | (won >> _H2 & 1) << 2
    k = (won >> _K0 & 1) | (won >> _K1 & 1) << 1 | (won >> _K2 & 1) << 2 | (won >> _K3 & 1) << 3
    return (vt[_BASE + pts * 10 + trd] + vt[_TRULL + f * 8 + h] + vt[_KINGS + f * 16 + k]
            + vt[_ULT + ult] + vt[_XXI + xxi] + vt[_PC + pc])


@kernel
def _state(won: int, live: int, b: int) -> int:
    """A five-point card's digit for the bounds: 0 in d's tricks, 1 in o's, 2 still in play."""
    if live >> b & 1:
        return 2
    return 0 if won >> b & 1 else 1


@kernel
def _sure(hands: np.ndarray, dm: int) -> tuple[int, bool, int, int]:
    """What the strongest live tarokks surely win at a trick boundary, whatever is played:
    those stronger than every live tarokk of the other team (``sure``, held by team d if
    ``xd``) take each trick they are played to, and a hand plays one card a trick, so their
    team takes at least as many tricks as one of its hands holds of them (``tricks``), all
    their points, and a point for every other card in those tricks (every card counts at least
    one): ``points``. Nothing is sure when no tarokk is live. ``dm``: team d's cards."""
    t = (hands[0] | hands[1] | hands[2] | hands[3]) & TAROKKS
    if t == 0:
        return 0, False, 0, 0
    xd = dm >> top_bit(t) & 1 == 1
    other = t & (~dm if xd else dm)
    sure = t if other == 0 else t & ~((2 << top_bit(other)) - 1)
    tricks = 0
    for k in range(4):
        tricks = max(tricks, popcount(sure & hands[k]))
    return sure, xd, tricks, 4 * tricks + 4 * popcount(sure & HONOURS)  # (tarokks: 1, 5)


@kernel
def _bounds(vt: np.ndarray, hands: np.ndarray, teamd: np.ndarray, played: int, pts: int,
            trd: int, won: int, xxi: int, pc: int) -> tuple[int, int]:
    """The least and the most the deal can still be worth for team d at a trick boundary:
    every outcome of the remaining cards that the scoring facts allow (points and tricks in
    their ranges, open five-point cards to either team, the pagát, XXI and pagát-catch facts
    still open), from the separable table; fail-soft cutoffs without searching.

    What is sure narrows the ranges (see :func:`_sure`), and the XXI cannot be caught when one
    team holds both it and the škis."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    rest = 0
    for v in range(1, 6):
        rest += v * popcount(live & _BY_POINTS[v])
    pmin = pts  # the range of d's points at the end, and of d's tricks
    pmax = pts + rest
    tmin = trd
    tmax = trd + 9 - played
    dm = 0
    for k in range(4):
        if teamd[k]:
            dm |= hands[k]
    sure, xd, tricks, points = _sure(hands, dm)
    if xd:
        pmin += points
        tmin += tricks
        won |= sure & FIVE_POINT
    else:
        pmax -= points
        tmax -= tricks
    catch = (dm >> T21 & 1) != (dm >> T22 & 1)  # (if both are live)
    open_ = live & ~sure  # the sure tarokks count as won by their team
    hs = _state(won, open_, _H0) + 3 * _state(won, open_, _H1) + 9 * _state(won, open_, _H2)
    ks = (_state(won, open_, _K0) + 3 * _state(won, open_, _K1) + 9 * _state(won, open_, _K2)
          + 27 * _state(won, open_, _K3))
    hi = -INF
    lo = INF
    for i in range(5):
        if _PTS_HI[i] < pmin or _PTS_LO[i] > pmax:
            continue
        rp = max(_PTS_LO[i], pmin)
        for j in range(3):
            if _TR_HI[j] < tmin or _TR_LO[j] > tmax:
                continue
            rt = max(_TR_LO[j], tmin)
            f = (1 if rp >= 71 else 0) | (2 if rp <= TOTAL_POINTS - 71 else 0) \
                | (4 if rt == 9 else 0) | (8 if rt == 0 else 0)
            base = vt[_BASE + rp * 10 + rt]
            hi = max(hi, base + vt[_TRULL_MAX + f * 27 + hs] + vt[_KINGS_MAX + f * 81 + ks])
            lo = min(lo, base + vt[_TRULL_MIN + f * 27 + hs] + vt[_KINGS_MIN + f * 81 + ks])
    if live & 1:  # the pagát is still to be played: the ultimo and the pagát-catches are open
        owner = 0
        for q in range(4):
            if hands[q] & 1:
                owner = q
        u = 1 if teamd[owner] else 3
        hi += max(vt[_ULT], max(vt[_ULT + u], vt[_ULT + u + 1]))
        lo += min(vt[_ULT], min(vt[_ULT + u], vt[_ULT + u + 1]))
        cmax = -INF
        cmin = INF
        for extra in range(4):
            cmax = max(cmax, vt[_PC + (pc | extra)])
            cmin = min(cmin, vt[_PC + (pc | extra)])
        hi += cmax
        lo += cmin
    else:
        hi += vt[_ULT] + vt[_PC + pc]
        lo += vt[_ULT] + vt[_PC + pc]
    if xxi == 0 and live >> T21 & 1 and live >> T22 & 1 and catch:
        hi += max(vt[_XXI], max(vt[_XXI + 1], vt[_XXI + 2]))
        lo += min(vt[_XXI], min(vt[_XXI + 1], vt[_XXI + 2]))
    else:
        hi += vt[_XXI + xxi]
        lo += vt[_XXI + xxi]
    return lo, hi


@kernel
def _rank(c: int, led: int) -> int:
    """How strong ``c`` is in a trick led in suit ``led``: a tarokk or a card of the led suit by
    its strength, any other card -1 (it cannot win)."""
    s = _SUIT[c]
    return _STRENGTH[c] if s in (TAROKK_SUIT, led) else -1


@kernel
def _close(trick: np.ndarray, leader: int, played: int, pts: int, trd: int, won: int, xxi: int,
           pc: int, teamd: np.ndarray) -> tuple[int, int, int, int, int, int, int]:
    """The facts after a complete trick: winner, pts, trd, won, xxi, pc, ult (as the
    reference's ``close``)."""
    tmask = 0
    tp = 0
    for i in range(4):
        c = trick[i]
        tmask |= 1 << c
        tp += _POINTS[c]
    winner = (leader + _best_pos(trick, 4)) % 4
    wd = teamd[winner]
    if wd:
        pts += tp
        trd += 1
        won |= tmask & FIVE_POINT
    ult = 0
    if tmask & ((1 << T1) | (1 << T21) | (1 << T22)):
        p1 = -1
        p21 = -1
        p22 = -1
        for i in range(4):
            c = trick[i]
            if c == T1:
                p1 = (leader + i) % 4
            elif c == T21:
                p21 = (leader + i) % 4
            elif c == T22:
                p22 = (leader + i) % 4
        if p21 >= 0 and p22 >= 0 and teamd[p21] != teamd[p22]:
            xxi = 1 if teamd[p22] else 2
        if p1 >= 0:
            if teamd[p1] != wd:
                pc |= 1 if wd else 2
            if played == 8:
                ult = (1 if teamd[p1] else 3) + (0 if winner == p1 else 1)
    return winner, pts, trd, won, xxi, pc, ult


@kernel
def _best_pos(trick: np.ndarray, n: int) -> int:
    """Where in the trick (``n`` > 0 cards) the card that wins it so far lies."""
    led = _SUIT[trick[0]]
    best = 0
    for i in range(1, n):
        if _rank(trick[i], led) > _rank(trick[best], led):
            best = i
    return best


@kernel
def _can_beat(hand: int, best: int, first: int) -> bool:
    """Whether ``hand``, to play to a trick whose first card is ``first`` and which ``best``
    wins so far, holds a card it may play that beats it (HU-PLAY-6: the led suit, else a
    tarokk). The pagát kept for the ultimo is counted as playable: the answer may say yes where
    the true one is no, never the other way round."""
    cand = hand & _FOLLOW[first]
    if cand == 0:
        cand = hand & TAROKKS
        if cand == 0:
            return False
    # the strongest candidate: the highest tarokk, else the lowest bit (a suit's king first)
    top = top_bit(cand) if cand & TAROKKS else top_bit(cand & -cand)
    led = _SUIT[first]
    return _rank(top, led) > _rank(best, led)


@kernel
def _stays(best: int, owner: int, hands: np.ndarray, trick: np.ndarray, n: int, leader: int,
           teamd: np.ndarray) -> bool:
    """Whether the trick, which ``best`` (``owner``'s) wins once its card ``n`` (0-based) is
    played, stays with ``owner``'s team whatever the players after that card do: none of the
    other team after it can beat ``best`` (a partner of the owner who beats it leaves a card
    that is stronger still)."""
    first = trick[0] if n else best
    for k in range(n + 1, 4):
        q = (leader + k) % 4
        if teamd[q] != teamd[owner] and _can_beat(hands[q], best, first):
            return False
    return True


@kernel
def _taker(c: int, hands: np.ndarray, trick: np.ndarray, n: int, p: int, leader: int,
           teamd: np.ndarray, bi: int) -> int:
    """Whose team takes the trick if ``p`` plays ``c`` to it (``trick[bi]`` winning it so far,
    if ``n`` > 0), as far as that is settled whatever the players after him do: 1 his own, 0
    the other, -1 not settled."""
    if n == 0:
        best, owner = c, p
    else:
        best, owner = trick[bi], (leader + bi) % 4
        led = _SUIT[trick[0]]
        if _rank(c, led) > _rank(best, led):
            best, owner = c, p
    if not _stays(best, owner, hands, trick, n, leader, teamd):
        return -1
    return 1 if teamd[owner] == teamd[p] else 0


@kernel
def _moves(hands: np.ndarray, trick: np.ndarray, n: int, p: int, leader: int,
           teamd: np.ndarray, keep: np.ndarray, hint: int, out: np.ndarray,
           score: np.ndarray, row: int) -> int:
    """The cards worth searching into ``out``, well ordered; returns how many.

    One card per class of equivalent plain tarokks (as the reference), and one card of each
    run where :func:`_taker` settles which team takes the trick. A run is legal cards of one
    suit (the tarokks but the pagát count as one) with no live card of another hand between
    them: they take the trick alike, and every line of play after one is a line after the other
    with the other card played later. Team d's value never falls when d takes one more card
    (points, a king for the kings; the XXI cannot be caught in a trick it is settled to win,
    and in one it is settled to lose it only adds to the other team), so the card with the
    most points is never worse when the mover's team takes the trick, and the one with the
    fewest when the other team does: that card is kept.

    Order: on lead, the cards no opponent can beat first, then the reference's order (five-point
    cards, then the strongest). Following, as the reference (win cheaply, smear the partner's
    trick, else lose the fewest points), except that a partner's trick an opponent after the
    mover can still take is not smeared; a card that wins now but that an opponent after the
    mover can still beat comes last; and the mover smears his losing cards when a partner after
    him can still take the trick."""
    hand = hands[p]
    if n == 0:
        legal = hand
    else:
        legal = hand & _FOLLOW[trick[0]]
        if legal == 0:
            legal = hand & TAROKKS
            if legal == 0:
                legal = hand
    if keep[p] and legal & 1 and legal != 1:  # T1 is bit 0
        legal ^= 1
    if legal & (legal - 1) == 0:  # one card: nothing to choose or order
        out[row, 0] = top_bit(legal)
        return 1
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(n):
        live |= 1 << trick[i]
    others = live & ~legal  # the live cards that no run of ``p``'s may have between its cards
    bi = _best_pos(trick, n) if n else -1  # who wins the trick so far
    plain = legal & PLAIN_TAROKKS
    if plain & (plain - 1):
        live_plain = live & PLAIN_TAROKKS
        drop = 0
        m = plain
        while m:
            low = m & -m
            below = live_plain & (low - 1)
            if below:
                top = top_bit(below)
                if plain >> top & 1:
                    drop |= low
            m ^= low
        legal &= ~drop
    cnt = 0
    prev = -1  # the card before, in index order (in a suit, the next stronger)
    taker = -2  # who takes the trick after a card of the current run (-2: not known)
    m = legal
    while m:
        low = m & -m
        c = top_bit(low)
        m ^= low
        if prev > T1 and _SUIT[c] == _SUIT[prev] and not others & (low - 1) & ~((2 << prev) - 1):
            if taker == -2:
                taker = _taker(c, hands, trick, n, p, leader, teamd, bi)
            if taker >= 0:  # keep the card of the run that dominates
                kept = out[row, cnt - 1]
                if _POINTS[c] > _POINTS[kept] if taker else _POINTS[c] < _POINTS[kept]:
                    out[row, cnt - 1] = c
                prev = c
                continue
        else:
            taker = -2  # a new run
        out[row, cnt] = c
        cnt += 1
        prev = c
    if cnt == 1:
        return 1
    if n == 0:
        for i in range(cnt):
            c = out[row, i]
            sure = _taker(c, hands, trick, n, p, leader, teamd, bi) == 1
            score[row, i] = _LEAD[c] - (100000 if sure else 0)
    else:
        led = _SUIT[trick[0]]
        best = trick[bi]
        best_key = _rank(best, led)
        owner = (leader + bi) % 4
        mine = teamd[owner] == teamd[p] and _stays(best, owner, hands, trick, n, leader, teamd)
        hope = False  # a partner after p can still take the trick
        if not mine:
            for j in range(n + 1, 4):
                q = (leader + j) % 4
                if teamd[q] == teamd[p] and _can_beat(hands[q], best, trick[0]):
                    hope = True
        for i in range(cnt):
            c = out[row, i]
            k = _rank(c, led)
            if k > best_key:
                if not mine and _taker(c, hands, trick, n, p, leader, teamd, bi) != 1:
                    sc = 100000 + k  # an opponent after p can still beat it
                else:
                    sc = 200 + k if mine else -200 + k - 10 * _POINTS[c]
            elif mine or hope:
                sc = -_POINTS[c]
            else:
                sc = 4 * _POINTS[c] + (1 if k > 0 else 0)
            score[row, i] = sc
    sort_moves(out, score, row, cnt, hint)
    return cnt


_M0, _M1, _M2, _M3 = MULTIPLIERS[:4]


@kernel
def _owner_code(hands: np.ndarray, c: int) -> int:
    """0 for a card no hand holds, else 1 + the seat that holds it."""
    for q in range(4):
        if hands[q] >> c & 1:
            return 1 + q
    return 0


@kernel
def _key(hands: np.ndarray, packed: int, key: np.ndarray) -> None:
    """The table key of a trick boundary. The plain tarokks (one point each, no part in any
    bonus) count by relative rank, as in partition search: only who holds the live ones, from
    the lowest up; the pagát, XXI, škis and the suit cards (each of its own points) count by
    who holds them. Positions that differ only in which plain tarokks were played, with the
    same owners of the live ones in the same order and the same scoring facts, have the same
    value for the rest of the deal, so they share an entry."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    m = live & PLAIN_TAROKKS
    w = 0
    cnt = 0
    while m:
        low = m & -m
        c = top_bit(low)
        w = w << 2 | (_owner_code(hands, c) - 1)
        cnt += 1
        m ^= low
    key[0] = (w | cnt << 38 | _owner_code(hands, T1) << 43 | _owner_code(hands, T21) << 46
              | _owner_code(hands, T22) << 49)
    key[1] = hands[0] >> 22 | (hands[1] >> 22) << 20 | (hands[2] >> 22) << 40
    key[2] = hands[3] >> 22
    key[3] = packed


@kernel
def _canon(c: int, hands: np.ndarray) -> int:
    """A card for the table: a plain tarokk as 64 + its rank among the live plain ones."""
    if not PLAIN_TAROKKS >> c & 1:
        return c
    live = hands[0] | hands[1] | hands[2] | hands[3]
    return 64 + popcount(live & PLAIN_TAROKKS & ((1 << c) - 1))


@kernel
def _uncanon(code: int, hands: np.ndarray) -> int:
    if code < 64:
        return code
    m = (hands[0] | hands[1] | hands[2] | hands[3]) & PLAIN_TAROKKS
    k = code - 64
    while m:
        low = m & -m
        if k == 0:
            return top_bit(low)
        k -= 1
        m ^= low
    return -1


@kernel
def _slot(key: np.ndarray, mask: int) -> int:
    return finish_hash(key[0] * _M0 ^ key[1] * _M1 ^ key[2] * _M2 ^ key[3] * _M3, mask)


# Fields of a search frame (one per card played below the root; the search is iterative
# because numba cannot cache recursive functions).
(F_N, F_LEADER, F_PLAYED, F_PTS, F_TRD, F_WON, F_XXI, F_PC, F_SLOT, F_PACKED, F_P, F_HAND,
 F_T0, F_T1, F_T2) = range(F_OWN, F_OWN + 15)
_FIELDS = F_OWN + 15
_PLIES = 40


@kernel
def _probe(slot: int, key: np.ndarray, tkey: np.ndarray, tstamp: np.ndarray,
           stamp: int) -> bool:
    return (tstamp[slot] == stamp and tkey[slot, 3] == key[3] and tkey[slot, 0] == key[0]
            and tkey[slot, 1] == key[1] and tkey[slot, 2] == key[2])


@kernel
def _search(hands: np.ndarray, trick: np.ndarray, n: int, leader: int, played: int, pts: int,
            trd: int, won: int, xxi: int, pc: int, alpha: int, beta: int, forced: int,
            teamd: np.ndarray, keep: np.ndarray, vt: np.ndarray, tkey: np.ndarray,
            tbound: np.ndarray, tbest: np.ndarray, tstamp: np.ndarray, ctx: np.ndarray,
            fr: np.ndarray, mv: np.ndarray, sc: np.ndarray, key: np.ndarray) -> int:
    """Alpha-beta from the given node (``forced`` >= 0: the player to move plays that card),
    as the reference's recursive ``node``, with an explicit stack of frames ``fr``."""
    stamp = ctx[0]
    d = 0
    val = 0
    entering = True
    returning = False
    while True:
        if entering:
            entering = False
            ctx[1] += 1
            if ctx[1] > ctx[3]:
                return ABORTED
            slot = -1
            hint = -1
            packed = 0
            returning = True
            if n == 0 and played == 9:
                val = _value(vt, pts, trd, won, xxi, 0, pc)
            elif n == 0 and played == 8:  # the last trick: no choice left
                q = leader
                for i in range(4):
                    trick[i] = top_bit(hands[q])
                    q = (q + 1) % 4
                _, pts2, trd2, won2, xxi2, pc2, ult = _close(trick, leader, 8, pts, trd, won,
                                                             xxi, pc, teamd)
                val = _value(vt, pts2, trd2, won2, xxi2, ult, pc2)
            else:
                returning = False
                if n == 0 and forced < 0:
                    lo, hi = _bounds(vt, hands, teamd, played, pts, trd, won, xxi, pc)
                    returning, val = settled(lo, hi, alpha, beta)
                if n == 0 and forced < 0 and not returning:
                    packed = (won & FIVE_POINT) | leader << 38 | pts << 40 | trd << 47 \
                        | xxi << 51 | pc << 53
                    _key(hands, packed, key)
                    slot = _slot(key, ctx[2])
                    if _probe(slot, key, tkey, tstamp, stamp):
                        lo = tbound[slot, 0]
                        hi = tbound[slot, 1]
                        hint = _uncanon(tbest[slot], hands)
                        returning, val = settled(lo, hi, alpha, beta)
                        if not returning:
                            alpha = max(alpha, lo)
                            beta = min(beta, hi)
            if not returning:
                p = (leader + n) % 4
                fr[d, F_N] = n
                fr[d, F_LEADER] = leader
                fr[d, F_PLAYED] = played
                fr[d, F_PTS] = pts
                fr[d, F_TRD] = trd
                fr[d, F_WON] = won
                fr[d, F_XXI] = xxi
                fr[d, F_PC] = pc
                fr[d, F_ALPHA] = alpha
                fr[d, F_BETA] = beta
                fr[d, F_AIN] = alpha
                fr[d, F_BIN] = beta
                fr[d, F_BEST] = -INF if teamd[p] else INF
                fr[d, F_SLOT] = slot
                fr[d, F_PACKED] = packed
                fr[d, F_P] = p
                fr[d, F_HAND] = hands[p]
                fr[d, F_I] = 0
                if forced >= 0:
                    mv[d, 0] = forced
                    fr[d, F_CNT] = 1
                    forced = -1
                else:
                    fr[d, F_CNT] = _moves(hands, trick, n, p, leader, teamd, keep, hint, mv,
                                          sc, d)
                fr[d, F_BESTC] = mv[d, 0]
        if returning:
            returning = False
            if d == 0:
                return val
            d -= 1
            p = fr[d, F_P]
            hands[p] = fr[d, F_HAND]
            if fr[d, F_N] == 3:
                trick[0] = fr[d, F_T0]
                trick[1] = fr[d, F_T1]
                trick[2] = fr[d, F_T2]
            take_value(fr, d, val, mv[d, fr[d, F_I]], teamd[p])
        # continue the frame on top
        i = fr[d, F_I]
        if i < fr[d, F_CNT] and fr[d, F_ALPHA] < fr[d, F_BETA]:
            c = mv[d, i]
            p = fr[d, F_P]
            n = fr[d, F_N]
            leader = fr[d, F_LEADER]
            played = fr[d, F_PLAYED]
            pts = fr[d, F_PTS]
            trd = fr[d, F_TRD]
            won = fr[d, F_WON]
            xxi = fr[d, F_XXI]
            pc = fr[d, F_PC]
            alpha = fr[d, F_ALPHA]
            beta = fr[d, F_BETA]
            hands[p] = fr[d, F_HAND] ^ (1 << c)
            trick[n] = c
            d += 1
            if n == 3:
                fr[d - 1, F_T0] = trick[0]
                fr[d - 1, F_T1] = trick[1]
                fr[d - 1, F_T2] = trick[2]
                winner, pts, trd, won, xxi, pc, ult = _close(trick, leader, played, pts, trd,
                                                              won, xxi, pc, teamd)
                if played == 8:
                    val = _value(vt, pts, trd, won, xxi, ult, pc)
                    returning = True
                else:
                    n = 0
                    leader = winner
                    played += 1
                    entering = True
            else:
                n += 1
                entering = True
        else:
            best = fr[d, F_BEST]
            slot = fr[d, F_SLOT]
            if slot >= 0:
                lo, hi = window_bounds(best, fr[d, F_AIN], fr[d, F_BIN])
                _key(hands, fr[d, F_PACKED], key)
                if _probe(slot, key, tkey, tstamp, stamp):
                    lo = max(lo, tbound[slot, 0])
                    hi = min(hi, tbound[slot, 1])
                tstamp[slot] = stamp
                for k in range(4):
                    tkey[slot, k] = key[k]
                tbound[slot, 0] = lo
                tbound[slot, 1] = hi
                tbest[slot] = _canon(fr[d, F_BESTC], hands)
            val = best
            returning = True


@njit(cache=True)
def _playout(hands: np.ndarray, trick: np.ndarray, n: int, leader: int, played: int, pts: int,
             trd: int, won: int, xxi: int, pc: int, first: int, teamd: np.ndarray,
             keep: np.ndarray, vt: np.ndarray) -> int:
    """The value of one line of play, every player playing the card :func:`_moves` orders
    first (``first``, if >= 0, the mover's): MTD(f)'s first guess. The closer the guess, the
    fewer null-window searches before the two that prove the value (on the benchmark's deals,
    0 as the guess takes 3% more nodes, the exact value 9% fewer)."""
    hands = hands.copy()
    trick = trick.copy()
    mv = np.empty((1, 16), dtype=np.int64)
    sc = np.empty((1, 16), dtype=np.int64)
    ult = 0
    while played < 9:
        p = (leader + n) % 4
        c = first
        first = -1
        if c < 0:
            _moves(hands, trick, n, p, leader, teamd, keep, -1, mv, sc, 0)
            c = mv[0, 0]
        hands[p] ^= 1 << c
        trick[n] = c
        n += 1
        if n == 4:
            leader, pts, trd, won, xxi, pc, ult = _close(trick, leader, played, pts, trd, won,
                                                         xxi, pc, teamd)
            played += 1
            n = 0
    return _value(vt, pts, trd, won, xxi, ult, pc)


@njit(cache=True)
def _mtdf(hands: np.ndarray, trick: np.ndarray, n: int, leader: int, played: int, pts: int,
          trd: int, won: int, xxi: int, pc: int, first: int, guess: int, teamd: np.ndarray,
          keep: np.ndarray, vt: np.ndarray, tkey: np.ndarray, tbound: np.ndarray,
          tbest: np.ndarray, tstamp: np.ndarray, ctx: np.ndarray) -> int:
    """MTD(f): null-window searches around ``guess`` until the bounds meet."""
    fr = np.zeros((_PLIES, _FIELDS), dtype=np.int64)
    mv = np.zeros((_PLIES, 16), dtype=np.int64)
    sc = np.zeros((_PLIES, 16), dtype=np.int64)
    key = np.zeros(4, dtype=np.int64)
    g = guess
    lo = -INF
    hi = INF
    while lo < hi:
        b = g + 1 if g == lo else g
        g = _search(hands, trick, n, leader, played, pts, trd, won, xxi, pc, b - 1, b, first,
                    teamd, keep, vt, tkey, tbound, tbest, tstamp, ctx, fr, mv, sc,
                    key)
        ctx[4] += 1  # null-window searches, for measuring
        if g == ABORTED:
            return g
        if g < b:
            hi = g
        else:
            lo = g
    return g


class FastSolver(CompiledSolver):
    """Exact solves of one world's positions; the interface of the reference ``Solver``
    (``solve``, ``action_values``, ``nodes``) without its depth limit."""

    def __init__(self, max_nodes: int = NO_LIMIT) -> None:
        """``max_nodes``: a solve that visits more raises :class:`NodeLimitExceeded`."""
        self.table = shared_table(TABLE_BITS, 4)
        self.ctx = np.array([self.table.next_stamp(), 0, self.table.mask, max_nodes, 0],
                            dtype=np.int64)

    def solve(self, pos: Position) -> int:
        """The value for team d of ``pos`` under best play by both teams."""
        return self._mtdf(pos, -1, None)

    def action_values(self, pos: Position) -> dict[int, int]:
        """The value for team d after each legal card of the player to move (each exact)."""
        out: dict[int, int] = {}
        guess = None  # the first card's from a line of play, each next card's the last value
        for card, group in _representatives(pos, pos.legal_mask()):
            v = guess = self._mtdf(pos, card, guess)
            for c in group:
                out[c] = v
        return out

    def _mtdf(self, pos: Position, first: int, guess: int | None) -> int:
        t = self.table
        hands = np.array(pos.hands, dtype=np.int64)
        trick = np.zeros(4, dtype=np.int64)
        trick[:len(pos.trick)] = pos.trick
        teamd = np.array(pos.team_d, dtype=np.bool_)
        keep = np.array([pos.keep_pagat[0] if d else pos.keep_pagat[1] for d in pos.team_d],
                        dtype=np.bool_)
        facts = (len(pos.trick), pos.leader, pos.tricks_played, pos.points_d, pos.tricks_d,
                 pos.won_d, pos.xxi, pos.pcatch, first)
        vt = value_table(pos.scorer)
        if guess is None:
            guess = int(_playout(hands, trick, *facts, teamd, keep, vt))
        v = int(_mtdf(hands, trick, *facts, guess, teamd, keep, vt, t.key, t.bound, t.best,
                      t.stamp, self.ctx))
        return self._checked(v)
