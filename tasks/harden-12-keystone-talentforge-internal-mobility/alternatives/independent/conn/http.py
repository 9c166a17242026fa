# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small HTTP client on the standard library: every call has a socket deadline and the
whole body must arrive (a body shorter than its Content-Length is a failure, not an answer)."""
from __future__ import annotations

import http.client
import json
import socket
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass


@dataclass
class Answer:
    status: int
    headers: dict
    body: bytes

    def json(self):
        return json.loads(self.body or b"null")


class NoAnswer(Exception):
    """The request went out but no complete answer came back (timeout, reset, cut short)."""


def send(method: str, url: str, *, headers: dict | None = None, params: dict | None = None,
         body: bytes | None = None, timeout: float = 6.0) -> Answer:
    if params:
        url = f"{url}?{urllib.parse.urlencode(params)}"
    req = urllib.request.Request(url, data=body, method=method, headers=dict(headers or {}))
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            data = r.read()
            length = r.headers.get("Content-Length")
            if length is not None and length.isdigit() and len(data) < int(length):
                raise NoAnswer(f"{method} {url}: body cut short ({len(data)} of {length} bytes)")
            return Answer(r.status, {k.lower(): v for k, v in r.headers.items()}, data)
    except urllib.error.HTTPError as e:
        try:
            data = e.read()
        except (OSError, http.client.HTTPException):
            data = b""
        return Answer(e.code, {k.lower(): v for k, v in (e.headers or {}).items()}, data)
    except (urllib.error.URLError, socket.timeout, TimeoutError, ConnectionError, http.client.HTTPException,
            OSError) as e:
        raise NoAnswer(f"{method} {url}: {e}") from e
