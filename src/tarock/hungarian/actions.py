"""Hungarian tarokk actions and their record form (``docs/records.md``).

An action is an :class:`Action` named tuple ``(kind, arg)``; the common ones are preallocated so
that generating legal actions allocates nothing. ``raise`` is this project's addition to the record
vocabulary for the optional HU-BID-15 raise (``bid`` = the level kept or raised to).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from tarock.core.cards import BitItems, iter_bits
from tarock.core.errors import InvalidRecordError
from tarock.hungarian.auction import CALL_BY_NAME, CALL_NAMES
from tarock.hungarian.cards import DECK

BID: Final = "bid"
RAISE: Final = "raise"
DISCARD: Final = "discard"
ANNUL: Final = "annul"
CALL: Final = "call"
COUNT: Final = "count"
ANNOUNCE: Final = "announce"
KONTRA: Final = "kontra"
PASS: Final = "pass"
PLAY: Final = "play"
CLAIM: Final = "claim_count"
BASE_BONUSES: Final = ("trull", "four_kings", "double", "volat", "ultimo", "xxi_catch",
                       "pagat_catch")
# The bonuses of Illusztrált tarokk (HI-NOT-3, HI-NOT-4): one identifier per király suit.
HI_BONUSES: Final = ("centrum", "kismadar", "nagymadar", "pagat_uhu", "sas_uhu", "sas_ultimo",
              *(f"kiraly_ultimo:{x}" for x in "HDCS"), *(f"kiraly_uhu:{x}" for x in "HDCS"))
ANNOUNCEABLE: Final = BASE_BONUSES + HI_BONUSES
TEAM_WORDS = {"d": "declarer", "o": "opponents"}
TEAM_BY_WORD = {w: t for t, w in TEAM_WORDS.items()}


class Action(NamedTuple):
    kind: str
    arg: Any = None


BIDS: Final = {call: Action(BID, call) for call in CALL_NAMES}
RAISES: Final = {level: Action(RAISE, level) for level in (1, 2, 3, 4)}  # szóló: `raise_max_level`
PLAYS: Final = tuple(Action(PLAY, i) for i in range(42))
PLAY_LISTS: Final = BitItems(PLAYS)  # the play actions of a mask of cards
CALLS: Final = tuple(Action(CALL, i) for i in range(42))
COUNTS: Final = {n: Action(COUNT, n) for n in (8, 9)}
CLAIMS: Final = {n: Action(CLAIM, n) for n in (8, 9)}
ANNOUNCES: Final = {b: Action(ANNOUNCE, b) for b in ANNOUNCEABLE}
PASS_ACTION: Final = Action(PASS)
ANNUL_YES: Final = Action(ANNUL, True)
ANNUL_NO: Final = Action(ANNUL, False)


def team_possessive(team: str) -> str:
    """Say "declarer's" or "opponents'", for describing kontra items."""
    return "declarer's" if team == "d" else "opponents'"


def kontra(owner: str, item: str) -> Action:
    return Action(KONTRA, (owner, item))


def to_json(action: Action) -> dict[str, Any]:
    kind, arg = action
    if kind in (BID, RAISE):
        return {"type": kind, "bid": CALL_NAMES[arg]}
    if kind == DISCARD:
        return {"type": kind, "cards": DECK.codes(arg)}
    if kind == ANNUL:
        return {"type": kind, "annul": arg}
    if kind in (CALL, PLAY):
        return {"type": kind, "card": DECK.code(arg)}
    if kind in (COUNT, CLAIM):
        return {"type": kind, "count": arg}
    if kind == ANNOUNCE:
        return {"type": kind, "bonus": arg}
    if kind == KONTRA:
        return {"type": kind, "item": arg[1], "owner": TEAM_WORDS[arg[0]]}
    return {"type": kind}


def _field(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise InvalidRecordError(f"action of type {data.get('type')!r} lacks {key!r}",
                                 rule="docs/records.md")
    return data[key]


def _card(data: Mapping[str, Any], key: str = "card") -> int:
    value = _field(data, key)
    if not isinstance(value, str):
        raise InvalidRecordError(f"card code must be a string, got {value!r}")
    return DECK.index(value, rule="HU-NOT-1")


def from_json(data: Mapping[str, Any]) -> Action:
    """Parse an action object (its ``seat`` is checked by the replayer, not here)."""
    kind = data.get("type")
    if kind in (BID, RAISE):
        name = _field(data, "bid")
        call = CALL_BY_NAME.get(name) if isinstance(name, str) else None
        if call is None or (kind == RAISE and call not in RAISES):
            raise InvalidRecordError(f"unknown bid {name!r}", rule="HU-BID-1")
        return BIDS[call] if kind == BID else RAISES[call]
    if kind == DISCARD:
        cards = _field(data, "cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise InvalidRecordError("discard cards must be a list of codes", rule="HU-TALON-4")
        mask = DECK.mask(cards, rule="HU-NOT-1")
        if mask.bit_count() != len(cards):
            raise InvalidRecordError("a card is discarded twice", rule="HU-TALON-4")
        return Action(DISCARD, mask)
    if kind == ANNUL:
        value = _field(data, "annul")
        if not isinstance(value, bool):
            raise InvalidRecordError("annul must be true or false", rule="HU-ANNUL-2")
        return ANNUL_YES if value else ANNUL_NO
    if kind in (CALL, PLAY):
        card = _card(data)
        return CALLS[card] if kind == CALL else PLAYS[card]
    if kind in (COUNT, CLAIM):
        n = _field(data, "count")
        if n not in (8, 9) or isinstance(n, bool):
            raise InvalidRecordError(f"a tarokk count is 8 or 9, got {n!r}", rule="HU-ANN-8")
        return COUNTS[n] if kind == COUNT else CLAIMS[n]
    if kind == ANNOUNCE:
        bonus = _field(data, "bonus")
        if bonus not in ANNOUNCES:
            raise InvalidRecordError(f"unknown bonus {bonus!r}", rule="HU-ANN-4")
        return ANNOUNCES[bonus]
    if kind == KONTRA:
        item, owner = _field(data, "item"), _field(data, "owner")
        if owner not in TEAM_BY_WORD or (item != "game" and item not in ANNOUNCES):
            raise InvalidRecordError(f"unknown kontra item {owner!r}/{item!r}", rule="HU-ANN-10")
        return kontra(TEAM_BY_WORD[owner], item)
    if kind == PASS:
        return PASS_ACTION
    raise InvalidRecordError(f"unknown action type {kind!r}", rule="docs/records.md")


def describe(action: Action) -> str:
    """Words a player at the table would use."""
    kind, arg = action
    if kind == BID:
        return CALL_NAMES[arg]
    if kind == RAISE:
        return f"raise to {CALL_NAMES[arg]}" if arg > 1 else "keep három"
    if kind == DISCARD:
        return "discard " + " ".join(DECK.cards[i].display for i in iter_bits(arg))
    if kind == ANNUL:
        return "annul the deal" if arg else "do not annul"
    if kind == CALL:
        return f"call {DECK.cards[arg].display}"
    if kind == PLAY:
        return DECK.cards[arg].display
    if kind == COUNT:
        return f"{'nyolc' if arg == 8 else 'kilenc'} tarokk ({arg} tarokks)"
    if kind == CLAIM:
        return f"claim {arg} tarokks from teammates"
    if kind == ANNOUNCE:
        return f"announce {arg}"
    if kind == KONTRA:
        return f"kontra {team_possessive(arg[0])} {arg[1]}"
    return "pass"
