"""Test support for the table server: a real server on loopback and WebSocket clients.

The server runs in-process (uvicorn in a thread) or as a real subprocess (for the kill -9
tests); clients speak real WebSockets (the ``websockets`` library) and real HTTP (httpx).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from tarock.server.app import WS_MAX_SIZE, create_app

TIMEOUT = 20.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A running server: its base URLs and an HTTP client (and its application, when it runs
    in this process)."""

    def __init__(self, port: int, db_url: str, app: Any = None):
        self.port, self.db_url, self.app = port, db_url, app
        self.http = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}"
        self.client = httpx.Client(base_url=self.http, timeout=TIMEOUT)

    def create(self, game: str, players: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
        r = self.client.post("/api/tables", json={"game": game, "players": players, **body})
        assert r.status_code == 201, r.text
        return dict(r.json())

    def table(self, table_id: str) -> dict[str, Any]:
        r = self.client.get(f"/api/tables/{table_id}")
        assert r.status_code == 200, r.text
        return dict(r.json())

    def connect(self, table_id: str, token: str | None = None) -> Ws:
        query = f"?token={token}" if token else ""
        conn = connect(f"{self.ws}/ws/tables/{table_id}{query}", max_size=WS_MAX_SIZE,
                       open_timeout=TIMEOUT)
        return Ws(conn.__enter__())  # closed by Ws.close

    def wait_for(self, table_id: str, predicate: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            info = self.table(table_id)
            if predicate(info):
                return info
            assert time.monotonic() < end, f"timed out; table is {info['status']} at {info['seq']}"
            time.sleep(0.05)


class Ws:
    """A WebSocket client that keeps every message it received."""

    def __init__(self, conn: ClientConnection):
        self.conn = conn
        self.received: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any] | str) -> None:
        self.conn.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        message = json.loads(self.conn.recv(timeout=timeout))
        self.received.append(message)
        return dict(message)

    def until(self, predicate: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Read messages until one satisfies ``predicate``; returns it."""
        end = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, end - time.monotonic()))
            if predicate(message):
                return message

    def view(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "view", timeout)

    def error(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error", timeout)

    def my_turn(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next view in which this client's seat has legal actions (or the table ended)."""
        return self.until(lambda m: m["type"] == "view" and (m["legal"] or
                                                             m["status"] == "finished"), timeout)

    def sync(self) -> dict[str, Any]:
        self.send({"type": "sync"})
        return self.view()

    def close(self) -> None:
        self.conn.close()


@contextmanager
def running_server(db_url: str, shard: str | None = None, port: int | None = None
                   ) -> Iterator[Server]:
    """The server in this process (uvicorn in a thread) on a free loopback port (or ``port``)."""
    port = port or free_port()
    app = create_app(db_url, shard=shard)
    config = uvicorn.Config(app, host="127.0.0.1", port=port,
                            log_config=None, log_level="warning", ws_max_size=WS_MAX_SIZE,
                            lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + TIMEOUT
    while not server.started:
        assert thread.is_alive() and time.monotonic() < end, "the server did not start"
        time.sleep(0.02)
    try:
        yield Server(port, db_url, app)
    finally:
        server.should_exit = True
        thread.join(TIMEOUT)


class Process:
    """``tarock serve`` as a real subprocess, which a test may kill with SIGKILL."""

    def __init__(self, db_url: str, log: Path):
        self.db_url, self.log = db_url, log
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        exe = Path(sys.executable).with_name("tarock")
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [str(exe), "serve", "--port", str(self.port), "--db", self.db_url,
                 "--log-level", "warning"], stdout=out, stderr=out, env=os.environ.copy())
        server = Server(self.port, self.db_url)
        end = time.monotonic() + TIMEOUT
        while True:
            try:
                if server.client.get("/api/health").status_code == 200:
                    return server
            except httpx.TransportError:
                pass
            assert self.proc.poll() is None, self.log.read_text()
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(TIMEOUT)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()
