"""The running tables: their connections, who controls each seat, bots, timers and messages.

One :class:`LiveTable` per table, each with a lock, so that actions at a table are accepted one
at a time and in ``seq`` order while tables proceed independently. Accepting an action is:
check it on a clone (:meth:`Table.prepare`), append it to the log and wait for the commit, install
it (:meth:`Table.commit`), then tell every client: an ``event`` as its seat perceives the action,
``deal_end`` when a deal ended, and a fresh ``view``. Nothing is sent before the commit, and a
refused action changes nothing.

Who decides for a seat (:meth:`Hub.controller`): a bot seat's bot; the person holding a human
seat; a ``normal`` bot while that person has been away longer than ``takeover_seconds`` (until
the person returns) or once the table's turn timer ran out; nobody while a seat is still open
(the table waits for people, not for bots). Bots think in :class:`~tarock.server.bots.Bots`,
never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from tarock.core.errors import TarockError, UnknownGameError
from tarock.core.protocol import Game, make_game
from tarock.core.rng import derive_seed
from tarock.server.bots import Bots
from tarock.server.present import event_words, result_words, view_words
from tarock.server.storage import (
    ChatLine,
    LoggedAction,
    SeatSpec,
    Storage,
    TableSpec,
    hash_token,
    now,
)
from tarock.server.table import DealEnd, Prepared, Table

log = logging.getLogger("tarock.server")

TAKEOVER_LEVEL = "normal"  # the bot that plays for an absent or timed-out person
CHAT_HISTORY = 50  # chat lines sent to a client on connect
SEND_QUEUE = 512  # messages waiting for a slow client before it is disconnected
# Finished tables kept in memory besides those a client is connected to, the most recently
# asked for; the others are read from the database again when someone asks for them.
FINISHED_IN_MEMORY = 16


class HubError(Exception):
    """A refusal the hub answers with: an HTTP status or a WebSocket ``error`` message."""

    def __init__(self, code: str, message: str, status: int = 400, rule: str | None = None,
                 reason: str | None = None):
        super().__init__(message)
        self.code, self.message, self.status, self.rule = code, message, status, rule
        self.reason = reason  # an engine refusal's catalogue key (refusal.<reason>), if any

    @classmethod
    def from_engine(cls, error: TarockError, code: str = "illegal") -> HubError:
        return cls(code, str(error), 400, error.rule, error.reason)


def game_with(name: str, options: dict[str, Any], unknown_status: int = 400) -> Game:
    """The game ``name`` with ``options`` set and the rest left to the engine (its presets and
    defaults); an unknown game (``unknown_status``: 404 where the name is the path's) or a
    refused option is a HubError naming the rule."""
    try:
        return make_game(name, options)
    except UnknownGameError as error:
        raise HubError("unknown_game", str(error), unknown_status, error.rule) from None
    except TarockError as error:
        raise HubError.from_engine(error, "invalid_option") from None


def table_log(table_id: str) -> logging.LoggerAdapter[logging.Logger]:
    return logging.LoggerAdapter(log, {"table": table_id})


@dataclass(eq=False)
class Client:
    """One WebSocket connection: a seat's person (``seat``) or a spectator (None)."""

    seat: int | None
    send_raw: Callable[[dict[str, Any]], Any]  # an async sender, used only by the writer task
    lang: str | None = None  # extension: the language of the words it wants (present.py)
    queue: asyncio.Queue[dict[str, Any] | None] = field(
        default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    writer: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a client that stopped reading is cut off rather than waited for."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)

    async def write_loop(self, table_id: str) -> None:
        try:
            while (message := await self.queue.get()) is not None:
                await self.send_raw(message)
        except (TypeError, ValueError):  # a message that is not JSON: a bug, never silent
            table_log(table_id).exception("a %s message could not be sent", message["type"])
        except Exception:  # the connection is gone: its reader ends the client
            return


class LogWriter:
    """Appends accepted actions to the log in group commits: while one transaction commits, the
    actions accepted meanwhile (at any table) gather and go together in the next. Each caller's
    ``append`` returns when its own action is committed, so acknowledging after it keeps
    guarantee 4, and a busy server pays one commit for many actions."""

    def __init__(self, storage: Storage, run_io: Callable[..., Any]):
        self.storage, self._io = storage, run_io
        self._pending: list[tuple[str, LoggedAction, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None

    async def append(self, table_id: str, entry: LoggedAction) -> None:
        future = asyncio.get_running_loop().create_future()
        self._pending.append((table_id, entry, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._io(self.storage.append_actions, [(t, e) for t, e, _ in batch])
            except Exception as error:
                if len(batch) == 1:
                    _settle(batch[0][2], error)
                    continue
                for table_id, entry, future in batch:  # one bad row must not fail the others
                    try:
                        await self._io(self.storage.append_actions, [(table_id, entry)])
                    except Exception as single:
                        _settle(future, single)
                    else:
                        _settle(future, None)
            else:
                for *_, future in batch:
                    _settle(future, None)


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():  # its caller was cancelled
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


@dataclass(eq=False)
class LiveTable:
    table: Table
    seats: list[SeatSpec]  # current seats (a joined open seat gets its name and token hash)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    connections: list[int] = field(default_factory=list)
    away_since: list[float] = field(default_factory=list)  # monotonic; for unconnected people
    turn_since: float = 0.0  # monotonic time the current decision began
    wake: asyncio.TimerHandle | None = None
    driver: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.table.spec.id

    @property
    def spec(self) -> TableSpec:
        return self.table.spec

    @property
    def waiting(self) -> bool:
        """Some human seat has no person yet."""
        return any(s.kind == "human" and s.token_hash is None for s in self.seats)

    @property
    def status(self) -> str:
        if self.table.finished:
            return "finished"
        return "waiting" if self.waiting else "playing"

    def seat_of_token(self, token: str) -> int | None:
        digest = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def connected(self, seat: int) -> bool:
        return self.seats[seat].kind == "bot" or self.connections[seat] > 0


class Hub:
    """All tables of this server process."""

    def __init__(self, storage: Storage, bots: Bots, base_url: str = "",
                 clock: Callable[[], float] = time.monotonic, shard: str | None = None):
        self.storage = storage
        self.bots = bots
        self.base_url = base_url
        self.clock = clock
        # With several processes on one database, each owns the tables whose id starts with
        # its shard name (see docs/deploy.md): it creates only those and drives only those.
        self.prefix = f"{shard}-" if shard else ""
        self.tables: dict[str, LiveTable] = {}
        # The finished tables among them, least recently asked for first: a finished table
        # changes no more, so it need not stay loaded (docs/deploy.md).
        self.finished_in_memory = FINISHED_IN_MEMORY
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        # One writer thread: SQLite takes one writer at a time anyway, and a single thread
        # keeps the log's appends in the order they were accepted.
        self._db = ThreadPoolExecutor(1, thread_name_prefix="db")
        self.log = LogWriter(storage, self._io)

    async def _io(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)

    # -- life cycle --------------------------------------------------------------------------

    async def start(self) -> None:
        """Load every table still playing from the database and let its bots and timers run
        again; finished tables are loaded when someone asks for them (:meth:`get`)."""
        for table_id in await self._io(self.storage.table_ids, self.prefix, False):
            table = await self._rebuild(table_id)
            if table is None:
                continue
            if table.finished:  # finished before the database remembered it: remember now
                await self._io(self.storage.mark_finished, table_id, table.deal)
                table_log(table_id).info("finished at seq %d, not kept loaded", table.seq)
                continue
            self._install(table)
            table_log(table_id).info("loaded at seq %d (%s)", table.seq,
                                     self.tables[table_id].status)

    async def _rebuild(self, table_id: str) -> Table | None:
        """The table replayed from its log; None if there is none or this version cannot
        replay it (logged)."""
        spec = await self._io(self.storage.load_table, table_id)
        if spec is None:
            return None
        actions = await self._io(self.storage.actions, table_id)
        try:
            return await asyncio.to_thread(Table.rebuild, spec, actions)
        except (TarockError, ValueError) as error:  # a log this version cannot replay
            table_log(table_id).error("not loaded: %s", error)
            return None

    def _install(self, table: Table) -> LiveTable:
        n = table.num_seats
        t = self.clock()
        live = LiveTable(table, list(table.spec.seats), connections=[0] * n,
                         away_since=[t] * n, turn_since=t)
        self.tables[table.spec.id] = live
        if table.finished:
            self._keep_finished(live)
            return live
        for seat in table.spec.seats:
            if seat.kind == "bot" and seat.level is not None:
                self.bots.prepare(seat.level, table.game)
        self.kick(live)
        return live

    def _keep_finished(self, live: LiveTable) -> LiveTable:
        """Count a finished table as just asked for, and unload the least recently asked for
        beyond ``finished_in_memory``, but for this one, whoever asked gets it. Returns the
        table in memory: this one, put back if it was unloaded meanwhile, or the one loaded
        again since."""
        live = self.tables.setdefault(live.id, live)
        self._finished[live.id] = None
        self._finished.move_to_end(live.id)
        self._unload_finished(keep=live.id)
        return live

    def _unload_finished(self, keep: str | None = None) -> None:
        """Unload the least recently asked for finished tables beyond ``finished_in_memory``
        that no client is connected to."""
        extra = len(self._finished) - self.finished_in_memory
        for table_id in list(self._finished):
            if extra <= 0:
                return
            if table_id != keep and not self.tables[table_id].clients:
                del self._finished[table_id], self.tables[table_id]
                extra -= 1

    async def close(self) -> None:
        for live in self.tables.values():
            if live.wake is not None:
                live.wake.cancel()
            if live.driver is not None:
                live.driver.cancel()
            for client in list(live.clients):
                client.close()
        self._db.shutdown(wait=True)

    # -- tables ------------------------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable:
        """The table, loaded from the database if it is a finished one not in memory."""
        live = self.tables.get(table_id)
        if live is not None:
            if live.table.finished:
                self._keep_finished(live)
            return live
        if not table_id.startswith(self.prefix):
            raise HubError("not_found", f"no table {table_id!r}", 404)
        loading = self._loading.get(table_id)
        if loading is None:  # one replay however many ask at once
            loading = asyncio.ensure_future(self._load_finished(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _load_finished(self, table_id: str) -> LiveTable:
        table = await self._rebuild(table_id)
        if table is None:
            raise HubError("not_found", f"no table {table_id!r}", 404)
        if table_id in self.tables:  # it was installed while the log was read
            return self.tables[table_id]
        if not table.finished:  # a table that plays is loaded at start or made here
            table_log(table_id).warning("not finished and not loaded: not served")
            raise HubError("not_found", f"no table {table_id!r}", 404)
        table_log(table_id).info("finished table loaded at seq %d", table.seq)
        return self._install(table)

    async def listing(self, statuses: set[str] | None = None) -> list[dict[str, Any]]:
        """The tables of this process (those of ``statuses`` only, when given), oldest first:
        those in memory as they are, the finished others from the database
        (``GET /api/tables``)."""
        tables = [(live.spec.created_at, _listed(live.id, live.spec.game, live.status,
                                                  live.table.deal, self.seats_view(live)))
                  for live in self.tables.values()
                  if statuses is None or live.status in statuses]
        if statuses is None or "finished" in statuses:
            for done in await self._io(self.storage.finished_tables, self.prefix):
                if done.id not in self.tables:  # nobody connected, no bot playing for anyone
                    seats = [_seat_entry(s, s.kind == "bot", False) for s in done.seats]
                    tables.append((done.created_at, _listed(done.id, done.game, "finished",
                                                            done.last_deal, seats)))
        return [entry for _, entry in sorted(tables, key=lambda t: t[0])]

    async def create(self, game_name: str, options: dict[str, Any],
                     players: list[dict[str, Any]], deals: int | None,
                     turn_seconds: float | None, takeover_seconds: float,
                     seed: int | None) -> tuple[LiveTable, dict[int, str]]:
        """Make a table; returns it and the tokens of the human seats that have a person."""
        game = game_with(game_name, options)
        spec = next((s for s in game.option_specs if s.key == "players"), None)
        if spec is not None and not options.keys() & {"players", *spec.aliases}:
            game = game_with(game_name, {**options, "players": len(players)})
        if len(players) != game.num_seats:
            raise HubError("bad_request", f"{game.title} with these options has "
                           f"{game.num_seats} seats, but {len(players)} players were given")
        if deals is None and all(p["kind"] == "bot" for p in players):
            raise HubError("bad_request", "a table of bots only needs a deal limit (deals)")
        tokens: dict[int, str] = {}
        seats = []
        for i, p in enumerate(players):
            token_hash = None
            if p["kind"] == "human" and p.get("name"):
                tokens[i] = secrets.token_urlsafe(24)
                token_hash = hash_token(tokens[i])
            level = p.get("level") or TAKEOVER_LEVEL if p["kind"] == "bot" else None
            # a bot's level is shown in the reader's words beside its name (the page reads
            # the seat's level), not in the name, which records and every language keep
            name = p.get("name") or (f"Bot {i + 1}" if level else None)
            seats.append(SeatSpec(i, name, p["kind"], level, token_hash))
        spec = TableSpec(
            id=self.prefix + secrets.token_urlsafe(8), game=game_name,
            options=game.options_to_json(),
            seed=secrets.randbits(53) if seed is None else seed, deals=deals,
            turn_seconds=turn_seconds, takeover_seconds=takeover_seconds,
            seats=tuple(seats), created_at=now())
        table = Table(spec)  # deals the first deal: a bad combination fails before storing
        await self._io(self.storage.create_table, spec)
        live = self._install(table)
        table_log(spec.id).info("created: %s, %d seats", game_name, game.num_seats)
        return live, tokens

    async def join(self, live: LiveTable, name: str, seat: int | None) -> tuple[int, str]:
        """Give an open human seat (the first one unless ``seat``) to a person."""
        async with live.lock:
            open_seats = [s.seat for s in live.seats if s.kind == "human" and s.token_hash is None]
            if seat is None:
                if not open_seats:
                    raise HubError("no_open_seat", "the table has no open seat", 409)
                seat = open_seats[0]
            elif seat not in open_seats:
                raise HubError("no_open_seat", f"seat {seat} is not open", 409)
            token = secrets.token_urlsafe(24)
            if not await self._io(self.storage.take_seat, live.id, seat, name,
                                  hash_token(token)):
                raise HubError("no_open_seat", f"seat {seat} is not open", 409)
            live.seats[seat] = replace(live.seats[seat], name=name,
                                       token_hash=hash_token(token))
            live.away_since[seat] = self.clock()
            if live.table.seq == 0:  # nothing played yet: deal again with the person's name
                live.table = Table(replace(live.spec, seats=tuple(live.seats)))
        table_log(live.id).info("seat %d taken", seat)
        self._send_views(live)
        self.kick(live)
        return seat, token

    # -- connections -------------------------------------------------------------------------

    async def connect(self, live: LiveTable, client: Client) -> LiveTable:
        """Connect a client; returns the table it is connected to. A finished table may have
        been unloaded since it was found; the client gets the one in memory, and nothing can
        unload it before the client is counted: the lock of a finished table is taken only by
        code that does not await while holding it, so taking it does not wait."""
        if live.table.finished:
            live = self._keep_finished(live)
        client.writer = asyncio.create_task(client.write_loop(live.id))
        async with live.lock:
            live.clients.add(client)
            if client.seat is not None:
                live.connections[client.seat] += 1
            client.send(self.view(live, client.seat, client.lang))
        for line in await self._io(self.storage.chat, live.id, CHAT_HISTORY):
            client.send(_chat_message(line))
        self._send_views(live, skip=client)  # the others see the seat connected
        self.kick(live)
        return live

    async def disconnect(self, live: LiveTable, client: Client) -> None:
        async with live.lock:
            live.clients.discard(client)
            if client.seat is not None:
                live.connections[client.seat] -= 1
                if live.connections[client.seat] == 0:
                    live.away_since[client.seat] = self.clock()
        client.close()
        if client.writer is not None:
            client.writer.cancel()
        self._send_views(live)
        if live.table.finished:
            self._unload_finished()
        self.kick(live)

    # -- messages from clients ---------------------------------------------------------------

    async def act(self, live: LiveTable, client: Client, seq: int,
                  action: dict[str, Any]) -> None:
        """A person's action for their seat; raises HubError when it is refused."""
        if client.seat is None:
            raise HubError("forbidden", "a spectator cannot act", 403)
        if action.get("seat", client.seat) != client.seat:
            raise HubError("forbidden", "a token acts only for its own seat", 403)
        action = {k: v for k, v in action.items() if k != "seat"}
        async with live.lock:
            table = live.table
            if table.finished:
                raise HubError("finished", "the table is finished", 409)
            if seq != table.seq:
                raise HubError("stale", f"seq {seq} is not the current seq {table.seq}", 409)
            if live.waiting:
                raise HubError("not_your_turn", "the table is waiting for players", 409)
            if table.to_act() != client.seat:
                raise HubError("not_your_turn", "it is not this seat's turn", 409)
            try:
                prepared = table.prepare(client.seat, action, "human")
            except TarockError as error:
                raise HubError.from_engine(error) from None
            await self._accept(live, prepared)
        if live.table.finished:  # this action ended the session (checked with no await since)
            await self._finish(live)

    async def chat(self, live: LiveTable, client: Client, text: str) -> None:
        if client.seat is None:
            raise HubError("forbidden", "spectators cannot chat", 403)
        line = ChatLine(live.seats[client.seat].name or f"Seat {client.seat}", text, now())
        await self._io(self.storage.add_chat, live.id, line)
        message = _chat_message(line)
        for other in list(live.clients):
            other.send(message)

    async def end_session(self, live: LiveTable, client: Client) -> None:
        """A person announces the end of the session (extension): the game's own rule, given
        when the current deal is over, decides when the table ends."""
        if client.seat is None:
            raise HubError("forbidden", "spectators cannot end the session", 403)
        async with live.lock:
            table = live.table
            if table.finished:
                raise HubError("finished", "the table is finished", 409)
            if table.end_requested is not None:
                return
            try:
                table.request_end()
            except TarockError as error:
                table.end_requested = None
                raise HubError.from_engine(error) from None
            await self._io(self.storage.request_end, live.id, table.end_requested)
            table_log(live.id).info("end of session announced at seq %d", table.seq)
            self._send_views(live)

    def sync(self, live: LiveTable, client: Client) -> None:
        client.send(self.view(live, client.seat, client.lang))

    # -- accepting ---------------------------------------------------------------------------

    async def _accept(self, live: LiveTable, prepared: Prepared) -> None:
        """Store, install and announce a prepared action (the caller holds the lock)."""
        await self.log.append(live.id, prepared.entry)
        end = live.table.commit(prepared)
        live.turn_since = self.clock()
        self._announce(live, prepared, end)
        self.kick(live)

    async def _finish(self, live: LiveTable) -> None:
        """The session is over: the database remembers it, so that the next start does not
        replay the table, and the table may leave memory once nobody looks at it. Called
        after the action's lock is released: a finished table's lock is never held across an
        await (see :meth:`connect`). The table is counted among the finished ones before the
        first await, in the same step as its last action, so that whoever sees it finished
        finds it counted, and the order in which tables leave memory is the order in which
        they were asked for."""
        table_log(live.id).info("finished at seq %d", live.table.seq)
        self._keep_finished(live)
        try:
            await self._io(self.storage.mark_finished, live.id, live.table.deal)
        except Exception:  # the log has every action: the next start finds it finished
            table_log(live.id).exception("marking the table finished failed")

    def _announce(self, live: LiveTable, prepared: Prepared, end: DealEnd | None) -> None:
        entry = prepared.entry
        ended = None
        if end is not None:
            ended = {"type": "deal_end", "seq": end.seq, "deal": end.deal, "result": end.result,
                     "record": f"{self.base_url}/api/tables/{live.id}/records/{end.deal}"}
            table_log(live.id).info("deal %d over at seq %d", end.deal, end.seq)
        views: dict[tuple[int | None, str | None], dict[str, Any]] = {}
        words: dict[tuple[str, str, bool], str] = {}  # (lang, engine text, in full)
        for client in list(live.clients):
            told = prepared.told.get(client.seat)
            if told is not None:
                event = {"type": "event", "seq": entry.seq, "seat": entry.seat,
                         "text": told[0], "action": told[1]}
                if client.lang is not None:
                    key = (client.lang, told[0], told[1] is not None)
                    if key not in words:
                        words[key] = event_words(live.table, prepared, *key[1:], client.lang)
                    event["words"] = words[key]
                client.send(event)
            if ended is not None and end is not None:
                if client.lang is not None:
                    result = result_words(live.table.presentation(client.lang), end.result,
                                          self.names(live))
                    client.send({**ended, "present": result})
                else:
                    client.send(ended)
            key = (client.seat, client.lang)
            if key not in views:
                views[key] = self.view(live, client.seat, client.lang)
            client.send(views[key])

    def _send_views(self, live: LiveTable, skip: Client | None = None) -> None:
        views: dict[tuple[int | None, str | None], dict[str, Any]] = {}
        for client in list(live.clients):
            if client is skip:
                continue
            key = (client.seat, client.lang)
            if key not in views:
                views[key] = self.view(live, client.seat, client.lang)
            client.send(views[key])

    # -- views -------------------------------------------------------------------------------

    def seats_view(self, live: LiveTable) -> list[dict[str, Any]]:
        t = self.clock()
        return [_seat_entry(s, live.connected(s.seat),
                            s.kind == "human" and self._away_too_long(live, s.seat, t))
                for s in live.seats]

    def names(self, live: LiveTable) -> list[str]:
        return [s.name or f"Seat {s.seat}" for s in live.seats]

    def view(self, live: LiveTable, seat: int | None, lang: str | None = None
             ) -> dict[str, Any]:
        """The ``view`` message for ``seat``; with ``lang`` (an extension) it also carries the
        words of the presentation layer in that language (``present``)."""
        table = live.table
        observation = table.observation(seat)
        to_act = table.public_to_act(seat, observation)
        if live.waiting:
            to_act = None
        legal = table.legal(seat) if to_act == seat else []
        view = {
            "type": "view", "table": live.id, "seq": table.seq, "seat": seat,
            "deal": table.deal, "observation": observation, "to_act": to_act,
            "legal": legal,
            "deadline": self._deadline(live) if to_act is not None else None,
            "seats": self.seats_view(live), "scores": table.score_sheet(),
            "status": live.status, "end_requested": table.end_requested is not None,
        }
        if lang is not None:
            view["present"] = view_words(table, seat, observation, legal, self.names(live), lang)
        return view

    def _deadline(self, live: LiveTable) -> str | None:
        turn = live.spec.turn_seconds
        seat = live.table.to_act()
        if turn is None or seat is None or live.seats[seat].kind == "bot":
            return None
        left = turn - (self.clock() - live.turn_since)
        return (datetime.now(UTC) + timedelta(seconds=max(0.0, left))).isoformat()

    # -- who decides -------------------------------------------------------------------------

    def _away_too_long(self, live: LiveTable, seat: int, t: float) -> bool:
        return (live.seats[seat].token_hash is not None and live.connections[seat] == 0
                and t - live.away_since[seat] >= live.spec.takeover_seconds)

    def controller(self, live: LiveTable) -> tuple[str, str] | float | None:
        """Who decides now: ``(by, bot level)`` for a bot; the monotonic time at which a bot
        will take over a person's turn; None when a person decides with no time limit or
        nobody can act (the table is finished or waiting)."""
        table = live.table
        seat = table.to_act()
        if seat is None or live.waiting or self._idle(live):
            return None
        s = live.seats[seat]
        if s.kind == "bot":
            return ("bot", s.level or TAKEOVER_LEVEL)
        t = self.clock()
        if self._away_too_long(live, seat, t):
            return ("takeover", TAKEOVER_LEVEL)
        turn = live.spec.turn_seconds
        if turn is not None and t - live.turn_since >= turn:
            return ("timer", TAKEOVER_LEVEL)
        deadlines = []
        if turn is not None:
            deadlines.append(live.turn_since + turn)
        if live.connections[seat] == 0:
            deadlines.append(live.away_since[seat] + live.spec.takeover_seconds)
        return min(deadlines) if deadlines else None

    @staticmethod
    def _idle(live: LiveTable) -> bool:
        """Nobody is here to play with: a table of people with no client connected starts no
        new deal (the deal in progress is finished by bots for those away), so that a table its
        people left does not play its session out alone."""
        return (not live.clients and not live.table.state.history
                and any(s.kind == "human" for s in live.seats))

    def kick(self, live: LiveTable) -> None:
        """Make sure the table's driver runs: it plays bots' turns and sets the next timer."""
        if live.driver is None or live.driver.done():
            live.driver = asyncio.create_task(self._drive(live))

    async def _drive(self, live: LiveTable) -> None:
        while True:
            if live.wake is not None:
                live.wake.cancel()
                live.wake = None
            who = self.controller(live)
            if who is None:
                return
            if isinstance(who, float):
                delay = max(0.0, who - self.clock()) + 0.01
                live.wake = asyncio.get_running_loop().call_later(delay, self.kick, live)
                return
            by, level = who
            table = live.table
            seat, seq = table.to_act(), table.seq
            assert seat is not None
            try:
                choice = await self.bots.decide(level, derive_seed(table.spec.seed, 1 + seat),
                                                table.game, table.observation(seat),
                                                table.legal(seat))
            except Exception:  # a bot must never stop a table: take its first legal action
                table_log(live.id).exception("bot for seat %d failed; first legal action", seat)
                choice = table.legal(seat)[0]
            async with live.lock:
                if live.table.seq != seq or self.controller(live) != who:
                    continue  # a person acted or came back meanwhile
                try:
                    prepared = live.table.prepare(seat, choice, by)
                except TarockError:
                    table_log(live.id).exception("bot for seat %d chose an illegal action", seat)
                    prepared = live.table.prepare(seat, live.table.legal(seat)[0], by)
                try:
                    await self._accept(live, prepared)
                except Exception:  # the database is away: nothing was installed; try again
                    table_log(live.id).exception("storing a bot action failed; retrying")
                    live.wake = asyncio.get_running_loop().call_later(1.0, self.kick, live)
                    return
            if live.table.finished:  # this bot's action ended the session
                await self._finish(live)
                return


def _listed(table_id: str, game: str, status: str, deal: int,
            seats: list[dict[str, Any]]) -> dict[str, Any]:
    return {"table": table_id, "game": game, "status": status, "deal": deal, "seats": seats}


def _seat_entry(s: SeatSpec, connected: bool, bot_playing: bool) -> dict[str, Any]:
    return {"seat": s.seat, "name": s.name, "kind": s.kind, "level": s.level,
            "connected": connected, "open": s.kind == "human" and s.token_hash is None,
            "bot_playing": bot_playing}


def _chat_message(line: ChatLine) -> dict[str, Any]:
    return {"type": "chat", "from": line.sender, "text": line.text, "at": line.at.isoformat()}
