"""The terminal table as a new user meets it: readable words only, a screen that fits 80×24,
the trump of the deal and the teams shown, and a reason when an expected choice is missing."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from cli_support import run
from rich.console import Console

import tarock.games  # noqa: F401  (registers the games)
from tarock.cli import render
from tarock.cli.app import missing_choice_hint
from tarock.core.protocol import Game, State, make_game

NAMES = ["You", "Search 1", "Search 2", "Search 3"]
MANY = "1\n1 2\n1 2 3\n" * 600
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def decisions(game: Game, deals: int) -> Iterator[tuple[State, int, list[Any]]]:
    """Every decision of some random deals: the state, the seat to act and its legal actions."""
    for seed in range(deals):
        state = game.new_deal_state(seed, seed % game.num_seats)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            yield state, state.current_player(), legal
            state.apply(rng.choice(legal))


def screen_lines(game: Game, state: State, seat: int, legal: list[Any], lang: str = "en"
                 ) -> list[str]:
    """The lines of the human's screen at a decision on an 80-column terminal, as it is drawn
    in ``lang``: three recent events, a hint, the choices and the prompt line."""
    pres = game.presentation(lang)
    obs = state.observation(seat)
    sets = render.card_set_choices(game, pres, legal, obs)
    if sets is not None:
        labels: list[Any] = [render.card_text(pres, c, obs) for c in sets[1]]
    else:
        labels = [pres.action_text(game.action_to_json(a), obs)
                  for a in render.choice_order(game, pres, legal, obs)]
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render.render_screen(pres, obs, NAMES, "Deal 1: your turn", labels,
                                       recent=["Search 1: pass"] * 3, hint="why " * 25,
                                       width=80))
    return console.export_text().splitlines()


@pytest.mark.parametrize(("name", "options"), [
    ("hungarian-tarokk", {}), ("bavarian-tarock", {}), ("bavarian-tarock", {"variant": "simple"}),
    ("ottocento", {}), ("ottocento", {"player_count": 2})])
def test_each_decision_fits_an_80x24_terminal(name: str, options: dict[str, Any]) -> None:
    """In each of the game's languages: a German or Italian word is often longer."""
    game = make_game(name, options)
    languages = game.presentation().languages
    for state, seat, legal in decisions(game, 12):
        lang = languages[len(legal) % len(languages)]
        lines = screen_lines(game, state, seat, legal, lang)
        assert len(lines) + 1 <= 24, "\n".join(lines)  # + the prompt line
        assert all(len(line) <= 80 for line in lines), (lang, lines)


@pytest.mark.parametrize(("name", "options"), [
    ("hungarian-tarokk", {"players": 5}), ("bavarian-tarock", {"variant": "simple"}),
    ("ottocento", {})])
def test_each_result_fits_an_80x24_terminal(name: str, options: dict[str, Any]) -> None:
    """The result, a rule above it, the score sheet's totals and the prompt below it."""
    game = make_game(name, options)
    languages = game.presentation().languages
    names = [*NAMES, "Search 4"][:game.num_seats]
    for seed in range(80):
        pres = game.presentation(languages[seed % len(languages)])
        state = game.new_deal_state(seed, seed % game.num_seats)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(render.render_result(pres, state.result(), names))
        lines = console.export_text().splitlines()
        assert len(lines) + 3 <= 24, "\n".join(lines)


@pytest.mark.parametrize(("game", "options"), [
    ("hungarian-tarokk", []), ("bavarian-tarock", []),
    ("bavarian-tarock", ["-o", "variant=simple"]), ("ottocento", []),
    ("ottocento", ["-o", "player_count=2"])])
def test_a_whole_deal_on_the_terminal_shows_no_codes(game: str, options: list[str]) -> None:
    """No card code (``T20``, ``EO``, ``ANGELO``), no snake_case name (``four_kings``,
    ``seq_grande``, ``set_aside``) and no Python list or dict reaches the screen."""
    result = run("play", "--game", game, *options, "--seed", "7", "--deals", "1",
                 "--level", "easy", input=MANY)
    assert result.exit_code == 0, result.output
    out = result.stdout
    codes = "|".join(sorted((re.escape(c.code) for c in make_game(game).deck.cards),
                            key=len, reverse=True))
    assert not re.search(rf"(?<![\w♥♦♣♠.-])(?:{codes})(?![\w])", out), out
    assert not SNAKE.search(out), SNAKE.search(out)
    assert not re.search(r"[\[{]\s*['\"\[{]|\d\]|\bTrue\b|\bFalse\b|\bNone\b", out)
    assert "Deal 1 is over" in out


