"""The presentation layer: every card, action, phase and result item of every game has words in
every catalogue, and no internal code reaches the text people read."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import tarock.games  # noqa: F401  (registers the games)
from tarock.core.errors import InvalidOptionError, TarockError
from tarock.core.presentation import LANGUAGES, catalogue, load_catalogue, package_languages
from tarock.core.protocol import Game, State, make_game, refusal

DEALS = 200
GAMES = ("hungarian-tarokk", "bavarian-tarock", "ottocento")  # not the test games of other tests
CONFIGS = [
    ("hungarian-tarokk", {}),
    ("hungarian-tarokk", {"players": 5, "pagat_catch_bonus": True, "red_fours": True,
                          "raise_after_uncontested_three": True}),
    ("hungarian-tarokk", {"renonsz_penalty": "minimum_ten"}),
    ("hungarian-tarokk", {"variant": "illusztralt"}),
    ("hungarian-tarokk", {"variant": "illusztralt", "players": 5, "hi_preset": "itvb_2019"}),
    ("hungarian-tarokk", {"house_rules": "online_app"}),
    ("bavarian-tarock", {"variant": "simple"}),
    ("bavarian-tarock", {"variant": "simple", "simple_bettel": True}),
    ("bavarian-tarock", {"variant": "haferl", "haferl_self_raise": "any_winner", "seats": 4}),
    ("bavarian-tarock", {"variant": "scharfer"}),
    ("ottocento", {}),
    ("ottocento", {"player_count": 2}),
    ("ottocento", {"match_format": "quattro_scartate", "early_claims": "any_declaration",
                   "deck_faces": "substitute_tarot"}),
]
NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve"]
RAW = re.compile(r"[{}\[\]]|\b[a-z]+_[a-z_]+\b")


def raw_codes(game: Game) -> re.Pattern[str]:
    """Card codes as whole words: ``T20``, ``HK``, ``ANGELO``..."""
    codes = "|".join(sorted((re.escape(c.code) for c in game.deck.cards), key=len, reverse=True))
    return re.compile(rf"(?<![\w♥♦♣♠])(?:{codes})(?!\w)")


def random_deals(game: Game, deals: int) -> Iterator[tuple[State, int, Any]]:
    """Every decision of ``deals`` random deals: the state, the seat to act and its choice."""
    for seed in range(deals):
        state = game.new_deal_state(seed, seed % game.num_seats)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            action = rng.choice(state.legal_actions())
            yield state, seat, action
            state.apply(action)
        yield state, -1, None


def shown_texts(game: Game, lang: str) -> Iterator[tuple[str, str]]:
    """Everything a table shows of many random deals: actions, facts, teams, results."""
    pres = game.presentation(lang)
    done: set[str] = set()
    for state, seat, action in random_deals(game, DEALS):
        if action is None:
            breakdown = pres.result_breakdown(state.result(), NAMES)
            yield "outcome", breakdown["outcome"]
            for row in breakdown["rows"]:
                yield "result row", " ".join([row["label"], *row.get("details", [])])
            for line in [*breakdown["notes"], *breakdown["columns"]]:
                yield "result note", line
            continue
        data = game.action_to_json(action)
        key = json.dumps(data, sort_keys=True)
        obs = state.observation(seat)
        if key not in done:
            done.add(key)
            yield "action", pres.action_text(data, obs)
            if f"action.{data['type']}.hidden" in pres.strings:
                yield "hidden action", pres.hidden_action_text(data)
        if random.Random(key).random() < 0.2:
            yield "status", pres.status(obs, NAMES)
            for label, text in pres.facts(obs, NAMES):
                yield "fact", f"{label}: {text}"
            yield "teams", " ".join(pres.teams(obs).values())
            yield "hand", " ".join(pres.card_short(c) for c in pres.sort_cards(obs["hand"], obs))
    assert not pres.missing, f"{game.name}/{lang} catalogue lacks {sorted(pres.missing)}"


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda v: str(v))
def test_everything_a_table_shows_has_words(name: str, options: Mapping[str, Any]) -> None:
    game = make_game(name, options)
    codes = raw_codes(game)
    for what, text in shown_texts(game, "en"):
        assert not RAW.search(text), f"{what}: {text!r}"
        assert not codes.search(text), f"{what}: {text!r}"


@pytest.mark.parametrize("name", GAMES)
def test_every_card_has_names_in_every_catalogue(name: str) -> None:
    game = make_game(name)
    for lang in game.presentation().languages:
        pres = game.presentation(lang)
        own = load_catalogue(pres.package, lang)
        for card in game.deck.cards:
            for suffix in ("", ".long", ".spoken"):
                assert f"card.{card.code}{suffix}" in own, (lang, card.code, suffix)
        assert {f"suit.{c.suit}" for c in game.deck.cards} <= set(own), lang


REFUSAL_CONFIGS = [*CONFIGS,
                   ("hungarian-tarokk", {"cue_bid_binding_only_if_other_declarer": True}),
                   ("bavarian-tarock", {"must_beat": True})]


def refusals_met(game: Game, deals: int) -> Iterator[TarockError]:
    """The engine's refusal of every choice a person expects and is not offered (a card in
    hand, a pass) at every decision of random deals: what a table explains to a person (a card
    that does not follow too where the engine would accept it as a revoke, to penalise it)."""
    pres = game.presentation()
    for state, seat, action in random_deals(game, deals):
        if action is None:
            continue
        obs = state.observation(seat)
        offered = [game.action_to_json(a) for a in state.legal_actions()]
        for form in pres.expected_choices(obs):
            if form not in offered:
                refused = refusal(state, game.action_from_json(form))
                assert refused is not None, f"{form} is neither offered nor refused"
                yield refused


def own_words(package: str, lang: str) -> dict[str, str]:
    """A language's own strings for a game (core and the game's package), no fallback."""
    return {**load_catalogue("tarock.core", lang), **load_catalogue(package, lang)}


@pytest.mark.parametrize(("name", "options"), REFUSAL_CONFIGS, ids=lambda v: str(v))
def test_every_refusal_a_person_meets_has_words_in_every_language(
        name: str, options: Mapping[str, Any]) -> None:
    game = make_game(name, options)
    package = game.presentation().package
    english = own_words(package, "en")
    shown = {lang: (game.presentation(lang), own_words(package, lang))
             for lang in game.presentation().languages}
    for error in refusals_met(game, DEALS):
        assert error.reason is not None, f"{error} has no catalogue key"
        key = f"refusal.{error.reason}"
        assert english[key] in error.message  # the English words say what the engine says
        for lang, (pres, words) in shown.items():
            assert key in words, (lang, key)
            assert pres.refusal(error.message, error.reason) == words[key]


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_in_a_catalogue_is_met(name: str) -> None:
    """No dead strings: each of a game's refusal keys is met in the random deals above."""
    package = make_game(name).presentation().package
    keys = {k for k in own_words(package, "en") if k.startswith("refusal.")}
    met = {f"refusal.{error.reason}" for config, options in REFUSAL_CONFIGS if config == name
           for error in refusals_met(make_game(config, options), DEALS)}
    assert met == keys


