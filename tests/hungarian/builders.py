"""Test helpers: build Hungarian deals from partial hands and drive states by record-like actions.

Seats follow the default test table: the dealer is seat 3, so A, B, C, D are seats 0, 1, 2, 3
(4 players). With 5 players and dealer 4, A..D are seats 0..3 and E (seat 4) sits out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from tarock.core.errors import IllegalActionError
from tarock.core.protocol import Deal
from tarock.hungarian import actions as A
from tarock.hungarian.cards import DECK
from tarock.hungarian.game import HungarianGame, HungarianState, active_seats

SEAT = {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4}
LABEL = "ABCDE"
SUIT_TALON = "HA DA C10 S10 HJ DJ"  # no king, no honour: every receiver can discard it again
B_HAROM = "A passz, B harom, C passz, D passz"
A_HAROM = "A harom, B passz, C passz, D passz"


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
        if state.legal_actions()[0].kind == A.ANNUL:  # an early offer (HU-ANNUL-5): decline
            act(state, label, {"type": "annul", "annul": False})
        act(state, label, call)


def legal_json(state: HungarianState) -> list[dict[str, Any]]:
    return [A.to_json(a) for a in state.legal_actions()]


def legal_bids(state: HungarianState) -> set[str]:
    return {A.to_json(a)["bid"] for a in state.legal_actions()}


# -- helpers shared by the talon, announcement and play tests --------------------------------


def codes(mask: int) -> list[str]:
    return DECK.codes(mask)


def mask(spec: str) -> int:
    return DECK.mask(spec.split())


def label(state: HungarianState) -> str:
    return LABEL[state.current_player()]


def start(hands: dict[str, str], auction: str = B_HAROM, talon: str = SUIT_TALON,
          options: dict[str, Any] | None = None) -> HungarianState:
    state = new_state(hands, talon, options)
    bids(state, auction)
    return state


def discard(state: HungarianState, lab: str, cards: str) -> None:
    act(state, lab, {"type": "discard", "cards": cards.split()})


def exchange(state: HungarianState, discards: dict[str, str] | None = None,
             annul: str | None = "") -> None:
    """Finish the discards (by default everyone lays his talon cards away again) and answer the
    annulment offers: only the labels in ``annul`` annul; ``None`` leaves the offers open."""
    discards = discards or {}
    while state.phase == "discard":
        lab = label(state)
        if state.legal_actions()[0].kind == A.ANNUL:  # asked first (`annul_timing`, HU-ANNUL-5)
            act(state, lab, {"type": "annul", "annul": annul is not None and lab in annul})
            continue
        cards = discards.get(lab, " ".join(codes(state.received[SEAT[lab]])))
        discard(state, lab, cards)
    while state.phase == "annul" and annul is not None:
        lab = label(state)
        act(state, lab, {"type": "annul", "annul": lab in annul})


def ann(text: str) -> dict[str, Any]:
    """``"call T20"``, ``"count 8"``, ``"announce trull"``, ``"kontra game"``, ``"kontra d.trull"``,
    ``"pass"`` as action objects."""
    word, _, arg = text.strip().partition(" ")
    if word == "pass":
        return {"type": "pass"}
    if word == "call":
        return {"type": "call", "card": arg}
    if word == "count":
        return {"type": "count", "count": int(arg)}
    if word == "announce":
        return {"type": "announce", "bonus": arg}
    assert word == "kontra", text
    team, _, item = arg.rpartition(".")
    owner = {"": "declarer", "d": "declarer", "o": "opponents"}[team]
    return {"type": "kontra", "item": item, "owner": owner}


def script(state: HungarianState, text: str) -> None:
    """Announcement turns as written in the rules tests: ``"B: call T20, pass | C: pass"``."""
    for turn in text.split("|"):
        lab, _, actions = turn.partition(":")
        for a in actions.split(","):
            act(state, lab.strip(), ann(a))


def snapshot(state: HungarianState) -> tuple[Any, ...]:
    x = state.ann
    ann_part = None if x is None else (
        dict(x.klevel), dict(x.public_side), x.turn_len, set(x.turn_flags), x.called, x.partner,
        dict(x.count_announced), x.alone_public, dict(x.ref_counts), x.ref_side, x.ref_top,
        dict(x.korder), {t: list(k) for t, k in x.kontra_open.items()},
        {t: list(a) for t, a in x.avail.items()})
    return (list(state.history), state.phase, state.to_act, list(state.hands),
            list(state.discards), ann_part)


def refuse(state: HungarianState, lab: str, data: dict[str, Any], rule: str) -> None:
    """``lab`` may not do ``data``: it is not offered, and applying it raises IllegalActionError
    citing ``rule`` and leaves the state unchanged."""
    seat, action = parse(lab, data)
    assert state.current_player() == seat
    assert action not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    assert err.value.rule == rule, str(err.value)
    assert rule in str(err.value)
    assert snapshot(state) == before


def legal_calls(state: HungarianState) -> set[str]:
    return {DECK.code(a.arg) for a in state.legal_actions() if a.kind == A.CALL}


def finish(state: HungarianState) -> dict[str, Any]:
    """Pass out the announcements, play any legal cards and claim nothing."""
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.phase in ("announce", "claim") and A.PASS_ACTION in legal:
            state.apply(A.PASS_ACTION)
        elif state.phase == "annul":
            state.apply(A.ANNUL_NO)
        else:
            state.apply(legal[0])
    return state.result()
