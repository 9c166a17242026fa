# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small ClearCheck API client (X-Api-Key)."""
import requests

from conn import config


class ClearCheck:
    def __init__(self):
        self.http = requests.Session()
        self.http.headers.update({"X-Api-Key": config.api_key(), "Accept": "application/json"})

    def get(self, path: str, params: dict | None = None) -> requests.Response:
        resp = self.http.get(config.base_url() + path, params=params, timeout=30)
        resp.raise_for_status()
        return resp
