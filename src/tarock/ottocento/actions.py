"""Ottocento actions and their record form; the vocabulary is documented in docs/ottocento.md.

One action type per decision of OT-FLOW-2. An action is an :class:`Action` named tuple
``(kind, arg)``; plays, set-aside picks and exchange cards are preallocated so that generating
legal actions allocates nothing.

| type | fields | decision |
| --- | --- | --- |
| ``set_aside`` | ``card`` | two-player game: one of the 10 cards a player sets aside (OT-V-2) |
| ``declare`` | ``kind``, ``cards`` | one combination shown, in the dealer's early claim or before a
  player's card to trick 1 (OT-DECL-2) |
| ``claim`` | | the dealer ends his early claim with the combinations shown (OT-DECL-9) |
| ``decline`` | | the dealer makes no early claim |
| ``discard`` | ``cards`` (2) | the dealer's discard (OT-DEAL-5) |
| ``declare_done`` | | ends a player's trick-1 declaration, possibly empty (OT-DECL-1) |
| ``play`` | ``card``, optional ``signal`` | a card to the trick; a lead may carry a signal |
| ``matto_exchange`` | ``card`` | the one-point card given for the ``MATTO`` (OT-MATTO-5) |
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from tarock.core.errors import InvalidRecordError
from tarock.ottocento.cards import DECK, IDX, N_CARDS, parse_cards
from tarock.ottocento.combinations import KINDS

SET_ASIDE, DECLARE, CLAIM, DECLINE, DISCARD, DONE, PLAY, EXCHANGE = (
    "set_aside", "declare", "claim", "decline", "discard", "declare_done", "play",
    "matto_exchange")
TYPES = (SET_ASIDE, DECLARE, CLAIM, DECLINE, DISCARD, DONE, PLAY, EXCHANGE)
SIGNALS = ("volo", "busso", "striscio")  # OT-SIG-1


class Action(NamedTuple):
    kind: str
    arg: Any = None


PLAYS = tuple(Action(PLAY, (c, None)) for c in range(N_CARDS))
SIGNALLED = {(c, s): Action(PLAY, (c, s)) for c in range(N_CARDS) for s in SIGNALS}
SET_ASIDES = tuple(Action(SET_ASIDE, c) for c in range(N_CARDS))
EXCHANGES = tuple(Action(EXCHANGE, c) for c in range(N_CARDS))
CLAIM_ACTION, DECLINE_ACTION, DONE_ACTION = Action(CLAIM), Action(DECLINE), Action(DONE)


def play(card: int, signal: str | None = None) -> Action:
    return PLAYS[card] if signal is None else Action(PLAY, (card, signal))


def declare(kind: str, mask: int) -> Action:
    return Action(DECLARE, (kind, mask))


def to_json(action: Action) -> dict[str, Any]:
    kind, arg = action
    if kind in (SET_ASIDE, EXCHANGE):
        return {"type": kind, "card": DECK.code(arg)}
    if kind == DECLARE:
        return {"type": kind, "kind": arg[0], "cards": DECK.codes(arg[1])}
    if kind == DISCARD:
        return {"type": kind, "cards": DECK.codes(arg)}
    if kind == PLAY:
        card, signal = arg
        out: dict[str, Any] = {"type": kind, "card": DECK.code(card)}
        if signal is not None:
            out["signal"] = signal
        return out
    return {"type": kind}


def _field(data: Mapping[str, Any], key: str, rule: str = "OT-FLOW-2") -> Any:
    if key not in data:
        raise InvalidRecordError(f"action of type {data.get('type')!r} lacks {key!r}", rule=rule)
    return data[key]


def _card(data: Mapping[str, Any]) -> int:
    code = _field(data, "card")
    if not isinstance(code, str) or code not in IDX:
        raise InvalidRecordError(f"unknown card code {code!r}", rule="OT-NOT-2")
    return IDX[code]


def _cards(data: Mapping[str, Any]) -> int:
    items = _field(data, "cards")
    if not isinstance(items, list):
        raise InvalidRecordError("cards must be a list of codes", rule="OT-NOT-2")
    return parse_cards(items)


def from_json(data: Mapping[str, Any]) -> Action:
    """Parse an action object (its ``seat`` is checked by the replayer)."""
    kind = data.get("type")
    if kind == PLAY:
        card = _card(data)
        signal = data.get("signal")
        if signal is None:
            return PLAYS[card]
        if isinstance(signal, list):
            if len(signal) > 1:
                raise InvalidRecordError("a lead carries at most one signal", rule="OT-SIG-3")
            signal = signal[0] if signal else None
            if signal is None:
                return PLAYS[card]
        if signal not in SIGNALS:
            raise InvalidRecordError(f"unknown signal {signal!r}", rule="OT-SIG-4",
                                     expected="volo, busso or striscio")
        return SIGNALLED[(card, signal)]
    if kind == SET_ASIDE:
        return SET_ASIDES[_card(data)]
    if kind == EXCHANGE:
        return EXCHANGES[_card(data)]
    if kind == DECLARE:
        name = _field(data, "kind", "OT-DECL-2")
        if name not in KINDS:
            raise InvalidRecordError(f"unknown combination kind {name!r}", rule="OT-NOT-6")
        return declare(name, _cards(data))
    if kind == DISCARD:
        return Action(DISCARD, _cards(data))
    if kind == CLAIM:
        return CLAIM_ACTION
    if kind == DECLINE:
        return DECLINE_ACTION
    if kind == DONE:
        return DONE_ACTION
    raise InvalidRecordError(f"unknown action type {kind!r}", rule="OT-FLOW-2",
                             expected="one of " + ", ".join(TYPES))


def describe(action: Action, deck: Any = DECK) -> str:
    """Words a player at the table would use."""
    kind, arg = action
    show = deck.cards
    if kind == PLAY:
        card, signal = arg
        return show[card].display + (f" ({signal})" if signal else "")
    if kind == SET_ASIDE:
        return f"set aside {show[arg].display}"
    if kind == EXCHANGE:
        return f"give {show[arg].display} for the Matto"
    if kind == DECLARE:
        cards = " ".join(show[i].display for i in range(N_CARDS) if arg[1] >> i & 1)
        return f"declare {arg[0].replace('_', ' ')}: {cards}"
    if kind == DISCARD:
        return "discard " + " ".join(show[i].display for i in range(N_CARDS) if arg >> i & 1)
    return {CLAIM: "claim the rubber", DECLINE: "no early claim",
            DONE: "end the declaration"}.get(kind, kind)