def test_a_refusal_without_words_is_the_engines_and_noted() -> None:
    pres = make_game("bavarian-tarock").presentation("hu")
    assert pres.refusal("must follow suit", None) == "must follow suit"
    assert not pres.missing
    assert pres.refusal("a new refusal", "no_such_reason") == "a new refusal"
    assert pres.missing == {"refusal.no_such_reason"}
    assert pres.refusal("must follow suit", "follow_suit") == "színt kell adni"


PLACEHOLDER = re.compile(r"\{(\w*)\}")
PACKAGES = {"tarock.core": None, "tarock.hungarian": "hungarian-tarokk",
            "tarock.bavarian": "bavarian-tarock", "tarock.ottocento": "ottocento"}


def test_the_ui_has_words_in_every_language_and_each_game_in_its_own() -> None:
    assert package_languages("tarock.core") == LANGUAGES
    assert {name: make_game(name).presentation().languages for name in GAMES} == {
        "hungarian-tarokk": ("en", "hu"), "bavarian-tarock": ("en", "hu", "de"),
        "ottocento": ("en", "hu", "it")}


@pytest.mark.parametrize("package", PACKAGES)
def test_every_catalogue_is_complete(package: str) -> None:
    """A catalogue words everything the English one words, and a game's catalogue its title
    and its every option too, whose English words are the engine's own: a table shown in a
    language never falls back to English for a word. Each text has the English one's fields
    and is empty only where the English one is, and what a catalogue holds for the program (a
    suit's colour) is the English one's."""
    english = dict(load_catalogue(package, "en"))
    if PACKAGES[package] is not None:
        game = make_game(PACKAGES[package])
        english |= {"game.title": game.title,
                    **{f"option.{spec.key}": spec.description for spec in game.option_specs}}
    for lang in package_languages(package)[1:]:
        words = load_catalogue(package, lang)
        assert set(words) == set(english), (lang, set(words) ^ set(english))
        for key, text in words.items():
            assert sorted(PLACEHOLDER.findall(text)) == sorted(
                PLACEHOLDER.findall(english[key])), (lang, key, text)
            assert text.strip() or not english[key], (lang, key)  # "": words left out
            if key.startswith("colour."):
                assert text == english[key], (lang, key)


