"""The ``tarock`` command line: deal, replay, simulate, play, games and options.

Every command that builds a game takes the rule options as repeatable ``--option key=value`` (keys
and values as in the rules document's options table) and ``--game``; those that print results
take ``--json``. The CLI talks to games through the protocol only (:mod:`tarock.core`,
:mod:`tarock.games`, :mod:`tarock.players`).

Bad input of any kind (an option, an argument, a record, an illegal action) ends the command with
one line ``error: <message>`` on stderr and exit status 2; the message of a
:class:`~tarock.core.errors.TarockError` names the rule ID and what was expected.
"""

from __future__ import annotations

import io
import os
import random
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

import tarock.games  # noqa: F401  (registers the games)
from tarock.cli import arena_cmd, ottocento_count, render
from tarock.cli.common import (
    DEFAULT_GAME,
    GameOpt,
    JsonOpt,
    OptionsOpt,
    echo_json,
    new_console,
)
from tarock.core.errors import InvalidOptionError, InvalidRecordError, TarockError
from tarock.core.options import parse_option_args
from tarock.core.protocol import Game, State, make_game, registered_games
from tarock.core.records import append_record, iter_records, read_record, record_from_state, replay
from tarock.core.session import play_out, players_act
from tarock.players import make_player, player_names
from tarock.players.base import is_omniscient

EXIT_BAD_INPUT = 2
QUIT_WORDS = frozenset({"q", "quit", "exit"})
LEVELS = {"easy": "cautious", "normal": "heuristic", "hard": "search"}  # --level of play
END_WORDS = frozenset({"e", "end"})


class TarockGroup(TyperGroup):
    """The command group; bad input of any kind becomes one ``error:`` line and exit status 2.

    Overriding ``main`` (rather than wrapping ``main()``) makes the console script and
    ``typer.testing.CliRunner`` behave the same.
    """

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except BrokenPipeError:  # e.g. ``tarock replay x.jsonl | head``: stop quietly
            _silence_stdout()
            rv = 1
        except (TarockError, typer.TyperException, OSError) as exc:
            typer.echo(f"error: {error_line(exc, self)}", err=True)
            rv = EXIT_BAD_INPUT
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            rv = 1
        code = rv if isinstance(rv, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the exit flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


def error_line(exc: BaseException, group: TyperGroup | None = None) -> str:
    """The one-line message for a refused input."""
    if isinstance(exc, typer.TyperException):
        ctx = getattr(exc, "ctx", None)
        if ctx is not None and type(exc).__name__ == "NoArgsIsHelpError":
            commands = ", ".join(sorted(group.commands)) if group is not None else ""
            text = f"missing command; expected one of {commands} (see --help)"
        else:
            text = exc.format_message()
            if ctx is not None and ctx.info_name and ctx.parent is not None:
                text = f"{ctx.info_name}: {text}"
    elif isinstance(exc, OSError) and exc.strerror:
        where = f"{exc.filename}: " if exc.filename else ""
        text = f"{where}{exc.strerror}"
    else:
        text = str(exc)
    return " ".join(text.split())


app = typer.Typer(
    name="tarock",
    cls=TarockGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Tarot card games of Central Europe: deal, replay, simulate and play.",
)

def main() -> None:
    """Console-script entry point (``tarock``)."""
    try:
        app(prog_name="tarock")
    except TarockError as exc:  # the group handles these; this is a last safety net
        typer.echo(f"error: {error_line(exc)}", err=True)
        sys.exit(EXIT_BAD_INPUT)


# --------------------------------------------------------------------------------------------
# Helpers


def build_game(name: str, option_args: Sequence[str] | None) -> Game:
    """The named game with the given ``key=value`` options (InvalidOptionError on bad ones)."""
    return make_game(name, parse_option_args(option_args or []))


def _fresh_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(2**31)


def player_kinds(spec: str, count: int, what: str = "--players") -> list[str]:
    """``random`` (everyone) or ``random,cautious,...`` (one per seat) → one kind per seat."""
    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    known = player_names()
    for kind in kinds:
        if kind not in known:
            raise InvalidOptionError(f"unknown player {kind!r} in {what}",
                                     expected="one of " + ", ".join(known))
    if len(kinds) == 1:
        return kinds * count
    if len(kinds) != count:
        raise InvalidOptionError(f"{what} lists {len(kinds)} players",
                                 expected=f"one kind, or {count} comma-separated kinds")
    return kinds


def _player_seed(seed: int, seat: int) -> int:
    return seed * 101 + seat


def _prefixed(exc: TarockError, prefix: str) -> InvalidRecordError:
    err = InvalidRecordError(prefix + str(exc))
    err.rule, err.expected = exc.rule, exc.expected
    return err


# --------------------------------------------------------------------------------------------
# games, options


@app.command("games")
def games_cmd(json_out: JsonOpt = False) -> None:
    """List the registered games."""
    rows = []
    for name in registered_games():
        game = make_game(name)
        rows.append({"game": name, "seats": game.num_seats, "options": len(game.options)})
    if json_out:
        echo_json(rows)
        return
    table = Table(title="Games", title_justify="left")
    table.add_column("Game")
    table.add_column("Seats (default)", justify="right")
    table.add_column("Rule options", justify="right")
    for row in rows:
        table.add_row(row["game"], str(row["seats"]), str(row["options"]))
    new_console().print(table)


@app.command("options")
def options_cmd(game: GameOpt = DEFAULT_GAME, option: OptionsOpt = None,
                json_out: JsonOpt = False) -> None:
    """List a game's rule options: current value (default unless --option), allowed values."""
    given = parse_option_args(option or [])
    g = make_game(game, given)
    values = g.options_to_json()
    rows = [{"key": spec.key, "value": values[spec.key], "allowed": spec.describe(),
             "default": spec.to_json(spec.default), "rule": spec.rule}
            for spec in g.option_specs]
    where = f"shared/rules/{game}.md, section 'Rule options'"
    if json_out:
        echo_json({"game": game, "documented_in": where, "options": rows})
        return
    table = Table(title=f"Rule options of {game}", title_justify="left")
    table.add_column("Option")
    table.add_column("Value")
    table.add_column("Default")
    table.add_column("Allowed")
    table.add_column("Rule")
    for row in rows:
        table.add_row(row["key"], _option_value(row["value"]), _option_value(row["default"]),
                      row["allowed"], row["rule"])
    console = new_console()
    console.print(table)
    console.print(f"Set with --option key=value. Documented in {where}.")


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(v) for v in value) or "(none)"
    return str(value)


