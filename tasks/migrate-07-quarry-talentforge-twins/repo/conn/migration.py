# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Quarry -> TalentForge move. See TICKET.md for the rules.

State the job keeps between runs belongs in IB_STATE_DIR; the merge report goes to
IB_OUTPUT_DIR/merge_report.csv."""
from __future__ import annotations

import sys

from conn.config import Settings


def migrate() -> int:
    """Bring Brisa's open pipeline over (safe to run again)."""
    Settings.from_env()
    print("migrate: not implemented yet", file=sys.stderr)
    return 1


def catchup() -> int:
    """Bring over what changed in Quarry since the move (safe to run again)."""
    Settings.from_env()
    print("catchup: not implemented yet", file=sys.stderr)
    return 1
