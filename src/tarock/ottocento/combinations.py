"""Combinations, card points and the quick counts (§9, §10, OT-ALG-4 to OT-ALG-8).

Everything here is a pure function of card masks and the options, so the same code values a hand
being declared, a team's pile at the end of the deal and the cards given to the standalone
calculator (``tarock ottocento-count``). A holding's combinations are found by
:func:`holding_combinations`; :func:`count_cards` is the calculator itself.

The grande (trump sequence) walk is OT-ALG-6 verbatim, on bitmasks: it also returns the real cards
it reached, which are the cards a player lays out when declaring the full combination.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from tarock.core.cards import iter_bits
from tarock.core.errors import IllegalActionError, TarockError
from tarock.ottocento.cards import (
    ACES,
    ANGELO_BIT,
    BAG_BIT,
    MATTO_BIT,
    MOORS,
    NUMBERED,
    NUMBERED_BITS,
    PIECE_BITS,
    PIECES,
    SUIT_NAMES,
    SUITS,
    TRUMPS,
    VALUE,
    WILDS,
    bit,
    codes,
    mask_of,
    parse_cards,
)
from tarock.ottocento.options import DEFAULTS, OttocentoOptions

SET_KINDS = ("set_tarocchi", "set_kings", "set_queens", "set_knights", "set_jacks")
SEQ_KINDS = ("seq_grande", "seq_cups", "seq_coins", "seq_swords", "seq_batons", "seq_moors",
             "seq_aces")
KINDS = SET_KINDS + SEQ_KINDS  # OT-NOT-6
SET_MEMBERS = {
    "set_tarocchi": mask_of("ANGELO", "MONDO", "BAG", "MATTO"),
    "set_kings": mask_of(*(s + "K" for s in SUITS)),
    "set_queens": mask_of(*(s + "Q" for s in SUITS)),
    "set_knights": mask_of(*(s + "N" for s in SUITS)),
    "set_jacks": mask_of(*(s + "J" for s in SUITS)),
}
SET_VALUE = {"set_tarocchi": (18, 36), "set_kings": (17, 34), "set_queens": (14, 28),
             "set_knights": (13, 26), "set_jacks": (12, 24)}  # OT-COMB-2: (3 cards, 4 cards)
SUIT_OF_KIND = {f"seq_{SUIT_NAMES[s]}": s for s in SUITS}
SEQUENCE_CARDS = {  # OT-ALG-8: the real cards of each sequence kind
    "seq_grande": ANGELO_BIT | PIECES | NUMBERED | MOORS,
    **{kind: mask_of(*(s + r for r in ("K", "Q", "N", "J", "A")))
       for kind, s in SUIT_OF_KIND.items()},
    "seq_moors": MOORS,
    "seq_aces": ACES,
}
_T16, _SOLE, _LUNA, _MONDO = bit("T16"), bit("SOLE"), bit("LUNA"), bit("MONDO")


class Combination(NamedTuple):
    """One set or sequence: its kind, the cards in it (a mask), its size and its own value."""

    kind: str
    cards: int
    length: int
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": codes(self.cards), "points": self.points}


def kind_cards(kind: str, opts: OttocentoOptions = DEFAULTS) -> int:
    """Every card that may be shown for ``kind`` (OT-DECL-4 item 2)."""
    if kind in SET_MEMBERS:
        wild = WILDS if opts.set_wilds and kind != "set_tarocchi" else 0
        return SET_MEMBERS[kind] | wild
    return SEQUENCE_CARDS[kind] | WILDS


# --------------------------------------------------------------------------------------------
# Sets (OT-ALG-5)


def set_cards(cards: int, kind: str, opts: OttocentoOptions = DEFAULTS) -> int:
    """The cards of the set of ``kind`` in ``cards`` (0 when there is none)."""
    real = cards & SET_MEMBERS[kind]
    n = real.bit_count()
    if opts.set_wilds and kind != "set_tarocchi" and n >= 2:  # OT-V-12
        for w in (BAG_BIT, MATTO_BIT):
            if cards & w and n < 4:
                real |= w
                n += 1
    return real if n >= 3 else 0


def set_value(kind: str, n: int) -> int:
    return SET_VALUE[kind][n - 3]


def score_sets(values: Iterable[int]) -> int:
    """OT-COMB-4: the whole set value is doubled with three or more sets."""
    vals = list(values)
    total = sum(vals)
    return 2 * total if len(vals) >= 3 else total


# --------------------------------------------------------------------------------------------
# Sequences (OT-ALG-6)


def grande_walk(cards: int, opts: OttocentoOptions = DEFAULTS) -> tuple[int, int]:
    """OT-COMB-8 to -11, OT-V-5, OT-V-6: (length, cards in the grande); (0, 0) if none."""
    if not cards & ANGELO_BIT:
        return 0, 0  # OT-COMB-8: the Angel must be real
    wilds = cards & WILDS
    n_wilds = wilds.bit_count()
    real_pieces = cards & PIECES
    n_pieces = real_pieces.bit_count()
    if not n_pieces:
        return 0, 0
    spare = n_wilds
    if n_pieces == 1:
        if not spare:
            return 0, 0  # the second piece must be a wild
        spare -= 1  # OT-COMB-9.2: this wild is a piece
        last_was_wild = real_pieces == _MONDO  # OT-COMB-10
    else:
        last_was_wild = False  # a missing third piece is skipped
    reached = ANGELO_BIT | real_pieces
    if opts.grande_sun_moon_blocks_16 and not cards & (_SOLE | _LUNA):
        return reached.bit_count() + n_wilds, reached | wilds  # OT-V-5
    for b in NUMBERED_BITS:
        if cards & b:
            reached |= b
            last_was_wild = False
            continue
        can_bridge = spare > 0 and not last_was_wild  # OT-COMB-9.1, 9.3
        if b == _T16 and opts.grande_moon_16_blocks_15 and not cards & _LUNA:
            can_bridge = False  # OT-V-6
        if not can_bridge:
            break  # OT-COMB-9.4
        spare -= 1
        last_was_wild = True
    else:
        reached |= cards & MOORS  # OT-COMB-11: the first k Moor places are filled
    return reached.bit_count() + n_wilds, reached | wilds  # OT-COMB-7.5


def grande_length(cards: int, opts: OttocentoOptions = DEFAULTS) -> int:
    return grande_walk(cards, opts)[0]


def suit_sequence_walk(cards: int, suit: str) -> tuple[int, int]:
    """OT-COMB-12: K and at least two of Q, N, J (one real), then the Ace and every wild."""
    if not cards & bit(suit + "K"):
        return 0, 0
    courts = cards & mask_of(suit + "Q", suit + "N", suit + "J")
    wilds = cards & WILDS
    if not courts or courts.bit_count() + wilds.bit_count() < 2:
        return 0, 0
    members = bit(suit + "K") | courts | (cards & bit(suit + "A")) | wilds
    return members.bit_count(), members


def two_real_walk(cards: int, group: int) -> tuple[int, int]:
    """OT-COMB-13 (Moors), OT-COMB-14 (Aces): at least 3 cards, at least 2 of them real."""
    real = cards & group
    members = real | (cards & WILDS)
    n = members.bit_count()
    return (n, members) if real.bit_count() >= 2 and n >= 3 else (0, 0)


def sequence_walk(cards: int, kind: str, opts: OttocentoOptions = DEFAULTS) -> tuple[int, int]:
    """The length of the sequence of ``kind`` in ``cards`` and its cards ((0, 0) if none)."""
    if kind == "seq_grande":
        return grande_walk(cards, opts)
    if kind == "seq_moors":
        return two_real_walk(cards, MOORS)
    if kind == "seq_aces":
        return two_real_walk(cards, ACES)
    return suit_sequence_walk(cards, SUIT_OF_KIND[kind])


def sequence_value(n: int) -> int:
    """OT-COMB-5: 5 x (n - 1) for a sequence of n >= 3 cards."""
    return 5 * (n - 1)


def score_sequences(lengths: Iterable[int]) -> int:
    """OT-COMB-15: the sum of sequence values, doubled with three or more sequences."""
    ns = list(lengths)
    total = sum(sequence_value(n) for n in ns)
    return 2 * total if len(ns) >= 3 else total


def quick_sequence_score(lengths: Sequence[int]) -> int:
    """OT-SCORE-8 (test oracle): 10 x (cards - sequences), halved with fewer than three."""
    t = 10 * (sum(lengths) - len(lengths))
    return t if len(lengths) >= 3 else t // 2


# --------------------------------------------------------------------------------------------
# Holdings: every combination, and the total


def combination(cards: int, kind: str, opts: OttocentoOptions = DEFAULTS) -> Combination | None:
    """The combination of ``kind`` that ``cards`` hold at full size, or None."""
    if kind in SET_MEMBERS:
        members = set_cards(cards, kind, opts)
        n = members.bit_count()
        return Combination(kind, members, n, set_value(kind, n)) if n else None
    n, members = sequence_walk(cards, kind, opts)
    return Combination(kind, members, n, sequence_value(n)) if n >= 3 else None


def holding_combinations(cards: int, opts: OttocentoOptions = DEFAULTS) -> list[Combination]:
    """Every set and sequence the holding forms (OT-COMB-16: cards may be shared)."""
    out = []
    for kind in KINDS:
        combo = combination(cards, kind, opts)
        if combo is not None:
            out.append(combo)
    return out


def score_combinations(combos: Iterable[Combination]) -> tuple[int, int]:
    """(sets, sequences) of one holding or one player's declaration, each family doubled with
    three or more members (OT-COMB-4, OT-COMB-15, OT-DECL-7)."""
    combos = list(combos)
    sets = score_sets(c.points for c in combos if c.kind in SET_MEMBERS)
    seqs = score_sequences(c.length for c in combos if c.kind not in SET_MEMBERS)
    return sets, seqs


def card_points(pile: int) -> int:
    """OT-SCORE-3: the values of the pile's cards less half a point per card (OT-ALG-4)."""
    n = pile.bit_count()
    if n % 2:
        raise TarockError(f"a pile of {n} cards", rule="OT-SCORE-2",
                          expected="an even number of cards")
    return sum(VALUE[i] for i in iter_bits(pile)) - n // 2


