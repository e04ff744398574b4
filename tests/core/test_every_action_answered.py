"""Any action at any moment of any game gets a typed answer: the rules allow it, or the engine
refuses it with a TarockError naming its rule (never another exception: an assertion once
failed where an Illusztrált bound card was refused on lead). Asked of random decisions of
random deals, with actions from the game's whole action space."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import tarock.games  # noqa: F401  (registers the games)
from tarock.core.errors import TarockError
from tarock.core.protocol import make_game, refusal

CONFIGS = [
    ("hungarian-tarokk", {}),
    ("hungarian-tarokk", {"players": 5, "pagat_catch_bonus": True}),
    ("hungarian-tarokk", {"variant": "illusztralt"}),
    ("hungarian-tarokk", {"variant": "illusztralt", "players": 5, "hi_preset": "itvb_2019"}),
    ("hungarian-tarokk", {"house_rules": "online_app"}),
    ("hungarian-tarokk", {"cue_bid_binding_only_if_other_declarer": True,
                          "renonsz_penalty": "minimum_ten", "pajesz_tarokk_count_rules": True}),
    ("bavarian-tarock", {"variant": "simple", "simple_bettel": True}),
    ("bavarian-tarock", {"variant": "haferl", "seats": 4, "must_beat": True}),
    ("bavarian-tarock", {"variant": "scharfer"}),
    ("ottocento", {}),
    ("ottocento", {"players": 2}),
]
DEALS = 12
ASKED = 24  # actions asked at each decision besides the legal ones


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda v: str(v))
def test_every_action_is_allowed_or_refused_by_a_rule(name: str, options: dict[str, Any]
                                                       ) -> None:
    game = make_game(name, options)
    space = list(game.action_encoding().single)
    refused = 0
    for seed in range(DEALS):
        rng = random.Random(seed)
        state = game.new_deal_state(seed, seed % game.num_seats)
        while not state.is_terminal():
            legal = state.legal_actions()
            for action in {*legal, *rng.sample(space, min(ASKED, len(space)))}:
                error = refusal(state, action)
                if action in legal:
                    assert error is None, (action, error)
                else:
                    assert error is not None and error.rule, (state.action_to_string(action)
                                                              if error else action)
                    refused += 1
            refused += sum(1 for _ in card_sets_answered(game, state, legal, rng))
            state.apply(rng.choice(legal))
    assert refused


def card_sets_answered(game: Any, state: Any, legal: list[Any], rng: random.Random
                       ) -> Iterator[TarockError]:
    """Actions of several cards (a discard, a declaration, a set aside) are spelled in more
    than one token of the space: random sets of the pack's cards, of any size, in the record
    form of a legal one, are refused by a rule where they are not legal (a record form the
    game cannot read is refused when it is read, by a typed error too)."""
    codes = [card.code for card in game.deck.cards]
    forms = [game.action_to_json(a) for a in legal]
    for form in [f for f in forms if isinstance(f.get("cards"), list)][:1]:
        for _ in range(ASKED // 3):
            cards = rng.sample(codes, rng.randint(0, len(form["cards"]) + 1))
            try:
                action = game.action_from_json({**form, "cards": cards})
            except TarockError as error:
                assert error.rule or error.expected, error
                continue
            error = refusal(state, action)
            if action in legal:
                assert error is None, (cards, error)
            else:
                assert error is not None and error.rule, cards
                yield error
