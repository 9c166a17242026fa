"""The kit's since_id/max_id paginator: inclusive bounds, the next page's first id, a full
next URL built from the request's Host that keeps the other parameters, 400 on bad values."""
from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

from flask import Flask, jsonify
from sqlalchemy import Integer, create_engine, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from vendors.kit.errors import VendorError, default_envelope, install_error_handlers
from vendors.kit.since_id_pagination import next_url, since_id_page, slice_since_id


class Base(DeclarativeBase):
    pass


class Row(Base):
    __tablename__ = "rows"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)


def _app():
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as s:
        s.add_all(Row(id=i) for i in range(10, 60, 3))  # 17 rows, gaps
        s.commit()
    app = Flask("toy")
    install_error_handlers(app, default_envelope)

    @app.get("/rows")
    def rows():
        page = since_id_page(lambda raw: int(raw, 16), default_limit=5, max_limit=10)
        with Session(engine) as s:
            got, nxt = slice_since_id(s, select(Row), Row.id, page)
        body = {"ids": [r.id for r in got]}
        if nxt is not None:
            body["next"] = next_url(format(nxt, "x"))
        return jsonify(body)

    return app


def test_walks_every_row_by_following_the_full_url():
    client = _app().test_client()
    url, seen, pages = "http://proxy.local:8123/rows?tag=a&limit=4", [], 0
    while url:
        parts = urlsplit(url)
        assert parts.netloc == "proxy.local:8123"
        r = client.get(parts.path, query_string=parts.query, base_url=f"{parts.scheme}://{parts.netloc}")
        seen += r.json["ids"]
        url = r.json.get("next")
        if url:
            q = dict(parse_qsl(urlsplit(url).query))
            assert q["tag"] == "a" and q["limit"] == "4"
        pages += 1
    assert seen == list(range(10, 60, 3)) and pages == 5


def test_bounds_are_inclusive_and_next_starts_at_the_next_row():
    client = _app().test_client()
    r = client.get(f"/rows?since_id={13:x}&limit=2").json
    assert r["ids"] == [13, 16] and r["next"].endswith(f"since_id={19:x}")
    assert client.get(f"/rows?max_id={16:x}").json == {"ids": [10, 13, 16]}
    assert client.get(f"/rows?since_id={14:x}&max_id={22:x}").json == {"ids": [16, 19, 22]}
    last = client.get(f"/rows?since_id={55:x}").json
    assert last == {"ids": [55, 58]}


def test_bad_values_are_400():
    client = _app().test_client()
    for q in ("since_id=zz", "max_id=-", "limit=0", "limit=11", "limit=x", f"since_id={2**63:x}"):
        r = client.get(f"/rows?{q}")
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid_parameter", q
