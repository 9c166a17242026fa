# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""StaffLine API access: HMAC-signed requests on StaffLine's clock.

Every request is signed over `ts\\nMETHOD\\npath?query\\nsha256(body)` with the exact bytes sent.
The timestamp must be within 300 s of StaffLine's clock, which need not agree with ours: the
offset is learned from the `Date` header of the first answer (and re-learned after a
`signature_expired`)."""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime

import requests


@dataclass(frozen=True)
class Config:
    base_url: str
    api_key: str
    api_secret: str

    @classmethod
    def from_env(cls) -> "Config":
        return cls(os.environ["STAFFLINE_BASE_URL"].rstrip("/"), os.environ["STAFFLINE_API_KEY"],
                   os.environ["STAFFLINE_API_SECRET"])


class ApiError(RuntimeError):
    def __init__(self, status: int | None, code: str, message: str):
        super().__init__(f"{status} {code}: {message}")
        self.status, self.code = status, code


def _error_code(resp: requests.Response) -> str:
    try:
        return resp.json()["error"]["code"]
    except (ValueError, KeyError, TypeError):
        return ""


class StaffLine:
    def __init__(self, config: Config):
        self.config = config
        self.offset = 0.0  # StaffLine's clock minus ours, in seconds
        self.calibrated = False
        self.session = requests.Session()

    def server_now(self) -> int:
        return int(time.time() + self.offset)

    def _learn_clock(self, resp: requests.Response) -> None:
        date = resp.headers.get("Date")
        if date:
            self.offset = parsedate_to_datetime(date).timestamp() - time.time()
            self.calibrated = True

    def _headers(self, method: str, target: str, data: bytes, ts: int) -> dict:
        canonical = "\n".join([str(ts), method, target, hashlib.sha256(data).hexdigest()])
        sig = hmac.new(self.config.api_secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        headers = {"X-SL-Key": self.config.api_key, "X-SL-Timestamp": str(ts), "X-SL-Signature": sig,
                   "Accept": "application/json"}
        if data:
            headers["Content-Type"] = "application/json"
        return headers

    def request(self, method: str, target: str, body: dict | None = None) -> requests.Response:
        """Send one signed request; `target` is the path and query exactly as sent."""
        method = method.upper()
        data = b"" if body is None else json.dumps(body, separators=(",", ":")).encode()  # serialised once
        expired = 0
        for attempt in range(8):
            ts = self.server_now()
            try:
                resp = self.session.request(method, self.config.base_url + target, data=data or None,
                                            headers=self._headers(method, target, data, ts), timeout=30)
            except requests.RequestException as exc:
                if method != "GET" or attempt >= 4:
                    raise ApiError(None, "transport", str(exc)) from None
                time.sleep(min(2 ** attempt, 8))
                continue
            if not self.calibrated:
                self._learn_clock(resp)
            if resp.status_code == 401 and _error_code(resp) == "signature_expired" and expired < 2:
                expired += 1
                self._learn_clock(resp)
                continue
            if resp.status_code == 429 or (resp.status_code >= 500 and method == "GET"):
                time.sleep(_retry_after(resp))
                continue
            return resp
        return resp

    def get(self, target: str) -> dict:
        resp = self.request("GET", target)
        if resp.status_code != 200:
            raise ApiError(resp.status_code, _error_code(resp), resp.text[:300])
        return resp.json()


def _retry_after(resp: requests.Response) -> float:
    value = resp.headers.get("Retry-After", "1")
    try:
        return max(0.0, float(value))
    except ValueError:
        try:
            return max(0.0, parsedate_to_datetime(value).timestamp() - parsedate_to_datetime(resp.headers["Date"]).timestamp())
        except (KeyError, TypeError, ValueError):
            return 5.0
