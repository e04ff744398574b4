"""Tests of the record format (``tarock-record/1``) with a tiny fake game.

No real game is needed to check the record machinery, and a fake one keeps these tests independent
of the engines: "test-highcard" is a 2-seat game with a 4-card pack (C1..C4). Each seat is dealt one
card, the other two form the talon; the seat after the dealer plays first, then the other, and the
higher card wins (the lower one with the ``low_wins`` option), for ``stakes`` times the deal
multiplier.
"""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarock.core.cards import Card, Deck, bits
from tarock.core.encoding import ActionEncoding
from tarock.core.errors import IllegalActionError, InvalidRecordError
from tarock.core.options import OptionSpec, parse_options
from tarock.core.protocol import TERMINAL, Deal, Game, State, make_game, register_game
from tarock.core.records import (
    FORMAT,
    append_record,
    describe_action,
    read_record,
    read_records,
    record_from_state,
    replay,
    rewrite,
    validate,
    walk,
    write_record,
    write_records,
)
from tarock.core.rng import shuffled

# --------------------------------------------------------------------------------------------
# The fake game

NAME = "test-highcard"
DECK = Deck(Card(i, f"C{i + 1}", "C", i + 1, i + 1, f"C{i + 1}") for i in range(4))
SPECS = (
    OptionSpec("stakes", "int", 1, choices=(1, 2, 3), rule="HC-2"),
    OptionSpec("low_wins", "bool", False, rule="HC-3"),
)


@dataclass(frozen=True)
class Play:
    card: int


class HighCardEncoding(ActionEncoding):
    max_tokens = 2

    def __init__(self) -> None:
        super().__init__([("play", 4, "the card played")], DECK, ("play",))

    def spell(self, action: Any) -> tuple[int, ...]:
        return (action.card,)


class HighCardGame(Game):
    name = NAME
    title = "High card"
    option_specs = SPECS

    def __init__(self, options: Mapping[str, Any] | None = None):
        self.deck = DECK
        self.options = parse_options(SPECS, options, NAME)

    @property
    def num_seats(self) -> int:
        return 2

    def deal(self, seed: int, dealer: int = 0) -> Deal:
        order = shuffled(list(range(4)), seed)
        return Deal(hands=(1 << order[0], 1 << order[1]), talon=(order[2], order[3]))

    def new_initial_state(self, deal: Deal, dealer: int = 0, multiplier: int = 1,
                          **envelope: Any) -> State:
        return HighCardState(self, deal, dealer, multiplier)

    def action_to_json(self, action: Any) -> dict[str, Any]:
        return {"type": "play", "card": DECK.code(action.card)}

    def action_from_json(self, data: Mapping[str, Any]) -> Any:
        if data.get("type") != "play":
            raise InvalidRecordError(f"unknown action type {data.get('type')!r}", expected="play")
        card = data.get("card")
        if not isinstance(card, str):
            raise InvalidRecordError(f"card is {card!r}", expected="a card code")
        return Play(DECK.index(card))

    def deal_to_json(self, deal: Deal) -> dict[str, Any]:
        return {
            "hands": [DECK.codes(mask) for mask in deal.hands],
            "talon": [DECK.code(i) for i in deal.talon],
        }

    def deal_from_json(self, data: Mapping[str, Any]) -> Deal:
        hands, talon = data["hands"], data["talon"]
        if len(hands) != 2 or any(len(h) != 1 for h in hands) or len(talon) != 2:
            raise InvalidRecordError("a deal is one card per hand and two in the talon")
        seen: set[str] = set()
        for code in [c for h in hands for c in h] + list(talon):
            DECK.index(code)
            if code in seen:
                raise InvalidRecordError(f"card {code} appears twice", rule="HC-0")
            seen.add(code)
        # Four distinct known codes in four places: none can be missing, but say so if it were.
        for card in DECK.cards:
            if card.code not in seen:
                raise InvalidRecordError(f"card {card.code} is missing", rule="HC-0")
        return Deal(
            hands=tuple(DECK.mask(h) for h in hands), talon=tuple(DECK.index(c) for c in talon)
        )

    def options_to_json(self) -> dict[str, Any]:
        return {s.key: s.to_json(self.options[s.key]) for s in SPECS}

    def action_encoding(self) -> ActionEncoding:
        return HighCardEncoding()

    def new_session(self, names: Any, seed: int) -> Any:
        raise NotImplementedError("the test game has no sessions")


