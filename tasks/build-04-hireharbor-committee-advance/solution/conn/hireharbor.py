# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor API client: Basic auth (key as user name), Link-header pages, writes On-Behalf-Of
a user, pacing by the X-RateLimit headers and waiting out 429s."""
from __future__ import annotations

import email.utils
import time

import requests

from conn.config import Settings


class HireHarborError(RuntimeError):
    def __init__(self, response: requests.Response):
        self.response = response
        self.status = response.status_code
        try:
            body = response.json()
        except ValueError:
            body = {}
        self.body = body if isinstance(body, dict) else {}
        self.code = self.body.get("code")
        super().__init__(f"{response.request.method} {response.url}: {response.status_code} {response.text[:200]}")


def _retry_after_s(value: str | None) -> float:
    if not value:
        return 1.0
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
        return max(0.0, when.timestamp() - time.time())
    except (TypeError, ValueError):
        return 1.0


class HireHarbor:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.base = settings.base_url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.auth = (settings.api_key, "")
        self.session.headers.update({"Accept": "application/json"})

    def _send(self, method: str, url: str, **kw) -> requests.Response:
        for _ in range(8):
            resp = self.session.request(method, url, timeout=self.timeout, **kw)
            if resp.status_code == 429:
                time.sleep(_retry_after_s(resp.headers.get("Retry-After")) + 0.05)
                continue
            # pace ourselves: when the window is used up, wait for it to reset
            if resp.headers.get("X-RateLimit-Remaining") == "0":
                time.sleep(float(resp.headers.get("X-RateLimit-Reset") or 1) + 0.05)
            return resp
        return resp

    def walk(self, path: str, params: dict | None = None) -> list[dict]:
        """Every record of a list: follow Link rel="next" until it is absent."""
        out: list[dict] = []
        resp = self._send("GET", self.base + path, params={**(params or {}), "per_page": 100})
        while True:
            if resp.status_code >= 400:
                raise HireHarborError(resp)
            out.extend(resp.json())
            nxt = resp.links.get("next", {}).get("url")
            if not nxt:
                return out
            resp = self._send("GET", nxt)

    def get(self, path: str):
        resp = self._send("GET", self.base + path)
        if resp.status_code >= 400:
            raise HireHarborError(resp)
        return resp.json()

    def post(self, path: str, body: dict, on_behalf_of: int):
        resp = self._send("POST", self.base + path, json=body, headers={"On-Behalf-Of": str(on_behalf_of)})
        if resp.status_code >= 400:
            raise HireHarborError(resp)
        return resp.json()
