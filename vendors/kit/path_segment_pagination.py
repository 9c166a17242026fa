"""Path-segment pages (Jobsmith/JazzHR-style legacy APIs): `GET /things` is page 1 and
`GET /things/page/{n}` is page n; the page size is fixed by the vendor, and the walk ends at a
page that comes back as an EMPTY list.

`post_filter` drops rows after the page was cut (legacy "hidden" records): a page can then be
shorter than the page size in the middle of the stream, so only an empty page marks the end.
`one_or_list` renders the legacy quirk where a list with exactly one item is sent as that item.
"""
from __future__ import annotations

from typing import Any, Callable

from sqlalchemy import Select
from sqlalchemy.orm import Session

from vendors.kit.errors import VendorError

MAX_PAGE = 10**6  # beyond any dataset: served as an empty page (no SQL overflow)


def check_page(n: int | None) -> int:
    """Page numbers start at 1; `None` (the bare collection path) is page 1."""
    if n is None:
        return 1
    if n < 1:
        raise VendorError(400, "invalid_page", "Page numbers start at 1.")
    return n


def slice_path_page(session: Session, query: Select, page: int, page_size: int,
                    post_filter: Callable[[Any], bool] | None = None) -> list[Any]:
    """The rows of page `page` (1-based) of `query` (which must be ordered), cut at
    `page_size` BEFORE `post_filter` is applied."""
    if page > MAX_PAGE:
        return []
    rows = list(session.scalars(query.offset((page - 1) * page_size).limit(page_size)))
    if post_filter is not None:
        rows = [r for r in rows if post_filter(r)]
    return rows


def one_or_list(items: list[Any]) -> Any:
    """The legacy single-result quirk: exactly one item → the item itself, else the list."""
    return items[0] if len(items) == 1 else items


def walk_path_pages(fetch: Callable[[int], Any]) -> list[Any]:
    """Reference client: fetch(n) returns page n's decoded body; stop only at an empty list,
    wrapping a single object in a list."""
    out, n = [], 1
    while True:
        body = fetch(n)
        if isinstance(body, dict):
            body = [body]
        if not body:
            return out
        out.extend(body)
        n += 1
