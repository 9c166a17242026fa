# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Everything comes from the environment the platform gives us (see .ibench/env)."""
import os
from pathlib import Path

HOOK_PATH = "/scoutly/events"  # the one path our gateway forwards, under IB_RECEIVER_URL


def base_url() -> str:
    return os.environ["SCOUTLY_BASE_URL"].rstrip("/")


def api_key() -> str:
    return os.environ["SCOUTLY_API_KEY"]


def webhook_secret() -> str:
    """The signing key Scoutly's account team gave us when they set up our subscription."""
    return os.environ["SCOUTLY_WEBHOOK_SECRET"]


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
    """The accreditation desk reads the board from here."""
    return output_dir() / "accredited.db"
