# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The 15-minute sync. See TICKET.md."""
from __future__ import annotations

from .config import Settings


def sync(settings: Settings) -> int:
    # TODO: read candidates and applications from Quarry and keep settings.store_path
    # (tables `candidates` and `applications`, see TICKET.md) up to date.
    print("sync: not implemented yet")
    return 0
