"""The duplicate schedule: every type holds every seat's hand exactly once per unit."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tarock.games  # noqa: F401  (registers the games)
from tarock.arena.schedule import duplicate_schedule, playing_seats, seat_counts
from tarock.core.protocol import Deal, make_game


def test_two_types_on_four_seats_alternate():
    assert duplicate_schedule(["A", "B"], 4) == (("A", "B", "A", "B"), ("B", "A", "B", "A"))


def test_two_types_on_five_seats_take_turns_at_the_majority():
    assert duplicate_schedule(["A", "B"], 5) == (("A", "B", "A", "B", "A"),
                                                 ("B", "A", "B", "A", "B"))


def test_one_type_is_a_single_rotation():
    assert duplicate_schedule(["A"], 4) == (("A",) * 4,)


@given(k=st.integers(1, 6), seats=st.integers(1, 7))
def test_every_type_holds_every_seat_exactly_once(k: int, seats: int):
    types = [f"T{i}" for i in range(k)]
    schedule = duplicate_schedule(types, seats)
    assert len(schedule) == k
    assert all(len(rotation) == seats for rotation in schedule)
    counts = seat_counts(schedule)
    assert counts == {(t, s): 1 for t in types for s in range(seats)}


@given(k=st.integers(1, 6), seats=st.integers(1, 7))
def test_every_type_meets_the_same_line_ups(k: int, seats: int):
    """Over a unit, each type sees the same multiset of 'how many of my type sit here'."""
    types = [f"T{i}" for i in range(k)]
    schedule = duplicate_schedule(types, seats)
    seen = {t: sorted(Counter(rotation)[t] for rotation in schedule) for t in types}
    assert len({tuple(v) for v in seen.values()}) == 1


@pytest.mark.parametrize("types", [[], ["A", "A"], ["A", "B", "A"]])
def test_bad_type_lists_are_refused(types: list[str]):
    with pytest.raises(ValueError):
        duplicate_schedule(types, 4)


def test_playing_seats_are_those_with_cards():
    assert playing_seats(Deal((0b11, 0, 0b100), ())) == (0, 2)


@pytest.mark.parametrize(("players", "dealer", "expected"), [
    (4, 2, (0, 1, 2, 3)),
    (5, 2, (0, 1, 3, 4)),  # the dealer of five sits out
])
def test_playing_seats_of_hungarian_deals(players: int, dealer: int, expected: tuple[int, ...]):
    game = make_game("hungarian-tarokk", {"players": players})
    assert playing_seats(game.deal(7, dealer)) == expected
