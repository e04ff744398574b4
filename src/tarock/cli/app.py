"""The ``tarock`` command line: deal, replay, simulate, play, games, options and rules.

Every command that builds a game takes the rule options as repeatable ``--option key=value`` (keys
and values as in the rules document's options table) and ``--game``; those that print results
take ``--json``. The CLI talks to games through the protocol only (:mod:`tarock.core`,
:mod:`tarock.games`, :mod:`tarock.players`).

Bad input of any kind (an option, an argument, a record, an illegal action) ends the command with
one line ``error: <message>`` on stderr and exit status 2; the message of a
:class:`~tarock.core.errors.TarockError` names the rule ID and what was expected.
"""

from __future__ import annotations

import importlib
import io
import os
import random
import sys
from collections import Counter, deque
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
from tarock.arena.simulate import SimulateSpec, player_seed, simulate
from tarock.cli import arena_cmd, options_cmd, render, rules_cmd, serve_cmd
from tarock.cli.common import (
    DEFAULT_GAME,
    GameOpt,
    JsonOpt,
    OptionsOpt,
    RayOpt,
    echo_json,
    new_console,
)
from tarock.cli.rules_cmd import print_rule
from tarock.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    InvalidRecordError,
    TarockError,
)
from tarock.core.guides import GUIDES, RULE_ID, find_rule
from tarock.core.options import parse_option_args
from tarock.core.presentation import Presentation
from tarock.core.protocol import (
    Game,
    State,
    make_game,
    refusal,
    registered_commands,
    registered_games,
)
from tarock.core.records import append_record, iter_records, read_record, replay
from tarock.players import make_player
from tarock.players.base import LEVELS, is_omniscient

EXIT_BAD_INPUT = 2
QUIT_WORDS = frozenset({"q", "quit", "exit"})
END_WORDS = frozenset({"e", "end"})
YES_WORDS = frozenset({"y", "yes", "i", "igen", "j", "ja", "s", "si", "sì"})  # en, hu, de, it
RECENT_EVENTS = 3  # events of the table shown on a redrawn screen


class TarockGroup(TyperGroup):
    """The command group; bad input of any kind becomes one ``error:`` line and exit status 2.

    Overriding ``main`` (rather than wrapping ``main()``) makes the console script and
    ``typer.testing.CliRunner`` behave the same.
    """

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for command in self.commands.values():
            if command.short_help is None and command.help:
                command.short_help = summary(command.help)

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


def summary(help_text: str) -> str:
    """A command's help up to its first blank line, as one line: the list of commands shows it
    (Typer's Rich panel keeps a docstring's line breaks, and the documentation's list keeps only
    its first line, which cut the summaries mid-sentence)."""
    return " ".join(help_text.split("\n\n")[0].split())


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
    """``random`` (everyone) or ``random,cautious,...`` (one per seat) → one kind per seat; a
    kind may carry settings (``search:rollouts=false``, see :func:`make_player`)."""
    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    for kind in kinds:
        try:
            make_player(kind)
        except InvalidOptionError as error:
            raise InvalidOptionError(f"{error.message} in {what}", error.rule,
                                     error.expected) from None
    if len(kinds) == 1:
        return kinds * count
    if len(kinds) != count:
        raise InvalidOptionError(f"{what} lists {len(kinds)} players",
                                 expected=f"one kind, or {count} comma-separated kinds")
    return kinds


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
    new_console().print(render.render_deal(g.presentation(), state.deal, dealer, names, seed))


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
        _print_replay(console, summaries[0], state.game.presentation())
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


