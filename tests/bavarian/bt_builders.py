"""Helpers for the Bavarian tarock tests: games by variant, rigged deals, scripted actions."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tarock.bavarian.game import BavarianGame, BavarianState
from tarock.core.protocol import Deal

VARIANTS: dict[str, dict[str, Any]] = {
    "V1P": {"variant": "simple"},
    "V1F": {"variant": "simple", "simple_payment": "fixed"},
    "V1B": {"variant": "simple", "simple_bettel": True},
    "V2": {},
    "V3": {"variant": "scharfer"},
}
# V2 with every local custom switched on at once (V2H, V2S, V2B).
V2_CUSTOMS = {"haferl_herz_neischaugn": True, "haferl_self_raise": "any_winner",
              "haferl_berliner": True, "haferl_berliner_dealer_hearts": True}


def game(variant: str = "V2", **options: Any) -> BavarianGame:
    return BavarianGame({**VARIANTS[variant], **options})


def state(variant: str = "V2", seed: int = 1, dealer: int = 2, **options: Any) -> BavarianState:
    """A fresh hand; with the default dealer 2 of 3 seats, FH = 0, MH = 1, RH = 2."""
    return game(variant, **options).new_deal_state(seed, dealer)


def rigged(g: BavarianGame, hands: Mapping[int, str], talon: str, dealer: int = 2,
           fund: int | None = None) -> BavarianState:
    """A hand from explicit cards: ``hands`` maps seats to space-separated codes."""
    deck = g.deck
    masks = [deck.mask(hands[s].split()) if s in hands else 0 for s in range(g.num_seats)]
    deal = Deal(tuple(masks), tuple(deck.index(c) for c in talon.split()))
    envelope = {} if fund is None else {"fund": fund}
    return g.new_initial_state(deal, dealer, **envelope)


def act(st: BavarianState, *items: Mapping[str, Any] | str) -> BavarianState:
    """Apply actions in record form; a plain string is shorthand for a bid."""
    for item in items:
        data = {"type": "bid", "bid": item} if isinstance(item, str) else item
        st.apply(st.game.action_from_json(data))
    return st


def bid(word: str, target: int | None = None) -> dict[str, Any]:
    return {"type": "bid", "bid": word} if target is None else \
        {"type": "bid", "bid": word, "target": target}


def legal_json(st: BavarianState) -> list[dict[str, Any]]:
    return [st.game.action_to_json(a) for a in st.legal_actions()]


def play_rest(st: BavarianState, chooser: Callable[[BavarianState, Sequence[Any]], Any]
              | None = None, seed: int = 0) -> BavarianState:
    """Play to the end: ``chooser`` picks an action, else uniformly random legal actions."""
    rng = random.Random(seed)
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply(chooser(st, legal) if chooser else legal[rng.randrange(len(legal))])
    return st
