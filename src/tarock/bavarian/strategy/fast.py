"""The compiled perfect-information solver of Bavarian tarock card play (numba).

It finds exactly the value of :class:`tarock.bavarian.strategy.solver.Solver` (the pure-Python
reference, which stays as the test oracle): in point contracts the card points the declarer
takes in the tricks still to be completed, in Bettel 1 if the declarer must take a trick. The
rules of play are the reference's: follow suit, else trump, else anything (BT-PLAY), with the
``must_beat`` option (a card that beats the trick so far must be played when one of the
candidates does, never in Bettel) and the Bettel order of the cards in Bettel.

The search is the reference's alpha-beta (the declarer maximises, or in Bettel minimises) with
its equivalence reduction (adjacent live cards of one suit in one hand that score alike), driven
by null-window searches (MTD(f) from the reference's estimate, coming down on the value from
above: see :func:`_mtdf`). The value is additive over tricks, so the tables below hold the
points still to come and the search carries the points taken since the root; a node is cut at
once when the points taken already reach the window or all the points still out cannot. The
search runs on an explicit stack (numba cannot cache recursive functions), and compiled code is
cached on disk.

Where it is settled which side takes the trick whatever the players after him do (always at its
last card), the solver searches one card of each run of the player's legal cards (cards of one
suit with no live card between them, which take the trick alike): the one with the most points
when his side takes the trick, else the fewest. Every line of play after one card of a run is a
line after the other, in which the first is played later and its points go to whoever takes that
later trick; so the card chosen is never worse. (In Bettel, where points do not count, any two
cards of a run are equivalent, as in the reference; outside it the reference merges only the
pointless ones.) With the order below, this cut the nodes to a third.

The moves are ordered by what the cards can do, not only by what they are worth (the
reference's order): on lead, masters that no opponent can trump first, then a defender's lead
towards his partner's master; following, a card that the last player, an opponent, can still
beat comes last, and a partner's trick that the last player can beat is not smeared. With the
reference's order the whole deals of ``benchmarks/solver_speed.py`` took 2.7 times as many
nodes (the values are the same: move order never changes them).

Two tables of bounds, at trick boundaries:

* **Positions**, keyed by relative rank (per suit, the owners of the live cards from the
  strongest down and their points; in Bettel the owners alone) and the leader, so that
  positions reached by playing different cards of equal points meet. Each 64-byte row (one
  cache line, one memory read per probe) holds two entries, and a position may sit in either:
  a new entry takes the first place when it has at least as many cards left as the one there,
  which moves to the second, and the second place otherwise, so that the larger endgames stay
  while the small ones come and go (a solve stores many times more positions than the table
  has rows).
* **Similar positions** (outside Bettel), keyed by the owners alone: the "quasi-symmetry" or
  "payoff similarity" of the Skat programs. Two positions whose live cards have the same owners
  suit by suit from the strongest down differ only in which cards those are, so the cards at
  the same places can stand for each other: every line of play in one is a line in the other
  (the same cards follow, trump and beat, the same tricks are won), and the points each side
  takes differ by at most the sum of the point differences place by place. A position missing
  from the first table takes the last similar position's bounds, widened by that sum. It cuts
  about half of the nodes: the positions of an endgame reached with the King instead of the
  Ober still out rarely need a search of their own.
"""

from __future__ import annotations

from functools import cache

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
    shared_rows,
    shared_table,
    sort_moves,
    take_value,
    top_bit,
    window_bounds,
)

TABLE_BITS = 20
SIMILAR_BITS = 18
_M0, _M1 = MULTIPLIERS[:2]
# Fields of a search frame.
(F_N, F_LEADER, F_ACC, F_SLOT, F_P, F_HAND, F_T0, F_T1, F_K0, F_K1, F_S0, F_S1,
 F_REST) = range(F_OWN, F_OWN + 13)
