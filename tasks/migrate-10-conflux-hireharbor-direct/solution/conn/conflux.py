# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Conflux unified API (what the store has been fed from): Bearer API key + X-Account-Token."""
from __future__ import annotations

import os

import requests

# the store's linked accounts -> the environment variable holding that account's token
ACCOUNTS = {"acct_helix": "CONFLUX_ACCOUNT_TOKEN", "acct_helix_workwell": "CONFLUX_ACCOUNT_TOKEN_B"}


class Conflux:
    def __init__(self, account_id: str) -> None:
        self.base = os.environ["CONFLUX_BASE_URL"].rstrip("/") + "/api/ats/v1"
        self.session = requests.Session()
        self.session.headers["Authorization"] = "Bearer " + os.environ["CONFLUX_API_KEY"]
        self.session.headers["X-Account-Token"] = os.environ[ACCOUNTS[account_id]]

    def walk(self, path: str, **params):
        params.setdefault("page_size", 100)
        while True:
            r = self.session.get(self.base + path, params=params, timeout=30)
            r.raise_for_status()
            body = r.json()
            yield from body["results"]
            if not body.get("next"):
                return
            params = {**params, "cursor": body["next"]}  # a cursor goes with the same filters
