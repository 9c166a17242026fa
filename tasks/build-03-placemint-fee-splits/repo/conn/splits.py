# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly job: split invoiced fees between the partners on the credit sheet."""
from __future__ import annotations

from pathlib import Path

from conn import config


def post_splits(credit_sheet: str | None = None) -> int:
    settings = config.load()
    sheet = Path(credit_sheet) if credit_sheet else config.DEFAULT_CREDIT_SHEET
    print(f"post-splits: not implemented yet (Placemint at {settings.base_url}, credit sheet {sheet})")
    return 0
