# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Crewtide -> Keystone onboarding move. See TICKET.md for HR's rules.

State the job keeps between runs belongs in IB_STATE_DIR (it survives from one run to the next)."""
from __future__ import annotations

import sys


def migrate() -> int:
    """Cutover preparation: every onboarding in progress into Keystone (once)."""
    print("migrate: not implemented yet", file=sys.stderr)
    return 1


def sync_progress() -> int:
    """Daily until cutover day: carry Crewtide's checklist progress into Keystone."""
    print("sync-progress: not implemented yet", file=sys.stderr)
    return 1


def run(command: str) -> int:
    return migrate() if command == "migrate" else sync_progress()
