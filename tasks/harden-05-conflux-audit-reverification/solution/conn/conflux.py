# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Conflux client for the Greyhollow Greenhouse account: API key plus account token,
cursor walks, and the etiquette Conflux's docs ask for: a failing request is not retried unchanged
(400/401/404 are answers), a 5xx or a dropped connection is retried after a backoff, a throttle
(429) or a block (403 caller_blocked) is waited out for as long as its Retry-After says."""
from __future__ import annotations

import os
import time
from email.utils import parsedate_to_datetime

import requests

PAGE_SIZE = 100
MAX_ATTEMPTS = 8


class ConfluxError(Exception):
    """Conflux could not be read (a refusal, or failures past the retry budget)."""


def retry_after_seconds(value: str | None, default: float = 5.0) -> float:
    """Retry-After as delta-seconds or an HTTP-date."""
    if not value or not value.strip():
        return default
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return default
    return default if when is None else max(0.0, when.timestamp() - time.time())


def _code(resp: requests.Response) -> str:
    try:
        body = resp.json()
    except ValueError:
        return ""
    if isinstance(body, dict):
        if isinstance(body.get("error"), dict):
            return str(body["error"].get("code") or "")
        errors = body.get("errors")
        if isinstance(errors, list) and errors and isinstance(errors[0], dict):
            return str(errors[0].get("code") or "")
    return ""


class Conflux:
    def __init__(self) -> None:
        self.base = os.environ["CONFLUX_BASE_URL"].rstrip("/") + "/api/ats/v1"
        self.http = requests.Session()
        self.http.headers.update({
            "Authorization": f"Bearer {os.environ['CONFLUX_API_KEY']}",
            "X-Account-Token": os.environ["CONFLUX_ACCOUNT_TOKEN"],
            "Accept": "application/json",
        })

    def get(self, path: str, params: dict | None = None) -> dict:
        backoff, last = 1.0, "no answer"
        for _attempt in range(MAX_ATTEMPTS):
            try:
                resp = self.http.get(self.base + path, params=params, timeout=30)
            except requests.RequestException as exc:
                last = f"{type(exc).__name__}: {exc}"
                time.sleep(backoff)
                backoff = min(backoff * 2, 30.0)
                continue
            if resp.status_code == 200:
                try:
                    return resp.json()
                except ValueError:
                    last = "200 with a body that is not JSON"
            elif resp.status_code == 429 or (resp.status_code == 403 and _code(resp) == "caller_blocked"):
                last = f"{resp.status_code} {_code(resp)}"
                time.sleep(retry_after_seconds(resp.headers.get("Retry-After")) + 0.2)
                continue
            elif resp.status_code >= 500:
                last = f"{resp.status_code}"
            else:
                raise ConfluxError(f"GET {path}: {resp.status_code} {resp.text[:200]}")
            time.sleep(backoff)
            backoff = min(backoff * 2, 30.0)
        raise ConfluxError(f"GET {path}: gave up after {MAX_ATTEMPTS} attempts ({last})")

    def walk(self, path: str, params: dict | None = None):
        """Every record of a list; a cursor goes back with the same parameters."""
        query = {"page_size": PAGE_SIZE, **(params or {})}
        page = self.get(path, query)
        while True:
            yield from page.get("results") or []
            if not page.get("next"):
                return
            page = self.get(path, {**query, "cursor": page["next"]})

    def all_candidates(self) -> list[dict]:
        """Every candidate of the account, those deleted in Greenhouse included: the account's own
        setting leaves them out of lists that do not ask for them (account-details)."""
        return list(self.walk("/candidates", {"include_remote_deleted": "true"}))
