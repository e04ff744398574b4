"""Fixtures of the table-server tests: a server on a fresh SQLite file (and on PostgreSQL
where ``TAROCK_TEST_POSTGRES_URL`` names a reachable server)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy
from server_support import Server, running_server

POSTGRES = os.environ.get("TAROCK_TEST_POSTGRES_URL")


def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tarock.db'}"


@contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh database on the test PostgreSQL server, so tests never see each other's rows;
    dropped afterwards."""
    assert POSTGRES is not None
    name = f"tarock_test_{uuid.uuid4().hex[:12]}"
    admin = sqlalchemy.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    try:
        yield sqlalchemy.make_url(POSTGRES).set(database=name).render_as_string(
            hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(sqlalchemy.text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    POSTGRES is None, reason="TAROCK_TEST_POSTGRES_URL is not set (.ci/run sets it)"))]


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database of each kind the tests can reach."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path)
    else:
        with postgres_database() as url:
            yield url


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with running_server(sqlite_url(tmp_path)) as s:
        yield s
