# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Conflux client for one linked account: the organisation's Bearer key plus the account's
X-Account-Token on every call; cursor walks that repeat the first request's parameters on every
page; no retry of a request Conflux refused (4xx: it fails the same way again and every failure
counts towards Conflux's error-burst block), one wait of Retry-After after a 403 caller_blocked."""
from __future__ import annotations

import time
from typing import Iterator

import requests

PAGE_SIZE = 100


class AccountFailed(RuntimeError):
    def __init__(self, status: int | None, code: str, detail: str = ""):
        super().__init__(f"{status} {code} {detail}".strip())
        self.status, self.code = status, code


def _code(r: requests.Response) -> str:
    try:
        data = r.json()
    except ValueError:
        return ""
    if isinstance(data.get("errors"), list) and data["errors"]:
        return str(data["errors"][0].get("code", ""))
    if isinstance(data.get("error"), dict):
        return str(data["error"].get("code", ""))
    return ""


class Conflux:
    def __init__(self, base_url: str, api_key: str, timeout: float = 30.0):
        self.base = base_url.rstrip("/") + "/api/ats/v1"
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {api_key}"
        self.timeout = timeout

    def get(self, path: str, params: dict, account_token: str) -> dict:
        headers = {"X-Account-Token": account_token}
        transient, blocked = 0, 0
        while True:
            try:
                r = self.http.get(self.base + path, params=params, headers=headers, timeout=self.timeout)
            except requests.RequestException as exc:
                transient += 1
                if transient > 3:
                    raise AccountFailed(None, "unreachable", str(exc)) from None
                time.sleep(2.0 * transient)
                continue
            if r.status_code == 200:
                self.last_date = r.headers.get("Date")  # Conflux's clock (the host's is not)
                return r.json()
            code = _code(r)
            if r.status_code == 403 and code == "caller_blocked" and blocked < 2:
                blocked += 1  # the whole key is blocked: wait as long as Conflux says, then once more
                time.sleep(_retry_after(r, 60.0) + 0.5)
                continue
            if (r.status_code == 429 or r.status_code >= 500) and transient < 3:
                transient += 1
                time.sleep(_retry_after(r, 2.0 * transient))
                continue
            raise AccountFailed(r.status_code, code, r.text[:200])

    def walk(self, path: str, params: dict, account_token: str) -> Iterator[dict]:
        query = {**params, "page_size": PAGE_SIZE}
        page = self.get(path, query, account_token)
        self.started = self.last_date  # when Conflux answered the first page of this walk
        while True:
            yield from page.get("results") or []
            if not page.get("next"):
                return
            page = self.get(path, {**query, "cursor": page["next"]}, account_token)


def _retry_after(r: requests.Response, default: float) -> float:
    try:
        return max(0.0, float(r.headers.get("Retry-After", "")))
    except ValueError:
        return default
