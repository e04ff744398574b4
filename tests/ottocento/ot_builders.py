"""Helpers for the Ottocento tests: card strings to masks, states from given hands, driving."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tarock.core.protocol import Deal
from tarock.ottocento import actions as A
from tarock.ottocento.cards import DECK, IDX, codes, parse_cards
from tarock.ottocento.game import OttocentoGame, OttocentoState
from tarock.ottocento.options import OttocentoOptions
from tarock.ottocento.play import legal_mask, trick_winner


def cards(text: str) -> int:
    """``"SK SQ MATTO"`` as a mask."""
    return parse_cards(text.split())


def card_list(text: str) -> list[int]:
    return [IDX[c] for c in text.split()]


def code_set(mask: int) -> set[str]:
    return set(codes(mask))


def opts(**given: Any) -> OttocentoOptions:
    return OttocentoOptions.make(given)


def game(**given: Any) -> OttocentoGame:
    return OttocentoGame(given)


def winner_position(text: str) -> int:
    """1-based position of the winning card of a trick given in play order."""
    return trick_winner(card_list(text)) + 1


def legal_codes(hand: str, trick: str = "") -> set[str]:
    return code_set(legal_mask(cards(hand), card_list(trick)))


def rest_of_pack(*used: str) -> list[str]:
    taken = set()
    for text in used:
        taken |= set(text.split())
    return [c.code for c in DECK.cards if c.code not in taken]


def state_from(hands: list[str], talon: str, dealer: int = 0,
               totals: Iterable[int] = (0, 0), deals_played: int = 0,
               **options: Any) -> OttocentoState:
    """A state from hand strings; hands left as "" are filled from the rest of the pack."""
    g = game(**options)
    size = 15 if g.num_seats == 4 else 20
    hands = list(hands) + [""] * (g.num_seats - len(hands))
    spare = rest_of_pack(*hands, talon)
    filled = []
    for text in hands:
        items = text.split()
        while len(items) < size:
            items.append(spare.pop(0))
        filled.append(parse_cards(items))
    talon_items = talon.split()
    need = 2 if g.num_seats == 4 else 22
    while len(talon_items) < need:
        talon_items.append(spare.pop(0))
    deal = Deal(tuple(filled), tuple(IDX[c] for c in talon_items))
    return g.new_initial_state(deal, dealer, 1, totals=list(totals), deals_played=deals_played)


def act(state: OttocentoState, data: Mapping[str, Any]) -> None:
    state.apply(A.from_json(data))


def declare(state: OttocentoState, kind: str, text: str) -> None:
    state.apply(A.declare(kind, cards(text)))


def play(state: OttocentoState, code: str, signal: str | None = None) -> None:
    state.apply(A.play(IDX[code], signal))


def to_first_lead(state: OttocentoState, discard: str | None = None) -> None:
    """Decline a claim, discard (the given cards or the first legal pair) and let the eldest
    declare nothing: the eldest is then to lead."""
    if state.phase == "claim":
        state.apply(A.DECLINE_ACTION)
    if state.phase == "set_aside":
        while state.phase == "set_aside":
            state.apply(state.legal_actions()[0])
        if state.phase == "claim":
            state.apply(A.DECLINE_ACTION)
    if state.phase == "discard":
        state.apply(A.Action(A.DISCARD, cards(discard)) if discard else state.legal_actions()[0])
    if state.phase == "declare":
        state.apply(A.DONE_ACTION)


def play_out_first(state: OttocentoState) -> OttocentoState:
    """Finish the deal with the first legal action each time."""
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    return state
