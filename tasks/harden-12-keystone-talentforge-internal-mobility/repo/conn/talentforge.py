# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""TalentForge API v2: OAuth2 client credentials, JSON, candidates."""
from __future__ import annotations

import time

import requests


class TalentForgeError(RuntimeError):
    pass


class TalentForge:
    def __init__(self, base_url: str, client_id: str, client_secret: str):
        self.base = base_url.rstrip("/")
        self.client_id = client_id
        self.client_secret = client_secret
        self.http = requests.Session()

    def _token(self) -> str:
        for _ in range(6):
            r = self.http.post(self.base + "/oauth/token", json={
                "grant_type": "client_credentials", "client_id": self.client_id,
                "client_secret": self.client_secret})
            if r.status_code == 200:
                return r.json()["access_token"]
            if r.status_code < 500:
                raise TalentForgeError(f"token: HTTP {r.status_code} {r.text[:200]}")
        raise TalentForgeError("token: gave up")

    def _call(self, method: str, path: str, **kw) -> requests.Response:
        for attempt in range(4):
            headers = {"Authorization": f"Bearer {self._token()}"}
            try:
                r = self.http.request(method, self.base + path, headers=headers, **kw)
            except requests.ConnectionError:
                time.sleep(0.5)
                continue
            if r.status_code >= 500 or r.status_code == 429:
                time.sleep(1)
                continue
            return r
        raise TalentForgeError(f"{method} {path}: gave up")

    def find_by_external_id(self, external_id: str) -> dict | None:
        r = self._call("GET", "/api/v2/candidates", params={"external_id": external_id})
        if r.status_code != 200:
            raise TalentForgeError(f"search {external_id}: HTTP {r.status_code} {r.text[:200]}")
        items = r.json().get("items") or []
        return items[0] if items else None

    def create(self, body: dict) -> dict:
        r = self._call("POST", "/api/v2/candidates", json=body)
        if r.status_code != 201:
            raise TalentForgeError(f"create {body.get('external_id')}: HTTP {r.status_code} {r.text[:200]}")
        return r.json()

    def update(self, cand_id: str, body: dict) -> dict:
        r = self._call("PATCH", f"/api/v2/candidates/{cand_id}", json=body)
        if r.status_code != 200:
            raise TalentForgeError(f"update {cand_id}: HTTP {r.status_code} {r.text[:200]}")
        return r.json()
