# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Benchline -> Placemint move. See TICKET.md for the rules.

State the job keeps between runs belongs in IB_STATE_DIR; the verify report goes to
IB_OUTPUT_DIR/verify_report.csv."""
from __future__ import annotations

import sys

from conn.config import Settings


def migrate(settings: Settings) -> int:
    """The backfill: every placement finance needs, with its fee schedule."""
    print("migrate: not implemented yet", file=sys.stderr)
    return 1


def catchup(settings: Settings) -> int:
    """Carry over what recruiters changed in Benchline since the backfill began."""
    print("catchup: not implemented yet", file=sys.stderr)
    return 1


def verify(settings: Settings) -> int:
    """Compare Placemint with Benchline and write the report."""
    print("verify: not implemented yet", file=sys.stderr)
    return 1


def run(command: str) -> int:
    settings = Settings.from_env()
    return {"migrate": migrate, "catchup": catchup, "verify": verify}[command](settings)