_FIELDS = F_OWN + 13
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
def _taker(c: int, hands: np.ndarray, trick: np.ndarray, n: int, p: int, declarer: int,
           bi: int, rules: np.ndarray, masks: np.ndarray, trump: int) -> int:
    """Whose side takes the trick if ``p`` plays ``c`` to it (``trick[bi]`` winning it so far),
    as far as that is settled whatever the players after him do: 1 his own, 0 the other, -1 not
    settled. Outside Bettel."""
    partner = -1 if p == declarer else 3 - p - declarer
    if n == 0:  # settled only if no opponent can beat the card
        s = rules[R_SUIT, c]
        for q in range(3):
            if q != p and q != partner and _can_beat(hands[q], c, s, rules, masks, trump):
                return -1
        return 1
    led = rules[R_SUIT, trick[0]]
    best = trick[bi]
    owner = (p - n + bi) % 3
    if _beats(c, best, rules, trump):
        owner = p
        best = c
    ours = 1 if (owner == declarer) == (p == declarer) else 0
    if n == 2:
        return ours
    last = (p + 1) % 3
    if (last == declarer) == (owner == declarer) \
            or not _can_beat(hands[last], best, led, rules, masks, trump):
        return ours
    return -1


@kernel
def _twins(c: int, prev: int, rules: np.ndarray, bettel: bool) -> bool:
    """Whether ``c``, held with ``prev`` (the next live card above it in its suit, in the
    same hand), is worth the same as ``prev`` for the rest of the deal: any two in Bettel,
    only two cards of no points otherwise."""
    return bettel or (rules[R_POINTS, c] == 0 and rules[R_POINTS, prev] == 0)


@kernel
def _strongest(m: int) -> int:
    """The strongest of the cards ``m`` of one suit (-1 if none) outside Bettel, where each
    suit's cards run from the strongest up by index (:func:`_point_cards` checks it)."""
    return top_bit(m & -m) if m else -1


@kernel
def _can_beat(hand: int, best: int, led: int, rules: np.ndarray, masks: np.ndarray,
              trump: int) -> bool:
    """Whether ``hand``, to play to a trick led in suit ``led`` that ``best`` wins so far, holds
    a legal card that beats it (following suit, else trumping; outside Bettel)."""
    cand = hand & masks[led]
    if cand == 0 and trump >= 0:
        cand = hand & masks[trump]
    return cand != 0 and _beats(_strongest(cand), best, rules, trump)


@kernel
def _ruffed(s: int, p: int, declarer: int, hands: np.ndarray, masks: np.ndarray,
            trump: int) -> bool:
    """Whether an opponent of ``p`` may trump a lead of side suit ``s``: void in it, with
    trumps."""
    for q in range(3):
        if q != p and (q == declarer or p == declarer) and not hands[q] & masks[s] \
                and trump >= 0 and hands[q] & masks[trump]:
            return True
    return False


@kernel
def _order_leads(hands: np.ndarray, p: int, declarer: int, live: int, rules: np.ndarray,
                 masks: np.ndarray, trump: int, out: np.ndarray, score: np.ndarray, row: int,
                 cnt: int) -> None:
    """Scores of the leads of a point contract, lowest first: masters (the strongest live card
    of a suit that no opponent can trump) with the most points first, side suits before
    trumps; then a defender's lead to a suit whose master his partner holds, the cheapest
    first; then the declarer's other side cards; then the rest. Cheapest means fewest points,
    then (except towards the partner's master) the strongest: it wins most often."""
    partner = 3 - p - declarer
    for i in range(cnt):
        c = out[row, i]
        s = rules[R_SUIT, c]
        pts = rules[R_POINTS, c]
        pw = rules[R_POWER, c]
        top = _strongest(live & masks[s])
        side = s != trump
        if top == c and not (side and _ruffed(s, p, declarer, hands, masks, trump)):
            score[row, i] = (-100000 if side else -50000) - pts * 100 - pw
        elif p != declarer and hands[partner] >> top & 1 \
                and not (side and _ruffed(s, partner, declarer, hands, masks, trump)):
            score[row, i] = -20000 + pts * 100 + pw
        elif p == declarer and side:
            score[row, i] = -10000 + pts * 100 - pw
        else:
            score[row, i] = pts * 100 - pw


