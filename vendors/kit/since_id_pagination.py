"""since_id / max_id pagination (Workable-like): rows in ascending id order, `since_id` and
`max_id` both inclusive, and the next page handed back as a FULL URL whose `since_id` is the
first id of the next page.

Ids may be rendered in any base (Workwell: unpadded hex); the vendor passes `parse_id` and
`render_id`. The next URL is built from the request's own scheme and Host header, so a client
behind the recorder is sent back through the recorder; every other query parameter is kept.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import urlencode

from flask import request
from sqlalchemy import Select
from sqlalchemy.orm import Session

from vendors.kit.errors import VendorError
from vendors.kit.pagination import int_arg


@dataclass(frozen=True)
class SinceIdPage:
    since_id: int | None
    max_id: int | None
    limit: int


def since_id_page(parse_id: Callable[[str], int], default_limit: int, max_limit: int,
                  since_param: str = "since_id", max_param: str = "max_id",
                  limit_param: str = "limit", clamp_limit: bool = False) -> SinceIdPage:
    """Parse the page request; a malformed id or limit is a 400 in the vendor's envelope."""
    bounds = []
    for name in (since_param, max_param):
        raw = request.args.get(name)
        if raw is None or raw == "":
            bounds.append(None)
            continue
        try:
            value = parse_id(raw)
        except (ValueError, TypeError):
            raise VendorError(400, "invalid_parameter", f"`{name}` is not a valid id.") from None
        if not 0 <= value < 2**62:
            raise VendorError(400, "invalid_parameter", f"`{name}` is out of range.")
        bounds.append(value)
    limit = int_arg(limit_param, default_limit, minimum=1, maximum=max_limit, clamp=clamp_limit)
    return SinceIdPage(bounds[0], bounds[1], int(limit))


def slice_since_id(session: Session, query: Select, id_column: Any, page: SinceIdPage) -> tuple[list[Any], int | None]:
    """One page in ascending `id_column` order, and the id the next page starts at (None on the
    last page)."""
    q = query.order_by(id_column)
    if page.since_id is not None:
        q = q.where(id_column >= page.since_id)
    if page.max_id is not None:
        q = q.where(id_column <= page.max_id)
    rows = list(session.scalars(q.limit(page.limit + 1)))
    if len(rows) > page.limit:
        return rows[:page.limit], getattr(rows[page.limit], id_column.key)
    return rows, None


def next_url(next_id: str, since_param: str = "since_id") -> str:
    """The current request's URL (scheme and Host as the client sent them) with `since_param`
    replaced by `next_id`; every other parameter is kept in its order."""
    pairs = [(k, v) for k, v in request.args.items(multi=True) if k != since_param]
    pairs.append((since_param, next_id))
    return f"{request.scheme}://{request.host}{request.path}?{urlencode(pairs)}"
