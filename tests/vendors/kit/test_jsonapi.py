"""vendors/kit/jsonapi.py: documents, include parsing, page[number]/page[size] paging, errors."""
from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import Integer, create_engine, insert, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from vendors.kit.errors import VendorError
from vendors.kit.jsonapi import (document, error_document, includes, page_links, page_request, resolve, resource,
                                 slice_rows, to_many, to_one)


class _Base(DeclarativeBase):
    pass


class _Row(_Base):
    __tablename__ = "rows"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)


def test_resources_linkage_and_included_dedupe():
    r = resource("candidates", 12, {"a": 1}, {"job": to_one("jobs", 12), "tags": to_many("tags", [1, 2])})
    assert r["id"] == "12" and r["relationships"]["job"] == {"data": {"type": "jobs", "id": "12"}}
    assert to_one("stages", None) == {"data": None}
    job = resource("jobs", 12, {})
    doc = document([r], [job, job, resource("candidates", 12, {})])
    assert len(doc["included"]) == 2  # (type, id) dedupe: candidate 12 ≠ job 12
    assert resolve(doc, {"type": "jobs", "id": "12"}) is job


def test_page_request_links_and_slicing():
    app = Flask("t")
    engine = create_engine("sqlite://")
    _Base.metadata.create_all(engine)
    with Session(engine) as s:
        s.execute(insert(_Row), [{"id": i} for i in range(1, 36)])
        with app.test_request_context("/v1/x?filter[a]=b&page[number]=2&page[size]=10", base_url="http://p.test"):
            page = page_request(10, 30)
            rows, total = slice_rows(s, select(_Row).order_by(_Row.id), page)
            assert [r.id for r in rows] == list(range(11, 21)) and total == 35
            links = page_links(page, total)
            assert links["next"] == "http://p.test/v1/x?filter%5Ba%5D=b&page%5Bnumber%5D=3&page%5Bsize%5D=10"
            assert links["last"].endswith("page%5Bnumber%5D=4&page%5Bsize%5D=10") and "prev" in links
        with app.test_request_context("/v1/x?page[number]=4&page[size]=99"):
            page = page_request(10, 30)
            assert page.size == 30 and "next" not in page_links(page, 35)
        for bad in ("page[size]=0", "page[number]=x"):
            with app.test_request_context(f"/v1/x?{bad}"), pytest.raises(VendorError) as e:
                page_request(10, 30)
            assert e.value.status == 400


def test_includes_and_error_document():
    app = Flask("t")
    with app.test_request_context("/v1/x?include=job,stage,job"):
        assert includes(["job", "stage"]) == ["job", "stage"]
    with app.test_request_context("/v1/x?include=nope"), pytest.raises(VendorError) as e:
        includes(["job"])
    body = error_document(e.value.status, e.value.code, e.value.message, e.value.details)
    err = body["errors"][0]
    assert err["status"] == "400" and err["title"] == "Bad Request" and err["source"] == {"parameter": "include"}
    assert error_document(422, "x", "y", {"pointer": "/data"})["errors"][0]["source"] == {"pointer": "/data"}
