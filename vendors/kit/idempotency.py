"""`Idempotency-Key` semantics (Stripe-like).

The first request with a key runs and its response is stored; a repeat with the same key and
the same request replays that response (with the vendor's replay header); the same key with a
different method, path or body is refused with the vendor's mismatch status. Records live in
the vendor DB, so a write that committed before the connection dropped is replayed to the
client's retry. 5xx responses are not stored: the retry runs again.
"""
from __future__ import annotations

import functools
import hashlib
import json

from flask import Response, g, make_response, request
from sqlalchemy import select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError


def _fingerprint() -> str:
    body = request.get_data()
    try:  # the same JSON document with other whitespace or key order is the same request
        body = json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")).encode()
    except ValueError:
        pass
    return hashlib.sha256(request.method.encode() + b" " + request.path.encode() + b"\n" + body).hexdigest()


def idempotent(view):
    """Decorate a write view. Without the header the write simply runs (the vendor documents
    the header as recommended, not required)."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        c = ctx()
        traits = c.traits.idempotency
        key = request.headers.get(traits.header)
        if not key:
            return view(*args, **kwargs)
        if len(key) > 255:
            raise VendorError(400, "invalid_idempotency_key", f"{traits.header} is limited to 255 characters.")
        principal = getattr(g, "principal", "anonymous")
        fp = _fingerprint()
        Rec = c.kit.IdempotencyRecord
        with c.db.session() as s:
            rec = s.scalar(select(Rec).where(Rec.principal == principal, Rec.key == key))
            if rec is not None:
                if rec.fingerprint != fp:
                    raise VendorError(traits.mismatch_status, "idempotency_key_reused",
                                      f"This {traits.header} was already used with a different request.")
                rec.replays += 1
                resp = Response(rec.response_body, status=rec.status, headers=rec.response_headers)
                if traits.replay_header:
                    resp.headers[traits.replay_header] = "true"
                return resp
            resp = make_response(view(*args, **kwargs))
            if resp.status_code < 500:
                headers = {k: v for k, v in resp.headers.items() if k.lower() in ("content-type", "location")}
                s.add(Rec(principal=principal, key=key, method=request.method, path=request.path,
                          fingerprint=fp, status=resp.status_code, response_body=resp.get_data(as_text=True),
                          response_headers=headers, replays=0, created_at=c.now()))
            if traits.replay_header:
                resp.headers[traits.replay_header] = "false"
            return resp

    return wrapper
