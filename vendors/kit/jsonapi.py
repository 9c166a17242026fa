"""JSON:API (jsonapi.org) documents and `page[number]`/`page[size]` paging.

- `resource(type, id, attributes, relationships)` builds a resource object (ids are strings);
  `to_one`/`to_many` build relationship objects from ids.
- `includes(allowed)` parses `?include=a,b.c` (400 for a path not in `allowed`).
- `page_request(default, max)` parses `page[number]` (1-based) and `page[size]` (sizes above
  the maximum are clamped silently; non-integers and values < 1 are 400).
- `page_document(...)` slices a query and returns the document with `data`, `included` (when
  asked), `links` (`self`, `first`, `last`, `next` only when there is a next page, `prev`)
  and `meta` (`record-count`, `page-count`). Links are absolute, built from the request's host,
  and keep every other query parameter.
- `error_document(status, code, message, details)` is a VendorSpec envelope:
  `{"errors": [{"status": "400", "code", "title", "detail", "source"?}]}`.
- `install_media_type(app, prefix)` serves every response under `prefix` (errors included) as
  `application/vnd.api+json`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, Iterable
from urllib.parse import urlencode

from flask import Flask, request
from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from vendors.kit.errors import VendorError
from vendors.kit.pagination import int_arg

MEDIA_TYPE = "application/vnd.api+json"


def resource(type_: str, id_: Any, attributes: dict, relationships: dict | None = None,
             links: dict | None = None) -> dict:
    out: dict[str, Any] = {"id": str(id_), "type": type_, "attributes": attributes}
    if relationships is not None:
        out["relationships"] = relationships
    if links is not None:
        out["links"] = links
    return out


def to_one(type_: str, id_: Any) -> dict:
    return {"data": None if id_ is None else {"type": type_, "id": str(id_)}}


def to_many(type_: str, ids: Iterable[Any]) -> dict:
    return {"data": [{"type": type_, "id": str(i)} for i in ids]}


def includes(allowed: Iterable[str], param: str = "include") -> list[str]:
    raw = request.args.get(param)
    if raw is None or raw == "":
        return []
    allowed = list(allowed)
    out = []
    for path in raw.split(","):
        path = path.strip()
        if path not in allowed:
            raise VendorError(400, "invalid_include",
                              f"`{path}` is not a relationship you can include here; allowed: {', '.join(allowed) or 'none'}.",
                              {"parameter": param})
        if path not in out:
            out.append(path)
    return out


@dataclass(frozen=True)
class PageRequest:
    number: int
    size: int

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.size


def page_request(default_size: int, max_size: int, number_param: str = "page[number]",
                 size_param: str = "page[size]") -> PageRequest:
    number = int_arg(number_param, 1, minimum=1, maximum=2**31)
    size = int_arg(size_param, default_size, minimum=1)
    return PageRequest(number, min(size, max_size))


def page_links(page: PageRequest, total: int, number_param: str = "page[number]",
               size_param: str = "page[size]") -> dict:
    base = request.base_url
    keep = [(k, v) for k, v in request.args.items(multi=True) if k not in (number_param, size_param)]

    def url(n: int) -> str:
        return base + "?" + urlencode(keep + [(number_param, str(n)), (size_param, str(page.size))])

    last = max(1, math.ceil(total / page.size))
    links = {"self": url(page.number), "first": url(1), "last": url(last)}
    if page.number < last:
        links["next"] = url(page.number + 1)
    if page.number > 1:
        links["prev"] = url(min(page.number - 1, last))
    return links


def slice_rows(s: Session, query: Select, page: PageRequest) -> tuple[list[Any], int]:
    total = s.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    rows = list(s.scalars(query.offset(page.offset).limit(page.size)))
    return rows, int(total or 0)


def document(data: Any, included: list[dict] | None = None, links: dict | None = None,
             meta: dict | None = None) -> dict:
    doc: dict[str, Any] = {"data": data}
    if included is not None:
        doc["included"] = dedupe(included)
    if links is not None:
        doc["links"] = links
    if meta is not None:
        doc["meta"] = meta
    return doc


def dedupe(resources: Iterable[dict]) -> list[dict]:
    """Included resources once each, by (type, id), in first-seen order."""
    seen, out = set(), []
    for r in resources:
        key = (r["type"], r["id"])
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def error_document(status: int, code: str, message: str, details: dict | None) -> dict:
    err: dict[str, Any] = {"status": str(status), "code": code,
                           "title": _title(status), "detail": message}
    details = dict(details or {})
    if "pointer" in details:
        err["source"] = {"pointer": details.pop("pointer")}
    elif "parameter" in details:
        err["source"] = {"parameter": details.pop("parameter")}
    if details:
        err["meta"] = details
    return {"errors": [err]}


def _title(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def install_media_type(app: Flask, prefix: str) -> None:
    @app.after_request
    def _jsonapi_media_type(resp):
        if request.path.startswith(prefix) and resp.mimetype == "application/json":
            resp.headers["Content-Type"] = MEDIA_TYPE
        return resp


def resolve(doc: dict, ref: dict | None) -> dict | None:
    """The resource a relationship linkage points at, from `data` or `included` (a reference
    client helper for tests and reference solutions)."""
    if ref is None:
        return None
    pool = doc.get("included") or []
    data = doc.get("data")
    pool = pool + (data if isinstance(data, list) else [data] if data else [])
    for r in pool:
        if r["type"] == ref["type"] and r["id"] == ref["id"]:
            return r
    return None
