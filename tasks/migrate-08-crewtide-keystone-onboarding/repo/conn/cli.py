# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn migrate` (once, the move) and `python -m conn sync-progress`
(daily until cutover day)."""
from __future__ import annotations

import sys

USAGE = "usage: python -m conn migrate|sync-progress"


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in ("migrate", "sync-progress"):
        print(USAGE, file=sys.stderr)
        return 2
    from conn import migration

    return migration.run(argv[0])
