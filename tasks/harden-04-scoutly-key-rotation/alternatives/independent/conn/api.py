# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Scoutly over HTTP, politely: one request at a time through a shared gate spaced 120 ms apart
(under 10 a second), a refused or busy answer waited out for as long as Retry-After says (a
backoff of our own when it says nothing), list pages read strictly in sequence."""
import os
import threading
import time

import httpx


class ScoutlyError(RuntimeError):
    pass


class ScoutlyApi:
    SPACING_S = 0.12

    def __init__(self):
        self.client = httpx.Client(base_url=os.environ["SCOUTLY_BASE_URL"].rstrip("/"), timeout=15.0,
                                   headers={"X-SmartToken": os.environ["SCOUTLY_API_KEY"]})
        self.gate = threading.Lock()
        self.next_ok = 0.0

    def _send(self, method, path, params=None, once=False):
        tries = 1 if once else 7
        last = None
        for n in range(tries):
            with self.gate:
                delay = self.next_ok - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                try:
                    resp = self.client.request(method, path, params=params)
                except httpx.HTTPError as exc:
                    last = exc
                    self.next_ok = time.monotonic() + min(1.0 * (n + 1), 5.0)
                    continue
                finally:
                    self.next_ok = max(self.next_ok, time.monotonic() + self.SPACING_S)
                if resp.status_code in (429, 500, 502, 503, 504):
                    ra = resp.headers.get("retry-after", "")
                    pause = float(ra) if ra.replace(".", "", 1).isdigit() else min(1.0 * (n + 1), 5.0)
                    self.next_ok = time.monotonic() + pause + 0.1
                    last = resp
                    if once:
                        return resp
                    continue
                return resp
        if isinstance(last, httpx.Response):
            return last
        raise ScoutlyError(f"{method} {path}: {last!r}")

    def one(self, path):
        resp = self._send("GET", path)
        if resp.status_code == 404:
            return None
        if resp.status_code != 200:
            raise ScoutlyError(f"GET {path}: {resp.status_code}")
        return resp.json()

    def once(self, path):
        """A single attempt (the key list has a budget of its own): the response as it came."""
        return self._send("GET", path, once=True)

    def every(self, path, **filters):
        out, offset = [], 0
        while True:
            resp = self._send("GET", path, {**filters, "limit": 100, "offset": offset})
            if resp.status_code != 200:
                raise ScoutlyError(f"GET {path} at offset {offset}: {resp.status_code}")
            body = resp.json()
            chunk = body.get("content") or []
            out.extend(chunk)
            offset += len(chunk)
            if not chunk or offset >= body.get("totalFound", 0):
                return out
