"""Page-number pagination with an RFC 8288 `Link` header (GitHub/Greenhouse style).

The client sends `page` (1-based) and `per_page`; the body is the page's items and the
response carries `Link: <url>; rel="next", <url>; rel="prev", <url>; rel="last"` (rels that do
not apply are left out). Links are absolute URLs built from the request's own host (the proxy
keeps the Host header, so links point back through it) and keep every other query parameter.
A `per_page` above the maximum can be clamped silently (`clamp=True`) or refused with a 400.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask import request
from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from vendors.kit.pagination import int_arg


@dataclass(frozen=True)
class PageRequest:
    page: int
    per_page: int

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.per_page


def page_request(default_per_page: int, max_per_page: int, page_param: str = "page",
                 per_page_param: str = "per_page", clamp: bool = True) -> PageRequest:
    """Parse `page`/`per_page` (400 in the vendor's envelope for non-integers or values < 1)."""
    page = int_arg(page_param, 1, minimum=1, maximum=2**31)
    per_page = int_arg(per_page_param, default_per_page, minimum=1, maximum=None if clamp else max_per_page)
    return PageRequest(page, min(per_page, max_per_page))


def slice_page(session: Session, query: Select, page: PageRequest) -> tuple[list[Any], int]:
    """Rows of one page (in the query's order) and the total count of the filtered query."""
    total = session.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    rows = list(session.scalars(query.offset(page.offset).limit(page.per_page)))
    return rows, int(total or 0)


def last_page(total: int, per_page: int) -> int:
    return max(1, math.ceil(total / per_page))


def link_header(page: PageRequest, total: int, page_param: str = "page", per_page_param: str = "per_page",
                base_url: str | None = None) -> str:
    """The `Link` header value for `page` of `total` rows: next (when there is a next page),
    prev (when page > 1) and last (always)."""
    base = base_url or request.base_url
    keep = [(k, v) for k, v in request.args.items(multi=True) if k not in (page_param, per_page_param)]

    def url(n: int) -> str:
        return base + "?" + urlencode(keep + [(page_param, str(n)), (per_page_param, str(page.per_page))])

    last = last_page(total, page.per_page)
    links = []
    if page.page < last:
        links.append(f'<{url(page.page + 1)}>; rel="next"')
    if page.page > 1:
        links.append(f'<{url(min(page.page - 1, last))}>; rel="prev"')
    links.append(f'<{url(last)}>; rel="last"')
    return ", ".join(links)


def parse_link_header(value: str) -> dict[str, str]:
    """rel -> URL of a `Link` header (a reference parser for tests and reference solutions)."""
    out: dict[str, str] = {}
    for part in value.split(","):
        segs = [x.strip() for x in part.split(";")]
        if not segs or not segs[0].startswith("<") or not segs[0].endswith(">"):
            continue
        for attr in segs[1:]:
            key, _, val = attr.partition("=")
            if key.strip() == "rel":
                for rel in val.strip().strip('"').split():
                    out[rel] = segs[0][1:-1]
    return out
