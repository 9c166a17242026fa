# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Jobsmith API access (docs at JOBSMITH_DOCS_URL)."""
from __future__ import annotations

from conn.config import Settings


class Jobsmith:
    """A client for Jobsmith's /v1 API."""

    def __init__(self, settings: Settings):
        self.settings = settings

    def get(self, path: str, params: dict | None = None):
        raise NotImplementedError("Jobsmith client: not written yet")
