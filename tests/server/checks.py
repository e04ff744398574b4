"""Checks of what a client was told against the engine: every ``view`` is exactly the engine's
observation for the client's seat at that ``seq`` (the public observation for a spectator), every
``event`` is the engine's ``describe_for``, and no message holds a card the seat may not know."""

from __future__ import annotations

import re
from typing import Any

from tarock.server.storage import Storage
from tarock.server.table import Table

WORD = re.compile(r"[A-Za-z0-9]+")


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def card_codes(table: Table, value: Any) -> set[str]:
    """The card codes spelled by any word of ``value``'s strings, keys included; in a message,
    the table's id is left out (random letters that can spell a code, and no hand's secret)."""
    if isinstance(value, dict) and "table" in value:
        value = {k: v for k, v in value.items() if k != "table"}
    deck = table.game.deck
    codes = set(deck.codes(deck.full_mask))
    return {w for s in _strings(value) for w in WORD.findall(s) if w in codes}


def check_client(db_url: str, table_id: str, seat: int | None,
                 messages: list[dict[str, Any]]) -> int:
    """Replay the table's log and compare each message with it; returns the views checked."""
    storage = Storage(db_url)
    try:
        spec = storage.load_table(table_id)
        log = storage.actions(table_id)
    finally:
        storage.close()
    assert spec is not None
    table = Table(spec)

    def advance(seq: int) -> None:
        while table.seq < seq:
            entry = log[table.seq]
            table.commit(table.prepare(entry.seat, entry.action, entry.by))

    checked = 0
    for m in messages:
        if m["type"] == "view":
            advance(m["seq"])
            expected = table.observation(seat)
            assert m["observation"] == expected, f"view at seq {m['seq']} differs"
            assert m["seat"] == seat
            if seat is None:
                assert "hand" not in m["observation"] and m["legal"] == []
            elif m["legal"]:
                assert table.to_act() == seat and m["legal"] == table.legal(seat)
            allowed = card_codes(table, expected) | card_codes(table, m["legal"])
            assert card_codes(table, m) <= allowed, f"view {m['seq']} tells hidden cards"
            checked += 1
        elif m["type"] == "event":
            advance(m["seq"] - 1)
            entry = log[m["seq"] - 1]
            state = table.state
            action = table.game.action_from_json(entry.action)
            full = state.action_to_string(action)
            text = full if seat == entry.seat else state.describe_for(seat, entry.seat, action)
            assert m["seat"] == entry.seat and m["text"] == text
            if m["action"] is not None:
                assert text == full and m["action"] == entry.action
            else:
                assert card_codes(table, m) <= card_codes(table, table.observation(seat))
    return checked
