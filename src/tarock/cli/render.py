"""Rich rendering for the command line: hands, deals, what a seat sees, results, score sheets.

Everything here works from protocol data only: a :class:`~tarock.core.protocol.Game` (its deck and
``action_to_json``), an observation dict as ``State.observation(seat)`` returns it, a record's
``result`` object and a :class:`~tarock.core.session.ScoreSheet`. Keys an observation lacks are
simply not shown, so a game that exposes less (or more) still renders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tarock.core.cards import Card, Deck
from tarock.core.protocol import Action, Deal, Game
from tarock.core.session import ScoreSheet

RED_SUITS = frozenset({"H", "D"})
SIDE_WORDS = {"d": "declarer", "o": "opponents"}
MANY_CHOICES = 12  # above this many, choices are laid out in columns


# --------------------------------------------------------------------------------------------
# Cards and hands


def suit_order(deck: Deck) -> dict[str, int]:
    """Trumps first, then the suits in the order the deck lists them."""
    order = {"T": 0}
    for card in deck.cards:
        order.setdefault(card.suit, len(order))
    return order


def sort_cards(deck: Deck, codes: Sequence[str]) -> list[Card]:
    """Cards sorted for display: tarokks high to low, then each suit high to low."""
    order = suit_order(deck)
    cards = [deck.by_code[c] for c in codes]
    return sorted(cards, key=lambda c: (order[c.suit], -c.rank))


def group_cards(deck: Deck, codes: Sequence[str]) -> list[tuple[str, list[Card]]]:
    """The sorted cards grouped by suit: ``[(suit letter, cards), ...]``."""
    groups: list[tuple[str, list[Card]]] = []
    for card in sort_cards(deck, codes):
        if groups and groups[-1][0] == card.suit:
            groups[-1][1].append(card)
        else:
            groups.append((card.suit, [card]))
    return groups


def card_style(card: Card) -> str:
    if card.is_trump:
        return "bold"
    return "red" if card.suit in RED_SUITS else ""


def card_text(card: Card) -> Text:
    return Text(card.display, style=card_style(card))


def cards_text(deck: Deck, codes: Sequence[str], sort: bool = True) -> Text:
    """Cards on one line, space separated (sorted unless ``sort`` is false); "—" for none."""
    cards = sort_cards(deck, codes) if sort else [deck.by_code[c] for c in codes]
    if not cards:
        return Text("—", style="dim")
    return Text(" ").join(card_text(c) for c in cards)


def hand_line(deck: Deck, codes: Sequence[str]) -> Text:
    """A hand on one line, suits separated by bars: ``skíz XXI V │ ♥K ♥A │ ♠10``."""
    groups = group_cards(deck, codes)
    if not groups:
        return Text("—", style="dim")
    sep = Text(" │ ", style="dim")
    return sep.join(Text(" ").join(card_text(c) for c in cards) for _, cards in groups)


def hand_table(deck: Deck, codes: Sequence[str]) -> Table:
    """A hand as one row per suit: name, count and the cards high to low."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="cyan")
    table.add_column(justify="right", style="dim")
    table.add_column()
    for suit, cards in group_cards(deck, codes):
        name = deck.suit_names.get(suit, suit)
        table.add_row(name, str(len(cards)), Text(" ").join(card_text(c) for c in cards))
    if not codes:
        table.add_row("(no cards)", "", "")
    return table


# --------------------------------------------------------------------------------------------
# Seats and public actions


def seat_name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, str) and seat.lstrip("-").isdigit():
        seat = int(seat)
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _value_text(deck: Deck, value: Any) -> str:
    if isinstance(value, str):
        card = deck.by_code.get(value)
        return card.display if card is not None else value.replace("_", " ")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(_value_text(deck, v) for v in value)
    return str(value)


