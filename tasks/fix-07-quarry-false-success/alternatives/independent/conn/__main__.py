# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`python -m conn sync` — the nightly snapshot for the interview-loop planner."""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    if argv[:1] != ["sync"]:
        print("usage: python -m conn sync", file=sys.stderr)
        return 2
    missing = [k for k in ("QUARRY_BASE_URL", "QUARRY_API_KEY", "IB_OUTPUT_DIR") if not os.environ.get(k)]
    if missing:
        print(f"missing environment: {', '.join(missing)}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    from .snapshot import take

    return take(os.environ["QUARRY_BASE_URL"], os.environ["QUARRY_API_KEY"], Path(os.environ["IB_OUTPUT_DIR"]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
