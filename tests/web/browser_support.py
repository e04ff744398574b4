"""Playwright for Python driving Debian's Chromium against a server running in this process:
what the browser tests and ``make screenshots`` share.

No browser is ever downloaded: the tests use ``/usr/bin/chromium`` (``.ci/run`` installs the
``chromium`` package) and skip, saying why, where there is none, except in CI (``CI=true``),
where a missing browser is a failure rather than a silent skip. Every move is a click on the
page's hooks (docs/server.md, "The browser page's hooks"), as a person would make it.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path(os.environ.get("TAROCK_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
SEATS = {"hungarian-tarokk": 4, "bavarian-tarock": 3, "ottocento": 4}
DEAL_SECONDS = 120.0


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Debian Chromium under Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def against_bots(game: str, level: str = "easy", **body: Any) -> dict[str, Any]:
    """A table body: the person Anna at seat 0 and computer players in the other seats."""
    players = [{"kind": "human", "name": "Anna"}]
    players += [{"kind": "bot", "level": level}] * (SEATS[game] - 1)
    return {"game": game, "players": players, **body}


def hand(page: Any) -> list[str]:
    return [str(c) for c in page.locator("[data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")]


def take_turn(page: Any) -> bool:
    """One decision by clicking: a legal card, else a selection confirmed with the submit
    button, else the first action button. False when there is nothing to decide now, as while
    the page waits for the answer to the last decision (no card legal, every button disabled):
    the next view may then remove what is shown."""
    submit = page.locator("[data-submit]")
    legal = page.locator('[data-card][data-legal="true"]')
    if submit.count() and legal.count():
        if select(page, submit, [str(c) for c in legal.evaluate_all(
                "cs => cs.map(c => c.dataset.card)")]):
            submit.click()
            return True
    elif legal.count():
        legal.first.click()
        return True
    actions = page.locator("[data-action]:enabled")
    if actions.count():
        actions.first.click()
        return True
    return False


def select(page: Any, submit: Any, cards: list[str]) -> bool:
    """Select a set of ``cards`` that the submit button accepts, as a person tries them: the
    low cards first (the hand is sorted high to low). False when none is accepted."""
    need = int(submit.get_attribute("data-count") or 1)
    chosen = set(page.locator("[data-card].selected").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"))
    for combo in itertools.combinations(reversed(cards), need):
        # put back what the next set lacks first: only then may its cards be chosen
        for code in [*(chosen - set(combo)), *(c for c in combo if c not in chosen)]:
            page.locator(f'[data-card="{code}"]').click()
        chosen = set(combo)
        if submit.is_enabled():
            return True
    for code in chosen:
        page.locator(f'[data-card="{code}"]').click()
    return False


def play_until(page: Any, done: str, seconds: float = DEAL_SECONDS, turns: int | None = None
               ) -> None:
    """Decide by clicking until ``done`` (a JS expression) holds or ``turns`` were taken."""
    from playwright.sync_api import Error as PlaywrightError

    end = time.monotonic() + seconds
    taken = 0
    while not page.evaluate(done):
        assert time.monotonic() < end, f"the deal did not end in time; {state(page)}"
        if turns is not None and taken >= turns:
            return
        seq = page.locator("[data-to-act]").get_attribute("data-seq")
        try:
            if not take_turn(page):
                page.wait_for_timeout(50)
                continue
            taken += 1
            page.wait_for_function(
                "s => document.querySelector('[data-to-act]').dataset.seq !== s"
                " || document.querySelector('[data-deal-end]') !== null", arg=seq,
                timeout=10_000)
        except PlaywrightError as error:
            # the first line says what timed out, the last ones what Playwright waited for
            # (an element not stable, or another one taking the click)
            lines = error.message.splitlines()
            raise AssertionError(" | ".join([lines[0], *lines[1:][-4:], state(page)])) from None


def state(page: Any) -> str:
    """What the page shows, for a failure message: whose turn, the notice, the last log lines."""
    return str(page.evaluate("""() => ({
        toAct: document.querySelector('[data-to-act]')?.textContent,
        seq: document.querySelector('[data-to-act]')?.dataset.seq,
        notice: document.getElementById('notice')?.textContent,
        conn: document.getElementById('conn')?.textContent,
        actions: [...document.querySelectorAll('[data-action]')].map(b => b.dataset.action),
        legal: [...document.querySelectorAll('[data-legal="true"]')].map(c => c.dataset.card),
        log: [...document.querySelectorAll('#log li')].slice(-5).map(li => li.textContent),
    })"""))


DEAL_OVER = "document.querySelector('[data-deal-end]') !== null"
# Some card of the hand may be chosen now (or the deal ended before any could be).
PLAYING = "document.querySelector('[data-card][data-legal=\"true\"]') !== null || " + DEAL_OVER