class HighCardState(State):
    def __init__(self, game: HighCardGame, deal: Deal, dealer: int, multiplier: int):
        self.game = game
        self.deal = deal
        self.dealer = dealer
        self.multiplier = multiplier
        self.history: list[tuple[int, Any]] = []
        self.hands = list(deal.hands)

    def current_player(self) -> int:
        if len(self.history) == 2:
            return TERMINAL
        return (self.dealer + 1 + len(self.history)) % 2

    def legal_actions(self) -> list[Any]:
        return [Play(i) for i in bits(self.hands[self.current_player()])]

    def apply(self, action: Any) -> None:
        seat = self.current_player()
        if seat == TERMINAL:
            raise IllegalActionError("the deal is over")
        if not (isinstance(action, Play) and self.hands[seat] >> action.card & 1):
            code = DECK.code(action.card) if isinstance(action, Play) else repr(action)
            raise IllegalActionError(f"card {code} is not in seat {seat}'s hand", rule="HC-1")
        self.hands[seat] &= ~(1 << action.card)
        self.history.append((seat, action))

    def clone(self) -> State:
        other = copy.copy(self)
        other.history = list(self.history)
        other.hands = list(self.hands)
        return other

    def is_terminal(self) -> bool:
        return len(self.history) == 2

    def result(self) -> dict[str, Any]:
        assert self.is_terminal()
        cards = {seat: action.card for seat, action in self.history}
        low = self.game.options["low_wins"]
        winner = min(cards, key=cards.__getitem__) if low else max(cards, key=cards.__getitem__)
        points = self.game.options["stakes"] * self.multiplier
        scores = [points if seat == winner else -points for seat in range(2)]
        return {
            "scores": scores,
            "items": [{"item": "game", "team": f"seat {winner}", "points": points}],
        }

    def observation(self, seat: int) -> dict[str, Any]:
        return {
            "hand": DECK.codes(self.hands[seat]),
            "played": [[s, DECK.code(a.card)] for s, a in self.history],
        }

    def public_observation(self) -> dict[str, Any]:
        return {"played": [[s, DECK.code(a.card)] for s, a in self.history]}

    def action_to_string(self, action: Any) -> str:
        return f"play {DECK.code(action.card)}"


register_game(NAME, HighCardGame)


# --------------------------------------------------------------------------------------------
# Helpers

# Seat 0 holds C1, seat 1 holds C3; with dealer 1, seat 0 leads and seat 1 wins.
FIXED_DEAL = Deal(hands=(1 << 0, 1 << 2), talon=(1, 3))


def play_out(state: State, steps: int | None = None) -> State:
    """Apply the first legal action until the end (or for ``steps`` actions)."""
    while not state.is_terminal() and steps != 0:
        state.apply(state.legal_actions()[0])
        steps = None if steps is None else steps - 1
    return state


def finished_record(**kwargs: Any) -> dict[str, Any]:
    game = make_game(NAME, kwargs.pop("options", None))
    state = play_out(game.new_initial_state(FIXED_DEAL, dealer=1, multiplier=2))
    return record_from_state(state, **kwargs)


def rejected(record: Any) -> str:
    with pytest.raises(InvalidRecordError) as info:
        replay(record)
    return str(info.value)


# --------------------------------------------------------------------------------------------
# Building records


