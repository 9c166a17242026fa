# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The Pipelane -> Crewtide move. See TICKET.md for the rules.

Anything the job keeps between runs belongs in IB_STATE_DIR; the stage report goes to
IB_OUTPUT_DIR/stage_report.csv."""
from __future__ import annotations

import sys


def migrate(stage_map: str, posting_map: str) -> int:
    print("migrate: not implemented yet", file=sys.stderr)
    return 1
