"""Test helpers: build Hungarian deals from partial hands and drive states by record-like actions.

Seats follow the default test table: the dealer is seat 3, so A, B, C, D are seats 0, 1, 2, 3
(4 players). With 5 players and dealer 4, A..D are seats 0..3 and E (seat 4) sits out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tarock.core.protocol import Deal
from tarock.hungarian import actions as A
from tarock.hungarian.cards import DECK, HONOURS, TAROKKS
from tarock.hungarian.game import HungarianGame, HungarianState, active_seats

SEAT = {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4}
NO_HONOURS = HONOURS


def _codes(spec: str | Iterable[str]) -> list[str]:
    return spec.split() if isinstance(spec, str) else list(spec)


def complete_deal(hands: Mapping[str, str | Iterable[str]], talon: str | Iterable[str] = (),
                  avoid: Mapping[str, int] | None = None, players: int = 4,
                  dealer: int | None = None) -> Deal:
    """A full deal in which each labelled seat holds at least the given cards.

    Missing cards are filled in deck order (suit cards first, then tarokks from low to high), never
    giving a seat a card from its ``avoid`` mask (e.g. ``{"B": HONOURS}``). The talon is filled
    last; given talon cards keep their positions at the top (talon[0] first).
    """
    dealer = (players - 1) if dealer is None else dealer
    active = active_seats(players, dealer)
    want = {s: (9 if s in active else 0) for s in range(players)}
    out = {s: [DECK.index(c) for c in _codes(hands.get(lab, ()))]
           for lab, s in SEAT.items() if s < players}
    top = [DECK.index(c) for c in _codes(talon)]
    used = {c for cards in out.values() for c in cards} | set(top)
    avoid_by_seat = {SEAT[lab]: m for lab, m in (avoid or {}).items()}
    order = [c for c in range(22, 42)] + list(range(22))
    rest = [c for c in order if c not in used]
    for card in list(rest):
        for seat in range(players):
            if len(out[seat]) < want[seat] and not avoid_by_seat.get(seat, 0) >> card & 1:
                out[seat].append(card)
                rest.remove(card)
                break
    talon_cards = top + rest
    if len(talon_cards) != 6 or any(len(out[s]) != want[s] for s in range(players)):
        raise ValueError("cannot complete the deal with these constraints")
    return Deal(tuple(sum(1 << c for c in out[s]) for s in range(players)), tuple(talon_cards))


def new_state(hands: Mapping[str, str | Iterable[str]] | None = None, talon: str = "",
              options: Mapping[str, Any] | None = None, avoid: Mapping[str, int] | None = None,
              multiplier: int = 1) -> HungarianState:
    game = HungarianGame(options)
    players = game.num_seats
    deal = complete_deal(hands or {}, talon, avoid, players)
    return game.new_initial_state(deal, dealer=players - 1, multiplier=multiplier)


def parse(label: str, data: Mapping[str, Any] | str) -> tuple[int, A.Action]:
    """``("B", "harom")`` -> a bid; ``("B", {"type": "play", "card": "HK"})`` -> that action."""
    if isinstance(data, str):
        data = {"type": "bid", "bid": data}
    return SEAT[label], A.from_json(data)


def act(state: HungarianState, label: str, data: Mapping[str, Any] | str) -> None:
    """Apply one action, checking that ``label`` is the seat to act."""
    seat, action = parse(label, data)
    assert state.current_player() == seat, (
        f"expected {label} to act, but seat {state.current_player()} is to act")
    state.apply(action)


def bids(state: HungarianState, sequence: str) -> None:
    """Apply an auction written as in the rules' tests: ``"A harom, B passz, C ketto"``."""
    for step in sequence.split(","):
        label, call = step.split()
        act(state, label, call)


def legal_json(state: HungarianState) -> list[dict[str, Any]]:
    return [A.to_json(a) for a in state.legal_actions()]


def legal_bids(state: HungarianState) -> set[str]:
    return {A.to_json(a)["bid"] for a in state.legal_actions()}


def discard_first_legal(state: HungarianState) -> None:
    """Let every discarder make some legal discard, preferring suit cards (cheap, no tarokks)."""
    while state.phase == "discard":
        options = state.legal_actions()
        best = min(options, key=lambda a: ((a.arg & TAROKKS).bit_count(), a.arg))
        state.apply(best)
