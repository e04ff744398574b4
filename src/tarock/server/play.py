"""``tarock serve --play GAME`` (``make play``): the server with a table ready for one person.

Once the server answers, a table of the person against computer players is made through the
server's own HTTP API (as any client would make it), its page is printed and, where there is a
display, opened in the browser. The computer players play at :data:`PLAY_LEVEL`.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import urllib.request
import webbrowser
from urllib.error import URLError

import tarock.games  # noqa: F401  (registers the games)
from tarock.core.errors import InvalidOptionError, UnknownGameError
from tarock.core.protocol import make_game

# The strongest level: the search player, measured stronger than the heuristic in every game
# (docs/strength.md). Its worker process starts and loads the solver as the table is made.
PLAY_LEVEL = "hard"
PERSON = "Player"
STARTUP_SECONDS = 30.0


def table_body(game_name: str) -> dict[str, object]:
    """The new table: the person at seat 0, computer players in the game's other seats."""
    try:
        seats = make_game(game_name).num_seats
    except UnknownGameError as error:
        raise InvalidOptionError(f"invalid --play {game_name!r}", expected=error.expected
                                 ) from None
    bots = [{"kind": "bot", "level": PLAY_LEVEL}] * (seats - 1)
    return {"game": game_name, "players": [{"kind": "human", "name": PERSON}, *bots]}


def local_base(host: str, port: int) -> str:
    """Where a server listening on ``host`` answers this machine."""
    local = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"http://{local}:{port}"


def start_in_background(base: str, body: dict[str, object]) -> None:
    """Make the table of ``body`` (:func:`table_body`, which checks the game before the server
    starts) once the server at ``base`` is up, from a thread, since the server runs in this
    one."""
    threading.Thread(target=make_table, args=(base, body), daemon=True).start()


def make_table(base: str, body: dict[str, object]) -> str | None:
    """Make the table once the server at ``base`` answers, print its page and open it where
    there is a display; returns the page, or None if the server did not answer."""
    end = time.monotonic() + STARTUP_SECONDS
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/health", timeout=2):
                break
        except (URLError, OSError):
            if time.monotonic() > end:
                print(f"tarock: the server did not answer at {base}", file=sys.stderr)
                return None
            time.sleep(0.1)
    request = urllib.request.Request(f"{base}/api/tables", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        table = json.load(answer)
    url = base + table["seats"][0]["url"]
    print(f"\nYour table: {url}\n", flush=True)
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        webbrowser.open(url)
    return url
