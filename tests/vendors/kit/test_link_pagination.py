"""vendors/kit/link_pagination.py: page/per_page parsing, slicing and RFC 8288 Link headers."""
from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import Integer, create_engine, insert, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from vendors.kit.errors import VendorError
from vendors.kit.link_pagination import link_header, page_request, parse_link_header, slice_page


class _Base(DeclarativeBase):
    pass


class _Row(_Base):
    __tablename__ = "rows"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)


def _links(target: str, total: int, **kw) -> tuple[dict, object]:
    app = Flask("t")
    with app.test_request_context(target, base_url="http://proxy.test:8080"):
        page = page_request(50, 100, **kw)
        return parse_link_header(link_header(page, total)), page


def test_links_keep_other_params_and_mark_next_prev_last():
    links, page = _links("/v1/things?status=active&page=2&per_page=10", 35)
    assert page.page == 2 and page.per_page == 10 and page.offset == 10
    assert links["next"] == "http://proxy.test:8080/v1/things?status=active&page=3&per_page=10"
    assert links["prev"].endswith("page=1&per_page=10") and links["last"].endswith("page=4&per_page=10")
    last, _ = _links("/v1/things?page=4&per_page=10", 35)
    assert "next" not in last and set(last) == {"prev", "last"}
    empty, _ = _links("/v1/things", 0)
    assert set(empty) == {"last"} and empty["last"].endswith("page=1&per_page=50")


def test_per_page_is_clamped_or_refused_and_bad_values_are_400():
    _, page = _links("/v1/things?per_page=500", 10)
    assert page.per_page == 100
    app = Flask("t")
    for target, kw in (("/x?per_page=500", {"clamp": False}), ("/x?page=0", {}), ("/x?per_page=abc", {}),
                       ("/x?per_page=0", {})):
        with app.test_request_context(target), pytest.raises(VendorError) as err:
            page_request(50, 100, **kw)
        assert err.value.status == 400


def test_slice_page_returns_rows_and_total():
    engine = create_engine("sqlite://")
    _Base.metadata.create_all(engine)
    with Session(engine) as s:
        s.execute(insert(_Row), [{"id": i} for i in range(1, 24)])
        app = Flask("t")
        with app.test_request_context("/x?page=3&per_page=10"):
            rows, total = slice_page(s, select(_Row).order_by(_Row.id), page_request(50, 100))
    assert [r.id for r in rows] == [21, 22, 23] and total == 23


def test_parse_link_header_handles_spacing_and_multiple_rels():
    v = '<https://a/x?page=2>;rel="next prev-ish",  <https://a/x?page=9>; rel=last'
    assert parse_link_header(v) == {"next": "https://a/x?page=2", "prev-ish": "https://a/x?page=2",
                                    "last": "https://a/x?page=9"}