def count_cards(card_codes: Sequence[str],
                opts: OttocentoOptions = DEFAULTS) -> dict[str, Any]:
    """The standalone calculator: every combination the cards hold, its points, and the total.

    Unknown codes cite OT-NOT-2 and repeated cards OT-DECK-1 (InvalidRecordError). Each
    combination's ``points`` is its own value; ``doubled`` says whether its family counts twice.
    """
    mask = parse_cards(list(card_codes))
    combos = holding_combinations(mask, opts)
    sets, seqs = score_combinations(combos)
    n_sets = sum(c.kind in SET_MEMBERS for c in combos)
    n_seqs = len(combos) - n_sets
    out = {
        "cards": codes(mask),
        "combinations": [{**c.to_json(), "length": c.length,
                          "doubled": (n_sets if c.kind in SET_MEMBERS else n_seqs) >= 3}
                         for c in combos],
        "sets": sets,
        "sequences": seqs,
        "sets_doubled": n_sets >= 3,
        "sequences_doubled": n_seqs >= 3,
        "total": sets + seqs,
    }
    if mask.bit_count() % 2 == 0:
        out["card_points"] = card_points(mask)
    return out


# --------------------------------------------------------------------------------------------
# Declarations (OT-DECL-4 to -7, OT-ALG-8)


