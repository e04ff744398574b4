"""Rich rendering for the command line: hands, deals, a seat's screen, results, score sheets.

Every word comes from the game's presentation (:mod:`tarock.core.presentation`), reached through
``Game.presentation(lang)``; this module only lays the words out. It works from protocol data: an
observation dict as ``State.observation(seat)`` returns it, record-form actions, a record's
``result`` and a :class:`~tarock.core.session.ScoreSheet`.

A seat's screen is compact, one line per fact, so that a decision fits an 80×24 terminal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tarock.core.presentation import Presentation
from tarock.core.protocol import Action, Deal, Game
from tarock.core.session import ScoreSheet

COLOUR_STYLES = {"trump": "bold", "red": "red", "black": ""}
MANY_CHOICES = 8  # above this many, choices are laid out in columns


# --------------------------------------------------------------------------------------------
# Cards and hands


def card_text(pres: Presentation, code: str, obs: Mapping[str, Any] | None = None) -> Text:
    return Text(pres.card_short(code), style=COLOUR_STYLES[pres.card_colour(code, obs)])


def cards_text(pres: Presentation, codes: Sequence[str], obs: Mapping[str, Any] | None = None,
               sort: bool = True) -> Text:
    """Cards on one line (sorted as a player sorts them unless ``sort`` is false); "—" for
    none."""
    if not codes:
        return Text(pres.t("ui.none"), style="dim")
    ordered = pres.sort_cards(codes, obs) if sort else list(codes)
    return Text(" ").join(card_text(pres, c, obs) for c in ordered)


def hand_line(pres: Presentation, codes: Sequence[str], obs: Mapping[str, Any] | None = None
              ) -> Text:
    """A hand on one line, suits separated by bars: ``skíz XXI V │ ♥K ♥A │ ♠10``."""
    groups = pres.group_cards(codes, obs)
    if not groups:
        return Text(pres.t("ui.none"), style="dim")
    sep = Text(" │ ", style="dim")
    return sep.join(Text(" ").join(card_text(pres, c, obs) for c in cards) for _, cards in groups)


def hand_rows(pres: Presentation, codes: Sequence[str], obs: Mapping[str, Any] | None = None
              ) -> list[tuple[str, Text]]:
    """A hand as one row per suit, trumps first: ``(suit name and count, cards)``."""
    rows = [(f"{pres.suit_name(suit)} {len(cards)}",
             Text(" ").join(card_text(pres, c, obs) for c in cards))
            for suit, cards in pres.group_cards(codes, obs)]
    return rows or [("", Text(pres.t("ui.no_cards"), style="dim"))]


# --------------------------------------------------------------------------------------------
# Choices


def card_set_choices(game: Game, pres: Presentation, actions: Sequence[Action],
                     obs: Mapping[str, Any] | None = None
                     ) -> tuple[int, list[str], dict[frozenset[str], Action]] | None:
    """For decisions that pick several cards at once (discards): how many to pick, the cards
    that may be picked in hand order, and the action for each legal set; None otherwise."""
    forms = [game.action_to_json(a) for a in actions]
    if not forms or not all(set(f) == {"type", "cards"} for f in forms):
        return None
    by_set = {frozenset(f["cards"]): a for f, a in zip(forms, actions, strict=True)}
    codes = pres.sort_cards(list({c for f in forms for c in f["cards"]}), obs)
    return len(forms[0]["cards"]), codes, by_set


def choice_order(game: Game, pres: Presentation, actions: Sequence[Action],
                 obs: Mapping[str, Any] | None = None) -> list[Action]:
    """The legal actions in display order: card plays follow the sorted hand, others as given."""
    forms = [game.action_to_json(a) for a in actions]
    if forms and all(f.get("type") == "play" and "card" in f for f in forms):
        order = {code: i for i, code in enumerate(pres.sort_cards([f["card"] for f in forms],
                                                                  obs))}
        return [a for _, a in sorted(zip(forms, actions, strict=True),
                                     key=lambda fa: order[fa[0]["card"]])]
    return list(actions)


def choice_lines(choices: Sequence[Text | str], width: int, max_rows: int | None = None
                 ) -> list[Text]:
    """The legal choices numbered from 1, as lines of at most ``width`` characters: one per
    choice, or many of them in columns numbered down each column; with ``max_rows``, as many
    columns as that takes (up to four), the labels cut to fit."""
    items = [Text.assemble((f"{i:>2} ", "bold magenta"), label)
             for i, label in enumerate(choices, start=1)]
    if not items:
        return []
    cell = max(len(item) for item in items) + 2
    cols = max(1, min(len(items), (width + 2) // cell)) if len(items) > MANY_CHOICES else 1
    while max_rows is not None and -(-len(items) // cols) > max(max_rows, 1) and cols < 4:
        cols += 1
        cell = min(cell, (width + 2) // cols)
    rows = -(-len(items) // cols)
    lines = []
    for r in range(rows):
        line = Text()
        for c in range(cols):
            if c * rows + r < len(items):
                item = items[c * rows + r].copy()
                if c < cols - 1:
                    item.truncate(cell - 2, overflow="ellipsis")
                    item.pad_right(cell - len(item))
                line.append_text(item)
        line.truncate(width, overflow="ellipsis")
        lines.append(line)
    return lines


# --------------------------------------------------------------------------------------------
# A deal as dealt


def render_deal(pres: Presentation, deal: Deal, dealer: int, names: Sequence[str],
                seed: int | None = None) -> RenderableType:
    """Every seat's hand (sorted and grouped by suit) and the talon."""
    deck = pres.game.deck
    title = pres.t("game.name")
    if seed is not None:
        title += " · " + pres.t("ui.seed", seed=seed)
    table = Table(title=title, title_justify="left", show_lines=False)
    table.add_column(pres.t("ui.seat"), justify="right")
    table.add_column(pres.t("ui.player"))
    table.add_column(pres.t("ui.hand"))
    for seat, mask in enumerate(deal.hands):
        codes = deck.codes(mask)
        who = pres.t("ui.dealer_mark", name=names[seat]) if seat == dealer else names[seat]
        hand = hand_line(pres, codes) if codes else Text(pres.t("ui.sitting_out"), style="dim")
        table.add_row(str(seat), who, hand)
    table.add_row("", pres.t("ui.talon"),
                  cards_text(pres, [deck.code(c) for c in deal.talon], sort=False))
    return table


