"""How a game is shown to people: card names, sorting, action texts, teams, result breakdowns.

The terminal, the browser and the docs all show the same things, so they share one presentation
per game. It works from JSON only (observation dicts, record-form actions, a record's ``result``),
which is all a browser ever receives, and takes every word from a message catalogue: one JSON file
per language in the package's ``i18n`` folder (``en.json``, ``hu.json``, ...). The core catalogue
holds the UI strings, in every language of :data:`LANGUAGES`; each game's catalogue its card names
and terms, in English and in the languages its players speak: a game is shown in a language only
where its package has that language's catalogue (:attr:`Presentation.languages`), so that a table
never mixes the UI of one language with the game's terms in another.

A game reaches its presentation through :meth:`tarock.core.protocol.Game.presentation`; a client
that only has the game's name gets the whole catalogue as JSON from :func:`catalogue`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from string import Formatter
from typing import TYPE_CHECKING, Any

from tarock.core.errors import InvalidOptionError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from tarock.core.protocol import Game

# The languages of the UI's words (the core catalogue words every one of them); a game adds its
# own words in some of them (Hungarian in every game, German in Bavarian tarock, Italian in
# Ottocento)
LANGUAGES = ("en", "hu", "de", "it")
DEFAULT_LANGUAGE = "en"
CORE_PACKAGE = "tarock.core"

# Record-form fields whose values are catalogue terms: field name -> key prefix.
TERM_FIELDS = {"bid": "bid", "bonus": "bonus", "item": "bonus", "owner": "team",
               "contract": "contract", "answer": "answer", "suit": "suit", "kind": "combination",
               "signal": "signal", "raise": "raise"}


def _catalogue_file(package: str, lang: str) -> Traversable:
    return resources.files(package) / "i18n" / f"{lang}.json"


@cache
def load_catalogue(package: str, lang: str) -> Mapping[str, str]:
    """The strings of ``package``'s ``i18n/<lang>.json``; empty when there is none."""
    file = _catalogue_file(package, lang)
    if not file.is_file():
        return {}
    data = json.loads(file.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


@cache
def package_languages(package: str) -> tuple[str, ...]:
    """The languages of :data:`LANGUAGES` that ``package`` has a catalogue of, English first: a
    language is added by adding its file."""
    return tuple(lang for lang in LANGUAGES if _catalogue_file(package, lang).is_file())


class _Fields(dict[str, Any]):
    """Template fields; a field the data lacks shows as nothing rather than failing."""

    def __missing__(self, key: str) -> str:
        return ""


class Presentation:
    """A game's words and orderings in one language, from its catalogue.

    Subclasses (one per game, in the game's package) set ``package`` and add what only that game
    has: how its teams are known, its table facts and its result breakdown.
    """

    package = CORE_PACKAGE

    def __init__(self, game: Game, lang: str = DEFAULT_LANGUAGE):
        self.game = game
        self.languages = package_languages(self.package)
        if lang not in self.languages:
            raise InvalidOptionError(f"no words for {game.name} in language {lang!r}",
                                     expected=" or ".join(self.languages))
        self.lang = lang
        # the English words of the game's title and of its options are the engine's own (what
        # the CLI and /api/games say); a catalogue words them in another language
        strings = {"game.title": game.title}
        strings.update({f"option.{spec.key}": spec.description for spec in game.option_specs})
        packages = dict.fromkeys((CORE_PACKAGE, self.package))
        for language in dict.fromkeys((DEFAULT_LANGUAGE, lang)):
            for package in packages:
                strings.update(load_catalogue(package, language))
        self.strings = strings
        self.missing: set[str] = set()  # keys asked for but absent: what a catalogue lacks
        suits = [c.suit for c in game.deck.cards if not c.is_trump]
        self.suit_order = {s: i + 1 for i, s in enumerate(dict.fromkeys(suits))}

    # -- words ---------------------------------------------------------------------------------

    def t(self, key: str, /, **fields: Any) -> str:
        """The catalogue string ``key`` with ``{fields}`` filled in. An unknown key shows as its
        last part in words, so a gap in a catalogue never stops a table (the tests find gaps)."""
        template = self.strings.get(key)
        if template is None:
            self.missing.add(key)
            return key.rsplit(".", 1)[-1].replace("_", " ")
        return template.format_map(_Fields(fields)) if fields else template

    def term(self, field: str, value: Any) -> str:
        """A record-form value in words: a card, a list of cards, a bid, a bonus, a suit..."""
        if field == "card":
            return self.card_short(str(value))
        if field == "cards":
            return " ".join(self.card_short(c) for c in value)
        if isinstance(value, bool):
            return self.t("ui.yes" if value else "ui.no")
        prefix = TERM_FIELDS.get(field)
        if prefix is not None and isinstance(value, str):
            return self.t(f"{prefix}.{value}")
        return str(value)

    def phase_name(self, phase: str) -> str:
        return self.t(f"phase.{phase}")

    def seat_name(self, names: Sequence[str], seat: Any) -> str:
        if isinstance(seat, str) and seat.isdecimal():
            seat = int(seat)
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return self.t("ui.seat_n", seat=seat)

    # -- cards ---------------------------------------------------------------------------------

    def card_key(self, code: str) -> str:
        """The catalogue key of a card's names: its code, unless a rule option changes the
        faces (the red fours of Hungarian tarokk, the substitute pack of Ottocento)."""
        return f"card.{code}"

    def card_short(self, code: str) -> str:
        """The name on a card's index, as a hand or a trick shows it (``XXI``, ``♥K``)."""
        return self.t(self.card_key(code))

    def card_long(self, code: str) -> str:
        """The name players say (``kőr király``, ``Eichel-Ober``)."""
        return self.t(f"{self.card_key(code)}.long")

    def card_accessible(self, code: str) -> str:
        """The name a screen reader says (``king of hearts``)."""
        return self.t(f"{self.card_key(code)}.spoken")

    def suit_name(self, suit: str) -> str:
        return self.t(f"suit.{suit}")

    def trump_suit(self, obs: Mapping[str, Any] | None) -> str:
        """The suit letter whose cards are trumps (``T``: the permanent trumps)."""
        return "T"

    def sort_key(self, code: str, obs: Mapping[str, Any] | None = None) -> tuple[int, int]:
        """The order a player sorts a hand: trumps first, high to low, then each suit high to
        low in the pack's order."""
        card = self.game.deck.by_code[code]
        trumps = self.trump_suit(obs)
        group = 0 if card.suit == trumps else self.suit_order.get(card.suit, len(self.suit_order))
        return (group, -card.rank)

    def sort_cards(self, codes: Sequence[str], obs: Mapping[str, Any] | None = None
                   ) -> list[str]:
        return sorted(codes, key=lambda c: self.sort_key(c, obs))

    def group_cards(self, codes: Sequence[str], obs: Mapping[str, Any] | None = None
                    ) -> list[tuple[str, list[str]]]:
        """The sorted hand by suit: ``[(suit letter, codes), ...]``, trumps first."""
        groups: list[tuple[str, list[str]]] = []
        for code in self.sort_cards(codes, obs):
            suit = self.game.deck.by_code[code].suit
            if groups and groups[-1][0] == suit:
                groups[-1][1].append(code)
            else:
                groups.append((suit, [code]))
        return groups

    def card_colour(self, code: str, obs: Mapping[str, Any] | None = None) -> str:
        """``trump``, ``red`` or ``black``: how a client may colour the card."""
        card = self.game.deck.by_code[code]
        if card.suit == self.trump_suit(obs):
            return "trump"
        return "red" if self.strings.get(f"colour.{card.suit}") == "red" else "black"

    # -- actions -------------------------------------------------------------------------------

    def action_text(self, data: Mapping[str, Any], obs: Mapping[str, Any] | None = None) -> str:
        """An action's words from its record form (``{"type": "call", "card": "T20"}`` →
        ``call XX``); ``obs`` is the observation of the seat that reads it, where the words
        depend on the position (a kontra's level)."""
        key = self.action_key(data)
        wanted = {name for _, name, _, _ in Formatter().parse(self.strings.get(key, "")) if name}
        return self.t(key, **{k: self.term(k, data[k]) for k in wanted if k in data})

    def hidden_action_text(self, data: Mapping[str, Any]) -> str:
        """What the other seats see of a face-down action (a discard): how many cards."""
        cards = data.get("cards")
        count = len(cards) if isinstance(cards, list) else 1
        key = f"action.{data.get('type', '')}.hidden"
        if count == 1 and f"{key}.one" in self.strings:
            key += ".one"
        return self.t(key, count=count)

    def action_key(self, data: Mapping[str, Any]) -> str:
        """The catalogue key of an action's template; games refine it by a field's value."""
        return f"action.{data.get('type', '')}"

    def seen_text(self, data: Mapping[str, Any], full: bool,
                  obs: Mapping[str, Any] | None = None) -> str:
        """An action as a seat perceived it: in full, or (``full`` false) as much of it as a
        face-down action shows, where the game has such a form."""
        if not full and f"action.{data.get('type', '')}.hidden" in self.strings:
            return self.hidden_action_text(data)
        return self.action_text(data, obs)

    def expected_choices(self, obs: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Record forms a player may expect to be offered now. A client asks the engine why one
        is missing (its refusal names the rule) rather than leaving the player to wonder."""
        if obs.get("phase") == "play":
            return [{"type": "play", "card": c} for c in obs.get("hand", [])]
        return []

    def refusal(self, message: str, reason: str | None) -> str:
        """An engine's refusal of an expected choice in this language: the catalogue's words
        for its ``reason`` (:class:`~tarock.core.errors.TarockError`), else the engine's
        English ``message``. A missing key is noted (``missing``) for the tests to find."""
        if reason is None:
            return message
        key = f"refusal.{reason}"
        if key not in self.strings:
            self.missing.add(key)
            return message
        return self.strings[key]

    # -- the table -----------------------------------------------------------------------------

    def sides(self, obs: Mapping[str, Any]) -> dict[int, str]:
        """Each seat's side as far as the observing seat may know it, as a catalogue key
        suffix (``side.<key>``) a client may also style by; empty while there are no sides."""
        return {}

    def teams(self, obs: Mapping[str, Any]) -> dict[int, str]:
        """:meth:`sides` in words."""
        return {seat: self.t(f"side.{side}") for seat, side in self.sides(obs).items()}

    def facts(self, obs: Mapping[str, Any], names: Sequence[str]) -> list[tuple[str, str]]:
        """The game's lines of a table display: ``(label, text)`` pairs, each one line."""
        return []

    def status(self, obs: Mapping[str, Any], names: Sequence[str]) -> str:
        """One line: who deals, the phase and whose turn it is, unless it is the observing
        seat's own (its screen says so in its own words: "{name} to act" with the person's
        name breaks the grammar of other languages, "You ist dran")."""
        parts = []
        if obs.get("multiplier", 1) != 1:
            parts.append(self.t("ui.multiplier", n=obs["multiplier"]))
        if "dealer" in obs:
            parts.append(self.t("ui.dealer_is", name=self.seat_name(names, obs["dealer"])))
        if "phase" in obs:
            parts.append(self.phase_name(str(obs["phase"])))
        to_act = obs.get("current_player")
        if isinstance(to_act, int) and to_act >= 0 and to_act != obs.get("seat"):
            parts.append(self.t("ui.to_act", name=self.seat_name(names, to_act)))
        return " · ".join(parts)

    # -- results -------------------------------------------------------------------------------

    def result_breakdown(self, result: Mapping[str, Any], names: Sequence[str]
                         ) -> dict[str, Any]:
        """A deal's result for people: ``outcome`` (a line), ``columns`` (the sides),
        ``rows`` (``{"label", "points": [per column, None where empty]}``, with ``details``:
        lines such as the combinations an item counts), ``totals`` (per
        column), ``scores`` (``{"name", "score"}`` per seat) and ``notes`` (lines)."""
        return {
            "outcome": self.t(f"outcome.{result.get('outcome')}") if "outcome" in result else "",
            "columns": [], "rows": [], "totals": [],
            "scores": self.scores(result, names), "notes": [],
        }

    def scores(self, result: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
        return [{"name": self.seat_name(names, seat), "score": score}
                for seat, score in enumerate(result.get("scores", []))]

    def sheet_label(self, label: str) -> str:
        """A score sheet row's label in words: a deal's number as it is, another row (a
        Bavarian match's stakes, the fund shared out at its end) by its catalogue key."""
        return label if label.isdecimal() else self.t(f"sheet.{label}")

    def summary_text(self, key: str, value: Any) -> str:
        """A value of a session's summary (``Session.summary()``: names, counts, flags) in
        words, for the end of a session; a game words its own values (Ottocento's)."""
        if isinstance(value, Mapping):
            return " · ".join(f"{k} {v}" for k, v in value.items())
        if isinstance(value, bool):
            return self.t("ui.yes" if value else "ui.no")
        return str(value)

    # -- the catalogue -------------------------------------------------------------------------

    def catalogue(self) -> dict[str, Any]:
        """Every string of this game in this language, as one JSON-ready object, with the pack
        (each card's suit, rank, points, catalogue key and colour) and the suit order, so that
        a browser can name, colour and sort cards as :meth:`sort_key` does: the trump suit of
        the deal first (``T`` where the trumps are permanent), each suit high to low."""
        return {
            "game": self.game.name, "lang": self.lang, "languages": list(self.languages),
            "cards": [{"code": c.code, "suit": c.suit, "rank": c.rank, "points": c.points,
                       "key": self.card_key(c.code), "colour": self.card_colour(c.code)}
                      for c in self.game.deck.cards],
            "suits": ["T", *self.suit_order],
            "strings": dict(sorted(self.strings.items())),
        }


def catalogue(game: str, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The catalogue of a registered game in ``lang`` (what the server sends a browser)."""
    from tarock.core.protocol import make_game  # the protocol imports this module

    return make_game(game).presentation(lang).catalogue()