@kernel
def _order_follows(hands: np.ndarray, trick: np.ndarray, n: int, p: int, declarer: int,
                   bi: int, rules: np.ndarray, masks: np.ndarray, trump: int, out: np.ndarray,
                   score: np.ndarray, row: int, cnt: int) -> None:
    """Scores of the cards that follow in a point contract, lowest first. A partner's trick
    that the last player cannot take is smeared with points; else cards that win for sure, the
    most points first (then the weakest); then cards that lose, the fewest points first, or
    the most when the partner plays last and can still win the trick; last, in the second
    place, cards that win unless the last player, an opponent, beats them (``trick[bi]`` wins
    the trick so far)."""
    best = trick[bi]
    owner = (p - n + bi) % 3
    friends = (owner == declarer) == (p == declarer)
    last = (p + 1) % 3  # who plays after ``p`` when n == 1
    foe_last = n == 1 and (last == declarer) != (p == declarer)
    led = rules[R_SUIT, trick[0]]
    if friends and foe_last and _can_beat(hands[last], best, led, rules, masks, trump):
        friends = False
    smear = n == 1 and not foe_last and _can_beat(hands[last], best, led, rules, masks, trump)
    for i in range(cnt):
        c = out[row, i]
        pts = rules[R_POINTS, c]
        pw = rules[R_POWER, c]
        win = _beats(c, best, rules, trump)
        if win and foe_last and _can_beat(hands[last], c, led, rules, masks, trump):
            score[row, i] = 150000 + pts * 100 + pw
        elif friends:
            score[row, i] = (1000 if win else 0) - pts
        elif win:
            score[row, i] = -pts * 100 + pw
        elif smear:
            score[row, i] = 100000 - pts * 100 + pw
        else:
            score[row, i] = 100000 + pts * 100 + pw


@kernel
def _order_bettel(trick: np.ndarray, n: int, p: int, declarer: int, bi: int,
                  rules: np.ndarray, trump: int, out: np.ndarray, score: np.ndarray, row: int,
                  cnt: int) -> None:
    """Scores of the cards of Bettel, lowest first. The declarer, who must lose every trick,
    leads his weakest card first and follows with the strongest card that loses; the defenders
    lead their strongest first and follow with the weakest card that wins, else the weakest
    (``trick[bi]`` wins the trick so far)."""
    best = trick[bi] if n else -1
    for i in range(cnt):
        c = out[row, i]
        pw = rules[R_POWER, c]
        if p == declarer:
            if n == 0:
                score[row, i] = pw
            else:
                score[row, i] = (100000 if _beats(c, best, rules, trump) else 0) - pw
        elif n == 0:
            score[row, i] = -pw
        else:
            score[row, i] = (0 if _beats(c, best, rules, trump) else 100000) + pw


