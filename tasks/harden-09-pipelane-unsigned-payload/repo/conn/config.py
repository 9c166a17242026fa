# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things live: everything comes from the environment the platform gives us."""
import os
from pathlib import Path

HOOK_PATH = "/pipelane/webhooks"  # the only path our gateway forwards to the training desk
NOTE_TEXT = "Forklift training booked"


def base_url() -> str:
    return os.environ["PIPELANE_BASE_URL"].rstrip("/")


def api_key() -> str:
    return os.environ["PIPELANE_API_KEY"]


def webhook_secret() -> str:
    return os.environ["PIPELANE_WEBHOOK_SECRET"]


def training_bot() -> str:
    """The Pipelane user our bookings are written as (the `Training Bot` service account)."""
    return os.environ["PIPELANE_TRAINING_BOT"]


def state_dir() -> Path:
    path = Path(os.environ.get("IB_STATE_DIR", "."))
    path.mkdir(parents=True, exist_ok=True)
    return path


def output_dir() -> Path:
    path = Path(os.environ.get("IB_OUTPUT_DIR", "."))
    path.mkdir(parents=True, exist_ok=True)
    return path


def receiver_port() -> int:
    return int(os.environ.get("IB_RECEIVER_PORT", "8099"))


def receiver_url() -> str:
    return os.environ["IB_RECEIVER_URL"].rstrip("/")


def training_file() -> Path:
    return output_dir() / "training.db"


def tokens_file() -> Path:
    return state_dir() / "handled_tokens.json"
