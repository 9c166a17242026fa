# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Command line: `python -m conn sync`."""
from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    if argv[:1] != ["sync"] or len(argv) != 1:
        print("usage: python -m conn sync", file=sys.stderr)
        return 2
    from conn import tracker
    return tracker.main()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