# --------------------------------------------------------------------------------------------
# deal


@app.command("deal")
def deal_cmd(
    game: GameOpt = DEFAULT_GAME,
    seed: Annotated[int | None, typer.Option(help="Deal seed (random if omitted).")] = None,
    dealer: Annotated[int, typer.Option(help="Seat of the dealer.")] = 0,
    option: OptionsOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Show a deal: each seat's hand, sorted and grouped by suit, and the talon."""
    g = build_game(game, option)
    seed = _fresh_seed(seed)
    state = g.new_deal_state(seed, dealer)  # the game checks the dealer
    if json_out:
        echo_json({"game": g.name, "options": g.options_to_json(), "seed": seed,
                    "dealer": dealer, "deal": g.deal_to_json(state.deal)})
        return
    names = [f"Seat {i}" for i in range(g.num_seats)]
    new_console().print(render.render_deal(g, state.deal, dealer, names, seed))


# --------------------------------------------------------------------------------------------
# replay


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A .json record or a .jsonl file of records.")],
    json_out: JsonOpt = False,
) -> None:
    """Validate records by replaying them and print their results."""
    many = file.suffix.lower() == ".jsonl"
    try:
        records = list(iter_records(file)) if many else [read_record(file)]
    except OSError as exc:
        raise InvalidRecordError(f"{file}: cannot read the file ({exc.strerror})",
                                 expected="a readable .json or .jsonl record file") from exc
    if many and not records:
        raise InvalidRecordError(f"{file}: no records", expected="one record per line")
    summaries = []
    for k, record in enumerate(records, start=1):
        prefix = f"{file} record {k}: " if many else f"{file}: "
        try:
            state = replay(record)
        except TarockError as exc:
            raise _prefixed(exc, prefix) from exc
        summaries.append(_replay_summary(record, state))
    if json_out:
        echo_json(summaries if many else summaries[0])
        return
    console = new_console()
    if not many:
        _print_replay(console, summaries[0])
        return
    for k, summary in enumerate(summaries, start=1):
        console.print(_replay_line(k, summary), soft_wrap=True)
    console.print(f"{len(summaries)} records valid.")


