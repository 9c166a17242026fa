# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Pipelane API client (HTTP Basic: the API key as user name, empty password).

Throttles and temporary failures are waited out as Pipelane asks (`Retry-After`, seconds or an
HTTP-date), for every thread at once: a throttle is about the API key, not one request. A write
whose outcome is unknown (no answer, a cut answer, a 5xx) is never repeated here: it raises
`Ambiguous`, and the caller looks first."""
import random
import threading
import time
from email.utils import parsedate_to_datetime

import requests

from conn import config

ATTEMPTS = 8


class PipelaneError(RuntimeError):
    def __init__(self, status: int, body: str):
        super().__init__(f"Pipelane answered {status}: {body[:200]}")
        self.status = status


class Ambiguous(RuntimeError):
    """A write that may or may not have taken effect."""


def retry_after_s(value: str | None) -> float | None:
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


class Pipelane:
    def __init__(self):
        self.base = config.base_url()
        self.local = threading.local()
        self.gate_lock = threading.Lock()
        self.not_before = 0.0

    @property
    def http(self) -> requests.Session:
        s = getattr(self.local, "session", None)
        if s is None:
            s = self.local.session = requests.Session()
            s.auth = (config.api_key(), "")
        return s

    def _wait_gate(self) -> None:
        while True:
            with self.gate_lock:
                delay = self.not_before - time.time()
            if delay <= 0:
                return
            time.sleep(delay)

    def _hold(self, seconds: float) -> None:
        with self.gate_lock:
            self.not_before = max(self.not_before, time.time() + seconds + 0.05)

    def request(self, method: str, path: str, params: dict | None = None, body: dict | None = None) -> dict:
        write = method != "GET"
        for attempt in range(ATTEMPTS):
            self._wait_gate()
            try:
                r = self.http.request(method, self.base + path, params=params, json=body, timeout=10)
                payload = r.json() if r.content else {}
            except (requests.RequestException, ValueError) as exc:
                if write:
                    raise Ambiguous(f"{method} {path}: {exc}") from exc
                time.sleep(min(4.0, 0.3 * 2 ** attempt) + random.random() * 0.1)
                continue
            wait = retry_after_s(r.headers.get("Retry-After"))
            if r.status_code == 429 or (r.status_code >= 500 and wait is not None):
                self._hold(wait if wait is not None else 1.0)
                if r.status_code == 429 or not write:
                    continue  # refused before it was done (429), or a read: safe to send again
                raise Ambiguous(f"{method} {path}: {r.status_code}")
            if r.status_code >= 500:
                if write:
                    raise Ambiguous(f"{method} {path}: {r.status_code}")
                time.sleep(min(4.0, 0.3 * 2 ** attempt))
                continue
            if r.status_code >= 400:
                raise PipelaneError(r.status_code, r.text)
            return payload
        raise PipelaneError(0, f"{method} {path}: gave up after {ATTEMPTS} attempts")

    def get(self, path: str, **params) -> dict:
        return self.request("GET", path, params=params or None)

    def post(self, path: str, body: dict, perform_as: str) -> dict:
        return self.request("POST", path, params={"perform_as": perform_as}, body=body)

    def walk(self, path: str) -> list[dict]:
        out, params = [], {"limit": 100}
        while True:
            page = self.request("GET", path, params=dict(params))
            out += page.get("data", [])
            if not page.get("hasNext"):
                return out
            params["offset"] = page["next"]

    def opportunity(self, opportunity_id: str) -> dict | None:
        try:
            return self.get(f"/v1/opportunities/{opportunity_id}")["data"]
        except PipelaneError as exc:
            if exc.status in (400, 404):
                return None
            raise

    def notes(self, opportunity_id: str) -> list[dict]:
        return self.walk(f"/v1/opportunities/{opportunity_id}/notes")

    def add_note(self, opportunity_id: str, text: str, perform_as: str) -> dict:
        return self.post(f"/v1/opportunities/{opportunity_id}/notes", {"value": text}, perform_as)["data"]
