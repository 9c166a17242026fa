# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The hourly provisioning run. See TICKET.md."""
from __future__ import annotations

from .config import Settings


def provision(settings: Settings) -> int:
    # TODO: read Workwell's hires, create or update their Keystone employees, and write
    # settings.log_path (columns: config.LOG_COLUMNS, see TICKET.md).
    raise NotImplementedError("provision: not implemented yet")
