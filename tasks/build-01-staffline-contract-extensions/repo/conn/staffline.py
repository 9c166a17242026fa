# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""StaffLine API access (see STAFFLINE_DOCS_URL)."""
from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    base_url: str
    api_key: str
    api_secret: str

    @classmethod
    def from_env(cls) -> "Config":
        return cls(os.environ["STAFFLINE_BASE_URL"].rstrip("/"), os.environ["STAFFLINE_API_KEY"],
                   os.environ["STAFFLINE_API_SECRET"])


class StaffLine:
    """A client for StaffLine's /v1 API. Every request must be signed (see the docs)."""

    def __init__(self, config: Config):
        self.config = config

    def request(self, method: str, target: str, body: dict | None = None) -> dict:
        raise NotImplementedError("StaffLine client: not written yet")