# --------------------------------------------------------------------------------------------
# What a seat sees


def render_screen(pres: Presentation, obs: Mapping[str, Any], names: Sequence[str],
                  title: str, choices: Sequence[Text | str] | None = None,
                  recent: Sequence[str] = (), hint: str | None = None, width: int = 80,
                  height: int = 24) -> RenderableType:
    """The screen of one seat at a decision: a title with the status, the game's facts, the
    tricks, the hand by suit, what happened lately, a hint and the choices; every line at most
    ``width`` characters, and the recent events cut first so that the screen and the prompt
    below it fit ``height`` lines."""
    head = Text(title, style="bold")
    status = pres.status(obs, names)
    if status:
        head.append(" · " + status, style="")
    rows: list[tuple[str, Text]] = []
    seat = obs.get("seat", 0)
    active = obs.get("active")
    if active is not None and seat not in active:
        rows.append(("", Text(pres.t("ui.sit_out"), style="yellow")))
    rows += [(label, Text(text)) for label, text in pres.facts(obs, names)]
    rows += _trick_rows(pres, obs, names)
    rows += hand_rows(pres, obs.get("hand", []), obs)
    labels = max(len(label) for label, _ in rows)
    lines = [head]
    for label, text in rows:
        line = Text(label.ljust(labels + 1), style="cyan")
        line.append_text(text)
        lines.append(line)
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    notes = [Text(hint, style="yellow")] if hint else []  # wraps: the rule must stay readable
    room = height - 1 - len(lines) - -(-len(hint or "") // width)  # and a line for the prompt
    tail: list[Text] = []
    if choices is not None:
        tail = choice_lines(choices, width, room - 1)
        if len(tail) < room:  # room for the title too
            tail.insert(0, Text(pres.t("ui.choices"), style="bold"))
    room -= len(tail)
    events = [Text(event, style="dim") for event in recent][len(recent) - max(room, 0):]
    for line in events:
        line.truncate(width, overflow="ellipsis")
    return Group(*lines, *events, *notes, *tail)


def _trick_rows(pres: Presentation, obs: Mapping[str, Any], names: Sequence[str]
                ) -> list[tuple[str, Text]]:
    rows: list[tuple[str, Text]] = []
    tricks = obs.get("tricks") or []
    if tricks:
        last = tricks[-1]
        line = _trick_text(pres, last.get("cards", []), names, obs)
        line.append(" → " + pres.seat_name(names, last.get("winner")), style="green")
        won: dict[Any, int] = {}
        for trick in tricks:
            won[trick.get("winner")] = won.get(trick.get("winner"), 0) + 1
        line.append(f"  ({pres.t('ui.won_tricks')}: " + ", ".join(
            f"{pres.seat_name(names, q)} {n}" for q, n in sorted(won.items())) + ")",
            style="dim")
        rows.append((pres.t("ui.last_trick", n=len(tricks)), line))
    if "trick" in obs or obs.get("phase") == "play":
        current = obs.get("trick") or []
        waiting = "ui.you_lead" if obs.get("current_player") == obs.get("seat") else \
            "ui.no_card_yet"
        rows.append((pres.t("ui.current_trick", n=len(tricks) + 1),
                     _trick_text(pres, current, names, obs) if current
                     else Text(pres.t(waiting), style="dim")))
    return rows


def _trick_text(pres: Presentation, plays: Sequence[Mapping[str, Any]], names: Sequence[str],
                obs: Mapping[str, Any]) -> Text:
    out = Text()
    for i, play in enumerate(plays):
        if i:
            out.append(", ")
        out.append(f"{pres.seat_name(names, play.get('seat'))} ")
        out.append_text(card_text(pres, str(play.get("card")), obs))
    return out


# --------------------------------------------------------------------------------------------
# Results and the score sheet


def signed(n: int) -> Text:
    style = "green" if n > 0 else "red" if n < 0 else "dim"
    return Text(f"{n:+d}" if n else "0", style=style)


def render_result(pres: Presentation, result: Mapping[str, Any], names: Sequence[str]
                  ) -> RenderableType:
    """A deal's result as the presentation breaks it down, compactly: the outcome and notes,
    each scored item with its points per side and the totals, then each player's score."""
    data = pres.result_breakdown(result, names)
    parts: list[RenderableType] = []
    if data["outcome"]:
        parts.append(Text(data["outcome"], style="bold"))
    parts.extend(Text(note) for note in data["notes"])
    if data["rows"]:
        table = Table(box=None, show_footer=bool(data["totals"]), pad_edge=False,
                      header_style="bold underline", footer_style="bold")
        table.add_column(pres.t("ui.item"), footer=pres.t("ui.total"), ratio=1)
        for i, column in enumerate(data["columns"]):
            total = data["totals"][i] if i < len(data["totals"]) else ""
            table.add_column(column, justify="right", footer=str(total))
        for row in data["rows"]:
            table.add_row(row["label"], *["" if p is None else str(p) for p in row["points"]])
        parts.append(table)
        parts.extend(Text(f"{row['label']}: {line}", style="dim", no_wrap=True,
                          overflow="ellipsis")
                     for row in data["rows"] for line in row.get("details", []))
    scores = Text(pres.t("ui.scores") + ": ", style="bold")
    for i, entry in enumerate(data["scores"]):
        if i:
            scores.append(" · ")
        scores.append(f"{entry['name']} ").append_text(signed(entry["score"]))
    parts.append(scores)
    return Group(*parts)


def render_totals(pres: Presentation, sheet: ScoreSheet) -> Text:
    """The score sheet's totals on one line, for a screen that has no room for the sheet."""
    line = Text(f"{pres.t('ui.score_sheet')}: ", style="bold")
    for i, (name, total) in enumerate(zip(sheet.names, sheet.totals, strict=True)):
        if i:
            line.append(" · ")
        line.append(f"{name} ").append_text(signed(total))
    if any(sheet.pots):
        line.append(f" · {pres.t('ui.pot')} {sheet.pot}")
    return line


def render_sheet(pres: Presentation, sheet: ScoreSheet, title: str | None = None) -> Table:
    """A :class:`~tarock.core.session.ScoreSheet`: one row per deal, then the totals."""
    table = Table(title=title or pres.t("ui.score_sheet"), title_justify="left",
                  show_footer=True)
    table.add_column(pres.t("ui.deal"), footer=pres.t("ui.total"), justify="right")
    for name, total in zip(sheet.names, sheet.totals, strict=True):
        table.add_column(name, footer=signed(total), justify="right")
    with_pot = any(sheet.pots)  # games with a kitty or pot (Bavarian tarock)
    if with_pot:
        table.add_column(pres.t("ui.pot"), footer=str(sheet.pot), justify="right")
    for label, row, pot in zip(sheet.labels, sheet.rows, sheet.pots, strict=True):
        table.add_row(pres.sheet_label(label), *[signed(s) for s in row],
                      *([signed(pot)] if with_pot else []))
    return table