def _bad(message: str, rule: str = "OT-DECL-4") -> IllegalActionError:
    return IllegalActionError(message, rule=rule)


def check_combination(kind: str, shown: int, hand: int,
                      opts: OttocentoOptions = DEFAULTS) -> Combination:
    """One declared combination, valued on its shown cards only; raises OT-DECL-4 if invalid."""
    if kind not in KINDS:
        raise _bad(f"unknown combination kind {kind!r}")
    if shown & ~hand:
        raise _bad(f"{kind}: {' '.join(codes(shown & ~hand))} not in the hand")
    if shown & ~kind_cards(kind, opts):
        raise _bad(f"{kind}: {' '.join(codes(shown & ~kind_cards(kind, opts)))} "
                   "does not belong to it")
    combo = combination(shown, kind, opts)
    n = shown.bit_count()
    if combo is None or combo.length != n:
        what = "not a valid combination" if combo is None else (
            f"only {combo.length} of the {n} shown cards count")
        raise _bad(f"{kind} {' '.join(codes(shown))}: {what}")
    return combo


def check_declaration(hand: int, declared: Sequence[tuple[str, int]],
                      opts: OttocentoOptions = DEFAULTS) -> list[Combination]:
    """A whole declaration (OT-ALG-8 score_declaration): every combination valid, one per kind,
    and no shared card under ``declaration_card_reuse = false`` (OT-V-14)."""
    kinds = [k for k, _ in declared]
    if len(kinds) != len(set(kinds)):
        raise _bad("a kind is declared twice")
    combos = [check_combination(k, m, hand, opts) for k, m in declared]
    if not opts.declaration_card_reuse:
        used = 0
        for c in combos:
            if used & c.cards:
                raise _bad(f"{' '.join(codes(used & c.cards))} shown in two combinations",
                           rule="OT-V-14")
            used |= c.cards
    return combos


