# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn migrate` (the backfill), `python -m conn catchup` (what
changed in Benchline since the backfill began) and `python -m conn verify` (the report)."""
from __future__ import annotations

import sys

COMMANDS = ("migrate", "catchup", "verify")
USAGE = "usage: python -m conn migrate|catchup|verify"


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print(USAGE, file=sys.stderr)
        return 2
    from conn import migration

    return migration.run(argv[0])