def _replay_summary(record: Mapping[str, Any], state: State) -> dict[str, Any]:
    out: dict[str, Any] = {
        "valid": True,
        "game": record["game"],
        "players": list(record["players"]),
        "dealer": record["dealer"],
        "deal_multiplier": record["deal_multiplier"],
    }
    if "seed" in record:
        out["seed"] = record["seed"]
    out["actions"] = len(record["actions"])
    out["finished"] = state.is_terminal()
    out["result"] = state.result() if state.is_terminal() else None
    return out


def _print_replay(console: Console, summary: Mapping[str, Any]) -> None:
    head = f"Valid {summary['game']} record: {summary['actions']} actions"
    if "seed" in summary:
        head += f", seed {summary['seed']}"
    head += f", dealer {render.seat_name(summary['players'], summary['dealer'])}"
    console.print(Text(head, style="bold"))
    if summary["result"] is None:
        console.print("The deal is not finished.")
        return
    console.print(render.render_result(summary["result"], summary["players"]))


def _replay_line(k: int, summary: Mapping[str, Any]) -> Text:
    line = Text(f"{k:>4}  ")
    result = summary["result"]
    if result is None:
        return line.append("unfinished", style="dim")
    if "outcome" in result:
        line.append(f"{result['outcome']:<18}")
    for i, (name, score) in enumerate(zip(summary["players"], result["scores"], strict=True)):
        if i:
            line.append("  ")
        line.append(f"{name} ").append_text(render.signed(score))
    return line


# --------------------------------------------------------------------------------------------
# simulate


@app.command("simulate")
def simulate_cmd(
    deals: Annotated[int, typer.Option(min=1, help="Number of deals to play.")],
    game: GameOpt = DEFAULT_GAME,
    players: Annotated[str, typer.Option(
        help="Player kind for every seat, or a comma list with one kind per seat.")] = "random",
    seed: Annotated[int, typer.Option(help="Deal i uses seed SEED+i.")] = 0,
    option: OptionsOpt = None,
    out: Annotated[Path | None, typer.Option(help="Write the records here (.jsonl).")] = None,
    json_out: JsonOpt = False,
) -> None:
    """Play independent deals with computer players and write their records."""
    g = build_game(game, option)
    n = g.num_seats
    kinds = player_kinds(players, n)
    names = [f"{kind} {seat}" for seat, kind in enumerate(kinds)]
    outcomes: Counter[str] = Counter()
    totals = [0] * n
    console = new_console()
    quiet = json_out or not console.is_terminal
    fh = open(out, "w", encoding="utf-8", newline="\n") if out is not None else None  # noqa: SIM115
    try:
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, disable=quiet) as progress:
            task = progress.add_task("deals", total=deals)
            for i in range(deals):
                deal_seed = seed + i
                seats = [make_player(kind, _player_seed(deal_seed, s))
                         for s, kind in enumerate(kinds)]
                state = play_out(g.new_deal_state(deal_seed, i % n), players_act(seats))
                result = state.result()
                if "outcome" in result:
                    outcomes[str(result["outcome"])] += 1
                totals = [t + s for t, s in zip(totals, result["scores"], strict=True)]
                if fh is not None:
                    append_record(record_from_state(state, names, seed=deal_seed), fh)
                progress.advance(task)
    finally:
        if fh is not None:
            fh.close()
    summary: dict[str, Any] = {
        "game": g.name,
        "deals": deals,
        "seed": seed,
        "players": names,
        "outcomes": dict(sorted(outcomes.items())),
        "total_scores": totals,
        "mean_scores": [round(t / deals, 3) for t in totals],
        "out": str(out) if out is not None else None,
    }
    if json_out:
        echo_json(summary)
        return
    console.print(Text(f"{deals} deals of {g.name}, seeds {seed}-{seed + deals - 1}",
                       style="bold"))
    if outcomes:
        console.print("Outcomes: " + ", ".join(f"{k} {v}" for k, v in summary["outcomes"].items()))
    table = Table(title="Scores per seat", title_justify="left")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Total", justify="right")
    table.add_column("Mean per deal", justify="right")
    for seat, name in enumerate(names):
        table.add_row(str(seat), name, render.signed(totals[seat]),
                      f"{summary['mean_scores'][seat]:+.2f}")
    console.print(table)
    if out is not None:
        console.print(f"Records written to {out}")


