"""Bavarian tarock actions and their record form (docs/bavarian-tarock.md).

An action is an :class:`Action` named tuple ``(kind, arg)``; every one of them is preallocated,
so generating legal actions allocates nothing but the lay-away sets. One kind per decision:

* ``bid``: an auction call. ``arg`` is ``"pass"``, a V1 level (``"spiele"``, ``"besser"``,
  ``"am_besten"``), a V1B contract name, a V3 call (``"play"``, ``"play_hearts"``), the V2
  senior's ``"hold"`` or a V2 rung (int: 0 is the pick-up game, k >= 1 a hand game);
* ``answer``: the V1/V1B holder's ``"hold"`` or ``"yield"`` (BT-V1-BID-4);
* ``contract``: the contract announced after the auction (V1, V1B, V3);
* ``raise``: the V2 contract window (BT-ALG-7): ``"keep"`` or the rung raised to;
* ``trump``: the suit named as trumps (suit number 0..3 = E G H S);
* ``lay_away``: the 3 cards a talon-game declarer lays away (a mask);
* ``play``: a card played to the trick (a card index).

Cards are indices of the game's pack, so the record form needs the pack's deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from tarock.bavarian.auction import CONTRACTS, TOP, rung_of_target, target
from tarock.bavarian.cards import SUIT_NAMES, SUITS
from tarock.core.cards import Deck
from tarock.core.errors import InvalidRecordError
from tarock.core.records import action_field

BID, ANSWER, CONTRACT, RAISE, TRUMP, LAY_AWAY, PLAY = (
    "bid", "answer", "contract", "raise", "trump", "lay_away", "play")
KINDS = (BID, ANSWER, CONTRACT, RAISE, TRUMP, LAY_AWAY, PLAY)
WORD_BIDS = ("pass", "hold", "spiele", "besser", "am_besten", *CONTRACTS, "play", "play_hearts")


class Action(NamedTuple):
    kind: str
    arg: Any = None


BIDS: dict[Any, Action] = {w: Action(BID, w) for w in WORD_BIDS}
BIDS.update({k: Action(BID, k) for k in range(TOP + 1)})
PASS = BIDS["pass"]
HOLD_BID = BIDS["hold"]
ANSWERS = {w: Action(ANSWER, w) for w in ("hold", "yield")}
CONTRACT_ACTIONS = {c: Action(CONTRACT, c) for c in CONTRACTS}
RAISES: dict[Any, Action] = {k: Action(RAISE, k) for k in range(1, TOP + 1)}
KEEP = Action(RAISE, "keep")
RAISES["keep"] = KEEP
TRUMPS = tuple(Action(TRUMP, s) for s in range(4))
SUIT_ACTIONS = dict(zip(SUITS, TRUMPS, strict=True))
WORD_BID_ACTIONS = {w: BIDS[w] for w in WORD_BIDS}
PLAYS = tuple(Action(PLAY, i) for i in range(36))


def _rung_json(key: str, rung: int) -> dict[str, Any]:
    if rung == 0:
        return {key: "pickup"}
    return {key: "hand", "target": target(rung)}


def to_json(action: Action, deck: Deck) -> dict[str, Any]:
    kind, arg = action
    if kind == BID:
        return {"type": kind, **(_rung_json("bid", arg) if isinstance(arg, int) else {"bid": arg})}
    if kind == ANSWER:
        return {"type": kind, "answer": arg}
    if kind == CONTRACT:
        return {"type": kind, "contract": arg}
    if kind == RAISE:
        return {"type": kind, **({"raise": "keep"} if arg == "keep" else _rung_json("raise", arg))}
    if kind == TRUMP:
        return {"type": kind, "suit": SUITS[arg]}
    if kind == LAY_AWAY:
        return {"type": kind, "cards": deck.codes(arg)}
    return {"type": kind, "card": deck.code(arg)}


def _rung(data: Mapping[str, Any], key: str, rule: str) -> int:
    """A V2 rung from ``{key: "pickup"}`` or ``{key: "hand", "target": T}``."""
    word = action_field(data, key)
    if word == "pickup":
        return 0
    value = action_field(data, "target")
    rung = rung_of_target(value) if isinstance(value, int) and not isinstance(value, bool) \
        else None
    if rung is None:
        raise InvalidRecordError(f"no hand game has the target {value!r}", rule=rule,
                                 expected="61, 66, ... 116 or 120")
    return rung


def _word(data: Mapping[str, Any], key: str, table: Mapping[Any, Action], rule: str) -> Action:
    """The action named by the word in ``data[key]``; an unknown word names ``rule``."""
    word = action_field(data, key)
    if not isinstance(word, str) or word not in table:
        raise InvalidRecordError(f"unknown {key} {word!r}", rule=rule,
                                 expected="one of " + ", ".join(str(w) for w in table))
    return table[word]


def _card(deck: Deck, code: Any) -> int:
    if not isinstance(code, str):
        raise InvalidRecordError(f"card code must be a string, got {code!r}", rule="BT-DECK-1")
    return deck.index(code, rule="BT-DECK-1")


def from_json(data: Mapping[str, Any], deck: Deck) -> Action:
    """Parse an action object (its ``seat`` is checked by the replayer, not here); whether the
    action is legal is the state's to decide."""
    kind = data.get("type")
    if kind == BID:
        word = action_field(data, "bid")
        if word in ("pickup", "hand"):
            return BIDS[_rung(data, "bid", "BT-V2-CON-1")]
        return _word(data, "bid", WORD_BID_ACTIONS, "docs/records.md")
    if kind == ANSWER:
        return _word(data, "answer", ANSWERS, "BT-V1-BID-4")
    if kind == CONTRACT:
        return _word(data, "contract", CONTRACT_ACTIONS, "BT-V1B-CON-1")
    if kind == RAISE:
        if action_field(data, "raise") == "keep":
            return KEEP
        rung = _rung(data, "raise", "BT-V2S-1")
        if rung == 0:
            raise InvalidRecordError("a raise goes to a hand game", rule="BT-V2S-3")
        return RAISES[rung]
    if kind == TRUMP:
        return _word(data, "suit", SUIT_ACTIONS, "BT-DECK-6")
    if kind == LAY_AWAY:
        cards = action_field(data, "cards")
        if not isinstance(cards, list):
            raise InvalidRecordError("cards must be a list of card codes", rule="BT-TALON-3")
        mask = 0
        for code in cards:
            mask |= 1 << _card(deck, code)
        if mask.bit_count() != len(cards):
            raise InvalidRecordError("a card is laid away twice", rule="BT-TALON-3")
        return Action(LAY_AWAY, mask)
    if kind == PLAY:
        return PLAYS[_card(deck, action_field(data, "card"))]
    raise InvalidRecordError(f"unknown action type {kind!r}", rule="docs/records.md",
                             expected="one of " + ", ".join(KINDS))


BID_WORDS = {"pass": "pass", "hold": "Ich spiele vorn (hold)", "spiele": "Ich spiele",
             "besser": "Ich spiele besser", "am_besten": "Ich spiele am besten",
             "play": "play", "play_hearts": "play Hearts"}


def rung_words(rung: int) -> str:
    return "pick-up game (61)" if rung == 0 else f"hand game {target(rung)}"


def describe(action: Action, deck: Deck) -> str:
    """Words a player at the table would use."""
    kind, arg = action
    if kind == BID:
        return rung_words(arg) if isinstance(arg, int) else BID_WORDS.get(arg, arg)
    if kind == ANSWER:
        return "hold (I take it myself)" if arg == "hold" else "yield"
    if kind == CONTRACT:
        return f"announce {arg}"
    if kind == RAISE:
        return "keep the contract" if arg == "keep" else f"raise to {rung_words(arg)}"
    if kind == TRUMP:
        return f"trumps: {SUIT_NAMES[SUITS[arg]]}"
    if kind == LAY_AWAY:
        return "lay away " + " ".join(deck.codes(arg))
    return deck.code(arg)
