# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn migrate` (the move) and `python -m conn catchup` (what changed since)."""
from __future__ import annotations

import sys

USAGE = "usage: python -m conn migrate|catchup"


def main(argv: list[str]) -> int:
    if argv not in (["migrate"], ["catchup"]):
        print(USAGE, file=sys.stderr)
        return 2
    from conn import migration

    return migration.migrate() if argv == ["migrate"] else migration.catchup()
