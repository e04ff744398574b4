"""The 62-card Bolognese pack (OT-DECK-1 to OT-DECK-9, OT-NOT-1 to OT-NOT-4, appendix A).

Cards are indices 0-61 in the canonical order of OT-DECK-8 (Cups, Coins, Swords, Batons, each
K Q N J 10 9 8 7 6 A; then ANGELO MONDO SOLE LUNA T16..T5 M1..M4 BAG; then MATTO), so a hand is an
int bitmask. The named groups of OT-NOT-4 are masks, and the per-card tables that trick play needs
(suit number, strength, value) are tuples indexed by card.
"""

from __future__ import annotations

from tarock.core.cards import Card, Deck
from tarock.core.errors import InvalidRecordError

SUITS = ("C", "D", "S", "B")  # OT-NOT-1
SUIT_NAMES = {"C": "cups", "D": "coins", "S": "swords", "B": "batons"}
LONG_SUITS = frozenset({"S", "B"})
RANKS = ("K", "Q", "N", "J", "10", "9", "8", "7", "6", "A")  # canonical order (OT-DECK-8)
LONG_ORDER = {"K": 10, "Q": 9, "N": 8, "J": 7, "10": 6, "9": 5, "8": 4, "7": 3, "6": 2, "A": 1}
ROUND_ORDER = {"K": 10, "Q": 9, "N": 8, "J": 7, "A": 6, "6": 5, "7": 4, "8": 3, "9": 2, "10": 1}
COURT_VALUE = {"K": 5, "Q": 4, "N": 3, "J": 2}
TRUMP_CODES = ("ANGELO", "MONDO", "SOLE", "LUNA", *(f"T{n}" for n in range(16, 4, -1)),
               "M1", "M2", "M3", "M4", "BAG")
TRUMP_STRENGTH = {"ANGELO": 20, "MONDO": 19, "SOLE": 18, "LUNA": 17, "BAG": 0,
                  **{f"T{n}": n for n in range(5, 17)}, **{f"M{i}": 1 for i in range(1, 5)}}
TRUMP_SUIT = "T"
MATTO_SUIT = "F"  # the Fool belongs to no suit (OT-DECK-6); a letter of its own for display
# OT-V-7: the substitute 78-card tarot pack, as names shown to people
SUBSTITUTE_NAMES = {"ANGELO": "XX", "MONDO": "XXI", "SOLE": "XIX", "LUNA": "XVIII",
                    **{f"T{n}": _r for n, _r in zip(range(16, 4, -1), (
                        "XVII", "XVI", "XV", "XIIII", "XIII", "XII", "XI", "X", "VIIII",
                        "VIII", "VII", "VI"), strict=True)},
                    "M1": "V", "M2": "IIII", "M3": "III", "M4": "II", "BAG": "I",
                    "MATTO": "Fool"}


def _build(substitute: bool) -> Deck:
    cards: list[Card] = []
    for s in SUITS:
        order = LONG_ORDER if s in LONG_SUITS else ROUND_ORDER
        for r in RANKS:
            code = s + r
            cards.append(Card(len(cards), code, s, order[r], COURT_VALUE.get(r, 1), code))
    for code in TRUMP_CODES:
        value = 5 if code in ("ANGELO", "MONDO", "BAG") else 1
        shown = SUBSTITUTE_NAMES[code] if substitute else code
        cards.append(Card(len(cards), code, TRUMP_SUIT, TRUMP_STRENGTH[code], value, shown))
    shown = SUBSTITUTE_NAMES["MATTO"] if substitute else "MATTO"
    cards.append(Card(len(cards), "MATTO", MATTO_SUIT, 0, 5, shown))
    return Deck(cards, {"T": "Trumps", **{k: v.capitalize() for k, v in SUIT_NAMES.items()}})


DECK = _build(substitute=False)  # deck_faces = bolognese
SUBSTITUTE_DECK = _build(substitute=True)  # deck_faces = substitute_tarot (OT-V-7)
N_CARDS = 62
FULL = DECK.full_mask
IDX = {c.code: c.index for c in DECK.cards}
BY_SUBSTITUTE_NAME = {name: code for code, name in SUBSTITUTE_NAMES.items()}


