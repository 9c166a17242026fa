# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Quarry client. Quarry is RPC-style: every method is a POST to /<object>.<verb> with
a JSON body (docs: QUARRY_DOCS_URL); list methods page with `cursor` / `nextCursor`, and the
last page of a walk carries a `syncToken` for the next incremental walk.

Quarry answers almost every failure with HTTP 200 and `success: false`, its throttle included
(`rate_limit_exceeded` with `retryAfterSeconds`). `call` returns only successful answers: it
waits out a throttle and repeats the same call, retries transient failures (a cut or unreadable
answer, a dropped connection, a 5xx, `internal_error`) with a backoff, and raises QuarryError
for everything else — a failed page is never an empty page."""
from __future__ import annotations

import logging
import time

import requests

log = logging.getLogger(__name__)

MAX_TRANSIENT = 6  # attempts of one call that fail transiently before the run gives up
MAX_THROTTLED = 100  # throttles of one call waited out before the run gives up


class QuarryError(Exception):
    def __init__(self, method: str, code: str | None, info: dict | None = None):
        super().__init__(f"{method}: {code}")
        self.method, self.code, self.info = method, code, info or {}


class Quarry:
    def __init__(self, base_url: str, api_key: str, timeout: float = 30.0, sleep=time.sleep):
        self.base = base_url.rstrip("/")
        self.http = requests.Session()
        self.http.auth = (api_key, "")
        self.timeout = timeout
        self.sleep = sleep
        self.throttled = 0

    def call(self, method: str, body: dict) -> dict:
        transient = throttled = 0
        while True:
            problem = None
            try:
                r = self.http.post(f"{self.base}/{method}", json=body, timeout=self.timeout)
            except requests.RequestException as exc:
                r, problem = None, f"no answer ({exc.__class__.__name__})"
            if r is not None:
                if r.status_code == 401:
                    raise QuarryError(method, "unauthorised", {"status": 401})
                if r.status_code != 200:
                    problem = f"HTTP {r.status_code}"
                else:
                    try:
                        answer = r.json()
                    except ValueError:
                        answer, problem = None, "unreadable answer"
                    if answer is not None and not isinstance(answer, dict):
                        problem = "unexpected answer"
                    elif answer is not None:
                        if answer.get("success") is True:
                            return answer
                        info = answer.get("errorInfo") or {}
                        code = info.get("code")
                        if code == "rate_limit_exceeded":
                            throttled += 1
                            self.throttled += 1
                            if throttled > MAX_THROTTLED:
                                raise QuarryError(method, code, info)
                            wait = _seconds(info.get("retryAfterSeconds"), 5.0)
                            log.info("%s throttled: waiting %.1f s", method, wait)
                            self.sleep(wait + 0.2)
                            continue
                        if code != "internal_error":
                            raise QuarryError(method, code, info)
                        problem = "internal_error"
            transient += 1
            if transient >= MAX_TRANSIENT:
                raise QuarryError(method, "transient", {"problem": problem})
            pause = min(0.5 * 2 ** (transient - 1), 8.0)
            log.warning("%s: %s; retrying in %.1f s", method, problem, pause)
            self.sleep(pause)

    def walk(self, method: str, body: dict | None = None, sync_token: str | None = None,
             limit: int = 100) -> tuple[list[dict], str | None]:
        """Every record of one complete list walk and the walk's new sync token. Raises
        QuarryError when any page fails for good (the walk is then incomplete)."""
        records: list[dict] = []
        cursor = None
        while True:
            req = dict(body or {}, limit=limit)
            if cursor:
                req["cursor"] = cursor
            elif sync_token:
                req["syncToken"] = sync_token
            page = self.call(method, req)
            records += page.get("results") or []
            if not page.get("moreDataAvailable"):
                return records, page.get("syncToken")
            cursor = page.get("nextCursor")
            if not cursor:
                raise QuarryError(method, "no_cursor", {"page": page})


def _seconds(value, default: float) -> float:
    try:
        return max(0.0, float(value))
    except (TypeError, ValueError):
        return default
