# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Pipelane API client (HTTP Basic: the API key as user name, empty password)."""
import requests

from conn import config


class PipelaneError(RuntimeError):
    def __init__(self, status: int, body: str):
        super().__init__(f"Pipelane answered {status}: {body[:200]}")
        self.status = status


class Pipelane:
    def __init__(self):
        self.base = config.base_url()
        self.http = requests.Session()
        self.http.auth = (config.api_key(), "")

    def _check(self, r: requests.Response) -> dict:
        if r.status_code >= 400:
            raise PipelaneError(r.status_code, r.text)
        return r.json()

    def get(self, path: str, **params) -> dict:
        return self._check(self.http.get(self.base + path, params=params, timeout=10))

    def post(self, path: str, body: dict, perform_as: str) -> dict:
        return self._check(self.http.post(self.base + path, params={"perform_as": perform_as}, json=body,
                                          timeout=10))

    def add_note(self, opportunity_id: str, text: str, perform_as: str) -> dict:
        return self.post(f"/v1/opportunities/{opportunity_id}/notes", {"value": text}, perform_as)["data"]
