# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""StaffLine API client: signed requests (X-SL-Key, X-SL-Timestamp, X-SL-Signature) on
StaffLine's clock, learned from the Date header of every answer (and kept in IB_STATE_DIR so
the next night signs correctly from its first request)."""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import random
import time
from email.utils import parsedate_to_datetime

import requests


class ApiError(RuntimeError):
    pass


def _http_date(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError, IndexError):
        return None


class StaffLine:
    MAX_ATTEMPTS = 8
    MAX_EXPIRED = 2  # signature_expired answers we accept per run before giving up

    def __init__(self) -> None:
        self.base = os.environ["STAFFLINE_BASE_URL"].rstrip("/")
        self.key = os.environ["STAFFLINE_API_KEY"]
        self.secret = os.environ["STAFFLINE_API_SECRET"]
        self.state_dir = os.environ.get("IB_STATE_DIR")
        self.offset = self._load_offset()  # StaffLine's clock minus ours, seconds
        self.expired = 0
        self.last_server_time: float | None = None  # StaffLine's time of the latest answer
        self.first_server_time: float | None = None  # ... and of the run's first answer
        self.session = requests.Session()

    # ---- clock -------------------------------------------------------------------------
    def _clock_path(self) -> str | None:
        return os.path.join(self.state_dir, "staffline_clock.json") if self.state_dir else None

    def _load_offset(self) -> float:
        path = self._clock_path()
        try:
            with open(path, encoding="utf-8") as fh:  # type: ignore[arg-type]
                return float(json.load(fh)["offset"])
        except (OSError, TypeError, ValueError, KeyError):
            return 0.0

    def save_clock(self) -> None:
        path = self._clock_path()
        if not path:
            return
        try:
            with open(path + ".tmp", "w", encoding="utf-8") as fh:
                json.dump({"offset": self.offset}, fh)
            os.replace(path + ".tmp", path)
        except OSError:
            pass

    def server_now(self) -> int:
        """StaffLine's current time, epoch seconds."""
        return int(time.time() + self.offset)

    def _learn_clock(self, resp: requests.Response) -> None:
        server = _http_date(resp.headers.get("Date"))
        if server is None:
            return
        self.last_server_time = server
        if self.first_server_time is None:
            self.first_server_time = server
        new = server - time.time()
        if abs(new - self.offset) > 2:  # Date has one-second resolution
            self.offset = new

    # ---- requests ----------------------------------------------------------------------
    def _sign(self, method: str, target: str, body: bytes, ts: str) -> str:
        canonical = "\n".join([ts, method, target, hashlib.sha256(body).hexdigest()])
        return hmac.new(self.secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()

    @staticmethod
    def _retry_after(resp: requests.Response, default: float) -> float:
        value = (resp.headers.get("Retry-After") or "").strip()
        if value:
            try:
                return max(0.0, float(value))
            except ValueError:
                when = _http_date(value)
                if when is not None:  # an HTTP date, on StaffLine's clock
                    now = _http_date(resp.headers.get("Date")) or time.time()
                    return max(0.0, when - now)
        return default

    @staticmethod
    def _code(resp: requests.Response) -> str | None:
        try:
            return (resp.json().get("error") or {}).get("code")
        except (ValueError, AttributeError):
            return None

    def get(self, target: str) -> dict:
        """GET a path-and-query (e.g. `/v1/candidates?start=0&count=200`) and return the JSON."""
        attempt = 0
        while True:
            attempt += 1
            ts = str(self.server_now())
            headers = {"X-SL-Key": self.key, "X-SL-Timestamp": ts,
                       "X-SL-Signature": self._sign("GET", target, b"", ts), "Accept": "application/json"}
            try:
                resp = self.session.get(self.base + target, headers=headers, timeout=30)
            except requests.RequestException as exc:
                if attempt >= self.MAX_ATTEMPTS:
                    raise ApiError(f"GET {target}: {exc}") from exc
                time.sleep(min(2 ** attempt, 30) * (0.5 + random.random() / 2))
                continue
            self._learn_clock(resp)
            if resp.status_code == 200:
                try:
                    return resp.json()
                except ValueError:
                    if attempt >= self.MAX_ATTEMPTS:
                        raise ApiError(f"GET {target}: unreadable answer")
                    continue
            code = self._code(resp)
            if resp.status_code == 401:
                if code == "signature_expired" and self.expired < self.MAX_EXPIRED:
                    self.expired += 1  # the clock was just re-learned from this answer
                    continue
                raise ApiError(f"GET {target}: 401 {code}")  # never hammer with bad credentials
            if resp.status_code == 429:
                if attempt >= self.MAX_ATTEMPTS * 3:
                    raise ApiError(f"GET {target}: still rate limited")
                time.sleep(self._retry_after(resp, 5.0) + 0.05)
                continue
            if resp.status_code >= 500:
                if attempt >= self.MAX_ATTEMPTS:
                    raise ApiError(f"GET {target}: {resp.status_code}")
                time.sleep(max(self._retry_after(resp, 0.0),
                               min(2 ** attempt, 30) * (0.5 + random.random() / 2)))
                continue
            raise ApiError(f"GET {target}: {resp.status_code} {resp.text[:200]}")

    def walk(self, path: str, params: str = "", count: int = 200):
        """Every record of an id-ordered list endpoint, page by page (`start`/`count`).

        Offsets are positions: a record deleted behind us shifts the rest back, so each page
        re-reads the last record of the previous one. If that record's id is no longer at or
        before the page's first position, we step back until it is, so nothing is skipped.
        """
        sep = "&" if params else ""
        pos = 0  # position just after the last record read
        last_id = None
        while True:
            start = max(0, pos - 1) if last_id is not None else pos
            while True:
                page = self.get(f"{path}?{params}{sep}start={start}&count={count}")
                data = page.get("data") or []
                if last_id is None or start == 0 or (data and data[0]["id"] <= last_id):
                    break
                start = max(0, start - count)  # list shrank behind us: step back
            fresh = [r for r in data if last_id is None or r["id"] > last_id]
            yield from fresh
            if fresh:
                last_id = fresh[-1]["id"]
            pos = start + len(data)
            if not data or pos >= int(page.get("total", 0)):
                return

    def walk_feed(self, path: str, params: str = "", count: int = 200):
        """An append-only feed (the tombstones): positions do not move, just page through."""
        sep = "&" if params else ""
        start = 0
        while True:
            page = self.get(f"{path}?{params}{sep}start={start}&count={count}")
            data = page.get("data") or []
            yield from data
            start += len(data)
            if not data or start >= int(page.get("total", 0)):
                return
