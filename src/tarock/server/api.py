"""The HTTP routes of ``tarock-table/1`` (and the project's extensions, see docs/server.md)."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, Response

from tarock import __version__
from tarock.core.options import OptionSpec
from tarock.core.protocol import make_game, registered_games
from tarock.server.hub import Hub, HubError, LiveTable, game_with
from tarock.server.schemas import JoinIn, OptionsIn, TableIn

router = APIRouter(prefix="/api")


def get_hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(get_hub)]


async def get_table(table_id: str, hub: HubDep) -> LiveTable:
    return await hub.get(table_id)


TableDep = Annotated[LiveTable, Depends(get_table)]


@router.get("/health")
def health() -> dict[str, str]:
    return {"status": "ok", "version": __version__}


@router.get("/games")
def games() -> list[dict[str, Any]]:
    out = []
    for name in registered_games():
        game = make_game(name)
        counts = next((list(s.choices) for s in game.option_specs
                       if s.key == "players"), [game.num_seats])
        out.append({"name": name, "title": game.title, "players": sorted(counts),
                    "options": [_option_json(s) for s in game.option_specs],
                    "languages": list(game.presentation().languages)})
    return out


@router.post("/games/{name}/options")
def game_options(name: str, body: OptionsIn) -> dict[str, Any]:
    """*Extension*: every option a table of the game plays with when ``options`` are set and
    the rest are left to the engine: a preset's values (``house_rules``, ``hi_preset``) and
    the defaults filled in as a new table fills them, so that a lobby can show them before
    the table is made, and send only what the person set."""
    return {"options": game_with(name, body.options, unknown_status=404).options_to_json()}


def _option_json(spec: OptionSpec) -> dict[str, Any]:
    if spec.kind == "bool":
        allowed: Any = [True, False]
    elif spec.kind == "int_min":
        allowed = {"min": spec.choices[0]}
    else:
        allowed = list(spec.choices)
    return {"key": spec.key, "type": spec.kind, "default": spec.to_json(spec.default),
            "allowed": allowed, "rule": spec.rule or None, "description": spec.description,
            "leading": spec.leading}


def _page(hub: Hub, table_id: str, token: str | None = None) -> str:
    return f"{hub.base_url}/table/{table_id}" + (f"?token={token}" if token else "")


@router.post("/tables", status_code=201)
async def create_table(body: TableIn, hub: HubDep) -> dict[str, Any]:
    live, tokens = await hub.create(
        body.game, body.options, [p.model_dump() for p in body.players], body.deals,
        body.turn_seconds, body.takeover_seconds, body.seed)
    seats = []
    for s in live.seats:
        seat: dict[str, Any] = {"seat": s.seat, "name": s.name, "kind": s.kind}
        if s.kind == "bot":
            seat["level"] = s.level
        elif s.seat in tokens:
            seat["token"] = tokens[s.seat]
            seat["url"] = _page(hub, live.id, tokens[s.seat])
        else:
            seat["open"] = True
            seat["url"] = f"{_page(hub, live.id)}?join={s.seat}"
        seats.append(seat)
    return {"table": live.id, "seats": seats, "spectate": _page(hub, live.id)}


Status = Literal["waiting", "playing", "finished"]


@router.get("/tables")
async def list_tables(hub: HubDep, status: Annotated[list[Status] | None, Query()] = None
                      ) -> list[dict[str, Any]]:
    """Every table, or (extension) those of the ``status`` values given: the lobby asks for
    the tables in play only, which leaves the finished ones in the database."""
    return await hub.listing(set(status) if status else None)


@router.post("/tables/{table_id}/join")
async def join(body: JoinIn, live: TableDep,
               hub: HubDep) -> dict[str, Any]:
    seat, token = await hub.join(live, body.name, body.seat)
    return {"seat": seat, "token": token, "url": _page(hub, live.id, token)}


@router.get("/tables/{table_id}")
async def table_info(live: TableDep, hub: HubDep) -> dict[str, Any]:
    """Read on the event loop, where tables change, so that the fields are of one moment
    (a worker thread could read a status of after an action beside a seq of before it)."""
    table = live.table
    return {"table": live.id, "game": live.spec.game, "title": table.game.title,
            "options": table.game.options_to_json(), "seats": hub.seats_view(live),
            "status": live.status, "seq": table.seq, "deal": table.deal,
            "deals": live.spec.deals, "turn_seconds": live.spec.turn_seconds,
            "takeover_seconds": live.spec.takeover_seconds,
            "scores": table.score_sheet(), "summary": table.summary()}


@router.get("/tables/{table_id}/records")
def records(live: TableDep) -> Response:
    body = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in live.table.records())
    return Response(body, media_type="application/x-ndjson")


@router.get("/tables/{table_id}/records/{deal}")
def record(deal: int, live: TableDep) -> JSONResponse:
    done = live.table.records()
    if not 0 <= deal < len(done):
        raise HubError("not_found", f"deal {deal} of table {live.id} is not finished", 404)
    return JSONResponse(done[deal])
