"""A cautious rule-follower for Hungarian tarokk, to play against until the real players come.

It bids only with an honour and enough tarokks, never announces anything it is not obliged to,
discards cheap suit cards, and in play takes a trick that holds points with its highest card that
wins, otherwise plays its cheapest card. It reads only the observation, the legal actions in their
record form and the deck's card facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarock.core.cards import Deck
from tarock.core.protocol import Action, Game
from tarock.players.base import register_player

BID_ORDER = ("harom", "ketto", "egy", "szolo")
HONOURS = ("T1", "T21", "T22")
MIN_TAROKKS_TO_BID = 5
MIN_TAROKKS_TO_HOLD = 6
HUNGARIAN_CALLS = frozenset({*BID_ORDER, "tartom", "passz"})
PASSIVE = frozenset({"pass", "keep", "yield"})  # record words of a cautious answer in any game
MIN_POINTS_PER_CARD = 4  # a strong hand in a game this player does not know


class CautiousPlayer:
    name = "cautious"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def act(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        moves = [(game.action_to_json(a), a) for a in legal]
        kind = moves[0][0]["type"]
        hand = observation.get("hand", [])
        if kind == "bid" and not {m["bid"] for m, _ in moves} & HUNGARIAN_CALLS:
            return self._generic(game.deck, observation, moves)  # another game's auction
        if kind == "bid":
            return self._bid(hand, moves)
        if kind == "discard":
            return min(moves, key=lambda m: _discard_cost(game.deck, m[0]["cards"]))[1]
        if kind == "play":
            return self._play(game.deck, observation, moves)
        if kind == "call":
            return self._call(hand, moves)
        return self._other(moves)

    def _bid(self, hand: list[str], moves: list[tuple[dict[str, Any], Action]]) -> Action:
        """Minimum calls only (a jump would be a cue bid with promises attached)."""
        tarokks = sum(1 for c in hand if c.startswith("T"))
        honour = any(c in HONOURS for c in hand)
        by_call = {m["bid"]: a for m, a in moves}
        fallback = by_call.get("passz", moves[0][1])
        if not honour or tarokks < MIN_TAROKKS_TO_BID:
            return fallback
        if "tartom" in by_call:
            return by_call["tartom"] if tarokks >= MIN_TAROKKS_TO_HOLD else fallback
        lowest = next((n for n in BID_ORDER if n in by_call), None)
        if lowest is None or (lowest != "harom" and tarokks < MIN_TAROKKS_TO_HOLD):
            return fallback
        return by_call[lowest]

    def _call(self, hand: list[str], moves: list[tuple[dict[str, Any], Action]]) -> Action:
        """Call the highest callable tarokk that is not in its own hand (no self-call)."""
        others = [(m, a) for m, a in moves if m["type"] == "call" and m["card"] not in hand]
        pool = others or [(m, a) for m, a in moves if m["type"] == "call"] or moves
        return max(pool, key=lambda m: int(m[0].get("card", "T0")[1:]))[1]

    def _other(self, moves: list[tuple[dict[str, Any], Action]]) -> Action:
        """Pass when allowed; otherwise meet the obligation (count, kontra, ultimo) plainly."""
        for wanted in ("pass", "count", "claim_count", "kontra", "announce"):
            for m, a in moves:
                if m["type"] == wanted:
                    return a
        if moves[0][0]["type"] == "annul":
            return next(a for m, a in moves if m["annul"] is False)
        return self._generic(None, {}, moves)

    def _generic(self, deck: Deck | None, observation: dict[str, Any],
                 moves: list[tuple[dict[str, Any], Action]]) -> Action:
        """A decision this player does not know (another game's): one positive call in an
        auction with a hand worth at least MIN_POINTS_PER_CARD card points a card; otherwise
        pass, keep or yield when offered, and else the first legal action."""
        passive = [a for m, a in moves
                   if any(v in PASSIVE for v in m.values() if isinstance(v, str))]
        active = [a for m, a in moves if a not in passive]
        if deck is not None and active and moves[0][0]["type"] == "bid":
            hand = observation.get("hand", [])
            seat = observation.get("seat")
            called = any(e.get("seat") == seat and e.get("bid") not in PASSIVE
                         for e in observation.get("auction", []))
            points = sum(deck.by_code[c].points for c in hand if c in deck.by_code)
            if hand and not called and points >= MIN_POINTS_PER_CARD * len(hand):
                return active[0]
        return passive[0] if passive else moves[0][1]

    def _play(self, deck: Deck, observation: dict[str, Any],
              moves: list[tuple[dict[str, Any], Action]]) -> Action:
        trick = [deck.by_code[t["card"]] for t in observation.get("trick", [])]
        cards = [(deck.by_code[m["card"]], a) for m, a in moves]
        cheapest = min(cards, key=lambda ca: (ca[0].points, ca[0].is_trump, ca[0].rank))[1]
        if not trick or sum(c.points for c in trick) < 2:
            return cheapest
        best = max(trick, key=lambda c: _power(c, trick[0].suit))
        winners = [(c, a) for c, a in cards if _power(c, trick[0].suit) > _power(best,
                                                                                 trick[0].suit)]
        if not winners:
            return cheapest
        return max(winners, key=lambda ca: _power(ca[0], trick[0].suit))[1]


def _power(card: Any, led_suit: str) -> int:
    if card.is_trump:
        return 100 + card.rank
    return card.rank if card.suit == led_suit else -1


def _discard_cost(deck: Deck, codes: list[str]) -> tuple[int, int]:
    cards = [deck.by_code[c] for c in codes]
    return (sum(c.is_trump for c in cards), sum(c.points for c in cards))


register_player("cautious", CautiousPlayer)
