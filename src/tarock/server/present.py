"""The words a browser shows beside the protocol's data (*extensions*, see docs/server.md).

A browser knows a game only by its name, its catalogue and the JSON it receives, while the
game-specific parts of showing a deal (how a hand is sorted, who is known to be with whom, a
kontra's level, a result item by item) live in the game's presentation layer in Python. So a
client that asks for a language (``?lang=en`` on the WebSocket) gets them computed here from the
same observation the view carries, and never more than that observation: a hidden action is
told as the seats that did not see it perceive it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tarock.core.presentation import Presentation
from tarock.core.protocol import make_game
from tarock.core.records import initial_state, replay
from tarock.server.table import Prepared, Table


def language(lang: str | None, table: Table) -> str | None:
    """A language the table's game has words in, or None (no words wanted, or none we could
    give)."""
    return lang if lang in table.presentation().languages else None


def view_words(table: Table, seat: int | None, observation: Mapping[str, Any],
               legal: Sequence[Mapping[str, Any]], names: Sequence[str], lang: str
               ) -> dict[str, Any]:
    """A view's ``present`` field: the sorted hand, the table's facts and sides, the phase and
    status lines, a label per legal action (same order as ``legal``) and, for the seat to act,
    why each choice it may expect (each card in hand) is refused, in ``lang``, with the rule."""
    pres = table.presentation(lang)
    phase = observation.get("phase")
    refused = table.refusals(seat, dict(observation)) if legal else []
    return {
        "lang": lang,
        "hand": pres.sort_cards(observation.get("hand") or [], observation),
        "trump": pres.trump_suit(observation),
        "phase": pres.phase_name(str(phase)) if phase else "",
        "status": pres.status(observation, names),
        "facts": [[label, text] for label, text in pres.facts(observation, names)],
        "teams": {str(seat): side for seat, side in pres.teams(observation).items()},
        "legal": [pres.action_text(a, observation) for a in legal],
        "refused": [{**r, "text": pres.action_text(r["action"], observation),
                     "message": pres.refusal(r["message"], r["reason"])} for r in refused],
        "names": card_names(pres),
    }


def card_names(pres: Presentation) -> dict[str, list[str]]:
    """The cards whose names at this table differ from the catalogue's (an option may rename a
    card: the Hungarian red fours), as ``{code: [short, long, spoken]}``; usually empty."""
    names = {}
    for card in pres.game.deck.cards:
        code = card.code
        words = [pres.card_short(code), pres.card_long(code), pres.card_accessible(code)]
        if words[0] != pres.strings.get(f"card.{code}"):
            names[code] = words
    return names


def event_words(table: Table, prepared: Prepared, told: str, full: bool, lang: str) -> str:
    """An action in words as a seat perceived it: in full, or (``full`` false) only its visible
    part, where the catalogue words that part; else the engine's own text ``told`` of it, so
    that the words never say more than the seat was told."""
    pres = table.presentation(lang)
    data = prepared.entry.action
    if not full and f"action.{data.get('type', '')}.hidden" not in pres.strings:
        return told
    before = prepared.before.public_observation() if prepared.before is not None else None
    return pres.seen_text(data, full, before)


def result_words(pres: Presentation, result: Mapping[str, Any], names: Sequence[str]
                 ) -> dict[str, Any]:
    """A deal's result broken down item by item, as the presentation layer reads it."""
    return pres.result_breakdown(result, names)


def replay_steps(record: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """A finished deal step by step with every hand open: the record is public once the deal is
    over. The record is checked by :func:`tarock.core.records.replay` first; then each step holds
    the acting seat, the action (record form and words), every seat's observation after it and
    the hands sorted as players sort them."""
    final = replay(record)
    game = make_game(record["game"], record.get("options"))
    pres = game.presentation(lang)
    names = list(record["players"])
    state = initial_state(game, record, game.deal_from_json(record["deal"]))
    seats = range(game.num_seats)

    def snapshot(seat: int | None, action: Mapping[str, Any] | None, text: str
                 ) -> dict[str, Any]:
        observations = [state.observation(s) for s in seats]
        return {"seat": seat, "action": action, "text": text,
                "public": state.public_observation(), "observations": observations,
                "hands": [pres.sort_cards(o.get("hand") or [], o) for o in observations]}

    steps = [snapshot(None, None, "")]
    for item in record["actions"]:
        data = {k: v for k, v in item.items() if k != "seat"}
        text = pres.action_text(data, state.public_observation())
        state.apply(game.action_from_json(data))
        steps.append(snapshot(item["seat"], data, text))
    return {"game": game.name, "names": names, "steps": steps,
            "result": final.result(),
            "present": result_words(pres, final.result(), names)}
