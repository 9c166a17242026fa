# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Quarry over httpx. Every answer is judged by its `success` flag (Quarry reports failures
inside HTTP 200 answers); transient failures are retried for up to `patience_s` seconds per
call, and a call that is still failing then is an Unavailable."""
from __future__ import annotations

import time

import httpx

TRANSIENT = {"internal_error", "rate_limit_exceeded"}


class Refused(Exception):
    """Quarry answered success:false with a definite code (e.g. confidential_job)."""

    def __init__(self, code: str, info: dict):
        super().__init__(code)
        self.code, self.info = code, info


class Unavailable(Exception):
    """A call kept failing transiently for longer than we are willing to wait."""


class QuarryApi:
    def __init__(self, base_url: str, key: str, patience_s: float = 20.0, pause_s: float = 1.0):
        self.client = httpx.Client(base_url=base_url.rstrip("/") + "/", auth=(key, ""), timeout=30.0)
        self.patience_s, self.pause_s = patience_s, pause_s

    def rpc(self, method: str, body: dict) -> dict:
        started = time.monotonic()
        while True:
            wait, why = self.pause_s, ""
            try:
                resp = self.client.post(method, json=body)
                answer = resp.json() if resp.headers.get("content-type", "").startswith("application/json") else None
            except (httpx.HTTPError, ValueError) as exc:
                resp, answer, why = None, None, f"transport: {exc}"
            if resp is not None and resp.status_code == 401:
                raise Refused("unauthorized", (answer or {}).get("errorInfo") or {})
            if isinstance(answer, dict) and resp is not None and resp.status_code == 200:
                if answer.get("success") is True:
                    return answer
                info = answer.get("errorInfo") or {}
                code = str(info.get("code"))
                if code not in TRANSIENT:
                    raise Refused(code, info)
                why = code
                if code == "rate_limit_exceeded":
                    wait = max(wait, float(info.get("retryAfterSeconds") or 1))
            elif not why:
                why = f"HTTP {resp.status_code if resp is not None else '?'}"
            if time.monotonic() - started + wait > self.patience_s:
                raise Unavailable(f"{method} {body}: still failing after {self.patience_s:g} s ({why})")
            time.sleep(wait)

    def every(self, method: str, **filters) -> list[dict]:
        """A whole list walk; raises if any page cannot be had."""
        out, cursor = [], None
        while True:
            body = dict(filters, limit=100)
            if cursor is not None:
                body["cursor"] = cursor
            page = self.rpc(method, body)
            out.extend(page.get("results") or [])
            if not page.get("moreDataAvailable"):
                return out
            cursor = page["nextCursor"]
