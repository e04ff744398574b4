"""The browser's extensions of the server (docs/server.md): the pages and their static files, a
game's catalogue, the words of a view in a language (``?lang=``) with the engine's refusal of
each card that may not be played, and a finished deal's replay with every hand open."""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_support import TIMEOUT, Server, Ws
from websockets.sync.client import connect

from tarock.core.guides import GUIDES, find_rule, guide_rules
from tarock.core.presentation import catalogue
from tarock.server.app import WS_MAX_SIZE


def connect_in(server: Server, table: str, token: str | None, lang: str) -> Ws:
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    conn = connect(f"{server.ws}/ws/tables/{table}{query}", max_size=WS_MAX_SIZE,
                   open_timeout=TIMEOUT)
    return Ws(conn.__enter__())


def against_bots(server: Server, game: str, seats: int, **body: Any) -> dict[str, Any]:
    players = [{"kind": "human", "name": "Anna"}] + [{"kind": "bot", "level": "easy"}] * (
        seats - 1)
    return server.create(game, players, **body)


@pytest.mark.parametrize(("path", "kind"), [
    ("/", "text/html"), ("/table/anything", "text/html"),
    ("/static/js/table.js", "text/javascript"), ("/static/css/table.css", "text/css"),
])
def test_the_pages_and_their_files_are_served(server: Server, path: str, kind: str) -> None:
    answer = server.client.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith(kind)


@pytest.mark.parametrize("path", ["/static/../pages.py", "/static/js/none.js",
                                  "/static/.hidden.js", "/static/js/"])
def test_no_other_file_is_served(server: Server, path: str) -> None:
    answer = server.client.get(path)
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"


def test_a_games_catalogue_in_each_language(server: Server) -> None:
    hu = server.client.get("/api/games/hungarian-tarokk/catalogue", params={"lang": "hu"})
    assert hu.status_code == 200
    assert hu.json()["lang"] == "hu"
    assert hu.json()["strings"]["card.T21"] == "XXI"
    assert hu.json()["strings"]["web.your_turn"] == "Te következel"
    assert server.client.get("/api/games/skat/catalogue").json()["error"]["code"] == (
        "unknown_game")
    assert server.client.get("/api/games/ottocento/catalogue",
                             params={"lang": "xx"}).status_code == 400
    # a game's own language besides English and Hungarian, and none of another game's
    games = {g["name"]: g["languages"] for g in server.client.get("/api/games").json()
             if g["name"] in ("hungarian-tarokk", "bavarian-tarock", "ottocento")}
    assert games == {"hungarian-tarokk": ["en", "hu"], "bavarian-tarock": ["en", "hu", "de"],
                     "ottocento": ["en", "hu", "it"]}
    de = server.client.get("/api/games/bavarian-tarock/catalogue", params={"lang": "de"}).json()
    assert (de["lang"], de["languages"]) == ("de", ["en", "hu", "de"])
    assert de["strings"]["card.EO.long"] == "Eichel-Ober"
    it = server.client.get("/api/games/ottocento/catalogue", params={"lang": "it"}).json()
    assert it["strings"]["suit.C"] == "Coppe"
    for game, lang in [("hungarian-tarokk", "de"), ("bavarian-tarock", "it"),
                       ("ottocento", "de")]:
        refused = server.client.get(f"/api/games/{game}/catalogue", params={"lang": lang})
        assert refused.status_code == 400, (game, lang)
        assert refused.json()["error"]["code"] == "bad_request"


