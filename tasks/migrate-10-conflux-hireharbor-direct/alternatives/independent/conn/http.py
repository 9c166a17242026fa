# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small stdlib HTTP client: JSON, follows redirects (urllib does), paces itself on the
X-RateLimit-* headers and waits out a 429's Retry-After (delta-seconds or HTTP-date)."""
from __future__ import annotations

import base64
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from email.utils import parsedate_to_datetime


class Response:
    def __init__(self, status: int, headers, body: bytes, url: str):
        self.status, self.headers, self.body, self.url = status, headers, body, url

    def json(self):
        return json.loads(self.body or b"null")

    def next_link(self) -> str | None:
        for part in (self.headers.get("Link") or "").split(","):
            m = re.match(r'\s*<([^>]+)>\s*;\s*rel="?next"?', part)
            if m:
                return m.group(1)
        return None


def _wait_for(value: str | None) -> float:
    if not value:
        return 1.0
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time()) + 0.25
    except (TypeError, ValueError):
        return 1.0


class Client:
    def __init__(self, base: str, headers: dict[str, str]):
        self.base, self.headers = base.rstrip("/"), headers
        self.pause_until = 0.0

    @classmethod
    def basic(cls, base: str, user: str) -> "Client":
        return cls(base, {"Authorization": "Basic " + base64.b64encode(f"{user}:".encode()).decode()})

    def get(self, path: str, params: dict | None = None) -> Response:
        url = path if path.startswith("http") else self.base + path
        if params:
            url += ("&" if "?" in url else "?") + urllib.parse.urlencode(params)
        while True:
            delay = self.pause_until - time.time()
            if delay > 0:
                time.sleep(delay)
            req = urllib.request.Request(url, headers={**self.headers, "Accept": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=30) as r:
                    resp = Response(r.status, r.headers, r.read(), r.geturl())
            except urllib.error.HTTPError as e:
                resp = Response(e.code, e.headers, e.read(), url)
            if resp.status == 429:
                self.pause_until = time.time() + _wait_for(resp.headers.get("Retry-After"))
                continue
            remaining, reset = resp.headers.get("X-RateLimit-Remaining"), resp.headers.get("X-RateLimit-Reset")
            if remaining is not None and remaining.isdigit() and int(remaining) == 0 and reset:
                try:
                    r_s = float(reset)
                    self.pause_until = time.time() + (r_s - time.time() if r_s > 1e9 else r_s)
                except ValueError:
                    pass
            return resp
