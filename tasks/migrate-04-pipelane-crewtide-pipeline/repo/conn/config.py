# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Settings from the environment (see .ibench/env for the values used while developing)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    pipelane_url: str
    pipelane_key: str
    crewtide_url: str
    crewtide_key: str
    output_dir: Path
    state_dir: Path


def load() -> Settings:
    try:
        return Settings(
            pipelane_url=os.environ["PIPELANE_BASE_URL"].rstrip("/"),
            pipelane_key=os.environ["PIPELANE_API_KEY"],
            crewtide_url=os.environ["CREWTIDE_BASE_URL"].rstrip("/"),
            crewtide_key=os.environ["CREWTIDE_API_KEY"],
            output_dir=Path(os.environ.get("IB_OUTPUT_DIR", "output")),
            state_dir=Path(os.environ.get("IB_STATE_DIR", "state")),
        )
    except KeyError as exc:
        raise SystemExit(f"missing environment variable {exc.args[0]}") from None