# --------------------------------------------------------------------------------------------
# play


@app.command("play")
def play_cmd(
    game: GameOpt = DEFAULT_GAME,
    seed: Annotated[int | None, typer.Option(help="Session seed (random if omitted).")] = None,
    option: OptionsOpt = None,
    level: Annotated[str, typer.Option(
        help="Strength of the computer players: easy (cautious), normal (heuristic) or hard "
             "(search, the strongest).")] = "hard",
    opponents: Annotated[str | None, typer.Option(
        help="Computer player kind, or a comma list for the other seats in order (instead of "
             "--level).")] = None,
    deals: Annotated[int | None, typer.Option(
        min=1, help="Stop after this many deals (default: until the session ends).")] = None,
    end_after: Annotated[int | None, typer.Option(
        min=0, help="Announce the end of the session after this many deals (default: type 'e' "
                    "at any prompt).")] = None,
    name: Annotated[str, typer.Option(help="Your name on the score sheet.")] = "You",
) -> None:
    """Play at the table against computer players: type a choice's number, e to announce the
    end of the session after this deal, or q to quit. The seating draw decides your seat."""
    g = build_game(game, option)
    if level not in LEVELS:
        raise InvalidOptionError(f"unknown --level {level!r}", expected="easy, normal or hard")
    others = player_kinds(opponents or LEVELS[level], g.num_seats - 1, "--opponents")
    for kind in others:
        if is_omniscient(kind):
            raise InvalidOptionError(f"the {kind} player sees every card, yours included: it "
                                     "measures players in the arena and may not play against "
                                     "people", expected="another --opponents kind")
    seed = _fresh_seed(seed)
    computer_names = [f"{kind.capitalize()} {i}" for i, kind in enumerate(others, start=1)]
    if name in computer_names:
        raise InvalidOptionError(f"--name {name!r} is taken by a computer player",
                                 expected="another name")
    kind_of = dict(zip(computer_names, others, strict=True))
    session = g.new_session([name, *computer_names], seed)  # the seating draw places everyone
    names = list(session.names)
    human = names.index(name)
    computers = {s: make_player(kind_of[names[s]], _player_seed(seed, s))
                 for s in range(g.num_seats) if s != human}
    console = new_console()
    console.print(Text(f"{g.name}, seed {seed}: you are {names[human]} at seat {human}.",
                       style="bold"))
    table = _Table(console, g, session, human, names, computers)
    played = 0
    while not session.is_over() and (deals is None or played < deals):
        if end_after is not None and played >= end_after:
            table.want_end = True
        table.announce_end()
        state = session.next_state()
        number = len(session.records) + 1
        if not table.play_deal(state, number):
            console.print("You left the table.")
            console.print(render.render_sheet(session.sheet))
            return
        session.finish(state)
        played += 1
        console.rule(f"Deal {number} is over")
        console.print(render.render_result(state.result(), names))
        console.print(render.render_sheet(session.sheet))
    if session.is_over():
        console.rule("The session is over")
        _print_summary(console, session)


