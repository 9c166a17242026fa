# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The StaffLine -> Placemint move. See TICKET.md for the rules.

State the job keeps between runs belongs in IB_STATE_DIR; the crosswalk goes to
IB_OUTPUT_DIR/crosswalk.csv."""
from __future__ import annotations

import os
import sys


def state_dir() -> str:
    return os.environ["IB_STATE_DIR"]


def output_dir() -> str:
    return os.environ["IB_OUTPUT_DIR"]


def migrate() -> int:
    """Backfill every in-scope placement (safe to run again)."""
    print("migrate: not implemented yet", file=sys.stderr)
    return 1


def delta() -> int:
    """Cutover night: carry over what changed in StaffLine since the last run."""
    print("delta: not implemented yet", file=sys.stderr)
    return 1


def run(command: str) -> int:
    return migrate() if command == "migrate" else delta()
