# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Everything comes from the environment the platform gives us (see .ibench/env)."""
import os
from pathlib import Path

HOOK_PATH = "/scoutly/events"  # where the receiver takes Scoutly's calls, under IB_RECEIVER_URL


def base_url() -> str:
    return os.environ["SCOUTLY_BASE_URL"].rstrip("/")


def api_key() -> str:
    return os.environ["SCOUTLY_API_KEY"]


def receiver_port() -> int:
    return int(os.environ["IB_RECEIVER_PORT"])


def receiver_url() -> str:
    """The public URL that reaches `serve` (a new one on every deployment)."""
    return os.environ["IB_RECEIVER_URL"].rstrip("/")


def state_dir() -> Path:
    return Path(os.environ.get("IB_STATE_DIR", "."))


def output_dir() -> Path:
    return Path(os.environ.get("IB_OUTPUT_DIR", "."))


def board_file() -> Path:
    """The new-hires board reads its rows from here."""
    return output_dir() / "hires.db"
