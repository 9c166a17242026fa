# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Everything comes from the environment the platform gives us (see .ibench/env)."""
import os
from pathlib import Path


def base_url() -> str:
    return os.environ["SCOUTLY_BASE_URL"].rstrip("/")


def api_key() -> str:
    return os.environ["SCOUTLY_API_KEY"]


def state_dir() -> Path:
    return Path(os.environ.get("IB_STATE_DIR", "."))


def output_dir() -> Path:
    return Path(os.environ.get("IB_OUTPUT_DIR", "."))


def snapshot_file() -> Path:
    """Workforce planning reads the snapshot from here."""
    return output_dir() / "snapshot.db"
