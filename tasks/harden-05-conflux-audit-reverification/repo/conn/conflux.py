# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Conflux client for the Greyhollow Greenhouse account: API key plus account token."""
from __future__ import annotations

import os

import requests


class Conflux:
    def __init__(self) -> None:
        self.base = os.environ["CONFLUX_BASE_URL"].rstrip("/") + "/api/ats/v1"
        self.http = requests.Session()
        self.http.headers.update({
            "Authorization": f"Bearer {os.environ['CONFLUX_API_KEY']}",
            "X-Account-Token": os.environ["CONFLUX_ACCOUNT_TOKEN"],
            "Accept": "application/json",
        })

    def candidate(self, conflux_id: str) -> dict | None:
        """The candidate with this Conflux id, or None when Conflux has no such id."""
        resp = self.http.get(f"{self.base}/candidates/{conflux_id}", timeout=30)
        if resp.status_code != 200:
            return None
        return resp.json()

    def candidate_by_remote_id(self, remote_id: str) -> dict | None:
        """The candidate with this Greenhouse id (deleted ones included), or None."""
        resp = self.http.get(f"{self.base}/candidates", timeout=30,
                             params={"remote_id": remote_id, "include_remote_deleted": "true", "page_size": 30})
        if resp.status_code != 200:
            return None
        results = resp.json().get("results") or []
        return results[0] if results else None