@kernel
def _moves(hands: np.ndarray, trick: np.ndarray, n: int, p: int, declarer: int,
           rules: np.ndarray, masks: np.ndarray, order: np.ndarray, trump: int, bettel: bool,
           must_beat: bool, hint: int, out: np.ndarray, score: np.ndarray, row: int,
           by_bits: bool) -> int:
    """The cards worth searching into ``out`` (one per equivalence class, and one per run where
    :func:`_taker` settles who takes the trick: see the module docstring), well ordered;
    ``by_bits``: each suit's cards run from the strongest up by index (outside Bettel), so the
    live card next above one is the next live bit down, found without walking ``order``."""
    legal = _legal(hands[p], trick, n, rules, masks, trump, must_beat)
    if legal & (legal - 1) == 0:  # one card: nothing to choose or order
        out[row, 0] = top_bit(legal)
        return 1
    live = hands[0] | hands[1] | hands[2]
    for i in range(n):
        live |= 1 << trick[i]
    cnt = 0
    per = order.shape[1]
    bi = _best_pos(trick, n, rules, trump) if n else -1  # who wins the trick so far
    for s in range(4):
        if not legal & masks[s]:
            continue
        if by_bits:
            g = legal & masks[s]
            lv = live & masks[s]
            taker = -2  # who takes the trick after a card of the current run (-2: not known)
            while g:
                low = g & -g
                c = top_bit(low)
                g ^= low
                pm = lv & (low - 1)
                prev = top_bit(pm) if pm else -1
                if prev < 0 or not legal >> prev & 1:
                    taker = -2  # a new run
                elif not bettel:
                    if taker == -2:
                        taker = _taker(c, hands, trick, n, p, declarer, bi, rules, masks,
                                       trump)
                    if taker >= 0:  # keep the card of the run that dominates
                        kept = out[row, cnt - 1]
                        if rules[R_POINTS, c] > rules[R_POINTS, kept] if taker \
                                else rules[R_POINTS, c] < rules[R_POINTS, kept]:
                            out[row, cnt - 1] = c
                        continue
                    if _twins(c, prev, rules, bettel):
                        continue
                else:
                    continue  # Bettel: any two cards of a run are equivalent
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
    if bettel:
        _order_bettel(trick, n, p, declarer, bi, rules, trump, out, score, row, cnt)
    elif n == 0:
        _order_leads(hands, p, declarer, live, rules, masks, trump, out, score, row, cnt)
    else:
        _order_follows(hands, trick, n, p, declarer, bi, rules, masks, trump, out, score, row,
                       cnt)
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
def _key(hands: np.ndarray, leader: int, order: np.ndarray, bettel: bool,
         compress: np.ndarray, top: int, key: np.ndarray) -> None:
    """The table keys of a trick boundary, two words each: the position's (``key[:2]``) and,
    outside Bettel, its similarity key (``key[2:]``), by relative rank as partition search keys
    positions.

    The similarity key is, per suit, the owners of its live cards from the strongest down, and
    the leader: positions that share it differ at most in the points of the cards at the same
    places (see the module docstring). Each suit's cards run from the strongest up by index, so
    a suit is its number of live cards and the first two hands' cards among them, each squeezed
    to the live cards' places (``compress``: :func:`_compress_table`). The position's key adds
    which of the ``top`` cards with points of each suit (its strongest) are live: with the
    owners, that fixes the points at every place.

    In Bettel points do not count and the order is another: the position's key is, per suit,
    the owners of its live cards from the strongest down, two bits each."""
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
        key[1] |= leader << 48
        return
    full = (1 << per) - 1
    tmask = (1 << top) - 1
    tops = 0
    for s in range(4):
        a = hands[0] >> (per * s) & full
        b = hands[1] >> (per * s) & full
        live = a | b | hands[2] >> (per * s) & full
        w = (popcount(live) << (2 * per) | compress[live << per | a] << per
             | compress[live << per | b])
        key[2 + (s >> 1)] = w if s % 2 == 0 else key[2 + (s >> 1)] | w << 24
        tops |= (live & tmask) << (top * s)
    key[3] |= leader << 48
    key[0] = key[2] | (tops & ((1 << (2 * top)) - 1)) << 50
    key[1] = key[3] | (tops >> (2 * top)) << 50


@cache
def _compress_table(per: int) -> np.ndarray:
    """For :func:`_key`: at ``live << per | held`` (``held`` among ``live``, ``per`` bits
    each), the bits of ``held`` squeezed to the places of ``live``'s bits, lowest first (what
    the PEXT instruction does); made once per process and suit length."""
    index = np.arange(1 << (2 * per), dtype=np.int64)
    live, held = index >> per, index & ((1 << per) - 1)
    out = np.zeros_like(index)
    place = np.zeros_like(index)
    for i in range(per):
        here = live >> i & 1
        out |= (held >> i & here) << place
        place += here
    return out


