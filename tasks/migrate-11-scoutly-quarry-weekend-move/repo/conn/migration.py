# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The weekend move, Scoutly -> Quarry. See TICKET.md for the rules.

State the job keeps between runs belongs in IB_STATE_DIR; the id map goes to
IB_OUTPUT_DIR/id_map.csv; materials/job_map.csv says which Quarry job takes which Scoutly job."""
from __future__ import annotations

import sys


def migrate() -> int:
    """Move every candidate, application and screening answer (safe to run again)."""
    print("migrate: not implemented yet", file=sys.stderr)
    return 1
