# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Everything comes from the environment the scheduler gives us (see .ibench/env)."""
from __future__ import annotations

import os
from pathlib import Path


def need(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise SystemExit(f"missing environment: {name} (see .ibench/env)")
    return value


def state_dir() -> Path:
    path = Path(os.environ.get("IB_STATE_DIR", "."))
    path.mkdir(parents=True, exist_ok=True)
    return path


def output_dir() -> Path:
    path = Path(os.environ.get("IB_OUTPUT_DIR", "."))
    path.mkdir(parents=True, exist_ok=True)
    return path


def materials_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "materials"