def _point_cards(pack: Pack, order: np.ndarray) -> int:
    """How many cards with points each suit has: :func:`_key` needs them to be each suit's
    strongest, by index from the strongest, with the same number in every suit."""
    counts = set()
    for row in order:
        points = [pack.deck.points[c] for c in row]
        top = len(points) - points.count(0)
        if list(row) != sorted(row) or 0 in points[:top]:
            raise ValueError("the pack's order does not fit the solver's table key")
        counts.add(top)
    if len(counts) != 1:
        raise ValueError("the pack's order does not fit the solver's table key")
    return counts.pop()


@kernel
def _distance(a: int, b: int, rules: np.ndarray, masks: np.ndarray) -> int:
    """How far apart in value two positions of one similarity key can be, ``a`` and ``b``
    their live cards: the sum, over the places of the live cards of each suit from the
    strongest down, of the difference between the points of the cards there."""
    total = 0
    for s in range(4):
        x = a & masks[s]
        y = b & masks[s]
        while x:
            total += abs(rules[R_POINTS, top_bit(x & -x)] - rules[R_POINTS, top_bit(y & -y)])
            x &= x - 1
            y &= y - 1
    return total


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


# An entry is three words of its table row: the key's two, then one of what it holds, packed
# as stamp << 32 | cards left << 24 | best card (``_canon``) << 16 | upper << 8 | lower; the
# bounds are on the points still to come (0 to 120, in Bettel 0 or 1), "none" a lower bound of
# 0 or an upper one of 255. The stamp gets 31 bits (see ``FastSolver``).
E_WORDS = 3
E_META = E_WORDS - 1
STAMPS = 1 << 31


@kernel
def _packed(stamp: int, left: int, best: int, lo: int, hi: int) -> int:
    """The word of an entry that holds its stamp, cards left, best card and bounds (above)."""
    return stamp << 32 | left << 24 | best << 16 | min(hi, 255) << 8 | max(lo, 0)


@kernel
def _bounds(m: int) -> tuple[int, int]:
    """The lower and upper bound that an entry's packed word (:func:`_packed`) holds."""
    return m & 255, m >> 8 & 255


@kernel
def _joined(lo: int, hi: int, m: int) -> tuple[int, int]:
    """Bounds ``lo`` and ``hi`` narrowed by those of the packed word ``m`` (the same
    position's, stored before)."""
    before_lo, before_hi = _bounds(m)
    return max(lo, before_lo), min(hi, before_hi)


@kernel
def _find(slot: int, key: np.ndarray, tab: np.ndarray, stamp: int) -> int:
    """The column where ``key``'s entry starts in row ``slot`` (0 or ``E_WORDS``), or -1 if
    the row holds none of this solver's for it."""
    for e in range(0, 2 * E_WORDS, E_WORDS):
        if tab[slot, e] == key[0] and tab[slot, e + 1] == key[1] \
                and tab[slot, e + E_META] >> 32 == stamp:
            return e
    return -1


@kernel
def _store(slot: int, key: np.ndarray, tab: np.ndarray, stamp: int, lo: int, hi: int,
           best: int, left: int) -> None:
    """Store bounds ``lo`` and ``hi`` (``-INF`` or ``INF`` for none) and the best card's code
    for ``key``, which has ``left`` cards left, in row ``slot``: joined with the bounds of its
    entry there if it has one, else in the place the module docstring says."""
    e = _find(slot, key, tab, stamp)
    if e >= 0:
        lo, hi = _joined(lo, hi, tab[slot, e + E_META])
    else:
        m = tab[slot, E_META]
        if m >> 32 != stamp or left >= (m >> 24 & 255):
            for w in range(E_WORDS):
                tab[slot, E_WORDS + w] = tab[slot, w]
            e = 0
        else:
            e = E_WORDS
    tab[slot, e] = key[0]
    tab[slot, e + 1] = key[1]
    tab[slot, e + E_META] = _packed(stamp, left, best, lo, hi)