def describe_public_action(deck: Deck, data: Mapping[str, Any]) -> str:
    """Words for an action in record form (``{"type": "call", "card": "T20"}`` → ``call XX``)."""
    kind = str(data.get("type", "?"))
    if kind == "kontra" and "item" in data and "owner" in data:
        return f"kontra {data['owner']}'s {_value_text(deck, data['item'])}"
    values = [_value_text(deck, v) for k, v in data.items() if k not in ("type", "seat")]
    return " ".join([kind.replace("_", " "), *values])


def card_set_choices(game: Game, actions: Sequence[Action]
                     ) -> tuple[int, list[str], dict[frozenset[str], Action]] | None:
    """For decisions that pick several cards at once (discards): how many to pick, the cards
    that may be picked in hand order, and the action for each legal set; None otherwise."""
    forms = [game.action_to_json(a) for a in actions]
    if not forms or not all(set(f) == {"type", "cards"} for f in forms):
        return None
    by_set = {frozenset(f["cards"]): a for f, a in zip(forms, actions, strict=True)}
    order = suit_order(game.deck)
    cards = game.deck.by_code
    codes = sorted({c for f in forms for c in f["cards"]},
                   key=lambda c: (order[cards[c].suit], -cards[c].rank))
    return len(forms[0]["cards"]), codes, by_set


def choice_order(game: Game, actions: Sequence[Action]) -> list[Action]:
    """The legal actions in display order: card plays follow the sorted hand, others as given."""
    forms = [game.action_to_json(a) for a in actions]
    if forms and all(set(f) == {"type", "card"} for f in forms):
        order = suit_order(game.deck)
        cards = game.deck.by_code

        def key(i: int) -> tuple[int, int]:
            card = cards[forms[i]["card"]]
            return (order[card.suit], -card.rank)

        return [actions[i] for i in sorted(range(len(actions)), key=key)]
    return list(actions)


# --------------------------------------------------------------------------------------------
# A deal as dealt


def render_deal(game: Game, deal: Deal, dealer: int, names: Sequence[str],
                seed: int | None = None) -> RenderableType:
    """Every seat's hand (grouped by suit) and the talon."""
    deck = game.deck
    title = f"{game.name}: deal"
    if seed is not None:
        title += f" from seed {seed}"
    table = Table(title=title, title_justify="left", show_lines=False)
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Hand")
    for seat, mask in enumerate(deal.hands):
        codes = _mask_codes(deck, mask)
        who = names[seat] + (" (dealer)" if seat == dealer else "")
        hand = hand_line(deck, codes) if codes else Text("sits out", style="dim")
        table.add_row(str(seat), who, hand)
    table.add_row("", "Talon", cards_text(deck, [deck.code(c) for c in deal.talon], sort=False))
    return table


def _mask_codes(deck: Deck, mask: int) -> list[str]:
    return [deck.code(i) for i in range(len(deck)) if mask >> i & 1]


# --------------------------------------------------------------------------------------------
# What a seat sees


def render_observation(game: Game, obs: Mapping[str, Any], names: Sequence[str],
                       choices: Sequence[str] | None = None,
                       title: str | None = None) -> RenderableType:
    """The screen of one seat: deal facts, auction, announcements, tricks, hand and choices."""
    deck = game.deck
    seat = obs.get("seat", 0)
    parts: list[RenderableType] = []

    head = Text(title or game.name, style="bold underline")
    parts.append(head)
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="cyan", no_wrap=True)
    facts.add_column()
    rows = _fact_rows(deck, obs, names, seat)
    tricks = obs.get("tricks") or []
    if tricks:
        last = tricks[-1]
        line = _trick_text(deck, last.get("cards", []), names)
        line.append(f"  → {seat_name(names, last.get('winner'))}", style="green")
        rows.append((f"Last trick ({len(tricks)})", line))
    if "trick" in obs or obs.get("phase") == "play":
        current = obs.get("trick") or []
        waiting = "(you lead)" if obs.get("current_player") == seat else "(no card yet)"
        rows.append((f"Current trick ({len(tricks) + 1})",
                     _trick_text(deck, current, names) if current
                     else Text(waiting, style="dim")))
    for label, value in rows:
        facts.add_row(label, value)
    parts.append(facts)

    count = len(obs.get("hand", []))
    parts.append(Text(f"Your hand ({count} card{'' if count == 1 else 's'})", style="bold"))
    parts.append(hand_table(deck, obs.get("hand", [])))

    if "result" in obs:
        parts.append(render_result(obs["result"], names))
    if choices is not None:
        parts.append(render_choices(choices))
    return Group(*parts)


