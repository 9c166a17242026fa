# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""StaffLine API access (see STAFFLINE_DOCS_URL).

Every request is signed (X-SL-Key, X-SL-Timestamp, X-SL-Signature) with a timestamp on
StaffLine's clock: the offset to our clock is learned from the `Date` header of every
response and kept in IB_STATE_DIR, so a run normally signs correctly from its first request.
A `401 signature_expired` re-calibrates once; other authentication errors are fatal (we do
not keep knocking with bad credentials).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import random
import sys
import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from urllib.parse import quote

import requests

EMPTY_SHA256 = hashlib.sha256(b"").hexdigest()


class ApiError(RuntimeError):
    """StaffLine answered with an error (status, code) or could not be reached."""

    def __init__(self, message: str, status: int | None = None, code: str | None = None,
                 body: dict | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.body = body or {}


class AuthError(ApiError):
    """Authentication refused for a reason retrying will not fix."""


class TransientError(ApiError):
    """The outcome of a request is unknown (timeout, connection reset, 5xx)."""


@dataclass(frozen=True)
class Config:
    base_url: str
    api_key: str
    api_secret: str

    @classmethod
    def from_env(cls) -> "Config":
        return cls(os.environ["STAFFLINE_BASE_URL"].rstrip("/"), os.environ["STAFFLINE_API_KEY"],
                   os.environ["STAFFLINE_API_SECRET"])


def q(value: str) -> str:
    """Percent-encode a query value so that what we sign is exactly what goes on the wire."""
    return quote(str(value), safe="")


def _log(msg: str) -> None:
    print(f"staffline: {msg}", file=sys.stderr)


class StaffLine:
    """A client for StaffLine's /v1 API."""

    MAX_ATTEMPTS = 6
    MAX_EXPIRED_PER_RUN = 2

    def __init__(self, config: Config, state_dir: str | None = None, timeout: float = 30.0):
        self.config = config
        self.timeout = timeout
        self.session = requests.Session()
        self.state_dir = state_dir if state_dir is not None else os.environ.get("IB_STATE_DIR")
        self.offset = self._load_offset()  # StaffLine's clock minus ours, seconds
        self.expired_seen = 0

    # ---- clock -------------------------------------------------------------------------
    def _clock_path(self) -> str | None:
        return os.path.join(self.state_dir, "staffline_clock.json") if self.state_dir else None

    def _load_offset(self) -> float:
        path = self._clock_path()
        if not path:
            return 0.0
        try:
            with open(path, encoding="utf-8") as fh:
                return float(json.load(fh)["offset"])
        except (OSError, ValueError, KeyError, TypeError):
            return 0.0

    def save_clock(self) -> None:
        path = self._clock_path()
        if not path:
            return
        try:
            os.makedirs(self.state_dir, exist_ok=True)
            with open(path + ".tmp", "w", encoding="utf-8") as fh:
                json.dump({"offset": self.offset}, fh)
            os.replace(path + ".tmp", path)
        except OSError as exc:  # not fatal: we just calibrate again next time
            _log(f"could not save the clock offset: {exc}")

    def _learn_clock(self, resp: requests.Response) -> None:
        date = resp.headers.get("Date")
        if not date:
            return
        try:
            server = parsedate_to_datetime(date).timestamp()
        except (TypeError, ValueError):
            return
        # The Date header has one-second resolution; only move when we are clearly off.
        new = server - time.time()
        if abs(new - self.offset) > 2:
            self.offset = new

    def server_now(self) -> int:
        return int(time.time() + self.offset)

    # ---- signing -----------------------------------------------------------------------
    def _headers(self, method: str, target: str, body: bytes) -> dict:
        ts = str(self.server_now())
        canonical = "\n".join([ts, method, target, hashlib.sha256(body).hexdigest()])
        sig = hmac.new(self.config.api_secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        headers = {"X-SL-Key": self.config.api_key, "X-SL-Timestamp": ts, "X-SL-Signature": sig,
                   "Accept": "application/json"}
        if body:
            headers["Content-Type"] = "application/json"
        return headers

    # ---- transport ---------------------------------------------------------------------
    @staticmethod
    def _retry_after(resp: requests.Response, default: float) -> float:
        value = resp.headers.get("Retry-After")
        if value:
            value = value.strip()
            try:
                return max(0.0, float(value))
            except ValueError:
                try:
                    when = parsedate_to_datetime(value).timestamp()
                    # An HTTP date is on StaffLine's clock (the answer's Date header).
                    date = resp.headers.get("Date")
                    now = parsedate_to_datetime(date).timestamp() if date else time.time()
                    return max(0.0, when - now)
                except (TypeError, ValueError):
                    pass
        return default

    def _send(self, method: str, target: str, body: bytes) -> requests.Response:
        url = self.config.base_url + target
        req = requests.Request(method, url, data=body if body else None,
                               headers=self._headers(method, target, body))
        prepared = self.session.prepare_request(req)
        prepared.url = url  # send exactly the target we signed (no re-encoding)
        return self.session.send(prepared, timeout=self.timeout)

    def request(self, method: str, target: str, body: dict | None = None,
                retry_transient: bool = True) -> dict:
        """One signed request; returns the parsed JSON body of a 2xx answer.

        Retries 429 (after Retry-After) always. Timeouts, connection errors and 5xx are retried
        only when `retry_transient` (reads); otherwise TransientError is raised so the caller can
        check the record before repeating a write.
        """
        data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()  # once
        attempt = 0
        while True:
            attempt += 1
            try:
                resp = self._send(method, target, data)
            except requests.RequestException as exc:
                if retry_transient and attempt < self.MAX_ATTEMPTS:
                    self._backoff(attempt)
                    continue
                raise TransientError(f"{method} {target}: {exc.__class__.__name__}: {exc}") from exc
            self._learn_clock(resp)
            status = resp.status_code
            if 200 <= status < 300:
                self._respect_window(resp)
                try:
                    return resp.json() if resp.content else {}
                except ValueError as exc:
                    if retry_transient and attempt < self.MAX_ATTEMPTS:
                        self._backoff(attempt)
                        continue
                    raise TransientError(f"{method} {target}: unreadable answer") from exc
            payload = self._error_payload(resp)
            code = payload.get("code")
            if status == 401:
                if code == "signature_expired" and self.expired_seen < self.MAX_EXPIRED_PER_RUN:
                    # _learn_clock already re-synchronised from this answer's Date header.
                    self.expired_seen += 1
                    _log(f"signature expired; re-synchronised clock (offset {self.offset:+.0f}s)")
                    continue
                raise AuthError(f"{method} {target}: 401 {code}: {payload.get('message')}",
                                status, code, payload)
            if status == 429:
                if attempt < self.MAX_ATTEMPTS * 3:
                    wait = self._retry_after(resp, 5.0)
                    _log(f"rate limited; waiting {wait:.1f}s")
                    time.sleep(wait + 0.05)
                    continue
                raise ApiError(f"{method} {target}: still rate limited", status, code, payload)
            if status >= 500:
                if retry_transient and attempt < self.MAX_ATTEMPTS:
                    self._backoff(attempt, self._retry_after(resp, 0.0))
                    continue
                raise TransientError(f"{method} {target}: {status} {code}", status, code, payload)
            raise ApiError(f"{method} {target}: {status} {code}: {payload.get('message')}",
                           status, code, payload)

    @staticmethod
    def _error_payload(resp: requests.Response) -> dict:
        try:
            err = resp.json().get("error")
            return err if isinstance(err, dict) else {}
        except (ValueError, AttributeError):
            return {}

    @staticmethod
    def _backoff(attempt: int, at_least: float = 0.0) -> None:
        time.sleep(max(at_least, min(30.0, 0.5 * 2 ** (attempt - 1)) * (0.5 + random.random() / 2)))

    def _respect_window(self, resp: requests.Response) -> None:
        remaining = resp.headers.get("X-RateLimit-Remaining")
        reset = resp.headers.get("X-RateLimit-Reset")
        try:
            if remaining is not None and int(remaining) <= 0 and reset is not None:
                wait = float(reset)
                if 0 < wait <= 120:
                    _log(f"rate-limit window spent; waiting {wait:.0f}s")
                    time.sleep(wait)
        except ValueError:
            pass

    # ---- resources ---------------------------------------------------------------------
    def placement_by_external_ref(self, external_ref: str) -> dict | None:
        page = self.request("GET", f"/v1/placements?external_ref={q(external_ref)}")
        # external_ref is unique; keep only an exact match, to be safe.
        matches = [p for p in page.get("data") or [] if p.get("external_ref") == external_ref]
        return matches[0] if matches else None

    def get_placement(self, placement_id: int) -> dict:
        return self.request("GET", f"/v1/placements/{int(placement_id)}")["data"]

    def patch_placement(self, placement_id: int, fields: dict) -> dict:
        """PATCH once, without blind repeats (the caller decides after checking the record)."""
        return self.request("PATCH", f"/v1/placements/{int(placement_id)}", fields,
                            retry_transient=False)["data"]
