# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Settings from the environment (see .ibench/env for the values used while developing)."""
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    base_url: str
    api_key: str
    output_dir: Path
    state_dir: Path


def load() -> Settings:
    try:
        return Settings(
            base_url=os.environ["CREWTIDE_BASE_URL"].rstrip("/"),
            api_key=os.environ["CREWTIDE_API_KEY"],
            output_dir=Path(os.environ.get("IB_OUTPUT_DIR", "output")),
            state_dir=Path(os.environ.get("IB_STATE_DIR", "state")),
        )
    except KeyError as exc:
        raise SystemExit(f"missing environment variable {exc.args[0]}") from None