def test_bavarian_shows_trump_contract_target_and_kitty() -> None:
    result = run("play", "--game", "bavarian-tarock", "--seed", "3", "--deals", "1",
                 "--level", "easy", input="2\n1 2 3\n4\n" + MANY)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Contract   Aufnehmer (pick-up game) · declarer You" in out
    assert "Trumps     Schellen" in out and "Kitty      300 in the kitty" in out
    hand = next(line for line in out.splitlines() if line.startswith("Schellen 5"))
    assert out.index(hand) < out.index("Gras 3", out.index(hand) - 300)


def test_ottocento_shows_teams_rubber_declarations_and_a_readable_result() -> None:
    result = run("play", "--game", "ottocento", "--seed", "11", "--deals", "1",
                 "--level", "easy", input=MANY)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Teams" in out and "(your team)" in out and "· to 800" in out
    assert "Declared" in out and "cricca of" in out
    assert "card points" in out and "rubber totals:" in out


def test_results_name_the_players() -> None:
    result = run("play", "--seed", "21", "--deals", "1", "--level", "easy", input=MANY)
    assert result.exit_code == 0, result.output
    assert "declarer: 0" not in result.stdout and "partner: 1" not in result.stdout
    assert re.search(r"· declarer (You|Cautious \d)", result.stdout)


def test_a_missing_pass_is_explained_with_its_rule() -> None:
    """Seed 8: after három and kettő the first bidder may not simply pass (HU-BID-13/14)."""
    game = make_game("hungarian-tarokk")
    state = game.new_deal_state(8, 0)
    rng = random.Random(8)
    while True:
        legal = state.legal_actions()
        forms = [game.action_to_json(a) for a in legal]
        if forms and forms[0]["type"] == "bid" and {"type": "bid", "bid": "passz"} not in forms:
            break
        state.apply(rng.choice(legal))
    seat = state.current_player()
    hint = missing_choice_hint(game, game.presentation(), state, state.observation(seat), legal)
    assert hint is not None and re.match(r"No passz \(pass\) here \(HU-BID-1[34]\): \w", hint)
    assert re.search(r"\(Type HU-BID-1[34] to read the rule\.\)$", hint), hint


def test_hungarian_rekontra_shows_as_rekontra() -> None:
    pres = make_game("hungarian-tarokk").presentation()
    obs = {"announcements": [
        {"seat": 1, "type": "kontra", "owner": "declarer", "item": "game"},
        {"seat": 0, "type": "kontra", "owner": "declarer", "item": "game"}],
        "kontra_levels": [{"owner": "declarer", "item": "game", "level": 2}]}
    facts = dict(pres.facts(obs, NAMES))
    assert facts["Announced"] == ("Search 1: kontra on the declarer's game; "
                                  "You: rekontra on the declarer's game")
    assert facts["Kontra"] == "rekontra on the declarer's game"


def test_the_hungarian_table_in_hungarian() -> None:
    result = run("play", "--seed", "5", "--deals", "1", "--lang", "hu", "--level", "easy",
                 input=MANY)
    assert result.exit_code == 0, result.output
    assert "Tarokkok" in result.stdout and "Választásaid" in result.stdout


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_end_of_a_four_deal_rubber_is_in_words(lang: str) -> None:
    """The session's summary at its end: the four-deal format in words, not the engine's."""
    result = run("play", "--game", "ottocento", "-o", "match_format=quattro_scartate",
                 "--seed", "7", "--level", "easy", "--lang", lang, input=MANY)
    assert result.exit_code == 0, result.output
    words = make_game("ottocento").presentation(lang).strings
    target = f"{words['summary.target']}: {words['option.match_format.quattro_scartate']}"
    assert target in result.stdout, result.stdout[-2000:]
    assert not SNAKE.search(result.stdout), SNAKE.search(result.stdout)


def test_a_game_in_its_own_language_and_not_in_one_it_has_no_words_in() -> None:
    result = run("play", "--game", "bavarian-tarock", "--seed", "5", "--deals", "1",
                 "--lang", "de", "--level", "easy", input=MANY)
    assert result.exit_code == 0, result.output
    assert "Trumpf" in result.stdout, result.stdout
    assert "Einsätze" in result.stdout and "stakes" not in result.stdout  # the sheet's rows
    assert "You ist dran" not in result.stdout  # the person's own turn is "Du bist dran"
    refused = run("play", "--seed", "5", "--lang", "de", input=MANY)
    assert refused.exit_code == 2
    assert "language 'de'" in refused.output and len(refused.output.splitlines()) == 1
