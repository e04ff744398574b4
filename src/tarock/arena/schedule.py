"""The duplicate schedule: which player type sits in which seat in each replay of a deal.

One *duplicate unit* is one deal replayed once per **rotation**. With ``k`` player types
``T[0..k-1]`` at a table of ``n`` seats, rotation ``r`` (``r = 0 .. k-1``) seats

    seat s  ←  T[(s + r) mod k]

so a unit has exactly ``k`` rotations, for any ``k`` and ``n``:

* every type holds every seat's hand **exactly once** per unit (for a fixed seat ``s``,
  ``(s + r) mod k`` runs through every residue as ``r`` does), so no type gets better cards or a
  better seat than another;
* the table's make-up is shared out fairly too: rotation ``r + 1`` is rotation ``r`` with every
  type renamed to the previous one, so every type meets the same multiset of table line-ups
  over the unit.

Examples: ``[A, B]`` on 4 seats gives ``A B A B`` and ``B A B A``; ``[A, B]`` on 5 seats gives
``A B A B A`` and ``B A B A B`` (in the first rotation A holds three hands, in the second B does,
and each type holds each of the five hands once); ``[A, B, C]`` on 4 seats gives ``A B C A``,
``B C A B`` and ``C A B C``. When ``k`` divides ``n`` this is the usual duplicate rotation with
the same line-up every time. The alternative of replaying all ``n`` rotations of one fixed
pattern such as ``A B A B A`` would keep the line-up but let A hold every hand three times and B
only twice, and cost ``n`` replays instead of ``k``.

A seat that sits out a deal (the dealer of five-handed Hungarian tarokk, the dealer at a
four-seat Bavarian table) holds no cards; the arena scores a type only over the hands it held
that were in play (see :func:`playing_seats`), and every type holds each of those hands once, so
each type is scored over the same number of hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarock.core.protocol import Deal

Schedule = tuple[tuple[str, ...], ...]  # per rotation, the player type of each seat


def duplicate_schedule(types: Sequence[str], seats: int) -> Schedule:
    """The seat assignments of one duplicate unit: one tuple of types per rotation."""
    kinds = tuple(types)
    if not kinds:
        raise ValueError("at least one player type")
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"player types must be distinct: {list(kinds)}")
    if seats < 1:
        raise ValueError("at least one seat")
    k = len(kinds)
    return tuple(tuple(kinds[(s + r) % k] for s in range(seats)) for r in range(k))


def seat_counts(schedule: Schedule) -> dict[tuple[str, int], int]:
    """How often each (type, seat) pair occurs in ``schedule`` (a balance check)."""
    counts: dict[tuple[str, int], int] = {}
    for rotation in schedule:
        for seat, kind in enumerate(rotation):
            counts[kind, seat] = counts.get((kind, seat), 0) + 1
    return counts


def playing_seats(deal: Deal) -> tuple[int, ...]:
    """The seats that hold cards in ``deal``: those that play it (a sitting-out seat has none)."""
    return tuple(seat for seat, hand in enumerate(deal.hands) if hand)