def declaration_points(combos: Iterable[Combination]) -> int:
    """OT-DECL-7: doubling counted over one player's declared combinations."""
    sets, seqs = score_combinations(combos)
    return sets + seqs


def score_declaration(hand: int, declared: Sequence[tuple[str, int]],
                      opts: OttocentoOptions = DEFAULTS) -> int:
    return declaration_points(check_declaration(hand, declared, opts))


def _submasks(mask: int, minimum: int) -> list[int]:
    out = []
    sub = mask
    while sub:
        if sub.bit_count() >= minimum:
            out.append(sub)
        sub = (sub - 1) & mask
    return out


def _grande_runs(hand: int, i: int, spare: int, last_wild: bool, acc: int,
                 out: list[int]) -> None:
    """Sets of numbered trumps and Moors (from place ``i`` on) the run can reach."""
    out.append(acc)
    if i == 12:  # the Moor places: any held Moors fill the first places
        held = hand & MOORS
        out.extend(acc | sub for sub in _submasks(held, 1))
        return
    b = NUMBERED_BITS[i]
    if hand & b:
        _grande_runs(hand, i + 1, spare, False, acc | b, out)
    if spare > 0 and not last_wild:  # bridge place i, then the next place must be present
        if i + 1 == 12:
            out.extend(acc | sub for sub in _submasks(hand & MOORS, 1))
        elif hand & NUMBERED_BITS[i + 1]:
            _grande_runs(hand, i + 2, spare - 1, False, acc | NUMBERED_BITS[i + 1], out)


def _grande_candidates(hand: int) -> list[int]:
    if not hand & ANGELO_BIT:
        return []
    held_pieces = [b for b in PIECE_BITS if hand & b]
    held_wilds = [b for b in (BAG_BIT, MATTO_BIT) if hand & b]
    out: list[int] = []
    for p in _submasks(sum(held_pieces), 1):
        n_p = p.bit_count()
        for w in [0, *_submasks(sum(held_wilds), 1)]:
            n_w = w.bit_count()
            if n_p == 1 and not n_w:
                continue
            spare = n_w - (1 if n_p == 1 else 0)
            runs: list[int] = []
            _grande_runs(hand, 0, spare, p == _MONDO and n_p == 1, 0, runs)
            base = ANGELO_BIT | p | w
            out.extend(base | r for r in runs)
    return out


@lru_cache(maxsize=1 << 14)
def declarable(hand: int, kind: str, opts: OttocentoOptions = DEFAULTS) -> tuple[int, ...]:
    """Every mask of shown cards that is a valid declared ``kind`` from ``hand`` (OT-DECL-4),
    largest first. Sets and suit, Moors and Aces sequences are found among the submasks of the
    relevant cards; the grande's candidates are built by its walk and then checked."""
    relevant = hand & kind_cards(kind, opts)
    candidates = _grande_candidates(relevant) if kind == "seq_grande" else _submasks(relevant, 3)
    valid = {m for m in candidates if _valid_shown(kind, m, opts)}
    return tuple(sorted(valid, key=lambda m: (-m.bit_count(), m)))