def bit(code: str) -> int:
    return 1 << IDX[code]


def mask_of(*codes: str) -> int:
    m = 0
    for code in codes:
        m |= bit(code)
    return m


ANGELO, MONDO, SOLE, LUNA, BAG, MATTO = (IDX[c] for c in ("ANGELO", "MONDO", "SOLE", "LUNA",
                                                          "BAG", "MATTO"))
MATTO_BIT = 1 << MATTO
ANGELO_BIT, BAG_BIT = 1 << ANGELO, 1 << BAG
PIECE_BITS = (bit("MONDO"), bit("SOLE"), bit("LUNA"))  # OT-NOT-4, rank order
PIECES = mask_of("MONDO", "SOLE", "LUNA")
NUMBERED_BITS = tuple(bit(f"T{n}") for n in range(16, 4, -1))  # T16 .. T5, the grande's run
NUMBERED = sum(NUMBERED_BITS)
MOOR_BITS = tuple(bit(f"M{i}") for i in range(1, 5))
MOORS = sum(MOOR_BITS)
WILDS = mask_of("MATTO", "BAG")  # contatori
TAROCCHI = mask_of("ANGELO", "MONDO", "BAG", "MATTO")
TRUMPS = sum(bit(c) for c in TRUMP_CODES)  # 21 trumps; the MATTO is not one
SUIT_MASKS = {s: sum(bit(s + r) for r in RANKS) for s in SUITS}
SUIT_NUMBER = {s: i for i, s in enumerate(SUITS)}
TRUMP_NUMBER, MATTO_NUMBER = 4, 5
ACES = sum(bit(s + "A") for s in SUITS)
KINGS = sum(bit(s + "K") for s in SUITS)
COURTS = sum(bit(s + r) for s in SUITS for r in ("K", "Q", "N", "J"))
VALUE = DECK.points  # OT-DECK-7, per card index
FIVE_POINT = sum(1 << i for i, v in enumerate(VALUE) if v == 5)  # never discarded (OT-DEAL-6)
ONE_POINT = sum(1 << i for i, v in enumerate(VALUE) if v == 1)  # OT-NOT-4
SUIT_OF = tuple(SUIT_NUMBER.get(c.suit, TRUMP_NUMBER if c.suit == TRUMP_SUIT else MATTO_NUMBER)
                for c in DECK.cards)  # 0-3 suits, 4 trumps, 5 MATTO
POWER = tuple(c.rank for c in DECK.cards)  # suit or trump strength (OT-DECK-2 to -4)
LED_MASK = (*(SUIT_MASKS[s] for s in SUITS), TRUMPS, 0)  # cards of each suit number


def value(card: int) -> int:
    """OT-DECK-7."""
    return VALUE[card]


def codes(mask: int) -> list[str]:
    """The codes of ``mask`` in canonical order."""
    return DECK.codes(mask)


def parse_cards(items: list[str] | tuple[str, ...], rule: str = "OT-NOT-2") -> int:
    """Card codes to a mask: unknown codes cite ``rule``, a repeated card OT-DECK-1."""
    mask = 0
    for code in items:
        if not isinstance(code, str):
            raise InvalidRecordError(f"a card code must be a string, got {code!r}", rule=rule)
        i = IDX.get(code)
        if i is None:
            raise InvalidRecordError(f"unknown card code {code!r}", rule=rule,
                                     expected="a code of OT-NOT-2/OT-NOT-3 such as SK, C10, "
                                              "T16, M1, ANGELO, MATTO")
        if mask >> i & 1:
            raise InvalidRecordError(f"card {code} is given twice", rule="OT-DECK-1")
        mask |= 1 << i
    return mask


def substitute_code(name: str) -> str:
    """OT-V-7: the Ottocento card a substitute-pack card plays as (trumps and the Fool)."""
    code = BY_SUBSTITUTE_NAME.get(name)
    if code is None:
        raise InvalidRecordError(f"no Ottocento card for the substitute card {name!r}",
                                 rule="OT-V-7")
    return code
