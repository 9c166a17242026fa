"""The kit's RPC cursor paginator and sync tokens (vendors/kit/rpc_cursor.py), independent of
any vendor: page walk, sync-token incremental walk, expiry, foreign/garbage cursors, and the
error status an RPC vendor chooses (HTTP 200 envelopes)."""
from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import Integer, String, create_engine, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from vendors.kit.db import UTCDateTime
from vendors.kit.errors import VendorError
from vendors.kit.rpc_cursor import issue_sync_token, parse_rpc_page, read_sync_token, rpc_slice

T0 = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.timezone.utc)


class Base(DeclarativeBase):
    pass


class Row(Base):
    __tablename__ = "rows"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(20))
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


@pytest.fixture
def session():
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as s:
        s.add_all([Row(id=i, name=f"r{i}", updated_at=T0 - dt.timedelta(days=1)) for i in range(1, 26)])
        s.commit()
        yield s


def _walk(s, now, since_token=None, limit=10):
    out, cursor, pages = [], None, 0
    while True:
        body = {"limit": limit}
        if cursor:
            body["cursor"] = cursor
        elif since_token:
            body["syncToken"] = since_token
        req = parse_rpc_page(body, "rows.list", now, default_limit=100, max_limit=100, sync_ttl_s=7 * 86400,
                             error_status=200)
        page = rpc_slice(s, select(Row), [Row.id], req, "rows.list", updated_column=Row.updated_at)
        pages += 1
        assert req.page == pages
        out += [r.id for r in page.rows]
        if not page.more:
            assert page.next_cursor is None and page.sync_token
            return out, page.sync_token, pages
        assert page.sync_token is None
        cursor = page.next_cursor


def test_full_walk_then_incremental_then_expiry(session):
    ids, token, pages = _walk(session, T0)
    assert ids == list(range(1, 26)) and pages == 3
    assert read_sync_token(token, "rows.list", T0, 60) == T0
    session.get(Row, 7).updated_at = T0 + dt.timedelta(hours=1)
    session.add(Row(id=30, name="new", updated_at=T0 + dt.timedelta(hours=2)))
    session.flush()
    later = T0 + dt.timedelta(hours=3)
    delta, token2, _ = _walk(session, later, token)
    assert delta == [7, 30]
    assert read_sync_token(token2, "rows.list", later, 60) == later
    with pytest.raises(VendorError) as exc:
        _walk(session, T0 + dt.timedelta(days=8), token)
    assert exc.value.status == 200 and exc.value.code == "sync_token_expired"


def test_bad_pages_and_tokens_are_refused_with_the_chosen_status(session):
    def parse(body, status=400):
        return parse_rpc_page(body, "rows.list", T0, default_limit=50, max_limit=100, sync_ttl_s=3600,
                              error_status=status)

    assert parse({}).limit == 50 and parse({}).after is None
    for body, code in (({"limit": 0}, "invalid_parameter"), ({"limit": True}, "invalid_parameter"),
                       ({"limit": 101}, "invalid_parameter"), ({"cursor": "!!"}, "invalid_cursor"),
                       ({"cursor": 5}, "invalid_cursor"), ({"syncToken": "x"}, "invalid_sync_token"),
                       ({"syncToken": issue_sync_token("other.list", T0)}, "invalid_sync_token")):
        with pytest.raises(VendorError) as exc:
            parse(body, status=200)
        assert exc.value.code == code and exc.value.status == 200, body
    page = rpc_slice(session, select(Row), [Row.id], parse({"limit": 5}), "rows.list")
    with pytest.raises(VendorError) as exc:  # a cursor of another list
        parse_rpc_page({"cursor": page.next_cursor}, "other.list", T0, default_limit=5, max_limit=5)
    assert exc.value.code == "invalid_cursor" and exc.value.status == 400
    # without an updated column there is no sync token
    last = rpc_slice(session, select(Row), [Row.id], parse({"limit": 100}), "rows.list")
    assert not last.more and last.sync_token is None
