# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`python -m conn rekey` | `python -m conn sync` (independent alternative: stdlib HTTP, paced)."""
from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    from conn import job

    if argv == ["rekey"]:
        return job.rekey()
    if argv == ["sync"]:
        return job.sync()
    print("usage: python -m conn sync | rekey", file=sys.stderr)
    return 2