def _print_replay(console: Console, summary: Mapping[str, Any], pres: Presentation) -> None:
    head = f"Valid {summary['game']} record: {summary['actions']} actions"
    if "seed" in summary:
        head += f", seed {summary['seed']}"
    head += f", dealer {pres.seat_name(summary['players'], summary['dealer'])}"
    console.print(Text(head, style="bold"))
    if summary["result"] is None:
        console.print("The deal is not finished.")
        return
    console.print(render.render_result(pres, summary["result"], summary["players"]))


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
        help="Player kind for every seat, or a comma list with one kind per seat; "
             "KIND:KEY=VALUE:... sets a kind's settings (search:rollouts=false).")] = "random",
    seed: Annotated[int, typer.Option(help="Deal i uses seed SEED+i.")] = 0,
    workers: Annotated[int, typer.Option(
        min=1, help="Local worker processes (1: play in this process); with --ray, the CPUs "
                    "of a local Ray instance. The results do not depend on it.")] = 1,
    ray: RayOpt = None,
    option: OptionsOpt = None,
    out: Annotated[Path | None, typer.Option(help="Write the records here (.jsonl).")] = None,
    json_out: JsonOpt = False,
) -> None:
    """Play independent deals with computer players and write their records."""
    g = build_game(game, option)
    n = g.num_seats
    kinds = player_kinds(players, n)
    names = [f"{kind} {seat}" for seat, kind in enumerate(kinds)]
    spec = SimulateSpec(game, parse_option_args(option or []), tuple(kinds), tuple(names), seed,
                        records=out is not None)
    outcomes: Counter[str] = Counter()
    totals = [0] * n
    console = new_console()
    quiet = json_out or not console.is_terminal
    fh = open(out, "w", encoding="utf-8", newline="\n") if out is not None else None  # noqa: SIM115
    try:
        with Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, disable=quiet) as progress:
            task = progress.add_task("deals", total=deals)
            for chunk in simulate(spec, deals, workers, ray):
                for played in chunk:
                    result = played.result
                    if "outcome" in result:
                        outcomes[str(result["outcome"])] += 1
                    totals = [t + s for t, s in zip(totals, result["scores"], strict=True)]
                    if fh is not None and played.record is not None:
                        append_record(played.record, fh)
                progress.advance(task, len(chunk))
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
        help="Strength of the computer players: easy (cautious), normal (heuristic, the "
             "default: instant) or hard (search: up to a second a card, measured stronger "
             "than normal in every game).")] = "normal",
    opponents: Annotated[str | None, typer.Option(
        help="Computer player kind, or a comma list for the other seats in seat order "
             "(instead of --level).")] = None,
    deals: Annotated[int | None, typer.Option(
        min=1, help="Stop after this many deals (default: until the session ends).")] = None,
    end_after: Annotated[int | None, typer.Option(
        min=0, help="Announce the end of the session after this many deals (default: type 'e' "
                    "at any prompt).")] = None,
    name: Annotated[str, typer.Option(help="Your name on the score sheet.")] = "You",
    lang: Annotated[str, typer.Option(
        help="Language of the table: en or hu, in Bavarian tarock also de, in Ottocento also "
             "it.")] = "en",
) -> None:
    """Play at the table against computer players: type a choice's number, e to announce the
    end of the session after this deal, q to leave, or a rule's ID (HU-PLAY-2) to read it. The
    seating draw decides your seat."""
    g = build_game(game, option)
    pres = g.presentation(lang)
    if level not in LEVELS:
        raise InvalidOptionError(f"unknown --level {level!r}", expected="easy, normal or hard")
    others = player_kinds(opponents or LEVELS[level], g.num_seats - 1, "--opponents")
    for kind in others:
        if is_omniscient(kind):
            raise InvalidOptionError(f"the {kind} player sees every card, yours included: it "
                                     "measures players in the arena and may not play against "
                                     "people", expected="another --opponents kind")
    seed = _fresh_seed(seed)
    session, kinds = _seat_players(g, pres, name, others, seed)
    names = list(session.names)
    human = names.index(name)
    computers = {s: make_player(kind, player_seed(seed, s)) for s, kind in kinds.items()}
    console = new_console()
    console.print(Text(pres.t("ui.you_are", game=pres.t("game.name"), seed=seed, name=name,
                              seat=human), style="bold"))
    table = _Table(console, g, pres, session, human, computers)
    played = 0
    while not session.is_over() and (deals is None or played < deals):
        if end_after is not None and played >= end_after:
            table.want_end = True
        table.announce_end()
        state = session.next_state()
        number = len(session.records) + 1
        if not table.play_deal(state, number):
            table.leave()
            return
        session.finish(state)
        played += 1
        last = session.is_over() or (deals is not None and played >= deals)
        if not table.show_result(state.result(), number, last):
            table.leave()
            return
    if session.is_over():
        console.rule(pres.t("ui.session_over"))
        _print_summary(console, pres, session)


def _seat_players(game: Game, pres: Presentation, name: str, kinds: Sequence[str], seed: int
                  ) -> tuple[Any, dict[int, str]]:
    """The session with everyone seated by the draw, each computer player named by its kind and
    the seat it draws ("Search 1" sits at seat 1), the kinds going to the other seats in seat
    order. The draw depends on the seed only, so a first draw with stand-in names tells where
    each person will sit."""
    n = game.num_seats
    reserved = {pres.t("ui.computer", kind=pres.t(f"player.{kind}"), seat=s)
                for kind in kinds for s in range(n)}
    if name in reserved:  # whatever seat it draws, it would read as a computer player
        raise InvalidOptionError(f"--name {name!r} is taken by a computer player",
                                 expected="another name")
    stand_ins = [name, *(f"\0{i}" for i in range(1, n))]
    by_seat = list(game.new_session(stand_ins, seed).names)
    human = by_seat.index(name)
    kind_of = dict(zip([s for s in range(n) if s != human], kinds, strict=True))
    final = [name if s == human else pres.t("ui.computer", kind=pres.t(f"player.{kind_of[s]}"),
                                             seat=s) for s in range(n)]
    session = game.new_session([final[by_seat.index(p)] for p in stand_ins], seed)
    return session, kind_of