def test_record_from_finished_state_has_spec_keys_in_order() -> None:
    record = finished_record(players=["Anna", "Béla"], seed=7, extra={"note": "x"})
    assert list(record) == [
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
        "note",
    ]
    assert record == {
        "format": FORMAT,
        "game": NAME,
        "options": {"stakes": 1, "low_wins": False},
        "players": ["Anna", "Béla"],
        "dealer": 1,
        "deal_multiplier": 2,
        "seed": 7,
        "deal": {"hands": [["C1"], ["C3"]], "talon": ["C2", "C4"]},
        "actions": [
            {"seat": 0, "type": "play", "card": "C1"},
            {"seat": 1, "type": "play", "card": "C3"},
        ],
        "result": {"scores": [-2, 2], "items": [{"item": "game", "team": "seat 1", "points": 2}]},
        "note": "x",
    }


def test_record_defaults_and_unfinished_state() -> None:
    state = play_out(make_game(NAME).new_initial_state(FIXED_DEAL, dealer=1), steps=1)
    record = record_from_state(state)
    assert record["players"] == ["Seat 0", "Seat 1"]
    assert "seed" not in record
    assert "result" not in record
    assert record["actions"] == [{"seat": 0, "type": "play", "card": "C1"}]
    assert replay(record).history == state.history


def test_record_is_plain_json_independent_of_state() -> None:
    state = play_out(make_game(NAME).new_initial_state(FIXED_DEAL, dealer=1))
    record = record_from_state(state)
    assert json.loads(json.dumps(record)) == record
    record["actions"].clear()
    assert len(state.history) == 2


def test_record_from_state_rejects_bad_arguments() -> None:
    state = make_game(NAME).new_initial_state(FIXED_DEAL)
    with pytest.raises(ValueError, match="3 player names for 2 seats"):
        record_from_state(state, players=["a", "b", "c"])
    with pytest.raises(ValueError, match="'dealer'"):
        record_from_state(state, extra={"dealer": 0})


# --------------------------------------------------------------------------------------------
# Round trips


def test_json_round_trip(tmp_path: Path) -> None:
    record = finished_record(players=["Anna", "Dezső"], seed=12345)
    path = tmp_path / "deal.json"
    write_record(record, path)
    text = path.read_text(encoding="utf-8")
    assert "Dezső" in text and "\n  " in text  # UTF-8, pretty
    back = read_record(path)
    assert back == record
    state = replay(back)
    assert state.is_terminal()
    assert record_from_state(state, players=back["players"], seed=back["seed"]) == record
    assert rewrite(back) == record


def test_jsonl_round_trip(tmp_path: Path) -> None:
    game = make_game(NAME, {"stakes": 3})
    records = []
    for seed in range(20):
        state = play_out(game.new_deal_state(seed, dealer=seed % 2, multiplier=1 << (seed % 3)))
        records.append(record_from_state(state, seed=seed))
    path = tmp_path / "deals.jsonl"
    write_records(records, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 20
    assert all(", " not in line and '": ' not in line for line in lines)  # compact
    back = read_records(path)
    assert back == records
    for record in back:
        assert replay(record).result() == record["result"]
        assert rewrite(record) == record


def test_append_record_writes_one_line_each() -> None:
    fh = io.StringIO()
    one = finished_record(players=["line\nbreak", "x\u2028y"])
    append_record(one, fh)
    append_record(finished_record(), fh)
    lines = fh.getvalue().split("\n")
    assert lines[2] == "" and len(lines) == 3
    assert json.loads(lines[0]) == one


def test_jsonl_skips_blank_lines_and_keeps_u2028(tmp_path: Path) -> None:
    record = finished_record(players=["a\u2028b", "c"])
    path = tmp_path / "deals.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n")
        append_record(record, fh)
        fh.write("   \n")
        append_record(record, fh)
    assert read_records(path) == [record, record]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    dealer=st.integers(min_value=0, max_value=1),
    multiplier=st.sampled_from([1, 2, 4, 8]),
    stakes=st.sampled_from([1, 2, 3]),
    low_wins=st.booleans(),
    steps=st.sampled_from([0, 1, None]),
)
def test_round_trip_property(
    seed: int, dealer: int, multiplier: int, stakes: int, low_wins: bool, steps: int | None
) -> None:
    game = make_game(NAME, {"stakes": stakes, "low_wins": low_wins})
    state = play_out(game.new_deal_state(seed, dealer, multiplier), steps)
    record = record_from_state(state, seed=seed)
    text = json.dumps(record)
    back = json.loads(text)
    replayed = replay(back)
    assert replayed.history == state.history
    assert replayed.is_terminal() == state.is_terminal()
    assert rewrite(back) == record
    assert json.dumps(rewrite(back)) == text  # same key order too


