# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Pipelane API access (docs at PIPELANE_DOCS_URL)."""
from __future__ import annotations

from typing import Iterator

from conn.config import Settings


class Pipelane:
    """A client for Pipelane's /v1 API."""

    def __init__(self, settings: Settings):
        self.settings = settings

    def list(self, path: str, params: dict | None = None) -> Iterator[dict]:
        """Every record of a list endpoint, e.g. list("/v1/opportunities")."""
        raise NotImplementedError("Pipelane client: not written yet")
