"""Fixtures of the table-server tests: a server on a fresh SQLite file (and on PostgreSQL
where ``TAROCK_TEST_POSTGRES_URL`` names a reachable server)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import Server, running_server

POSTGRES = os.environ.get("TAROCK_TEST_POSTGRES_URL")


def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tarock.db'}"


def postgres_url() -> str:
    """A fresh database on the test PostgreSQL server, so tests never see each other's rows."""
    import sqlalchemy

    assert POSTGRES is not None
    name = f"tarock_test_{uuid.uuid4().hex[:12]}"
    engine = sqlalchemy.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with engine.connect() as c:
        c.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return str(sqlalchemy.make_url(POSTGRES).set(database=name).render_as_string(
        hide_password=False))


DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    POSTGRES is None, reason="TAROCK_TEST_POSTGRES_URL is not set (.ci/run sets it)"))]


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database of each kind the tests can reach."""
    return sqlite_url(tmp_path) if request.param == "sqlite" else postgres_url()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with running_server(sqlite_url(tmp_path)) as s:
        yield s