def _valid_shown(kind: str, shown: int, opts: OttocentoOptions) -> bool:
    combo = combination(shown, kind, opts)
    return combo is not None and combo.length == shown.bit_count()


# Cards that belong to more than one kind: only they couple the kinds' choices (OT-V-14 search).
_SHARED = 0
_seen = 0
for _kind in KINDS:
    _cards = kind_cards(_kind, OttocentoOptions.make({"set_wilds": True}))
    _SHARED |= _seen & _cards
    _seen |= _cards


def best_declaration(hand: int, opts: OttocentoOptions = DEFAULTS) -> list[Combination]:
    """The declaration worth most from ``hand`` (OT-ALG-11 best_declaration_points).

    With shared cards allowed that is every combination at full size. Under
    ``declaration_card_reuse = false`` a branch-and-bound search picks disjoint combinations;
    per kind only the best option for each footprint on shared cards is tried (a longer
    combination with the same shared cards always dominates).
    """
    full = holding_combinations(hand, opts)
    if opts.declaration_card_reuse:
        return full
    per_kind: list[list[Combination]] = []
    for kind in KINDS:
        best: dict[int, Combination] = {}
        for m in declarable(hand, kind, opts):
            c = combination(m, kind, opts)
            assert c is not None
            key = m & _SHARED
            if key not in best or c.points > best[key].points:
                best[key] = c
        if best:
            per_kind.append(sorted(best.values(), key=lambda c: -c.points))
    top = [opts_[0].points for opts_ in per_kind]
    result: list[list[Combination]] = [[]]
    best_points = [-1]

    def search(k: int, used: int, chosen: list[Combination]) -> None:
        bound = 2 * (sum(c.points for c in chosen) + sum(top[k:]))
        if bound <= best_points[0]:
            return
        if k == len(per_kind):
            pts = declaration_points(chosen)
            if pts > best_points[0]:
                best_points[0], result[0] = pts, list(chosen)
            return
        for c in per_kind[k]:
            if not c.cards & used:
                chosen.append(c)
                search(k + 1, used | c.cards, chosen)
                chosen.pop()
        search(k + 1, used, chosen)

    search(0, 0, [])
    return result[0]


def best_declaration_points(hand: int, opts: OttocentoOptions = DEFAULTS) -> int:
    return declaration_points(best_declaration(hand, opts))


# --------------------------------------------------------------------------------------------
# The scavezzo quick count (OT-ALG-7, OT-SCORE-9): a test oracle for the grande


def grande_stop(cards: int) -> int:
    """The numbered trump where the standard walk breaks; 0 if it reaches the Moor places."""
    real_pieces = cards & PIECES
    spare = (cards & WILDS).bit_count() - (1 if real_pieces.bit_count() == 1 else 0)
    last_was_wild = real_pieces == _MONDO
    for n, b in zip(range(16, 4, -1), NUMBERED_BITS, strict=True):
        if cards & b:
            last_was_wild = False
        elif spare > 0 and not last_was_wild:
            spare -= 1
            last_was_wild = True
        else:
            return n
    return 0


def grande_by_scavezzo(angel_pile: int, other_pile: int) -> int:
    """The Angel team's grande from the opponents' cards only (OT-SCORE-9)."""
    opp_pieces = (other_pile & PIECES).bit_count()
    opp_wilds = (other_pile & WILDS).bit_count()
    if opp_pieces == 3 or (opp_pieces == 2 and opp_wilds == 2):
        return 0
    s = grande_stop(angel_pile)
    if s == 0:
        h = (other_pile & (PIECES | NUMBERED | MOORS)).bit_count()
    else:
        above = sum(bit(f"T{n}") for n in range(16, s, -1))
        h = opp_pieces + (other_pile & above).bit_count()
    return 5 * (21 - (s + h + opp_wilds))


__all__ = ["KINDS", "SEQ_KINDS", "SET_KINDS", "TRUMPS", "Combination", "best_declaration",
           "card_points", "check_declaration", "count_cards", "declarable",
           "holding_combinations", "score_combinations"]