def test_the_options_a_table_would_play_with(server: Server) -> None:
    def answer(game: str, **options: Any) -> Any:
        return server.client.post(f"/api/games/{game}/options", json={"options": options})

    listed = next(g for g in server.client.get("/api/games").json()
                  if g["name"] == "hungarian-tarokk")
    default = answer("hungarian-tarokk").json()["options"]
    assert default == {o["key"]: o["default"] for o in listed["options"]}
    assert [o["key"] for o in listed["options"] if o["leading"]] == [
        "house_rules", "variant", "hi_preset"]  # a lobby asks these first
    preset = answer("hungarian-tarokk", house_rules="online_app").json()["options"]
    assert (preset["ultimo_keeps_pagat"], preset["max_kontra_level"]) == (False, 6)
    mine = answer("hungarian-tarokk", house_rules="online_app", ultimo_keeps_pagat=True)
    assert mine.json()["options"] == {**preset, "ultimo_keeps_pagat": True}  # set wins
    refused = answer("hungarian-tarokk", cue_bid_model="invitation",
                     cue_bid_accept_by_hold_only=True)
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invalid_option"
    assert refused.json()["error"]["rule"] == "HU-BID-11"
    assert answer("skat").status_code == 404
    assert answer("ottocento", nope=1).json()["error"]["code"] == "invalid_option"


def test_the_rule_a_refusal_names_is_served_from_its_guide(server: Server) -> None:
    answer = server.client.get("/api/rules/hu-play-2")  # as typed, any case
    assert answer.status_code == 200
    rule = find_rule("HU-PLAY-2", GUIDES)
    assert rule is not None
    assert answer.json() == {"rule": "HU-PLAY-2", "game": "hungarian-tarokk",
                             "section": rule.section, "title": rule.title, "text": rule.text,
                             "lang": "en"}
    assert "follow" in rule.text.lower()
    for missing in ("HU-PLAY-999", "not-a-rule", "..%2Fpages.py"):
        answer = server.client.get(f"/api/rules/{missing}")
        assert answer.status_code == 404, missing
        assert answer.json()["error"]["code"] == "not_found"


def test_a_games_rules_are_served_in_the_guides_order(server: Server) -> None:
    listed = server.client.get("/api/rules", params={"game": "bavarian-tarock"}).json()
    assert [r["rule"] for r in listed] == [r.rule_id for r in guide_rules("bavarian-tarock")]
    assert {r["game"] for r in listed} == {"bavarian-tarock"}
    follow = next(r for r in listed if r["rule"] == "BT-PLAY-5")
    assert follow == server.client.get("/api/rules/BT-PLAY-5").json()
    answer = server.client.get("/api/rules", params={"game": "skat"})
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "unknown_game"


def test_a_rule_in_the_readers_language_where_its_guide_is_written_in_it(server: Server
                                                                          ) -> None:
    german = server.client.get("/api/rules/BT-PLAY-5", params={"lang": "de"}).json()
    english = server.client.get("/api/rules/BT-PLAY-5").json()
    assert (german["lang"], english["lang"]) == ("de", "en")
    assert german["text"].startswith("BT-PLAY-5") and german["text"] != english["text"]
    assert german == {**english, "section": german["section"], "title": german["title"],
                      "text": german["text"], "lang": "de"}
    # no Italian guide of Bavarian tarock: the English text, which says so
    assert server.client.get("/api/rules/BT-PLAY-5", params={"lang": "it"}).json() == english
    assert server.client.get("/api/rules/BT-PLAY-5", params={"lang": "../x"}).json() == english
    listed = server.client.get("/api/rules", params={"game": "ottocento", "lang": "it"}).json()
    assert [r["rule"] for r in listed] == [r.rule_id for r in guide_rules("ottocento")]
    assert {r["lang"] for r in listed} == {"it"}


@pytest.mark.parametrize(("game", "seats", "lang"), [("bavarian-tarock", 3, "en"),
                                                    ("hungarian-tarokk", 4, "hu")])
