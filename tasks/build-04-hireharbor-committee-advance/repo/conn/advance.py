# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The weekly job: move the applications the search committees approved to Campus Visit."""
from __future__ import annotations

from pathlib import Path

from conn import config
from conn.sheets import load_committees, load_votes


def run(votes_path: str, committees_path: str | None = None) -> int:
    settings = config.load()
    committees = load_committees(Path(committees_path) if committees_path else config.DEFAULT_COMMITTEES)
    votes = load_votes(Path(votes_path))
    print(f"advance: {len(votes)} votes, {len(committees)} committees; not implemented yet "
          f"(HireHarbor at {settings.base_url})")
    raise NotImplementedError("advance is not implemented yet")