@pytest.mark.parametrize("name", GAMES)
def test_a_games_title_and_options_in_english_are_the_engines_and_in_its_languages_its_own(
        name: str) -> None:
    game = make_game(name)
    words = game.presentation("en").strings
    engine = {"game.title", *(f"option.{spec.key}" for spec in game.option_specs)}
    assert words["game.title"] == game.title
    assert all(words[f"option.{spec.key}"] == spec.description for spec in game.option_specs)
    for lang in game.presentation().languages[1:]:
        own = own_words(game.presentation().package, lang)
        assert [key for key in engine if own[key] == words[key]] == (
            ["game.title"] if name == "ottocento" else []), lang  # the same name in each


def test_a_game_is_not_shown_in_a_language_it_has_no_words_in() -> None:
    with pytest.raises(InvalidOptionError, match="en or hu"):
        make_game("hungarian-tarokk").presentation("de")
    with pytest.raises(InvalidOptionError):
        make_game("bavarian-tarock").presentation("xx")
    assert catalogue("ottocento", "it")["languages"] == ["en", "hu", "it"]


def value_text(value: Any) -> str:
    """An option's value as the lobby names it in a catalogue key: its JSON text."""
    return value if isinstance(value, str) else json.dumps(value)


@pytest.mark.parametrize("name", GAMES)
def test_every_options_values_have_words_and_no_value_words_are_dead(name: str) -> None:
    """A lobby shows each value of an option to choose from in words, in every language of
    the game (a number as itself); the words of a value name a value the option has."""
    game = make_game(name)
    values = {f"option.{s.key}.{value_text(v)}": isinstance(v, int) and not isinstance(v, bool)
              for s in game.option_specs if s.kind in ("choice", "subset") for v in s.choices}
    for lang in game.presentation().languages:
        words = own_words(game.presentation().package, lang)
        named = {key for key in words if key.startswith("option.") and key.count(".") == 2}
        assert named <= set(values), named - set(values)
        assert {key for key, number in values.items() if not number} <= named, (
            lang, {key for key, number in values.items() if not number} - named)


def test_a_sessions_summary_in_words() -> None:
    game = make_game("ottocento", {"match_format": "quattro_scartate"})
    for lang in game.presentation().languages:
        pres = game.presentation(lang)
        assert pres.summary_text("target", "quattro_scartate") == pres.strings[
            "option.match_format.quattro_scartate"]
        assert pres.summary_text("winner", "draw") == pres.strings["ui.draw"]
        assert pres.summary_text("target", 1000) == "1000"
        assert pres.summary_text("over", True) == pres.strings["ui.yes"]
        assert not pres.missing, (lang, pres.missing)


