# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The ten-minute roster poll. See TICKET.md."""
from __future__ import annotations

from .config import Settings


def poll(settings: Settings) -> int:
    # TODO: log in to Benchline, bring the roster up to date and write settings.roster_path
    # (columns in TICKET.md). The previous contractor's attempt at Benchline's login never worked,
    # so nothing of it is kept here.
    print("poll: not implemented yet")
    return 0
