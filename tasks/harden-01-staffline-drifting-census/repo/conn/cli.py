# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn census`."""
from __future__ import annotations

import sys

from conn.census import run_census

USAGE = "usage: python -m conn census"


def main(argv: list[str]) -> int:
    if argv[:1] != ["census"]:
        print(USAGE, file=sys.stderr)
        return 2
    return run_census()
