"""Each vendor's database: SQLite (in memory by default) behind SQLAlchemy 2.

Vendors declare models on their own `DeclarativeBase`; the kit adds its own tables (outbox,
subscriptions, idempotency records, bypass log, tombstones are the vendor's) through
`KitTables`, created on the same metadata so `dump` and `reset` cover everything.

Requests are serialised by one lock per app: vendors are not the bottleneck of a run (the
proxy is), and one writer at a time keeps SQLite free of lock errors and keeps the order of
events deterministic.
"""
from __future__ import annotations

import base64
import datetime as dt
import decimal
import threading
from contextlib import contextmanager
from typing import Any, Iterator

from sqlalchemy import create_engine, select
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.pool import StaticPool
from sqlalchemy.types import DateTime, TypeDecorator


class VendorDB:
    def __init__(self, base: type[DeclarativeBase], url: str = "sqlite://"):
        kwargs: dict[str, Any] = {"future": True}
        if url in ("sqlite://", "sqlite:///:memory:"):
            kwargs.update(poolclass=StaticPool, connect_args={"check_same_thread": False})
        else:
            kwargs.update(connect_args={"check_same_thread": False, "timeout": 30})
        self.base = base
        self.engine = create_engine(url, **kwargs)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.lock = threading.RLock()
        self._local = threading.local()

    def recreate(self) -> None:
        with self.lock:
            self.base.metadata.drop_all(self.engine)
            self.base.metadata.create_all(self.engine)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session for the current unit of work, committed at the end; nested uses share it."""
        with self.lock:
            current = getattr(self._local, "session", None)
            if current is not None:
                yield current
                return
            sess = self.sessions()
            self._local.session = sess
            try:
                yield sess
                sess.commit()
            except BaseException:
                sess.rollback()
                raise
            finally:
                self._local.session = None
                sess.close()

    def table_names(self) -> list[str]:
        return sorted(self.base.metadata.tables)

    def counts(self) -> dict[str, int]:
        """Rows per table (what `len(dump()[t]["rows"])` gives, without building the dump)."""
        from sqlalchemy import func

        with self.session() as sess:
            return {name: int(sess.scalar(select(func.count()).select_from(table)) or 0)
                    for name, table in sorted(self.base.metadata.tables.items())}

    def dump(self) -> dict[str, dict[str, Any]]:
        """Every table: {"columns": [{name, type}], "rows": [[...]]}, rows ordered by primary key."""
        out: dict[str, dict[str, Any]] = {}
        with self.session() as sess:
            for name, table in sorted(self.base.metadata.tables.items()):
                order = list(table.primary_key.columns) or list(table.columns)
                rows = sess.execute(select(table).order_by(*order)).all()
                out[name] = {
                    "columns": [{"name": c.name, "type": _type_name(c.type)} for c in table.columns],
                    "rows": [[_jsonable(v) for v in row] for row in rows],
                }
        return out


def _type_name(t: Any) -> str:
    name = type(t).__name__.upper()
    return {"STRING": "VARCHAR", "TEXT": "VARCHAR", "UNICODE": "VARCHAR", "ENUM": "VARCHAR",
            "INTEGER": "BIGINT", "BIGINTEGER": "BIGINT", "SMALLINTEGER": "BIGINT",
            "NUMERIC": "DECIMAL(18,4)", "FLOAT": "DOUBLE", "BOOLEAN": "BOOLEAN",
            "DATETIME": "TIMESTAMP", "DATE": "DATE", "JSON": "JSON", "LARGEBINARY": "BLOB"}.get(name, "VARCHAR")


def _jsonable(v: Any) -> Any:
    if isinstance(v, dt.datetime):
        if v.tzinfo is not None:
            v = v.astimezone(dt.timezone.utc).replace(tzinfo=None)
        return v.isoformat(timespec="microseconds")
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, decimal.Decimal):
        return str(v)
    if isinstance(v, bytes):
        return base64.b64encode(v).decode()
    return v


class UTCDateTime(TypeDecorator):
    """An instant stored as naive UTC in SQLite and handed back as an aware UTC datetime."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        if isinstance(value, str):
            value = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        if value.tzinfo is not None:
            value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
        return value

    def process_result_value(self, value, dialect):
        return None if value is None else value.replace(tzinfo=dt.timezone.utc)
