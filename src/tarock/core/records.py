"""Game records (``tarock-record/1``): build, check, replay, read and write them.

A record is the single source of truth for a deal (see ``docs/records.md``), so this
module never trusts one: :func:`replay` checks the envelope, lets the game check the deal, and then
re-plays every action through the engine, which is the only authority on legality. The first
failure becomes an :class:`InvalidRecordError` that names the action's index, seat and content, so a
person can find the bad line in a long record without a debugger.

Replay works on a fresh state that is only handed back once everything checked out; a rejected
record therefore leaves nothing behind. Records are plain JSON data: :func:`record_from_state`
normalises through JSON so that what is written is exactly what is read back, and unknown top-level
keys survive :func:`rewrite`, because the format only ever grows fields (spec, "Stability").

The module is game-agnostic: it talks to games through :mod:`tarock.core.protocol` only.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, Any, NoReturn

from tarock.core.errors import InvalidRecordError, TarockError
from tarock.core.protocol import Action, Deal, Game, State, make_game

FORMAT = "tarock-record/1"

# The keys this version of the format defines, in the order the spec writes them. Anything else
# at the top level is "unknown": ignored when reading, kept when rewriting.
KNOWN_KEYS: tuple[str, ...] = (
    "format",
    "game",
    "options",
    "players",
    "dealer",
    "deal_multiplier",
    "seed",
    "deal",
    "actions",
    "result",
)

GameFactory = Callable[[str, Mapping[str, Any] | None], Game]
PathLike = str | os.PathLike[str]


# --------------------------------------------------------------------------------------------
# Building records


def record_from_state(
    state: State,
    players: list[str] | None = None,
    seed: int | None = None,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of ``state`` (finished or not), as plain JSON data.

    ``players`` defaults to ``"Seat 0"`` .. ``"Seat n-1"``; ``seed`` is written only when given,
    since the deal alone defines the record. ``extra`` adds further top-level keys after the known
    ones (used by :func:`rewrite` to keep keys from newer writers); it may not redefine a known
    key, because that would silently contradict the state. ``result`` is present only when the
    deal is over, as the spec requires.
    """
    game = state.game
    n = game.num_seats
    if players is None:
        players = [f"Seat {i}" for i in range(n)]
    elif len(players) != n:
        raise ValueError(f"{len(players)} player names for {n} seats")
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": game.name,
        "options": game.options_to_json(),
        "players": list(players),
        "dealer": state.dealer,
        "deal_multiplier": state.multiplier,
        **state.envelope(),
    }
    if seed is not None:
        record["seed"] = seed
    record["deal"] = game.deal_to_json(state.deal)
    record["actions"] = [{"seat": seat, **game.action_to_json(a)} for seat, a in state.history]
    if state.is_terminal():
        record["result"] = state.result()
    for key, value in (extra or {}).items():
        if key in KNOWN_KEYS or key in game.envelope_keys:
            raise ValueError(f"extra key {key!r} is a record field of {FORMAT}")
        record[key] = value
    # A JSON round trip turns tuples into lists and copies everything, so the record compares
    # equal to what a reader gets back and shares no mutable data with the state.
    return _plain(record)


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


# --------------------------------------------------------------------------------------------
# Checking and replaying records


def replay(record: Mapping[str, Any], game_factory: GameFactory = make_game) -> State:
    """Check ``record`` and replay it; return the final state or raise InvalidRecordError.

    The state is built locally and returned only when every check passed, so a caller never sees
    a half-replayed deal. ``record`` itself is not modified. ``game_factory`` is how the game is
    made from ``(name, options)``; it defaults to the registry.
    """
    if not isinstance(record, Mapping):
        _fail(f"a record must be a JSON object, not {_json_type(record)}")
    fmt = record.get("format")
    if fmt != FORMAT:
        _fail(f"format is {fmt!r}", expected=repr(FORMAT))

    game = _make_game(record, game_factory)
    n = game.num_seats

    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        _fail("players must be a list of names", expected=f"{n} strings")
    if len(players) != n:
        _fail(f"{len(players)} players for a game with {n} seats", expected=f"{n} names")

    dealer = record.get("dealer")
    if not _is_int(dealer) or not 0 <= dealer < n:
        _fail(f"dealer is {dealer!r}", expected=f"a seat number 0-{n - 1}")

    multiplier = record.get("deal_multiplier")
    if not _is_int(multiplier) or multiplier < 1:
        _fail(f"deal_multiplier is {multiplier!r}", expected="a positive integer")

    if "seed" in record and not _is_int(record["seed"]):
        _fail(f"seed is {record['seed']!r}", expected="an integer (or no seed key)")

    deal_json = record.get("deal")
    if not isinstance(deal_json, Mapping):
        _fail(f"deal must be an object, not {_json_type(deal_json)}")
    try:
        deal = game.deal_from_json(deal_json)
    except _PARSE_ERRORS as exc:
        _fail_from(exc, "deal: ")

    actions = record.get("actions")
    if not isinstance(actions, list):
        _fail(f"actions must be a list, not {_json_type(actions)}")

    try:  # a game may check the deal against the dealer (e.g. who holds no cards)
        state = initial_state(game, record, deal)
    except TarockError as exc:
        _fail_from(exc, "deal: ")
    for index, item in enumerate(actions):
        _replay_action(game, state, index, item, n)

    _check_result(record, state)
    return state


