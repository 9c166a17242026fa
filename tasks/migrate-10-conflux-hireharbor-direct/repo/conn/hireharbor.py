# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor API access (new): HTTP Basic with the API key as the user name."""
from __future__ import annotations

import os

import requests


class HireHarbor:
    def __init__(self) -> None:
        self.base = os.environ["HIREHARBOR_BASE_URL"].rstrip("/")
        self.session = requests.Session()
        self.session.auth = (os.environ["HIREHARBOR_API_KEY"], "")

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        return self.session.request(method, self.base + path, timeout=30, **kwargs)