def _trick_text(deck: Deck, plays: Sequence[Mapping[str, Any]], names: Sequence[str]) -> Text:
    out = Text()
    for i, play in enumerate(plays):
        if i:
            out.append(", ")
        out.append(f"{seat_name(names, play.get('seat'))} ")
        card = deck.by_code.get(play.get("card", ""))
        out.append_text(card_text(card) if card else Text(str(play.get("card"))))
    return out


def _fact_rows(deck: Deck, obs: Mapping[str, Any], names: Sequence[str],
               seat: int) -> list[tuple[str, RenderableType]]:
    rows: list[tuple[str, RenderableType]] = []
    table = f"{names[seat] if seat < len(names) else seat} (seat {seat})"
    if "dealer" in obs:
        table += f" · dealer {seat_name(names, obs['dealer'])}"
    if obs.get("multiplier", 1) != 1:
        table += f" · deal multiplier ×{obs['multiplier']}"
    if "phase" in obs:
        table += f" · phase: {obs['phase']}"
    rows.append(("You", Text(table)))
    active = obs.get("active")
    if active is not None and seat not in active:
        rows.append(("", Text("You sit out this deal.", style="yellow")))

    auction = obs.get("auction")
    if auction is not None:
        text = "  ".join(f"{seat_name(names, a.get('seat'))}: {a.get('bid')}" for a in auction)
        rows.append(("Auction", Text(text or "(no bids yet)")))
    facts = obs.get("auction_facts") or {}
    shown = [f"{seat_name(names, q)}: {', '.join(f)}" for q, f in facts.items() if f]
    if shown:
        rows.append(("Auction shows", Text("; ".join(shown))))

    if "declarer" in obs:
        text = seat_name(names, obs["declarer"])
        if "level" in obs:
            text += f" (level {obs['level']})"
        rows.append(("Declarer", Text(text)))
    if "called" in obs:
        card = deck.by_code.get(obs["called"])
        text = f"{card.display if card else obs['called']}"
        if obs.get("partner") is not None:
            text += f" · partner: {seat_name(names, obs['partner'])}"
        elif "partner" in obs:
            text += " · partner: not yet revealed to others"
        if "my_team" in obs:
            text += f" · your team: {obs['my_team']}"
        rows.append(("Called", Text(text)))

    if obs.get("talon_received"):
        rows.append(("Talon received", cards_text(deck, obs["talon_received"])))
    if obs.get("discards"):
        rows.append(("Your discards", cards_text(deck, obs["discards"])))
    if "declarer_discarded_tarokks" in obs:
        rows.append(("Declarer discarded", cards_text(deck, obs["declarer_discarded_tarokks"])))
    if obs.get("discarded_tarokks"):
        text = ", ".join(f"{seat_name(names, q)} {n}" for q, n in obs["discarded_tarokks"].items())
        rows.append(("Tarokks discarded", Text(text)))
    if "common_pile_tarokks" in obs:
        rows.append(("Tarokks in pile", Text(str(obs["common_pile_tarokks"]))))
    if obs.get("annulled_by") is not None:
        rows.append(("Annulment", Text(f"{seat_name(names, obs['annulled_by'])} annuls")))

    announcements = obs.get("announcements")
    if announcements is not None:
        said = [f"{seat_name(names, a.get('seat'))}: {describe_public_action(deck, a)}"
                for a in announcements]
        rows.append(("Announcements", Text("; ".join(said) or "(none yet)")))
    kontras = [f"{k.get('owner')}'s {str(k.get('item')).replace('_', ' ')} ×{2 ** k['level']}"
               for k in obs.get("kontra_levels") or [] if k.get("level")]
    if kontras:
        rows.append(("Kontra", Text("; ".join(kontras))))
    sides = obs.get("public_side") or {}
    if sides:
        text = ", ".join(f"{seat_name(names, q)}: {SIDE_WORDS.get(s, s)}" for q, s in sides.items())
        rows.append(("Known sides", Text(text)))
    if obs.get("claims"):
        text = ", ".join(f"{seat_name(names, q)}: {n}" for q, n in obs["claims"].items())
        rows.append(("Count claims", Text(text)))
    tricks = obs.get("tricks") or []
    if tricks:
        won: dict[int, int] = {}
        for trick in tricks:
            won[trick.get("winner")] = won.get(trick.get("winner"), 0) + 1
        text = ", ".join(f"{seat_name(names, q)} {n}" for q, n in sorted(won.items()))
        rows.append(("Tricks won", Text(text)))
    return rows


