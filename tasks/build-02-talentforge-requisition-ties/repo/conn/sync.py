# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The hourly sync. See TICKET.md."""
from __future__ import annotations

from .config import Settings


def sync(settings: Settings) -> int:
    # TODO: read requisitions and applications from TalentForge and upsert them into
    # settings.store_path (tables `requisitions` and `applications`, see TICKET.md).
    print("sync: not implemented yet")
    return 0
