# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The move week's webhook receiver (TalentForge -> Pipelane stage changes)."""
from __future__ import annotations

import sys


def serve(stage_map: str) -> int:
    print("serve: not implemented yet", file=sys.stderr)
    return 1
