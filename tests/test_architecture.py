"""The layering the README promises: the core imports no game and nothing above it; the
environments reach the games through the protocol and the registry only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "tarock"
GAMES = ("tarock.hungarian", "tarock.bavarian", "tarock.ottocento")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def modules(package: str) -> list[Path]:
    return sorted((SRC / package).glob("*.py"))


@pytest.mark.parametrize("path", modules("core"), ids=lambda p: p.name)
def test_the_core_imports_only_the_core(path):
    inside = {m for m in imported_modules(path) if m.startswith("tarock")}
    assert all(m.startswith("tarock.core") for m in inside), inside


@pytest.mark.parametrize("path", modules("env"), ids=lambda p: p.name)
def test_the_environments_import_no_game_internals(path):
    inside = {m for m in imported_modules(path) if m.startswith("tarock")}
    assert not {m for m in inside if m.startswith(GAMES)}, inside


@pytest.mark.parametrize("path", modules("server"), ids=lambda p: p.name)
def test_the_server_imports_no_game_internals(path):
    inside = {m for m in imported_modules(path) if m.startswith("tarock")}
    assert not {m for m in inside if m.startswith(GAMES)}, inside


@pytest.mark.parametrize("path", modules("cli"), ids=lambda p: p.name)
def test_the_cli_imports_no_game_internals(path):
    """Game-specific commands come through the registry (register_command), not imports."""
    inside = {m for m in imported_modules(path) if m.startswith("tarock")}
    assert not {m for m in inside if m.startswith(GAMES)}, inside


def test_games_register_their_own_commands():
    import tarock.games  # noqa: F401  (registers the games and their commands)
    from tarock.core.protocol import registered_commands

    assert registered_commands()["ottocento-count"].startswith("tarock.ottocento.")


@pytest.mark.parametrize("game", GAMES)
def test_a_games_presentation_imports_only_the_core(game):
    """A server can present a game from JSON alone, without the engine's internals."""
    path = SRC / game.split(".")[1] / "presentation.py"
    inside = {m for m in imported_modules(path) if m.startswith("tarock")}
    assert all(m.startswith("tarock.core") for m in inside), inside


@pytest.mark.parametrize("path", modules("players"), ids=lambda p: p.name)
def test_the_generic_players_import_no_game(path):
    """Game-specific strategy lives in each game's ``strategy`` package; the generic players
    reach it by module name only."""
    inside = {m for m in imported_modules(path) if m.startswith("tarock")}
    assert not {m for m in inside if m.startswith(GAMES)}, inside


def test_no_game_specific_modules_in_players():
    names = {p.stem for p in modules("players")}
    assert not {n for n in names if n.endswith(("_hungarian", "_bavarian", "_ottocento"))}, names
