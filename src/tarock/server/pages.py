"""The browser's side of the server (*extensions*, see docs/server.md): the lobby and table
pages, their static files (ES modules and CSS shipped as package data, no build step), a game's
message catalogue, a finished deal step by step for the replay viewer, and the rule a refusal
names, from the rules guides.

The pages speak ``tarock-table/1`` like any other client; the only things they get beyond it
are words (catalogues and the ``present`` field of a view) and the replay of public records.
"""

from __future__ import annotations

from importlib import resources
from pathlib import PurePosixPath
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from tarock.core.errors import InvalidOptionError, TarockError
from tarock.core.guides import GUIDES, RULE_ID, Rule, find_rule, guide_rules
from tarock.core.presentation import DEFAULT_LANGUAGE, catalogue
from tarock.core.protocol import registered_games
from tarock.server.api import TableDep
from tarock.server.hub import HubError
from tarock.server.present import language, replay_steps

router = APIRouter()

WEB = resources.files("tarock.server") / "web"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
# The pages change with the package, not while it runs; revalidating keeps a page and its
# modules from being of two versions after an upgrade.
NO_STORE = {"Cache-Control": "no-cache"}


def _file(path: str) -> Response:
    parts = PurePosixPath(path).parts
    if not parts or any(p in ("..", "/") or p.startswith(".") for p in parts):
        raise HubError("not_found", f"no file {path!r}", 404)
    target = WEB.joinpath(*parts)
    kind = TYPES.get(PurePosixPath(path).suffix)
    if kind is None or not target.is_file():
        raise HubError("not_found", f"no file {path!r}", 404)
    return Response(target.read_bytes(), media_type=kind, headers=NO_STORE)


@router.get("/", response_class=HTMLResponse)
def lobby() -> Response:
    return _file("index.html")


@router.get("/table/{table_id}", response_class=HTMLResponse)
def table_page(table_id: str) -> Response:
    """The table; the page reads ``token`` (a seat) or ``join`` (an open seat) itself."""
    return _file("table.html")


@router.get("/static/{path:path}")
def static(path: str) -> Response:
    return _file(path)


@router.get("/api/games/{name}/catalogue")
def game_catalogue(name: str, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Every string of a game in ``lang``: card names, terms and the UI's words."""
    if name not in registered_games():
        raise HubError("unknown_game", f"unknown game {name!r}", 404)
    try:
        return catalogue(name, lang)
    except InvalidOptionError as error:  # a language the game has no words in
        raise HubError("bad_request", str(error)) from None


@router.get("/api/rules")
def rules(game: str, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """Every rule of a game's rules guide in order, in ``lang`` where the guide is written in
    it (else in English; each rule says its language), for the table page's rules reference,
    which searches them as ``tarock rules WORD`` does."""
    if game not in GUIDES:
        raise HubError("unknown_game", f"no rules guide for game {game!r}", 404)
    try:
        return [_rule_json(r) for r in guide_rules(game, lang)]
    except TarockError as error:  # installed without the checkout's guides
        raise HubError("not_found", str(error), 404) from None


@router.get("/api/rules/{rule_id}")
def rule(rule_id: str, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The rule of that ID from the game's rules guide, in ``lang`` where the guide is written
    in it (else in English), for the table page, where every refusal names its rule."""
    try:
        found = find_rule(rule_id, GUIDES, lang) if RULE_ID.fullmatch(rule_id) else None
    except TarockError as error:  # installed without the checkout's guides
        raise HubError("not_found", str(error), 404) from None
    if found is None:
        raise HubError("not_found", f"no rule {rule_id!r} in any rules guide", 404)
    return _rule_json(found)


def _rule_json(found: Rule) -> dict[str, Any]:
    return {"rule": found.rule_id, "game": found.guide, "section": found.section,
            "title": found.title, "text": found.text, "lang": found.lang}


@router.get("/api/tables/{table_id}/replay/{deal}")
def deal_replay(deal: int, live: TableDep, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A finished deal step by step, every hand open (its record is public once it is over)."""
    done = live.table.records()
    if not 0 <= deal < len(done):
        raise HubError("not_found", f"deal {deal} of table {live.id} is not finished", 404)
    try:
        return replay_steps(done[deal], language(lang, live.table) or DEFAULT_LANGUAGE)
    except TarockError as error:  # a record this version cannot replay
        raise HubError.from_engine(error, "internal") from None
