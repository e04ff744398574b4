"""``make screenshots``: docs/img/<game>.png, each game's table in the middle of a deal, made by
driving Debian's Chromium as the browser tests do (python tests/web/screenshots.py)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from browser_support import PLAYING, against_bots, chromium, missing_browser, play_until
from server_support import running_server

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "img"
# Seeds whose first deal is played out (not thrown in), so that the picture shows a trick.
SEEDS = {"hungarian-tarokk": 4, "bavarian-tarock": 8, "ottocento": 6}
MIDDLE = "document.querySelectorAll('.played .chip').length >= {n}"


def main() -> int:
    reason = missing_browser()
    if reason is not None:
        print(f"no screenshots: {reason}", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, running_server(f"sqlite:///{tmp}/t.db") as server, \
            chromium() as browser:
        for game, seed in SEEDS.items():
            table = server.create(**against_bots(game, "normal", seed=seed))
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.goto(server.http + table["seats"][0]["url"])
            page.wait_for_selector("[data-to-act]")
            seats = len(table["seats"])
            play_until(page, f"({MIDDLE.format(n=3 * seats)}) && ({PLAYING})")
            page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
            page.mouse.move(0, 0)  # no card lifted under the pointer of the last click
            page.wait_for_timeout(300)  # let the last card settle
            page.screenshot(path=str(OUT / f"{game}.png"))
            print(f"docs/img/{game}.png")
            page.context.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
