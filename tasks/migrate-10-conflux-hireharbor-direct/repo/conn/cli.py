# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn sync` (nightly), `python -m conn rekey` (once, the switch-over)."""
from __future__ import annotations

import sys

USAGE = "usage: python -m conn sync | rekey"


def main(argv: list[str]) -> int:
    if argv == ["sync"]:
        from conn import sync

        return sync.run()
    if argv == ["rekey"]:
        print("rekey: not implemented yet", file=sys.stderr)
        return 1
    print(USAGE, file=sys.stderr)
    return 2
