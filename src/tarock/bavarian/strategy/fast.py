"""The compiled perfect-information solver of Bavarian tarock card play (numba).

It finds exactly the value of :class:`tarock.bavarian.strategy.solver.Solver` (the pure-Python
reference, which stays as the test oracle): in point contracts the card points the declarer
takes in the tricks still to be completed, in Bettel 1 if the declarer must take a trick. The
rules of play are the reference's: follow suit, else trump, else anything (BT-PLAY), with the
``must_beat`` option (a card that beats the trick so far must be played when one of the
candidates does, never in Bettel) and the Bettel order of the cards in Bettel.

The search is the reference's alpha-beta (the declarer maximises, or in Bettel minimises) with
its move ordering and equivalence reduction (adjacent live cards of one suit in one hand that
score alike), driven by null-window searches (MTD(f) from the reference's estimate, galloping
away from it, then bisecting), with a transposition table at trick boundaries keyed by relative
rank (per suit, where each card with points is, and the owners of the live cards without points
from the strongest down; in Bettel the owners of all live cards) and the leader, so that
positions reached by playing different cards of equal points meet. The value
is additive over tricks, so the table holds the points still to come and the search carries the
points taken since the root; a node is cut at once when the points taken already reach the
window or all the points still out cannot. The search runs on an explicit stack (numba cannot
cache recursive functions), and compiled code is cached on disk.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tarock.bavarian.cards import Pack
from tarock.bavarian.strategy.solver import Position, Solver
from tarock.core.cards import iter_bits
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
_M0, _M1 = MULTIPLIERS[:2]
# Fields of a search frame.
(F_N, F_LEADER, F_ACC, F_SLOT, F_P, F_HAND, F_T0, F_T1, F_K0, F_K1,
 F_REST) = range(F_OWN, F_OWN + 11)
_FIELDS = F_OWN + 11
_PLIES = 40
# Rules: the pack's tables in one array per card, and the contract.
R_SUIT, R_POWER, R_POINTS = range(3)


@kernel
def _beats(c: int, best: int, rules: np.ndarray, trump: int) -> bool:
    s = rules[R_SUIT, c]
    bs = rules[R_SUIT, best]
    if s == bs:
        return rules[R_POWER, c] > rules[R_POWER, best]
    return s == trump


@kernel
def _best_pos(trick: np.ndarray, n: int, rules: np.ndarray, trump: int) -> int:
    best = 0
    for i in range(1, n):
        if _beats(trick[i], trick[best], rules, trump):
            best = i
    return best


@kernel
def _legal(hand: int, trick: np.ndarray, n: int, rules: np.ndarray, masks: np.ndarray,
           trump: int, must_beat: bool) -> int:
    if n == 0:
        return hand
    cand = hand & masks[rules[R_SUIT, trick[0]]]
    if cand == 0 and trump >= 0:
        cand = hand & masks[trump]
    if cand == 0:
        cand = hand
    if must_beat:
        best = trick[_best_pos(trick, n, rules, trump)]
        win = 0
        m = cand
        while m:
            low = m & -m
            if _beats(top_bit(low), best, rules, trump):
                win |= low
            m ^= low
        if win:
            return win
    return cand


@kernel
def _twins(c: int, prev: int, rules: np.ndarray, bettel: bool) -> bool:
    """Whether ``c``, held with ``prev`` (the next live card above it in its suit, in the
    same hand), is worth the same as ``prev`` for the rest of the deal: any two in Bettel,
    only two cards of no points otherwise."""
    return bettel or (rules[R_POINTS, c] == 0 and rules[R_POINTS, prev] == 0)


@kernel
def _moves(hands: np.ndarray, trick: np.ndarray, n: int, p: int, declarer: int,
           rules: np.ndarray, masks: np.ndarray, order: np.ndarray, trump: int, bettel: bool,
           must_beat: bool, hint: int, out: np.ndarray, score: np.ndarray, row: int,
           by_bits: bool) -> int:
    """The cards worth searching into ``out`` (one per equivalence class), well ordered;
    ``by_bits``: each suit's cards run from the strongest up by index (outside Bettel), so the
    live card next above one is the next live bit down, found without walking ``order``."""
    legal = _legal(hands[p], trick, n, rules, masks, trump, must_beat)
    live = hands[0] | hands[1] | hands[2]
    for i in range(n):
        live |= 1 << trick[i]
    cnt = 0
    per = order.shape[1]
    for s in range(4):
        if not legal & masks[s]:
            continue
        if by_bits:
            g = legal & masks[s]
            lv = live & masks[s]
            while g:
                low = g & -g
                c = top_bit(low)
                g ^= low
                pm = lv & (low - 1)
                if pm:
                    prev = top_bit(pm)
                    if legal >> prev & 1 and _twins(c, prev, rules, bettel):
                        continue
                out[row, cnt] = c
                cnt += 1
            continue
        prev = -1
        for j in range(per):
            c = order[s, j]
            bit = 1 << c
            if not live & bit:
                continue
            if legal & bit:
                if prev >= 0 and _twins(c, prev, rules, bettel):
                    prev = c
                    continue
                out[row, cnt] = c
                cnt += 1
                prev = c
            else:
                prev = -1
    if cnt <= 1:
        return cnt
    if n == 0:
        for i in range(cnt):
            c = out[row, i]
            score[row, i] = -rules[R_POINTS, c] * 100 - rules[R_POWER, c]
    else:
        bi = _best_pos(trick, n, rules, trump)
        best = trick[bi]
        owner = (p - n + bi) % 3
        friends = (owner == declarer) == (p == declarer)
        for i in range(cnt):
            c = out[row, i]
            pts = rules[R_POINTS, c]
            pw = rules[R_POWER, c]
            win = _beats(c, best, rules, trump)
            if friends and not bettel:
                score[row, i] = (1000 if win else 0) - pts
            elif win:
                score[row, i] = (pts if n < 2 else -pts) * 100 + pw
            else:
                score[row, i] = 100000 + pts * 100 + pw
    sort_moves(out, score, row, cnt, hint)
    return cnt


@kernel
def _points(hands: np.ndarray, trick: np.ndarray, n: int, rules: np.ndarray,
            masks: np.ndarray) -> int:
    """The card points still to be won: in the hands and in the current trick (``masks``
    holds, after the four suits', the cards of each point value other than 0)."""
    total = 0
    for i in range(n):
        total += rules[R_POINTS, trick[i]]
    live = hands[0] | hands[1] | hands[2]
    for k in range(4, masks.shape[0]):
        m = live & masks[k]
        if m:
            total += rules[R_POINTS, top_bit(m & -m)] * popcount(m)
    return total


@kernel
def _key(hands: np.ndarray, leader: int, order: np.ndarray, bettel: bool, lows: np.ndarray,
         key: np.ndarray) -> None:
    """The table key of a trick boundary (two words), by relative rank as partition search
    keys it: positions that differ only in which of some alike cards are held share an entry.

    Outside Bettel the rules of play and the value see suits, the order within a suit and
    points. A suit's cards with points all differ in points, so they are keyed as they are
    (which hand holds each, if any); its cards of no points (the lowest of the suit) are alike
    but for their order, so they are keyed by the owners of the live ones from the strongest
    down (``lows``, indexed by the three hands' bits of those cards). In Bettel points do not
    count: each suit is the owners of its live cards from the strongest down."""
    per = order.shape[1]
    if bettel:
        h0 = hands[0]
        h1 = hands[1]
        live = h0 | h1 | hands[2]
        for s in range(4):
            w = 0
            for j in range(per):
                c = order[s, j]
                if live >> c & 1:
                    w = w << 2 | (1 if h0 >> c & 1 else (2 if h1 >> c & 1 else 3))
            key[s >> 1] = w if s % 2 == 0 else key[s >> 1] | w << 24
    else:
        nlow = top_bit(lows.shape[0]) // 3
        top = per - nlow
        tmask = (1 << top) - 1
        full = (1 << per) - 1
        for s in range(4):
            a = hands[0] >> (per * s) & full
            b = hands[1] >> (per * s) & full
            c = hands[2] >> (per * s) & full
            w = (a & tmask | (b & tmask) << top | (c & tmask) << (2 * top)
                 | lows[(a >> top) << (2 * nlow) | (b >> top) << nlow | c >> top] << (3 * top))
            key[s >> 1] = w if s % 2 == 0 else key[s >> 1] | w << 24
    key[1] |= leader << 52


def _plain_cards(pack: Pack, order: np.ndarray, by_bits: bool) -> int:
    """How many cards of no points each suit has: :func:`_key`'s layout outside Bettel needs
    each suit's cards by index from the strongest, those with points first, all different in
    points, then those without."""
    rows = [[pack.deck.points[c] for c in row] for row in order]
    nlow = rows[0].count(0)
    for row in rows:
        top = row[:len(row) - nlow]
        if not by_bits or row.count(0) != nlow or 0 in top or len(set(top)) != len(top):
            raise ValueError("the pack's order does not fit the solver's table key")
    return nlow


def _low_codes(nlow: int) -> np.ndarray:
    """For :func:`_key`: the three hands' bits of a suit's ``nlow`` cards of no points (one
    field of ``nlow`` bits per hand) to the owners of the live ones from the strongest (the
    lowest bit) down, two bits each (1, 2, 3 for hands 0, 1, 2), so that sequences of
    different lengths differ too."""
    codes = np.zeros(1 << (3 * nlow), dtype=np.int64)
    for i in range(len(codes)):
        parts = [i >> (2 * nlow) & ((1 << nlow) - 1), i >> nlow & ((1 << nlow) - 1),
                 i & ((1 << nlow) - 1)]
        w = 0
        for j in range(nlow):
            for owner, bits in enumerate(parts):
                if bits >> j & 1:
                    w = w << 2 | (owner + 1)
                    break
        codes[i] = w
    return codes


@kernel
def _canon(c: int, hands: np.ndarray, rules: np.ndarray, masks: np.ndarray, order: np.ndarray,
           by_bits: bool) -> int:
    """A card as its suit and its rank among the live cards of its suit (for the table)."""
    live = hands[0] | hands[1] | hands[2]
    s = rules[R_SUIT, c]
    if by_bits:
        return s * 16 + popcount(live & masks[s] & ((1 << c) - 1))
    k = 0
    for j in range(order.shape[1]):
        o = order[s, j]
        if o == c:
            break
        if live >> o & 1:
            k += 1
    return s * 16 + k


@kernel
def _uncanon(code: int, hands: np.ndarray, masks: np.ndarray, order: np.ndarray,
             by_bits: bool) -> int:
    """The card of a :func:`_canon` code in this position (-1 if none)."""
    live = hands[0] | hands[1] | hands[2]
    s = code // 16
    k = code % 16
    if by_bits:
        m = live & masks[s]
        while k and m:
            m &= m - 1
            k -= 1
        return top_bit(m & -m) if m else -1
    for j in range(order.shape[1]):
        o = order[s, j]
        if live >> o & 1:
            if k == 0:
                return o
            k -= 1
    return -1


@kernel
def _probe(slot: int, key: np.ndarray, tkey: np.ndarray, tstamp: np.ndarray,
           stamp: int) -> bool:
    return tstamp[slot] == stamp and tkey[slot, 0] == key[0] and tkey[slot, 1] == key[1]


@kernel
def _search(hands: np.ndarray, trick: np.ndarray, n: int, leader: int, alpha: int, beta: int,
            forced: int, declarer: int, rules: np.ndarray, masks: np.ndarray,
            order: np.ndarray, lows: np.ndarray, trump: int, bettel: bool, must_beat: bool,
            tkey: np.ndarray, tbound: np.ndarray, tbest: np.ndarray, tstamp: np.ndarray,
            ctx: np.ndarray, fr: np.ndarray, mv: np.ndarray, sc: np.ndarray,
            key: np.ndarray) -> int:
    """Alpha-beta from the given node (``forced`` >= 0: the player to move plays that card);
    values count the declarer's points from the root's trick on (``acc`` taken so far)."""
    stamp = ctx[0]
    d = 0
    val = 0
    acc = 0
    rest = _points(hands, trick, n, rules, masks)  # the points still to be won
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
            returning = True
            if n == 0 and (hands[0] | hands[1] | hands[2]) == 0:
                val = acc
            elif n == 0 and forced < 0 and (hands[leader] & (hands[leader] - 1)) == 0:
                for i in range(3):  # the last trick: no choice left
                    trick[i] = top_bit(hands[(leader + i) % 3])
                winner = (leader + _best_pos(trick, 3, rules, trump)) % 3
                if bettel:
                    val = 1 if winner == declarer else 0
                elif winner == declarer:
                    val = acc + rules[R_POINTS, trick[0]] + rules[R_POINTS, trick[1]] \
                        + rules[R_POINTS, trick[2]]
                else:
                    val = acc
            elif not bettel and forced < 0 and acc >= beta:
                val = acc  # the declarer has at least this much already
            elif not bettel and forced < 0 and acc + rest <= alpha:
                val = acc + rest  # he cannot get more
            else:
                returning = False
                if n == 0 and forced < 0:
                    _key(hands, leader, order, bettel, lows, key)
                    slot = finish_hash(key[0] * _M0 ^ key[1] * _M1, ctx[2])
                    if _probe(slot, key, tkey, tstamp, stamp):
                        lo = tbound[slot, 0] + acc
                        hi = tbound[slot, 1] + acc
                        hint = _uncanon(tbest[slot], hands, masks, order, ctx[5] == 1)
                        returning, val = settled(lo, hi, alpha, beta)
                        if not returning:
                            alpha = max(alpha, lo)
                            beta = min(beta, hi)
            if not returning:
                p = (leader + n) % 3
                fr[d, F_N] = n
                fr[d, F_LEADER] = leader
                fr[d, F_ACC] = acc
                fr[d, F_REST] = rest
                fr[d, F_ALPHA] = alpha
                fr[d, F_BETA] = beta
                fr[d, F_AIN] = alpha
                fr[d, F_BIN] = beta
                fr[d, F_BEST] = -INF if (p == declarer) != bettel else INF
                fr[d, F_SLOT] = slot
                if slot >= 0:
                    fr[d, F_K0] = key[0]
                    fr[d, F_K1] = key[1]
                fr[d, F_P] = p
                fr[d, F_HAND] = hands[p]
                fr[d, F_I] = 0
                if forced >= 0:
                    mv[d, 0] = forced
                    fr[d, F_CNT] = 1
                    forced = -1
                else:
                    fr[d, F_CNT] = _moves(hands, trick, n, p, declarer, rules, masks, order,
                                          trump, bettel, must_beat, hint, mv, sc, d,
                                          ctx[5] == 1)
                fr[d, F_BESTC] = mv[d, 0]
        if returning:
            returning = False
            if d == 0:
                return val
            d -= 1
            p = fr[d, F_P]
            hands[p] = fr[d, F_HAND]
            if fr[d, F_N] == 2:
                trick[0] = fr[d, F_T0]
                trick[1] = fr[d, F_T1]
            take_value(fr, d, val, mv[d, fr[d, F_I]], (p == declarer) != bettel)
        i = fr[d, F_I]
        if i < fr[d, F_CNT] and fr[d, F_ALPHA] < fr[d, F_BETA]:
            c = mv[d, i]
            p = fr[d, F_P]
            n = fr[d, F_N]
            leader = fr[d, F_LEADER]
            acc = fr[d, F_ACC]
            rest = fr[d, F_REST]
            alpha = fr[d, F_ALPHA]
            beta = fr[d, F_BETA]
            hands[p] = fr[d, F_HAND] ^ (1 << c)
            trick[n] = c
            d += 1
            if n == 2:
                fr[d - 1, F_T0] = trick[0]
                fr[d - 1, F_T1] = trick[1]
                winner = (leader + _best_pos(trick, 3, rules, trump)) % 3
                if bettel and winner == declarer:
                    val = 1
                    returning = True
                else:
                    tp = rules[R_POINTS, trick[0]] + rules[R_POINTS, trick[1]] \
                        + rules[R_POINTS, trick[2]]
                    rest -= tp
                    if winner == declarer:
                        acc += tp
                    n = 0
                    leader = winner
                    entering = True
            else:
                n += 1
                entering = True
        else:
            best = fr[d, F_BEST]
            slot = fr[d, F_SLOT]
            if slot >= 0:
                taken = fr[d, F_ACC]
                lo, hi = window_bounds(best - taken, fr[d, F_AIN] - taken, fr[d, F_BIN] - taken)
                key[0] = fr[d, F_K0]
                key[1] = fr[d, F_K1]
                if _probe(slot, key, tkey, tstamp, stamp):
                    lo = max(lo, tbound[slot, 0])
                    hi = min(hi, tbound[slot, 1])
                tstamp[slot] = stamp
                tkey[slot, 0] = key[0]
                tkey[slot, 1] = key[1]
                tbound[slot, 0] = lo
                tbound[slot, 1] = hi
                tbest[slot] = _canon(fr[d, F_BESTC], hands, rules, masks, order, ctx[5] == 1)
            val = best
            returning = True


@njit(cache=True)
def _mtdf(hands: np.ndarray, trick: np.ndarray, n: int, leader: int, first: int, guess: int,
          declarer: int, rules: np.ndarray, masks: np.ndarray, order: np.ndarray,
          lows: np.ndarray, trump: int, bettel: bool, must_beat: bool, tkey: np.ndarray,
          tbound: np.ndarray, tbest: np.ndarray, tstamp: np.ndarray, ctx: np.ndarray) -> int:
    """Null-window searches until the bounds meet: the first tests ``guess``, the next ones
    step away from it in the direction it failed by 1, 2, 4, ... points, and once both a lower
    and an upper bound were found the range between them is bisected (the value is between 0
    and the points still out, or 0 and 1 in Bettel; stepping one point at a time, as plain
    MTD(f) does, takes dozens of searches here)."""
    fr = np.zeros((_PLIES, _FIELDS), dtype=np.int64)
    mv = np.zeros((_PLIES, 16), dtype=np.int64)
    sc = np.zeros((_PLIES, 16), dtype=np.int64)
    key = np.zeros(2, dtype=np.int64)
    lo = 0
    hi = 1 if bettel else _points(hands, trick, n, rules, masks)
    g = min(max(guess, lo + 1), hi)
    b = g
    step = 1
    way = 0  # 1 while only failing high, -1 while only failing low, 2 once both were seen
    while lo < hi:
        g = _search(hands, trick, n, leader, b - 1, b, first, declarer, rules, masks, order,
                    lows, trump, bettel, must_beat, tkey, tbound, tbest, tstamp, ctx, fr, mv,
                    sc, key)
        ctx[4] += 1  # null-window searches, for measuring
        if g == ABORTED:
            return g
        if g < b:
            hi = g
            way = -1 if way <= 0 else 2
        else:
            lo = g
            way = 1 if way >= 0 else 2
        if way == 1:
            b = min(lo + step, hi)
        elif way == -1:
            b = max(hi - step + 1, lo + 1)
        else:
            b = (lo + hi + 1) // 2
        step *= 2
    return lo


class FastSolver(CompiledSolver):
    """Exact solves for one pack, trump and contract (one instance per world, like the
    reference ``Solver``; same ``solve`` and ``action_values``, no depth limit)."""

    def __init__(self, pack: Pack, trump: int | None, bettel: bool = False,
                 must_beat: bool = False, max_nodes: int = NO_LIMIT):
        """``max_nodes``: a solve that visits more raises :class:`NodeLimitExceeded`."""
        self.trump = -1 if trump is None else trump
        self.bettel = bettel
        self.must_beat = must_beat and not bettel
        power = pack.bettel if bettel else pack.normal
        values = sorted(set(pack.deck.points))
        self.rules = np.array([pack.suit_of, power, pack.deck.points], dtype=np.int64)
        by_points = [sum(1 << c for c in range(pack.size) if pack.deck.points[c] == v)
                     for v in values if v]
        self.masks = np.array([*pack.suit_masks, *by_points], dtype=np.int64)
        self.order = np.array([sorted((c for c in range(pack.size) if pack.suit_of[c] == s),
                                      key=lambda c: -power[c]) for s in range(4)],
                              dtype=np.int64)
        by_bits = all(list(row) == sorted(row) for row in self.order)
        self.lows = np.zeros(1, dtype=np.int64)
        if not bettel:
            self.lows = _low_codes(_plain_cards(pack, self.order, by_bits))
        self._estimate = Solver(pack, trump, bettel, must_beat).estimate
        self.table = shared_table(TABLE_BITS, 2)
        self.ctx = np.array([self.table.next_stamp(), 0, self.table.mask, max_nodes, 0,
                             int(by_bits)], dtype=np.int64)

    def solve(self, pos: Position) -> int:
        """The value of ``pos`` (see the module docstring)."""
        guess = 0 if self.bettel else round(self._estimate(pos.hands, pos.declarer))
        return self._mtdf(pos, -1, guess)

    def action_values(self, pos: Position) -> dict[int, int]:
        """The exact value after each legal card of the player to move."""
        trick = np.zeros(3, dtype=np.int64)
        trick[:len(pos.trick)] = pos.trick
        legal = _legal(pos.hands[pos.to_move], trick, len(pos.trick), self.rules, self.masks,
                       self.trump, self.must_beat)
        out: dict[int, int] = {}
        guess = 0
        for card in iter_bits(legal):
            out[card] = guess = self._mtdf(pos, card, guess)
        return out

    def _mtdf(self, pos: Position, first: int, guess: int) -> int:
        t = self.table
        trick = np.zeros(3, dtype=np.int64)
        trick[:len(pos.trick)] = pos.trick
        v = int(_mtdf(np.array(pos.hands, dtype=np.int64), trick, len(pos.trick),
                         pos.leader, first, guess, pos.declarer, self.rules, self.masks,
                         self.order, self.lows, self.trump, self.bettel, self.must_beat,
                         t.key, t.bound, t.best, t.stamp, self.ctx))
        return self._checked(v)