def parse_choice(raw: str, count: int, picks: int = 1) -> list[int] | None:
    """``picks`` distinct choice numbers from 1 to ``count`` typed as ASCII digits (0-based),
    or None for anything else: other digits such as ``²`` or ``①`` are not numbers here."""
    words = raw.replace(",", " ").split()
    if len(words) != picks or not all(w.isascii() and w.isdecimal() for w in words):
        return None
    numbers = [int(w) for w in words]
    if len(set(numbers)) != picks or not all(1 <= k <= count for k in numbers):
        return None
    return [k - 1 for k in numbers]


def missing_choice_hint(game: Game, pres: Presentation, state: State, obs: Mapping[str, Any],
                        legal: Sequence[Any]) -> str | None:
    """One line on why a choice the player may expect (a pass, a card in hand) is not offered:
    the engine's own refusal with its rule ID, asked of a copy of the deal."""
    offered = [game.action_to_json(a) for a in legal]
    for form in pres.expected_choices(obs):
        if form in offered:
            continue
        exc = refusal(state, game.action_from_json(form))
        if isinstance(exc, IllegalActionError):
            key = "ui.missing_card" if form.get("type") == "play" else "ui.missing"
            line = pres.t(key, choice=pres.action_text(form, obs),
                          reason=pres.refusal(exc.message, exc.reason), rule=exc.rule or "")
            return f"{line} {pres.t('ui.read_rule', rule=exc.rule)}" if exc.rule else line
    return None