# --------------------------------------------------------------------------------------------
# Stability: unknown keys


def test_unknown_keys_are_ignored_and_kept(tmp_path: Path) -> None:
    record = finished_record(players=["Anna", "Bela"], seed=3)
    record["venue"] = {"city": "Pécs", "table": 4}
    record["tags"] = ["club", "2024"]
    path = tmp_path / "deal.json"
    write_record(record, path)
    out = rewrite(read_record(path))
    assert out == record
    assert list(out)[-2:] == ["venue", "tags"]
    assert out["players"] == ["Anna", "Bela"] and out["seed"] == 3

    path = tmp_path / "deals.jsonl"
    write_records([record], path)
    assert [rewrite(r) for r in read_records(path)] == [record]


def test_unknown_result_fields_are_tolerated() -> None:
    record = finished_record()
    record["result"]["comment"] = "added by a newer writer"
    validate(record)


def test_null_result_means_unchecked() -> None:
    record = finished_record()
    record["result"] = None
    validate(record)


def test_custom_game_factory() -> None:
    calls: list[str] = []

    def factory(name: str, options: Mapping[str, Any] | None) -> Game:
        calls.append(name)
        return HighCardGame(options)

    record = finished_record()
    record["game"] = "renamed-elsewhere"
    assert replay(record, factory).is_terminal()
    assert calls == ["renamed-elsewhere"]


# --------------------------------------------------------------------------------------------
# Validation failures


def test_bad_format() -> None:
    record = finished_record()
    record["format"] = "tarock-record/2"
    assert rejected(record) == "format is 'tarock-record/2'; expected 'tarock-record/1'"
    del record["format"]
    assert rejected(record) == "format is None; expected 'tarock-record/1'"


def test_not_an_object() -> None:
    assert rejected([1, 2]) == "a record must be a JSON object, not a list"


def test_unknown_game() -> None:
    record = finished_record()
    record["game"] = "skat"
    message = rejected(record)
    assert message.startswith("unknown game 'skat'; expected one of ")
    assert NAME in message


def test_bad_option_value_keeps_message() -> None:
    record = finished_record()
    record["options"]["stakes"] = 7
    assert rejected(record) == (
        "invalid value 7 for option 'stakes'; expected an integer 1-3 (HC-2)"
    )
    with pytest.raises(InvalidRecordError) as info:
        replay(record)
    assert info.value.rule == "HC-2"


def test_unknown_option() -> None:
    record = finished_record()
    record["options"]["colour"] = "red"
    assert rejected(record).startswith("unknown option 'colour' for test-highcard")


def test_options_may_be_omitted_but_not_malformed() -> None:
    record = finished_record()
    del record["options"]
    validate(record)
    record["options"] = ["stakes"]
    assert rejected(record) == "options must be an object, not a list"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Anna"], "1 players for a game with 2 seats; expected 2 names"),
        (["a", "b", "c"], "3 players for a game with 2 seats; expected 2 names"),
        ("Anna, Bela", "players must be a list of names; expected 2 strings"),
        (["Anna", 5], "players must be a list of names; expected 2 strings"),
    ],
)
def test_wrong_players(players: Any, message: str) -> None:
    record = finished_record()
    record["players"] = players
    assert rejected(record) == message


