"""The Hungarian engine against a golden record of its own behaviour, for speed work.

The engine's hot paths (the announcement phase above all) are rewritten for speed from time to
time. Each such rewrite must keep behaviour exactly: the same legal actions in the same order at
every decision, the same observations, the same results. This test plays seeded random deals
under many rule-option sets (the defaults with four and five players, Illusztrált and its
tournament preset, the online-app house rules, and random draws from every option's values),
cloning the state along the way, and compares a SHA-256 of everything seen with the digests in
``data/engine_golden.json``, which were made by the engine before the rewrite.

A change of the rules (not of speed) changes the digests on purpose; then regenerate the file
with ``python tests/hungarian/test_engine_golden.py`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tarock.core.errors import InvalidOptionError
from tarock.games import make_game
from tarock.hungarian.options import SPECS

FIXTURE = Path(__file__).parent / "data" / "engine_golden.json"
DEALS_PER_SET = 12
RANDOM_SETS = 60
FIXED_SETS: list[dict[str, Any]] = [
    {"players": 4}, {"players": 5}, {"variant": "illusztralt"},
    {"variant": "illusztralt", "hi_preset": "itvb_2019"},
    {"variant": "illusztralt", "sas_bonuses": "off", "ulti_uhu_same_card": "partner_upgrade",
     "bird_attribution": "bte", "count_required_items": "pagat_sas_kiraly"},
    {"house_rules": "online_app"}, {"house_rules": "online_app", "players": 5},
]


def random_option_sets(count: int) -> list[dict[str, Any]]:
    """Valid option sets, each key drawn from its values with probability one half."""
    rng = random.Random(2026)
    out: list[dict[str, Any]] = []
    while len(out) < count:
        opts: dict[str, Any] = {}
        for spec in SPECS:
            if rng.random() >= 0.5:
                continue
            if spec.kind == "subset":
                opts[spec.key] = [c for c in spec.choices if rng.random() < 0.5]
            elif spec.kind == "bool":
                opts[spec.key] = rng.random() < 0.5
            elif spec.choices:
                opts[spec.key] = spec.to_json(rng.choice(spec.choices))
        try:
            make_game("hungarian-tarokk", opts)
        except InvalidOptionError:
            continue
        out.append(opts)
    return out


def deal_digest(options: dict[str, Any], seed: int,
                reorder: Callable[[list[Any]], list[Any]] = list) -> str:
    """Play one seeded random deal and hash every legal list (as ``reorder`` gives it; the
    engine's order by default), observation and the result.

    The auction passes only now and then, so that most deals are played out; every seventh
    decision continues on a clone, so that clones are checked too."""
    game = make_game("hungarian-tarokk", options)
    rng = random.Random(seed)
    state = game.new_deal_state(seed, dealer=seed % game.num_seats)
    h = hashlib.sha256()
    n = 0
    while not state.is_terminal():
        p = state.current_player()
        legal = reorder(state.legal_actions())
        h.update(repr((p, legal)).encode())
        h.update(json.dumps(state.observation(p), sort_keys=True, default=str).encode())
        bids = [a for a in legal if a.kind == "bid" and a.arg != 0]
        action = (rng.choice(bids) if bids and rng.random() < 0.7
                  else legal[rng.randrange(len(legal))])
        h.update(repr(state.describe_for((p + 1) % game.num_seats, p, action)).encode())
        state.apply(action)
        n += 1
        if n % 7 == 0:
            state = state.clone()
    h.update(json.dumps(state.result(), sort_keys=True, default=str).encode())
    h.update(json.dumps(state.public_observation(), sort_keys=True, default=str).encode())
    return h.hexdigest()


def all_sets() -> list[dict[str, Any]]:
    return FIXED_SETS + random_option_sets(RANDOM_SETS)


def set_digest(options: dict[str, Any],
               reorder: Callable[[list[Any]], list[Any]] = list) -> str:
    h = hashlib.sha256()
    for seed in range(DEALS_PER_SET):
        h.update(deal_digest(options, seed, reorder).encode())
    return h.hexdigest()


def load_fixture() -> list[dict[str, Any]]:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("index", range(len(FIXED_SETS) + RANDOM_SETS))
def test_the_engine_plays_exactly_as_recorded(index):
    case = load_fixture()[index]
    assert case["options"] == all_sets()[index]
    assert set_digest(case["options"]) == case["digest"], case["options"]


def test_the_digest_sees_a_changed_legal_order():
    """The test can fail: the same legal actions in another order change the digest."""
    case = load_fixture()[0]
    assert set_digest(case["options"], lambda legal: legal[::-1]) != case["digest"]


if __name__ == "__main__":
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps([{"options": o, "digest": set_digest(o)} for o in all_sets()],
                                  indent=1) + "\n")
