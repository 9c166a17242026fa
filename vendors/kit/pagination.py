"""Paginators: parse a page request from the query string (400 in the vendor's envelope for
bad values) and slice a SQLAlchemy select. Styles are those vendor.yaml names (docs/vendor-yaml.md); each vendor renders the
page in its own body shape."""
from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Any, Sequence

from flask import request
from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from vendors.kit.errors import VendorError


def int_arg(name: str, default: int | None, minimum: int | None = None, maximum: int | None = None,
            clamp: bool = False) -> int | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise VendorError(400, "invalid_parameter", f"`{name}` must be an integer.") from None
    if minimum is not None and value < minimum:
        if clamp:
            return minimum
        raise VendorError(400, "invalid_parameter", f"`{name}` must be at least {minimum}.")
    if maximum is not None and value > maximum:
        if clamp:
            return maximum
        raise VendorError(400, "invalid_parameter", f"`{name}` must be at most {maximum}.")
    return value


@dataclass(frozen=True)
class OffsetPage:
    offset: int
    limit: int


def offset_page(offset_param: str, limit_param: str, default_limit: int, max_limit: int,
                clamp_limit: bool = False) -> OffsetPage:
    offset = int_arg(offset_param, 0, minimum=0, maximum=2**63 - 1)  # beyond: SQLite cannot bind it
    limit = int_arg(limit_param, default_limit, minimum=1, maximum=max_limit, clamp=clamp_limit)
    return OffsetPage(offset, limit)


def slice_offset(session: Session, query: Select, page: OffsetPage) -> tuple[list[Any], int]:
    """Rows of one offset page and the total count of the whole (filtered) query."""
    total = session.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    rows = list(session.scalars(query.offset(page.offset).limit(page.limit)))
    return rows, int(total or 0)


def encode_cursor(state: dict) -> str:
    raw = json.dumps(state, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(token: str) -> dict:
    try:
        padded = token + "=" * (-len(token) % 4)
        state = json.loads(base64.urlsafe_b64decode(padded.encode()))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise VendorError(400, "invalid_cursor", "The cursor is not valid; start again without one.") from None
    if not isinstance(state, dict):
        raise VendorError(400, "invalid_cursor", "The cursor is not valid; start again without one.")
    return state


def slice_keyset(session: Session, query: Select, key_columns: Sequence[Any], after: Sequence[Any] | None,
                 limit: int) -> tuple[list[Any], list[Any] | None]:
    """Keyset page ordered by `key_columns` (last one unique). Returns rows and the key of the
    last row when another page exists, else None."""
    from sqlalchemy import tuple_

    q = query.order_by(*key_columns)
    if after is not None:
        q = q.where(tuple_(*key_columns) > tuple_(*after))
    rows = list(session.scalars(q.limit(limit + 1)))
    more = len(rows) > limit
    rows = rows[:limit]
    if not more or not rows:
        return rows, None
    last = rows[-1]
    return rows, [_key_value(getattr(last, col.key)) for col in key_columns]


def _key_value(v: Any) -> Any:
    if hasattr(v, "isoformat"):
        return v.isoformat()
    return v
