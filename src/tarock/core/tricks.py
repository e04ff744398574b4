"""Trick-taking mechanics shared by the games: who wins a trick and which cards may follow.

Cards are deck indices; a game passes its own tables (suit of each card, strength of each card in
the current order) and the trump suit, so the same two functions serve permanent trumps (the
tarokks) and a trump suit named per deal (Bavarian tarock), or no trumps at all (Bettel).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from tarock.core.cards import Deck, iter_bits


def trick_winner_index(cards: Sequence[int], suit_of: Sequence[int], power: Sequence[int],
                       trump: int | None, later_wins_ties: bool = False) -> int:
    """Position in ``cards`` (play order) of the winning card.

    The highest trump wins; without a trump the highest card of the suit led. Cards of any
    other suit never win, whatever their strength. Of cards of equal power the first played
    wins, or the last played with ``later_wins_ties`` (the equal Moors of Ottocento).
    """
    led = suit_of[cards[0]]
    best, best_key = 0, (-1, -1)
    for pos, card in enumerate(cards):
        suit = suit_of[card]
        if suit == trump:
            key = (1, power[card])
        elif suit == led:
            key = (0, power[card])
        else:
            continue
        if key > best_key or (later_wins_ties and key == best_key):
            best, best_key = pos, key
    return best


def follow_mask(hand: int, led_suit_mask: int, trump_mask: int) -> int:
    """Cards that may follow: the suit led if held, else a trump if held, else anything.

    ``led_suit_mask`` is every card of the suit led (the trumps when a trump is led);
    ``trump_mask`` is 0 for games or contracts without trumps.
    """
    return (hand & led_suit_mask) or (hand & trump_mask) or hand


def winning_mask(cards: Sequence[int], candidates: int, suit_of: Sequence[int],
                 power: Sequence[int], trump: int | None) -> int:
    """The cards of ``candidates`` (a mask) that would win the trick if played now.

    ``cards`` is the trick so far in play order (at least one card); used for a duty to win the
    trick (e.g. Bavarian tarock's ``must_beat``). Returns 0 when no candidate can win.
    """
    out, last = 0, len(cards)
    trick = [*cards, 0]
    for card in iter_bits(candidates):
        trick[last] = card
        if trick_winner_index(trick, suit_of, power, trump) == last:
            out |= 1 << card
    return out


class Trick(NamedTuple):
    """One completed trick: the cards in play order, who played each, and the winner's seat."""

    cards: tuple[int, ...]
    seats: tuple[int, ...]
    winner: int


class CardView(NamedTuple):
    """The cards one seat sees, as indices, for code that wants numbers rather than the JSON of
    an observation (the environments' tensors): its hand, the finished tricks and the trick on
    the table (its cards and who played them, in play order)."""

    hand: int
    tricks: tuple[Trick, ...]
    trick: tuple[int, ...]
    trick_seats: tuple[int, ...]


def card_view(hand: int, tricks: Sequence[Trick], trick: Sequence[int],
              trick_seats: Sequence[int]) -> CardView:
    """A snapshot of a trick-taking state's cards for one seat (see :class:`CardView`)."""
    return CardView(hand, tuple(tricks), tuple(trick), tuple(trick_seats))


def tricks_view(deck: Deck, tricks: Iterable[Any], cards: Sequence[int],
                seats: Sequence[int]) -> dict[str, Any]:
    """The public trick record of an observation: ``tricks`` (completed, each with ``cards``,
    ``seats`` and ``winner``) and ``trick`` (the cards of the trick in progress)."""
    code = deck.code
    return {
        "tricks": [{"cards": [{"seat": s, "card": code(c)}
                              for s, c in zip(t.seats, t.cards, strict=True)],
                    "winner": t.winner} for t in tricks],
        "trick": [{"seat": s, "card": code(c)} for s, c in zip(seats, cards, strict=True)],
    }


def played_cards(deck: Deck, observation: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Every card played so far as (seat, card), in the order played, read back from an
    observation's trick record (``tricks`` and ``trick``, as :func:`tricks_view` writes them)."""
    return [(e["seat"], deck.index(e["card"]))
            for t in [*observation.get("tricks", []), {"cards": observation.get("trick", [])}]
            for e in t["cards"]]


def played_masks(deck: Deck, observation: Mapping[str, Any]) -> dict[int, int]:
    """Per active seat, the mask of the cards it has played so far (:func:`played_cards`)."""
    played = dict.fromkeys(observation["active"], 0)
    for seat, card in played_cards(deck, observation):
        played[seat] |= 1 << card
    return played
