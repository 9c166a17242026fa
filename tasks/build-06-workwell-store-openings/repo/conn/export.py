# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The morning export. See TICKET.md."""
from __future__ import annotations

from .config import Settings


def export(settings: Settings) -> int:
    # TODO: read the store jobs and their applicants from Workwell and write
    # settings.feed_path (columns: config.FEED_COLUMNS, see TICKET.md).
    raise NotImplementedError("export: not implemented yet")