def initial_state(game: Game, record: Mapping[str, Any], deal: Deal) -> State:
    """The state of ``record`` before its first action: ``deal`` (parsed from it) with its
    dealer, multiplier and the game's envelope keys (:attr:`Game.envelope_keys`). For a record
    already checked (:func:`replay`), to walk through its actions one by one."""
    envelope = {key: record[key] for key in game.envelope_keys if key in record}
    return game.new_initial_state(deal, record["dealer"], record["deal_multiplier"], **envelope)


def walk(record: Mapping[str, Any], game_factory: GameFactory = make_game
         ) -> Iterator[tuple[State, Mapping[str, Any], Action]]:
    """Each action of ``record`` with the state before it: to look at every decision of a
    finished deal as its seat saw it (``state.observation(item["seat"])``). The record is
    checked first (:func:`replay`), so the walk never stops half-way on a bad record. The
    state is one object, applied each action when the loop moves on: take what is needed of
    it (an observation, a clone) before the next step."""
    game = replay(record, game_factory).game
    state = initial_state(game, record, game.deal_from_json(record["deal"]))
    for item in record["actions"]:
        action = game.action_from_json({k: v for k, v in item.items() if k != "seat"})
        yield state, item, action
        state.apply(action)


def validate(record: Mapping[str, Any], game_factory: GameFactory = make_game) -> None:
    """Raise InvalidRecordError unless ``record`` is a valid record; the state is discarded."""
    replay(record, game_factory)


def rewrite(record: Mapping[str, Any], game_factory: GameFactory = make_game) -> dict[str, Any]:
    """Replay ``record`` and write it afresh, the way this engine writes records.

    Player names and the seed cannot be derived from the state, so they are taken from the input;
    unknown top-level keys are copied over so that a newer writer's additions survive an older
    reader. For any record made by :func:`record_from_state` the output equals the input.
    """
    state = replay(record, game_factory)
    extra = {k: v for k, v in record.items()
             if k not in KNOWN_KEYS and k not in state.game.envelope_keys}
    return record_from_state(
        state, players=list(record["players"]), seed=record.get("seed"), extra=extra
    )


def action_field(data: Mapping[str, Any], key: str) -> Any:
    """``data[key]`` of an action object; a missing field raises InvalidRecordError."""
    if key not in data:
        raise InvalidRecordError(f"action of type {data.get('type')!r} lacks {key!r}",
                                 rule="docs/records.md")
    return data[key]


def describe_action(data: Any) -> str:
    """A short rendering of an action's JSON for error messages: ``play HK``, ``discard T3 HK``.

    It is the ``type`` followed by the other fields' values in record order (lists joined by
    spaces). It never fails, because it is used exactly when the input is malformed.
    """
    if not isinstance(data, Mapping):
        return _render(data)
    parts = [_render(data.get("type", "?"))]
    parts += [_render(v) for k, v in data.items() if k not in ("seat", "type")]
    return " ".join(p for p in parts if p)