def test_a_score_sheets_rows_in_words() -> None:
    """A deal's row is its number; the other rows of a Bavarian match (the stakes paid in, the
    fund shared out at its end) have words in every language of the game."""
    game = make_game("bavarian-tarock")
    for lang in game.presentation().languages:
        pres = game.presentation(lang)
        assert pres.sheet_label("12") == "12"
        assert pres.sheet_label("stakes") == pres.strings["sheet.stakes"]
        assert pres.sheet_label("split") == pres.strings["sheet.split"]
        assert not pres.missing, (lang, pres.missing)


def test_hungarian_words() -> None:
    pres = make_game("hungarian-tarokk").presentation("hu")
    assert [pres.card_short(c) for c in ("T1", "T20", "T21", "T22", "HK", "CQ")] == [
        "pagát", "XX", "XXI", "skíz", "♥K", "♣D"]
    assert pres.card_long("HK") == "kőr király"
    assert pres.action_text({"type": "kontra", "owner": "declarer", "item": "ultimo"},
                            {"kontra_levels": [{"owner": "declarer", "item": "ultimo",
                                                "level": 1}]}) == (
        "rekontra: pagátultimó (felvevő csapata)")
    english = make_game("hungarian-tarokk").presentation("en")
    assert english.card_accessible("HK") == "king of hearts"
    assert english.action_text({"type": "call", "card": "T20"}) == "call XX"


def test_hungarian_teams_show_only_what_the_seat_knows() -> None:
    pres = make_game("hungarian-tarokk").presentation("en")
    obs = {"seat": 1, "active": [0, 1, 2, 3], "declarer": 0, "called": "T20",
           "my_team": "opponents", "public_side": {"0": "d", "1": "unknown", "2": "unknown",
                                                   "3": "unknown"}}
    assert pres.teams(obs) == {0: "declarer", 1: "opponent", 2: "?", 3: "?"}
    assert pres.teams({**obs, "partner": 3}) == {0: "declarer", 1: "opponent", 2: "opponent",
                                                 3: "partner"}
    assert pres.sides({**obs, "partner": None}) == {0: "declarer", 1: "o", 2: "o", 3: "o"}


def test_bavarian_hand_sorts_the_trump_of_the_deal_first() -> None:
    pres = make_game("bavarian-tarock").presentation("en")
    hand = ["EA", "HK", "S6", "H10", "GO"]
    assert pres.sort_cards(hand, {"trump": "S"}) == ["S6", "EA", "GO", "H10", "HK"]
    assert pres.sort_cards(hand, {"trump": "H"})[:2] == ["H10", "HK"]
    facts = dict(pres.facts({"declarer": 1, "contract": "hand", "target": 71, "trump": "H",
                             "fund": 300, "talon": ["EA", "G6", "S7"], "active": [0, 1, 2]},
                            NAMES))
    assert facts["Trumps"] == "Herz" and "71" in facts["Contract"] and "300" in facts["Kitty"]
    assert facts["Talon"] == "Ei A Gr 6 Sch 7"


def test_ottocento_names_and_signals() -> None:
    pres = make_game("ottocento").presentation("en")
    assert [pres.card_short(c) for c in ("ANGELO", "M1", "BAG", "MATTO", "T16")] == [
        "Angelo", "Moro 1", "Bagatto", "Matto", "XVI"]
    assert pres.action_text({"type": "play", "card": "SOLE", "signal": "busso"}) == (
        "Sole with busso (knock)")
    assert pres.card_accessible("CK") == "king of cups"
    substitute = make_game("ottocento", {"deck_faces": "substitute_tarot"}).presentation("en")
    assert [substitute.card_short(c) for c in ("ANGELO", "T16", "M2", "BAG", "CK")] == [
        "XX", "XVII", "IIII", "I", "Co R"]
    assert substitute.card_long("ANGELO") == "XX (Angelo)"


@pytest.mark.parametrize("name", GAMES)
def test_the_catalogue_is_json_for_a_browser(name: str) -> None:
    for lang in make_game(name).presentation().languages:
        data = catalogue(name, lang)
        assert json.loads(json.dumps(data)) == data
        assert data["lang"] == lang and data["strings"]["ui.choices"]
        assert all(card["key"] in data["strings"] for card in data["cards"])
        assert data["suits"][0] == "T"
