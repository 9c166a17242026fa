# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Quarry over httpx, paced: at most PACE_CALLS calls in any PACE_WINDOW_S seconds (below the
docs' typical 15 per 10 s), and every answer read through its `success` envelope. A throttle
(rate_limit_exceeded) is waited out and the call repeated; a broken answer (cut off, not JSON,
dropped, 5xx) and internal_error are repeated after a pause; any other failure is raised."""
from __future__ import annotations

import collections
import logging
import time

import httpx

log = logging.getLogger(__name__)

PACE_CALLS, PACE_WINDOW_S = 12, 10.0
ATTEMPTS = 8


class Failed(RuntimeError):
    def __init__(self, method: str, code: str, info: dict | None = None):
        super().__init__(f"{method} failed: {code}")
        self.code = code
        self.info = info or {}


class Client:
    def __init__(self, base_url: str, api_key: str):
        self.http = httpx.Client(base_url=base_url.rstrip("/") + "/", auth=(api_key, ""), timeout=30.0)
        self.sent: collections.deque[float] = collections.deque()

    def _pace(self) -> None:
        while True:
            now = time.monotonic()
            while self.sent and now - self.sent[0] >= PACE_WINDOW_S:
                self.sent.popleft()
            if len(self.sent) < PACE_CALLS:
                self.sent.append(now)
                return
            time.sleep(PACE_WINDOW_S - (now - self.sent[0]) + 0.05)

    def rpc(self, method: str, params: dict) -> dict:
        broken = 0
        while True:
            self._pace()
            try:
                resp = self.http.post(method, json=params)
                status = resp.status_code
                data = resp.json() if status == 200 else None
            except (httpx.HTTPError, ValueError) as exc:
                status, data = None, None
                log.warning("%s: %s", method, exc)
            if status == 401:
                raise Failed(method, "unauthorised")
            if isinstance(data, dict):
                if data.get("success") is True:
                    return data
                info = data.get("errorInfo") or {}
                if info.get("code") == "rate_limit_exceeded":
                    try:
                        wait = float(info.get("retryAfterSeconds"))
                    except (TypeError, ValueError):
                        wait = PACE_WINDOW_S
                    log.info("%s: throttled, waiting %.1f s", method, wait)
                    time.sleep(max(wait, 0.0) + 0.5)
                    continue
                if info.get("code") != "internal_error":
                    raise Failed(method, str(info.get("code")), info)
            broken += 1
            if broken >= ATTEMPTS:
                raise Failed(method, "unavailable")
            time.sleep(1.0)

    def every(self, method: str, params: dict | None = None, token: str | None = None) -> tuple[list[dict], str | None]:
        out: list[dict] = []
        first = dict(params or {}, limit=100)
        if token:
            first["syncToken"] = token
        page = self.rpc(method, first)
        while True:
            out.extend(page.get("results") or [])
            if not page.get("moreDataAvailable"):
                return out, page.get("syncToken")
            page = self.rpc(method, dict(params or {}, limit=100, cursor=page["nextCursor"]))
