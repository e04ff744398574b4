"""The compiled engine modules (tarock.core.native): used when built and current, never when
their sources changed, and the plain sources behave exactly like the recorded engine."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import tarock
from tarock.core import native

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(os.environ.get("TAROCK_REQUIRE_NATIVE") != "1",
                    reason="no C compiler here: the engine runs from its sources")
def test_with_a_c_compiler_the_engine_runs_compiled():
    assert tarock.NATIVE == "compiled"
    for name in native.NATIVE_MODULES:
        assert native.is_compiled(importlib.import_module(name)), name


def test_the_sources_play_exactly_like_the_recorded_engine():
    """TAROCK_PURE=1 imports every engine module from its .py, and the golden deals come out
    the same as recorded (the main run checks the compiled modules against the same record)."""
    code = f"""
import importlib, json, sys
sys.path.insert(0, {str(ROOT / "tests" / "hungarian")!r})
import tarock
from tarock.core import native
import test_engine_golden as golden
assert tarock.NATIVE == "source (TAROCK_PURE)", tarock.NATIVE
for name in native.NATIVE_MODULES:
    assert not native.is_compiled(importlib.import_module(name)), name
cases = golden.load_fixture()
for index in range(10):
    assert golden.set_digest(cases[index]["options"]) == cases[index]["digest"], index
print("ok")
"""
    env = {**os.environ, "TAROCK_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=ROOT, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]


DIGEST_CODE = """
import hashlib, json, random, sys
import tarock
from tarock.games import make_game

def digest(name, options, deals):
    game = make_game(name, options)
    h = hashlib.sha256()
    for seed in range(deals):
        rng = random.Random(seed)
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            h.update(repr((p, legal)).encode())
            h.update(json.dumps(state.observation(p), sort_keys=True, default=str).encode())
            action = legal[rng.randrange(len(legal))]
            h.update(repr(state.describe_all(p, action)).encode())
            state.apply(action)
            if rng.random() < 0.1:
                state = state.clone()
        h.update(json.dumps(state.result(), sort_keys=True, default=str).encode())
    return h.hexdigest()

def strategy_digest(options, deals):
    # Ottocento's compiled strategy: every heuristic choice, and at each card a world drawn by
    # the card-play sampler from a seeded generator
    from tarock.ottocento.strategy.sampler import OttocentoSampler
    from tarock.players import make_player
    game = make_game("ottocento", options)
    players = [make_player("heuristic", seat) for seat in range(game.num_seats)]
    h = hashlib.sha256()
    for seed in range(deals):
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        while not state.is_terminal():
            p = state.current_player()
            obs = state.observation(p)
            action = players[p].act(game, obs, state.legal_actions())
            h.update(repr((p, action)).encode())
            if obs["phase"] == "play":
                world = OttocentoSampler(obs).sample(random.Random(seed))
                h.update(repr(world).encode())
            state.apply(action)
    return h.hexdigest()

TABLES = [("hungarian-tarokk", {}), ("hungarian-tarokk", {"players": 5}),
          ("bavarian-tarock", {}), ("bavarian-tarock", {"variant": "simple"}),
          ("ottocento", {}), ("ottocento", {"players": 2})]
print(json.dumps([tarock.NATIVE, [digest(n, o, 25) for n, o in TABLES]
                  + [strategy_digest(o, 10) for o in ({}, {"players": 2})]]))
"""


def _digests(pure: bool) -> tuple[str, list[str]]:
    env = {**os.environ, "TAROCK_PURE": "1" if pure else "0"}
    out = subprocess.run([sys.executable, "-c", DIGEST_CODE], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True)
    mode, digests = json.loads(out.stdout)
    return mode, digests


def test_the_compiled_engines_play_every_game_as_their_sources():
    """Differential test of the compiled modules against their sources, the reference: random
    deals of every game and table give the same legal lists, observations, descriptions and
    results either way, and Ottocento's heuristic and card-play sampler the same choices and
    worlds."""
    compiled_mode, compiled = _digests(pure=False)
    pure_mode, pure = _digests(pure=True)
    assert pure_mode == "source (TAROCK_PURE)"
    if os.environ.get("TAROCK_REQUIRE_NATIVE") == "1":
        assert compiled_mode == "compiled"
    assert compiled == pure


def test_a_build_older_than_its_sources_is_not_used(tmp_path, monkeypatch):
    manifest = tmp_path / "native_build.json"
    digests = {m: native.source_digest(m) for m in native.NATIVE_MODULES}
    manifest.write_text(json.dumps(digests))
    assert native.stale_modules(manifest) == []
    edited = native.NATIVE_MODULES[2]
    manifest.write_text(json.dumps({**digests, edited: "0" * 64}))
    assert native.stale_modules(manifest) == [edited]
    monkeypatch.delenv("TAROCK_PURE", raising=False)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))  # the guard's finder goes away
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert native.install_guard(manifest) == "source (stale build)"
    assert any(issubclass(w.category, native.NativeBuildWarning) and edited in str(w.message)
               for w in caught)
    finder = sys.meta_path[0]
    spec = finder.find_spec(edited, None)
    assert spec is not None and spec.origin == str(native.source_path(edited))
    assert finder.find_spec("tarock.core.records", None) is None  # only the compiled modules


def test_without_a_build_the_sources_are_used(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    assert native.install_guard(tmp_path / "none.json") == "source (not compiled)"
    assert native.stale_modules(tmp_path / "none.json") == []


def test_compiled_values_survive_pickling_and_deep_copies():
    """Games and states travel to worker processes and are deep-copied by OpenSpiel; the
    compiled classes are made only through __init__, so they say how to rebuild themselves."""
    import copy
    import pickle

    from tarock.games import make_game

    for name in ("hungarian-tarokk", "bavarian-tarock", "ottocento"):
        game = make_game(name)
        state = game.new_deal_state(7)
        for _ in range(12):
            legal = state.legal_actions()
            state.apply(legal[len(legal) // 2])
        for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert twin.legal_actions() == state.legal_actions()
            assert twin.observation(1) == state.observation(1)
            assert twin.game.deck.cards == game.deck.cards