def _render(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return " ".join(_render(v) for v in value)
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return repr(value)


# Exceptions a game's JSON parsers may let slip on malformed input (a missing key, a number where
# a list belongs). They are turned into InvalidRecordError because a record is untrusted input;
# ``apply`` gets no such treatment, since an unexpected error there is an engine bug to surface.
_PARSE_ERRORS = (TarockError, KeyError, IndexError, TypeError, ValueError, AttributeError)


def _make_game(record: Mapping[str, Any], game_factory: GameFactory) -> Game:
    name = record.get("game")
    if not isinstance(name, str):
        _fail(f"game is {name!r}", expected="a game name")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        _fail(f"options must be an object, not {_json_type(options)}")
    try:
        return game_factory(name, options)
    except TarockError as exc:  # UnknownGameError, InvalidOptionError: keep their wording
        _fail_from(exc)


def _replay_action(game: Game, state: State, index: int, item: Any, n: int) -> None:
    """Check, parse and apply the action at ``index``; every failure names it."""
    if not isinstance(item, Mapping):
        _fail(f"action {index}: must be an object, not {_json_type(item)}")
    seat = item.get("seat")
    if not _is_int(seat) or not 0 <= seat < n:
        _fail(
            f"action {index} ({describe_action(item)}): seat is {seat!r}",
            expected=f"a seat number 0-{n - 1}",
        )
    prefix = f"action {index} (seat {seat}, {describe_action(item)}): illegal: "
    if state.is_terminal():
        _fail(prefix + "the deal is already over", rule=game.over_rule or None)
    turn = state.current_player()
    if seat != turn:
        _fail(prefix + f"it is seat {turn}'s turn, not seat {seat}'s",
              rule=game.turn_rule or None)
    try:
        action = game.action_from_json({k: v for k, v in item.items() if k != "seat"})
    except _PARSE_ERRORS as exc:
        _fail_from(exc, prefix)
    try:
        state.apply(action)
    except TarockError as exc:
        _fail_from(exc, prefix)


def _check_result(record: Mapping[str, Any], state: State) -> None:
    """Compare a stored ``result`` with the replayed one (an absent or null result is unchecked).

    Only the keys the engine produces are compared: a newer writer may add fields to ``result``,
    and a reader ignores what it does not know.
    """
    stored = record.get("result")
    if stored is None:
        return
    if not isinstance(stored, Mapping):
        _fail(f"result must be an object, not {_json_type(stored)}")
    if not state.is_terminal():
        _fail(
            f"result does not match replay: stored {_compact(stored)}, "
            "replayed none (the deal is not finished)"
        )
    replayed = _plain(state.result())
    if any(key not in stored or _plain(stored[key]) != value for key, value in replayed.items()):
        _fail(
            f"result does not match replay: stored {_compact(stored)}, "
            f"replayed {_compact(replayed)}"
        )


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _fail(message: str, rule: str | None = None, expected: str | None = None) -> NoReturn:
    raise InvalidRecordError(message, rule=rule, expected=expected)


def _fail_from(exc: Exception, prefix: str = "") -> NoReturn:
    """Re-raise ``exc`` as InvalidRecordError with ``prefix`` + its full text.

    The original's ``rule`` and ``expected`` are kept as attributes (they are already part of its
    text, so they are not appended twice) and the original stays reachable as ``__cause__``.
    """
    text = str(exc) if isinstance(exc, TarockError) else f"{type(exc).__name__}: {exc}"
    err = InvalidRecordError(prefix + text)
    err.rule = getattr(exc, "rule", None)
    err.expected = getattr(exc, "expected", None)
    raise err from exc


# --------------------------------------------------------------------------------------------
# Files: one record per .json file, or one record per line of a .jsonl file


def write_record(record: Mapping[str, Any], path: PathLike) -> None:
    """Write one record as pretty-printed UTF-8 JSON (for people to read and diff)."""
    text = json.dumps(record, ensure_ascii=False, indent=2)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text + "\n")


def read_record(path: PathLike) -> dict[str, Any]:
    """Read one record from a .json file; it is parsed, not checked (use :func:`replay`)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except UnicodeDecodeError as exc:
        _fail(f"{os.fspath(path)}: not UTF-8 text ({exc.reason} at byte {exc.start})")
    return _parse(text, os.fspath(path))


def write_records(records: Iterable[Mapping[str, Any]], path: PathLike) -> None:
    """Write records to a .jsonl file, one compact record per line."""
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for record in records:
            append_record(record, fh)


def append_record(record: Mapping[str, Any], fh: IO[str]) -> None:
    """Append one record as a line to an open .jsonl text file (e.g. while an arena runs).

    ``json.dumps`` escapes newlines inside strings, so one record is always exactly one line.
    """
    fh.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")


def iter_records(path: PathLike) -> Iterator[dict[str, Any]]:
    """Yield the records of a .jsonl file one at a time; blank lines are skipped.

    A malformed line raises InvalidRecordError naming the file and the 1-based line number.
    """
    name = os.fspath(path)
    # Lines are split on b"\n" and decoded one by one, so that a bad byte is reported on its own
    # line and no other character (U+2028, a lone CR) is ever taken for a line break.
    with open(path, "rb") as fh:
        for lineno, raw in enumerate(fh, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                _fail(f"{name} line {lineno}: not UTF-8 text ({exc.reason} at byte {exc.start})")
            if line.strip():
                yield _parse(line, f"{name} line {lineno}", single_line=True)


def read_records(path: PathLike) -> list[dict[str, Any]]:
    """All records of a .jsonl file (parsed, not checked)."""
    return list(iter_records(path))


def _parse(text: str, where: str, single_line: bool = False) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        at = f"column {exc.colno}" if single_line else f"line {exc.lineno}, column {exc.colno}"
        _fail(f"{where}: not valid JSON: {exc.msg} ({at})")
    if not isinstance(data, dict):
        _fail(f"{where}: a record must be a JSON object, not {_json_type(data)}")
    return data