# An entry of the similarity table is one row of four words: the similarity key's two, the
# live cards, and what it holds, packed as in the position table (without the cards left).
S_WORDS = 4
S_LIVE, S_META = 2, 3


@kernel
def _store_similar(slot: int, k0: int, k1: int, live: int, sim: np.ndarray, stamp: int,
                   lo: int, hi: int, best: int) -> None:
    """Store what :func:`_store` stores in the similarity table's row ``slot`` too, in place of
    what it held, joined with its bounds if that was this position's."""
    m = sim[slot, S_META]
    if sim[slot, 0] == k0 and sim[slot, 1] == k1 and sim[slot, S_LIVE] == live \
            and m >> 32 == stamp:
        lo, hi = _joined(lo, hi, m)
    sim[slot, 0] = k0
    sim[slot, 1] = k1
    sim[slot, S_LIVE] = live
    sim[slot, S_META] = _packed(stamp, 0, best, lo, hi)


@kernel
def _search(hands: np.ndarray, trick: np.ndarray, n: int, leader: int, alpha: int, beta: int,
            forced: int, declarer: int, rules: np.ndarray, masks: np.ndarray,
            order: np.ndarray, compress: np.ndarray, trump: int, bettel: bool,
            must_beat: bool, tab: np.ndarray, sim: np.ndarray, ctx: np.ndarray, fr: np.ndarray,
            mv: np.ndarray, sc: np.ndarray, key: np.ndarray) -> int:
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
                    _key(hands, leader, order, bettel, compress, ctx[6], key)
                    slot = finish_hash(key[0] * _M0 ^ key[1] * _M1, ctx[2])
                    e = _find(slot, key, tab, stamp)
                    found = e >= 0
                    if found:
                        m = tab[slot, e + E_META]
                        lo, hi = _bounds(m)
                    elif not bettel:  # a similar position's bounds, widened
                        near = finish_hash(key[2] * _M0 ^ key[3] * _M1, ctx[7])
                        m = sim[near, S_META]
                        found = (sim[near, 0] == key[2] and sim[near, 1] == key[3]
                                 and m >> 32 == stamp)
                        if found:
                            far = _distance(sim[near, S_LIVE], hands[0] | hands[1] | hands[2],
                                            rules, masks)
                            lo, hi = _bounds(m)
                            lo = max(lo - far, 0)
                            hi = min(hi + far, rest)
                    if found:
                        lo += acc
                        hi += acc
                        hint = _uncanon(m >> 16 & 255, hands, masks, order, ctx[5] == 1)
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
                    fr[d, F_S0] = key[2]
                    fr[d, F_S1] = key[3]
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
                live = hands[0] | hands[1] | hands[2]
                code = _canon(fr[d, F_BESTC], hands, rules, masks, order, ctx[5] == 1)
                _store(slot, key, tab, stamp, lo, hi, code, popcount(live))
                if not bettel:
                    _store_similar(finish_hash(fr[d, F_S0] * _M0 ^ fr[d, F_S1] * _M1, ctx[7]),
                                   fr[d, F_S0], fr[d, F_S1], live, sim, stamp, lo, hi, code)
            val = best
            returning = True