@pytest.mark.parametrize("dealer", [2, -1, "0", True, None])
def test_bad_dealer(dealer: Any) -> None:
    record = finished_record()
    record["dealer"] = dealer
    assert rejected(record) == f"dealer is {dealer!r}; expected a seat number 0-1"


@pytest.mark.parametrize("multiplier", [0, -2, 1.5, True, "2"])
def test_bad_deal_multiplier(multiplier: Any) -> None:
    record = finished_record()
    record["deal_multiplier"] = multiplier
    assert rejected(record) == f"deal_multiplier is {multiplier!r}; expected a positive integer"


def test_bad_seed() -> None:
    record = finished_record(seed=1)
    record["seed"] = "one"
    assert rejected(record).startswith("seed is 'one'")


def test_card_twice() -> None:
    record = finished_record()
    record["deal"]["talon"] = ["C1", "C4"]
    assert rejected(record) == "deal: card C1 appears twice (HC-0)"


def test_card_missing() -> None:
    record = finished_record()
    record["deal"]["talon"] = ["C4"]
    assert rejected(record) == "deal: a deal is one card per hand and two in the talon"


def test_unknown_card_code_in_deal() -> None:
    record = finished_record()
    record["deal"]["hands"][0] = ["C9"]
    assert rejected(record) == "deal: unknown card code 'C9'"


def test_malformed_deal() -> None:
    record = finished_record()
    del record["deal"]["talon"]
    assert rejected(record) == "deal: KeyError: 'talon'"
    record["deal"] = ["C1"]
    assert rejected(record) == "deal must be an object, not a list"


def test_wrong_seat() -> None:
    record = finished_record()
    record["actions"][0]["seat"] = 1
    message = rejected(record)
    assert message == "action 0 (seat 1, play C1): illegal: it is seat 0's turn, not seat 1's"


def test_illegal_action_message() -> None:
    record = finished_record()
    record["actions"][1]["card"] = "C2"
    del record["result"]
    message = rejected(record)
    assert message == "action 1 (seat 1, play C2): illegal: card C2 is not in seat 1's hand (HC-1)"
    with pytest.raises(InvalidRecordError) as info:
        replay(record)
    assert info.value.rule == "HC-1"
    assert isinstance(info.value.__cause__, IllegalActionError)


def test_unparsable_action() -> None:
    record = finished_record()
    record["actions"][1] = {"seat": 1, "type": "bid", "bid": "passz"}
    assert rejected(record) == (
        "action 1 (seat 1, bid passz): illegal: unknown action type 'bid'; expected play"
    )
    record["actions"][1] = {"seat": 1, "type": "play", "card": "ZZ"}
    assert rejected(record) == "action 1 (seat 1, play ZZ): illegal: unknown card code 'ZZ'"


def test_malformed_action_objects() -> None:
    record = finished_record()
    record["actions"][1] = "play C3"
    assert rejected(record) == "action 1: must be an object, not a string"
    record["actions"][1] = {"type": "play", "card": "C3"}
    assert rejected(record) == "action 1 (play C3): seat is None; expected a seat number 0-1"
    record["actions"][1] = {"seat": 5, "type": "play", "card": "C3"}
    assert rejected(record) == "action 1 (play C3): seat is 5; expected a seat number 0-1"
    record["actions"] = {"0": {}}
    assert rejected(record) == "actions must be a list, not an object"


def test_action_after_the_end() -> None:
    record = finished_record()
    record["actions"].append({"seat": 0, "type": "play", "card": "C2"})
    assert rejected(record) == "action 2 (seat 0, play C2): illegal: the deal is already over"


def test_result_mismatch() -> None:
    record = finished_record()
    record["result"]["scores"] = [2, -2]
    assert rejected(record) == (
        'result does not match replay: stored {"scores": [2, -2], "items": [{"item": "game", '
        '"team": "seat 1", "points": 2}]}, replayed {"scores": [-2, 2], "items": [{"item": '
        '"game", "team": "seat 1", "points": 2}]}'
    )