def test_a_view_in_words_says_why_each_other_card_is_refused(
        server: Server, game: str, seats: int, lang: str) -> None:
    """Play the person's first legal choice until a trick where some card must not be played;
    the refusals are exactly the cards in hand without a legal play, each with its rule, in
    the person's language."""
    created = against_bots(server, game, seats, seed=8)
    words = catalogue(game, lang)["strings"]
    ws = connect_in(server, created["table"], created["seats"][0]["token"], lang)
    for _ in range(200):
        view = ws.my_turn()
        obs, present = view["observation"], view["present"]
        assert sorted(present["hand"]) == sorted(obs.get("hand", []))
        assert len(present["legal"]) == len(view["legal"])
        playable = {a["card"] for a in view["legal"] if a["type"] == "play"}
        if obs["phase"] == "play" and playable != set(obs["hand"]):
            refused = {r["action"]["card"]: r for r in present["refused"]}
            assert set(refused) == set(obs["hand"]) - playable
            assert all(r["rule"] and r["message"] and r["rule"] not in r["message"]
                       for r in refused.values())
            assert all(r["message"] == words[f"refusal.{r['reason']}"] for r in refused.values())
            # sent anyway (a crafted message), the card is refused with the same catalogue key
            card, shown = next(iter(refused.items()))
            ws.send({"type": "act", "seq": view["seq"], "action": shown["action"]})
            error = ws.error()
            assert (error["code"], error["rule"], error["reason"]) == (
                "illegal", shown["rule"], shown["reason"]), card
            break
        ws.send({"type": "act", "seq": view["seq"], "action": view["legal"][0]})
    else:
        pytest.fail("no trick forced a card")
    ws.close()


def test_events_deal_ends_and_the_replay_in_words(server: Server) -> None:
    created = against_bots(server, "ottocento", 4, seed=6, deals=1)
    table = created["table"]
    assert server.client.get(f"/api/tables/{table}/replay/0").status_code == 404
    ws = connect_in(server, table, created["seats"][0]["token"], "hu")
    spectator = connect_in(server, table, None, "en")
    view = ws.view()
    while view["status"] != "finished":
        if view["legal"]:
            ws.send({"type": "act", "seq": view["seq"], "action": view["legal"][0]})
        view = ws.my_turn()
    events = [m for m in ws.received if m["type"] == "event"]
    assert events and all(m["words"] for m in events)
    end = next(m for m in ws.received if m["type"] == "deal_end")
    assert [s["score"] for s in end["present"]["scores"]] == end["result"]["scores"]
    ws.close()
    # What the spectator did not see in full (a discard) is not in its words either.
    spectator.until(lambda m: m["type"] == "deal_end")
    names = server.client.get("/api/games/ottocento/catalogue").json()["strings"]
    hidden = [m for m in spectator.received if m["type"] == "event" and m["action"] is None]
    assert hidden
    for event in hidden:
        assert not [v for k, v in names.items()
                    if k.startswith("card.") and k.count(".") == 1 and v in event["words"]]
    spectator.close()

    record = server.client.get(f"/api/tables/{table}/records/0").json()
    replay = server.client.get(f"/api/tables/{table}/replay/0", params={"lang": "en"}).json()
    assert len(replay["steps"]) == len(record["actions"]) + 1
    assert replay["result"] == record["result"]
    first = replay["steps"][0]["observations"]
    assert all(set(dealt) <= set(o["hand"])  # every hand open (the dealer's holds the talon)
               for dealt, o in zip(record["deal"]["hands"], first, strict=True))
    assert all(step["text"] for step in replay["steps"][1:])


def test_a_spectators_words_hold_no_hand(server: Server) -> None:
    created = against_bots(server, "hungarian-tarokk", 4, seed=1)
    ws = connect_in(server, created["table"], None, "en")
    view = ws.view()
    assert view["seat"] is None and view["present"]["hand"] == []
    assert not view["present"]["refused"]
    assert "hand" not in json.dumps(view["observation"])
    ws.close()


def test_an_option_that_renames_cards_names_them_in_the_view(server: Server) -> None:
    plain = against_bots(server, "hungarian-tarokk", 4, seed=1)
    fours = server.create("hungarian-tarokk", [{"kind": "human", "name": "Anna"}] + [
        {"kind": "bot", "level": "easy"}] * 3, options={"red_fours": True}, seed=1)
    for created, names in ((plain, {}), (fours, {"HA": ["♥4", "four of hearts",
                                                         "four of hearts"],
                                                  "DA": ["♦4", "four of diamonds",
                                                         "four of diamonds"]})):
        ws = connect_in(server, created["table"], created["seats"][0]["token"], "en")
        assert ws.view()["present"]["names"] == names
        ws.close()