@njit(cache=True)
def _mtdf(hands: np.ndarray, trick: np.ndarray, n: int, leader: int, first: int, guess: int,
          declarer: int, rules: np.ndarray, masks: np.ndarray, order: np.ndarray,
          compress: np.ndarray, trump: int, bettel: bool, must_beat: bool, tab: np.ndarray,
          sim: np.ndarray, ctx: np.ndarray) -> int:
    """Null-window searches until the bounds meet. The first tests ``guess``; while every test
    has failed high, the next ones step up from it by 1, 2, 4, ... points; after a test fails
    low, the next one tests the new upper bound, so the tests come down on the value from above
    (the value is between 0 and the points still out, or 0 and 1 in Bettel).

    A test that fails high proves that the declarer reaches the bound against every defence:
    every card of both defenders must be refuted, two of the three hands. A test that fails low
    needs every card of one hand refuted, and took a third of the nodes on the benchmark's 50
    deals. Coming down from above makes one test fail high, at the value; bisecting made a third
    of them fail high, and took 28% more nodes."""
    fr = np.zeros((_PLIES, _FIELDS), dtype=np.int64)
    mv = np.zeros((_PLIES, 16), dtype=np.int64)
    sc = np.zeros((_PLIES, 16), dtype=np.int64)
    key = np.zeros(4, dtype=np.int64)
    lo = 0
    hi = 1 if bettel else _points(hands, trick, n, rules, masks)
    b = min(max(guess, lo + 1), hi)
    step = 1
    rising = True  # no test has failed low yet
    while lo < hi:
        g = _search(hands, trick, n, leader, b - 1, b, first, declarer, rules, masks, order,
                    compress, trump, bettel, must_beat, tab, sim, ctx, fr, mv, sc, key)
        ctx[4] += 1  # null-window searches, for measuring
        if g == ABORTED:
            return g
        if g < b:
            hi = g
            rising = False
        else:
            lo = g
        if rising:
            b = min(lo + step, hi)
            step *= 2
        else:
            b = hi
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
        top = 0 if bettel else _point_cards(pack, self.order)
        self.compress = _compress_table(self.order.shape[1])
        self._estimate = Solver(pack, trump, bettel, must_beat).estimate
        self.table = shared_table(TABLE_BITS, 2)  # rows of 8 words: two entries each
        self.similar = shared_rows(SIMILAR_BITS, S_WORDS)
        stamp = self.table.next_stamp()
        if stamp >= STAMPS:  # the entries keep 31 bits of it: both tables start over
            self.table.restart()
            self.similar[:] = 0
            stamp = self.table.next_stamp()
        # the stamp, nodes visited, the table's mask, the node limit, null-window searches,
        # whether the pack's order is by index, cards with points per suit, the similarity
        # table's mask
        self.ctx = np.array([stamp, 0, self.table.mask, max_nodes, 0, int(by_bits), top,
                             len(self.similar) - 1], dtype=np.int64)

    def solve(self, pos: Position) -> int:
        """The value of ``pos`` (see the module docstring)."""
        return self._mtdf(pos, -1, self._guess(pos))

    def action_values(self, pos: Position) -> dict[int, int]:
        """The exact value after each legal card of the player to move (the first card's
        search starts from the estimate, each next one from the card before it: starting the
        first from 0 took 4% more nodes on the benchmark's 50 deals)."""
        trick = np.zeros(3, dtype=np.int64)
        trick[:len(pos.trick)] = pos.trick
        legal = _legal(pos.hands[pos.to_move], trick, len(pos.trick), self.rules, self.masks,
                       self.trump, self.must_beat)
        out: dict[int, int] = {}
        guess = self._guess(pos)
        for card in iter_bits(legal):
            out[card] = guess = self._mtdf(pos, card, guess)
        return out

    def _guess(self, pos: Position) -> int:
        """Where the null-window searches start: the reference solver's estimate of the
        declarer's points to come (Bettel: 0)."""
        return 0 if self.bettel else round(self._estimate(pos.hands, pos.declarer))

    def _mtdf(self, pos: Position, first: int, guess: int) -> int:
        t = self.table
        trick = np.zeros(3, dtype=np.int64)
        trick[:len(pos.trick)] = pos.trick
        v = int(_mtdf(np.array(pos.hands, dtype=np.int64), trick, len(pos.trick),
                         pos.leader, first, guess, pos.declarer, self.rules, self.masks,
                         self.order, self.compress, self.trump, self.bettel, self.must_beat,
                         t.rows, self.similar, self.ctx))
        return self._checked(v)