def test_result_on_unfinished_record() -> None:
    record = finished_record()
    record["actions"].pop()
    message = rejected(record)
    assert message.startswith("result does not match replay: stored {")
    assert message.endswith("replayed none (the deal is not finished)")


def test_result_missing_engine_field() -> None:
    record = finished_record()
    del record["result"]["items"]
    assert rejected(record).startswith("result does not match replay")


@pytest.mark.parametrize(
    ("data", "text"),
    [
        ({"seat": 0, "type": "play", "card": "HK"}, "play HK"),
        ({"seat": 0, "type": "discard", "cards": ["T3", "HK"]}, "discard T3 HK"),
        ({"seat": 0, "type": "pass"}, "pass"),
        ({"seat": 0, "type": "annul", "annul": False}, "annul false"),
        ({"seat": 0, "type": "count", "count": 8}, "count 8"),
        ({"type": "kontra", "item": "game", "owner": "declarer"}, "kontra game declarer"),
        ({"seat": 0}, "?"),
        (42, "42"),
    ],
)
def test_describe_action(data: Any, text: str) -> None:
    assert describe_action(data) == text


# --------------------------------------------------------------------------------------------
# Nothing half-applied


def test_rejected_record_leaves_nothing_behind() -> None:
    record = finished_record()
    record["actions"][1]["card"] = "C2"
    snapshot = copy.deepcopy(record)
    state = None
    with pytest.raises(InvalidRecordError):
        state = replay(record)
    assert state is None  # no partial state reached the caller
    with pytest.raises(InvalidRecordError):
        validate(record)
    assert record == snapshot  # the input is untouched
    # The same prefix still replays cleanly: nothing global was disturbed.
    record["actions"].pop()
    del record["result"]
    assert len(replay(record).history) == 1


def test_walk_gives_each_action_with_the_state_before_it() -> None:
    record = finished_record()
    seen = []
    for state, item, action in walk(record):
        assert item["seat"] == state.current_player()  # the seat to act, before the action
        assert action in state.legal_actions()
        seen.append((item["seat"], DECK.code(action.card), len(state.history)))
    assert seen == [(0, "C1", 0), (1, "C3", 1)]
    assert state.is_terminal()  # the last action is applied once the loop moves on
    assert state.result() == replay(record).result()


def test_walk_checks_the_record_before_the_first_step() -> None:
    record = finished_record()
    record["actions"][1]["card"] = "C2"
    del record["result"]
    steps = walk(record)
    with pytest.raises(InvalidRecordError, match="action 1"):
        next(steps)  # the bad second action stops the walk before its first step


# --------------------------------------------------------------------------------------------
# Reading malformed files


def test_malformed_jsonl_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    good = json.dumps(finished_record())
    path.write_text(f"{good}\n\n{good[:-5]}\n{good}\n", encoding="utf-8")
    with pytest.raises(InvalidRecordError) as info:
        read_records(path)
    assert str(info.value).startswith(f"{path} line 3: not valid JSON: ")
    assert "(column " in str(info.value)


def test_jsonl_line_that_is_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(InvalidRecordError, match="line 1: a record must be a JSON object"):
        read_records(path)


def test_jsonl_bad_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_bytes(json.dumps(finished_record()).encode() + b'\n{"a": "\xff"}\n')
    with pytest.raises(InvalidRecordError, match=r"line 2: not UTF-8 text"):
        read_records(path)


def test_malformed_json_file(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text('{"format": "tarock-record/1",\n  "game": }\n', encoding="utf-8")
    with pytest.raises(InvalidRecordError) as info:
        read_record(path)
    assert str(info.value).startswith(f"{path}: not valid JSON: Expecting value (line 2, column")


# --------------------------------------------------------------------------------------------
# Layering


def test_records_module_imports_no_game_package() -> None:
    code = (
        "import sys, tarock.core.records\n"
        "print([m for m in sys.modules if m.startswith('tarock.')"
        " and not m.startswith('tarock.core')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