class _Table:
    """The human's view of one session: plays deals, prompting at the human's turns.

    On a terminal every decision clears the screen and redraws it compactly (it fits 80×24),
    the latest events of the table included; otherwise (piped input, tests) the events are
    printed as they happen and the screens follow one another.
    """

    def __init__(self, console: Console, game: Game, pres: Presentation, session: Any,
                 seat: int, computers: Mapping[int, Any]):
        self.console, self.game, self.pres, self.session = console, game, pres, session
        self.seat, self.names, self.computers = seat, list(session.names), computers
        self.live = console.is_terminal
        self.watching = False  # the human sits out this deal: no screen, so events print
        self.recent: deque[str] = deque(maxlen=RECENT_EVENTS)
        self.want_end = False
        self.end_announced = False

    def say(self, key: str, style: str = "yellow", **fields: Any) -> None:
        self.console.print(Text(self.pres.t(key, **fields), style=style))

    def announce_end(self) -> None:
        """Give the end-of-session warning between deals, once, if it was asked for."""
        if not self.want_end or self.end_announced:
            return
        warn = getattr(self.session, "warn_end", None)
        if callable(warn):
            warn()
            self.say("ui.end_announced")
        else:
            self.say("ui.no_end")
        self.end_announced = True

    def event(self, line: str) -> None:
        """Something the human perceived: kept for the next screen, printed when not live."""
        self.recent.append(line)
        if not self.live or self.watching:
            self.console.print(Text(f"  {line}", style="dim"))

    def play_deal(self, state: State, number: int) -> bool:
        """Play one deal to its end; False when the human leaves."""
        pres, names, seat = self.pres, self.names, self.seat
        self.recent.clear()
        self.console.rule(pres.t("ui.deal_n", number=number))
        self.watching = seat not in state.observation(seat).get("active", [seat])
        if self.watching:
            self.say("ui.sit_out")
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
                full = seen == state.action_to_string(action)
                text = pres.seen_text(self.game.action_to_json(action), full,
                                      state.observation(seat))
                self.event(f"{names[p]}: {text}")
            state.apply(action)
            tricks = state.observation(seat).get("tricks") or []
            if len(tricks) > tricks_seen:
                tricks_seen = len(tricks)
                self.event(pres.t("ui.trick_to", n=tricks_seen,
                                  name=pres.seat_name(names, tricks[-1].get("winner"))))
        return True

    def show(self, obs: Mapping[str, Any], number: int, labels: Sequence[Text | str],
             hint: str | None) -> None:
        if self.live:
            self.console.clear()
        self.console.print(render.render_screen(
            self.pres, obs, self.names, self.pres.t("ui.your_turn", number=number), labels,
            recent=list(self.recent) if self.live else (), hint=hint, width=self.console.width,
            height=self.console.height))

    def human_choice(self, state: State, legal: Sequence[Any], number: int) -> Any | None:
        """Show the human's screen and read a legal action (None: the human leaves).

        A decision that picks several cards at once (a discard) lists the cards and asks for
        the numbers of the cards to pick, rather than listing every combination.
        """
        game, pres = self.game, self.pres
        obs = state.observation(self.seat)
        hint = missing_choice_hint(game, pres, state, obs, legal)
        sets = render.card_set_choices(game, pres, legal, obs)
        if sets is not None:
            need, codes, by_set = sets
            self.show(obs, number, [render.card_text(pres, c, obs) for c in codes], hint)
            while True:
                picks = self.ask(len(codes), need)
                if picks is None:
                    return None
                action = by_set.get(frozenset(codes[i] for i in picks))
                if action is not None:
                    return action
                self.say("ui.bad_set", style="red")
        ordered = render.choice_order(game, pres, legal, obs)
        self.show(obs, number, [pres.action_text(game.action_to_json(a), obs) for a in ordered],
                  hint)
        picks = self.ask(len(ordered))
        return None if picks is None else ordered[picks[0]]

    def ask(self, count: int, picks: int = 1) -> list[int] | None:
        """Read ``picks`` distinct choice numbers (0-based) or None to leave; any other input
        is answered with what is expected, and asked again."""
        pres = self.pres
        what = (pres.t("ui.prompt_one", count=count) if picks == 1
                else pres.t("ui.prompt_many", picks=picks, count=count,
                            example=" ".join(str(k) for k in range(1, picks + 1))))
        while True:
            try:
                raw = typer.prompt(what)
            except typer.Abort:  # end of input
                return None
            word = raw.strip().lower()
            if word in QUIT_WORDS:
                if self.confirm_leave():
                    return None
                self.say("ui.stay")
                continue
            if word in END_WORDS:
                self.want_end = True
                self.say("ui.end_after_deal")
                continue
            if RULE_ID.fullmatch(raw.strip()):  # a rule a refusal named: print it, ask again
                self.read_rule(raw.strip())
                continue
            chosen = parse_choice(raw, count, picks)
            if chosen is not None:
                return chosen
            if picks == 1:
                self.say("ui.bad_one", style="red", count=count)
            else:
                self.say("ui.bad_many", style="red", picks=picks, count=count)

    def read_rule(self, rule_id: str) -> None:
        try:
            rule = find_rule(rule_id, GUIDES, self.pres.lang)
        except TarockError as exc:  # installed without the checkout's guides
            self.console.print(error_line(exc), style="red", markup=False)
            return
        if rule is None:
            self.say("ui.no_rule", style="red", rule=rule_id)
        else:
            print_rule(self.console, rule)

    def confirm_leave(self) -> bool:
        """Leaving in the middle of a deal abandons it, so it is asked for twice."""
        try:
            raw = typer.prompt(self.pres.t("ui.confirm_leave"), default="", show_default=False)
        except typer.Abort:
            return True
        return raw.strip().lower() in YES_WORDS

    def show_result(self, result: Mapping[str, Any], number: int, last: bool) -> bool:
        """The deal's result and the score sheet; on a terminal, wait for the next deal (False:
        the human leaves instead)."""
        console, pres = self.console, self.pres
        if self.live:
            console.clear()
        console.rule(pres.t("ui.deal_over", number=number))
        console.print(render.render_result(pres, result, self.names))
        if self.live:  # the whole sheet would push the result off an 80×24 screen
            console.print(render.render_totals(pres, self.session.sheet))
        else:
            console.print(render.render_sheet(pres, self.session.sheet))
        if not self.live or last:
            return True
        try:
            raw = typer.prompt(pres.t("ui.next_deal"), default="", show_default=False)
        except typer.Abort:
            return False
        return raw.strip().lower() not in QUIT_WORDS

    def leave(self) -> None:
        self.say("ui.left", style="")
        self.console.print(render.render_sheet(self.pres, self.session.sheet))


def _print_summary(console: Console, pres: Presentation, session: Any) -> None:
    """The session's own summary in words (lists are the score sheet's), then the sheet."""
    summary = getattr(session, "summary", None)
    data = summary() if callable(summary) else None
    if isinstance(data, Mapping):
        for key, value in data.items():
            if isinstance(value, list) or value is None:
                continue
            console.print(f"{pres.t(f'summary.{key}')}: {pres.summary_text(key, value)}")
    console.print(render.render_sheet(pres, session.sheet, title=pres.t("ui.final_sheet")))

app.command("arena")(arena_cmd.arena_cmd)
app.command("options")(options_cmd.options_cmd)
app.command("rules")(rules_cmd.rules_cmd)
app.command("serve")(serve_cmd.serve_cmd)
for _name, _target in registered_commands().items():  # the games' own commands
    _module, _, _function = _target.partition(":")
    app.command(_name)(getattr(importlib.import_module(_module), _function))

if __name__ == "__main__":  # pragma: no cover
    main()