class _Table:
    """The human's view of one session: plays deals, prompting at the human's turns."""

    def __init__(self, console: Console, game: Game, session: Any, seat: int,
                 names: Sequence[str], computers: Mapping[int, Any]):
        self.console, self.game, self.session = console, game, session
        self.seat, self.names, self.computers = seat, names, computers
        self.want_end = False
        self.end_announced = False

    def announce_end(self) -> None:
        """Give the end-of-session warning between deals, once, if it was asked for."""
        if not self.want_end or self.end_announced:
            return
        warn = getattr(self.session, "warn_end", None)
        if callable(warn):
            warn()
            self.console.print(Text("The end of the session is announced.", style="yellow"))
        else:
            self.console.print(Text("This game has no end announcement.", style="yellow"))
        self.end_announced = True

    def play_deal(self, state: State, number: int) -> bool:
        """Play one deal to its end; False when the human quits."""
        console, names, seat = self.console, self.names, self.seat
        console.rule(f"Deal {number}")
        first = state.observation(seat)
        if seat not in first.get("active", [seat]):
            console.print(Text("You sit out this deal; it is played without you.",
                               style="yellow"))
        tricks_seen = 0
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            if p == seat:
                chosen = self.human_choice(state, legal, number)
                if chosen is None:
                    return False
                action = chosen
            else:
                action = self.computers[p].act(self.game, state.observation(p), legal)
            seen = state.describe_for(seat, p, action)  # only what the human may know
            if seen is not None:
                console.print(Text(f"  {names[p]}: {seen}", style="dim"))
            state.apply(action)
            tricks = state.observation(seat).get("tricks") or []
            if len(tricks) > tricks_seen:
                tricks_seen = len(tricks)
                winner = render.seat_name(names, tricks[-1].get("winner"))
                console.print(Text(f"  Trick {tricks_seen} to {winner}", style="green"))
        return True

    def human_choice(self, state: State, legal: Sequence[Any], number: int) -> Any | None:
        """Show the human's screen and read a legal action (None: the human quits).

        A decision that picks several cards at once (a discard) lists the cards and asks for
        the numbers of the cards to pick, rather than listing every combination.
        """
        title = f"Deal {number}: your turn"
        sets = render.card_set_choices(self.game, legal)
        if sets is not None:
            need, codes, by_set = sets
            labels = [self.game.deck.by_code[c].display for c in codes]
            self.console.print(render.render_observation(
                self.game, state.observation(self.seat), self.names, labels, title=title))
            while True:
                picks = self.ask(len(codes), need)
                if picks is None:
                    return None
                action = by_set.get(frozenset(codes[i] for i in picks))
                if action is not None:
                    return action
                self.console.print(Text("Those cards cannot go together here; pick again.",
                                        style="red"))
        ordered = render.choice_order(self.game, legal)
        labels = [state.action_to_string(a) for a in ordered]
        self.console.print(render.render_observation(
            self.game, state.observation(self.seat), self.names, labels, title=title))
        picks = self.ask(len(ordered))
        return None if picks is None else ordered[picks[0]]

    def ask(self, count: int, picks: int = 1) -> list[int] | None:
        """Read ``picks`` distinct choice numbers (0-based) or None to quit; re-asks on bad
        input."""
        what = "Choice" if picks == 1 else f"Pick {picks} cards (numbers separated by spaces)"
        while True:
            try:
                raw = typer.prompt(f"{what} [1-{count}, e to end the session, q to quit]")
            except typer.Abort:  # end of input
                return None
            raw = raw.strip().lower()
            if raw in QUIT_WORDS:
                return None
            if raw in END_WORDS:
                self.want_end = True
                self.console.print(Text("The end will be announced after this deal.",
                                        style="yellow"))
                continue
            words = raw.replace(",", " ").split()
            if (len(words) == picks and all(w.isdigit() and 1 <= int(w) <= count for w in words)
                    and len(set(words)) == picks):
                return [int(w) - 1 for w in words]
            wanted = "a number" if picks == 1 else f"{picks} different numbers"
            self.console.print(Text(f"Please type {wanted} from 1 to {count}, e or q.",
                                    style="red"))


def _print_summary(console: Console, session: Any) -> None:
    summary = getattr(session, "summary", None)
    data = summary() if callable(summary) else None
    if isinstance(data, str):
        console.print(data)
    elif isinstance(data, Mapping):
        for key, value in data.items():
            if isinstance(value, list):  # names and totals: the score sheet shows them
                continue
            console.print(f"{str(key).replace('_', ' ')}: {value}")
    console.print(render.render_sheet(session.sheet, title="Final score sheet"))


app.command("arena")(arena_cmd.arena_cmd)
app.command("ottocento-count")(ottocento_count.ottocento_count_cmd)

if __name__ == "__main__":  # pragma: no cover
    main()