def render_choices(choices: Sequence[str]) -> RenderableType:
    """The legal choices, numbered from 1."""
    items = [Text.assemble((f"{i:>3} ", "bold magenta"), label)
             for i, label in enumerate(choices, start=1)]
    title = Text("Your choices", style="bold")
    if len(items) > MANY_CHOICES:
        return Group(title, Columns(items, padding=(0, 3), column_first=True))
    return Group(title, *items)


# --------------------------------------------------------------------------------------------
# Results and the score sheet


def signed(n: int) -> Text:
    style = "green" if n > 0 else "red" if n < 0 else "dim"
    return Text(f"{n:+d}" if n else "0", style=style)


def render_result(result: Mapping[str, Any], names: Sequence[str]) -> RenderableType:
    """A deal's result: outcome, score per player and the scored items."""
    parts: list[RenderableType] = []
    outcome = result.get("outcome")
    if outcome is not None:
        parts.append(Text(f"Outcome: {str(outcome).replace('_', ' ')}", style="bold"))
    scores = Table(title="Scores", title_justify="left")
    scores.add_column("Player")
    scores.add_column("Score", justify="right")
    for seat, score in enumerate(result.get("scores", [])):
        scores.add_row(seat_name(names, seat), signed(score))
    parts.append(scores)
    items = result.get("items") or []
    if items:
        keys: list[str] = []
        for item in items:
            keys += [k for k in item if k not in keys]
        table = Table(title="Items", title_justify="left")
        for key in keys:
            table.add_column(key.replace("_", " "),
                             justify="right" if key in ("points", "value") else "left")
        for item in items:
            table.add_row(*[str(item.get(k, "")).replace("_", " ") for k in keys])
        parts.append(table)
    extra = [f"{k.replace('_', ' ')}: {v}" for k, v in result.items()
             if k not in ("scores", "items", "outcome") and v is not None]
    if extra:
        parts.append(Text("; ".join(extra), style="dim"))
    return Group(*parts)


def render_sheet(sheet: ScoreSheet, title: str = "Score sheet") -> Table:
    """A :class:`~tarock.core.session.ScoreSheet`: one row per deal, then the totals."""
    table = Table(title=title, title_justify="left", show_footer=True)
    table.add_column("Deal", footer="Total", justify="right")
    for name, total in zip(sheet.names, sheet.totals, strict=True):
        table.add_column(name, footer=signed(total), justify="right")
    with_pot = any(sheet.pots)  # games with a kitty or pot (Bavarian tarock)
    if with_pot:
        table.add_column("Pot", footer=str(sheet.pot), justify="right")
    for label, row, pot in zip(sheet.labels, sheet.rows, sheet.pots, strict=True):
        table.add_row(label, *[signed(s) for s in row], *([signed(pot)] if with_pot else []))
    return table
