# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn issue --file <issues.csv>`."""
from __future__ import annotations

import sys

from conn.issue import run_issue

USAGE = "usage: python -m conn issue --file <issues.csv>"


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] != "issue" or argv[1] != "--file":
        print(USAGE, file=sys.stderr)
        return 2
    return run_issue(argv[2])
