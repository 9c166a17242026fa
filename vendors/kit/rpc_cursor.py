"""RPC-style pagination (Ashby-like): every list is a POST whose JSON body carries the page
request (`limit`, `cursor`, optionally `syncToken`), and whose response body carries
`moreDataAvailable`, `nextCursor` and — on the last page of a walk — a `syncToken`.

- Cursors are opaque (base64 JSON): the keyset of the last row, the 1-based page index of the
  next page (so a vendor can fault "page 5"), the instant the walk started, and the sync
  instant of an incremental walk.
- A sync token records the instant a walk started (and the resource it belongs to). Given on
  a later list call, only rows changed at or after that instant are listed (at-least-once:
  a change at the boundary instant may show twice); the last page carries a fresh token.
  Tokens older than `ttl_s` on the vendor clock are refused (`sync_token_expired`), which
  forces a full walk. Hard deletions never show in an incremental walk.

Errors are `VendorError(error_status, code, message)`: an RPC vendor that answers failures as
HTTP 200 passes `error_status=200`.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Sequence

from sqlalchemy import Select
from sqlalchemy.orm import Session

from vendors.kit.errors import VendorError
from vendors.kit.pagination import decode_cursor, encode_cursor, slice_keyset


@dataclass(frozen=True)
class RpcPageRequest:
    limit: int
    after: list | None  # keyset of the last row seen, None on the first page
    page: int  # 1-based index of the page asked for
    started_at: dt.datetime  # when the walk began (the next sync token's instant)
    since: dt.datetime | None  # incremental walk: rows changed at/after this instant


@dataclass(frozen=True)
class RpcPage:
    rows: list[Any]
    more: bool
    next_cursor: str | None
    sync_token: str | None  # only on the last page


def _err(status: int, code: str, message: str) -> VendorError:
    return VendorError(status, code, message)


def _instant(value: Any) -> dt.datetime:
    out = dt.datetime.fromisoformat(str(value))
    if out.tzinfo is None:
        raise ValueError("naive instant")
    return out


def issue_sync_token(resource: str, instant: dt.datetime) -> str:
    return encode_cursor({"kind": "sync", "r": resource, "t": instant.isoformat()})


def read_sync_token(token: Any, resource: str, now: dt.datetime, ttl_s: float,
                    error_status: int = 400) -> dt.datetime:
    """The instant a sync token stands for; `invalid_sync_token` or `sync_token_expired`."""
    if not isinstance(token, str) or not token:
        raise _err(error_status, "invalid_sync_token", "`syncToken` must be a non-empty string.")
    try:
        state = decode_cursor(token)
        if state.get("kind") != "sync":
            raise ValueError
        instant = _instant(state["t"])
    except (VendorError, ValueError, KeyError, TypeError):
        raise _err(error_status, "invalid_sync_token",
                   "The sync token is not valid; run a full sync without one.") from None
    if state.get("r") != resource:
        raise _err(error_status, "invalid_sync_token",
                   f"This sync token belongs to another list ({state.get('r')}), not {resource}.")
    if (now - instant).total_seconds() > ttl_s:
        raise _err(error_status, "sync_token_expired",
                   "The sync token has expired; run a full sync without a syncToken to get a new one.")
    return instant


def parse_rpc_page(body: dict, resource: str, now: dt.datetime, *, default_limit: int, max_limit: int,
                   sync_ttl_s: float | None = None, error_status: int = 400,
                   limit_param: str = "limit", cursor_param: str = "cursor",
                   sync_param: str = "syncToken") -> RpcPageRequest:
    """Read `limit`, `cursor` and (when `sync_ttl_s` is given) `syncToken` from a JSON body."""
    limit = body.get(limit_param, default_limit)
    if limit is None:
        limit = default_limit
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= max_limit:
        raise _err(error_status, "invalid_parameter", f"`{limit_param}` must be an integer from 1 to {max_limit}.")
    raw_cursor = body.get(cursor_param)
    raw_sync = body.get(sync_param) if sync_ttl_s is not None else None
    if raw_cursor is not None:
        if not isinstance(raw_cursor, str) or not raw_cursor:
            raise _err(error_status, "invalid_cursor", f"`{cursor_param}` must be a string from nextCursor.")
        try:
            state = decode_cursor(raw_cursor)
            if state.get("kind") != "page" or state.get("r") != resource:
                raise ValueError
            after = state["k"]
            page = int(state["p"])
            started = _instant(state["s"])
            since = _instant(state["since"]) if state.get("since") else None
            if not isinstance(after, list) or page < 2:
                raise ValueError
        except (VendorError, ValueError, KeyError, TypeError):
            raise _err(error_status, "invalid_cursor",
                       "The cursor is not valid for this list; start again without one.") from None
        # a cursor carries the walk's sync instant; the token is only read on the first page
        if since is not None and sync_ttl_s is not None and (now - since).total_seconds() > sync_ttl_s:
            raise _err(error_status, "sync_token_expired",
                       "The sync token has expired; run a full sync without a syncToken to get a new one.")
        return RpcPageRequest(limit, after, page, started, since)
    since = read_sync_token(raw_sync, resource, now, sync_ttl_s, error_status) if raw_sync is not None else None
    return RpcPageRequest(limit, None, 1, now, since)


def rpc_slice(session: Session, query: Select, key_columns: Sequence[Any], req: RpcPageRequest,
              resource: str, updated_column: Any = None) -> RpcPage:
    """One page of `query` in keyset order; with `updated_column`, an incremental walk lists
    only rows whose `updated_column >= since`, and the last page carries a sync token."""
    if req.since is not None and updated_column is not None:
        query = query.where(updated_column >= req.since)
    rows, last_key = slice_keyset(session, query, key_columns, req.after, req.limit)
    if last_key is not None:
        state = {"kind": "page", "r": resource, "k": last_key, "p": req.page + 1,
                 "s": req.started_at.isoformat(), "since": req.since.isoformat() if req.since else None}
        return RpcPage(rows, True, encode_cursor(state), None)
    token = issue_sync_token(resource, req.started_at) if updated_column is not None else None
    return RpcPage(rows, False, None, token)
